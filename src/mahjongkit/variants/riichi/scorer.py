"""The Riichi scorer: every reading of a winning hand, the best one, and its explanation.

A *reading* is one decomposition of the hand (four sets and a pair, seven pairs, or thirteen
orphans) together with one place for the winning tile (which set it completed: the wait). Each
reading gets its yaku from the table, its fu and its points; the best reading wins (most points,
then a real yakuman over a counted one, then han, then fu). Only that reading is turned into a
:class:`~mahjongkit.scoring.Score` with names, fu breakdown and payments.

The hot path works on small ints and plain tuples: the hand's packed counts
(:attr:`~mahjongkit.hand.Hand.packed`), per-suit memo tables (see
:mod:`~mahjongkit.variants.riichi.context`), feature bits that decide nearly every yaku row, and
per-rules tables compiled once. An answer keeps its reading as ints and plain tuples, which the
garbage collector stops following after a pass (answers are often kept by the thousand). Its
costs are measured in instructions per hand by ``bench/score_instructions.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from itertools import chain, product
from operator import attrgetter
from types import MappingProxyType
from typing import Any, NamedTuple

from mahjongkit.hand import PACKED_BITS, Hand
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring import FuItem, Names, PatternHit, PaymentLine, Score, Win
from mahjongkit.shapes import shanten, waits
from mahjongkit.tiles import (
    TERMINALS_AND_HONORS,
    Tile,
    dora_after,
    format_kinds,
)
from mahjongkit.variants.riichi.context import (
    CHOW_FEATURES_MEMO,
    COUNT_FEATURES,
    F_AFTER_KONG,
    F_CONCEALED,
    F_DEALER,
    F_DISCARD,
    F_DOUBLE_RIICHI,
    F_FIRST_TURN,
    F_FOUR_KONGS,
    F_IPPATSU,
    F_LAST_TILE,
    F_NO_MELDS,
    F_NON_DEALER,
    F_OPEN,
    F_ORPHANS,
    F_REGULAR,
    F_RIICHI,
    F_ROBBING_KONG,
    F_SELF_DRAW,
    F_SEVEN_PAIRS,
    F_THREE_CHOWS,
    F_THREE_KONGS,
    F_THREE_PUNGS,
    HIDDEN_FEATURES,
    HONOUR_FEATURES,
    KANCHAN,
    ORPHANS,
    ORPHANS_WAIT,
    PACK_CHOWS,
    PACK_COUNTS,
    PACK_FU,
    PACK_HIDDEN,
    PACK_INSIDE,
    PACK_PAIR,
    PACK_PEIKOU,
    PACK_PUNGS,
    PENCHAN,
    PUNG_FEATURES_MEMO,
    REGULAR,
    RYANMEN,
    SEVEN_PAIRS,
    SEVEN_PAIRS_WAIT,
    SHANPON,
    SPECIAL_MORE_CUTS,
    SPECIAL_ORPHANS,
    SPECIAL_PAIR_BITS,
    SPECIAL_PAIRS,
    SUIT_FACTS,
    SUIT_OF_KIND,
    TANKI,
    TILE_FEATURES,
    WAIT_FEATURES,
    WAIT_NAMES,
    Part,
    WinContext,
    chow_features,
    pair_features_table,
    pair_fu_table,
    pung_features,
    remember_set_features,
    suit_facts,
    suit_info,
    tile_flags,
)
from mahjongkit.variants.riichi.fu import (
    SEVEN_PAIRS_FU,
    breakdown,
    set_fu,
    seven_pairs_breakdown,
)
from mahjongkit.variants.riichi.points import (
    basic_points,
    limit_names,
    payments_for,
    total_points,
)
from mahjongkit.variants.riichi.rules import RiichiRules
from mahjongkit.variants.riichi.yaku import TABLE, Predicate, Yaku

VARIANT_NAME = "riichi"
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
    pattern_lists: dict[tuple[int, int, int, int, bool], tuple[PatternHit, ...]] = field(
        default_factory=dict
    )
    """Pattern lines by (rows mask, dora, ura dora, red fives, concealed)."""
    settlements: dict[Any, Settlement] = field(default_factory=dict)
    """Payments by everything they depend on (a pure function of few values)."""
    points: dict[int, tuple[int, str | None, tuple[int, ...]]] = field(default_factory=dict)
    """Basic points, limit and the winner's gain by ``han << 16 | fu << 8 | yakuman`` (see
    :meth:`basic`)."""
    hot: tuple[Any, ...] = ()
    """What the search reads of the rules, in one tuple (see :func:`_compile`)."""

    def basic(self, key: int) -> tuple[int, str | None, tuple[int, ...]]:
        """Basic points, limit and the winner's gain (by ``2 * dealer + self-draw``) of
        ``han << 16 | fu << 8 | yakuman`` (memoised: few values)."""
        found = self.points.get(key)
        if found is None:
            players = self.rules.players
            basic, limit = basic_points(key >> 16, key >> 8 & 0xFF, key & 0xFF, self.rules)
            gains = tuple(
                total_points(basic, dealer, self_draw, players)
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
        concealed = bool(features & F_CONCEALED)
        mask = han = yakuman = 0
        tests: list[Candidate] = []
        for resolved in self.rows:
            row = resolved.row
            if row.needs & ~features or row.forbids & features:
                continue
            value = resolved.han_closed if concealed else resolved.han_open
            if not value and not resolved.yakuman:
                continue
            if row.test is None:
                mask |= resolved.bit
                han += value
                yakuman += resolved.yakuman
            else:
                tests.append((resolved.bit, value, resolved.yakuman, row.test))
        present = raw_mask = mask
        for bit, _, _, _ in tests:
            present |= bit
        replacements = []
        for resolved in self.rows:
            for other in self.rows:
                if resolved.bit & present and resolved.replaces & other.bit & present:
                    pair = (resolved.bit, other.bit, *self._values(other, concealed))
                    if resolved.bit & raw_mask and other.bit & raw_mask:
                        # Both decided by the features: replaced once here.
                        mask ^= other.bit
                        han -= pair[2]
                        yakuman -= pair[3]
                    else:
                        replacements.append(pair)
        found = self.candidates[features] = Candidates(
            raw_mask, mask, han, yakuman, tuple(tests), tuple(replacements)
        )
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
    threshold = rules.two_han_minimum_counters
    compiled.hot = (
        rules.red_fives,
        _DORA_OF if rules.players == 4 else _DORA_OF_THREE_PLAYERS,
        rules.ura_dora,
        _SEAT_TABLES[rules.double_wind_pair_fu],
        _situations(rules.open_pinfu_fu),
        # No two-han minimum: a number of counters no hand reaches.
        sys.maxsize if threshold is None else threshold,
        compiled.candidates,
        compiled.points,
    )
    return compiled


# --- readings -----------------------------------------------------------------------------------


class _Reading(NamedTuple):
    """The best reading of a win, and what the hand contributes to its answer.

    The search hands it over as a plain tuple in this order (see :data:`_RawReading`); the
    explanation, read rarely, names it with :func:`_named`. The first five fields are what the
    pattern lines depend on (the answer slices them off as its memo key; ``yakuman``, which the
    lines read too, follows from the mask)."""

    mask: int
    """The rows that count."""
    dora: int
    ura: int
    red: int
    concealed: bool
    basic: int
    yakuman: int
    han: int
    """Han with bonus han (13 per yakuman for a yakuman hand)."""
    fu: int
    limit: str | None
    raw_mask: int
    """The rows found before replacements."""
    shape: int
    parts: tuple[Part, ...]
    """The decomposition's part of each suit (m, p, s, honours); empty for seven pairs and
    thirteen orphans."""
    wait: int
    pinfu: bool


_RawReading = tuple[Any, ...]
"""A :class:`_Reading` as the plain tuple the search builds (``parts`` holds the suits' hot
reading tuples, see :data:`~mahjongkit.variants.riichi.context.SuitFacts`). It holds ints,
bools, strings, None and plain tuples only, so the garbage collector stops following it after
a pass: a kept answer costs later collections less."""


def _parts(hand: Hand, hot_parts: tuple[Any, ...]) -> tuple[Part, ...]:
    """The parts of a decomposition from its suits' hot reading tuples (which hold the part's
    place in its suit's parts; none for seven pairs and thirteen orphans)."""
    if not hot_parts:
        return ()
    return tuple(
        suit_info(suit, suit_key).parts[hot[4]]
        for suit, (suit_key, hot) in enumerate(zip(hand.suit_keys, hot_parts, strict=True))
    )


