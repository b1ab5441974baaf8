"""The Riichi pattern table: every yaku and yakuman (R-05 ... R-47), and the three bonus counts.

Each row is data: a stable id, the requirement it implements, its han when concealed and when
open (0: concealed only), its yakuman value, the feature bits it needs and forbids, a small pure
predicate over :class:`~mahjongkit.variants.riichi.context.WinContext` (None when the features
decide it alone), the rows it replaces when both apply, the rows it implies, its names and its
Tenhou id. Precedence lives in ``replaces``, never in code: Twice Pure Double Chow replaces Pure
Double Chow, Full Flush replaces Half Flush, and so on.

Names are given in English (``en``), French (``fr``, the seed's terms), Spanish (``es``) and
Japanese, both in kanji (``ja``) and in romaji (``ja-Latn``, the BCP 47 tag for Japanese in the
Latin script).

Dora, ura dora and red fives (``bonus`` rows) add han but are not yaku: they count only in a hand
that has a yaku, and never with a yakuman.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from mahjongkit.scoring import Names
from mahjongkit.variants.riichi.context import (
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

Predicate = Callable[[WinContext], bool]
Bonus = Literal["dora", "ura", "red"]
Value = tuple[int, int, int]
"""(han closed, han open, yakuman) of a row under one option value."""


@dataclass(frozen=True, slots=True)
class Yaku:
    """One row of the pattern table."""

    id: str
    rule: str
    """The requirement this row implements (``R-05`` ...)."""
    han_closed: int
    han_open: int
    """0: the row needs a concealed hand."""
    names: Names
    yakuman: int = 0
    """1 for a yakuman (its han are not used); a rule option may make it pay double."""
    needs: int = 0
    """Feature bits that must all be present."""
    forbids: int = 0
    """Feature bits that must all be absent."""
    test: Predicate | None = None
    """The predicate left once the features hold; None when they decide alone."""
    replaces: tuple[str, ...] = ()
    """Rows dropped when this one applies (they are contained in it)."""
    implies: tuple[str, ...] = ()
    """Whenever this row applies, at least one of these applies too (checked by the tests)."""
    open_option: str | None = None
    """A boolean rule option that, when true, lets an open hand score the closed value."""
    option: tuple[str, Mapping[str, Value | None]] | None = None
    """A rule option choosing this row's value: (option name, {option value: value or None
    for "not a yaku"})."""
    bonus: Bonus | None = None
    """Dora, ura dora and red fives: han per tile, not a yaku."""
    tenhou_id: int | None = None
    """Tenhou's yaku id (seat and prevalent wind: the id of East, + the wind's index)."""
    example: str = ""
    """A hand showing the row, as the arguments of ``mahjongkit score`` (default rules)."""
    concealed: bool = False
    """A yakuman that only a concealed hand can make (its features already imply it; for other
    rows an open value of 0 says the same)."""


def _names(en: str, fr: str, es: str, ja: str, romaji: str) -> Names:
    return {"en": en, "fr": fr, "es": es, "ja": ja, "ja-Latn": romaji}


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

TABLE: tuple[Yaku, ...] = (
    Yaku(
        "riichi",
        "R-05",
        1,
        0,
        _names("Riichi", "Riichi", "Riichi", "立直", "riichi"),
        needs=F_RIICHI,
        tenhou_id=1,
        example="123m456p789s22444z --win 3m --seat W --riichi",
    ),
    Yaku(
        "double_riichi",
        "R-07",
        2,
        0,
        _names("Double riichi", "Double riichi", "Doble riichi", "両立直", "daburu riichi"),
        needs=F_DOUBLE_RIICHI,
        replaces=("riichi",),
        tenhou_id=21,
        example="123m456p789s22444z --win 3m --seat W --double-riichi",
    ),
    Yaku(
        "ippatsu",
        "R-06",
        1,
        0,
        _names("Ippatsu (one shot)", "Ippatsu", "Ippatsu (a la primera)", "一発", "ippatsu"),
        needs=F_IPPATSU,
        implies=("riichi", "double_riichi"),
        tenhou_id=2,
        example="123m456p789s22444z --win 3m --seat W --riichi --ippatsu",
    ),
    Yaku(
        "menzen_tsumo",
        "R-08",
        1,
        0,
        _names(
            "Fully concealed hand",
            "Tout Caché Tiré",
            "Mano cerrada por autorrobo",
            "門前清自摸和",
            "menzen tsumo",
        ),
        needs=F_SELF_DRAW,
        tenhou_id=0,
        example="123m456p789s22444z --win 3m --seat W --tsumo",
    ),
    Yaku(
        "tanyao",
        "R-09",
        1,
        0,
        _names("All Simples", "Tout Ordinaire", "Todo simples", "断幺九", "tanyao"),
        needs=F_ALL_SIMPLES,
        open_option="open_tanyao",
        tenhou_id=8,
        example="234567m34588p678s --win 3m --seat W",
    ),
    Yaku(
        "pinfu",
        "R-10",
        1,
        0,
        _names("Pinfu (no-points hand)", "Pinfu", "Pinfu (mano sin puntos)", "平和", "pinfu"),
        needs=F_REGULAR | F_FOUR_CHOWS | F_TWO_SIDED_WAIT,
        forbids=F_VALUE_PAIR,
        tenhou_id=7,
        example="234567m34588p678s --win 2m --seat W",
    ),
    Yaku(
        "iipeikou",
        "R-11",
        1,
        0,
        _names(
            "Pure Double Chow",
            "Double Chows Purs",
            "Doble escalera pura",
            "一盃口",
            "iipeikou",
        ),
        needs=F_REGULAR | F_PEIKOU,
        tenhou_id=9,
        example="223344m567p67899s --win 2m --seat W",
    ),
    Yaku(
        "sanshoku",
        "R-12",
        2,
        1,
        _names(
            "Mixed Triple Chow",
            "Triple Chows",
            "Escalera triple mixta",
            "三色同順",
            "sanshoku doujun",
        ),
        needs=F_REGULAR | F_MIXED_TRIPLE_CHOW,
        tenhou_id=25,
        example="123456m12399p123s --win 6m --seat W",
    ),
    Yaku(
        "ittsu",
        "R-13",
        2,
        1,
        _names("Pure Straight", "Grande Suite Pure", "Escalera pura", "一気通貫", "ittsu"),
        needs=F_REGULAR | F_PURE_STRAIGHT,
        tenhou_id=24,
        example="123456789m234p55s --win 9m --seat W",
    ),
    Yaku(
        "haku",
        "R-14",
        1,
        1,
        _names(
            "Dragon Pung (white)",
            "Pung de Dragon (blanc)",
            "Pung de dragón (blanco)",
            "役牌 白",
            "yakuhai haku",
        ),
        needs=F_WHITE_PUNG,
        tenhou_id=18,
        example="123m456p789s55566z --win 6z --seat W",
    ),
    Yaku(
        "hatsu",
        "R-14",
        1,
        1,
        _names(
            "Dragon Pung (green)",
            "Pung de Dragon (vert)",
            "Pung de dragón (verde)",
            "役牌 發",
            "yakuhai hatsu",
        ),
        needs=F_GREEN_PUNG,
        tenhou_id=19,
        example="123m456p789s66677z --win 7z --seat W",
    ),
    Yaku(
        "chun",
        "R-14",
        1,
        1,
        _names(
            "Dragon Pung (red)",
            "Pung de Dragon (rouge)",
            "Pung de dragón (rojo)",
            "役牌 中",
            "yakuhai chun",
        ),
        needs=F_RED_PUNG,
        tenhou_id=20,
        example="123m456p789s55777z --win 5z --seat W",
    ),
    Yaku(
        "seat_wind",
        "R-15",
        1,
        1,
        _names("Seat Wind", "Vent du Joueur", "Viento del asiento", "自風牌", "jikaze"),
        needs=F_SEAT_WIND_PUNG,
        tenhou_id=10,
        example="123m456p789s33355z --win 5z --seat W",
    ),
    Yaku(
        "round_wind",
        "R-16",
        1,
        1,
        _names("Prevalent Wind", "Vent Dominant", "Viento dominante", "場風牌", "bakaze"),
        needs=F_ROUND_WIND_PUNG,
        tenhou_id=14,
        example="123m456p789s11155z --win 5z --seat W",
    ),
    Yaku(
        "chanta",
        "R-17",
        2,
        1,
        _names(
            "Outside Hand",
            "Terminales et Honneurs Partout",
            "Mano exterior",
            "混全帯幺九",
            "chanta",
        ),
        needs=F_REGULAR | F_CHOW | F_OUTSIDE,
        tenhou_id=23,
        example="123m789p789s11122z --win 3m --seat W --round S",
    ),
    Yaku(
        "rinshan",
        "R-18",
        1,
        1,
        _names("After a Kong", "Finir sur Kong", "Tras un kong", "嶺上開花", "rinshan kaihou"),
        needs=F_AFTER_KONG,
        tenhou_id=4,
        example="123m456p789s44z --meld kong:7777z@N --win 4z --seat W --tsumo --after-kong",
    ),
    Yaku(
        "chankan",
        "R-19",
        1,
        1,
        _names("Robbing the Kong", "Voler un Kong", "Robar el kong", "槍槓", "chankan"),
        needs=F_ROBBING_KONG,
        tenhou_id=3,
        example="123m456p789s22444z --win 3m --seat W --riichi --robbing-kong",
    ),
    Yaku(
        "haitei",
        "R-20",
        1,
        1,
        _names(
            "Under the Sea",
            "Fond de la Mer (pioche)",
            "Fondo del mar",
            "海底摸月",
            "haitei raoyue",
        ),
        needs=F_LAST_TILE | F_SELF_DRAW,
        tenhou_id=5,
        example="123m456p789s22444z --win 3m --seat W --tsumo --last-tile",
    ),
    Yaku(
        "houtei",
        "R-21",
        1,
        1,
        _names(
            "Under the River",
            "Fond de la Mer (écart)",
            "Fondo del río",
            "河底撈魚",
            "houtei raoyui",
        ),
        needs=F_LAST_TILE | F_DISCARD,
        tenhou_id=6,
        example="123m456p789s22444z --win 3m --seat W --last-tile",
    ),
    Yaku(
        "chiitoitsu",
        "R-22",
        2,
        0,
        _names("Seven Pairs", "Sept Paires", "Siete parejas", "七対子", "chiitoitsu"),
        needs=F_SEVEN_PAIRS,
        tenhou_id=22,
        example="1133557799m1122p --win 2p --seat W",
    ),
    Yaku(
        "sanshoku_doukou",
        "R-23",
        2,
        2,
        _names("Triple Pung", "Triple Pungs", "Pung triple", "三色同刻", "sanshoku doukou"),
        needs=F_REGULAR | F_TRIPLE_PUNG,
        tenhou_id=26,
        example="222345m222p222s11z --win 5m --seat W",
    ),
    Yaku(
        "sanankou",
        "R-24",
        2,
        2,
        _names(
            "Three Concealed Pungs",
            "Trois Pungs Cachés",
            "Tres pungs ocultos",
            "三暗刻",
            "sanankou",
        ),
        needs=F_REGULAR | F_THREE_CONCEALED_PUNGS,
        tenhou_id=29,
        example="111456m222p333s77z --win 4m --seat W",
    ),
    Yaku(
        "sankantsu",
        "R-25",
        2,
        2,
        _names("Three Kongs", "Trois Kongs", "Tres kongs", "三槓子", "sankantsu"),
        needs=F_THREE_KONGS,
        tenhou_id=27,
        example=(
            "345m22z --meld kong:1111m@N --meld concealed-kong:9999p --meld kong:2222s@E "
            "--win 5m --seat W"
        ),
    ),
    Yaku(
        "toitoi",
        "R-26",
        2,
        2,
        _names("All Pungs", "Tout Pung", "Todo pungs", "対々和", "toitoi"),
        needs=F_REGULAR | F_NO_CHOW,
        tenhou_id=28,
        example="22m444p555z --meld pung:666s@N --meld pung:777m@S --win 5z --seat W",
    ),
    Yaku(
        "honitsu",
        "R-27",
        3,
        2,
        _names("Half Flush", "Semi Pure", "Color mixto", "混一色", "honitsu"),
        needs=F_ONE_SUIT_HONOURS,
        tenhou_id=34,
        example="123456789m11122z --win 9m --seat W --round S",
    ),
    Yaku(
        "shousangen",
        "R-28",
        2,
        2,
        _names(
            "Little Three Dragons",
            "Trois Petits Dragons",
            "Tres dragones pequeños",
            "小三元",
            "shousangen",
        ),
        needs=F_REGULAR | F_TWO_DRAGON_PUNGS | F_DRAGON_PAIR,
        implies=("haku", "hatsu", "chun"),
        tenhou_id=30,
        example="234m55566677z --meld chi:678p@S --win 4m --seat W",
    ),
    Yaku(
        "honroutou",
        "R-29",
        2,
        2,
        _names(
            "All Terminals and Honours",
            "Tout Terminales et Honneurs",
            "Todo terminales y honores",
            "混老頭",
            "honroutou",
        ),
        needs=F_NO_SIMPLES,
        forbids=F_ORPHANS,
        implies=("toitoi", "chiitoitsu"),
        tenhou_id=31,
        example="111s999s33z --meld pung:111m@N --meld pung:999p@S --win 3z --seat W",
    ),
    Yaku(
        "junchan",
        "R-30",
        3,
        2,
        _names(
            "Terminals in All Sets",
            "Terminales Partout",
            "Terminales en todos los grupos",
            "純全帯幺九",
            "junchan",
        ),
        needs=F_REGULAR | F_CHOW | F_OUTSIDE | F_NO_HONOURS,
        replaces=("chanta",),
        tenhou_id=33,
        example="123789m123p11789s --win 3m --seat W",
    ),
    Yaku(
        "ryanpeikou",
        "R-31",
        3,
        0,
        _names(
            "Twice Pure Double Chow",
            "Deux Fois Double Chows Purs",
            "Dos dobles escaleras puras",
            "二盃口",
            "ryanpeikou",
        ),
        needs=F_REGULAR | F_TWO_PEIKOU,
        replaces=("iipeikou",),
        tenhou_id=32,
        example="223344m556677p99s --win 2m --seat W",
    ),
    Yaku(
        "chinitsu",
        "R-32",
        6,
        5,
        _names("Full Flush", "Main Pure", "Color puro", "清一色", "chinitsu"),
        needs=F_ONE_SUIT,
        replaces=("honitsu",),
        tenhou_id=35,
        example="12233445556789m --win 2m --seat W",
    ),
    Yaku(
        "nagashi_mangan",
        "R-33",
        5,
        0,
        _names(
            "Nagashi Mangan (terminal and honour discards)",
            "Nagashi Mangan",
            "Nagashi mangan",
            "流し満貫",
            "nagashi mangan",
        ),
        # Not a property of a winning hand: an exhaustive-draw settlement, paid by
        # mahjongkit.variants.riichi.points.nagashi_mangan_payments.
        needs=F_NEVER,
    ),
    # --- yakuman --------------------------------------------------------------------------------
    Yaku(
        "kokushi",
        "R-34",
        0,
        0,
        _names(
            "Thirteen Orphans", "Treize Orphelins", "Trece huérfanos", "国士無双", "kokushi musou"
        ),
        yakuman=1,
        needs=F_ORPHANS,
        tenhou_id=47,
        example="19m19p19s12345677z --win 6z --seat W",
        concealed=True,
    ),
    Yaku(
        "kokushi_13",
        "R-34",
        0,
        0,
        _names(
            "Thirteen Orphans, thirteen-sided wait",
            "Treize Orphelins, attente sur treize tuiles",
            "Trece huérfanos, espera de trece caras",
            "国士無双十三面待ち",
            "kokushi musou juusanmen machi",
        ),
        yakuman=1,
        needs=F_ORPHANS,
        test=_kokushi_13,
        replaces=("kokushi",),
        tenhou_id=48,
        example="19m19p19s12345677z --win 7z --seat W",
        concealed=True,
    ),
    Yaku(
        "chuuren",
        "R-35",
        0,
        0,
        _names("Nine Gates", "Neuf Portes", "Nueve puertas", "九蓮宝燈", "chuuren poutou"),
        yakuman=1,
        needs=F_REGULAR | F_ONE_SUIT | F_NO_MELDS,
        test=_chuuren,
        tenhou_id=45,
        example="11123455678999m --win 1m --seat W",
        concealed=True,
    ),
    Yaku(
        "junsei_chuuren",
        "R-35",
        0,
        0,
        _names(
            "Pure Nine Gates (nine-sided wait)",
            "Neuf Portes pures (attente sur neuf tuiles)",
            "Nueve puertas puras (espera de nueve caras)",
            "純正九蓮宝燈",
            "junsei chuuren poutou",
        ),
        yakuman=1,
        needs=F_REGULAR | F_ONE_SUIT | F_NO_MELDS,
        test=_junsei_chuuren,
        replaces=("chuuren",),
        tenhou_id=46,
        example="11123455678999m --win 5m --seat W",
        concealed=True,
    ),
    Yaku(
        "tenhou",
        "R-36",
        0,
        0,
        _names(
            "Blessing of Heaven", "Bénédiction du Ciel", "Bendición del cielo", "天和", "tenhou"
        ),
        yakuman=1,
        needs=F_FIRST_TURN | F_DEALER | F_SELF_DRAW | F_NO_MELDS,
        tenhou_id=37,
        example="123m456p789s22444z --win 3m --seat E --tsumo --first-turn",
        concealed=True,
    ),
    Yaku(
        "chiihou",
        "R-37",
        0,
        0,
        _names(
            "Blessing of Earth",
            "Bénédiction de la Terre",
            "Bendición de la tierra",
            "地和",
            "chiihou",
        ),
        yakuman=1,
        needs=F_FIRST_TURN | F_NON_DEALER | F_SELF_DRAW | F_NO_MELDS,
        tenhou_id=38,
        example="123m456p789s22444z --win 3m --seat S --tsumo --first-turn",
        concealed=True,
    ),
    Yaku(
        "renhou",
        "R-38",
        0,
        0,
        _names(
            "Blessing of Man",
            "Bénédiction de l'Homme",
            "Bendición del hombre",
            "人和",
            "renhou",
        ),
        yakuman=1,
        needs=F_FIRST_TURN | F_NON_DEALER | F_DISCARD | F_NO_MELDS,
        option=("renhou", {"yakuman": (0, 0, 1), "mangan": (5, 0, 0), "none": None}),
        tenhou_id=36,
        example="123m456p789s22444z --win 3m --seat S --first-turn",
        concealed=True,
    ),
    Yaku(
        "suuankou",
        "R-39",
        0,
        0,
        _names(
            "Four Concealed Pungs",
            "Quatre Pungs Cachés",
            "Cuatro pungs ocultos",
            "四暗刻",
            "suuankou",
        ),
        yakuman=1,
        needs=F_REGULAR | F_FOUR_CONCEALED_PUNGS,
        tenhou_id=40,
        example="111m222p333s44455z --win 1m --seat W --tsumo",
        concealed=True,
    ),
    Yaku(
        "suuankou_tanki",
        "R-39",
        0,
        0,
        _names(
            "Four Concealed Pungs, pair wait",
            "Quatre Pungs Cachés, attente sur la paire",
            "Cuatro pungs ocultos, espera a la pareja",
            "四暗刻単騎",
            "suuankou tanki",
        ),
        yakuman=1,
        needs=F_REGULAR | F_FOUR_CONCEALED_PUNGS | F_PAIR_WAIT,
        replaces=("suuankou",),
        tenhou_id=41,
        example="111m222p333s44455z --win 5z --seat W",
        concealed=True,
    ),
    Yaku(
        "suukantsu",
        "R-40",
        0,
        0,
        _names("Four Kongs", "Quatre Kongs", "Cuatro kongs", "四槓子", "suukantsu"),
        yakuman=1,
        needs=F_FOUR_KONGS,
        tenhou_id=51,
        example=(
            "77z --meld kong:1111m@N --meld concealed-kong:9999p --meld kong:2222s@E --meld "
            "added-kong:5555z@S --win 7z --seat W"
        ),
    ),
    Yaku(
        "ryuuiisou",
        "R-41",
        0,
        0,
        _names("All Green", "Main Verte", "Todo verde", "緑一色", "ryuuiisou"),
        yakuman=1,
        needs=F_GREEN_ONLY,
        tenhou_id=43,
        example="223344666888s66z --win 8s --seat W --tsumo",
    ),
    Yaku(
        "chinroutou",
        "R-42",
        0,
        0,
        _names("All Terminals", "Tout Terminales", "Todo terminales", "清老頭", "chinroutou"),
        yakuman=1,
        needs=F_TERMINALS_ONLY,
        tenhou_id=44,
        example="111s999s99m --meld pung:111m@N --meld pung:999p@S --win 9m --seat W",
    ),
    Yaku(
        "tsuuiisou",
        "R-43",
        0,
        0,
        _names("All Honours", "Tout Honneurs", "Todo honores", "字一色", "tsuuiisou"),
        yakuman=1,
        needs=F_HONOURS_ONLY,
        tenhou_id=42,
        example="555z777z22z --meld pung:111z@N --meld pung:333z@S --win 2z --seat W",
    ),
    Yaku(
        "daisangen",
        "R-44",
        0,
        0,
        _names(
            "Big Three Dragons",
            "Trois Grands Dragons",
            "Tres dragones grandes",
            "大三元",
            "daisangen",
        ),
        yakuman=1,
        needs=F_REGULAR | F_THREE_DRAGON_PUNGS,
        tenhou_id=39,
        example=(
            "234m55m --meld pung:555z@N --meld pung:666z@S --meld pung:777z@E --win 5m --seat W"
        ),
    ),
    Yaku(
        "shousuushii",
        "R-45",
        0,
        0,
        _names(
            "Little Four Winds",
            "Quatre Petits Vents",
            "Cuatro vientos pequeños",
            "小四喜",
            "shousuushii",
        ),
        yakuman=1,
        needs=F_REGULAR | F_THREE_WIND_PUNGS | F_WIND_PAIR,
        tenhou_id=50,
        example="123m111z222z333z44z --win 4z --seat W",
    ),
    Yaku(
        "daisuushii",
        "R-46",
        0,
        0,
        _names(
            "Big Four Winds",
            "Quatre Grands Vents",
            "Cuatro vientos grandes",
            "大四喜",
            "daisuushii",
        ),
        yakuman=1,
        needs=F_REGULAR | F_FOUR_WIND_PUNGS,
        replaces=("shousuushii",),
        tenhou_id=49,
        example=(
            "22m444z --meld pung:111z@N --meld pung:222z@S --meld pung:333z@E --win 2m --seat W"
        ),
    ),
    # --- bonus han: not yaku --------------------------------------------------------------------
    Yaku(
        "dora",
        "R-02",
        1,
        1,
        _names("Dora", "Dora", "Dora", "ドラ", "dora"),
        bonus="dora",
        tenhou_id=52,
        example="123m456p789s22444z --win 3m --seat W --riichi --dora 2m",
    ),
    Yaku(
        "aka_dora",
        "R-02",
        1,
        1,
        _names("Red five", "Cinq rouge", "Cinco rojo", "赤ドラ", "aka dora"),
        bonus="red",
        tenhou_id=54,
        example="123m406p789s22444z --win 3m --seat W --riichi",
    ),
    Yaku(
        "ura_dora",
        "R-02",
        1,
        0,
        _names("Ura dora", "Ura dora", "Ura dora", "裏ドラ", "ura dora"),
        bonus="ura",
        tenhou_id=53,
        example="123m456p789s22444z --win 3m --seat W --riichi --ura 3z",
    ),
)
"""Every pattern, in the order of the explanation."""

BY_ID: Mapping[str, Yaku] = {row.id: row for row in TABLE}
"""The rows by id."""


def _check_table() -> None:
    """The table's references are to existing rows, its ids are unique and its replacements do
    not chain (import-time check)."""
    if len(BY_ID) != len(TABLE):
        raise AssertionError("duplicate yaku ids in the Riichi table")
    for row in TABLE:
        for other in (*row.replaces, *row.implies):
            if other not in BY_ID:
                raise AssertionError(f"{row.id} refers to unknown row {other}")
    # The scorer applies replacements in any order: none may chain.
    replaced = {other for row in TABLE for other in row.replaces}
    for row in TABLE:
        if row.replaces and row.id in replaced:
            raise AssertionError(f"{row.id} both replaces and is replaced")


_check_table()
