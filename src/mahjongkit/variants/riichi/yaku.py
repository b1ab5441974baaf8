"""The Riichi pattern table: every yaku and yakuman (R-05 ... R-47), and the four bonus counts.

Each row is data: a stable id, the requirement it implements, its han when concealed and when
open (0: concealed only), its yakuman value, the feature bits it needs and forbids, a small pure
predicate over :class:`~mahjongkit.variants.riichi.features.WinContext` (None when the features
decide it alone), the rows it replaces when both apply, the rows it implies, its names and its
Tenhou id. Precedence lives in ``replaces``, never in code: Twice Pure Double Chow replaces Pure
Double Chow, Full Flush replaces Half Flush, and so on.

Names are given in English (``en``), French (``fr``, the seed's terms), Spanish (``es``) and
Japanese, both in kanji (``ja``) and in romaji (``ja-Latn``, the BCP 47 tag for Japanese in the
Latin script).

Dora, ura dora, red fives and, in three-player Riichi, the North tiles set aside (``bonus``
rows) add han but are not yaku: they count only in a hand that has a yaku, and never with a
yakuman.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from mahjongkit.lite_typing import Literal
from mahjongkit.scoring.patterns import (
    BoolOption,
    Option,
    PatternRow,
    TableError,
    check_table,
    with_names,
)
from mahjongkit.valueclass import dataclass
from mahjongkit.variants.riichi.features import (
    F_AFTER_KONG,
    F_ALL_SIMPLES,
    F_CHOW,
    F_DEALER,
    F_DISCARD,
    F_DOUBLE_RIICHI,
    F_DRAGON_PAIR,
    F_FIRST_TURN,
    F_FOUR_CHOWS,
    F_FOUR_CONCEALED_PUNGS,
    F_FOUR_KONGS,
    F_FOUR_WIND_PUNGS,
    F_GREEN_ONLY,
    F_GREEN_PUNG,
    F_HONOURS_ONLY,
    F_IPPATSU,
    F_LAST_TILE,
    F_MIXED_TRIPLE_CHOW,
    F_NEVER,
    F_NO_CHOW,
    F_NO_HONOURS,
    F_NO_MELDS,
    F_NO_SIMPLES,
    F_NON_DEALER,
    F_ONE_SUIT,
    F_ONE_SUIT_HONOURS,
    F_ORPHANS,
    F_OUTSIDE,
    F_PAIR_WAIT,
    F_PEIKOU,
    F_PURE_STRAIGHT,
    F_RED_PUNG,
    F_REGULAR,
    F_RIICHI,
    F_ROBBING_KONG,
    F_ROUND_WIND_PUNG,
    F_SEAT_WIND_PUNG,
    F_SELF_DRAW,
    F_SEVEN_PAIRS,
    F_TERMINALS_ONLY,
    F_THREE_CONCEALED_PUNGS,
    F_THREE_DRAGON_PUNGS,
    F_THREE_KONGS,
    F_THREE_WIND_PUNGS,
    F_TRIPLE_PUNG,
    F_TWO_DRAGON_PUNGS,
    F_TWO_PEIKOU,
    F_TWO_SIDED_WAIT,
    F_VALUE_PAIR,
    F_WHITE_PUNG,
    F_WIND_PAIR,
    WinContext,
)
from mahjongkit.variants.riichi.names import NAMES
from mahjongkit.variants.riichi.rules import RiichiRules

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    Bonus = Literal["dora", "ura", "red", "north"]

Predicate = Callable[[WinContext], bool]
Value = tuple[int, int, int]
"""(han closed, han open, yakuman) of a row under one option value."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Yaku(PatternRow):
    """One row of the pattern table: the shared fields and what the compiled search reads."""

    han_closed: int
    han_open: int
    """0: the row needs a concealed hand."""
    yakuman: int = 0
    """1 for a yakuman (its han are not used); a rule option may make it pay double."""
    needs: int = 0
    """Feature bits that must all be present."""
    forbids: int = 0
    """Feature bits that must all be absent."""
    test: Predicate | None = None
    """The predicate left once the features hold; None when they decide alone."""
    open_option: BoolOption | None = None
    """A boolean rule option that, when true, lets an open hand score the closed value."""
    option: tuple[Option[str], Mapping[str, Value | None]] | None = None
    """A rule option choosing this row's value: (option, {option value: value or None for
    "not a yaku"})."""
    bonus: Bonus | None = None
    """Dora, ura dora, red fives and North tiles set aside: han per tile, not a yaku."""
    tenhou_id: int | None = None
    """Tenhou's yaku id (seat and prevalent wind: the id of East, + the wind's index)."""
    concealed: bool = False
    """A yakuman that only a concealed hand can make (its features already imply it; for other
    rows an open value of 0 says the same)."""