def _named(raw: _RawReading, hand: Hand) -> _Reading:
    """The named reading of a raw one (for the explanation)."""
    return _Reading._make((*raw[:12], _parts(hand, raw[12]), *raw[13:]))


Tried = list[tuple[int, tuple[Any, ...], int, int]]
"""Every reading without enough yaku (shape, hot parts, wait, han), for the message."""


MeldFact = tuple[int, int, int, int, bool, int]
"""What one meld contributes to a hand: (chow mask, pung mask, tile-class flags, packed counts,
whether it opens the hand, kongs). ``packed`` has the ``PACK_*`` fields of
:mod:`~mahjongkit.variants.riichi.context`."""


def _meld_fact(meld_kind: MeldKind, kind: int) -> MeldFact:
    """The facts of a meld of ``meld_kind`` starting at ``kind``."""
    if meld_kind is MeldKind.CHOW:
        kinds: tuple[int, ...] = (kind, kind + 1, kind + 2)
        packed = 1 << PACK_CHOWS | (0 if kind % 9 in (0, 6) else 1) << PACK_INSIDE
        chow_mask, pung_mask = 1 << kind, 0
    else:
        kinds = (kind,) * (4 if meld_kind.is_kong else 3)
        concealed = meld_kind is MeldKind.CONCEALED_KONG
        fu = set_fu(kind, meld_kind.is_kong, concealed)
        inside = 0 if kind in TERMINALS_AND_HONORS else 1
        packed = (
            1 << PACK_PUNGS | inside << PACK_INSIDE | fu << PACK_FU | int(concealed) << PACK_HIDDEN
        )
        chow_mask, pung_mask = 0, 1 << kind
    kinds_mask = 0
    for k in kinds:
        kinds_mask |= 1 << k
    return (
        chow_mask,
        pung_mask,
        tile_flags(kinds_mask),
        packed,
        meld_kind is not MeldKind.CONCEALED_KONG,
        1 if meld_kind.is_kong else 0,
    )


_MELD_FACTS: tuple[MeldFact | None, ...] = tuple(
    _meld_fact(meld_kind, code % 64)
    if code % 64 < 34 and (meld_kind is not MeldKind.CHOW or (code % 64 < 27 and code % 9 < 7))
    else None
    for meld_kind in MeldKind
    for code in range(64)
)
"""The facts of every meld, by :attr:`~mahjongkit.melds.Meld.code`."""


def _seat_tables(seat: int, prevalent: int, double: int) -> tuple[tuple[int, ...], ...]:
    return (
        pair_fu_table(27 + seat, 27 + prevalent, double),
        pair_features_table(27 + seat, 27 + prevalent),
        HONOUR_FEATURES[(seat, prevalent)],
    )


_SEAT_TABLES = {
    double: tuple(
        _seat_tables(seat, prevalent, double) for seat in range(4) for prevalent in range(4)
    )
    for double in (2, 4)
}
"""By double-wind pair fu, then ``seat * 4 + prevalent wind``: the fu and the feature bits of a
pair of each kind, and the feature bits of the honour pungs (see ``HONOUR_FEATURES``)."""
_WAIT_FU = tuple(2 if wait in (KANCHAN, PENCHAN, TANKI) else 0 for wait in range(7))
"""Fu of each wait type: 2 for a closed, edge or pair wait."""
_ONE_PAIR_SUIT = tuple(bits in (1, 2, 4, 8) for bits in range(SPECIAL_PAIR_BITS + 1))
"""Whether a hand can have four sets and a pair, by the sum of its suits' pair bits (see
``SuitInfo.pair_bit``): exactly one suit holds the pair and every suit can be cut."""
_SEVEN_PAIRS_READING = (SEVEN_PAIRS,)
_ORPHANS_READING = (ORPHANS,)
"""Stand-ins for a decomposition in the reading loop: seven pairs and thirteen orphans."""
_SEVEN_PAIRS_WAITS = (SEVEN_PAIRS_WAIT,)
_ORPHANS_WAITS = (ORPHANS_WAIT,)
_PAIR_KIND = 63 << PACK_PAIR
_MAN_FACTS, _PIN_FACTS, _SOU_FACTS, _HONOUR_FACTS = SUIT_FACTS
"""Memo tables that are emptied, never replaced (so named once). The hot path subscripts them
and fills a miss in ``except KeyError`` (cheaper than a ``.get`` call when, as here, misses
happen on first sight only)."""


