"""Fu: the raw total of a reading of a hand, and its itemised breakdown.

The scorer computes fu as plain integers on its hot path (:func:`raw_fu`); the breakdown
(:func:`breakdown`) is built once, for the reading that wins, and must add up to the same total
(the tests check that it does).

Components (``RULES-riichi.md``, "Scoring basics"): 20 base; +10 for a concealed hand won on a
discard; +2 for a self-draw, except with pinfu; sets: pung 2, terminal or honour pung 4, doubled
when concealed, a kong four times its pung; a pung completed by a discard is open (R-01); +2 for a
closed, edge or pair wait; +2 per reason the pair is a value pair (a double-wind pair: an option);
an open hand with no fu at all is counted 30 (an option); seven pairs is always 25 (R-22).
The total is rounded up to the next 10.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache

from mahjongkit.scoring import FuItem, Names
from mahjongkit.tiles import DRAGONS, format_kind, is_terminal_or_honor
from mahjongkit.variants.riichi.features import KANCHAN, PENCHAN, TANKI

SEVEN_PAIRS_FU = 25


def _names(en: str, fr: str, es: str, ja: str, romaji: str) -> Names:
    return {"en": en, "fr": fr, "es": es, "ja": ja, "ja-Latn": romaji}


_FIXED: dict[str, Names] = {
    "base": _names("base", "base", "base", "副底", "fuutei"),
    "concealed_ron": _names(
        "concealed hand won on a discard",
        "main cachée gagnée sur une défausse",
        "mano cerrada ganada con un descarte",
        "門前加符",
        "menzen kafu",
    ),
    "self_draw": _names("self-draw", "victoire sur pioche", "robo propio", "ツモ符", "tsumo fu"),
    "open_no_fu": _names(
        "open hand with no other fu (counted as 30)",
        "main ouverte sans autre minipoint (comptée 30)",
        "mano abierta sin otros fu (cuenta como 30)",
        "喰い平和形 (30符扱い)",
        "kui-pinfu kei",
    ),
    "seven_pairs": _names(
        "seven pairs (always 25)",
        "sept paires (toujours 25)",
        "siete parejas (siempre 25)",
        "七対子 (25符固定)",
        "chiitoitsu",
    ),
}

_SETS: dict[str, Names] = {
    "concealed_pung": _names(
        "concealed pung of {tile}", "pung caché {de_tile}", "pung oculto de {tile}",
        "暗刻 {tile}", "ankou {tile}",
    ),
    "open_pung": _names(
        "open pung of {tile}", "pung exposé {de_tile}", "pung expuesto de {tile}",
        "明刻 {tile}", "minkou {tile}",
    ),
    "discard_pung": _names(
        "pung of {tile} completed by the winning discard, counted open",
        "pung {de_tile} complété par la défausse gagnante, compté exposé",
        "pung de {tile} completado por el descarte ganador, cuenta como expuesto",
        "明刻 {tile} (ロン)", "minkou {tile} (ron)",
    ),
    "concealed_kong": _names(
        "concealed kong of {tile}", "kong caché {de_tile}", "kong oculto de {tile}",
        "暗槓 {tile}", "ankan {tile}",
    ),
    "open_kong": _names(
        "open kong of {tile}", "kong exposé {de_tile}", "kong expuesto de {tile}",
        "明槓 {tile}", "minkan {tile}",
    ),
}  # fmt: skip

_TERMINAL = _names(
    " (terminal or honour)", " (terminale ou honneur)", " (terminal u honor)", " (幺九牌)",
    " (yaochuu)",
)  # fmt: skip
_SIMPLE = _names(" (simple)", " (tuile simple)", " (ficha simple)", " (中張牌)", " (chunchan)")

_WAITS: dict[int, tuple[str, Names]] = {
    KANCHAN: (
        "closed_wait",
        _names(
            "closed wait on {tile}", "attente fermée sur {tile}", "espera interior en {tile}",
            "嵌張待ち {tile}", "kanchan machi {tile}",
        ),
    ),
    PENCHAN: (
        "edge_wait",
        _names(
            "edge wait on {tile}", "attente au bord sur {tile}", "espera de borde en {tile}",
            "辺張待ち {tile}", "penchan machi {tile}",
        ),
    ),
    TANKI: (
        "pair_wait",
        _names(
            "pair wait on {tile}", "attente sur la paire {de_tile}", "espera a la pareja de {tile}",
            "単騎待ち {tile}", "tanki machi {tile}",
        ),
    ),
}  # fmt: skip

_PAIRS: dict[str, Names] = {
    "dragon": _names(
        "pair of {tile}: dragon", "paire {de_tile} : dragon", "pareja de {tile}: dragón",
        "雀頭 {tile}: 三元牌", "jantou {tile}: sangenpai",
    ),
    "seat": _names(
        "pair of {tile}: seat wind", "paire {de_tile} : vent du joueur",
        "pareja de {tile}: viento del asiento", "雀頭 {tile}: 自風", "jantou {tile}: jikaze",
    ),
    "round": _names(
        "pair of {tile}: prevalent wind", "paire {de_tile} : vent dominant",
        "pareja de {tile}: viento dominante", "雀頭 {tile}: 場風", "jantou {tile}: bakaze",
    ),
    "double": _names(
        "pair of {tile}: seat and prevalent wind", "paire {de_tile} : vent du joueur et dominant",
        "pareja de {tile}: viento del asiento y dominante", "雀頭 {tile}: 連風牌",
        "jantou {tile}: renpuuhai",
    ),
}  # fmt: skip


def set_fu(kind: int, is_kong: bool, concealed: bool) -> int:
    """Fu of one pung or kong: 2, x2 terminal or honour, x2 concealed, x4 kong.

    >>> set_fu(31, False, True), set_fu(4, True, False), set_fu(0, True, True)
    (8, 8, 32)
    """
    fu = 4 if is_terminal_or_honor(kind) else 2
    if concealed:
        fu *= 2
    if is_kong:
        fu *= 4
    return fu


def raw_fu(
    concealed: bool,
    self_draw: bool,
    sets: int,
    wait: int,
    pair: int,
    pinfu: bool,
    open_pinfu_fu: bool,
    /,
) -> int:
    """Fu of a regular reading before rounding: base, sets, wait, pair, how it was won.

    Arguments, in order: concealed hand, self-draw, the fu of all pungs and kongs (``sets``),
    the wait type, the pair's fu, whether the hand scores pinfu, the open-pinfu option.
    ``sets`` is the fu of all pungs and kongs, ``pair`` the pair's fu; ``pinfu`` says the hand
    scores the pinfu yaku (no self-draw fu then).

    A concealed hand won on a discard, a concealed honour pung, a closed wait, a dragon pair:

    >>> raw_fu(True, False, 8, KANCHAN, 2, False, True)
    42
    """
    fu = 20 + sets + pair + (2 if wait in (KANCHAN, PENCHAN, TANKI) else 0)
    if concealed and not self_draw:
        fu += 10
    if self_draw and not pinfu:
        fu += 2
    if fu == 20 and not concealed and open_pinfu_fu:
        fu = 22
    return fu


def round_fu(fu: int) -> int:
    """Round up to the next 10 (25 stays 25: seven pairs).

    >>> round_fu(22), round_fu(40), round_fu(25)
    (30, 40, 25)
    """
    if fu == SEVEN_PAIRS_FU:
        return fu
    return (fu + 9) // 10 * 10


_NAMED_TILES = ("fr", "es")
"""The languages whose fu lines name the tile (« pung caché de Dragon blanc (5z) »): the code
alone, ``5z``, is what a learner reading French or Spanish cannot yet read."""


class _TileLine(Mapping[str, str]):
    """A fu line about one tile, in every language: the tile by its code (``5z``), or in French
    and Spanish by its name with the code after it. The names are looked up when a line is said,
    so that scoring a hand never loads them."""

    __slots__ = ("_kind", "_suffix", "_templates")

    def __init__(self, templates: Names, kind: int, suffix: Names | None = None) -> None:
        self._templates = templates
        self._kind = kind
        self._suffix = suffix

    def __getitem__(self, lang: str) -> str:
        template = self._templates[lang]
        code = format_kind(self._kind)
        suffix = self._suffix[lang] if self._suffix is not None else ""
        tile = code
        if lang in _NAMED_TILES:
            from mahjongkit.i18n import tile_name

            # The kind of tile joins the code: « Dragon blanc (5z, terminale ou honneur) ».
            kind = f", {suffix.strip(' ()')}" if suffix else ""
            tile, suffix = f"{tile_name(code, lang)} ({code}{kind})", ""
        # French elides "de" before a vowel: « d’un de caractères (1m) ».
        de_tile = f"d’{tile}" if tile[:1].lower() in "aeiou" and lang == "fr" else f"de {tile}"
        return template.format(tile=tile, de_tile=de_tile) + suffix

    def __iter__(self) -> Iterator[str]:
        return iter(self._templates)

    def __len__(self) -> int:
        return len(self._templates)

    def __reduce__(self) -> tuple[type[_TileLine], tuple[Names, int, Names | None]]:
        return (_TileLine, (self._templates, self._kind, self._suffix))


@cache
def _item(item_id: str, fu: int, kind: int) -> FuItem:
    """A breakdown line (memoised: the same line is the same value)."""
    if item_id in _FIXED:
        return FuItem(item_id, fu, _FIXED[item_id])
    if item_id in _SETS:
        suffix = _TERMINAL if is_terminal_or_honor(kind) else _SIMPLE
        return FuItem(item_id, fu, _TileLine(_SETS[item_id], kind, suffix))
    for wait_id, wait_names in _WAITS.values():
        if wait_id == item_id:
            return FuItem(item_id, fu, _TileLine(wait_names, kind))
    reason = item_id.removeprefix("pair_")
    return FuItem(item_id, fu, _TileLine(_PAIRS[reason], kind))


Sets = tuple[tuple[int, bool, str], ...]
"""Pungs and kongs as (kind, is kong, state): state ``concealed``, ``open`` or ``discard`` (a
concealed pung completed by the winning discard: open, R-01)."""


def breakdown(
    concealed: bool,
    self_draw: bool,
    sets: Sets,
    wait: int,
    win_kind: int,
    pair: int,
    seat_wind: int,
    round_wind: int,
    double_wind_fu: int,
    pinfu: bool,
    open_pinfu_fu: bool,
    /,
) -> tuple[FuItem, ...]:
    """The itemised fu of a regular reading, positional arguments: concealed hand, self-draw,
    the pungs and kongs (:data:`Sets`), the wait type, the winning kind, the pair's kind, the
    seat and prevalent wind kinds, the double-wind pair fu, pinfu, the open-pinfu option.

    >>> [(item.id, item.fu) for item in breakdown(
    ...     True, False, ((31, False, "concealed"),), 1, 4, 33, 27, 27, 4, False, True)]
    [('base', 20), ('concealed_ron', 10), ('concealed_pung', 8), ('closed_wait', 2), \
('pair_dragon', 2)]
    """
    items = [_item("base", 20, 0)]
    if concealed and not self_draw:
        items.append(_item("concealed_ron", 10, 0))
    for kind, is_kong, state in sets:
        item_id = f"{state}_{'kong' if is_kong else 'pung'}"
        items.append(_item(item_id, set_fu(kind, is_kong, state == "concealed"), kind))
    if wait in _WAITS:
        items.append(_item(_WAITS[wait][0], 2, win_kind))
    if pair in DRAGONS:
        items.append(_item("pair_dragon", 2, pair))
    elif pair == seat_wind == round_wind:
        items.append(_item("pair_double", double_wind_fu, pair))
    elif pair == seat_wind:
        items.append(_item("pair_seat", 2, pair))
    elif pair == round_wind:
        items.append(_item("pair_round", 2, pair))
    if self_draw and not pinfu:
        items.append(_item("self_draw", 2, 0))
    # Every item but the base is worth something: the base alone means no fu at all.
    if len(items) == 1 and not concealed and open_pinfu_fu:
        items.append(_item("open_no_fu", 2, 0))
    return tuple(items)


def seven_pairs_breakdown() -> tuple[FuItem, ...]:
    """Seven pairs: 25 fu, nothing else counts (R-22)."""
    return (_item("seven_pairs", SEVEN_PAIRS_FU, 0),)


__all__ = [
    "SEVEN_PAIRS_FU",
    "breakdown",
    "raw_fu",
    "round_fu",
    "set_fu",
    "seven_pairs_breakdown",
]
