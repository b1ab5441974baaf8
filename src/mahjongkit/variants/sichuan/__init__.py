"""Sichuan blood-battle mahjong (血战到底): the scorer, the fan table and its money rules.

:func:`score` (:mod:`.scorer`) turns one :class:`~mahjongkit.scoring.Win` into a
:class:`~mahjongkit.scoring.Score`; :mod:`.fan` holds the table, :mod:`.payments` the kong money
and the end-of-wall settlement, :mod:`.flow` the table rules (exchange three, discard obligation,
several winners). ``rules_page(rules, lang)`` is the fan table as a Markdown page. The scorer and
the table hooks are imported on first use.
"""

from __future__ import annotations

from mahjongkit.lazy import lazy_exports
from mahjongkit.variants.base import (
    PLAIN_HINTS,
    BotHints,
    Capabilities,
    Defence,
    HintKind,
    Lazy,
    LazyMapping,
    Plan,
    Variant,
)
from mahjongkit.variants.sichuan.fan import LANGUAGES, TABLE, rules_page
from mahjongkit.variants.sichuan.rules import SichuanRules

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.variants.sichuan.scorer import SichuanScore, score

PATTERN_NAMES = {row.id: row.names for row in TABLE}
"""Every pattern's names by stable id."""

__all__ = [
    "LANGUAGES",
    "PATTERN_NAMES",
    "TABLE",
    "VARIANT",
    "SichuanRules",
    "SichuanScore",
    "rules_page",
    "score",
]

_EXPORTS = {
    "SichuanScore": "mahjongkit.variants.sichuan.scorer",
    "score": "mahjongkit.variants.sichuan.scorer",
}

__getattr__ = lazy_exports(__name__, _EXPORTS)


VARIANT = Variant(
    name="sichuan",
    presets={"blood_battle": SichuanRules.blood_battle, "mil_sbr": SichuanRules.mil_sbr},
    score=Lazy("mahjongkit.variants.sichuan.scorer", "score"),
    points=Lazy("mahjongkit.variants.sichuan.scorer", "points"),
    wait_points=Lazy("mahjongkit.variants.sichuan.waits", "wait_points_of"),
    languages=LANGUAGES,
    pattern_names=PATTERN_NAMES,
    payment_reasons=LazyMapping("mahjongkit.variants.sichuan.payments", "REASONS"),
    flow=Lazy("mahjongkit.variants.sichuan.flow", "SichuanFlow"),
    shape=Lazy("mahjongkit.variants.sichuan.flow", "hand_shape"),
    rules_page=rules_page,
    capabilities=Capabilities(missing_suit=True, plays_on_after_win=True, value_unit="fan"),
    score_fields=frozenset(("missing", "in_game", "kong_discard")),
    action_layout=(
        ("discard", 27),
        ("pon", 1),
        ("kan", 1),
        ("ankan", 27),
        ("kakan", 27),
        ("win", 1),
        ("pass", 1),
        ("exchange", 3 * 165),  # three kinds of one suit, sorted: 165 per suit
        ("declare", 3),
    ),
    score_scale=500.0,
    round_cap=100,  # a game is its rules' number of hands, at most 100: never truncated
    bot_hints=BotHints(plan=Plan.MISSING_SUIT, defence=Defence.PLAY_ON, kongs_pay=True),
    hint_kinds=(HintKind.MISSING_SUIT, *PLAIN_HINTS),
    course=1,
)
