"""The earlier name of :mod:`.views`: the rules page imports :func:`face_label` from here."""

from __future__ import annotations

from .views import face_label

__all__ = ["face_label"]