def _search(win: Win, compiled: Compiled, tried: Tried | None) -> _RawReading | None:
    """Every reading of the hand, scored; the best one (None: not a win).

    ``tried`` collects the readings without enough yaku (for the message of a non-win). This is
    the hot path: a hand's suits come from memo tables with their facts precomputed, a
    decomposition's totals are one addition of packed ints, and the yaku rows are the feature
    bits' candidates (see :meth:`Compiled.for_features`), with predicates left only for the rare
    rows the features cannot decide. Facts travel as plain tuples and ints, unpacked in one step.
    """
    (
        red_fives, dora_of, ura_dora, seat_tables, situations, threshold, candidates_table,
        points_table,
    ) = compiled.hot  # fmt: skip
    hand = win.hand
    red = hand.red_count if red_fives else 0

    man_key, pin_key, sou_key, honour_key = hand.suit_keys
    try:
        man = _MAN_FACTS[man_key]
        pin = _PIN_FACTS[pin_key]
        sou = _SOU_FACTS[sou_key]
        honours = _HONOUR_FACTS[honour_key]
    except KeyError:
        man, pin, sou, honours = (
            suit_facts(suit, suit_key) for suit, suit_key in enumerate(hand.suit_keys)
        )
    man_readings, man_flags, man_special = man
    pin_readings, pin_flags, pin_special = pin
    sou_readings, sou_flags, sou_special = sou
    honour_readings, honour_flags, honour_special = honours
    flags = man_flags | pin_flags | sou_flags | honour_flags
    special = man_special + pin_special + sou_special + honour_special

    melds = hand.melds
    meld_chow_mask = meld_pung_mask = meld_packed = kongs = 0
    concealed = True
    if melds:
        meld_facts = _MELD_FACTS
        for meld in melds:
            fact = meld_facts[meld.code]
            chows, pungs, meld_flags, packed, opened, kong = fact  # type: ignore[misc]
            meld_chow_mask |= chows
            meld_pung_mask |= pungs
            flags |= meld_flags
            meld_packed += packed
            kongs += kong
            if opened:
                concealed = False

    held = hand.held_counts
    dora = 0
    for tile in win.dora_indicators:
        dora += held[dora_of[tile.kind]]
    ura = 0
    riichi = win.riichi
    if riichi and ura_dora:
        for tile in win.ura_indicators:
            ura += held[dora_of[tile.kind]]
    if win.nukidora:  # three players: the North tiles set aside count as held for dora
        dora, ura = _with_nukidora(win, dora_of, dora, ura if riichi and ura_dora else None)
    bonus = dora + red + ura

    self_draw = win.self_draw
    seat = win.seat
    win_kind = win.win_tile.kind
    (
        features, base_fu, draw_fu, shanpon_fus, shanpon_hidden, open_floor, gain_index
    ) = situations[concealed * 4 + (2 if self_draw else 0) + (not seat)]  # fmt: skip
    if riichi:
        features |= F_RIICHI
        if win.double_riichi:
            features |= F_DOUBLE_RIICHI
        if win.ippatsu:
            features |= F_IPPATSU
    if win.after_kong or win.robbing_kong or win.last_tile or win.first_turn:  # rare
        if win.after_kong:
            features |= F_AFTER_KONG
        if win.robbing_kong:
            features |= F_ROBBING_KONG
        if win.last_tile:
            features |= F_LAST_TILE
        if win.first_turn:
            features |= F_FIRST_TURN
    if not melds:
        features |= F_NO_MELDS
    if kongs >= 3:
        features |= F_THREE_KONGS if kongs == 3 else F_THREE_KONGS | F_FOUR_KONGS
    # The kinds held do not depend on the reading: the tile features are the hand's.
    features |= TILE_FEATURES[flags]

    # What to read: the decompositions (one part per suit, the pair in exactly one suit; an
    # empty suit has one empty part, a suit that cannot be cut has none), then seven pairs or
    # thirteen orphans when the hand has no melds.
    readings: Iterable[tuple[Any, ...]]
    if not _ONE_PAIR_SUIT[special & SPECIAL_PAIR_BITS]:
        readings = ()
    elif special >> SPECIAL_MORE_CUTS:
        readings = product(man_readings, pin_readings, sou_readings, honour_readings)
    else:  # most hands: every suit has exactly one cut (none has no cut, checked above)
        readings = ((man_readings[0], pin_readings[0], sou_readings[0], honour_readings[0]),)
    if not melds:
        if special >> SPECIAL_PAIRS & 0x1FF == 7:
            readings = chain(readings, (_SEVEN_PAIRS_READING,))
        elif special >> SPECIAL_ORPHANS & 0x1FF == 13:
            readings = chain(readings, (_ORPHANS_READING,))

    win_suit = SUIT_OF_KIND[win_kind]
    win_number = win_kind - 9 * win_suit
    pair_fu, pair_features, honour_features = seat_tables[seat * 4 + win.round_wind]
    shanpon_fu = shanpon_fus[win_kind]
    regular = features | F_REGULAR
    best: tuple[Any, ...] | None = None
    best_gain = 0
    best_rank: tuple[int, bool, int, int] | None = None

    for combo in readings:
        if combo is not _SEVEN_PAIRS_READING and combo is not _ORPHANS_READING:
            m, p, s, h = combo
            total = m[0] + p[0] + s[0] + h[0] + meld_packed
            chow_mask = m[1] | p[1] | s[1] | meld_chow_mask
            pung_mask = m[2] | p[2] | s[2] | h[2] | meld_pung_mask
            pair = ((total & _PAIR_KIND) >> PACK_PAIR) - 1
            this_pair_fu = pair_fu[pair]
            reading = regular | COUNT_FEATURES[total & PACK_COUNTS]
            reading |= honour_features[pung_mask >> 27] | pair_features[pair]
            # Four sets hold three chows or three pungs, never both.
            if reading & F_THREE_CHOWS:
                try:
                    set_bits = CHOW_FEATURES_MEMO[chow_mask]
                except KeyError:
                    set_bits = remember_set_features(CHOW_FEATURES_MEMO, chow_features, chow_mask)
                reading |= set_bits
            elif reading & F_THREE_PUNGS:
                try:
                    set_bits = PUNG_FEATURES_MEMO[pung_mask]
                except KeyError:
                    set_bits = remember_set_features(PUNG_FEATURES_MEMO, pung_features, pung_mask)
                reading |= set_bits
            shape = REGULAR
            waits_here = combo[win_suit][3][win_number]
            sets_fu = total >> PACK_FU & 0xFF
            all_hidden = total >> PACK_HIDDEN & 7
            pinfu_shape = concealed and total & 7 == 4 and not this_pair_fu
        else:
            shape = combo[0]
            if shape == SEVEN_PAIRS:
                reading, waits_here = features | F_SEVEN_PAIRS, _SEVEN_PAIRS_WAITS
            else:
                reading, waits_here = features | F_ORPHANS, _ORPHANS_WAITS
            combo = ()
            total = chow_mask = pung_mask = this_pair_fu = 0
            pair = -1
        for wait in waits_here:
            if shape == REGULAR:
                fu = sets_fu
                hidden = all_hidden
                if wait == SHANPON:
                    fu -= shanpon_fu
                    hidden -= shanpon_hidden
                pinfu = pinfu_shape and wait == RYANMEN
                fu += base_fu + this_pair_fu + _WAIT_FU[wait]
                if not pinfu:
                    fu += draw_fu
                if fu == 20 and open_floor:
                    fu = 22
                fu = (fu + 9) // 10 * 10
                reading_here = reading | WAIT_FEATURES[wait] | HIDDEN_FEATURES[hidden]
            else:
                fu = SEVEN_PAIRS_FU if shape == SEVEN_PAIRS else 0
                hidden = 0
                pinfu = False
                reading_here = reading
            try:
                candidates = candidates_table[reading_here]
            except KeyError:
                candidates = compiled.for_features(reading_here)
            raw_mask, mask, han, yakuman, tests, replacements = candidates
            if tests:
                # Rare (nine gates, thirteen-sided orphans): the predicates read a context.
                ctx = _context(win, kongs, reading_here, shape)
                ctx.chow_mask = chow_mask
                ctx.pung_mask = pung_mask
                ctx.pair = pair
                ctx.pair_fu = this_pair_fu
                ctx.chows = total & 7
                ctx.pungs = total >> PACK_PUNGS & 7
                ctx.peikou = total >> PACK_PEIKOU & 7
                ctx.outside = shape == REGULAR and not total >> PACK_INSIDE & 7
                ctx.wait = wait
                ctx.concealed_pungs = hidden
                for bit, value, units, test in tests:
                    if test(ctx):
                        raw_mask |= bit
                        mask |= bit
                        han += value
                        yakuman += units
            if replacements:
                for replacer, replaced, value, units in replacements:
                    if mask & replacer and mask & replaced:
                        mask ^= replaced
                        han -= value
                        yakuman -= units
            if yakuman:
                mask, yakuman = _yakuman_rows(compiled, mask & compiled.yakuman_bits, yakuman)
                total_han = 13 * yakuman
            elif han < 2 and (not han or win.honba >= threshold):  # no yaku, or the 2-han minimum
                if tried is not None:
                    tried.append((shape, combo, wait, han))
                continue
            else:
                total_han = han + bonus
            points_key = total_han << 16 | fu << 8 | yakuman
            try:
                basic, limit, gains = points_table[points_key]
            except KeyError:
                basic, limit, gains = compiled.basic(points_key)
            found = (
                mask, dora, ura, red, concealed, basic, yakuman, total_han, fu, limit, raw_mask,
                shape, combo, wait, pinfu,
            )  # fmt: skip
            if best is None:
                best = found
                best_gain = gains[gain_index]
                continue
            # Several readings: most points, then a real yakuman, then han, then fu.
            if best_rank is None:
                best_rank = (best_gain, best[6] > 0, best[7], best[8])
            rank = (gains[gain_index], yakuman > 0, total_han, fu)
            if rank > best_rank:
                best, best_rank = found, rank
    return best


