"""The readings of a Riichi win and the hot search for the best one.

A *reading* is one decomposition of the hand (four sets and a pair, seven pairs, or thirteen
orphans) together with one place for the winning tile (which set it completed: the wait). Each
reading gets its yaku from the compiled table, its fu and its points; the best reading wins
(most points, then a real yakuman over a counted one, then han, then fu).

The hot path works on small ints and plain tuples: the hand's packed counts
(:attr:`~mahjongkit.hand.Hand.packed`), per-suit memo tables (see
:mod:`~mahjongkit.variants.riichi.features`), feature bits that decide nearly every yaku row,
the facts of every meld by its code, and the tables compiled once per rules value
(:mod:`~mahjongkit.variants.riichi.compiled`). Names used in the loop are bound at module level
(``from … import``), so the loop pays no attribute look-up for them.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, product

from mahjongkit.hand import PACKED_BITS, Hand
from mahjongkit.lite_typing import Any, NamedTuple
from mahjongkit.melds import MeldKind
from mahjongkit.scoring import Win
from mahjongkit.tiles import NORTH, TERMINALS_AND_HONORS, Tile
from mahjongkit.variants.riichi.compiled import Compiled, bits_of
from mahjongkit.variants.riichi.features import (
    CHOW_FEATURES_MEMO,
    COUNT_FEATURES,
    F_AFTER_KONG,
    F_DOUBLE_RIICHI,
    F_FIRST_TURN,
    F_FOUR_KONGS,
    F_IPPATSU,
    F_LAST_TILE,
    F_NO_MELDS,
    F_ORPHANS,
    F_REGULAR,
    F_RIICHI,
    F_ROBBING_KONG,
    F_SEVEN_PAIRS,
    F_THREE_CHOWS,
    F_THREE_KONGS,
    F_THREE_PUNGS,
    HIDDEN_FEATURES,
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
    Part,
    WinContext,
    chow_features,
    pung_features,
    remember_set_features,
    suit_info,
    tile_flags,
)
from mahjongkit.variants.riichi.fu import SEVEN_PAIRS_FU, set_fu
from mahjongkit.variants.riichi.suit_table import suit_facts

# --- readings -----------------------------------------------------------------------------------


class Reading(NamedTuple):
    """The best reading of a win, and what the hand contributes to its answer.

    The search hands it over as a plain tuple in this order (see :data:`RawReading`); the
    explanation, read rarely, names it with :func:`named`; elsewhere its fields are read at
    the ``R_*`` indices."""

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


_FIELD = {name: index for index, name in enumerate(Reading._fields)}
R_MASK = _FIELD["mask"]
R_BASIC = _FIELD["basic"]
R_YAKUMAN = _FIELD["yakuman"]
R_HAN = _FIELD["han"]
R_FU = _FIELD["fu"]
R_LIMIT = _FIELD["limit"]
R_PARTS = _FIELD["parts"]
"""Where a :class:`Reading`'s fields sit in the plain tuple the search builds (the innermost
loop builds it in field order, as a tuple display)."""
R_PATTERN_KEY_END = _FIELD["concealed"] + 1
"""The fields before this one (mask, dora, ura dora, red fives, concealed) are all that a
reading's pattern lines depend on: the answer slices them off as its memo key (``yakuman``,
which the lines read too, follows from the mask)."""

RawReading = tuple[Any, ...]
"""A :class:`Reading` as the plain tuple the search builds (``parts`` holds the suits' hot
reading tuples, see :data:`~mahjongkit.variants.riichi.features.SuitFacts`). It holds ints,
bools, strings, None and plain tuples only, so the garbage collector stops following it after
a pass: a kept answer costs later collections less."""


def parts_of(hand: Hand, hot_parts: tuple[Any, ...]) -> tuple[Part, ...]:
    """The parts of a decomposition from its suits' hot reading tuples (which hold the part's
    place in its suit's parts; none for seven pairs and thirteen orphans)."""
    if not hot_parts:
        return ()
    return tuple(
        suit_info(suit, suit_key).parts[hot[4]]  # the part's place (see SuitReading)
        for suit, (suit_key, hot) in enumerate(zip(hand.suit_keys, hot_parts, strict=True))
    )


def named(raw: RawReading, hand: Hand) -> Reading:
    """The named reading of a raw one (for the explanation)."""
    return Reading._make((*raw[:R_PARTS], parts_of(hand, raw[R_PARTS]), *raw[R_PARTS + 1 :]))


Tried = list[tuple[int, tuple[Any, ...], int, int]]
"""Every reading without enough yaku (shape, hot parts, wait, han), for the message."""


MeldFact = tuple[int, int, int, int, bool, int]
"""What one meld contributes to a hand: (chow mask, pung mask, tile-class flags, packed counts,
whether it opens the hand, kongs). ``packed`` has the ``PACK_*`` fields of
:mod:`~mahjongkit.variants.riichi.features`."""


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


def best_reading(win: Win, compiled: Compiled, tried: Tried | None) -> RawReading | None:
    """Every reading of the hand, scored; the best one (None: not a win).

    ``tried`` collects the readings without enough yaku (for the message of a non-win). This is
    the hot path: a hand's suits come from memo tables with their facts precomputed, a
    decomposition's totals are one addition of packed ints, and the yaku rows are the feature
    bits' candidates (see :meth:`Compiled.for_features`), with predicates left only for the rare
    rows the features cannot decide. Facts travel as plain tuples and ints, unpacked in one step.
    """
    # SearchTables' fields, in order (a test holds these names to them).
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
            # A Reading's fields, in order, as a plain tuple (see RawReading).
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
                best_rank = (best_gain, best[R_YAKUMAN] > 0, best[R_HAN], best[R_FU])
            rank = (gains[gain_index], yakuman > 0, total_han, fu)
            if rank > best_rank:
                best, best_rank = found, rank
    return best


def _with_nukidora(
    win: Win, dora_of: tuple[int, ...], dora: int, ura: int | None
) -> tuple[int, int]:
    """Dora and ura dora with the North tiles set aside (each a dora of its own, and one more
    per indicator showing North; ``ura`` None: no ura dora count)."""

    def showing_north(indicators: tuple[Tile, ...]) -> int:
        return sum(dora_of[tile.kind] == NORTH for tile in indicators)

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
    best = max(by_bit[bit].yakuman for bit in bits_of(mask))
    return next(bit for bit in bits_of(mask) if by_bit[bit].yakuman == best), best
