"""The Riichi scorer: every reading of a winning hand, the best one, and its explanation.

A *reading* is one decomposition of the hand (four sets and a pair, seven pairs, or thirteen
orphans) together with one place for the winning tile (which set it completed: the wait). Each
reading gets its yaku from the table, its fu and its points; the best reading wins (most points,
then a real yakuman over a counted one, then han, then fu). Only that reading is turned into a
:class:`~mahjongkit.scoring.Score` with names, fu breakdown and payments.

The hot path works on small ints: the concealed tiles as one int key (3 bits per kind), per-suit
memo tables (see :mod:`~mahjongkit.variants.riichi.context`), feature bits, and per-rules tables
compiled once.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import product
from operator import attrgetter
from types import MappingProxyType
from typing import Any, NamedTuple

from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring import PatternHit, Score, Win
from mahjongkit.shapes import shanten, waits
from mahjongkit.tiles import (
    TERMINALS_AND_HONORS,
    Tile,
    dora_after,
    format_kinds,
)
from mahjongkit.variants.riichi.context import (
    CHOW_FEATURES,
    DRAGON_MASK,
    F_AFTER_KONG,
    F_CONCEALED,
    F_DEALER,
    F_DISCARD,
    F_DOUBLE_RIICHI,
    F_DRAGON_PUNG,
    F_FIRST_TURN,
    F_FOUR_KONGS,
    F_IPPATSU,
    F_LAST_TILE,
    F_NO_MELDS,
    F_NON_DEALER,
    F_OPEN,
    F_ORPHANS,
    F_PEIKOU,
    F_REGULAR,
    F_RIICHI,
    F_ROBBING_KONG,
    F_SELF_DRAW,
    F_SEVEN_PAIRS,
    F_THREE_KONGS,
    F_THREE_PUNGS,
    F_WIND_PUNG,
    INSIDE_CHOW_STARTS,
    KANCHAN,
    ORPHANS,
    ORPHANS_WAIT,
    PENCHAN,
    REGULAR,
    RYANMEN,
    SEVEN_PAIRS,
    SEVEN_PAIRS_WAIT,
    SHANPON,
    SIMPLE_MASK,
    SUIT_INFOS,
    TANKI,
    WAIT_NAMES,
    WIND_MASK,
    Part,
    SuitInfo,
    WinContext,
    pair_fu_table,
    suit_info,
    tile_features,
)
from mahjongkit.variants.riichi.fu import (
    SEVEN_PAIRS_FU,
    breakdown,
    raw_fu,
    round_fu,
    set_fu,
    seven_pairs_breakdown,
)
from mahjongkit.variants.riichi.points import (
    Payments,
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

# --- the rules, compiled ------------------------------------------------------------------------

Candidate = tuple[int, int, int, Predicate]
"""(row bit, han, yakuman, predicate) of a row that may apply to a hand with some features."""


class Candidates(NamedTuple):
    """The rows that may apply to a reading with given features."""

    mask: int
    """Rows the features decide alone."""
    han: int
    yakuman: int
    tests: tuple[Candidate, ...]
    """Rows whose predicate is still to run."""
    replacements: tuple[tuple[int, int, int, int], ...]
    """(replacing bit, replaced bit, replaced han, replaced yakuman)."""


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
    pattern_lists: dict[tuple[int, bool, int, int, int], tuple[PatternHit, ...]] = field(
        default_factory=dict
    )
    """Pattern lines by (rows mask, concealed, dora, red fives, ura dora)."""
    settlements: dict[tuple[Any, ...], Payments] = field(default_factory=dict)
    """Payments by everything they depend on (a pure function of few values)."""

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
        present = mask
        for bit, _, _, _ in tests:
            present |= bit
        replacements = tuple(
            (resolved.bit, other.bit, *self._values(other, concealed))
            for resolved in self.rows
            if resolved.bit & present
            for other in self.rows
            if resolved.replaces & other.bit and other.bit & present
        )
        found = self.candidates[features] = Candidates(
            mask, han, yakuman, tuple(tests), replacements
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
    return Compiled(rules, rows, {r.bit: r for r in rows}, yakuman_bits)


# --- readings -----------------------------------------------------------------------------------


class _Reading(NamedTuple):
    """The best reading found so far: enough to rebuild its explanation."""

    key: tuple[int, bool, int, int]
    mask: int
    raw_mask: int
    yakuman: int
    han: int
    fu: int
    basic: int
    limit: str | None
    shape: int
    parts: tuple[Part, ...]
    wait: int
    pinfu: bool


@dataclass(slots=True)
class _Hand:
    """What one call derives from the win before looking at readings, and the best reading."""

    key: int
    """The concealed tiles as one int, 3 bits per kind (kind k at bits 3k..3k+2)."""
    infos: tuple[SuitInfo, SuitInfo, SuitInfo, SuitInfo]
    concealed: bool
    dora: int
    red: int
    ura: int
    red_kinds: int
    best: _Reading | None = None
    tried: list[tuple[int, tuple[Part, ...], int, int]] | None = None
    """Every reading without enough yaku (shape, parts, wait, han), for the message."""

    def count(self, kind: int) -> int:
        """How many tiles of a kind the concealed part holds."""
        return (self.key >> (3 * kind)) & 7


class _MeldFacts(NamedTuple):
    """What the melds contribute, computed once per call."""

    concealed: bool
    chow_mask: int
    pung_mask: int
    kinds_mask: int
    chows: int
    pungs: int
    kongs: int
    concealed_kongs: int
    fu: int
    red: int
    key: int
    """The melds' tiles as a hand key (see :attr:`_Hand.key`)."""


