"""The Hong Kong fan table: every pattern of ``RULES-hongkong.md`` §4 as one row of data.

A row (:class:`FanRow`, on the shared base of :mod:`mahjongkit.scoring.patterns`) has a stable
id, the requirement it comes from, its fan (a number or a typed handle on the option holding
it), whether it is a limit hand (likewise), whether it is bonus-tile fan (a side row: it does
not count toward the minimum by default), the ids it replaces, an example hand in the command
line's syntax with the fan it is worth, and a small pure predicate over one
:class:`~mahjongkit.variants.hongkong.context.WinContext` returning how many times the pattern
applies. The names are in :mod:`~mahjongkit.variants.hongkong.names`.

Precedence is declared, never coded: a row's ``replaces`` lists the rows it includes (pure one
suit replaces mixed one suit; big three dragons replaces the dragon pungs and small three
dragons). The list is complete: when A replaces B and B replaces C, A lists C too (checked at
import). A limit hand replaces everything else.

>>> FAN_TABLE_BY_ID["pure_one_suit"].replaces
('mixed_one_suit',)
"""

from __future__ import annotations

from collections.abc import Callable

from mahjongkit.i18n import t
from mahjongkit.scoring import name_in, patterns
from mahjongkit.scoring.pages import Column, markdown_table
from mahjongkit.scoring.patterns import BoolOption, IntOption, check_table, with_names
from mahjongkit.tiles import (
    DRAGONS,
    FIRST_FLOWER,
    FIRST_SEASON,
    WINDS,
    is_terminal,
    is_terminal_or_honor,
)
from mahjongkit.valueclass import dataclass
from mahjongkit.variants.hongkong.context import (
    ALL_SHAPES,
    COMPLETE_SHAPES,
    SetInfo,
    WinContext,
)
from mahjongkit.variants.hongkong.names import NAMES
from mahjongkit.variants.hongkong.rules import HongKongRules

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.variants.hongkong.context import Shape

LANGUAGES = ("en", "zh", "fr", "es")
"""Languages of the pattern names and explanations; the first is the default."""

__all__ = [
    "ALL_SHAPES",
    "COMPLETE_SHAPES",
    "FAN_TABLE",
    "FAN_TABLE_BY_ID",
    "FanRow",
    "SetInfo",
    "WinContext",
    "describe_table",
    "rules_page",
]


# --- predicates ---------------------------------------------------------------------------------
# Each takes the context and returns a count (a bool counts as 0 or 1).


def _regular(ctx: WinContext) -> bool:
    return ctx.shape == "regular"


def _thirteen_orphans(ctx: WinContext) -> bool:
    return ctx.shape == "thirteen_orphans"


def _nine_gates(ctx: WinContext) -> bool:
    hand = ctx.win.hand
    if hand.melds or ctx.shape != "regular" or not _pure_one_suit(ctx):
        return False
    start = ctx.kinds[0] // 9 * 9
    counts = [ctx.kinds.count(start + n) for n in range(9)]
    gates = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    if ctx.rules.nine_gates_strict:
        # The thirteen tiles before the win must be the nine-sided wait itself.
        counts[ctx.win.win_tile.kind - start] -= 1
        return counts == gates
    return all(have >= need for have, need in zip(counts, gates, strict=True))


def _big_four_winds(ctx: WinContext) -> bool:
    return sum(k in WINDS for k in ctx.pungs) == 4


def _all_kongs(ctx: WinContext) -> bool:
    return sum(s.kong for s in ctx.sets) == 4


def _first_turn_self_draw(ctx: WinContext) -> bool:
    return ctx.win.first_turn and ctx.win.self_draw


def _heavenly(ctx: WinContext) -> bool:
    return _first_turn_self_draw(ctx) and ctx.win.seat == 0


def _earthly(ctx: WinContext) -> bool:
    win = ctx.win
    if not win.first_turn or win.seat == 0:
        return False
    on_dealer_discard = not win.self_draw and win.from_seat == 0
    on_own_draw = win.self_draw
    rule = ctx.rules.earthly_hand
    return (on_dealer_discard and rule != "own_first_draw") or (
        on_own_draw and rule != "dealer_discard"
    )


def _human(ctx: WinContext) -> bool:
    return _first_turn_self_draw(ctx) and ctx.win.seat != 0 and not _earthly(ctx)


def _all_terminals(ctx: WinContext) -> bool:
    return all(map(is_terminal, ctx.kinds))


