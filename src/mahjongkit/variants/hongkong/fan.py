"""The Hong Kong fan table: every pattern of ``RULES-hongkong.md`` §4 as one row of data.

A row has a stable id, its names in English, French, Spanish and Chinese, its fan (a number or the
name of the option that holds it), whether it is a limit hand (likewise), whether it is bonus-tile
fan (which does not count toward the minimum by default), the ids it replaces, the requirement it
comes from, an example hand, and a small pure predicate over one :class:`WinContext`. The
predicate returns how many times the pattern applies (0: not at all).

Precedence is declared, never coded: a row's ``replaces`` lists the rows it includes (pure one
suit replaces mixed one suit; big three dragons replaces the dragon pungs and small three
dragons). The list is complete, not transitive: when A replaces B and B replaces C, A lists C
too (a test checks it). A limit hand replaces everything else.

>>> FAN_TABLE_BY_ID["pure_one_suit"].replaces
('mixed_one_suit',)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, parse_seat
from mahjongkit.scoring import Names, Win, name_in
from mahjongkit.tiles import (
    DRAGONS,
    FIRST_FLOWER,
    FIRST_SEASON,
    WINDS,
    Tile,
    is_terminal,
    is_terminal_or_honor,
    parse_tiles,
)
from mahjongkit.variants.hongkong.rules import HongKongRules

Shape = Literal["regular", "seven_pairs", "thirteen_orphans", "bonus_tiles"]
COMPLETE_SHAPES: frozenset[Shape] = frozenset(("regular", "seven_pairs", "thirteen_orphans"))
"""The readings of a complete hand; a bonus-tile win (seven or eight) needs none of them."""
ALL_SHAPES: frozenset[Shape] = COMPLETE_SHAPES | {"bonus_tiles"}


@dataclass(frozen=True, slots=True)
class SetInfo:
    """One of the four sets of a hand: a chow (from ``kind`` up) or a pung or kong of ``kind``.

    ``concealed`` is true for sets formed in the hand and for concealed kongs; ``meld`` is the
    declared meld it comes from, None for a set of the concealed part.
    """

    chow: bool
    kind: int
    concealed: bool
    kong: bool = False
    meld: Meld | None = None


@dataclass(frozen=True, slots=True)
class WinContext:
    """Everything a predicate may read: one reading of the hand, the win, the options.

    ``shape`` says which reading: four sets and a pair (``regular``), ``seven_pairs``,
    ``thirteen_orphans``, or ``bonus_tiles`` (a win on seven or eight bonus tiles whose playing
    tiles need not be complete). ``kinds`` are every playing tile of the hand, melds included
    (a kong gives four); ``flowers`` the bonus-tile kinds. ``pungs`` (the kinds of the pungs and
    kongs), ``suits`` (the suits present, 0 m 1 p 2 s) and ``has_honour`` are derived once, as
    most predicates read them.
    """

    win: Win
    rules: HongKongRules
    shape: Shape
    sets: tuple[SetInfo, ...]
    pair: int | None
    kinds: tuple[int, ...]
    flowers: frozenset[int]
    pungs: tuple[int, ...] = field(init=False)
    suits: frozenset[int] = field(init=False)
    has_honour: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pungs", tuple(s.kind for s in self.sets if not s.chow))
        object.__setattr__(self, "suits", frozenset(k // 9 for k in self.kinds if k < 27))
        object.__setattr__(self, "has_honour", any(k >= 27 for k in self.kinds))

    @property
    def seat_wind(self) -> int:
        """The kind of the winner's seat wind."""
        return WINDS[self.win.seat]

    @property
    def round_wind(self) -> int:
        """The kind of the prevailing wind."""
        return WINDS[self.win.round_wind]

    @property
    def is_concealed(self) -> bool:
        """No claimed set: only concealed kongs among the melds."""
        return self.win.hand.is_concealed


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


