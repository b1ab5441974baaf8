"""Japanese Riichi mahjong: rules presets, the yaku table, fu, points and the scorer.

>>> from mahjongkit.hand import Hand
>>> from mahjongkit.tiles import Tile
>>> result = score(Win(Hand.parse("234m456p678s44555z"), Tile.parse("5z"), self_draw=True,
...                    seat=1), RiichiRules.tenhou())
>>> result.pattern_ids(), result.value, result.fu, result.points
(['menzen_tsumo', 'haku'], 2, 30, 2000)
"""

from __future__ import annotations

from mahjongkit.scoring import Win
from mahjongkit.variants.base import Variant
from mahjongkit.variants.riichi.docs import rules_page
from mahjongkit.variants.riichi.flow import RiichiFlow
from mahjongkit.variants.riichi.points import (
    _REASONS,
    MANGAN,
    Payments,
    basic_points,
    nagashi_mangan_payments,
    payments_for,
    total_points,
)
from mahjongkit.variants.riichi.rules import PRESETS, RiichiRules
from mahjongkit.variants.riichi.scorer import HandValue, hand_value, has_yaku, score, wait_values
from mahjongkit.variants.riichi.yaku import BY_ID, TABLE, Yaku

LANGUAGES = ("en", "fr", "es", "ja", "ja-Latn")
"""Languages of the explanation; ``ja-Latn`` gives the Japanese names in romaji."""

PATTERN_NAMES = {row.id: row.names for row in TABLE}
"""Every pattern's names by stable id."""

VARIANT = Variant(
    name="riichi",
    presets=PRESETS,
    score=score,
    languages=LANGUAGES,
    pattern_names=PATTERN_NAMES,
    payment_reasons=_REASONS,
    flow=RiichiFlow,
    rules_page=rules_page,
)

__all__ = [
    "BY_ID",
    "LANGUAGES",
    "MANGAN",
    "PATTERN_NAMES",
    "TABLE",
    "VARIANT",
    "HandValue",
    "Payments",
    "RiichiRules",
    "Win",
    "Yaku",
    "basic_points",
    "hand_value",
    "has_yaku",
    "nagashi_mangan_payments",
    "payments_for",
    "rules_page",
    "score",
    "total_points",
    "wait_values",
]
