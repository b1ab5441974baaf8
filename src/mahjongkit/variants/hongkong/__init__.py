"""Hong Kong old style (香港麻雀): options, the fan table, payments and the scorer.

``VARIANT`` registers the family: presets (``old_style`` first, the default), the scorer and the
languages of its explanations. ``score(win, rules)`` is the scorer the CLI and the table engine
call; :mod:`~mahjongkit.variants.hongkong.payments` holds ``base_amount`` and ``settle``.
"""

from __future__ import annotations

from mahjongkit.variants.base import Variant
from mahjongkit.variants.hongkong.fan import FAN_TABLE, FAN_TABLE_BY_ID, FanRow, WinContext
from mahjongkit.variants.hongkong.flow import HongKongFlow, hand_shape
from mahjongkit.variants.hongkong.payments import base_amount, settle
from mahjongkit.variants.hongkong.rules import PRESETS, HongKongRules
from mahjongkit.variants.hongkong.scorer import HongKongScore, score

LANGUAGES = ("en", "zh", "fr", "es")
"""Languages of the pattern names and explanations; the first is the default."""

VARIANT = Variant(
    name="hongkong",
    presets=PRESETS,
    score=score,
    languages=LANGUAGES,
    flow=HongKongFlow,
    shape=hand_shape,
)

__all__ = [
    "FAN_TABLE",
    "FAN_TABLE_BY_ID",
    "LANGUAGES",
    "VARIANT",
    "FanRow",
    "HongKongRules",
    "HongKongScore",
    "WinContext",
    "base_amount",
    "score",
    "settle",
]
