"""Model files read once per process: a simulation seats a fresh agent every game."""

from __future__ import annotations

import os
from pathlib import Path

from mahjongkit.bots.learned.model import PolicyModel, load_model

__all__ = ["cached_model"]

_LOADED: dict[str, tuple[tuple[int, int], PolicyModel]] = {}


def cached_model(path: str | Path, family: str | None = None) -> PolicyModel:
    """The model at ``path`` (as :func:`~mahjongkit.bots.learned.model.load_model`), read
    again only when the file changed (its size or time)."""
    key = os.path.abspath(path)
    try:
        stat = os.stat(key)
        stamp = (stat.st_size, stat.st_mtime_ns)
    except OSError:
        stamp = (-1, -1)
    found = _LOADED.get(key)
    if found is None or found[0] != stamp:
        found = (stamp, load_model(path))
        if len(_LOADED) > 16:
            _LOADED.clear()
        _LOADED[key] = found
    model = found[1]
    if family is not None and model.family != family:
        load_model(path, family)  # says why, in the words of the full check
    return model