_NORTH = 30


def _with_nukidora(
    win: Win, dora_of: tuple[int, ...], dora: int, ura: int | None
) -> tuple[int, int]:
    """Dora and ura dora with the North tiles set aside (each a dora of its own, and one more
    per indicator showing North; ``ura`` None: no ura dora count)."""

    def showing_north(indicators: tuple[Tile, ...]) -> int:
        return sum(dora_of[tile.kind] == _NORTH for tile in indicators)

    north = win.nukidora
    dora += north * (1 + showing_north(win.dora_indicators))
    if ura is None:
        return dora, 0
    return dora, ura + north * showing_north(win.ura_indicators)


def _context(win: Win, kongs: int, features: int, shape: int) -> WinContext:
    """A context for the predicates, with the hand's facts (the reading's are the caller's)."""
    hand = win.hand
    key = hand.packed
    ctx = WinContext()
    ctx.kinds_mask = sum(1 << kind for kind, count in enumerate(hand.held_counts) if count)
    ctx.concealed_counts = tuple(key >> (PACKED_BITS * kind) & 7 for kind in range(34))
    ctx.melds = len(hand.melds)
    ctx.kongs = kongs
    ctx.seat_wind = 27 + win.seat
    ctx.round_wind = 27 + win.round_wind
    ctx.win_kind = win.win_tile.kind
    ctx.features = features
    ctx.shape = shape
    return ctx


def _yakuman_rows(compiled: Compiled, mask: int, yakuman: int) -> tuple[int, int]:
    """The yakuman rows that count and their value. R-04: unless the rules stack them,
    yakuman do not add up; the most valuable one counts."""
    if compiled.rules.yakuman_stacking:
        return mask, yakuman
    by_bit = compiled.by_bit
    best = max(by_bit[bit].yakuman for bit in _bits(mask))
    return next(bit for bit in _bits(mask) if by_bit[bit].yakuman == best), best


def _error(code: str, message: str, win: Win) -> Score:
    return Score.failure(VARIANT_NAME, code, message, str(win.hand))


def _check(win: Win, rules: RiichiRules) -> str | None:
    """Why the win's description is impossible, or None (the winning tile is checked later)."""
    hand = win.hand
    melds = hand.melds
    players = rules.players
    size = hand.size
    if size != 14:
        return (
            f"{len(hand.concealed)} concealed tiles with {len(melds)} meld(s) make {size} "
            "tiles: a winning hand has 14 (each meld counting three), the winning tile included"
        )
    seat = win.seat
    if not 0 <= seat < players:
        return f"seat {seat} does not exist with {players} players"
    if not 0 <= win.round_wind < 4:
        return f"prevalent wind {win.round_wind} is not a wind (0..3)"
    if win.win_tile.kind >= 34:
        return f"{win.win_tile} is a bonus tile: it cannot win a Riichi hand"
    from_seat = win.from_seat
    if from_seat is not None and not win.self_draw:
        if not 0 <= from_seat < players:
            return f"seat {from_seat} does not exist with {players} players"
        if from_seat == seat:
            return "a win on a discard comes from another seat than the winner's"
    if melds:
        for meld in melds:
            if meld.from_seat == seat:
                return f"the meld {meld} claims a tile from the winner's own seat"
    if win.nukidora:
        return _check_nukidora(win, players)
    if (
        win.riichi
        or win.ippatsu
        or win.double_riichi
        or win.after_kong
        or win.robbing_kong
        or win.last_tile
        or win.first_turn
        or win.liable_seat is not None
    ):
        return _check_situation(win, players)
    return None