@dataclass(frozen=True, slots=True)
class FanRow:
    """One pattern of the fan table.

    ``fan`` and ``limit`` are a value, or the name of the :class:`HongKongRules` option holding
    it (the disputed ones). ``enabled_by`` names a boolean option without which the row never
    applies. ``replaces`` are the ids this row includes; ``replaces_when`` names a boolean option
    that must be on for them to be replaced. A ``fallback`` row applies only when no other
    hand pattern does. ``shapes`` are the readings it applies to. ``example`` is a hand in
    :func:`parse_example`'s form that scores this row, worth ``example_fan`` in all under the
    default options and those the example names.
    """

    id: str
    names: Names
    test: Callable[[WinContext], int]
    fan: int | str
    source: str
    example: str
    example_fan: int
    limit: bool | str = False
    bonus: bool = False
    replaces: tuple[str, ...] = ()
    replaces_when: str | None = None
    enabled_by: str | None = None
    fallback: bool = False
    shapes: frozenset[Shape] = COMPLETE_SHAPES

    def value(self, rules: HongKongRules) -> int:
        """The fan of one occurrence under ``rules`` (the limit for a limit hand)."""
        if self.is_limit(rules):
            return rules.limit
        fan = getattr(rules, self.fan) if isinstance(self.fan, str) else self.fan
        assert isinstance(fan, int)
        return fan

    def is_limit(self, rules: HongKongRules) -> bool:
        """Whether the row is a limit hand under ``rules``."""
        limit = getattr(rules, self.limit) if isinstance(self.limit, str) else self.limit
        assert isinstance(limit, bool)
        return limit

    def enabled(self, rules: HongKongRules) -> bool:
        """Whether the row can apply under ``rules``."""
        return self.enabled_by is None or bool(getattr(rules, self.enabled_by))

    def replaced_ids(self, rules: HongKongRules) -> tuple[str, ...]:
        """The ids this row replaces under ``rules``."""
        if self.replaces_when is not None and not getattr(rules, self.replaces_when):
            return ()
        return self.replaces


_FLOWER_FAN = ("no_flowers", "seat_flower", "seat_season", "flower_set", "season_set")

