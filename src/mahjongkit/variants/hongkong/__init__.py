"""Hong Kong old style (香港麻雀): options, the fan table, payments and the scorer.

``VARIANT`` registers the family: presets (``old_style`` first, the default), the scorer and the
languages of its explanations. ``score(win, rules)`` is the scorer the CLI and the table engine
call; :mod:`~mahjongkit.variants.hongkong.payments` holds ``base_amount`` and ``settle``;
``rules_page(rules, lang)`` is the fan table as a Markdown page. The scorer, the payments and
the table hooks are imported on first use.
"""

from __future__ import annotations

from operator import attrgetter

from mahjongkit.lazy import lazy_exports
from mahjongkit.variants.base import (
    PLAIN_HINTS,
    BotHints,
    Capabilities,
    Defence,
    Lazy,
    LazyMapping,
    Plan,
    Variant,
)
from mahjongkit.variants.hongkong.context import WinContext
from mahjongkit.variants.hongkong.fan import (
    FAN_TABLE,
    FAN_TABLE_BY_ID,
    LANGUAGES,
    FanRow,
    rules_page,
)
from mahjongkit.variants.hongkong.rules import PRESETS, HongKongRules

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.variants.hongkong.payments import base_amount, settle
    from mahjongkit.variants.hongkong.scorer import HongKongScore, score

PATTERN_NAMES = {row.id: row.names for row in FAN_TABLE}
"""Every pattern's names by stable id."""

_EXPORTS = {
    "base_amount": "mahjongkit.variants.hongkong.payments",
    "settle": "mahjongkit.variants.hongkong.payments",
    "HongKongScore": "mahjongkit.variants.hongkong.scorer",
    "score": "mahjongkit.variants.hongkong.scorer",
}

__getattr__ = lazy_exports(__name__, _EXPORTS)


VARIANT = Variant(
    name="hongkong",
    presets=PRESETS,
    score=Lazy("mahjongkit.variants.hongkong.scorer", "score"),
    points=Lazy("mahjongkit.variants.hongkong.scorer", "points"),
    wait_points=Lazy("mahjongkit.variants.hongkong.waits", "wait_points_of"),
    languages=LANGUAGES,
    pattern_names=PATTERN_NAMES,
    payment_reasons=LazyMapping("mahjongkit.variants.hongkong.payments", "REASONS"),
    flow=Lazy("mahjongkit.variants.hongkong.flow", "HongKongFlow"),
    shape=Lazy("mahjongkit.variants.hongkong.flow", "hand_shape"),
    rules_page=rules_page,
    capabilities=Capabilities(
        bonus_tiles=True, honours=True, value_unit="fan", minimum_value=attrgetter("min_fan")
    ),
    score_fields=frozenset(("flowers", "second_kong")),
    action_layout=(
        ("discard", 34),
        ("chi", 3),
        ("pon", 1),
        ("kan", 1),
        ("ankan", 34),
        ("kakan", 34),
        ("win", 1),
        ("pass", 1),
        ("flower", 1),
    ),
    score_scale=500.0,
    round_cap=64,  # four wind rounds are 16 rounds before repeats, and a draw keeps the deal
    bot_hints=BotHints(
        plan=Plan.MINIMUM,
        defence=Defence.PAYMENTS,
        bonus_toward_minimum=attrgetter("bonus_counts_toward_minimum"),
        value_limit=attrgetter("limit"),
        payment=Lazy("mahjongkit.variants.hongkong.payments", "base_amount"),
        fan_path=Lazy("mahjongkit.variants.hongkong.strategy", "fan_path"),
    ),
    hint_kinds=PLAIN_HINTS,
    course=2,
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
