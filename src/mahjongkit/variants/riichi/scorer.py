"""The Riichi scorer: every reading of a winning hand, the best one, and its explanation.

A *reading* is one decomposition of the hand (four sets and a pair, seven pairs, or thirteen
orphans) together with one place for the winning tile (which set it completed: the wait). Each
reading gets its yaku from the table, its fu and its points; the best reading wins (most points,
then a real yakuman over a counted one, then han, then fu). Only that reading is turned into a
:class:`~mahjongkit.scoring.Score` with names, fu breakdown and payments.

The hot path works on small ints: 34-entry counts, per-suit memo tables (see
:mod:`~mahjongkit.variants.riichi.context`), feature bits, and per-rules tables compiled once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import product
from typing import Any, NamedTuple

from mahjongkit.melds import SEAT_LETTERS, Meld, MeldKind
from mahjongkit.scoring import PatternHit, Score, Win
from mahjongkit.shapes import shanten
from mahjongkit.tiles import (
    TERMINALS_AND_HONORS,
    Tile,
    dora_after,
    format_kinds,
)
from mahjongkit.variants.riichi.context import (
    _CHOW_FEATURES,
    DRAGON_MASK,
    F_AFTER_KONG,
    F_ALL_SIMPLES,
    F_CONCEALED,
    F_DEALER,
    F_DISCARD,
    F_DOUBLE_RIICHI,
    F_DRAGON_PUNG,
    F_FIRST_TURN,
    F_FOUR_KONGS,
    F_GREEN_ONLY,
    F_HONOURS_ONLY,
    F_IPPATSU,
    F_LAST_TILE,
    F_NO_MELDS,
    F_NO_SIMPLES,
    F_NON_DEALER,
    F_ONE_SUIT,
    F_ONE_SUIT_HONOURS,
    F_OPEN,
    F_ORPHANS,
    F_PEIKOU,
    F_REGULAR,
    F_RIICHI,
    F_ROBBING_KONG,
    F_SELF_DRAW,
    F_SEVEN_PAIRS,
    F_TERMINALS_ONLY,
    F_THREE_KONGS,
    F_THREE_PUNGS,
    F_WIND_PUNG,
    GREEN_MASK,
    HONOUR_MASK,
    INSIDE_CHOW_STARTS,
    KANCHAN,
    ORPHANS,
    ORPHANS_WAIT,
    OUTSIDE_MASK,
    PENCHAN,
    REGULAR,
    RYANMEN,
    SEVEN_PAIRS,
    SEVEN_PAIRS_WAIT,
    SHANPON,
    SIMPLE_MASK,
    SUIT_MASKS,
    SUIT_TABLES,
    TANKI,
    TERMINAL_MASK,
    WAIT_NAMES,
    WIND_MASK,
    Part,
    WinContext,
    pair_fu_table,
    suit_parts,
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
    basic_points,
    limit_names,
    payments_for,
    total_points,
)
from mahjongkit.variants.riichi.rules import RiichiRules
from mahjongkit.variants.riichi.yaku import TABLE, Bonus, Predicate, Yaku

VARIANT_NAME = "riichi"
_MAMS, _PINS, _SOUS = SUIT_MASKS
_ORPHAN_KINDS = TERMINALS_AND_HONORS
_PUNG_FU = tuple(8 if kind in _ORPHAN_KINDS else 4 for kind in range(34))
"""Fu of a concealed pung of each kind."""

# --- the rules, compiled ------------------------------------------------------------------------

Candidate = tuple[int, int, int, Predicate | None]
"""(row bit, han, yakuman, predicate) of a row that may apply to a hand with some features."""


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
    candidates: dict[int, tuple[tuple[Candidate, ...], tuple[tuple[int, int, int, int], ...]]] = (
        field(default_factory=dict)
    )
    hits: dict[tuple[int, int, int], PatternHit] = field(default_factory=dict)

    def for_features(
        self, features: int
    ) -> tuple[tuple[Candidate, ...], tuple[tuple[int, int, int, int], ...]]:
        """The rows that can apply to a reading with these features, and their replacements
        as (replacing bit, replaced bit, replaced han, replaced yakuman)."""
        found = self.candidates.get(features)
        if found is not None:
            return found
        concealed = bool(features & F_CONCEALED)
        chosen: list[Candidate] = []
        for resolved in self.rows:
            row = resolved.row
            if row.needs & ~features or row.forbids & features:
                continue
            han = resolved.han_closed if concealed else resolved.han_open
            if not han and not resolved.yakuman:
                continue
            chosen.append((resolved.bit, han, resolved.yakuman, row.test))
        present = {bit for bit, _, _, _ in chosen}
        replacements = tuple(
            (resolved.bit, other.bit, *self._values(other, concealed))
            for resolved in self.rows
            if resolved.bit in present
            for other in self.rows
            if resolved.replaces & other.bit and other.bit in present
        )
        found = self.candidates[features] = (tuple(chosen), replacements)
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
_LAST: list[Any] = [None, None]


def compile_rules(rules: RiichiRules) -> Compiled:
    """The table resolved for ``rules`` (memoised per rules value)."""
    if _LAST[0] is rules:
        last: Compiled = _LAST[1]
        return last
    found = _COMPILED.get(rules)
    if found is None:
        found = _COMPILED[rules] = _compile(rules)
    _LAST[0], _LAST[1] = rules, found
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


_BONUS = {row.bonus: (index, row) for index, row in enumerate(TABLE) if row.bonus is not None}

# --- readings -----------------------------------------------------------------------------------


@dataclass(slots=True)
class _Reading:
    """The best reading found so far: enough to rebuild its explanation."""

    key: tuple[int, bool, int, int]
    mask: int
    raw_mask: int
    yaku_han: int
    yakuman: int
    han: int
    fu: int
    basic: int
    limit: str | None
    shape: int
    parts: tuple[Part, ...]
    wait: int
    pinfu: bool


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


_NO_MELDS = _MeldFacts(True, 0, 0, 0, 0, 0, 0, 0, 0, 0)


def _meld_facts(melds: tuple[Meld, ...], all_counts: list[int]) -> _MeldFacts:
    """The melds' masks, counts and fu; their tiles are added to ``all_counts``."""
    chow_mask = pung_mask = kinds_mask = 0
    chows = pungs = kongs = concealed_kongs = fu = red = 0
    concealed = True
    for meld in melds:
        tiles = meld.tiles
        kind = tiles[0].kind
        for tile in tiles:
            all_counts[tile.kind] += 1
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
        concealed, chow_mask, pung_mask, kinds_mask, chows, pungs, kongs, concealed_kongs, fu, red
    )


