"""The Sichuan fan table (S-04 … S-15): one declarative row per pattern, and its engine.

A row has a stable id, its fan, the requirement it implements, its names in Chinese, English,
French and Spanish, a *group* (``hand`` patterns of the tiles, ``root``, ``bonus`` fan for the way
of winning, ``limit`` hands worth the cap, and the ``extra`` house rules of §7.2), the option that
switches it on or off, the ids it includes (``replaces``), the roots it absorbs, and a small pure
predicate over one :class:`FanContext`. Precedence is declared, never coded: a hit drops the ids
it replaces, ``alone`` rows count only when no hand pattern does, and a limit row stands alone.

Every decomposition of the concealed tiles (each standard split, and seven pairs) is scored and
the most valuable one is kept (§7.3).

>>> from mahjongkit.hand import Hand
>>> hand = Hand.parse("111m333m555m777m99m")
>>> result = best_fan(hand, win_tile=8, rules=SichuanRules.blood_battle())
>>> [(hit.id, hit.value) for hit in result.hits], result.fan
([('all_pungs', 1), ('pure_suit', 2)], 3)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from mahjongkit.errors import NotationError
from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring import Names, PatternHit, name_in
from mahjongkit.shapes import CHOW, PUNG, decompositions, seven_pairs
from mahjongkit.tiles import NUM_KINDS, format_kind
from mahjongkit.variants.sichuan.rules import SichuanRules

Group = Literal["hand", "root", "bonus", "limit", "extra"]

_TERMINAL_NUMBERS = frozenset((0, 8))
_TWO_FIVE_EIGHT = frozenset((1, 4, 7))  # kind % 9 of the 2, 5 and 8 of a suit


@dataclass(frozen=True, slots=True)
class HowWon:
    """The way a hand was won, as far as fan are concerned.

    ``paid_as_self_draw`` is false for a self-draw that the rules settle as a discard (點槓花
    under ``dian_gang_hua=as_discard``): the self-draw bonus fan then does not apply.
    """

    self_draw: bool = False
    paid_as_self_draw: bool = False
    after_kong: bool = False
    kong_discard: bool = False
    robbing_kong: bool = False
    last_tile: bool = False
    heavenly: bool = False
    earthly: bool = False


NO_SITUATION = HowWon()
"""A win on a plain discard: what the wall-end ready check values (§6.2)."""


@dataclass(frozen=True, slots=True)
class FanContext:
    """Everything a predicate may read about one way of reading a winning hand.

    ``sets`` lists every set as ``(CHOW or PUNG, first kind)``, declared melds included (a kong
    counts as a pung for the shape, S-05); it is empty for seven pairs, whose pair kinds are in
    ``pairs`` (a four-of-a-kind appears twice). ``counts`` counts all 14+ tiles, kongs as four.
    """

    counts: tuple[int, ...]
    kinds: tuple[int, ...]
    """The kinds present in the hand, in order."""
    sets: tuple[tuple[int, int], ...]
    pair: int
    pairs: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int
    how: HowWon
    rules: SichuanRules

    @property
    def standard(self) -> bool:
        """Four sets and a pair (not seven pairs)."""
        return self.pair >= 0

    def groups(self) -> list[tuple[int, ...]]:
        """The kinds of each set and of the pair(s)."""
        if not self.standard:
            return [(kind, kind) for kind in self.pairs]
        sets = [(k, k + 1, k + 2) if t == CHOW else (k, k, k) for t, k in self.sets]
        return [*sets, (self.pair, self.pair)]


@dataclass(frozen=True, slots=True)
class FanRow:
    """One pattern of the table."""

    id: str
    fan: int
    """Fan per count; a limit row is worth the cap, whatever this says."""
    rule: str
    """The requirement it implements (``REQUIREMENTS.md`` or ``RULES-sichuan.md``)."""
    group: Group
    names: Names
    test: Callable[[FanContext], int]
    """How many times the pattern applies (0: absent; True counts as 1)."""
    option: str | None = None
    """A boolean option of :class:`SichuanRules` that must be on for the row to count."""
    replaces: tuple[str, ...] = ()
    """Ids this pattern includes: they are not counted beside it."""
    implies: tuple[str, ...] = ()
    """Ids that always hit with this one (checked by the tests, documented in the rules pages)."""
    absorbs_roots: int = 0
    """Roots already paid for inside this pattern (S-09)."""
    alone: bool = False
    """Counts only when no ``hand``, ``root`` or ``extra`` row hits (S-04)."""
    situational: bool = False
    """Depends on how the hand was won: left out of the wall-end ready check (§6.2)."""
    example: str = ""
    """A hand showing the pattern, for the rules pages and the tests: the concealed tiles in mpsz
    (the winning tile last, won on a discard), then any melds written ``KIND:TILES``."""

    def enabled(self, rules: SichuanRules) -> bool:
        """Whether the rules count this row at all."""
        return self.option is None or bool(getattr(rules, self.option))


# --- predicates ---------------------------------------------------------------------------------


def _all_pungs(c: FanContext) -> bool:
    return c.standard and all(kind == PUNG for kind, _ in c.sets)


def _pure_suit(c: FanContext) -> bool:
    return len({kind // 9 for kind in c.kinds}) == 1


def _terminals_everywhere(c: FanContext) -> bool:
    return c.standard and all(
        any(k % 9 in _TERMINAL_NUMBERS for k in group) for group in c.groups()
    )


def _seven_pairs(c: FanContext) -> bool:
    return not c.standard


def _dragon_seven_pairs(c: FanContext) -> bool:
    return not c.standard and 4 in c.counts


def _two_five_eight(c: FanContext) -> bool:
    return _all_pungs(c) and all(k % 9 in _TWO_FIVE_EIGHT for k in c.kinds)


def _golden_hook(c: FanContext) -> bool:
    # Four called sets (S-11: exposed; a concealed kong is not called) leave one concealed tile:
    # the win is always a single wait on the pair.
    return len(c.melds) == 4 and not any(m.is_concealed for m in c.melds)


def _roots(c: FanContext) -> int:
    return c.counts.count(4)


def _concealed_hand(c: FanContext) -> bool:
    return all(meld.kind is MeldKind.CONCEALED_KONG for meld in c.melds)


def _no_terminals(c: FanContext) -> bool:
    return not any(k % 9 in _TERMINAL_NUMBERS for k in c.kinds)


def _names(zh: str, en: str, fr: str, es: str) -> Names:
    return {"zh": zh, "en": en, "fr": fr, "es": es}


TABLE: tuple[FanRow, ...] = (
    FanRow(
        "simple",
        0,
        "S-04",
        "hand",
        _names("平胡", "Simple hand", "Main simple", "Mano simple"),
        lambda c: True,
        alone=True,
        example="123m456m234p678p99p",
    ),
    FanRow(
        "all_pungs",
        1,
        "S-05",
        "hand",
        _names("對對胡", "All pungs", "Que des pungs", "Todo pungs"),
        _all_pungs,
        example="111m444m222p777p99p",
    ),
    FanRow(
        "pure_suit",
        2,
        "S-06",
        "hand",
        _names("清一色", "Pure suit", "Couleur pure", "Palo puro"),
        _pure_suit,
        example="123m456m789m234m55m",
    ),
    FanRow(
        "terminals_everywhere",
        2,
        "S-07",
        "hand",
        _names("全帶么", "Terminals everywhere", "Terminales partout", "Terminales en todo"),
        _terminals_everywhere,
        option="yao_jiu_jiang_dui",
        example="123m789m111p789p99p",
    ),
    FanRow(
        "seven_pairs",
        2,
        "S-08",
        "hand",
        _names("七對", "Seven pairs", "Sept paires", "Siete parejas"),
        _seven_pairs,
        example="11m44m66m99m22p55p88p",
    ),
    FanRow(
        "dragon_seven_pairs",
        3,
        "S-09",
        "hand",
        _names("龍七對", "Dragon seven pairs", "Sept paires du dragon", "Siete parejas del dragón"),
        _dragon_seven_pairs,
        replaces=("seven_pairs",),
        absorbs_roots=1,
        example="1111m44m66m99m22p55p",
    ),
    FanRow(
        "two_five_eight",
        2,
        "S-10",
        "hand",
        _names("將對", "2-5-8 pungs", "Pungs de 2-5-8", "Pungs de 2-5-8"),
        _two_five_eight,
        option="yao_jiu_jiang_dui",
        implies=("all_pungs",),
        example="222m555m888m222p88p",
    ),
    FanRow(
        "golden_hook",
        1,
        "S-11",
        "hand",
        _names("金鉤釣", "Golden hook", "Hameçon d’or", "Anzuelo de oro"),
        _golden_hook,
        implies=("all_pungs",),
        example="88p pung:222m pung:555m pung:888m pung:555p",
    ),
    FanRow(
        "root",
        1,
        "S-12",
        "root",
        _names("根", "Root", "Racine", "Raíz"),
        _roots,
        example="111m123m456p789p22p",
    ),
    FanRow(
        "kong_flower",
        1,
        "S-14",
        "bonus",
        _names(
            "槓上開花",
            "Win on a kong replacement",
            "Victoire après un kong",
            "Victoria tras un kong",
        ),
        lambda c: c.how.after_kong,
        situational=True,
    ),
    FanRow(
        "kong_discard",
        1,
        "S-14",
        "bonus",
        _names("槓上炮", "Discard after a kong", "Défausse après un kong", "Descarte tras un kong"),
        lambda c: c.how.kong_discard,
        situational=True,
    ),
    FanRow(
        "robbing_kong",
        1,
        "S-14",
        "bonus",
        _names("搶槓胡", "Robbing a kong", "Voler un kong", "Robar un kong"),
        lambda c: c.how.robbing_kong,
        situational=True,
    ),
    FanRow(
        "last_tile_draw",
        1,
        "S-14",
        "bonus",
        _names("海底撈月", "Last tile drawn", "Dernière tuile piochée", "Última ficha robada"),
        lambda c: c.how.last_tile and c.how.self_draw,
        situational=True,
    ),
    FanRow(
        "last_discard",
        1,
        "S-14",
        "bonus",
        _names("海底炮", "Last discard", "Dernière défausse", "Último descarte"),
        lambda c: c.how.last_tile and not c.how.self_draw,
        situational=True,
    ),
    FanRow(
        "self_draw_fan",
        1,
        "S-14",
        "bonus",
        _names("自摸加番", "Self-draw bonus fan", "Bonus de pioche", "Bonificación por robo"),
        lambda c: c.how.paid_as_self_draw and c.rules.self_draw_bonus == "jiafan",
        situational=True,
    ),
    FanRow(
        "heavenly",
        0,
        "S-15",
        "limit",
        _names("天胡", "Heavenly hand", "Main céleste", "Mano celestial"),
        lambda c: c.how.heavenly,
        option="tian_di_hu",
        situational=True,
    ),
    FanRow(
        "earthly",
        0,
        "S-15",
        "limit",
        _names("地胡", "Earthly hand", "Main terrestre", "Mano terrenal"),
        lambda c: c.how.earthly,
        option="tian_di_hu",
        situational=True,
    ),
    FanRow(
        "men_qing",
        1,
        "RULES-sichuan §7.2",
        "extra",
        _names("門清", "Concealed hand", "Main fermée", "Mano cerrada"),
        _concealed_hand,
        option="men_qing_zhong_zhang",
        example="123m456m234p678p99p",
    ),
    FanRow(
        "zhong_zhang",
        1,
        "RULES-sichuan §7.2",
        "extra",
        _names("中張", "No terminals", "Sans terminales", "Sin terminales"),
        _no_terminals,
        option="men_qing_zhong_zhang",
        example="234m456m55p pung:666p pung:333p",
    ),
)
"""The fan table, in the order patterns are listed."""

ROWS: Mapping[str, FanRow] = {row.id: row for row in TABLE}


@dataclass(frozen=True, slots=True)
class FanResult:
    """The patterns of the best reading of a hand, and its fan before and after the cap."""

    hits: tuple[PatternHit, ...]
    raw_fan: int
    fan: int
    limit: FanRow | None = None
    replaced: tuple[tuple[str, str], ...] = ()
    context: FanContext | None = field(default=None, compare=False)

    @property
    def reading(self) -> str:
        """The sets and pair kept, e.g. ``123m 456m 234p 678p 99p``."""
        return "" if self.context is None else _reading(self.context)

    @property
    def ids(self) -> list[str]:
        """The ids of the patterns counted."""
        return [hit.id for hit in self.hits]


@lru_cache(maxsize=64)
def _active_rows(
    rules: SichuanRules, situational: bool
) -> tuple[tuple[FanRow, ...], tuple[FanRow, ...]]:
    """The rows these rules count, split into the ordinary ones and the ``alone`` ones."""
    active = [row for row in TABLE if row.enabled(rules) and (situational or not row.situational)]
    return (
        tuple(row for row in active if not row.alone),
        tuple(row for row in active if row.alone),
    )


def evaluate(context: FanContext, situational: bool = True) -> FanResult:
    """Score one reading of a hand with the table.

    Without ``situational`` the rows that depend on how the hand was won are skipped (the
    wall-end ready check, §6.2).
    """
    rules = context.rules
    counted: dict[str, int] = {}
    rows, alone = _active_rows(rules, situational)
    for row in rows:
        times = int(row.test(context))
        if times:
            counted[row.id] = times
    replaced: list[tuple[str, str]] = []
    for row_id in list(counted):
        if row_id not in counted:
            continue
        for dropped in ROWS[row_id].replaces:
            if counted.pop(dropped, None) is not None:
                replaced.append((dropped, row_id))
    absorbed = sum(ROWS[row_id].absorbs_roots for row_id in counted)
    if "root" in counted:
        counted["root"] -= absorbed
        if counted["root"] <= 0:
            del counted["root"]
    if not any(ROWS[row_id].group in ("hand", "root", "extra") for row_id in counted):
        for row in alone:
            if row.test(context):
                counted[row.id] = 1
    limits = [ROWS[row_id] for row_id in counted if ROWS[row_id].group == "limit"]
    cap = rules.fan_cap
    if limits:
        limit = limits[0]
        replaced.extend((row_id, limit.id) for row_id in counted if row_id != limit.id)
        hit = PatternHit(limit.id, cap, limit.names, unit="fan")
        return FanResult((hit,), cap, cap, limit, tuple(replaced), context)
    hits = tuple(
        PatternHit(row.id, row.fan * counted[row.id], row.names, unit="fan", count=counted[row.id])
        for row in TABLE
        if row.id in counted
    )
    raw = sum(hit.value for hit in hits)
    return FanResult(hits, raw, min(raw, cap), None, tuple(replaced), context)


_DIGIT = tuple(format_kind(kind)[0] for kind in range(NUM_KINDS))
_SUIT = tuple(format_kind(kind)[1] for kind in range(NUM_KINDS))


def _reading(context: FanContext) -> str:
    if not context.standard:
        return " ".join(_DIGIT[k] * 2 + _SUIT[k] for k in context.pairs)
    parts = []
    for kind, first in context.sets:
        digits = (
            _DIGIT[first] + _DIGIT[first + 1] + _DIGIT[first + 2]
            if kind == CHOW
            else _DIGIT[first] * 3
        )
        parts.append(digits + _SUIT[first])
    parts.append(_DIGIT[context.pair] * 2 + _SUIT[context.pair])
    return " ".join(parts)


def readings(hand: Hand, win_tile: int, how: HowWon, rules: SichuanRules) -> list[FanContext]:
    """Every way to read a complete hand: each standard decomposition, and seven pairs.

    Empty when the hand is not complete. A kong counts as one set of three for the shape.
    """
    concealed = hand.counts
    counts = list(concealed)
    meld_sets: list[tuple[int, int]] = []
    for meld in hand.melds:
        for kind in meld.kinds:
            counts[kind] += 1
        meld_sets.append((CHOW if meld.kind is MeldKind.CHOW else PUNG, meld.first))
    totals = tuple(counts)
    kinds = tuple(kind for kind in range(NUM_KINDS) if counts[kind])
    found = []
    for decomposition in decompositions(concealed):
        if len(decomposition.sets) + len(meld_sets) != 4:
            continue
        sets = tuple(meld_sets) + tuple((s.type, s.kind) for s in decomposition.sets)
        found.append(
            FanContext(
                totals, kinds, sets, decomposition.pair, (), hand.melds, win_tile, how, rules
            )
        )
    if not hand.melds:
        pairs = seven_pairs(concealed, allow_quads=True)
        if pairs is not None:
            found.append(FanContext(totals, kinds, (), -1, tuple(pairs), (), win_tile, how, rules))
    return found


def best_fan(
    hand: Hand,
    win_tile: int,
    rules: SichuanRules,
    how: HowWon = NO_SITUATION,
    situational: bool = True,
) -> FanResult | None:
    """The most valuable reading of a complete hand (§7.3), or None if it is not complete.

    Readings are compared by the fan after the cap (what is paid), then before it.
    """
    best: FanResult | None = None
    for context in readings(hand, win_tile, how, rules):
        result = evaluate(context, situational)
        if best is None or (result.fan, result.raw_fan) > (best.fan, best.raw_fan):
            best = result
    return best


def rows_in(group: Group) -> Sequence[FanRow]:
    """The rows of one group, in table order."""
    return [row for row in TABLE if row.group == group]


_PAGE_HEADERS: Mapping[str, tuple[str, str, str, str]] = {
    "zh": ("番種", "番", "規則", "例"),
    "en": ("Pattern", "Fan", "Rule", "Example"),
    "fr": ("Motif", "Fan", "Règle", "Exemple"),
    "es": ("Patrón", "Fan", "Regla", "Ejemplo"),
}
_CAP_WORD: Names = {"zh": "封頂", "en": "cap", "fr": "plafond", "es": "tope"}
_OPTION_WORD: Names = {"zh": "選項", "en": "option", "fr": "option", "es": "opción"}


def rules_page(lang: str = "en", rules: SichuanRules | None = None) -> str:
    """The fan table as a Markdown table in ``lang``, generated from :data:`TABLE`.

    Rows switched off by ``rules`` are left out; without ``rules`` every row is shown, with the
    option that switches it.

    >>> print(rules_page("en").splitlines()[3])
    | All pungs (對對胡) | 1 | S-05 | 111m444m222p777p99p |
    """
    if lang not in _PAGE_HEADERS:
        raise NotationError(f"unknown language {lang!r}: expected one of zh, en, fr, es")
    head = _PAGE_HEADERS[lang]
    lines = [f"| {' | '.join(head)} |", "|---|---|---|---|"]
    for row in TABLE:
        if rules is not None and not row.enabled(rules):
            continue
        name = row.names[lang] if lang == "zh" else f"{row.names[lang]} ({row.names['zh']})"
        fan = name_in(_CAP_WORD, lang) if row.group == "limit" else str(row.fan)
        rule = row.rule
        if row.option is not None and rules is None:
            rule += f" ({name_in(_OPTION_WORD, lang)} `{row.option}`)"
        lines.append(f"| {name} | {fan} | {rule} | {row.example} |")
    return "\n".join(lines)
