"""The Riichi pattern table compiled for one set of rules.

The search (:mod:`~mahjongkit.variants.riichi.search`) never reads a row or a rules field: it
reads what this module resolves once per rules value. Each row's han and yakuman under the rules,
the rows a reading with given feature bits can have (:meth:`Compiled.for_features`, filled on
first sight of a feature int), the basic points of each han, fu and yakuman, and the small
tables a win's concealment, self-draw, dealership and seat settle before any reading.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from types import MappingProxyType

from mahjongkit.lite_typing import Any, NamedTuple
from mahjongkit.scoring import PatternHit, PaymentLine
from mahjongkit.scoring.patterns import TableError
from mahjongkit.tiles import TERMINALS_AND_HONORS, dora_after
from mahjongkit.valueclass import dataclass, field
from mahjongkit.variants.riichi.features import (
    F_CONCEALED,
    F_DEALER,
    F_DISCARD,
    F_NON_DEALER,
    F_OPEN,
    F_SELF_DRAW,
    HONOUR_FEATURES,
    pair_features_table,
    pair_fu_table,
)
from mahjongkit.variants.riichi.points import basic_points, payments_for, total_points
from mahjongkit.variants.riichi.rules import RiichiRules
from mahjongkit.variants.riichi.yaku import TABLE, Predicate, Yaku

MEMO_LIMIT = 100_000
"""Entries a per-rules memo keeps before it is emptied (candidate rows by feature int, pattern
ids by mask): a scoring run meets a few thousand of each; the bound holds memory flat in a
process fed arbitrary hands for ever."""
RULES_MEMO_LIMIT = 64
"""Rules values whose compiled tables are kept: a program uses a handful of rule sets; one
that builds rules on the fly (a server honouring every option) recompiles after this many."""

_ORPHAN_KINDS = TERMINALS_AND_HONORS
_PUNG_FU = tuple(8 if kind in _ORPHAN_KINDS else 4 for kind in range(34))
"""Fu of a concealed pung of each kind."""
_NO_FU = (0,) * 34
_HALF_PUNG_FU = tuple(fu // 2 for fu in _PUNG_FU)

Situation = tuple[int, int, int, tuple[int, ...], int, bool, int]
"""What a win's concealment, self-draw and dealership settle before any reading: (feature
bits, base fu, self-draw fu, fu a pung loses by the winning tile by kind, concealed pungs the
winning tile opens, whether an open hand's 20 fu count 30, index of the winner's gain)."""


def _situations(open_pinfu_fu: bool) -> tuple[Situation, ...]:
    """The :data:`Situation` of each ``4 * concealed + 2 * self_draw + dealer``."""
    found: list[Situation] = []
    for concealed in (False, True):
        for self_draw in (False, True):
            for dealer in (False, True):
                features = (F_CONCEALED if concealed else F_OPEN) | (
                    F_SELF_DRAW if self_draw else F_DISCARD
                )
                found.append(
                    (
                        features | (F_DEALER if dealer else F_NON_DEALER),
                        # Base 20, +10 concealed on a discard; +2 self-draw (not with pinfu).
                        30 if concealed and not self_draw else 20,
                        2 if self_draw else 0,
                        # a pung completed by a discard counts as open.
                        _NO_FU if self_draw else _HALF_PUNG_FU,
                        0 if self_draw else 1,
                        not concealed and open_pinfu_fu,
                        2 * dealer + self_draw,
                    )
                )
    return tuple(found)


# --- the rules, compiled ------------------------------------------------------------------------

Candidate = tuple[int, int, int, Predicate]
"""(row bit, han, yakuman, predicate) of a row that may apply to a hand with some features."""


class Candidates(NamedTuple):
    """The rows that may apply to a reading with given features."""

    raw_mask: int
    """Rows the features decide alone."""
    mask: int
    """The same, less the rows replaced by one of them; ``han`` and ``yakuman`` are theirs."""
    han: int
    yakuman: int
    tests: tuple[Candidate, ...]
    """Rows whose predicate is still to run."""
    replacements: tuple[tuple[int, int, int, int], ...]
    """The replacements left to check, those with a row to test: (replacing bit, replaced
    bit, replaced han, replaced yakuman). No row both replaces and is replaced (the table
    checks it), so their order does not matter."""


@dataclass(slots=True)
class _Resolved:
    """A table row under one set of rules: its values, or absent."""

    row: Yaku
    index: int
    bit: int
    han_closed: int
    han_open: int
    yakuman: int
    replaces: int
    """Bits of the rows it replaces."""


Settlement = tuple[int, Mapping[int, int], tuple[PaymentLine, ...], RiichiRules]
"""The payments of a win: (points, deltas by seat, lines), and the rules they were settled
under (a won hand keeps this one shared tuple, rather than a new one holding the rules)."""


class SearchTables(NamedTuple):
    """What the search reads of one set of rules, resolved once (the search unpacks these
    fields by position from :attr:`Compiled.hot`, in this order)."""

    red_fives: bool
    dora_of: tuple[int, ...]
    """The dora's kind by its indicator's kind (three players skip 2m-8m)."""
    ura_dora: bool
    seat_tables: tuple[tuple[tuple[int, ...], ...], ...]
    """By ``seat * 4 + prevalent wind``: pair fu, pair features, honour-pung features."""
    situations: tuple[Situation, ...]
    """By ``4 * concealed + 2 * self_draw + dealer`` (see :data:`Situation`)."""
    threshold: int
    """Counters from which a win needs two han of yaku (never reached when the rules have no
    two-han minimum)."""
    candidates_table: dict[int, Candidates]
    """:attr:`Compiled.candidates`."""
    points_table: dict[int, tuple[int, str | None, tuple[int, ...]]]
    """:attr:`Compiled.points`."""
    players: int
    """The seats at the table (:attr:`RiichiRules.players`)."""
    pattern_table: dict[Any, tuple[PatternHit, ...]]
    """:attr:`Compiled.pattern_lists`."""
    settlement_table: dict[Any, Settlement]
    """:attr:`Compiled.settlements`."""
    ids_table: dict[int, tuple[str, ...]]
    """:attr:`Compiled.ids`."""
    points_direct: list[tuple[int, str | None, tuple[int, ...]] | None]
    """:attr:`Compiled.points_direct`."""


_ValuedRow = tuple[int, int, int, int, int, Predicate | None]


DIRECT_HAN = 13
DIRECT_FU = 128
"""The han (below a counted yakuman's 13) and fu (every reading's is below 128) that
:attr:`Compiled.points_direct` holds."""


@dataclass(slots=True)
class Compiled:
    """The pattern table resolved for one set of rules, with the per-feature candidate lists."""

    rules: RiichiRules
    rows: list[_Resolved]
    by_bit: dict[int, _Resolved]
    yakuman_bits: int
    candidates: dict[int, Candidates] = field(default_factory=dict)
    """What can apply to a reading, by its feature bits (see :meth:`for_features`)."""
    hits: dict[tuple[int, int, int], PatternHit] = field(default_factory=dict)
    ids: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Pattern ids of a mask of rows (memoised)."""
    pattern_lists: dict[Any, tuple[PatternHit, ...]] = field(default_factory=dict)
    """Pattern lines by :func:`pattern_key` (rows mask, dora, ura dora, red fives, concealment,
    North tiles set aside: few values; see :meth:`pattern_lines`)."""
    settlements: dict[Any, Settlement] = field(default_factory=dict)
    """Payments by :func:`payment_key` (everything they depend on, a pure function of few
    values; see :meth:`settle`)."""
    points: dict[int, tuple[int, str | None, tuple[int, ...]]] = field(default_factory=dict)
    """Basic points, limit and the winner's gain by ``han << 16 | fu << 8 | yakuman`` (see
    :meth:`basic`)."""
    points_direct: list[tuple[int, str | None, tuple[int, ...]] | None] = field(
        default_factory=lambda: [None] * (DIRECT_HAN * DIRECT_FU)
    )
    """:attr:`points` of the hands below a yakuman's han, at ``han * DIRECT_FU + fu`` (None:
    not asked yet): the search asks for each reading it keeps, and an index into a list costs
    a few instructions where a dict look-up boxes and hashes its int key (a fixed domain, so
    never emptied)."""
    tables: SearchTables | None = None
    """What the search reads of the rules (see :class:`SearchTables`)."""
    hot: tuple[Any, ...] = ()
    """:attr:`tables` as a plain tuple, which the search unpacks in one step (a named tuple
    unpacks through its iterator, a plain one at C speed)."""
    valued_rows: tuple[tuple[_ValuedRow, ...], tuple[_ValuedRow, ...]] = ((), ())
    """By concealment (open, concealed): the rows worth something, in table order, as
    (needs, forbids, bit, han, yakuman, predicate) (:meth:`for_features` reads only these)."""
    chunk_rows: tuple[list[list[int | None]], list[list[int | None]]] = ([], [])
    """By concealment, by byte of the feature int (:data:`_CHUNKS` of them), by that byte's
    value: the :attr:`valued_rows` (a bit each) whose needs and forbids that byte satisfies,
    filled on first sight (a fixed domain of 2 x 7 x 256 ints). A feature int's rows are the
    ``&`` of its bytes' entries: seven look-ups, where testing every row costs forty."""
    replacing: tuple[tuple[int, int, tuple[tuple[int, int], tuple[int, int]]], ...] = ()
    """Every (replacing bit, replaced bit, the replaced row's (han, yakuman) open and
    concealed) of the rules, in table order: a handful, where a loop over row pairs would
    visit thousands."""

    def basic(self, key: int) -> tuple[int, str | None, tuple[int, ...]]:
        """Basic points, limit and the winner's gain (by ``2 * dealer + self-draw``) of
        ``han << 16 | fu << 8 | yakuman`` (memoised: few values)."""
        found = self.points.get(key)
        if found is None:
            players = self.rules.players
            split = self.rules.missing_seat_share == "split"
            basic, limit = basic_points(key >> 16, key >> 8 & 0xFF, key & 0xFF, self.rules)
            gains = tuple(
                total_points(basic, dealer, self_draw, players, split)
                for dealer in (False, True)
                for self_draw in (False, True)
            )
            found = self.points[key] = (basic, limit, gains)
        return found

    def for_features(self, features: int) -> Candidates:
        """The rows that can apply to a reading with these features: the ones the features
        decide alone (summed into a mask, han and yakuman), the ones with a predicate left, and
        the replacements among them as (replacing bit, replaced bit, replaced han, replaced
        yakuman)."""
        found = self.candidates.get(features)
        if found is not None:
            return found
        if len(self.candidates) >= MEMO_LIMIT:
            self.candidates.clear()  # the same dict: the search tables hold it
        concealed = bool(features & F_CONCEALED)
        mask = han = yakuman = 0
        tests: list[Candidate] = []
        rows = self.valued_rows[concealed]
        chunks = self.chunk_rows[concealed]
        alive = -1
        for chunk in range(_CHUNKS):
            byte = features >> (8 * chunk) & 0xFF
            allowed = chunks[chunk][byte]
            if allowed is None:
                allowed = chunks[chunk][byte] = _allowed(rows, chunk, byte)
            alive &= allowed
        while alive:
            low = alive & -alive
            alive ^= low
            _, _, bit, value, units, test = rows[low.bit_length() - 1]
            if test is None:
                mask |= bit
                han += value
                yakuman += units
            else:
                tests.append((bit, value, units, test))
        present = raw_mask = mask
        for bit, _, _, _ in tests:
            present |= bit
        replacements = []
        for replacer, replaced, values in self.replacing:
            if replacer & present and replaced & present:
                pair = (replacer, replaced, *values[concealed])
                if replacer & raw_mask and replaced & raw_mask:
                    # Both decided by the features: replaced once here.
                    mask ^= replaced
                    han -= pair[2]
                    yakuman -= pair[3]
                else:
                    replacements.append(pair)
        found = self.candidates[features] = Candidates(
            raw_mask, mask, han, yakuman, tuple(tests), tuple(replacements)
        )
        return found

    def ids_of(self, mask: int) -> tuple[str, ...]:
        """The pattern ids of the rows of ``mask``, in table order (memoised by the mask)."""
        if len(self.ids) >= MEMO_LIMIT:
            self.ids.clear()  # the same dict: the search tables hold it
        found = self.ids[mask] = tuple(self.by_bit[bit].row.id for bit in bits_of(mask))
        return found

    def pattern_lines(
        self,
        key: Any,
        yakuman: int,
        mask: int,
        dora: int,
        ura: int,
        red: int,
        concealed: bool,
        north: int = 0,
    ) -> tuple[PatternHit, ...]:
        """The pattern lines of a reading, in table order, bonus han last, kept under ``key``
        (:func:`pattern_key` of the same values). ``north``: the North tiles set aside (three
        players), each a han of its own on its line; the dora count holds them (the search
        counts them as held), and keeps those the indicators make of them."""
        patterns: list[PatternHit] = []
        for bit in bits_of(mask):
            resolved = self.by_bit[bit]
            value = resolved.yakuman or (resolved.han_closed if concealed else resolved.han_open)
            patterns.append(self.hit(resolved, value))
        if not yakuman:
            dora -= north
            for kind, count in (("dora", dora), ("red", red), ("ura", ura), ("north", north)):
                if count:
                    patterns.append(self._bonus_hit(kind, count))
        if len(self.pattern_lists) >= MEMO_LIMIT:
            self.pattern_lists.clear()  # the same dict: the search tables hold it
        found = self.pattern_lists[key] = tuple(patterns)
        return found

    def settle(
        self,
        key: Any,
        basic: int,
        seat: int,
        self_draw: bool,
        from_seat: int | None,
        honba: int,
        deposits: int,
        liable_seat: int | None = None,
        liable_basic: int = 0,
    ) -> Settlement:
        """The payments of a win, kept under ``key`` (:func:`payment_key` of the same values,
        or with a liable seat any key holding them all). ``from_seat`` None on a discard win:
        the previous seat."""
        rules = self.rules
        paid = payments_for(
            basic,
            seat,
            self_draw,
            (seat - 1) % rules.players if from_seat is None else from_seat,
            rules,
            honba=honba,
            deposits=deposits,
            liable_seat=liable_seat,
            liable_basic=liable_basic,
        )
        if len(self.settlements) >= MEMO_LIMIT:
            self.settlements.clear()  # the same dict: the search tables hold it
        found = self.settlements[key] = (
            paid.points,
            MappingProxyType(paid.deltas),
            paid.lines,
            rules,
        )
        return found

    def _bonus_hit(self, kind: str, count: int) -> PatternHit:
        index, row = _BONUS_ROWS[kind]
        key = (index, count, count)
        found = self.hits.get(key)
        if found is None:
            found = self.hits[key] = PatternHit(row.id, count, row.names, "han", count)
        return found

    @staticmethod
    def _values(resolved: _Resolved, concealed: bool) -> tuple[int, int]:
        return (resolved.han_closed if concealed else resolved.han_open, resolved.yakuman)

    def hit(self, resolved: _Resolved, value: int, count: int = 1) -> PatternHit:
        """The (memoised) pattern line of a row."""
        key = (resolved.index, value, count)
        found = self.hits.get(key)
        if found is None:
            unit = "yakuman" if resolved.yakuman else "han"
            row = resolved.row
            found = self.hits[key] = PatternHit(row.id, value, row.names, unit, count)
        return found