def _tile_features(mask: int) -> int:
    features = 0
    if not mask & OUTSIDE_MASK:
        features = F_ALL_SIMPLES
    elif not mask & SIMPLE_MASK:
        features = F_NO_SIMPLES
        if not mask & HONOUR_MASK:
            features |= F_TERMINALS_ONLY
        elif not mask & TERMINAL_MASK:
            features |= F_HONOURS_ONLY
    suits = (mask & _MAMS != 0) + (mask & _PINS != 0) + (mask & _SOUS != 0)
    if suits <= 1:
        features |= F_ONE_SUIT_HONOURS if mask & HONOUR_MASK else F_ONE_SUIT
    if not mask & ~GREEN_MASK:
        features |= F_GREEN_ONLY
    return features


def _error(code: str, message: str, win: Win) -> Score:
    return Score.failure(VARIANT_NAME, code, message, str(win.hand))


def _check(win: Win, rules: RiichiRules) -> str | None:
    """Why the win's description is impossible, or None."""
    hand = win.hand
    players = rules.players
    if hand.size != 14:
        return (
            f"{len(hand.concealed)} concealed tiles with {len(hand.melds)} meld(s) make "
            f"{hand.size} tiles: a winning hand has 14 (each meld counting three), the winning "
            "tile included"
        )
    if not 0 <= win.seat < players:
        return f"seat {win.seat} does not exist with {players} players"
    if not 0 <= win.round_wind < 4:
        return f"prevalent wind {win.round_wind} is not a wind (0..3)"
    win_kind = win.win_tile.kind
    if win_kind >= 34:
        return f"{win.win_tile} is a bonus tile: it cannot win a Riichi hand"
    if not any(tile.kind == win_kind for tile in hand.concealed):
        return f"the winning tile {win.win_tile} is not among the concealed tiles"
    open_hand = not hand.is_concealed
    if win.riichi and open_hand:
        return "riichi needs a concealed hand, but the hand has an open meld"
    if win.ippatsu and not win.riichi:
        return "ippatsu needs a riichi (R-06)"
    if win.double_riichi and not win.riichi:
        return "a double riichi is a riichi: set riichi too"
    if win.self_draw:
        if win.robbing_kong:
            return "robbing a kong is a win on another player's tile, not a self-draw (R-19)"
    else:
        if win.after_kong:
            return "a win on a kong's replacement tile is a self-draw (R-18)"
        if win.from_seat is not None and not 0 <= win.from_seat < players:
            return f"seat {win.from_seat} does not exist with {players} players"
        if win.from_seat == win.seat:
            return "a win on a discard comes from another seat than the winner's"
    if win.after_kong and not any(meld.is_kong for meld in hand.melds):
        return "a win after a kong needs a kong among the melds"
    if win.after_kong and win.last_tile:
        return "a kong's replacement tile is never the last wall tile"
    if win.robbing_kong and win.last_tile:
        return "a robbed kong tile is never the discard after the last wall tile"
    if win.first_turn and hand.melds:
        return "a first-turn win has no melds: any call, a concealed kong too, interrupts it"
    if win.liable_seat is not None and (
        win.liable_seat == win.seat or not 0 <= win.liable_seat < players
    ):
        return f"seat {win.liable_seat} cannot be liable for this win"
    for meld in hand.melds:
        if meld.from_seat is not None and meld.from_seat == win.seat:
            return f"the meld {meld} claims a tile from the winner's own seat"
    return None


