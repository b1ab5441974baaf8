"""Japanese Riichi mahjong: rules presets, the yaku table, fu, points and the scorer.

>>> from mahjongkit.hand import Hand
>>> from mahjongkit.tiles import Tile
>>> from mahjongkit.variants.riichi import RiichiRules, Win, score
>>> result = score(Win(Hand.parse("234m456p678s44555z"), Tile.parse("5z"), self_draw=True,
...                    seat=1), RiichiRules.tenhou())
>>> result.pattern_ids(), result.value, result.fu, result.points
(['menzen_tsumo', 'haku'], 2, 30, 2000)

The names below are imported from their modules on first use: registering the variant (and
asking for its rules) does not import the scorer, the table hooks or the rules page.
"""

from __future__ import annotations

from operator import attrgetter

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
from mahjongkit.variants.riichi.rules import PRESETS, RiichiRules

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.scoring import Win
    from mahjongkit.variants.riichi.docs import rules_page
    from mahjongkit.variants.riichi.points import (
        MANGAN,
        Payments,
        basic_points,
        nagashi_mangan_payments,
        payments_for,
        total_points,
    )
    from mahjongkit.variants.riichi.scorer import (
        HandValue,
        hand_value,
        has_yaku,
        score,
        wait_values,
    )
    from mahjongkit.variants.riichi.yaku import BY_ID, PATTERN_NAMES, TABLE, Yaku

LANGUAGES = ("en", "fr", "es", "ja", "ja-Latn")
"""Languages of the explanation; ``ja-Latn`` gives the Japanese names in romaji."""

_EXPORTS = {
    "Win": "mahjongkit.scoring",
    "rules_page": "mahjongkit.variants.riichi.docs",
    **dict.fromkeys(
        (
            "MANGAN",
            "Payments",
            "basic_points",
            "nagashi_mangan_payments",
            "payments_for",
            "total_points",
        ),
        "mahjongkit.variants.riichi.points",
    ),
    **dict.fromkeys(
        ("HandValue", "hand_value", "has_yaku", "score", "wait_values"),
        "mahjongkit.variants.riichi.scorer",
    ),
    **dict.fromkeys(("BY_ID", "PATTERN_NAMES", "TABLE", "Yaku"), "mahjongkit.variants.riichi.yaku"),
}
"""Where each public name lives."""

__getattr__ = lazy_exports(__name__, _EXPORTS)


def _one_yaku(rules: RiichiRules) -> int:
    """A win needs a yaku: one han that is not dora."""
    return 1


def _kita_actions(rules: RiichiRules) -> tuple[tuple[str, int], ...]:
    """Three players setting North aside have one more action: kita."""
    return (("kita", 1),) if rules.north_set_aside else ()


VARIANT = Variant(
    name="riichi",
    presets=PRESETS,
    score=Lazy("mahjongkit.variants.riichi.scorer", "score"),
    points=Lazy("mahjongkit.variants.riichi.scorer", "points"),
    languages=LANGUAGES,
    payment_reasons=LazyMapping("mahjongkit.variants.riichi.points", "_REASONS"),
    pattern_names=LazyMapping("mahjongkit.variants.riichi.yaku", "pattern_names"),
    flow=Lazy("mahjongkit.variants.riichi.flow", "RiichiFlow"),
    rules_page=Lazy("mahjongkit.variants.riichi.docs", "rules_page"),
    capabilities=Capabilities(
        ready_declaration=True,
        furiten=True,
        dora=True,
        honours=True,
        value_unit="han",
        minimum_value=_one_yaku,
    ),
    score_fields=frozenset(
        ("dora", "ura", "riichi", "double_riichi", "ippatsu", "honba", "deposits", "nukidora")
    ),
    action_layout=(
        ("discard", 37),  # 34 kinds, then the three red fives
        ("riichi", 37),
        ("chi", 3),
        ("pon", 1),
        ("kan", 1),
        ("ankan", 34),
        ("kakan", 34),
        ("win", 1),
        ("pass", 1),
        ("abort", 1),
    ),
    rules_actions=_kita_actions,
    play_preset="tenhou",
    protocols=frozenset(("mjai", "tenhou")),
    score_scale=100_000.0,
    round_cap=32,  # East-South is 8 rounds before repeats; the longest real games stay under 20
    bot_hints=BotHints(
        plan=Plan.YAKU,
        defence=Defence.POINTS,
        double_wind=2,
        open_simples=attrgetter("open_tanyao"),
    ),
    hint_kinds=(*PLAIN_HINTS, HintKind.FURITEN, HintKind.DANGER),
    course=3,
    read_tables=Lazy("mahjongkit.variants.riichi.suit_table", "read_shipped_table_now"),
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
