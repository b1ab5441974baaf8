"""Hong Kong old style (香港麻雀): options, the fan table, payments and the scorer.

``VARIANT`` registers the family: presets (``old_style`` first, the default), the scorer and the
languages of its explanations. ``score(win, rules)`` is the scorer the CLI and the table engine
call; :mod:`~mahjongkit.variants.hongkong.payments` holds ``base_amount`` and ``settle``;
``rules_page(rules, lang)`` is the fan table as a Markdown page.
"""

from __future__ import annotations

from mahjongkit.variants.base import Variant
from mahjongkit.variants.hongkong.context import WinContext
from mahjongkit.variants.hongkong.fan import (
    FAN_TABLE,
    FAN_TABLE_BY_ID,
    LANGUAGES,
    FanRow,
    rules_page,
)
from mahjongkit.variants.hongkong.flow import HongKongFlow, hand_shape
from mahjongkit.variants.hongkong.payments import REASONS, base_amount, settle
from mahjongkit.variants.hongkong.rules import PRESETS, HongKongRules
from mahjongkit.variants.hongkong.scorer import HongKongScore, score

PATTERN_NAMES = {row.id: row.names for row in FAN_TABLE}
"""Every pattern's names by stable id."""

VARIANT = Variant(
    name="hongkong",
    presets=PRESETS,
    score=score,
    languages=LANGUAGES,
    pattern_names=PATTERN_NAMES,
    payment_reasons=REASONS,
    flow=HongKongFlow,
    shape=hand_shape,
    rules_page=rules_page,
)

__all__ = [
    "FAN_TABLE",
    "FAN_TABLE_BY_ID",
    "LANGUAGES",
    "PATTERN_NAMES",
    "VARIANT",
    "FanRow",
    "HongKongRules",
    "HongKongScore",
    "WinContext",
    "base_amount",
    "rules_page",
    "score",
    "settle",
]