def _check_nukidora(win: Win, players: int) -> str | None:
    """The checks of North tiles set aside (then the situation's)."""
    north = win.nukidora
    if players != 3:
        return f"{north} North tile(s) set aside: only three-player Riichi sets North aside"
    if not isinstance(north, int) or north < 0:
        return f"{north!r} North tiles set aside: a count of tiles is a whole number, 0 or more"
    held = win.hand.held_counts[_NORTH]
    if north + held > 4:
        return f"{north} North tile(s) set aside and {held} held: there are four North tiles"
    return _check_situation(win, players)


def _check_situation(win: Win, players: int) -> str | None:
    """The checks of the rarer flags (riichi, kongs, last tile, first turn, liability)."""
    hand = win.hand
    # Nested by flag, so that the common case (a riichi, perhaps with ippatsu) asks little.
    if win.riichi:
        if hand.melds and not hand.is_concealed:
            return "riichi needs a concealed hand, but the hand has an open meld"
        if win.first_turn:
            return (
                "a first-turn win (R-36…R-38) comes before the winner's first discard, so before "
                "any riichi"
            )
    elif win.ippatsu:
        return "ippatsu needs a riichi (R-06)"
    elif win.double_riichi:
        return "a double riichi is a riichi: set riichi too"
    if win.robbing_kong:
        if win.self_draw:
            return "robbing a kong is a win on another player's tile, not a self-draw (R-19)"
        if win.last_tile:
            return "a robbed kong tile is never the discard after the last wall tile"
    if win.after_kong:
        if not win.self_draw:
            return "a win on a kong's replacement tile is a self-draw (R-18)"
        if not any(meld.is_kong for meld in hand.melds):
            return "a win after a kong needs a kong among the melds"
        if win.last_tile:
            return "a kong's replacement tile is never the last wall tile"
    if win.first_turn and hand.melds:
        return "a first-turn win has no melds: any call, a concealed kong too, interrupts it"
    liable = win.liable_seat
    if liable is not None and (liable == win.seat or not 0 <= liable < players):
        return f"seat {liable} cannot be liable for this win"
    return None


def score(win: Win, rules: RiichiRules | None = None) -> Score:
    """Score a Riichi win under ``rules`` (EMA 2012 by default).

    A win is the best reading of the hand (most points, then a real yakuman, han, fu), with its
    patterns, fu breakdown, limit and payments (``win.from_seat`` None on a discard win means the
    previous seat). A non-win is a :meth:`Score.failure` with the code ``invalid_hand`` (the
    description is impossible: size, winning tile, flags, seats), ``not_complete`` (no complete
    shape: the message gives the closest split and the tiles left over), ``no_yaku`` (complete,
    but no reading has a yaku: the message lists the readings tried) or ``below_minimum_han``
    (the two-han minimum with many counters, :attr:`RiichiRules.two_han_minimum_counters`).

    >>> from mahjongkit.hand import Hand
    >>> from mahjongkit.tiles import Tile
    >>> hand = Hand.parse("234m456p678s44555z")
    >>> win = Win(hand, Tile.parse("5z"), self_draw=True, seat=1,
    ...           dora_indicators=(Tile.parse("3z"),))
    >>> result = score(win, RiichiRules.ema2012())
    >>> result.pattern_ids(), result.value, result.fu, result.points
    (['menzen_tsumo', 'haku', 'dora'], 4, 30, 7900)
    """
    if rules is None:
        rules = RiichiRules.ema2012()
    problem = _check(win, rules)
    if problem is not None:
        return _error("invalid_hand", problem, win)
    last = _last
    compiled = last[1] if last is not None and last[0] is rules else compile_rules(rules)
    best = _search(win, compiled, None)
    if best is None:
        if not any(tile.kind == win.win_tile.kind for tile in win.hand.concealed):
            return _error(
                "invalid_hand",
                f"the winning tile {win.win_tile} is not among the concealed tiles "
                "(the hand includes the winning tile)",
                win,
            )
        # Search again, keeping what was tried, for the message (non-wins are rare).
        tried: Tried = []
        _search(win, compiled, tried)
        return _no_win(win, rules, tried)
    return _build(win, rules, compiled, best)


_DORA_OF = tuple(dora_after(kind) for kind in range(34))
"""The dora's kind by its indicator's kind."""
_DORA_OF_THREE_PLAYERS = (8, *_DORA_OF[1:])
"""Three players play without 2m-8m: the 1m indicator shows the 9m."""


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


# --- the answer ---------------------------------------------------------------------------------


_CHOW_TEXT = tuple(
    format_kinds([k, k + 1, k + 2]) if k < 27 and k % 9 < 7 else "" for k in range(34)
)
_PUNG_TEXT = tuple(format_kinds([k] * 3) for k in range(34))
_PAIR_TEXT = tuple(format_kinds([k] * 2) for k in range(34))
"""The mpsz of a chow (by its first kind), a pung and a pair of each kind."""


def _describe(parts: tuple[Part, ...], melds: tuple[Meld, ...]) -> str:
    """A reading's sets and pair in mpsz, e.g. ``234m 456p 678s 555z 44z``."""
    groups: list[str] = []
    pair = -1
    for part in parts:
        groups.extend(_CHOW_TEXT[kind] for kind in part.chow_starts)
        groups.extend(_PUNG_TEXT[kind] for kind in part.pung_kinds)
        if part.pair >= 0:
            pair = part.pair
    groups.extend(_meld_text(meld) for meld in melds)
    if pair >= 0:
        groups.append(_PAIR_TEXT[pair])
    return " ".join(groups)


_MELD_TEXT: dict[Meld, str] = {}


def _meld_text(meld: Meld) -> str:
    """``str(meld)`` (memoised: melds are few values)."""
    text = _MELD_TEXT.get(meld)
    if text is None:
        text = _MELD_TEXT[meld] = str(meld)
    return text


def _hand_text(hand: Hand) -> str:
    """``str(hand)`` from the suit facts: the same text, without sorting and formatting tiles."""
    pieces = [suit_info(suit, suit_key).text for suit, suit_key in enumerate(hand.suit_keys)]
    red_kinds = hand.red_kinds
    if red_kinds:
        for suit in range(3):
            if red_kinds >> (suit * 9 + 4) & 1:
                # The red five sorts after the plain fives (format_hand orders by kind, red).
                head, _, tail = pieces[suit].rpartition("5")
                pieces[suit] = head + "0" + tail
    concealed = "".join(pieces)
    if not hand.melds:
        return concealed
    return " ".join([concealed, *map(_meld_text, hand.melds)])