_COMPILED: dict[RiichiRules, Compiled] = {}
_last: tuple[RiichiRules, Compiled] | None = None
"""The last rules asked for: hashing a rules value costs more than scoring half a hand, and
callers score many hands under one rules object. Replaced as one tuple, so threads agree."""


def compile_rules(rules: RiichiRules) -> Compiled:
    """The table resolved for ``rules`` (memoised per rules value)."""
    global _last
    last = _last
    if last is not None and last[0] is rules:
        return last[1]
    found = _COMPILED.get(rules)
    if found is None:
        if len(_COMPILED) >= RULES_MEMO_LIMIT:
            _COMPILED.clear()
        found = _COMPILED[rules] = _compile(rules)
    _last = (rules, found)
    return found


def _compile(rules: RiichiRules) -> Compiled:
    rows: list[_Resolved] = []
    bits = {row.id: 1 << index for index, row in enumerate(TABLE)}
    for index, row in enumerate(TABLE):
        if row.bonus is not None:
            continue
        han_closed, han_open, yakuman = row.han_closed, row.han_open, row.yakuman
        if row.option is not None:
            option_name, values = row.option
            value = values[str(getattr(rules, option_name))]
            if value is None:
                continue
            han_closed, han_open, yakuman = value
        if row.open_option is not None and getattr(rules, row.open_option):
            han_open = han_closed
        if yakuman and row.id in rules.double_yakuman:
            yakuman = 2
        replaces = 0
        for other in row.replaces:
            replaces |= bits[other]
        rows.append(_Resolved(row, index, bits[row.id], han_closed, han_open, yakuman, replaces))
    yakuman_bits = 0
    for resolved in rows:
        if resolved.yakuman:
            yakuman_bits |= resolved.bit
    compiled = Compiled(rules, rows, {r.bit: r for r in rows}, yakuman_bits)
    if any((r.row.needs | r.row.forbids) >> (8 * _CHUNKS) for r in rows):
        raise TableError(f"a feature bit past {8 * _CHUNKS}: widen the byte tables (_CHUNKS)")
    compiled.valued_rows = (_valued(rows, concealed=False), _valued(rows, concealed=True))
    compiled.chunk_rows = (
        [[None] * 256 for _ in range(_CHUNKS)],
        [[None] * 256 for _ in range(_CHUNKS)],
    )
    compiled.replacing = tuple(
        (
            resolved.bit,
            other.bit,
            (Compiled._values(other, False), Compiled._values(other, True)),
        )
        for resolved in rows
        for other in rows
        if resolved.replaces & other.bit
    )
    threshold = rules.two_han_minimum_counters
    compiled.tables = SearchTables(
        red_fives=rules.red_fives,
        dora_of=_DORA_OF if rules.players == 4 else _DORA_OF_THREE_PLAYERS,
        ura_dora=rules.ura_dora,
        seat_tables=_seat_tables_for(rules.double_wind_pair_fu),
        situations=_situations(rules.open_pinfu_fu),
        # No two-han minimum: a number of counters no hand reaches.
        threshold=sys.maxsize if threshold is None else threshold,
        candidates_table=compiled.candidates,
        points_table=compiled.points,
        players=rules.players,
        pattern_table=compiled.pattern_lists,
        settlement_table=compiled.settlements,
        ids_table=compiled.ids,
        points_direct=compiled.points_direct,
    )
    compiled.hot = tuple(compiled.tables)
    return compiled