def score(win: Win, rules: RiichiRules | None = None) -> Score:
    """Score a Riichi win under ``rules`` (EMA 2012 by default).

    >>> from mahjongkit.hand import Hand
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
    best, tried = _best_reading(win, rules, compiled)
    if best is None:
        return _no_win(win, rules, tried)
    return _build(win, rules, compiled, best)


def _best_reading(
    win: Win, rules: RiichiRules, compiled: Compiled
) -> tuple[_Reading | None, list[tuple[int, tuple[Part, ...], int, int]]]:
    """The best reading of the hand, and every reading tried (shape, parts, wait, han) when
    none is a win (for the message)."""
    hand = win.hand
    counts = [0] * 34
    red = 0
    for tile in hand.concealed:
        counts[tile.kind] += 1
        if tile.red:
            red += 1
    all_counts = counts[:]
    facts = _meld_facts(hand.melds, all_counts) if hand.melds else _NO_MELDS
    concealed = facts.concealed
    red += facts.red
    if not rules.red_fives:
        red = 0
    dora = 0
    for tile in win.dora_indicators:
        dora += all_counts[dora_after(tile.kind)]
    ura = 0
    if win.riichi and rules.ura_dora:
        for tile in win.ura_indicators:
            ura += all_counts[dora_after(tile.kind)]
    bonus = dora + red + ura

    self_draw = win.self_draw
    seat_wind = 27 + win.seat
    round_wind = 27 + win.round_wind
    win_kind = win.win_tile.kind
    dealer = win.seat == 0
    melds = len(hand.melds)
    kongs = facts.kongs

    features = (F_CONCEALED if concealed else F_OPEN) | (F_SELF_DRAW if self_draw else F_DISCARD)
    features |= F_DEALER if dealer else F_NON_DEALER
    if win.riichi:
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
        features |= F_THREE_KONGS
        if kongs == 4:
            features |= F_FOUR_KONGS

    ctx = WinContext()
    ctx.concealed_counts = counts
    ctx.melds = melds
    ctx.kongs = kongs
    ctx.seat_wind = seat_wind
    ctx.round_wind = round_wind
    ctx.win_kind = win_kind
    pair_fu = pair_fu_table(seat_wind, round_wind, rules.double_wind_pair_fu)

    minimum = 1
    threshold = rules.two_han_minimum_counters
    if threshold is not None and win.honba >= threshold:
        minimum = 2
    dealer_wins = dealer
    players = rules.players
    open_pinfu_fu = rules.open_pinfu_fu
    yakuman_bits = compiled.yakuman_bits
    stacking = rules.yakuman_stacking
    best: _Reading | None = None
    tried: list[tuple[int, tuple[Part, ...], int, int]] = []

    def consider(shape: int, parts: tuple[Part, ...], wait: int, fu: int, pinfu: bool) -> None:
        nonlocal best
        candidates, replacements = compiled.for_features(ctx.features)
        mask = han = yakuman = 0
        for bit, value, units, test in candidates:
            if test is None or test(ctx):
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
                yakuman = max(compiled.by_bit[bit].yakuman for bit in _bits(mask))
                mask = next(bit for bit in _bits(mask) if compiled.by_bit[bit].yakuman == yakuman)
            total_han = 13 * yakuman
        elif han < minimum:
            tried.append((shape, parts, wait, han))
            return
        else:
            total_han = han + bonus
        basic, limit = basic_points(total_han, fu, yakuman, rules)
        key = (total_points(basic, dealer_wins, self_draw, players), yakuman > 0, total_han, fu)
        if best is None or key > best.key:
            best = _Reading(
                key, mask, raw_mask, han, yakuman, total_han, fu, basic, limit, shape, parts,
                wait, pinfu,
            )  # fmt: skip

    # Regular readings: one part per suit, exactly one pair.
    options: list[tuple[Part, ...]] = []
    for suit in range(4):
        key = bytes(counts[suit * 9 : suit * 9 + 9] if suit < 3 else counts[27:34])
        parts = SUIT_TABLES[suit].get(key)
        if parts is None:
            parts = suit_parts(suit, key)
        if not parts:
            options = []
            break
        options.append(parts)
    combos: Iterable[tuple[Part, ...]] = ()
    if options:
        if len(options[0]) == len(options[1]) == len(options[2]) == len(options[3]) == 1:
            combos = ((options[0][0], options[1][0], options[2][0], options[3][0]),)
        else:
            combos = product(*options)
    (
        _,
        meld_chow_mask,
        meld_pung_mask,
        meld_kinds_mask,
        meld_chows,
        meld_pungs,
        _,
        concealed_kongs,
        meld_fu,
        _,
    ) = facts
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
        kinds_mask = (
            chow_mask | chow_mask << 1 | chow_mask << 2 | pung_mask | 1 << pair | meld_kinds_mask
        )
        reading_features = features | F_REGULAR | _CHOW_FEATURES[chows] | _tile_features(kinds_mask)
        if pungs >= 3:
            reading_features |= F_THREE_PUNGS
        if pung_mask & DRAGON_MASK:
            reading_features |= F_DRAGON_PUNG
        if pung_mask & WIND_MASK:
            reading_features |= F_WIND_PUNG
        if peikou:
            reading_features |= F_PEIKOU
        ctx.features = reading_features
        ctx.chow_mask = chow_mask
        ctx.pung_mask = pung_mask
        ctx.pair = pair
        ctx.chows = chows
        ctx.pungs = pungs
        ctx.peikou = peikou
        ctx.kinds_mask = kinds_mask
        ctx.outside = (
            out0 and out1 and out2 and out3 and not meld_chow_mask & INSIDE_CHOW_STARTS
            and not meld_pung_mask & SIMPLE_MASK
        )  # fmt: skip
        ctx.shape = REGULAR
        this_pair_fu = pair_fu[pair]
        ctx.pair_fu = this_pair_fu
        parts = combo
        set_fu_total = fu0 + fu1 + fu2 + fu3 + meld_fu
        hidden_pungs = pu0 + pu1 + pu2 + pu3 + concealed_kongs
        # Where the winning tile sits: the pair, a concealed pung, or a concealed chow.
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
            consider(REGULAR, parts, wait, round_fu(fu), pinfu)

    if not melds:
        # Seven different pairs and thirteen orphans.
        if counts.count(2) == 7:
            _special(ctx, counts, features | F_SEVEN_PAIRS, SEVEN_PAIRS)
            consider(SEVEN_PAIRS, (), SEVEN_PAIRS_WAIT, SEVEN_PAIRS_FU, False)
        elif counts.count(0) == 21 and all(counts[k] for k in _ORPHAN_KINDS):
            _special(ctx, counts, features | F_ORPHANS, ORPHANS)
            consider(ORPHANS, (), ORPHANS_WAIT, 0, False)
    return best, tried


def _special(ctx: WinContext, counts: list[int], features: int, shape: int) -> None:
    """Fill the context for seven pairs or thirteen orphans."""
    kinds_mask = 0
    for kind, n in enumerate(counts):
        if n:
            kinds_mask |= 1 << kind
    ctx.features = features | _tile_features(kinds_mask)
    ctx.kinds_mask = kinds_mask
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


def _kinds_of(mask: int) -> list[int]:
    return [bit.bit_length() - 1 for bit in _bits(mask)]


class _Extra(Mapping[str, Any]):
    """Score.extra, computed on first access (the reading's sets are only formatted if asked)."""

    def __init__(self, build: Any) -> None:
        self._build = build
        self._data: dict[str, Any] | None = None

    def _get(self) -> dict[str, Any]:
        if self._data is None:
            self._data = self._build()
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


def _build(win: Win, rules: RiichiRules, compiled: Compiled, best: _Reading) -> Score:
    """Turn the best reading into the public answer."""
    concealed = win.hand.is_concealed
    patterns: list[PatternHit] = []
    for resolved in compiled.rows:
        if best.mask & resolved.bit:
            value = resolved.yakuman or (resolved.han_closed if concealed else resolved.han_open)
            patterns.append(compiled.hit(resolved, value))
    if not best.yakuman:
        for counted, count in _bonus_counts(win, rules):
            index, row = _BONUS[counted]
            if count:
                patterns.append(_bonus_hit(compiled, index, row, count))
    replaced = tuple(
        (compiled.by_bit[dropped].row.id, compiled.by_bit[by].row.id)
        for by in _bits(best.raw_mask & best.mask)
        for dropped in _bits(compiled.by_bit[by].replaces & best.raw_mask & ~best.mask)
    )
    liable_basic = 0
    if win.liable_seat is not None and best.yakuman:
        liable_ids = rules.liability_yakuman
        liable_basic = 8000 * sum(
            compiled.by_bit[bit].yakuman
            for bit in _bits(best.mask)
            if compiled.by_bit[bit].row.id in liable_ids
        )
    settlement = payments_for(
        best.basic,
        win.seat,
        win.self_draw,
        win.from_seat if win.from_seat is not None else (win.seat - 1) % rules.players,
        rules,
        honba=win.honba,
        deposits=win.deposits,
        liable_seat=win.liable_seat,
        liable_basic=liable_basic,
    )
    fu_items = _fu_breakdown(win, rules, best)

    def extra() -> dict[str, Any]:
        return {
            "yakuman": best.yakuman,
            "reading": (
                _describe(best.parts, win.hand.melds)
                if best.shape == REGULAR
                else ("seven pairs" if best.shape == SEVEN_PAIRS else "thirteen orphans")
            ),
            "wait": WAIT_NAMES[best.wait],
            "deposits": win.deposits * rules.riichi_deposit,
            "counters": win.honba,
        }

    return Score(
        variant=VARIANT_NAME,
        patterns=tuple(patterns),
        value=best.han,
        raw_value=best.han,
        unit="han",
        fu=best.fu,
        fu_breakdown=fu_items,
        limit=best.limit,
        limit_names=limit_names(best.limit) if best.limit else {},
        points=settlement.points,
        payments=settlement.deltas,
        lines=settlement.lines,
        replaced=replaced,
        hand=str(win.hand),
        extra=_Extra(extra),
    )


def _bonus_hit(compiled: Compiled, index: int, row: Yaku, count: int) -> PatternHit:
    key = (index, count, count)
    found = compiled.hits.get(key)
    if found is None:
        found = compiled.hits[key] = PatternHit(row.id, count, row.names, "han", count)
    return found


def _bonus_counts(win: Win, rules: RiichiRules) -> list[tuple[Bonus, int]]:
    """(bonus kind, count) of dora, red fives and ura dora, in the table's order."""
    all_tiles = [*win.hand.concealed, *(t for m in win.hand.melds for t in m.tiles)]
    kinds = [tile.kind for tile in all_tiles]

    def count(indicators: tuple[Tile, ...]) -> int:
        return sum(kinds.count(dora_after(tile.kind)) for tile in indicators)

    red = sum(tile.red for tile in all_tiles) if rules.red_fives else 0
    ura = count(win.ura_indicators) if win.riichi and rules.ura_dora else 0
    return [("dora", count(win.dora_indicators)), ("red", red), ("ura", ura)]


def _fu_breakdown(win: Win, rules: RiichiRules, best: _Reading) -> tuple[Any, ...]:
    if best.shape == SEVEN_PAIRS:
        return seven_pairs_breakdown()
    if best.shape == ORPHANS:
        return ()
    win_kind = win.win_tile.kind
    sets: list[tuple[int, bool, str]] = []
    pair = -1
    for part in best.parts:
        for kind in part.pung_kinds:
            by_discard = best.wait == SHANPON and kind == win_kind and not win.self_draw
            sets.append((kind, False, "discard" if by_discard else "concealed"))
        if part.pair >= 0:
            pair = part.pair
    for meld in win.hand.melds:
        if meld.kind is not MeldKind.CHOW:
            state = "concealed" if meld.is_concealed else "open"
            sets.append((meld.tiles[0].kind, meld.is_kong, state))
    items = breakdown(
        concealed=win.hand.is_concealed,
        self_draw=win.self_draw,
        sets=sets,
        wait=best.wait,
        win_kind=win_kind,
        pair=pair,
        seat_wind=27 + win.seat,
        round_wind=27 + win.round_wind,
        double_wind_fu=rules.double_wind_pair_fu,
        pinfu=best.pinfu,
        open_pinfu_fu=rules.open_pinfu_fu,
    )
    return items


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
    if _check(win, rules) is not None:
        return False
    best, _ = _best_reading(win, rules, compile_rules(rules))
    return best is not None


def seat_letter(seat: int) -> str:
    """E, S, W or N."""
    return SEAT_LETTERS[seat]