_EXPLAINED = ("fu_breakdown", "limit_names", "replaced", "hand", "extra")
"""The fields of a :class:`RiichiScore` computed when first read."""
_UNSET: Any = object()


class RiichiScore(Score):
    """A won Riichi :class:`~mahjongkit.scoring.Score` whose explanation is built when read.

    The numbers are set when it is made: patterns, han, fu, limit, points, payments and lines.
    The explanation (``fu_breakdown``, ``limit_names``, ``replaced``, ``hand`` and ``extra``) is
    computed from the reading the first time it is read, then kept: the same values an eager
    build would give, without paying for names and text nobody reads. It reads, compares (with
    another Riichi score), copies and pickles like any Score.

    :func:`score` fills four slots: the win, the pattern lines, the settlement (points,
    payments, lines and the rules: one tuple shared by every win paid alike) and the search's
    reading, where han, fu and limit are read and the explanation comes from. The first three
    are shared objects and the reading holds no object the garbage collector follows, so a
    kept answer is one object for the collector, not two or more (setting a dozen fields one
    at a time past the frozen guard would cost as much as scoring the hand). A score made by
    ``Score.__init__`` (``dataclasses.replace``) or unpickled has empty slots and keeps its
    fields in its instance dict.

    ``extra`` holds ``yakuman`` (how many), ``reading`` (sets and pair, e.g.
    ``234m 456p 678s 555z 44z``), ``wait`` (two-sided, closed, edge, pair, double pung),
    ``deposits`` (points collected from the table), ``counters`` and, when North tiles were set
    aside (three players), ``nukidora`` (how many).
    """

    __slots__ = ("_patterns", "_reading", "_settlement", "_win")
    _win: Win
    _patterns: tuple[PatternHit, ...]
    _settlement: Settlement
    _reading: _RawReading
    # Constant for a won Riichi hand (a value in the instance dict, from __init__, wins).
    variant = VARIANT_NAME
    error = None
    unit = "han"
    cap = None

    def _explained(self, name: str) -> Any:
        known = self.__dict__
        found = known.get(name, _UNSET)
        if found is _UNSET:
            win = self._win
            # The named reading serves every explained field: made once, kept beside them.
            reading = known.get("_named")
            if reading is None:
                reading = known["_named"] = _named(self._reading, win.hand)
            found = known[name] = _EXPLAIN[name](win, self._settlement[3], reading)
        return found

    def __getstate__(self) -> dict[str, Any]:
        # Every field, explained ones included, without the source; the read-only view of the
        # payments (shared with the memo table) as a plain dict.
        state = {name: getattr(self, name) for name in _FIELD_NAMES}
        state["payments"] = dict(state["payments"])
        return state

    # Each explained field is a property that computes the value once; the setter is what
    # ``Score.__init__`` (``dataclasses.replace``) and unpickling use.
    @property
    def fu_breakdown(self) -> tuple[FuItem, ...]:
        """The fu components of the reading (see :func:`~.fu.breakdown`)."""
        return self._explained("fu_breakdown")  # type: ignore[no-any-return]

    @fu_breakdown.setter
    def fu_breakdown(self, value: tuple[FuItem, ...]) -> None:
        self.__dict__["fu_breakdown"] = value

    @property
    def limit_names(self) -> Names:
        """The limit's names (empty below a mangan)."""
        return self._explained("limit_names")  # type: ignore[no-any-return]

    @limit_names.setter
    def limit_names(self, value: Names) -> None:
        self.__dict__["limit_names"] = value

    @property
    def replaced(self) -> tuple[tuple[str, str], ...]:
        """(dropped pattern id, the id of the pattern that includes it)."""
        return self._explained("replaced")  # type: ignore[no-any-return]

    @replaced.setter
    def replaced(self, value: tuple[tuple[str, str], ...]) -> None:
        self.__dict__["replaced"] = value

    @property
    def hand(self) -> str:
        """The hand in mpsz, melds after the concealed tiles."""
        return self._explained("hand")  # type: ignore[no-any-return]

    @hand.setter
    def hand(self, value: str) -> None:
        self.__dict__["hand"] = value

    @property
    def extra(self) -> Mapping[str, Any]:
        """The reading behind the score (see the class documentation)."""
        return self._explained("extra")  # type: ignore[no-any-return]

    @extra.setter
    def extra(self, value: Mapping[str, Any]) -> None:
        self.__dict__["extra"] = value


def _stored(name: str, slot: str, index: int | None = None) -> property:
    """The property of a field kept in ``slot``, or at ``index`` of the tuple there (or in the
    instance dict)."""
    read_slot = attrgetter(slot)

    def read(score: RiichiScore) -> Any:
        try:
            kept = read_slot(score)
        except AttributeError:  # made by Score.__init__ or unpickled
            return score.__dict__[name]
        return kept if index is None else kept[index]

    def write(score: RiichiScore, value: Any) -> None:
        score.__dict__[name] = value

    return property(read, write, doc=f"See :class:`~mahjongkit.scoring.Score` ({name}).")


_STORED: dict[str, tuple[str, int | None]] = {
    "patterns": ("_patterns", None),
    "points": ("_settlement", 0),
    "payments": ("_settlement", 1),
    "lines": ("_settlement", 2),
    # In the reading (value and raw value: the han, never capped).
    "value": ("_reading", _Reading._fields.index("han")),
    "raw_value": ("_reading", _Reading._fields.index("han")),
    "fu": ("_reading", _Reading._fields.index("fu")),
    "limit": ("_reading", _Reading._fields.index("limit")),
}
"""Where each stored field is kept."""
for _name, (_slot, _index) in _STORED.items():
    setattr(RiichiScore, _name, _stored(_name, _slot, _index))
_FIELD_NAMES = tuple(score_field.name for score_field in fields(Score))
_set_win = RiichiScore.__dict__["_win"].__set__
_set_patterns = RiichiScore.__dict__["_patterns"].__set__
_set_settlement = RiichiScore.__dict__["_settlement"].__set__
_set_reading = RiichiScore.__dict__["_reading"].__set__
_new_score = object.__new__
_new_tuple = tuple.__new__
"""Made at C speed: a named tuple's own constructor is a Python function."""


def _replaced(win: Win, rules: RiichiRules, best: _Reading) -> tuple[tuple[str, str], ...]:
    """The rows the reading dropped because a row that contains them applies."""
    if best.raw_mask == best.mask or best.yakuman:
        return ()
    by_bit = compile_rules(rules).by_bit
    return tuple(
        (by_bit[dropped].row.id, by_bit[by].row.id)
        for by in _bits(best.raw_mask & best.mask)
        for dropped in _bits(by_bit[by].replaces & best.raw_mask & ~best.mask)
    )