FAN_TABLE: tuple[FanRow, ...] = (
    # --- limit hands (§4.2) ---
    FanRow(
        "thirteen_orphans",
        {
            "en": "Thirteen orphans",
            "fr": "Treize orphelins",
            "es": "Trece huérfanos",
            "zh": "十三么",
        },
        _thirteen_orphans,
        fan=0,
        limit=True,
        source="H-08, RULES-hongkong §4.2",
        example="19m19p19s12345677z win=7z from=E seat=S",
        example_fan=13,
    ),
    FanRow(
        "nine_gates",
        {"en": "Nine gates", "fr": "Neuf portes", "es": "Nueve puertas", "zh": "九子連環"},
        _nine_gates,
        fan=0,
        limit=True,
        source="RULES-hongkong §4.2 (strict: option nine_gates_strict)",
        example="11123455678999m win=5m from=E seat=S",
        example_fan=13,
    ),
    FanRow(
        "big_four_winds",
        {
            "en": "Big four winds",
            "fr": "Grands quatre vents",
            "es": "Cuatro grandes vientos",
            "zh": "大四喜",
        },
        _big_four_winds,
        fan=0,
        limit=True,
        replaces=("seat_wind", "round_wind", "small_four_winds", "all_pungs"),
        source="RULES-hongkong §4.2",
        example="333z444z5m5m pung:111z@W pung:222z@N win=5m from=E seat=S",
        example_fan=13,
    ),
    FanRow(
        "all_kongs",
        {
            "en": "Eighteen arhats (four kongs)",
            "fr": "Dix-huit arhats (quatre kongs)",
            "es": "Dieciocho arhats (cuatro kongs)",
            "zh": "十八羅漢",
        },
        _all_kongs,
        fan=0,
        limit=True,
        replaces=("all_pungs",),
        source="RULES-hongkong §4.2",
        example=(
            "9p9p kong:1111m@W kong:4444m@N kong:2222p@E concealed-kong:7777p win=9p from=E seat=S"
        ),
        example_fan=13,
    ),
    FanRow(
        "heavenly_hand",
        {"en": "Heavenly hand", "fr": "Main céleste", "es": "Mano celestial", "zh": "天糊"},
        _heavenly,
        fan=0,
        limit=True,
        source="RULES-hongkong §4.2 (the dealer wins on the deal)",
        example="123m456p789s234s55m win=4s tsumo seat=E first_turn",
        example_fan=13,
    ),
    FanRow(
        "earthly_hand",
        {"en": "Earthly hand", "fr": "Main terrestre", "es": "Mano terrenal", "zh": "地糊"},
        _earthly,
        fan=0,
        limit=True,
        source="RULES-hongkong §4.2 (on the dealer's first discard: option earthly_hand)",
        example="123m456p789s234s55m win=4s from=E seat=S first_turn",
        example_fan=13,
    ),
    FanRow(
        "human_hand",
        {"en": "Human hand", "fr": "Main humaine", "es": "Mano humana", "zh": "人糊"},
        _human,
        fan=0,
        limit=True,
        enabled_by="human_hand",
        source="RULES-hongkong §4.2 (CS; option human_hand)",
        example="123m456p789s234s55m win=4s tsumo seat=S first_turn human_hand=true",
        example_fan=13,
    ),
    # --- the disputed big hands: fan or limit by option (§4.1) ---
    FanRow(
        "all_terminals",
        {
            "en": "All terminals",
            "fr": "Que des terminales",
            "es": "Todo terminales",
            "zh": "清么九",
        },
        _all_terminals,
        fan="all_terminals_fan",
        limit="all_terminals_limit",
        replaces=("all_pungs", "mixed_terminals"),
        source="RULES-hongkong §4.1",
        example="111m999m111p11s pung:999s@W win=1s from=E seat=S",
        example_fan=13,
    ),
    FanRow(
        "all_honours",
        {"en": "All honours", "fr": "Que des honneurs", "es": "Todo honores", "zh": "字一色"},
        _all_honours,
        fan="all_honours_fan",
        limit="all_honours_limit",
        replaces=("all_pungs", "mixed_terminals"),
        source="RULES-hongkong §4.1",
        example="111z222z777z55z pung:666z@W win=5z from=E seat=S",
        example_fan=13,
    ),
    FanRow(
        "eight_bonus_tiles",
        {
            "en": "Eight immortals (all eight bonus tiles)",
            "fr": "Huit immortels (toutes les fleurs et saisons)",
            "es": "Ocho inmortales (todas las flores y estaciones)",
            "zh": "八仙過海",
        },
        _eight_bonus_tiles,
        fan="eight_bonus_tiles_fan",
        limit="eight_bonus_tiles_limit",
        replaces=(*_FLOWER_FAN, "seven_bonus_tiles"),
        source="RULES-hongkong §4.1",
        example="123m456p789s234s55m win=4s from=E seat=S flowers=1234f1234g",
        example_fan=10,
        shapes=ALL_SHAPES,
    ),
    FanRow(
        "big_three_dragons",
        {
            "en": "Big three dragons",
            "fr": "Trois grands dragons",
            "es": "Tres grandes dragones",
            "zh": "大三元",
        },
        _big_three_dragons,
        fan="big_three_dragons_fan",
        limit="big_three_dragons_limit",
        replaces=("dragon_pung", "small_three_dragons"),
        source="RULES-hongkong §4.1, §4.3",
        example="777z234m9p9p pung:555z@W pung:666z@N win=9p from=E seat=S",
        example_fan=9,
    ),
    FanRow(
        "all_concealed_pungs",
        {
            "en": "All concealed pungs",
            "fr": "Que des pungs cachés",
            "es": "Todo pungs ocultos",
            "zh": "坎坎糊",
        },
        _all_concealed_pungs,
        fan="all_concealed_pungs_fan",
        limit="all_concealed_pungs_limit",
        replaces=("all_pungs",),
        source="RULES-hongkong §4.1 (self-drawn, or the discard completes only the pair)",
        example="222m444m666p888s99s win=9s from=E seat=S",
        example_fan=10,
    ),
    FanRow(
        "small_four_winds",
        {
            "en": "Small four winds",
            "fr": "Petits quatre vents",
            "es": "Cuatro pequeños vientos",
            "zh": "小四喜",
        },
        _small_four_winds,
        fan="small_four_winds_fan",
        limit="small_four_winds_limit",
        replaces=("seat_wind", "round_wind"),
        source="RULES-hongkong §4.1, §4.3",
        example="111z222z333z44z123m win=3m from=E seat=S",
        example_fan=11,
    ),
    # --- ordinary fan (§4.1) ---
    FanRow(
        "double_kong_replacement",
        {
            "en": "Win on a second consecutive kong replacement",
            "fr": "Victoire sur un second remplacement de kong consécutif",
            "es": "Victoria con un segundo reemplazo de kong seguido",
            "zh": "槓上槓",
        },
        _double_kong_replacement,
        fan="double_kong_replacement_fan",
        replaces=("self_draw", "kong_replacement"),
        source="H-14",
        example=(
            "123m789p5m5m concealed-kong:1111s concealed-kong:2222s win=5m tsumo second_kong seat=S"
        ),
        example_fan=11,
    ),
    FanRow(
        "pure_one_suit",
        {"en": "Pure one suit", "fr": "Couleur pure", "es": "Palo puro", "zh": "清一色"},
        _pure_one_suit,
        fan=7,
        replaces=("mixed_one_suit",),
        source="RULES-hongkong §4.1, §4.3",
        example="111p234p567p789p5p5p win=5p from=E seat=S",
        example_fan=9,
    ),
    FanRow(
        "small_three_dragons",
        {
            "en": "Small three dragons",
            "fr": "Trois petits dragons",
            "es": "Tres pequeños dragones",
            "zh": "小三元",
        },
        _small_three_dragons,
        fan="small_three_dragons_fan",
        replaces=("dragon_pung",),
        replaces_when="small_three_dragons_includes_dragon_pungs",
        source="RULES-hongkong §4.1, §4.3",
        example="555z666z77z123m456m win=6m from=E seat=S",
        example_fan=10,
    ),
    FanRow(
        "seven_pairs",
        {"en": "Seven pairs", "fr": "Sept paires", "es": "Siete parejas", "zh": "七對子"},
        _seven_pairs,
        fan="seven_pairs_fan",
        enabled_by="seven_pairs",
        replaces=("concealed_hand",),
        source="RULES-hongkong §2 (option seven_pairs)",
        example="1133m5577p2299s11z win=1z from=E seat=S seven_pairs=true",
        example_fan=5,
    ),
    FanRow(
        "mixed_one_suit",
        {"en": "Mixed one suit", "fr": "Couleur mixte", "es": "Palo mixto", "zh": "混一色"},
        _mixed_one_suit,
        fan=3,
        source="H-11, RULES-hongkong §4.1",
        example="123s789s234s22z pung:555s@E win=4s from=E seat=S flowers=3f",
        example_fan=3,
    ),
    FanRow(
        "all_pungs",
        {"en": "All pungs", "fr": "Que des pungs", "es": "Todo pungs", "zh": "對對糊"},
        _all_pungs,
        fan=3,
        source="RULES-hongkong §4.1",
        example="222m444p9s9s pung:666p@W pung:888s@N win=9s from=E seat=S",
        example_fan=4,
    ),
    FanRow(
        "seven_bonus_tiles",
        {
            "en": "Seven bonus tiles",
            "fr": "Sept fleurs et saisons",
            "es": "Siete flores y estaciones",
            "zh": "花糊",
        },
        _seven_bonus_tiles,
        fan="seven_bonus_tiles_fan",
        replaces=_FLOWER_FAN,
        source="RULES-hongkong §4.1",
        example="123m456p789s234s55m win=4s from=E seat=S flowers=1234f123g",
        example_fan=5,
        shapes=ALL_SHAPES,
    ),
    FanRow(
        "kong_replacement",
        {
            "en": "Win on a kong replacement",
            "fr": "Victoire après un kong",
            "es": "Victoria tras un kong",
            "zh": "槓上開花",
        },
        _kong_replacement,
        fan="kong_replacement_fan",
        replaces=("self_draw",),
        source="H-14",
        example="123m456p789p5m5m concealed-kong:1111s win=5m tsumo after_kong seat=S flowers=2f",
        example_fan=4,
    ),
    FanRow(
        "mixed_terminals",
        {
            "en": "Mixed terminals (terminals and honours only)",
            "fr": "Terminales et honneurs",
            "es": "Terminales y honores",
            "zh": "混么九",
        },
        _mixed_terminals,
        fan=1,
        source="RULES-hongkong §4.1 (with all pungs: 4)",
        example="111m999p111s11z pung:777z@W win=1z from=E seat=S",
        example_fan=6,
    ),
    FanRow(
        "dragon_pung",
        {"en": "Dragon pung", "fr": "Pung de dragon", "es": "Pung de dragón", "zh": "三元牌"},
        _dragon_pungs,
        fan=1,
        source="RULES-hongkong §4.1 (one fan each)",
        example="9s9s chow:123m@E chow:456p@E pung:777z@W pung:666z@E win=9s tsumo seat=S",
        example_fan=4,
    ),
    FanRow(
        "seat_wind",
        {
            "en": "Seat wind pung",
            "fr": "Pung du vent de sa place",
            "es": "Pung del viento del asiento",
            "zh": "門風",
        },
        _seat_wind,
        fan=1,
        source="RULES-hongkong §4.1",
        example="123m456p789s11z222z win=2z tsumo seat=S flowers=1f",
        example_fan=3,
    ),
    FanRow(
        "round_wind",
        {
            "en": "Round wind pung",
            "fr": "Pung du vent dominant",
            "es": "Pung del viento de la ronda",
            "zh": "圈風",
        },
        _round_wind,
        fan=1,
        source="RULES-hongkong §4.1",
        example="123m456p789s22z111z win=1z tsumo seat=S flowers=1f",
        example_fan=3,
    ),
    FanRow(
        "common_hand",
        {
            "en": "Common hand (all chows)",
            "fr": "Main ordinaire (que des chows)",
            "es": "Mano común (todo chows)",
            "zh": "平糊",
        },
        _common_hand,
        fan=1,
        source="RULES-hongkong §4.1 (pair: option common_hand_suited_pair)",
        example="123m456p789s234s55m win=4s tsumo seat=S flowers=1f",
        example_fan=3,
    ),
    FanRow(
        "concealed_hand",
        {"en": "Concealed hand", "fr": "Main fermée", "es": "Mano cerrada", "zh": "門前清"},
        _concealed_hand,
        fan=1,
        source="RULES-hongkong §4.1, §4.3 (a concealed kong keeps it)",
        example="123m456p789s234s55m win=4s tsumo seat=S flowers=1f",
        example_fan=3,
    ),
    FanRow(
        "self_draw",
        {"en": "Self-draw", "fr": "Auto-pioche", "es": "Robo propio", "zh": "自摸"},
        _self_draw,
        fan=1,
        source="H-09",
        example="123s789s234s22z pung:555s@E win=4s tsumo seat=S flowers=3f",
        example_fan=4,
    ),
    FanRow(
        "robbing_kong",
        {"en": "Robbing the kong", "fr": "Voler le kong", "es": "Robar el kong", "zh": "搶槓"},
        _robbing_kong,
        fan=1,
        source="H-13",
        example="123s789s234s22z pung:555s@E win=4s from=W robbing_kong seat=S flowers=3f",
        example_fan=4,
    ),
    FanRow(
        "last_tile",
        {
            "en": "Moon from the bottom of the sea (last tile)",
            "fr": "Lune au fond de la mer (dernière tuile)",
            "es": "Luna del fondo del mar (última ficha)",
            "zh": "海底撈月",
        },
        _last_tile,
        fan="last_tile_fan",
        source="RULES-hongkong §4.1 (the last wall tile or the discard after it)",
        example="123m456p789s234s55m win=4s tsumo last_tile seat=S",
        example_fan=5,
    ),
    FanRow(
        "chicken_hand",
        {"en": "Chicken hand", "fr": "Main poulet", "es": "Mano pollo", "zh": "雞糊"},
        _chicken,
        fan=0,
        fallback=True,
        source="RULES-hongkong §4.1 (a win only with min_fan=0)",
        example="123m456p22z777p chow:789s@E win=7p from=E seat=S flowers=1f min_fan=0",
        example_fan=0,
    ),
    # --- bonus tiles (§4.1; bonus fan do not count toward the minimum by default) ---
    FanRow(
        "no_flowers",
        {
            "en": "No bonus tiles",
            "fr": "Ni fleur ni saison",
            "es": "Sin flores ni estaciones",
            "zh": "無花",
        },
        _no_flowers,
        fan=1,
        bonus=True,
        enabled_by="flowers",
        source="RULES-hongkong §4.1",
        example="111p234p567p789p5p5p win=5p from=E seat=S",
        example_fan=9,
    ),
    FanRow(
        "seat_flower",
        {"en": "Own flower", "fr": "Fleur de sa place", "es": "Flor propia", "zh": "正花"},
        _own(FIRST_FLOWER),
        fan=1,
        bonus=True,
        enabled_by="flowers",
        source="RULES-hongkong §1, §4.1 (E 1f, S 2f, W 3f, N 4f)",
        example="123m456p789s234s55m win=4s tsumo seat=W flowers=3f",
        example_fan=4,
    ),
    FanRow(
        "seat_season",
        {"en": "Own season", "fr": "Saison de sa place", "es": "Estación propia", "zh": "正季"},
        _own(FIRST_SEASON),
        fan=1,
        bonus=True,
        enabled_by="flowers",
        source="RULES-hongkong §1, §4.1 (E 1g, S 2g, W 3g, N 4g)",
        example="123m456p789s234s55m win=4s tsumo seat=N flowers=4g1f",
        example_fan=4,
    ),
    FanRow(
        "flower_set",
        {
            "en": "All four flowers",
            "fr": "Les quatre fleurs",
            "es": "Las cuatro flores",
            "zh": "一台花",
        },
        _complete_set(FIRST_FLOWER),
        fan=2,
        bonus=True,
        enabled_by="flowers",
        replaces=("seat_flower",),
        source="RULES-hongkong §4.1 (replaces that group's own flower)",
        example="123m456p789s234s55m win=4s tsumo seat=S flowers=1234f",
        example_fan=5,
    ),
    FanRow(
        "season_set",
        {
            "en": "All four seasons",
            "fr": "Les quatre saisons",
            "es": "Las cuatro estaciones",
            "zh": "一台季",
        },
        _complete_set(FIRST_SEASON),
        fan=2,
        bonus=True,
        enabled_by="flowers",
        replaces=("seat_season",),
        source="RULES-hongkong §4.1 (replaces that group's own season)",
        example="123m456p789s234s55m win=4s tsumo seat=S flowers=1234g2f",
        example_fan=6,
    ),
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
            "option": row.fan if isinstance(row.fan, str) else None,
            "enabled": row.enabled(rules),
            "source": row.source,
            "example": row.example,
        }
        for row in FAN_TABLE
    ]


