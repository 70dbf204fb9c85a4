"""ESTRO rules engine: every ruling readable, runnable and checked.

Pure Python, no dependencies. Each protocol is a module with its rulebook
(:mod:`estro_rules.protocol07`); :mod:`estro_rules.scenarios` runs scenarios of
every kind; the command line and the browser widgets call that same API.
"""

from .errors import EstroError, ScenarioError
from .rulings import Rulebook, Ruling

__version__ = "0.1.0"

__all__ = ["EstroError", "Rulebook", "Ruling", "ScenarioError", "__version__"]
