"""The ``v2`` observation: what a learner needs to read a table, as planes over the 34 kinds.

Beside ``v1``'s counts it keeps the order of play: every discard's place in the round's discard
order and whether it was the tile just drawn (tsumogiri) or one from the hand, the discard that
declared riichi and every tile let go since, the calls with the seat each tile came from and
the discards the others claimed, the own hand's shanten, waits and furiten, each seat's score
and placement, the dora, the missing suits and each bonus tile set aside. Every plane is listed
in :data:`PLANES_V2` and described in ``docs/rl.md``; values are in ``[0, 1]``.

Everything comes from the seat's :class:`~mahjongkit.game.observation.Observation` (the
shanten and waits are worked out from the hand and the hand shape it lists), so nothing the
seat may not see can reach the planes.

>>> from mahjongkit.game.engine import Game
>>> game = Game("riichi", seed=3)
>>> _ = game.start()
>>> planes = encode_v2(game.observation(0, with_events=False), 100_000.0)
>>> planes.shape, float(planes[0].sum())  # 14 tiles in hand, of this many kinds
((136, 34), 12.0)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit.game.hands import ready_of_counts, shanten_of_counts
from mahjongkit.game.observation import MeldInfo, Observation, SeatInfo
from mahjongkit.game.ranking import placements
from mahjongkit.melds import MeldKind
from mahjongkit.rl.encoder import observation_of, write_counters
from mahjongkit.tiles import NUM_BONUS, NUM_PHYSICAL, RED_FIVE_IDS, dora_after

__all__ = ["NUM_PLANES_V2", "ORDER_SCALE", "PLANES_V2", "SeatPlanesV2", "encode_v2"]

ORDER_SCALE = 256
"""A discard's place ``i`` in the round's discard order (0 the first) is shown as
``(i + 1) / ORDER_SCALE``: exact in ``float32``, and above any round's number of discards
(a set has at most 144 tiles)."""

_OWN_PLANES = (
    "own hand: at least 1 of the kind",
    "own hand: at least 2",
    "own hand: at least 3",
    "own hand: 4",
    "own drawn tile",
    "own red fives (at the five's kind)",
    "own shanten ((shanten + 1) / 8, capped: 0 complete, 1/8 ready; whole row)",
    "own waits (the kinds that complete a ready hand of 13 tiles less 3 a meld)",
    "own furiten (whole row)",
)
_SEAT_PLANES = (
    "discards (count / 4)",
    *(
        f"discard order, copy {c + 1}: (place in the round's discards + 1) / 256 of its "
        f"{('first', 'second', 'third', 'fourth')[c]} discard of the kind"
        for c in range(4)
    ),
    *(
        f"tsumogiri, copy {c + 1}: its {('first', 'second', 'third', 'fourth')[c]} discard "
        "of the kind was the tile just drawn"
        for c in range(4)
    ),
    "discards claimed by another seat (count / 4)",
    "riichi declared (whole row)",
    "riichi discard: (place in the round's discards + 1) / 256 at its kind",
    "let go since its riichi: kinds discarded by anyone from its riichi discard on",
    "chow tiles (count / 4)",
    "pung tiles (count / 4)",
    "exposed kong tiles (count / 4)",
    "added kong tiles (count / 4)",
    "concealed kong tiles (count / 4)",
    *(f"tiles it called from seat +{k} of it (count / 4)" for k in (1, 2, 3)),
    "won this round (whole row)",
    "dealer (whole row)",
    "missing suit (its nine kinds)",
    "set aside: column i bonus tile i (flowers 1-4, seasons 1-4); a tile's kind: count / 4",
    "concealed tiles (count / 14, whole row)",
    "score (0.5 + score / (2 x scale), clipped, whole row)",
    "placement ((place - 1) / (players - 1), ties by seat order; whole row)",
)
_TABLE_PLANES = (
    "dora indicators (count / 4)",
    "dora (count / 4)",
    "unseen by the observer (count / 4)",
    "tile to claim: the last discard, or the tile of a kong being robbed",
    "prevalent wind (at its kind)",
    "own seat wind (at its kind)",
    "live wall left (tiles / 136, whole row)",
    "counters (honba / 10, capped, whole row)",
    "deposits (sticks / 10, capped, whole row)",
    "red fives in sight: ponds, melds and indicators (at the five's kind)",
    "phase turn (whole row)",
    "phase claim (whole row)",
    "phase rob (whole row)",
    "phase exchange (whole row)",
    "phase declare (whole row)",
)
PLANES_V2: tuple[str, ...] = (
    *_OWN_PLANES,
    *(f"seat +{r}: {what}" for r in range(4) for what in _SEAT_PLANES),
    *_TABLE_PLANES,
)
NUM_PLANES_V2 = len(PLANES_V2)

_SEAT_BASE = len(_OWN_PLANES)
_BLOCK = len(_SEAT_PLANES)
_TABLE = _SEAT_BASE + 4 * _BLOCK
# Rows of a seat's block.
_POND, _ORDER, _TSUMOGIRI, _CLAIMED, _RIICHI, _RIICHI_TILE, _PASSED = 0, 1, 5, 9, 10, 11, 12
_MELD_ROWS = {
    MeldKind.CHOW.value: 13,
    MeldKind.PUNG.value: 14,
    MeldKind.KONG.value: 15,
    MeldKind.ADDED_KONG.value: 16,
    MeldKind.CONCEALED_KONG.value: 17,
}
_CALLED_FROM, _WON, _DEALER, _MISSING, _BONUS, _CONCEALED, _SCORE, _PLACE = (
    18,
    21,
    22,
    23,
    24,
    25,
    26,
    27,
)
_PHASES = {name: _TABLE + 10 + i for i, name in enumerate(("turn", "claim", "rob"))}
_PHASES.update({"exchange": _TABLE + 13, "declare": _TABLE + 14})
_DORA = [dora_after(k) for k in range(34)]
_AT_LEAST = np.arange(1, 5).reshape(4, 1)
_RED = {tile: tile // 4 for tile in RED_FIVE_IDS}


def encode_v2(
    observation: Observation, score_scale: float, red_fives: bool = True
) -> npt.NDArray[np.float32]:
    """The ``v2`` planes of one observation (see :data:`PLANES_V2`), made from nothing."""
    return SeatPlanesV2(observation.seat, score_scale, red_fives).planes(observation)


class SeatPlanesV2:
    """The ``v2`` planes of one seat, kept from one look to the next.

    Each part is made again only when what it shows changed, found by comparing the seat's
    observation with the last one: the table keeps a seat's pond, melds and bonus tiles as the
    very same tuples while they do not change, so most parts are skipped by identity. A pond
    that grew writes its new discards only; the own hand's rows are made again when the hand,
    the drawn tile or furiten changed; a seat's melds when its melds did (and then every
    seat's claimed discards); the tiles let go since a riichi grow with the discard order. The
    result equals :func:`encode_v2`, the planes made from nothing.
    """

    def __init__(self, seat: int, score_scale: float, red_fives: bool = True) -> None:
        self.seat = seat
        self._scale = score_scale
        self._red = red_fives
        self._out = np.zeros((NUM_PLANES_V2, 34), dtype=np.float32)
        self._rows = list(self._out)
        """A view of each plane: a whole row is set by the view's ``fill``, several times
        cheaper than assigning to a row of the array."""
        self._restart(0)

    def _restart(self, players: int) -> None:
        """Forget everything: the planes of a table where nothing is seen yet."""
        self._out[:] = 0.0
        self._out[_TABLE + 2] = 1.0  # every copy unseen
        self._players = players
        self._own_key: tuple[Any, ...] | None = None
        self._counts = [0] * 34
        self._drawn = -1
        self._waits: frozenset[int] = frozenset()
        self._sight = [0] * 34
        """Tiles of each kind the seat sees: its hand, ponds, melds and indicators."""
        self._unseen_dirty: set[int] = set()
        """The kinds whose count in sight changed since the unseen row was last written."""
        self._bases = [
            _SEAT_BASE + _BLOCK * ((index - self.seat) % players) for index in range(players)
        ]
        """Per seat: the first plane of its block."""
        self._blocks = [self._out[base : base + _BLOCK] for base in self._bases]
        self._reds: set[int] = set()
        """The red fives' kinds marked in sight."""
        self._order: tuple[tuple[int, int], ...] = ()
        self._places: list[list[int]] = [[] for _ in range(players)]
        """Per seat: the places in the discard order of its discards."""
        self._ponds: list[tuple[int, ...]] = [()] * players
        self._pond_counts = [[0] * 34 for _ in range(players)]
        self._melds: list[tuple[MeldInfo, ...] | None] = [None] * players
        self._meld_counts = [[0] * 34 for _ in range(players)]
        self._meld_cells: list[list[int]] = [[] for _ in range(players)]
        """Per seat: the flat cells of its block's meld rows written last (to clear them)."""
        self._claimed_counts = [[0] * 34 for _ in range(players)]
        """Per seat: its discards the others called, by kind."""
        self._flowers: list[tuple[int, ...] | None] = [None] * players
        self._aside = [[0] * 34 for _ in range(players)]
        """Per seat: the tiles of the set it put aside (three players' Norths), by kind."""
        # Per seat: riichi, won, missing suit, hand size, riichi place.
        self._flags: list[list[object]] = [[None] * 5 for _ in range(players)]
        # The kinds of the red fives in sight: per seat in its pond, in its melds; indicated.
        self._pond_reds: list[set[int]] = [set() for _ in range(players)]
        self._meld_reds: list[set[int]] = [set() for _ in range(players)]
        self._indicated_reds: set[int] = set()
        self._indicators: tuple[int, ...] = ()
        self._standing: tuple[object, ...] = ()
        self._winds: tuple[int, int] = (-1, -1)
        self._counters = [-1.0, -1.0, -1.0]
        """The wall, counters and deposits rows' values written last."""
        self._own_rows: tuple[float, float] = (-1.0, -1.0)
        """The shanten and furiten rows' values written last."""
        self._claim = -1
        self._phase = -1

    def planes(
        self, source: object, has_legal: bool | None = None
    ) -> npt.NDArray[np.float32]:
        """The seat's ``(136, 34)`` planes now (a fresh array), from its observation (or the
        game's observation of the seat; ``has_legal`` as for
        :func:`~mahjongkit.rl.encoder.observation_of`)."""
        seen = observation_of(source, self.seat, has_legal)
        players = len(seen.seats)
        if players != self._players:
            self._restart(players)
        order = seen.discard_order
        before = self._order
        if order is not before and order[: len(before)] != before:
            self._restart(players)  # another round: its discards start again
            before = ()
        self._own(seen)
        melds_changed = False
        reds_changed = False
        for index, info in enumerate(seen.seats):
            if info.discards is not self._ponds[index]:
                if not self._pond(seen, index, info.discards, len(before)):
                    self._restart(players)  # a pond that did not grow: another round
                    return self.planes(seen)
                reds_changed = True
            if info.melds is not self._melds[index]:
                self._meld_rows(index, info.melds)
                melds_changed = reds_changed = True
            self._flag_rows(seen, index, info)
        if len(order) != len(before):
            self._passed(seen, len(before))
            self._order = order
        if melds_changed:
            self._claimed(seen)
        if not self._table(seen, reds_changed):
            self._restart(players)  # indicators taken back: another round
            return self.planes(seen)
        standing = (seen.scores, seen.dealer)
        if standing != self._standing:
            self._standings(seen)
            self._standing = standing
        if self._unseen_dirty:
            # Only the kinds whose count changed: a step moves a tile or two.
            unseen, sight = self._out[_TABLE + 2], self._sight
            for kind in self._unseen_dirty:
                unseen[kind] = max(4 - sight[kind], 0) * 0.25
            self._unseen_dirty.clear()
        return self._out.copy()

    def _block(self, index: int) -> npt.NDArray[np.float32]:
        """The rows of seat ``index``'s block (as the observer sees it: +0 itself)."""
        return self._blocks[index]

    def _see(self, kind: int, count: int) -> None:
        self._sight[kind] += count
        self._unseen_dirty.add(kind)

    def _own(self, seen: Observation) -> None:
        own = seen.own
        key = (seen.hand, own.drawn, len(own.melds), seen.furiten, seen.hand_shape)
        if key == self._own_key:
            return
        out, counts = self._out, self._counts
        hand = seen.hand
        if self._own_key is None or hand != self._own_key[0]:
            before, held = set(self._own_key[0]) if self._own_key else set(), set(hand)
            for tile in before - held:
                if tile < NUM_PHYSICAL:
                    kind = tile >> 2
                    count = counts[kind] = counts[kind] - 1
                    if count < 4:
                        out[count, kind] = 0.0
                    if tile in _RED:
                        out[5, kind] = 0.0
                    self._see(kind, -1)
            for tile in held - before:
                if tile < NUM_PHYSICAL:
                    kind = tile >> 2
                    count = counts[kind]
                    if count < 4:
                        out[count, kind] = 1.0
                    counts[kind] = count + 1
                    if self._red and tile in _RED:
                        out[5, kind] = 1.0
                    self._see(kind, 1)
        self._own_key = key
        drawn = own.drawn >> 2 if own.drawn is not None and own.drawn < NUM_PHYSICAL else -1
        if drawn != self._drawn:
            if self._drawn >= 0:
                out[4, self._drawn] = 0.0
            if drawn >= 0:
                out[4, drawn] = 1.0
            self._drawn = drawn
        size = sum(counts)
        melds = len(own.melds)
        waits: frozenset[int] = frozenset()
        if size % 3 == 1:
            value, waits = ready_of_counts(counts, melds, seen.hand_shape)
        elif size % 3 == 2:
            value = shanten_of_counts(counts, melds, seen.hand_shape)
        else:  # a hand between two moves of a setup phase has no shanten of its own
            value = 7
        if waits != self._waits:
            waits_row = self._rows[7]
            for kind in self._waits - waits:
                waits_row[kind] = 0.0
            for kind in waits - self._waits:
                waits_row[kind] = 1.0
            self._waits = waits
        rows = (min(value + 1, 8) / 8, 1.0 if seen.furiten else 0.0)
        if rows != self._own_rows:  # whole rows: written only when their value changes
            self._rows[6].fill(rows[0])
            self._rows[8].fill(rows[1])
            self._own_rows = rows

    def _pond(self, seen: Observation, index: int, discards: tuple[int, ...], known: int) -> bool:
        """Write a pond's new discards; False when it is not the pond followed so far."""
        done = self._ponds[index]
        if discards[: len(done)] != done:
            return False
        block = self._block(index)
        counts = self._pond_counts[index]
        places = self._places[index]
        order, flags = seen.discard_order, seen.tsumogiri
        # The seat's places in the discard order, taken up to the end of the order now.
        for place in range(max(known, places[-1] + 1 if places else 0), len(order)):
            if order[place][0] == index:
                places.append(place)
        for place in places[len(done) :]:
            tile = order[place][1]
            if tile >= NUM_PHYSICAL:
                continue
            kind = tile >> 2
            copy = min(counts[kind], 3)
            counts[kind] += 1
            block[_POND, kind] = min(counts[kind], 4) * 0.25
            block[_ORDER + copy, kind] = (place + 1) / ORDER_SCALE
            if place < len(flags) and flags[place]:
                block[_TSUMOGIRI + copy, kind] = 1.0
            if self._red and tile in _RED:
                self._pond_reds[index].add(_RED[tile])
            self._see(kind, 1)
        self._ponds[index] = discards
        return True

    def _meld_rows(self, index: int, melds: tuple[MeldInfo, ...]) -> None:
        block = self._block(index)
        counts = [0] * 34
        players = self._players
        reds: set[int] = set()
        # The tiles by cell (row * 34 + kind) first, then only those cells written: a few
        # scalar writes instead of clearing eight rows and adding to cells one tile at a time.
        cells: dict[int, int] = {}
        for meld in melds:
            base = _MELD_ROWS[meld.kind] * 34
            for tile in meld.tiles:
                if tile < NUM_PHYSICAL:
                    cell = base + (tile >> 2)
                    cells[cell] = cells.get(cell, 0) + 1
                    counts[tile >> 2] += 1
                    if self._red and tile in _RED:
                        reds.add(_RED[tile])
            called, source = meld.called, meld.from_seat
            if called is not None and source is not None and called < NUM_PHYSICAL:
                offset = (source - index) % players
                if 1 <= offset <= 3:
                    cell = (_CALLED_FROM + offset - 1) * 34 + (called >> 2)
                    cells[cell] = cells.get(cell, 0) + 1
        for cell in self._meld_cells[index]:
            if cell not in cells:
                block[cell // 34, cell % 34] = 0.0
        for cell, count in cells.items():
            block[cell // 34, cell % 34] = count * 0.25
        self._meld_cells[index] = list(cells)
        old = self._meld_counts[index]
        for kind in range(34):
            if counts[kind] != old[kind]:
                self._see(kind, counts[kind] - old[kind])
        self._meld_counts[index] = counts
        self._meld_reds[index] = reds
        self._melds[index] = melds

    def _flag_rows(self, seen: Observation, index: int, info: SeatInfo) -> None:
        flags = self._flags[index]
        riichi_at = seen.riichi_at[index] if index < len(seen.riichi_at) else None
        if (
            info.hand_size == flags[3]
            and info.flowers is self._flowers[index]
            and riichi_at == flags[4]
            and info.riichi is flags[0]
            and info.won is flags[1]
            and info.missing_suit == flags[2]
        ):
            return
        values = (info.riichi, info.won, info.missing_suit, info.hand_size, riichi_at)
        block = self._block(index)
        rows, base = self._rows, self._bases[index]
        if info.riichi is not flags[0]:
            rows[base + _RIICHI].fill(1.0 if info.riichi else 0.0)
        if info.won is not flags[1]:
            rows[base + _WON].fill(1.0 if info.won else 0.0)
        if info.missing_suit != flags[2]:
            rows[base + _MISSING].fill(0.0)
            if info.missing_suit is not None:
                block[_MISSING, info.missing_suit * 9 : info.missing_suit * 9 + 9] = 1.0
        if info.hand_size != flags[3]:
            rows[base + _CONCEALED].fill(min(info.hand_size, 14) / 14)
        if riichi_at != flags[4]:
            rows[base + _RIICHI_TILE].fill(0.0)
            rows[base + _PASSED].fill(0.0)
            order = seen.discard_order
            if riichi_at is not None and riichi_at < len(order):
                tile = order[riichi_at][1]
                if tile < NUM_PHYSICAL:
                    block[_RIICHI_TILE, tile >> 2] = (riichi_at + 1) / ORDER_SCALE
                for _, tile in order[riichi_at:]:
                    if tile < NUM_PHYSICAL:
                        block[_PASSED, tile >> 2] = 1.0
        if info.flowers is not self._flowers[index]:
            rows[base + _BONUS].fill(0.0)
            aside = [0] * 34
            for tile in info.flowers:
                if tile < NUM_PHYSICAL:  # a tile of the set (three players' Norths)
                    aside[tile >> 2] += 1
                elif tile < NUM_PHYSICAL + NUM_BONUS:
                    block[_BONUS, tile - NUM_PHYSICAL] = 1.0
            old = self._aside[index]
            for kind in range(34):
                if aside[kind]:
                    block[_BONUS, kind] = aside[kind] * 0.25
                if aside[kind] != old[kind]:
                    self._see(kind, aside[kind] - old[kind])
            self._aside[index] = aside
            self._flowers[index] = info.flowers
        flags[:] = values

    def _passed(self, seen: Observation, known: int) -> None:
        """The discards made since the last look, let go against each seat in riichi."""
        order = seen.discard_order
        for index, start in enumerate(seen.riichi_at[: self._players]):
            if start is None:
                continue
            block = self._block(index)
            for _, tile in order[max(known, start) :]:
                if tile < NUM_PHYSICAL:
                    block[_PASSED, tile >> 2] = 1.0

    def _claimed(self, seen: Observation) -> None:
        """Each pond's discards another seat called (the cells whose count changed)."""
        players = self._players
        claimed = [[0] * 34 for _ in range(players)]
        for info in seen.seats:
            for meld in info.melds:
                called, source = meld.called, meld.from_seat
                if called is not None and source is not None and called < NUM_PHYSICAL:
                    claimed[source % players][called >> 2] += 1
        for index in range(players):
            now, old = claimed[index], self._claimed_counts[index]
            if now != old:
                block = self._block(index)
                for kind in range(34):
                    if now[kind] != old[kind]:
                        block[_CLAIMED, kind] = now[kind] * 0.25
                self._claimed_counts[index] = now

    def _standings(self, seen: Observation) -> None:
        players = self._players
        places = placements(seen.scores)
        scale = 2 * self._scale
        rows = self._rows
        for index in range(players):
            base = self._bases[index]
            rows[base + _DEALER].fill(1.0 if index == seen.dealer else 0.0)
            rows[base + _SCORE].fill(min(max(0.5 + seen.scores[index] / scale, 0.0), 1.0))
            rows[base + _PLACE].fill((places[index] - 1) / max(players - 1, 1))

    def _table(self, seen: Observation, reds_changed: bool) -> bool:
        """The table's rows; False when the indicators are not the ones followed."""
        out, t = self._out, _TABLE
        shown, known = seen.dora_indicators, self._indicators
        if shown != known:
            if shown[: len(known)] != known:
                return False
            for tile in shown[len(known) :]:
                if tile < NUM_PHYSICAL:
                    out[t, tile >> 2] += 0.25
                    out[t + 1, _DORA[tile >> 2]] += 0.25
                    self._see(tile >> 2, 1)
                    if self._red and tile in _RED:
                        self._indicated_reds.add(_RED[tile])
            self._indicators = shown
            reds_changed = True
        if reds_changed:
            now: set[int] = set(self._indicated_reds)
            for reds in (*self._pond_reds, *self._meld_reds):
                now |= reds
            if now != self._reds:
                reds_row = self._rows[t + 9]
                for kind in self._reds - now:
                    reds_row[kind] = 0.0
                for kind in now - self._reds:
                    reds_row[kind] = 1.0
                self._reds = now
        phase = seen.phase
        claim = seen.rob_tile if phase == "rob" else seen.last_discard
        cell = -1
        if phase in ("claim", "rob") and claim is not None and claim < NUM_PHYSICAL:
            cell = claim >> 2
        if cell != self._claim:
            claim_row = self._rows[t + 3]
            if self._claim >= 0:
                claim_row[self._claim] = 0.0
            if cell >= 0:
                claim_row[cell] = 1.0
            self._claim = cell
        winds = (seen.round_wind, seen.dealer)
        if winds != self._winds:
            out[t + 4 : t + 6] = 0.0
            out[t + 4, 27 + seen.round_wind % 4] = 1.0
            out[t + 5, 27 + (self.seat - seen.dealer) % self._players] = 1.0
            self._winds = winds
        # Whole rows, each written only when its value changes (the wall: at each draw).
        write_counters(
            self._rows, self._counters, t + 6, seen.wall_remaining, seen.honba, seen.deposits
        )
        row = _PHASES.get(phase, -1)
        if row != self._phase:
            if self._phase >= 0:
                self._rows[self._phase].fill(0.0)
            if row >= 0:
                self._rows[row].fill(1.0)
            self._phase = row
        return True