def _all_honours(ctx: WinContext) -> bool:
    return not ctx.suits


def _eight_bonus_tiles(ctx: WinContext) -> bool:
    return len(ctx.flowers) == 8


def _seven_bonus_tiles(ctx: WinContext) -> bool:
    return len(ctx.flowers) == 7


def _dragon_pungs(ctx: WinContext) -> int:
    return sum(k in DRAGONS for k in ctx.pungs)


def _wind_pungs(ctx: WinContext) -> int:
    return sum(k in WINDS for k in ctx.pungs)


def _big_three_dragons(ctx: WinContext) -> bool:
    return _dragon_pungs(ctx) == 3


def _all_concealed_pungs(ctx: WinContext) -> bool:
    # A discard may complete only the pair: a pung finished by a claimed tile is not concealed.
    return (
        _all_pungs(ctx)
        and all(s.concealed for s in ctx.sets)
        and (ctx.win.self_draw or ctx.pair == ctx.win.win_tile.kind)
    )


def _small_four_winds(ctx: WinContext) -> bool:
    return _wind_pungs(ctx) == 3 and ctx.pair in WINDS


def _double_kong_replacement(ctx: WinContext) -> bool:
    return ctx.win.second_kong and ctx.win.self_draw


def _pure_one_suit(ctx: WinContext) -> bool:
    return len(ctx.suits) == 1 and not ctx.has_honour


def _small_three_dragons(ctx: WinContext) -> bool:
    return _dragon_pungs(ctx) == 2 and ctx.pair in DRAGONS


def _seven_pairs(ctx: WinContext) -> bool:
    return ctx.shape == "seven_pairs"


def _mixed_one_suit(ctx: WinContext) -> bool:
    return len(ctx.suits) == 1 and ctx.has_honour


def _all_pungs(ctx: WinContext) -> bool:
    return ctx.shape == "regular" and all(not s.chow for s in ctx.sets)


def _kong_replacement(ctx: WinContext) -> bool:
    return ctx.win.after_kong and ctx.win.self_draw


def _mixed_terminals(ctx: WinContext) -> bool:
    return ctx.shape != "thirteen_orphans" and all(map(is_terminal_or_honor, ctx.kinds))


def _seat_wind(ctx: WinContext) -> bool:
    return ctx.seat_wind in ctx.pungs


def _round_wind(ctx: WinContext) -> bool:
    return ctx.round_wind in ctx.pungs


def _scoring_pair(ctx: WinContext, pair: int) -> bool:
    return pair in DRAGONS or pair in (ctx.seat_wind, ctx.round_wind)


def _common_hand(ctx: WinContext) -> bool:
    if not (_regular(ctx) and all(s.chow for s in ctx.sets)) or ctx.pair is None:
        return False
    if ctx.rules.common_hand_suited_pair:
        return ctx.pair < 27
    return not _scoring_pair(ctx, ctx.pair)


def _concealed_hand(ctx: WinContext) -> bool:
    if ctx.shape == "bonus_tiles" or not ctx.is_concealed:
        return False
    return ctx.rules.concealed_hand_on_self_draw or not ctx.win.self_draw


def _self_draw(ctx: WinContext) -> bool:
    return ctx.win.self_draw


def _robbing_kong(ctx: WinContext) -> bool:
    return ctx.win.robbing_kong


def _last_tile(ctx: WinContext) -> bool:
    return ctx.win.last_tile


def _chicken(ctx: WinContext) -> bool:
    # Chosen by the scorer when no other hand pattern applies (the row is a fallback).
    return ctx.shape == "regular"


def _no_flowers(ctx: WinContext) -> bool:
    return not ctx.flowers


def _own(first: int) -> Callable[[WinContext], bool]:
    def own(ctx: WinContext) -> bool:
        return first + ctx.win.seat in ctx.flowers

    return own


def _complete_set(first: int) -> Callable[[WinContext], bool]:
    def complete(ctx: WinContext) -> bool:
        return all(first + n in ctx.flowers for n in range(4))

    return complete