def rules_page(rules: HongKongRules | None = None, lang: str = "en") -> str:
    """The fan table under ``rules`` as a Markdown page (from :func:`describe_table`)."""
    from mahjongkit.variants.hongkong.rules import HongKongRules as Rules

    rows = describe_table(rules or Rules.old_style(), lang)
    lines = ["| Pattern | Fan | Replaces | Example |", "|---|---|---|---|"]
    for row in rows:
        if not row["enabled"]:
            continue
        fan = f"{row['fan']} (limit)" if row["limit"] else str(row["fan"])
        replaces = ", ".join(str(r) for r in row["replaces"]) or "–"  # type: ignore[attr-defined]
        lines.append(f"| {row['name']} | {fan} | {replaces} | `{row['example']}` |")
    return "\n".join(lines)


# --- examples -----------------------------------------------------------------------------------

_EXAMPLE_FLAGS = ("tsumo", "after_kong", "second_kong", "robbing_kong", "last_tile", "first_turn")


def parse_example(text: str) -> tuple[Win, list[str]]:
    """A win written on one line, and the option overrides it names.

    Words: the concealed tiles first (mpsz, winning tile included), then melds
    (``KIND:TILES[@SEAT]``), ``win=TILE``, ``from=SEAT`` or ``tsumo``, ``seat=``, ``round=``,
    ``flowers=`` (mpsz), the flags ``after_kong second_kong robbing_kong last_tile first_turn``, and
    any ``option=value`` of :class:`HongKongRules`.

    >>> win, options = parse_example("123m456p789s234s55m win=4s tsumo seat=S min_fan=0")
    >>> win.self_draw, win.seat, str(win.win_tile), options
    (True, 1, '4s', ['min_fan=0'])
    """
    words = text.split()
    concealed, melds, fields, flags, options = words[0], [], {}, set(), []
    for word in words[1:]:
        if ":" in word:
            melds.append(word)
        elif word in _EXAMPLE_FLAGS:
            flags.add(word)
        elif word.split("=")[0] in ("win", "from", "seat", "round", "flowers"):
            key, _, value = word.partition("=")
            fields[key] = value
        else:
            options.append(word)
    seat = parse_seat(fields.get("seat", "E"))
    win = Win(
        hand=Hand.parse(concealed, melds),
        win_tile=Tile.parse(fields["win"]),
        self_draw="tsumo" in flags,
        seat=seat,
        from_seat=parse_seat(fields["from"]) if "from" in fields else None,
        round_wind=parse_seat(fields.get("round", "E")),
        after_kong="after_kong" in flags or "second_kong" in flags,
        second_kong="second_kong" in flags,
        robbing_kong="robbing_kong" in flags,
        last_tile="last_tile" in flags,
        first_turn="first_turn" in flags,
        flowers=tuple(parse_tiles(fields.get("flowers", ""))),
    )
    return win, options
