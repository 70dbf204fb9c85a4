"""The site generator: rules pages, tables and widgets from the engine (see registry.py)."""