# --- the table ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FanRow(patterns.FanRow[WinContext]):
    """One pattern of the Hong Kong fan table.

    On top of the shared fields: ``example_fan``, what the example is worth in all under the
    default options and those the example names, and ``shapes``, the readings the row applies
    to (a win on seven or eight bonus tiles needs no complete hand).
    """

    example_fan: int
    shapes: frozenset[Shape] = COMPLETE_SHAPES

    @property
    def source(self) -> str:
        """The requirement or rules-book section the row comes from (``rule``)."""
        return self.rule

    @property
    def bonus(self) -> bool:
        """Bonus-tile fan: not counted toward the minimum by default (a side row)."""
        return self.side

    @property
    def fallback(self) -> bool:
        """Applies only when no other hand pattern does (an ``alone`` row)."""
        return self.alone

    def value(self, rules: object) -> int:
        """The fan of one occurrence under ``rules`` (the limit for a limit hand)."""
        if self.is_limit(rules):
            assert isinstance(rules, HongKongRules)
            return rules.limit
        return patterns.FanRow.value(self, rules)


_FLOWER_FAN = ("no_flowers", "seat_flower", "seat_season", "flower_set", "season_set")

FAN_TABLE: tuple[FanRow, ...] = with_names(
    (
        # --- limit hands (§4.2) ---
        FanRow(
            id="thirteen_orphans",
            rule="H-08, RULES-hongkong §4.2",
            fan=0,
            limit=True,
            limit_rank=1,
            test=_thirteen_orphans,
            example="19m19p19s12345677z --win 7z --from E --seat S",
            example_fan=13,
        ),
        FanRow(
            id="nine_gates",
            rule="RULES-hongkong §4.2 (strict: option nine_gates_strict)",
            fan=0,
            limit=True,
            limit_rank=2,
            test=_nine_gates,
            example="11123455678999m --win 5m --from E --seat S",
            example_fan=13,
        ),
        FanRow(
            id="big_four_winds",
            rule="RULES-hongkong §4.2",
            fan=0,
            limit=True,
            limit_rank=3,
            replaces=("seat_wind", "round_wind", "small_four_winds", "all_pungs"),
            test=_big_four_winds,
            example="333z444z5m5m --meld pung:111z@W --meld pung:222z@N --win 5m --from E --seat S",
            example_fan=13,
        ),
        FanRow(
            id="all_kongs",
            rule="RULES-hongkong §4.2",
            fan=0,
            limit=True,
            limit_rank=4,
            replaces=("all_pungs",),
            test=_all_kongs,
            example=(
                "9p9p --meld kong:1111m@W --meld kong:4444m@N --meld kong:2222p@E --meld "
                "concealed-kong:7777p --win 9p --from E --seat S"
            ),
            example_fan=13,
        ),
        FanRow(
            id="heavenly_hand",
            rule="RULES-hongkong §4.2 (the dealer wins on the deal)",
            fan=0,
            limit=True,
            limit_rank=5,
            test=_heavenly,
            example="123m456p789s234s55m --win 4s --tsumo --seat E --first-turn",
            example_fan=13,
        ),
        FanRow(
            id="earthly_hand",
            rule="RULES-hongkong §4.2 (on the dealer's first discard: option earthly_hand)",
            fan=0,
            limit=True,
            limit_rank=6,
            test=_earthly,
            example="123m456p789s234s55m --win 4s --from E --seat S --first-turn",
            example_fan=13,
        ),
        FanRow(
            id="human_hand",
            rule="RULES-hongkong §4.2 (CS; option human_hand)",
            fan=0,
            limit=True,
            limit_rank=7,
            enabled_by=BoolOption("human_hand"),
            test=_human,
            example=(
                "123m456p789s234s55m --win 4s --tsumo --seat S --first-turn "
                "--option human_hand=true"
            ),
            example_fan=13,
        ),
        # --- the disputed big hands: fan or limit by option (§4.1) ---
        FanRow(
            id="all_terminals",
            rule="RULES-hongkong §4.1",
            fan=IntOption("all_terminals_fan"),
            limit=BoolOption("all_terminals_limit"),
            limit_rank=8,
            replaces=("all_pungs", "mixed_terminals"),
            test=_all_terminals,
            example="111m999m111p11s --meld pung:999s@W --win 1s --from E --seat S",
            example_fan=13,
        ),
        FanRow(
            id="all_honours",
            rule="RULES-hongkong §4.1",
            fan=IntOption("all_honours_fan"),
            limit=BoolOption("all_honours_limit"),
            limit_rank=9,
            replaces=("all_pungs", "mixed_terminals"),
            test=_all_honours,
            example="111z222z777z55z --meld pung:666z@W --win 5z --from E --seat S",
            example_fan=13,
        ),
        FanRow(
            id="eight_bonus_tiles",
            rule="RULES-hongkong §4.1",
            fan=IntOption("eight_bonus_tiles_fan"),
            limit=BoolOption("eight_bonus_tiles_limit"),
            limit_rank=10,
            replaces=(*_FLOWER_FAN, "seven_bonus_tiles"),
            test=_eight_bonus_tiles,
            example="123m456p789s234s55m --win 4s --from E --seat S --flowers 1234f1234g",
            example_fan=10,
            shapes=ALL_SHAPES,
        ),
        FanRow(
            id="big_three_dragons",
            rule="RULES-hongkong §4.1, §4.3",
            fan=IntOption("big_three_dragons_fan"),
            limit=BoolOption("big_three_dragons_limit"),
            limit_rank=11,
            replaces=("dragon_pung", "small_three_dragons"),
            test=_big_three_dragons,
            example="777z234m9p9p --meld pung:555z@W --meld pung:666z@N --win 9p --from E --seat S",
            example_fan=9,
        ),
        FanRow(
            id="all_concealed_pungs",
            rule="RULES-hongkong §4.1 (self-drawn, or the discard completes only the pair)",
            fan=IntOption("all_concealed_pungs_fan"),
            limit=BoolOption("all_concealed_pungs_limit"),
            limit_rank=12,
            replaces=("all_pungs",),
            test=_all_concealed_pungs,
            example="222m444m666p888s99s --win 9s --from E --seat S",
            example_fan=10,
        ),
        FanRow(
            id="small_four_winds",
            rule="RULES-hongkong §4.1, §4.3",
            fan=IntOption("small_four_winds_fan"),
            limit=BoolOption("small_four_winds_limit"),
            limit_rank=13,
            replaces=("seat_wind", "round_wind"),
            test=_small_four_winds,
            example="111z222z333z44z123m --win 3m --from E --seat S",
            example_fan=11,
        ),
        # --- ordinary fan (§4.1) ---
        FanRow(
            id="double_kong_replacement",
            rule="H-14",
            fan=IntOption("double_kong_replacement_fan"),
            replaces=("self_draw", "kong_replacement"),
            test=_double_kong_replacement,
            example=(
                "123m789p5m5m --meld concealed-kong:1111s --meld concealed-kong:2222s --win 5m "
                "--tsumo --second-kong --seat S"
            ),
            example_fan=11,
        ),
        FanRow(
            id="pure_one_suit",
            rule="RULES-hongkong §4.1, §4.3",
            fan=7,
            replaces=("mixed_one_suit",),
            test=_pure_one_suit,
            example="111p234p567p789p5p5p --win 5p --from E --seat S",
            example_fan=9,
        ),
        FanRow(
            id="small_three_dragons",
            rule="RULES-hongkong §4.1, §4.3",
            fan=IntOption("small_three_dragons_fan"),
            replaces=("dragon_pung",),
            replaces_when=BoolOption("small_three_dragons_includes_dragon_pungs"),
            test=_small_three_dragons,
            example="555z666z77z123m456m --win 6m --from E --seat S",
            example_fan=10,
        ),
        FanRow(
            id="seven_pairs",
            rule="RULES-hongkong §2 (option seven_pairs)",
            fan=IntOption("seven_pairs_fan"),
            replaces=("concealed_hand",),
            enabled_by=BoolOption("seven_pairs"),
            test=_seven_pairs,
            example="1133m5577p2299s11z --win 1z --from E --seat S --option seven_pairs=true",
            example_fan=5,
        ),
        FanRow(
            id="mixed_one_suit",
            rule="H-11, RULES-hongkong §4.1",
            fan=3,
            test=_mixed_one_suit,
            example="123s789s234s22z --meld pung:555s@E --win 4s --from E --seat S --flowers 3f",
            example_fan=3,
        ),
        FanRow(
            id="all_pungs",
            rule="RULES-hongkong §4.1",
            fan=3,
            test=_all_pungs,
            example="222m444p9s9s --meld pung:666p@W --meld pung:888s@N --win 9s --from E --seat S",
            example_fan=4,
        ),
        FanRow(
            id="seven_bonus_tiles",
            rule="RULES-hongkong §4.1",
            fan=IntOption("seven_bonus_tiles_fan"),
            replaces=_FLOWER_FAN,
            test=_seven_bonus_tiles,
            example="123m456p789s234s55m --win 4s --from E --seat S --flowers 1234f123g",
            example_fan=5,
            shapes=ALL_SHAPES,
        ),
        FanRow(
            id="kong_replacement",
            rule="H-14",
            fan=IntOption("kong_replacement_fan"),
            replaces=("self_draw",),
            test=_kong_replacement,
            example=(
                "123m456p789p5m5m --meld concealed-kong:1111s --win 5m --tsumo --after-kong "
                "--seat S --flowers 2f"
            ),
            example_fan=4,
        ),
        FanRow(
            id="mixed_terminals",
            rule="RULES-hongkong §4.1 (with all pungs: 4)",
            fan=1,
            test=_mixed_terminals,
            example="111m999p111s11z --meld pung:777z@W --win 1z --from E --seat S",
            example_fan=6,
        ),
        FanRow(
            id="dragon_pung",
            rule="RULES-hongkong §4.1 (one fan each)",
            fan=1,
            test=_dragon_pungs,
            example=(
                "9s9s --meld chow:123m@E --meld chow:456p@E --meld pung:777z@W --meld pung:666z@E "
                "--win 9s --tsumo --seat S"
            ),
            example_fan=4,
        ),
        FanRow(
            id="seat_wind",
            rule="RULES-hongkong §4.1",
            fan=1,
            test=_seat_wind,
            example="123m456p789s11z222z --win 2z --tsumo --seat S --flowers 1f",
            example_fan=3,
        ),
        FanRow(
            id="round_wind",
            rule="RULES-hongkong §4.1",
            fan=1,
            test=_round_wind,
            example="123m456p789s22z111z --win 1z --tsumo --seat S --flowers 1f",
            example_fan=3,
        ),
        FanRow(
            id="common_hand",
            rule="RULES-hongkong §4.1 (pair: option common_hand_suited_pair)",
            fan=1,
            test=_common_hand,
            example="123m456p789s234s55m --win 4s --tsumo --seat S --flowers 1f",
            example_fan=3,
        ),
        FanRow(
            id="concealed_hand",
            rule="RULES-hongkong §4.1, §4.3 (a concealed kong keeps it)",
            fan=1,
            test=_concealed_hand,
            example="123m456p789s234s55m --win 4s --tsumo --seat S --flowers 1f",
            example_fan=3,
        ),
        FanRow(
            id="self_draw",
            rule="H-09",
            fan=1,
            test=_self_draw,
            example="123s789s234s22z --meld pung:555s@E --win 4s --tsumo --seat S --flowers 3f",
            example_fan=4,
        ),
        FanRow(
            id="robbing_kong",
            rule="H-13",
            fan=1,
            test=_robbing_kong,
            example=(
                "123s789s234s22z --meld pung:555s@E --win 4s --from W --robbing-kong --seat S "
                "--flowers 3f"
            ),
            example_fan=4,
        ),
        FanRow(
            id="last_tile",
            rule="RULES-hongkong §4.1 (the last wall tile or the discard after it)",
            fan=IntOption("last_tile_fan"),
            test=_last_tile,
            example="123m456p789s234s55m --win 4s --tsumo --last-tile --seat S",
            example_fan=5,
        ),
        FanRow(
            id="chicken_hand",
            rule="RULES-hongkong §4.1 (a win only with min_fan=0)",
            fan=0,
            alone=True,
            test=_chicken,
            example=(
                "123m456p22z777p --meld chow:789s@E --win 7p --from E --seat S --flowers 1f "
                "--option min_fan=0"
            ),
            example_fan=0,
        ),
        # --- bonus tiles (§4.1; bonus fan do not count toward the minimum by default) ---
        FanRow(
            id="no_flowers",
            rule="RULES-hongkong §4.1",
            fan=1,
            side=True,
            enabled_by=BoolOption("flowers"),
            test=_no_flowers,
            example="111p234p567p789p5p5p --win 5p --from E --seat S",
            example_fan=9,
        ),
        FanRow(
            id="seat_flower",
            rule="RULES-hongkong §1, §4.1 (E 1f, S 2f, W 3f, N 4f)",
            fan=1,
            side=True,
            enabled_by=BoolOption("flowers"),
            test=_own(FIRST_FLOWER),
            example="123m456p789s234s55m --win 4s --tsumo --seat W --flowers 3f",
            example_fan=4,
        ),
        FanRow(
            id="seat_season",
            rule="RULES-hongkong §1, §4.1 (E 1g, S 2g, W 3g, N 4g)",
            fan=1,
            side=True,
            enabled_by=BoolOption("flowers"),
            test=_own(FIRST_SEASON),
            example="123m456p789s234s55m --win 4s --tsumo --seat N --flowers 4g1f",
            example_fan=4,
        ),
        FanRow(
            id="flower_set",
            rule="RULES-hongkong §4.1 (replaces that group's own flower)",
            fan=2,
            side=True,
            replaces=("seat_flower",),
            enabled_by=BoolOption("flowers"),
            test=_complete_set(FIRST_FLOWER),
            example="123m456p789s234s55m --win 4s --tsumo --seat S --flowers 1234f",
            example_fan=5,
        ),
        FanRow(
            id="season_set",
            rule="RULES-hongkong §4.1 (replaces that group's own season)",
            fan=2,
            side=True,
            replaces=("seat_season",),
            enabled_by=BoolOption("flowers"),
            test=_complete_set(FIRST_SEASON),
            example="123m456p789s234s55m --win 4s --tsumo --seat S --flowers 1234g2f",
            example_fan=6,
        ),
    ),
    NAMES,
)
"""Every pattern, in the order an explanation lists them."""