def _extra(win: Win, rules: RiichiRules, best: _Reading) -> dict[str, Any]:
    shape = best.shape
    extra = {
        "yakuman": best.yakuman,
        "reading": (
            _describe(best.parts, win.hand.melds)
            if shape == REGULAR
            else ("seven pairs" if shape == SEVEN_PAIRS else "thirteen orphans")
        ),
        "wait": WAIT_NAMES[best.wait],
        "deposits": win.deposits * rules.riichi_deposit,
        "counters": win.honba,
    }
    if win.nukidora:  # their dora are on the dora line: say where some of them came from
        extra["nukidora"] = win.nukidora
    return extra


_EXPLAIN: dict[str, Callable[[Win, RiichiRules, _Reading], Any]] = {
    "fu_breakdown": lambda win, rules, best: _fu_breakdown(win, rules, best, best.concealed),
    "limit_names": lambda win, rules, best: limit_names(best.limit) if best.limit else {},
    "replaced": _replaced,
    "hand": lambda win, rules, best: _hand_text(win.hand),
    "extra": _extra,
}
"""How each explained field of a :class:`RiichiScore` is computed."""


def _build(win: Win, rules: RiichiRules, compiled: Compiled, best: _RawReading) -> Score:
    """Turn the best reading into the public answer (its explanation is built when read)."""
    pattern_key = best[:5]  # mask, dora, ura dora, red fives, concealed
    patterns = compiled.pattern_lists.get(pattern_key)
    if patterns is None:  # .get: the table is emptied when it grows past _MEMO_LIMIT
        if len(compiled.pattern_lists) > _MEMO_LIMIT:
            compiled.pattern_lists.clear()
        patterns = compiled.pattern_lists[pattern_key] = _patterns(compiled, best[6], *pattern_key)
    liable_seat = win.liable_seat
    payment_key: tuple[Any, ...] = (
        best[5], win.seat, win.self_draw, win.from_seat, win.honba, win.deposits, liable_seat
    )  # fmt: skip
    if liable_seat is not None:  # rare: what the liable seat owes depends on the yakuman
        payment_key += (_liable_basic(compiled, rules, best[0], best[6]),)
    settlement = compiled.settlements.get(payment_key)
    if settlement is None:
        settlement = _settle(win, rules, compiled, payment_key)
    result = _new_score(RiichiScore)
    _set_win(result, win)
    _set_patterns(result, patterns)
    _set_settlement(result, settlement)
    _set_reading(result, best)
    return result


def _liable_basic(compiled: Compiled, rules: RiichiRules, mask: int, yakuman: int) -> int:
    """The basic points of the yakuman a liable seat answers for (R-48), 0 for none."""
    if not yakuman:
        return 0
    by_bit = compiled.by_bit
    liable_ids = rules.liability_yakuman
    return 8000 * sum(
        by_bit[bit].yakuman for bit in _bits(mask) if by_bit[bit].row.id in liable_ids
    )


def _settle(
    win: Win, rules: RiichiRules, compiled: Compiled, payment_key: tuple[Any, ...]
) -> Settlement:
    """The payments of a win (a miss of the settlements memo, keyed by ``payment_key``: basic
    points, seat, self-draw, the discarder, counters, deposits, liable seat and, with one, the
    liable basic points)."""
    settlements = compiled.settlements
    if len(settlements) > _MEMO_LIMIT:  # .get finds the misses: the table may be emptied
        settlements.clear()
    basic, seat, self_draw, from_seat, honba, deposits, liable_seat, *liable = payment_key
    paid = payments_for(
        basic,
        seat,
        self_draw,
        (seat - 1) % rules.players if from_seat is None else from_seat,
        rules,
        honba=honba,
        deposits=deposits,
        liable_seat=liable_seat,
        liable_basic=liable[0] if liable else 0,
    )
    found = settlements[payment_key] = (
        paid.points,
        MappingProxyType(paid.deltas),
        paid.lines,
        rules,
    )
    return found


def _patterns(
    compiled: Compiled, yakuman: int, mask: int, dora: int, ura: int, red: int, concealed: bool
) -> tuple[PatternHit, ...]:
    """The pattern lines of a reading, in table order, bonus han last."""
    patterns: list[PatternHit] = []
    for bit in _bits(mask):
        resolved = compiled.by_bit[bit]
        value = resolved.yakuman or (resolved.han_closed if concealed else resolved.han_open)
        patterns.append(compiled.hit(resolved, value))
    if not yakuman:
        for kind, count in (("dora", dora), ("red", red), ("ura", ura)):
            if count:
                patterns.append(_bonus_hit(compiled, kind, count))
    return tuple(patterns)


_MEMO_LIMIT = 100_000
"""Entries kept in a memo table before it is emptied (settlements, pattern lists)."""

_BONUS_ROWS = {row.bonus: (index, row) for index, row in enumerate(TABLE) if row.bonus}


def _bonus_hit(compiled: Compiled, kind: str, count: int) -> PatternHit:
    index, row = _BONUS_ROWS[kind]  # type: ignore[index]
    key = (index, count, count)
    found = compiled.hits.get(key)
    if found is None:
        found = compiled.hits[key] = PatternHit(row.id, count, row.names, "han", count)
    return found


def _fu_breakdown(win: Win, rules: RiichiRules, best: _Reading, concealed: bool) -> tuple[Any, ...]:
    if best.shape == SEVEN_PAIRS:
        return seven_pairs_breakdown()
    if best.shape == ORPHANS:
        return ()
    win_kind = win.win_tile.kind
    sets: list[tuple[int, bool, str]] = []
    pair = -1
    self_draw = win.self_draw
    for part in best.parts:
        for kind in part.pung_kinds:
            by_discard = best.wait == SHANPON and kind == win_kind and not self_draw
            sets.append((kind, False, "discard" if by_discard else "concealed"))
        if part.pair >= 0:
            pair = part.pair
    for meld in win.hand.melds:
        meld_kind = meld.kind
        if meld_kind is not MeldKind.CHOW:
            state = "concealed" if meld_kind is MeldKind.CONCEALED_KONG else "open"
            sets.append((meld.tiles[0].kind, meld_kind is not MeldKind.PUNG, state))
    return breakdown(
        concealed,
        self_draw,
        tuple(sets),
        best.wait,
        win_kind,
        pair,
        27 + win.seat,
        27 + win.round_wind,
        rules.double_wind_pair_fu,
        best.pinfu,
        rules.open_pinfu_fu,
    )