_CHUNKS = 7
"""Bytes of a feature int: every feature bit is below 56."""

_BONUS_ROWS: dict[str, tuple[int, Yaku]] = {
    row.bonus: (index, row) for index, row in enumerate(TABLE) if row.bonus
}
"""The bonus han rows (dora, red fives, ura dora, North tiles) by their kind, with their index."""


def pattern_key(mask: int, dora: int, ura: int, red: int, concealed: bool, north: int) -> Any:
    """What a reading's pattern lines depend on, as one int (a tuple past the bytes' range):
    a memo key that hashes in a step, where a tuple hashes each item."""
    if (dora | ura | red | north) >> 8:
        return (mask, dora, ura, red, concealed, north)
    return ((((mask << 8 | north) << 8 | dora) << 8 | ura) << 8 | red) << 1 | concealed


def payment_key(
    basic: int, seat: int, self_draw: bool, from_seat: int | None, honba: int, deposits: int
) -> Any:
    """What the payments of a win without a liable seat depend on, as one int (a tuple for
    counts past :data:`~mahjongkit.scoring.result.MAX_COUNT`'s 17 bits or seats past 6): the
    basic points, the winner's seat, self-draw, the discarder (none on a self-draw), counters
    and deposits."""
    draw = 1 if self_draw else 0  # a truthy flag is a yes (the search reads it so)
    discarder = None if draw else from_seat
    if (honba | deposits) >> 17 or not 0 <= seat < 8 or not -1 <= (discarder or 0) < 7:
        return (basic, seat, draw, discarder, honba, deposits)
    code = 0 if discarder is None else discarder + 1
    return (((basic << 17 | honba) << 17 | deposits) << 3 | seat) << 4 | code << 1 | draw