FAN_TABLE_BY_ID: dict[str, FanRow] = {row.id: row for row in FAN_TABLE}


def describe_table(rules: HongKongRules, lang: str = "en") -> list[dict[str, object]]:
    """The fan table under ``rules`` as plain rows, for the rules pages of the docs and the web.

    Each row: id, name in ``lang``, fan (the limit for a limit hand), whether it is a limit hand
    or bonus-tile fan, the names of what it replaces, the option that sets its value (if any),
    its source and its example hand.

    >>> rows = describe_table(HongKongRules(small_four_winds_limit=True), "zh")
    >>> [(r["name"], r["fan"], r["limit"]) for r in rows if r["id"] == "small_four_winds"]
    [('小四喜', 13, True)]
    """
    return [
        {
            "id": row.id,
            "name": name_in(row.names, lang),
            "fan": row.value(rules),
            "limit": row.is_limit(rules),
            "bonus": row.bonus,
            "replaces": [name_in(FAN_TABLE_BY_ID[i].names, lang) for i in row.replaced_ids(rules)],
            "option": str(row.fan) if isinstance(row.fan, str) else None,
            "enabled": row.enabled(rules),
            "source": row.source,
            "example": row.example,
        }
        for row in FAN_TABLE
    ]


def _fan_cell(rules: HongKongRules) -> Callable[[FanRow, str], str]:
    def cell(row: FanRow, lang: str) -> str:
        fan = row.value(rules)
        return t("page.limit", lang, fan=fan) if row.is_limit(rules) else str(fan)

    return cell