_NO_MELDS = _MeldFacts(True, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
_HAND_KEYS = tuple(1 << (3 * kind) for kind in range(34))
"""What one tile of each kind adds to a hand key."""
_SUIT_KEY = (1 << 27) - 1
_KIND = attrgetter("kind")
_RED = attrgetter("red")


def _meld_facts(melds: tuple[Meld, ...]) -> _MeldFacts:
    """The melds' masks, counts, fu and tiles."""
    chow_mask = pung_mask = kinds_mask = 0
    chows = pungs = kongs = concealed_kongs = fu = red = key = 0
    concealed = True
    for meld in melds:
        tiles = meld.tiles
        kind = tiles[0].kind
        for tile in tiles:
            key += _HAND_KEYS[tile.kind]
            if tile.red:
                red += 1
        meld_kind = meld.kind
        if meld_kind is MeldKind.CHOW:
            chow_mask |= 1 << kind
            kinds_mask |= 7 << kind
            chows += 1
            concealed = False
            continue
        pungs += 1
        pung_mask |= 1 << kind
        kinds_mask |= 1 << kind
        if meld_kind is MeldKind.PUNG:
            concealed = False
            fu += set_fu(kind, False, False)
        elif meld_kind is MeldKind.CONCEALED_KONG:
            kongs += 1
            concealed_kongs += 1
            fu += set_fu(kind, True, True)
        else:
            kongs += 1
            concealed = False
            fu += set_fu(kind, True, False)
    return _MeldFacts(
        concealed,
        chow_mask,
        pung_mask,
        kinds_mask,
        chows,
        pungs,
        kongs,
        concealed_kongs,
        fu,
        red,
        key,
    )


_PAIR_FU_TABLES = {
    (seat, prevalent, double): pair_fu_table(27 + seat, 27 + prevalent, double)
    for seat in range(4)
    for prevalent in range(4)
    for double in (2, 4)
}
"""Fu of a pair of each kind, by (seat wind, prevalent wind, double-wind pair fu)."""


def _best_reading(win: Win, rules: RiichiRules, compiled: Compiled) -> _Hand:
    """Every reading of the hand, scored; the best one is ``best`` (None: not a win)."""
    hand = win.hand
    concealed_tiles = hand.concealed
    # map/sum run in C: the hand key without a Python-level loop over the tiles.
    key = sum(map(_HAND_KEYS.__getitem__, map(_KIND, concealed_tiles)))
    red_kinds = 0
    if any(map(_RED, concealed_tiles)):
        for tile in concealed_tiles:
            if tile.red:
                red_kinds |= 1 << tile.kind
    melds = hand.melds
    facts = _meld_facts(melds) if melds else _NO_MELDS
    concealed = facts.concealed
    all_key = key + facts.key
    red = (bin(red_kinds).count("1") + facts.red) if rules.red_fives else 0
    shifts = _DORA_SHIFT if rules.players == 4 else _DORA_SHIFT_THREE_PLAYERS
    dora = 0
    for tile in win.dora_indicators:
        dora += (all_key >> shifts[tile.kind]) & 7
    ura = 0
    riichi = win.riichi
    if riichi and rules.ura_dora:
        for tile in win.ura_indicators:
            ura += (all_key >> shifts[tile.kind]) & 7
    bonus = dora + red + ura
    tables = SUIT_INFOS
    suit_key = key & _SUIT_KEY
    man = tables[0].get(suit_key) or suit_info(0, suit_key)
    suit_key = (key >> 27) & _SUIT_KEY
    pin = tables[1].get(suit_key) or suit_info(1, suit_key)
    suit_key = (key >> 54) & _SUIT_KEY
    sou = tables[2].get(suit_key) or suit_info(2, suit_key)
    suit_key = key >> 81
    honours = tables[3].get(suit_key) or suit_info(3, suit_key)
    found = _Hand(key, (man, pin, sou, honours), concealed, dora, red, ura, red_kinds)

    self_draw = win.self_draw
    seat = win.seat
    win_kind = win.win_tile.kind
    kongs = facts.kongs
    features = (F_CONCEALED if concealed else F_OPEN) | (F_SELF_DRAW if self_draw else F_DISCARD)
    features |= F_NON_DEALER if seat else F_DEALER
    if riichi:
        features |= F_RIICHI
        if win.double_riichi:
            features |= F_DOUBLE_RIICHI
        if win.ippatsu:
            features |= F_IPPATSU
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
    kinds_mask = man.kinds_mask | pin.kinds_mask | sou.kinds_mask | honours.kinds_mask
    kinds_mask |= facts.kinds_mask
    features |= tile_features(kinds_mask)
    regular = features | F_REGULAR

    ctx = WinContext()
    ctx.kinds_mask = kinds_mask
    ctx.concealed_counts = man.counts + pin.counts + sou.counts + honours.counts
    ctx.melds = len(melds)
    ctx.kongs = kongs
    ctx.seat_wind = 27 + seat
    ctx.round_wind = 27 + win.round_wind
    ctx.win_kind = win_kind
    pair_fu = _PAIR_FU_TABLES[(seat, win.round_wind, rules.double_wind_pair_fu)]

    threshold = rules.two_han_minimum_counters
    minimum = 2 if threshold is not None and win.honba >= threshold else 1
    players = rules.players
    yakuman_bits = compiled.yakuman_bits
    stacking = rules.yakuman_stacking
    candidates_of = compiled.candidates.get
    by_bit = compiled.by_bit

    def consider(shape: int, parts: tuple[Part, ...], wait: int, fu: int, pinfu: bool) -> None:
        features = ctx.features
        found_candidates = candidates_of(features)
        if found_candidates is None:
            found_candidates = compiled.for_features(features)
        mask, han, yakuman, tests, replacements = found_candidates
        for bit, value, units, test in tests:
            if test(ctx):
                mask |= bit
                han += value
                yakuman += units
        raw_mask = mask
        for replacer, replaced, value, units in replacements:
            if mask & replacer and mask & replaced:
                mask ^= replaced
                han -= value
                yakuman -= units
        if yakuman:
            mask &= yakuman_bits
            if not stacking:
                # yakuman do not add up; the most valuable one counts.
                yakuman = max(by_bit[bit].yakuman for bit in _bits(mask))
                mask = next(bit for bit in _bits(mask) if by_bit[bit].yakuman == yakuman)
            total_han = 13 * yakuman
        elif han < minimum:
            if found.tried is None:
                found.tried = []
            found.tried.append((shape, parts, wait, han))
            return
        else:
            total_han = han + bonus
        basic, limit = basic_points(total_han, fu, yakuman, rules)
        key = (total_points(basic, not seat, self_draw, players), yakuman > 0, total_han, fu)
        best = found.best
        if best is None or key > best.key:
            found.best = _Reading(
                key, mask, raw_mask, yakuman, total_han, fu, basic, limit, shape, parts, wait,
                pinfu,
            )  # fmt: skip

    # Regular readings: one part per suit, exactly one pair among them. (An empty suit has one
    # empty part; a suit that cannot be cut has none, and so has the product.)
    combos = product(man.parts, pin.parts, sou.parts, honours.parts)
    (
        _,
        meld_chow_mask,
        meld_pung_mask,
        _,
        meld_chows,
        meld_pungs,
        _,
        concealed_kongs,
        meld_fu,
        _,
        _,
    ) = facts
    open_pinfu_fu = rules.open_pinfu_fu
    for combo in combos:
        (
            (cm0, pm0, pair0, ch0, pu0, pk0, fu0, out0, _, _),
            (cm1, pm1, pair1, ch1, pu1, pk1, fu1, out1, _, _),
            (cm2, pm2, pair2, ch2, pu2, pk2, fu2, out2, _, _),
            (_, pm3, pair3, _, pu3, _, fu3, out3, _, _),
        ) = combo
        if (pair0 >= 0) + (pair1 >= 0) + (pair2 >= 0) + (pair3 >= 0) != 1:
            continue
        pair = max(pair0, pair1, pair2, pair3)
        concealed_chows = cm0 | cm1 | cm2
        concealed_pungs_mask = pm0 | pm1 | pm2 | pm3
        chow_mask = concealed_chows | meld_chow_mask
        pung_mask = concealed_pungs_mask | meld_pung_mask
        chows = ch0 + ch1 + ch2 + meld_chows
        pungs = pu0 + pu1 + pu2 + pu3 + meld_pungs
        peikou = pk0 + pk1 + pk2
        reading = regular | CHOW_FEATURES[chows]
        if pungs >= 3:
            reading |= F_THREE_PUNGS
        if pung_mask & DRAGON_MASK:
            reading |= F_DRAGON_PUNG
        if pung_mask & WIND_MASK:
            reading |= F_WIND_PUNG
        if peikou:
            reading |= F_PEIKOU
        this_pair_fu = pair_fu[pair]
        ctx.features = reading
        ctx.chow_mask = chow_mask
        ctx.pung_mask = pung_mask
        ctx.pair = pair
        ctx.chows = chows
        ctx.pungs = pungs
        ctx.peikou = peikou
        ctx.outside = (
            out0 and out1 and out2 and out3 and not meld_chow_mask & INSIDE_CHOW_STARTS
            and not meld_pung_mask & SIMPLE_MASK
        )  # fmt: skip
        ctx.shape = REGULAR
        ctx.pair_fu = this_pair_fu
        set_fu_total = fu0 + fu1 + fu2 + fu3 + meld_fu
        hidden_pungs = pu0 + pu1 + pu2 + pu3 + concealed_kongs
        # Where the winning tile sits: the pair, a concealed pung, or a concealed chow (bits
        # 4, 2, 1 of `around`: the chow starting on it, one before, two before).
        around = (concealed_chows << 2) >> win_kind & 7
        waits_here: list[int] = []
        if pair == win_kind:
            waits_here.append(TANKI)
        if concealed_pungs_mask >> win_kind & 1:
            waits_here.append(SHANPON)
        if around & 4:
            waits_here.append(PENCHAN if win_kind % 9 == 6 else RYANMEN)
        if around & 2:
            waits_here.append(KANCHAN)
        if around & 1:
            waits_here.append(PENCHAN if win_kind % 9 == 2 else RYANMEN)
        for wait in waits_here:
            sets_fu = set_fu_total
            pungs_hidden = hidden_pungs
            if wait == SHANPON and not self_draw:
                # a pung completed by a discard counts as open.
                sets_fu -= _PUNG_FU[win_kind] // 2
                pungs_hidden -= 1
            pinfu = concealed and chows == 4 and wait == RYANMEN and this_pair_fu == 0
            fu = raw_fu(concealed, self_draw, sets_fu, wait, this_pair_fu, pinfu, open_pinfu_fu)
            ctx.wait = wait
            ctx.concealed_pungs = pungs_hidden
            consider(REGULAR, combo, wait, round_fu(fu), pinfu)

    if not melds:
        # Seven different pairs and thirteen orphans.
        pairs = (man.pairs, pin.pairs, sou.pairs, honours.pairs)
        orphans = (man.orphans, pin.orphans, sou.orphans, honours.orphans)
        if -1 not in pairs and sum(pairs) == 7:
            _special(ctx, features | F_SEVEN_PAIRS, SEVEN_PAIRS)
            consider(SEVEN_PAIRS, (), SEVEN_PAIRS_WAIT, SEVEN_PAIRS_FU, False)
        elif -1 not in orphans and sum(orphans) == 13:
            _special(ctx, features | F_ORPHANS, ORPHANS)
            consider(ORPHANS, (), ORPHANS_WAIT, 0, False)
    return found


def _error(code: str, message: str, win: Win) -> Score:
    return Score.failure(VARIANT_NAME, code, message, str(win.hand))


def _check(win: Win, rules: RiichiRules) -> str | None:
    """Why the win's description is impossible, or None (the winning tile is checked later)."""
    hand = win.hand
    melds = hand.melds
    players = rules.players
    size = len(hand.concealed) + 3 * len(melds)
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
    if not win.self_draw:
        from_seat = win.from_seat
        if from_seat is not None and not 0 <= from_seat < players:
            return f"seat {from_seat} does not exist with {players} players"
        if from_seat == seat:
            return "a win on a discard comes from another seat than the winner's"
    for meld in melds:
        if meld.from_seat == seat:
            return f"the meld {meld} claims a tile from the winner's own seat"
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


def _check_situation(win: Win, players: int) -> str | None:
    """The checks of the rarer flags (riichi, kongs, last tile, first turn, liability)."""
    hand = win.hand
    if win.riichi and not hand.is_concealed:
        return "riichi needs a concealed hand, but the hand has an open meld"
    if win.ippatsu and not win.riichi:
        return "ippatsu needs a riichi (R-06)"
    if win.double_riichi and not win.riichi:
        return "a double riichi is a riichi: set riichi too"
    if win.robbing_kong and win.self_draw:
        return "robbing a kong is a win on another player's tile, not a self-draw (R-19)"
    if win.after_kong:
        if not win.self_draw:
            return "a win on a kong's replacement tile is a self-draw (R-18)"
        if not any(meld.is_kong for meld in hand.melds):
            return "a win after a kong needs a kong among the melds"
        if win.last_tile:
            return "a kong's replacement tile is never the last wall tile"
    if win.robbing_kong and win.last_tile:
        return "a robbed kong tile is never the discard after the last wall tile"
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
    compiled = compile_rules(rules)
    found = _best_reading(win, rules, compiled)
    if found.best is None:
        if not found.count(win.win_tile.kind):
            return _error(
                "invalid_hand",
                f"the winning tile {win.win_tile} is not among the concealed tiles "
                "(the hand includes the winning tile)",
                win,
            )
        return _no_win(win, rules, found.tried or [])
    return _build(win, rules, compiled, found)


_DORA_SHIFT = tuple(3 * dora_after(kind) for kind in range(34))
"""Where the count of the dora of each indicator kind sits in a hand key."""
_DORA_SHIFT_THREE_PLAYERS = (3 * 8, *_DORA_SHIFT[1:])
"""Three players play without 2m-8m: the 1m indicator shows the 9m."""


def _special(ctx: WinContext, features: int, shape: int) -> None:
    """Fill the context for seven pairs or thirteen orphans."""
    ctx.features = features
    ctx.chow_mask = ctx.pung_mask = ctx.chows = ctx.pungs = ctx.peikou = 0
    ctx.pair = -1
    ctx.pair_fu = 0
    ctx.outside = False
    ctx.shape = shape
    ctx.wait = SEVEN_PAIRS_WAIT if shape == SEVEN_PAIRS else ORPHANS_WAIT
    ctx.concealed_pungs = 0


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


# --- the answer ---------------------------------------------------------------------------------


def _describe(parts: tuple[Part, ...], melds: tuple[Meld, ...]) -> str:
    """A reading's sets and pair in mpsz, e.g. ``234m 456p 678s 555z 44z``."""
    groups: list[str] = []
    pair = -1
    for part in parts:
        groups.extend(format_kinds([kind, kind + 1, kind + 2]) for kind in part.chow_starts)
        groups.extend(format_kinds([kind] * 3) for kind in part.pung_kinds)
        if part.pair >= 0:
            pair = part.pair
    groups.extend(str(meld) for meld in melds)
    if pair >= 0:
        groups.append(format_kinds([pair, pair]))
    return " ".join(groups)


_MELD_TEXT: dict[Meld, str] = {}


def _hand_text(found: _Hand, melds: tuple[Meld, ...]) -> str:
    """``str(hand)`` from the suit facts: the same text, without sorting and formatting tiles."""
    man, pin, sou, honours = found.infos
    pieces = [man.text, pin.text, sou.text, honours.text]
    red_kinds = found.red_kinds
    if red_kinds:
        for suit in range(3):
            if red_kinds >> (suit * 9 + 4) & 1:
                # The red five sorts after the plain fives (format_hand orders by kind, red).
                head, _, tail = pieces[suit].rpartition("5")
                pieces[suit] = head + "0" + tail
    concealed = "".join(pieces)
    if not melds:
        return concealed
    shown = [concealed]
    for meld in melds:
        text = _MELD_TEXT.get(meld)
        if text is None:
            text = _MELD_TEXT[meld] = str(meld)
        shown.append(text)
    return " ".join(shown)


class _Extra(Mapping[str, Any]):
    """Score.extra: the reading behind the score (its sets formatted only when asked for).

    Keys: ``yakuman`` (how many), ``reading`` (sets and pair, e.g. ``234m 456p 678s 555z 44z``),
    ``wait`` (two-sided, closed, edge, pair, double pung), ``deposits`` (points collected from
    the table), ``counters``.
    """

    __slots__ = ("_counters", "_data", "_deposits", "_melds", "_reading")

    def __init__(
        self, reading: _Reading, melds: tuple[Meld, ...], deposits: int, counters: int
    ) -> None:
        self._reading = reading
        self._melds = melds
        self._deposits = deposits
        self._counters = counters
        self._data: dict[str, Any] | None = None

    def _get(self) -> dict[str, Any]:
        if self._data is None:
            best = self._reading
            shape = best.shape
            self._data = {
                "yakuman": best.yakuman,
                "reading": (
                    _describe(best.parts, self._melds)
                    if shape == REGULAR
                    else ("seven pairs" if shape == SEVEN_PAIRS else "thirteen orphans")
                ),
                "wait": WAIT_NAMES[best.wait],
                "deposits": self._deposits,
                "counters": self._counters,
            }
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


def _build(win: Win, rules: RiichiRules, compiled: Compiled, found: _Hand) -> Score:
    """Turn the best reading into the public answer."""
    best = found.best
    assert best is not None
    concealed = found.concealed
    by_bit = compiled.by_bit
    pattern_key = (best.mask, concealed, found.dora, found.red, found.ura)
    patterns = compiled.pattern_lists.get(pattern_key)
    if patterns is None:
        if len(compiled.pattern_lists) > _MEMO_LIMIT:
            compiled.pattern_lists.clear()
        patterns = compiled.pattern_lists[pattern_key] = _patterns(compiled, found, concealed)
    replaced: tuple[tuple[str, str], ...] = ()
    if best.raw_mask != best.mask and not best.yakuman:
        replaced = tuple(
            (by_bit[dropped].row.id, by_bit[by].row.id)
            for by in _bits(best.raw_mask & best.mask)
            for dropped in _bits(by_bit[by].replaces & best.raw_mask & ~best.mask)
        )
    liable_basic = 0
    if win.liable_seat is not None and best.yakuman:
        liable_ids = rules.liability_yakuman
        liable_basic = 8000 * sum(
            by_bit[bit].yakuman for bit in _bits(best.mask) if by_bit[bit].row.id in liable_ids
        )
    seat = win.seat
    from_seat = win.from_seat if win.from_seat is not None else (seat - 1) % rules.players
    payment_key = (
        best.basic, seat, win.self_draw, from_seat, win.honba, win.deposits, win.liable_seat,
        liable_basic,
    )  # fmt: skip
    settlement = compiled.settlements.get(payment_key)
    if settlement is None:
        if len(compiled.settlements) > _MEMO_LIMIT:
            compiled.settlements.clear()
        settlement = payments_for(
            best.basic,
            seat,
            win.self_draw,
            from_seat,
            rules,
            honba=win.honba,
            deposits=win.deposits,
            liable_seat=win.liable_seat,
            liable_basic=liable_basic,
        )
        settlement = compiled.settlements[payment_key] = Payments(
            settlement.points, MappingProxyType(settlement.deltas), settlement.lines
        )
    melds = win.hand.melds
    limit = best.limit
    return Score(
        variant=VARIANT_NAME,
        patterns=patterns,
        value=best.han,
        raw_value=best.han,
        unit="han",
        fu=best.fu,
        fu_breakdown=_fu_breakdown(win, rules, best, concealed),
        limit=limit,
        limit_names=limit_names(limit) if limit else {},
        points=settlement.points,
        payments=settlement.deltas,
        lines=settlement.lines,
        replaced=replaced,
        hand=_hand_text(found, melds),
        extra=_Extra(best, melds, win.deposits * rules.riichi_deposit, win.honba),
    )


def _patterns(compiled: Compiled, found: _Hand, concealed: bool) -> tuple[PatternHit, ...]:
    """The pattern lines of the best reading, in table order, bonus han last."""
    best = found.best
    assert best is not None
    patterns: list[PatternHit] = []
    for bit in _bits(best.mask):
        resolved = compiled.by_bit[bit]
        value = resolved.yakuman or (resolved.han_closed if concealed else resolved.han_open)
        patterns.append(compiled.hit(resolved, value))
    if not best.yakuman:
        for kind, count in (("dora", found.dora), ("red", found.red), ("ura", found.ura)):
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


def _no_win(
    win: Win, rules: RiichiRules, tried: list[tuple[int, tuple[Part, ...], int, int]]
) -> Score:
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
    for shape, parts, wait, _han in tried:
        if shape == REGULAR:
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

    The same search as :func:`score`, without names, fu breakdown or payments: about twice as
    fast. An impossible description (see :func:`score`'s ``invalid_hand``) is None too.
    """
    if rules is None:
        rules = RiichiRules.ema2012()
    if _check(win, rules) is not None:
        return None
    compiled = compile_rules(rules)
    best = _best_reading(win, rules, compiled).best
    if best is None:
        return None
    ids = compiled.ids.get(best.mask)
    if ids is None:
        ids = compiled.ids[best.mask] = tuple(
            compiled.by_bit[bit].row.id for bit in _bits(best.mask)
        )
    return HandValue(best.han, best.fu, best.yakuman, best.basic, best.key[0], best.limit, ids)