def _no_win(win: Win, rules: RiichiRules, tried: Tried) -> Score:
    """The answer for a hand that does not win: not complete, or complete without a yaku."""
    hand = win.hand
    if not tried:
        counts = hand.counts
        groups, left = _closest_split(counts)
        exchanges = shanten(counts, len(hand.melds)) + 1
        shown = " ".join([*groups, *(str(m) for m in hand.melds)])
        return _error(
            "not_complete",
            f"{hand} is not a complete hand: it needs four sets and a pair (or seven pairs, or "
            f"thirteen orphans); at best it makes {shown or 'nothing'} and leaves "
            f"{format_kinds(left)} over, {exchanges} tile exchange(s) from complete",
            win,
        )
    readings = []
    for shape, hot_parts, wait, _han in tried:
        if shape == REGULAR:
            parts = _parts(hand, hot_parts)
            readings.append(f"{_describe(parts, hand.melds)} ({WAIT_NAMES[wait]} wait)")
        else:
            readings.append("seven pairs" if shape == SEVEN_PAIRS else "thirteen orphans")
    unique = list(dict.fromkeys(readings))
    threshold = rules.two_han_minimum_counters
    if threshold is not None and win.honba >= threshold and any(h for *_, h in tried):
        return _error(
            "below_minimum_han",
            f"with {win.honba} counters a win needs 2 han of yaku (dora excluded); "
            f"{'; '.join(unique)} has only 1",
            win,
        )
    note = ""
    if win.dora_indicators or any(t.red for t in hand.concealed):
        note = " (dora and red fives add han but are not yaku)"
    return _error(
        "no_yaku",
        f"the hand is complete but has no yaku{note}: "
        + "; ".join(unique)
        + (" and not concealed" if not hand.is_concealed else ""),
        win,
    )


def _closest_split(counts: list[int]) -> tuple[list[str], list[int]]:
    """The split of concealed tiles into sets (and one pair) that leaves the fewest tiles over:
    (the groups in mpsz, the kinds left over). For messages only."""
    best: list[Any] = [99, [], []]
    hand = list(counts)

    def search(kind: int, groups: list[list[int]], left: list[int], pair: bool) -> None:
        while kind < 34 and not hand[kind]:
            kind += 1
        if kind == 34:
            if len(left) < best[0]:
                best[:] = [len(left), [g[:] for g in groups], left[:]]
            return
        if len(left) >= best[0]:
            return
        options: list[tuple[list[int], bool]] = []
        if hand[kind] >= 3:
            options.append(([kind] * 3, pair))
        if kind < 27 and kind % 9 < 7 and hand[kind + 1] and hand[kind + 2]:
            options.append(([kind, kind + 1, kind + 2], pair))
        if hand[kind] >= 2 and not pair:
            options.append(([kind] * 2, True))
        for group, with_pair in options:
            for k in group:
                hand[k] -= 1
            groups.append(group)
            search(kind, groups, left, with_pair)
            groups.pop()
            for k in group:
                hand[k] += 1
        hand[kind] -= 1
        left.append(kind)
        search(kind, groups, left, pair)
        left.pop()
        hand[kind] += 1

    search(0, [], [], False)
    return [format_kinds(group) for group in best[1]], best[2]


def has_yaku(win: Win, rules: RiichiRules | None = None) -> bool:
    """Whether the win is valid: complete, with at least one yaku (or the two-han minimum).

    Cheaper than :func:`score`: nothing is named, formatted or paid. The table engine asks this
    for each wait (furiten, "waits with reasons").
    """
    if rules is None:
        rules = RiichiRules.ema2012()
    return hand_value(win, rules) is not None


def wait_values(
    hand: Hand, rules: RiichiRules | None = None, **situation: Any
) -> dict[int, HandValue | None]:
    """Waits with reasons: for a ready hand of 13 tiles, each winning kind and what winning on
    it now is worth (None: complete but no yaku, or below the two-han minimum).

    ``situation`` holds the other :class:`~mahjongkit.scoring.Win` fields (``self_draw``,
    ``seat``, ``riichi``, ``dora_indicators``...). Furiten is the table's business.

    >>> from mahjongkit.hand import Hand
    >>> from mahjongkit.tiles import format_kind
    >>> found = wait_values(Hand.parse("23m456p789s22444z"), seat=2)
    >>> {format_kind(kind): value for kind, value in found.items()}
    {'1m': None, '4m': None}
    >>> found = wait_values(Hand.parse("23m456p789s22444z"), seat=2, riichi=True)
    >>> {format_kind(kind): value.points for kind, value in found.items() if value}
    {'1m': 1300, '4m': 1300}
    """
    if rules is None:
        rules = RiichiRules.ema2012()
    counts = hand.counts
    found: dict[int, HandValue | None] = {}
    for kind in waits(counts, len(hand.melds)):
        tile = Tile(kind)
        win = Win(hand.with_tile(tile), tile, **situation)
        found[kind] = hand_value(win, rules)
    return found


class HandValue(NamedTuple):
    """The value of a win without its explanation (what a bot or the table engine needs)."""

    han: int
    """Han with dora (13 per yakuman for a yakuman hand)."""
    fu: int
    yakuman: int
    basic: int
    """Basic points (before the 4x / 6x of a win)."""
    points: int
    """What the winner gains from the hand, before counters and deposits."""
    limit: str | None
    patterns: tuple[str, ...]
    """The ids of the yaku (and yakuman) that count, in table order; dora not included."""


def hand_value(win: Win, rules: RiichiRules | None = None) -> HandValue | None:
    """The value of the best reading of a win, or None when it is not a win.

    The same search as :func:`score`, without names, fu breakdown or payments (what a bot or the
    table engine asks for each wait). An impossible description (see :func:`score`'s
    ``invalid_hand``) is None too.
    """
    if rules is None:
        rules = RiichiRules.ema2012()
    if _check(win, rules) is not None:
        return None
    last = _last
    compiled = last[1] if last is not None and last[0] is rules else compile_rules(rules)
    best = _search(win, compiled, None)
    if best is None:
        return None
    mask, _, _, _, _, basic, yakuman, han, fu, limit, *_ = best
    try:
        ids = compiled.ids[mask]
    except KeyError:
        ids = compiled.ids[mask] = tuple(compiled.by_bit[bit].row.id for bit in _bits(mask))
    # The winner's gain, memoised beside the basic points by the search.
    gains = compiled.points[han << 16 | fu << 8 | yakuman][2]
    points = gains[2 * (not win.seat) + (1 if win.self_draw else 0)]
    return _new_tuple(HandValue, (han, fu, yakuman, basic, points, limit, ids))