def _replaces_cell(rules: HongKongRules) -> Callable[[FanRow, str], str]:
    def cell(row: FanRow, lang: str) -> str:
        names = [name_in(FAN_TABLE_BY_ID[i].names, lang) for i in row.replaced_ids(rules)]
        return ", ".join(names) or "–"

    return cell


def rules_page(rules: HongKongRules | None = None, lang: str = "en") -> str:
    """The fan table under ``rules`` (old style by default) as a Markdown page in ``lang``.

    >>> print(rules_page(HongKongRules.old_style(), "en").splitlines()[2])
    | Thirteen orphans | 13 (limit) | – | `19m19p19s12345677z --win 7z --from E --seat S` |
    """
    rules = rules or HongKongRules.old_style()
    columns: tuple[Column[FanRow], ...] = (
        Column("page.pattern", lambda row, lang: name_in(row.names, lang)),
        Column("page.fan", _fan_cell(rules)),
        Column("page.replaces", _replaces_cell(rules)),
        Column("page.example", lambda row, lang: f"`{row.example}`"),
    )
    shown = [row for row in FAN_TABLE if row.enabled(rules)]
    return markdown_table(shown, columns, lang, LANGUAGES)


def check() -> None:
    """The shared table checks (see :func:`mahjongkit.scoring.patterns.check_table`).

    The tests run it (``tests/scoring/test_tables.py``); the import does not, because a
    one-shot command would pay for it every time."""
    check_table(FAN_TABLE, HongKongRules, LANGUAGES, NAMES)
