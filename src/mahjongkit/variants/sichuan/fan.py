"""The Sichuan fan table (S-04 … S-15): one declarative row per pattern, and its readings.

A row (:class:`FanRow`, on the shared base of :mod:`mahjongkit.scoring.patterns`) has a stable
id, its fan, the requirement it implements, a *group* (``hand`` patterns of the tiles, ``root``,
``bonus`` fan for the way of winning, ``limit`` hands worth the cap, and the ``extra`` house
rules of §7.2), the option that switches it on, the ids it includes (``replaces``), the roots it
absorbs, an example in the command line's syntax and a small pure predicate over one
:class:`FanContext`. Names are in :mod:`~mahjongkit.variants.sichuan.names`. Precedence is
declared, never coded, and applied by :func:`mahjongkit.scoring.patterns.evaluate`: a hit drops
the ids it replaces, ``alone`` rows count only when no hand pattern does (bonus and limit rows
are side rows), and a limit row stands alone.

Every decomposition of the concealed tiles (each standard split, and seven pairs) is scored and
the most valuable one is kept (§7.3).

>>> from mahjongkit.hand import Hand
>>> hand = Hand.parse("111m333m555m777m99m")
>>> result = best_fan(hand, win_tile=8, rules=SichuanRules.blood_battle())
>>> [(hit.id, hit.value) for hit in result.hits], result.fan
([('all_pungs', 1), ('pure_suit', 2)], 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from mahjongkit.hand import Hand
from mahjongkit.i18n import t
from mahjongkit.lite_typing import Literal
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring import PatternHit, patterns
from mahjongkit.scoring.pages import Column, markdown_table
from mahjongkit.scoring.patterns import (
    ActiveRow,
    BoolOption,
    LastRows,
    activate,
    best_reading,
    check_table,
    with_names,
)
from mahjongkit.shapes import CHOW, PUNG, decompositions, seven_pairs
from mahjongkit.tiles import NUM_KINDS, format_kind
from mahjongkit.valueclass import dataclass, field
from mahjongkit.variants.sichuan.names import NAMES
from mahjongkit.variants.sichuan.rules import SichuanRules

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
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


@dataclass(frozen=True, slots=True, kw_only=True)
class FanRow(patterns.FanRow[FanContext]):
    """One pattern of the Sichuan table: the shared fields, its group and whether it depends
    on how the hand was won."""

    group: Group
    situational: bool = False
    """Depends on how the hand was won: left out of the wall-end ready check (§6.2)."""

    @property
    def option(self) -> str | None:
        """The boolean option of :class:`SichuanRules` that must be on (``enabled_by``)."""
        return self.enabled_by

    @property
    def absorbs_roots(self) -> int:
        """Roots already paid for inside this pattern (S-09)."""
        return sum(count for row_id, count in self.absorbs if row_id == "root")


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


LANGUAGES = ("zh", "en", "fr", "es")
"""Languages of the pattern names and explanations; the first is the default."""

TABLE: tuple[FanRow, ...] = with_names(
    (
        FanRow(
            id="simple",
            rule="S-04",
            group="hand",
            fan=0,
            alone=True,
            test=lambda c: True,
            example="123m456m234p678p99p --win 9p",
        ),
        FanRow(
            id="all_pungs",
            rule="S-05",
            group="hand",
            fan=1,
            test=_all_pungs,
            example="111m444m222p777p99p --win 9p",
        ),
        FanRow(
            id="pure_suit",
            rule="S-06",
            group="hand",
            fan=2,
            test=_pure_suit,
            example="123m456m789m234m55m --win 5m",
        ),
        FanRow(
            id="terminals_everywhere",
            rule="S-07",
            group="hand",
            fan=2,
            enabled_by=BoolOption("yao_jiu_jiang_dui"),
            test=_terminals_everywhere,
            example="123m789m111p789p99p --win 9p",
        ),
        FanRow(
            id="seven_pairs",
            rule="S-08",
            group="hand",
            fan=2,
            test=_seven_pairs,
            example="11m44m66m99m22p55p88p --win 8p",
        ),
        FanRow(
            id="dragon_seven_pairs",
            rule="S-09",
            group="hand",
            fan=3,
            replaces=("seven_pairs",),
            absorbs=(("root", 1),),
            test=_dragon_seven_pairs,
            example="1111m44m66m99m22p55p --win 5p",
        ),
        FanRow(
            id="two_five_eight",
            rule="S-10",
            group="hand",
            fan=2,
            enabled_by=BoolOption("yao_jiu_jiang_dui"),
            implies=("all_pungs",),
            test=_two_five_eight,
            example="222m555m888m222p88p --win 8p",
        ),
        FanRow(
            id="golden_hook",
            rule="S-11",
            group="hand",
            fan=1,
            implies=("all_pungs",),
            test=_golden_hook,
            example=(
                "88p --meld pung:222m --meld pung:555m --meld pung:888m --meld pung:555p --win 8p"
            ),
        ),
        FanRow(
            id="root",
            rule="S-12",
            group="root",
            fan=1,
            test=_roots,
            example="111m123m456p789p22p --win 2p",
        ),
        FanRow(
            id="kong_flower",
            rule="S-14",
            group="bonus",
            fan=1,
            side=True,
            situational=True,
            test=lambda c: c.how.after_kong,
        ),
        FanRow(
            id="kong_discard",
            rule="S-14",
            group="bonus",
            fan=1,
            side=True,
            situational=True,
            test=lambda c: c.how.kong_discard,
        ),
        FanRow(
            id="robbing_kong",
            rule="S-14",
            group="bonus",
            fan=1,
            side=True,
            situational=True,
            test=lambda c: c.how.robbing_kong,
        ),
        FanRow(
            id="last_tile_draw",
            rule="S-14",
            group="bonus",
            fan=1,
            side=True,
            situational=True,
            test=lambda c: c.how.last_tile and c.how.self_draw,
        ),
        FanRow(
            id="last_discard",
            rule="S-14",
            group="bonus",
            fan=1,
            side=True,
            situational=True,
            test=lambda c: c.how.last_tile and not c.how.self_draw,
        ),
        FanRow(
            id="self_draw_fan",
            rule="S-14",
            group="bonus",
            fan=1,
            side=True,
            situational=True,
            test=lambda c: c.how.paid_as_self_draw and c.rules.self_draw_bonus == "jiafan",
        ),
        FanRow(
            id="heavenly",
            rule="S-15",
            group="limit",
            fan=0,
            limit=True,
            limit_rank=1,
            side=True,
            enabled_by=BoolOption("tian_di_hu"),
            situational=True,
            test=lambda c: c.how.heavenly,
        ),
        FanRow(
            id="earthly",
            rule="S-15",
            group="limit",
            fan=0,
            limit=True,
            limit_rank=2,
            side=True,
            enabled_by=BoolOption("tian_di_hu"),
            situational=True,
            test=lambda c: c.how.earthly,
        ),
        FanRow(
            id="men_qing",
            rule="RULES-sichuan §7.2",
            group="extra",
            fan=1,
            enabled_by=BoolOption("men_qing_zhong_zhang"),
            test=_concealed_hand,
            example="123m456m234p678p99p --win 9p",
        ),
        FanRow(
            id="zhong_zhang",
            rule="RULES-sichuan §7.2",
            group="extra",
            fan=1,
            enabled_by=BoolOption("men_qing_zhong_zhang"),
            test=_no_terminals,
            example="234m456m55p --meld pung:666p --meld pung:333p --win 5p",
        ),
    ),
    NAMES,
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
def _active_rows(rules: SichuanRules, situational: bool) -> tuple[ActiveRow[FanContext], ...]:
    """The rows these rules count (without the situational ones, if asked); computed once."""

    def keep(row: object) -> bool:
        return situational or not (isinstance(row, FanRow) and row.situational)

    return activate(TABLE, rules, keep)


_rows: LastRows[FanContext] = LastRows(_active_rows)
"""The active rows (with the situational ones or not) under the rules asked for last."""


def evaluate(context: FanContext, situational: bool = True) -> FanResult:
    """Score one reading of a hand with the table.

    Without ``situational`` the rows that depend on how the hand was won are skipped (the
    wall-end ready check, §6.2).
    """
    cap = context.rules.fan_cap
    found = patterns.evaluate(_rows(context.rules, situational), context, cap)
    limit = None if found.limit is None else ROWS[found.limit.row.id]
    fan = cap if limit is not None else min(found.total, cap)
    return FanResult(found.hits, found.total, fan, limit, found.replaced, context)


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
    return best_reading(
        (evaluate(context, situational) for context in readings(hand, win_tile, how, rules)),
        key=lambda result: (result.fan, result.raw_fan),
    )


def best_fan_value(
    hand: Hand,
    win_tile: int,
    rules: SichuanRules,
    how: HowWon = NO_SITUATION,
    situational: bool = True,
) -> int | None:
    """The fan (after the cap) of :func:`best_fan`'s reading, or None if the hand is not
    complete, without naming the patterns (what a bot's figure needs)."""
    cap = rules.fan_cap
    rows = _rows(rules, situational)
    best: int | None = None
    for context in readings(hand, win_tile, how, rules):
        counted = patterns.tally(rows, context)
        if counted.winner is not None:
            fan = cap
        else:
            fan = min(sum(active.value * count for active, count in counted.kept), cap)
        if best is None or fan > best:
            best = fan
    return best


def rows_in(group: Group) -> Sequence[FanRow]:
    """The rows of one group, in table order."""
    return [row for row in TABLE if row.group == group]


def _name_cell(row: FanRow, lang: str) -> str:
    return row.names[lang] if lang == "zh" else f"{row.names[lang]} ({row.names['zh']})"


def _fan_cell(row: FanRow, lang: str) -> str:
    return t("page.cap", lang) if row.group == "limit" else str(row.fan)


def rules_page(rules: SichuanRules | None = None, lang: str = "en") -> str:
    """The fan table as a Markdown table in ``lang``, generated from :data:`TABLE`.

    Rows switched off by ``rules`` are left out; without ``rules`` every row is shown, with the
    option that switches it.

    >>> print(rules_page(lang="en").splitlines()[3])
    | All pungs (對對胡) | 1 | S-05 | 111m444m222p777p99p --win 9p |
    """

    def rule_cell(row: FanRow, lang: str) -> str:
        if row.option is not None and rules is None:
            return f"{row.rule} ({t('page.option', lang)} `{row.option}`)"
        return row.rule

    columns: tuple[Column[FanRow], ...] = (
        Column("page.pattern", _name_cell),
        Column("page.fan", _fan_cell),
        Column("page.rule", rule_cell),
        Column("page.example", lambda row, lang: row.example),
    )
    shown = [row for row in TABLE if rules is None or row.enabled(rules)]
    return markdown_table(shown, columns, lang, LANGUAGES)


def check() -> None:
    """The shared table checks (see :func:`mahjongkit.scoring.patterns.check_table`).

    The tests run it (``tests/scoring/test_tables.py``); the import does not, because a
    one-shot command would pay for it every time."""
    check_table(TABLE, SichuanRules, LANGUAGES, NAMES)
