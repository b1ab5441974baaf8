"""A policy learned from play (``mahjongkit train``), played with NumPy: ``learned:PATH``.

>>> from mahjongkit.bots.learned import LEARNED_PREFIX, model_path
>>> LEARNED_PREFIX, model_path("learned: models/a.npz")
('learned:', 'models/a.npz')
"""

from __future__ import annotations

from mahjongkit.bots.learned.features import FEATURE_SIZE, FEATURES, VOCABULARY
from mahjongkit.bots.learned.model import (
    FORMAT,
    LearnedAgent,
    ModelError,
    PolicyModel,
    load_model,
    save_model,
)

__all__ = [
    "FEATURES",
    "FEATURE_SIZE",
    "FORMAT",
    "LEARNED_PREFIX",
    "VOCABULARY",
    "LearnedAgent",
    "ModelError",
    "PolicyModel",
    "is_learned",
    "load_model",
    "model_path",
    "save_model",
]

LEARNED_PREFIX = "learned:"
"""A seat given ``learned:PATH`` is played by the model file at PATH."""


def is_learned(spec: str) -> bool:
    """Whether a bot spec names a model file (``learned:PATH``)."""
    return spec.strip().lower().startswith(LEARNED_PREFIX)


def model_path(spec: str) -> str:
    """The PATH of ``learned:PATH`` (refused when empty)."""
    path = spec.strip()[len(LEARNED_PREFIX) :].strip()
    if not path:
        raise ModelError("learned:PATH names no model file")
    return path