def _allowed(rows: tuple[_ValuedRow, ...], chunk: int, byte: int) -> int:
    """The rows (bit ``i`` for ``rows[i]``) whose needs and forbids, within byte ``chunk`` of
    the feature int, a byte of value ``byte`` satisfies."""
    shift = 8 * chunk
    found = 0
    for index, (needs, forbids, *_) in enumerate(rows):
        if not (needs >> shift & 0xFF & ~byte or forbids >> shift & 0xFF & byte):
            found |= 1 << index
    return found


def _valued(rows: list[_Resolved], concealed: bool) -> tuple[_ValuedRow, ...]:
    """The rows worth han or yakuman to a hand so concealed (see ``Compiled.valued_rows``)."""
    found = []
    for resolved in rows:
        value = resolved.han_closed if concealed else resolved.han_open
        if value or resolved.yakuman:
            row = resolved.row
            found.append((row.needs, row.forbids, resolved.bit, value, resolved.yakuman, row.test))
    return tuple(found)


def _seat_tables(seat: int, prevalent: int, double: int) -> tuple[tuple[int, ...], ...]:
    return (
        pair_fu_table(27 + seat, 27 + prevalent, double),
        pair_features_table(27 + seat, 27 + prevalent),
        HONOUR_FEATURES[(seat, prevalent)],
    )


_SEAT_TABLES: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {}
"""By double-wind pair fu, then ``seat * 4 + prevalent wind``: the fu and the feature bits of a
pair of each kind, and the feature bits of the honour pungs (see ``HONOUR_FEATURES``). Built
when rules with that double-wind fu are first compiled; the domain is the two values the rules
allow (2 and 4), so it never grows past two entries."""


def _seat_tables_for(double: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    found = _SEAT_TABLES.get(double)
    if found is None:
        found = _SEAT_TABLES[double] = tuple(
            _seat_tables(seat, prevalent, double) for seat in range(4) for prevalent in range(4)
        )
    return found


_DORA_OF = tuple(dora_after(kind) for kind in range(34))
"""The dora's kind by its indicator's kind."""
_DORA_OF_THREE_PLAYERS = (8, *_DORA_OF[1:])
"""Three players play without 2m-8m: the 1m indicator shows the 9m."""


def bits_of(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first (a row's bit each)."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low