def _popcount(bits: int) -> int:
    return bin(bits).count("1")


# --- predicates (one line each; the features have already filtered) -----------------------------


def _kokushi_13(c: WinContext) -> bool:
    return c.concealed_counts[c.win_kind] == 2


def _chuuren(c: WinContext) -> bool:
    start = c.win_kind - c.win_kind % 9
    suit = c.concealed_counts[start : start + 9]
    return suit[0] >= 3 and suit[8] >= 3 and all(suit[1:8])


def _junsei_chuuren(c: WinContext) -> bool:
    held = c.concealed_counts[c.win_kind]
    # Without the winning tile the suit is exactly 1112345678999: a nine-sided wait.
    return _chuuren(c) and held == (4 if c.win_kind % 9 in (0, 8) else 2)


# --- the table ----------------------------------------------------------------------------------

TABLE: tuple[Yaku, ...] = with_names(
    (
        Yaku(
            id="riichi",
            rule="R-05",
            han_closed=1,
            han_open=0,
            needs=F_RIICHI,
            tenhou_id=1,
            example="123m456p789s22444z --win 3m --seat W --riichi",
        ),
        Yaku(
            id="double_riichi",
            rule="R-07",
            han_closed=2,
            han_open=0,
            needs=F_DOUBLE_RIICHI,
            replaces=("riichi",),
            tenhou_id=21,
            example="123m456p789s22444z --win 3m --seat W --double-riichi",
        ),
        Yaku(
            id="ippatsu",
            rule="R-06",
            han_closed=1,
            han_open=0,
            needs=F_IPPATSU,
            implies=("riichi", "double_riichi"),
            tenhou_id=2,
            example="123m456p789s22444z --win 3m --seat W --riichi --ippatsu",
        ),
        Yaku(
            id="menzen_tsumo",
            rule="R-08",
            han_closed=1,
            han_open=0,
            needs=F_SELF_DRAW,
            tenhou_id=0,
            example="123m456p789s22444z --win 3m --seat W --tsumo",
        ),
        Yaku(
            id="tanyao",
            rule="R-09",
            han_closed=1,
            han_open=0,
            needs=F_ALL_SIMPLES,
            open_option=BoolOption("open_tanyao"),
            tenhou_id=8,
            example="234567m34588p678s --win 3m --seat W",
        ),
        Yaku(
            id="pinfu",
            rule="R-10",
            han_closed=1,
            han_open=0,
            needs=F_REGULAR | F_FOUR_CHOWS | F_TWO_SIDED_WAIT,
            forbids=F_VALUE_PAIR,
            tenhou_id=7,
            example="234567m34588p678s --win 2m --seat W",
        ),
        Yaku(
            id="iipeikou",
            rule="R-11",
            han_closed=1,
            han_open=0,
            needs=F_REGULAR | F_PEIKOU,
            tenhou_id=9,
            example="223344m567p67899s --win 2m --seat W",
        ),
        Yaku(
            id="sanshoku",
            rule="R-12",
            han_closed=2,
            han_open=1,
            needs=F_REGULAR | F_MIXED_TRIPLE_CHOW,
            tenhou_id=25,
            example="123456m12399p123s --win 6m --seat W",
        ),
        Yaku(
            id="ittsu",
            rule="R-13",
            han_closed=2,
            han_open=1,
            needs=F_REGULAR | F_PURE_STRAIGHT,
            tenhou_id=24,
            example="123456789m234p55s --win 9m --seat W",
        ),
        Yaku(
            id="haku",
            rule="R-14",
            han_closed=1,
            han_open=1,
            needs=F_WHITE_PUNG,
            tenhou_id=18,
            example="123m456p789s55566z --win 6z --seat W",
        ),
        Yaku(
            id="hatsu",
            rule="R-14",
            han_closed=1,
            han_open=1,
            needs=F_GREEN_PUNG,
            tenhou_id=19,
            example="123m456p789s66677z --win 7z --seat W",
        ),
        Yaku(
            id="chun",
            rule="R-14",
            han_closed=1,
            han_open=1,
            needs=F_RED_PUNG,
            tenhou_id=20,
            example="123m456p789s55777z --win 5z --seat W",
        ),
        Yaku(
            id="seat_wind",
            rule="R-15",
            han_closed=1,
            han_open=1,
            needs=F_SEAT_WIND_PUNG,
            tenhou_id=10,
            example="123m456p789s33355z --win 5z --seat W",
        ),
        Yaku(
            id="round_wind",
            rule="R-16",
            han_closed=1,
            han_open=1,
            needs=F_ROUND_WIND_PUNG,
            tenhou_id=14,
            example="123m456p789s11155z --win 5z --seat W",
        ),
        Yaku(
            id="chanta",
            rule="R-17",
            han_closed=2,
            han_open=1,
            needs=F_REGULAR | F_CHOW | F_OUTSIDE,
            tenhou_id=23,
            example="123m789p789s11122z --win 3m --seat W --round S",
        ),
        Yaku(
            id="rinshan",
            rule="R-18",
            han_closed=1,
            han_open=1,
            needs=F_AFTER_KONG,
            tenhou_id=4,
            example="123m456p789s44z --meld kong:7777z@N --win 4z --seat W --tsumo --after-kong",
        ),
        Yaku(
            id="chankan",
            rule="R-19",
            han_closed=1,
            han_open=1,
            needs=F_ROBBING_KONG,
            tenhou_id=3,
            example="123m456p789s22444z --win 3m --seat W --riichi --robbing-kong",
        ),
        Yaku(
            id="haitei",
            rule="R-20",
            han_closed=1,
            han_open=1,
            needs=F_LAST_TILE | F_SELF_DRAW,
            tenhou_id=5,
            example="123m456p789s22444z --win 3m --seat W --tsumo --last-tile",
        ),
        Yaku(
            id="houtei",
            rule="R-21",
            han_closed=1,
            han_open=1,
            needs=F_LAST_TILE | F_DISCARD,
            tenhou_id=6,
            example="123m456p789s22444z --win 3m --seat W --last-tile",
        ),
        Yaku(
            id="chiitoitsu",
            rule="R-22",
            han_closed=2,
            han_open=0,
            needs=F_SEVEN_PAIRS,
            tenhou_id=22,
            example="1133557799m1122p --win 2p --seat W",
        ),
        Yaku(
            id="sanshoku_doukou",
            rule="R-23",
            han_closed=2,
            han_open=2,
            needs=F_REGULAR | F_TRIPLE_PUNG,
            tenhou_id=26,
            example="222345m222p222s11z --win 5m --seat W",
        ),
        Yaku(
            id="sanankou",
            rule="R-24",
            han_closed=2,
            han_open=2,
            needs=F_REGULAR | F_THREE_CONCEALED_PUNGS,
            tenhou_id=29,
            example="111456m222p333s77z --win 4m --seat W",
        ),
        Yaku(
            id="sankantsu",
            rule="R-25",
            han_closed=2,
            han_open=2,
            needs=F_THREE_KONGS,
            tenhou_id=27,
            example="345m22z --meld kong:1111m@N --meld concealed-kong:9999p --meld kong:2222s@E "
            "--win 5m --seat W",
        ),
        Yaku(
            id="toitoi",
            rule="R-26",
            han_closed=2,
            han_open=2,
            needs=F_REGULAR | F_NO_CHOW,
            tenhou_id=28,
            example="22m444p555z --meld pung:666s@N --meld pung:777m@S --win 5z --seat W",
        ),
        Yaku(
            id="honitsu",
            rule="R-27",
            han_closed=3,
            han_open=2,
            needs=F_ONE_SUIT_HONOURS,
            tenhou_id=34,
            example="123456789m11122z --win 9m --seat W --round S",
        ),
        Yaku(
            id="shousangen",
            rule="R-28",
            han_closed=2,
            han_open=2,
            needs=F_REGULAR | F_TWO_DRAGON_PUNGS | F_DRAGON_PAIR,
            implies=("haku", "hatsu", "chun"),
            tenhou_id=30,
            example="234m55566677z --meld chi:678p@S --win 4m --seat W",
        ),
        Yaku(
            id="honroutou",
            rule="R-29",
            han_closed=2,
            han_open=2,
            needs=F_NO_SIMPLES,
            forbids=F_ORPHANS,
            implies=("toitoi", "chiitoitsu"),
            tenhou_id=31,
            example="111s999s33z --meld pung:111m@N --meld pung:999p@S --win 3z --seat W",
        ),
        Yaku(
            id="junchan",
            rule="R-30",
            han_closed=3,
            han_open=2,
            needs=F_REGULAR | F_CHOW | F_OUTSIDE | F_NO_HONOURS,
            replaces=("chanta",),
            tenhou_id=33,
            example="123789m123p11789s --win 3m --seat W",
        ),
        Yaku(
            id="ryanpeikou",
            rule="R-31",
            han_closed=3,
            han_open=0,
            needs=F_REGULAR | F_TWO_PEIKOU,
            replaces=("iipeikou",),
            tenhou_id=32,
            example="223344m556677p99s --win 2m --seat W",
        ),
        Yaku(
            id="chinitsu",
            rule="R-32",
            han_closed=6,
            han_open=5,
            needs=F_ONE_SUIT,
            replaces=("honitsu",),
            tenhou_id=35,
            example="12233445556789m --win 2m --seat W",
        ),
        Yaku(
            id="nagashi_mangan",
            rule="R-33",
            han_closed=5,
            han_open=0,
            needs=F_NEVER,
        ),
        # --- yakuman ------------------------------------------------------------------------------
        Yaku(
            id="kokushi",
            rule="R-34",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_ORPHANS,
            tenhou_id=47,
            example="19m19p19s12345677z --win 6z --seat W",
            concealed=True,
        ),
        Yaku(
            id="kokushi_13",
            rule="R-34",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_ORPHANS,
            test=_kokushi_13,
            replaces=("kokushi",),
            tenhou_id=48,
            example="19m19p19s12345677z --win 7z --seat W",
            concealed=True,
        ),
        Yaku(
            id="chuuren",
            rule="R-35",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_REGULAR | F_ONE_SUIT | F_NO_MELDS,
            test=_chuuren,
            tenhou_id=45,
            example="11123455678999m --win 1m --seat W",
            concealed=True,
        ),
        Yaku(
            id="junsei_chuuren",
            rule="R-35",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_REGULAR | F_ONE_SUIT | F_NO_MELDS,
            test=_junsei_chuuren,
            replaces=("chuuren",),
            tenhou_id=46,
            example="11123455678999m --win 5m --seat W",
            concealed=True,
        ),
        Yaku(
            id="tenhou",
            rule="R-36",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_FIRST_TURN | F_DEALER | F_SELF_DRAW | F_NO_MELDS,
            tenhou_id=37,
            example="123m456p789s22444z --win 3m --seat E --tsumo --first-turn",
            concealed=True,
        ),
        Yaku(
            id="chiihou",
            rule="R-37",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_FIRST_TURN | F_NON_DEALER | F_SELF_DRAW | F_NO_MELDS,
            tenhou_id=38,
            example="123m456p789s22444z --win 3m --seat S --tsumo --first-turn",
            concealed=True,
        ),
        Yaku(
            id="renhou",
            rule="R-38",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_FIRST_TURN | F_NON_DEALER | F_DISCARD | F_NO_MELDS,
            option=(Option("renhou"), {"yakuman": (0, 0, 1), "mangan": (5, 0, 0), "none": None}),
            tenhou_id=36,
            example="123m456p789s22444z --win 3m --seat S --first-turn",
            concealed=True,
        ),
        Yaku(
            id="suuankou",
            rule="R-39",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_REGULAR | F_FOUR_CONCEALED_PUNGS,
            tenhou_id=40,
            example="111m222p333s44455z --win 1m --seat W --tsumo",
            concealed=True,
        ),
        Yaku(
            id="suuankou_tanki",
            rule="R-39",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_REGULAR | F_FOUR_CONCEALED_PUNGS | F_PAIR_WAIT,
            replaces=("suuankou",),
            tenhou_id=41,
            example="111m222p333s44455z --win 5z --seat W",
            concealed=True,
        ),
        Yaku(
            id="suukantsu",
            rule="R-40",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_FOUR_KONGS,
            tenhou_id=51,
            example=(
                "77z --meld kong:1111m@N --meld concealed-kong:9999p --meld kong:2222s@E "
                "--meld added-kong:5555z@S --win 7z --seat W"
            ),
        ),
        Yaku(
            id="ryuuiisou",
            rule="R-41",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_GREEN_ONLY,
            tenhou_id=43,
            example="223344666888s66z --win 8s --seat W --tsumo",
        ),
        Yaku(
            id="chinroutou",
            rule="R-42",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_TERMINALS_ONLY,
            tenhou_id=44,
            example="111s999s99m --meld pung:111m@N --meld pung:999p@S --win 9m --seat W",
        ),
        Yaku(
            id="tsuuiisou",
            rule="R-43",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_HONOURS_ONLY,
            tenhou_id=42,
            example="555z777z22z --meld pung:111z@N --meld pung:333z@S --win 2z --seat W",
        ),
        Yaku(
            id="daisangen",
            rule="R-44",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_REGULAR | F_THREE_DRAGON_PUNGS,
            tenhou_id=39,
            example=(
                "234m55m --meld pung:555z@N --meld pung:666z@S --meld pung:777z@E --win 5m --seat W"
            ),
        ),
        Yaku(
            id="shousuushii",
            rule="R-45",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_REGULAR | F_THREE_WIND_PUNGS | F_WIND_PAIR,
            tenhou_id=50,
            example="123m111z222z333z44z --win 4z --seat W",
        ),
        Yaku(
            id="daisuushii",
            rule="R-46",
            han_closed=0,
            han_open=0,
            yakuman=1,
            needs=F_REGULAR | F_FOUR_WIND_PUNGS,
            replaces=("shousuushii",),
            tenhou_id=49,
            example=(
                "22m444z --meld pung:111z@N --meld pung:222z@S --meld pung:333z@E --win 2m --seat W"
            ),
        ),
        # --- bonus han: not yaku ------------------------------------------------------------------
        Yaku(
            id="dora",
            rule="R-02",
            han_closed=1,
            han_open=1,
            bonus="dora",
            tenhou_id=52,
            example="123m456p789s22444z --win 3m --seat W --riichi --dora 2m",
        ),
        Yaku(
            id="aka_dora",
            rule="R-02",
            han_closed=1,
            han_open=1,
            bonus="red",
            tenhou_id=54,
            example="123m406p789s22444z --win 3m --seat W --riichi",
        ),
        Yaku(
            id="ura_dora",
            rule="R-02",
            han_closed=1,
            han_open=0,
            bonus="ura",
            tenhou_id=53,
            example="123m456p789s22444z --win 3m --seat W --riichi --ura 3z",
        ),
        Yaku(
            id="nukidora",
            rule="R-02",
            han_closed=1,
            han_open=1,
            bonus="north",
            tenhou_id=52,  # Tenhou counts a North set aside among the dora
            example=(
                "123m456p789s22444z --win 3m --seat W --riichi --nukidora 1 --option players=3 "
                "--option uma=15000,0,-15000"
            ),
        ),
    ),
    NAMES,
)
"""Every pattern, in the order of the explanation."""

BY_ID: Mapping[str, Yaku] = {row.id: row for row in TABLE}
"""The rows by id."""
PATTERN_NAMES: Mapping[str, Mapping[str, str]] = {row.id: row.names for row in TABLE}
"""Every pattern's names by stable id."""


def pattern_names() -> Mapping[str, Mapping[str, str]]:
    """:data:`PATTERN_NAMES` (the registry reads it through this, on first use)."""
    return PATTERN_NAMES


def check() -> None:
    """The shared table checks, and one of the compiled search: replacements do not chain.

    The tests run it (``tests/scoring/test_tables.py``); the import does not, because a
    one-shot command would pay for it every time."""
    check_table(TABLE, RiichiRules, tuple(NAMES), NAMES)
    replaced = {other for row in TABLE for other in row.replaces}
    for row in TABLE:
        if row.replaces and row.id in replaced:
            raise TableError(f"{row.id} both replaces and is replaced")
