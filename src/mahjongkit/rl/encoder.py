"""Versioned observation encoders: what a seat sees, as planes over the 34 tile kinds.

``v1`` gives a ``float32`` array of shape ``(56, 34)`` with every value in ``[0, 1]``; each
plane is described in ``docs/rl.md`` (and in :data:`PLANES_V1`, in order). Seats are relative
to the observer: 0 itself, 1 the next seat in turn order (its right), 2 across, 3 its left.
Only what :meth:`Game.observation` shows the seat goes in (plus the tile of a kong being robbed,
which is on the table for all to see).

>>> from mahjongkit.game.engine import Game
>>> game = Game("riichi", seed=3)
>>> _ = game.start()
>>> planes = encode_v1(game.observation(0, with_events=False), None, 100_000.0)
>>> planes.shape, float(planes[0].sum())  # 14 tiles in hand, of this many kinds
((56, 34), 12.0)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import numpy as np
import numpy.typing as npt

from mahjongkit.errors import MahjongError
from mahjongkit.game.observation import Observation, shown_missing_suit, shown_phase
from mahjongkit.table.view import TableView
from mahjongkit.tiles import NUM_PHYSICAL, RED_FIVE_IDS, dora_after
from mahjongkit.variants import VARIANT_NAMES, find_variant

__all__ = ["ENCODERS", "NUM_PLANES_V1", "PLANES_V1", "SCORE_SCALES", "SeatPlanesV1", "encode_v1"]

_SEAT_PLANES = (
    "discards (count / 4)",
    "melded tiles (count / 4)",
    "riichi declared (whole row)",
    "won this round (whole row)",
    "dealer (whole row)",
    "missing suit (its nine kinds)",
    "bonus tiles set aside (count / 8, whole row)",
    "concealed tiles (count / 14, whole row)",
)
PLANES_V1: tuple[str, ...] = (
    "own hand: at least 1 of the kind",
    "own hand: at least 2",
    "own hand: at least 3",
    "own hand: 4",
    "own drawn tile",
    "own red fives (at the five's kind)",
    *(f"seat +{r}: {what}" for r in range(4) for what in _SEAT_PLANES),
    "dora indicators (count / 4)",
    "dora (count / 4)",
    "unseen by the observer (count / 4)",
    "tile to claim: the last discard, or the tile of a kong being robbed",
    "prevalent wind (at its kind)",
    "own seat wind (at its kind)",
    "live wall left (tiles / 136, whole row)",
    "counters (honba / 10, capped, whole row)",
    "deposits (sticks / 10, capped, whole row)",
    *(f"seat +{r}: score (0.5 + score / (2 x scale), clipped, whole row)" for r in range(4)),
    "phase turn (whole row)",
    "phase claim (whole row)",
    "phase rob (whole row)",
    "phase exchange (whole row)",
    "phase declare (whole row)",
)
NUM_PLANES_V1 = len(PLANES_V1)
ENCODERS = ("v1",)


class _ScoreScales(Mapping[str, float]):
    """Each registered family's ``score_scale``, read from its record."""

    def __getitem__(self, variant: str) -> float:
        if variant not in VARIANT_NAMES:
            raise KeyError(variant)
        return find_variant(variant).score_scale

    def __iter__(self) -> Iterator[str]:
        return iter(VARIANT_NAMES)

    def __len__(self) -> int:
        return len(VARIANT_NAMES)


SCORE_SCALES: Mapping[str, float] = _ScoreScales()
"""The score that maps to 1.0 in the score planes (-scale to 0.0), by family."""

_DORA_OF = np.array([dora_after(k) for k in range(34)], dtype=np.int64)
_PHASES = {"turn": 51, "claim": 52, "rob": 53, "exchange": 54, "declare": 55}
_SEAT_BASE = 6
_TABLE_BASE = _SEAT_BASE + 8 * 4
_RED = {tile: tile // 4 for tile in RED_FIVE_IDS}


_SIZE = NUM_PLANES_V1 * 34
_DORA_LIST = _DORA_OF.tolist()


def encode_v1(
    observation: Observation, rob_tile: int | None, score_scale: float, red_fives: bool = True
) -> npt.NDArray[np.float32]:
    """The ``v1`` planes of one observation (see :data:`PLANES_V1`).

    Tile planes are gathered as (flat cell, weight) pairs and summed by one ``bincount``; the
    whole-row planes are filled after: a handful of NumPy calls per observation, whatever the
    number of tiles on the table.
    """
    cells: list[int] = []
    weights: list[float] = []
    me = observation.seat
    players = len(observation.seats)
    own = observation.own
    hand = observation.hand
    counts = [0] * 35
    for tile in hand:
        counts[tile >> 2 if tile < NUM_PHYSICAL else 34] += 1
    for kind in range(34):
        for n in range(min(counts[kind], 4)):
            cells.append(n * 34 + kind)
            weights.append(1.0)
    drawn = own.drawn
    if drawn is not None and drawn < NUM_PHYSICAL:
        cells.append(4 * 34 + (drawn >> 2))
        weights.append(1.0)
    if red_fives:
        for tile in hand:
            if tile in _RED:
                cells.append(5 * 34 + _RED[tile])
                weights.append(1.0)
    seen = counts[:34]
    rows: list[tuple[int, float]] = []
    for offset in range(players):
        index = (me + offset) % players
        seat = observation.seats[index]
        base = (_SEAT_BASE + 8 * offset) * 34
        for tile in seat.discards:
            if tile < NUM_PHYSICAL:
                kind = tile >> 2
                cells.append(base + kind)
                weights.append(0.25)
                seen[kind] += 1
        for meld in seat.melds:
            for tile in meld.tiles:
                if tile < NUM_PHYSICAL:
                    kind = tile >> 2
                    cells.append(base + 34 + kind)
                    weights.append(0.25)
                    seen[kind] += 1
        row = _SEAT_BASE + 8 * offset
        if seat.riichi:
            rows.append((row + 2, 1.0))
        if seat.won:
            rows.append((row + 3, 1.0))
        if index == observation.dealer:
            rows.append((row + 4, 1.0))
        if seat.missing_suit is not None:
            for kind in range(seat.missing_suit * 9, seat.missing_suit * 9 + 9):
                cells.append(base + 5 * 34 + kind)
                weights.append(1.0)
        if seat.flowers:
            rows.append((row + 6, min(len(seat.flowers), 8) / 8))
        rows.append((row + 7, min(seat.hand_size, 14) / 14))
    t = _TABLE_BASE
    for tile in observation.dora_indicators:
        kind = tile >> 2
        cells.append(t * 34 + kind)
        cells.append((t + 1) * 34 + _DORA_LIST[kind])
        weights.extend((0.25, 0.25))
        seen[kind] += 1
    # A claimed discard is both in its pond and in a meld: the cap keeps the count a count.
    for kind in range(34):
        if seen[kind] < 4:
            cells.append((t + 2) * 34 + kind)
            weights.append((4 - seen[kind]) * 0.25)
    claim = rob_tile if observation.phase == "rob" else observation.last_discard
    if observation.phase in ("claim", "rob") and claim is not None and claim < NUM_PHYSICAL:
        cells.append((t + 3) * 34 + (claim >> 2))
        weights.append(1.0)
    cells.append((t + 4) * 34 + 27 + observation.round_wind % 4)
    cells.append((t + 5) * 34 + 27 + (me - observation.dealer) % players)
    weights.extend((1.0, 1.0))
    rows.append((t + 6, min(observation.wall_remaining, 136) / 136))
    rows.append((t + 7, min(observation.honba, 10) / 10))
    rows.append((t + 8, min(observation.deposits, 10) / 10))
    for offset in range(players):
        score = observation.scores[(me + offset) % players]
        rows.append((t + 9 + offset, min(max(0.5 + score / (2 * score_scale), 0.0), 1.0)))
    phase = _PHASES.get(observation.phase)
    if phase is not None:
        rows.append((phase, 1.0))
    out = np.bincount(cells, weights, _SIZE).astype(np.float32).reshape(NUM_PLANES_V1, 34)
    for row, value in rows:
        out[row] = value
    return out


_UNSEEN = (_TABLE_BASE + 2) * 34
_PLANE = 34


def _move_cell(flat: npt.NDArray[np.float32], old: int, new: int) -> int:
    """Move a one-cell mark from ``old`` to ``new`` (-1: nowhere); return ``new``."""
    if old >= 0:
        flat[old] = 0.0
    if new >= 0:
        flat[new] = 1.0
    return new


class SeatPlanesV1:
    """The ``v1`` planes of one seat, kept up to date from the table instead of rebuilt.

    Each call reads what the seat may see now straight from the engine's table (its own hand,
    everyone's ponds, melds, flags and scores, the indicators shown, the wall's length: never
    another hand or the wall's tiles, with the phase and missing suits shown as
    :func:`~mahjongkit.game.observation.shown_phase` and ``shown_missing_suit`` show them),
    compares it with what it read at its last call, and rewrites only the cells that changed:
    no :class:`Observation` is built and a typical step touches a handful of cells. A new round
    or a new game starts the planes afresh. The result is exactly :func:`encode_v1` of the
    seat's observation.

    >>> from mahjongkit.game.engine import Game
    >>> game = Game("riichi", seed=3)
    >>> _ = game.start()
    >>> planes = SeatPlanesV1(0, 100_000.0).planes(game, bool(game.legal_actions(0)))
    >>> bool((planes == encode_v1(game.observation(0, with_events=False), None, 1e5)).all())
    True
    """

    def __init__(self, seat: int, score_scale: float, red_fives: bool = True) -> None:
        self.seat = seat
        self._scale = score_scale
        self._red = red_fives
        self._flat = np.zeros(_SIZE, dtype=np.float32)
        self._round: object | None = None
        self._restart(None, 0)

    def _restart(self, rnd: object | None, players: int) -> None:
        """Forget everything: the planes of a table where nothing is seen yet."""
        self._flat[:] = 0.0
        self._flat[_UNSEEN : _UNSEEN + 34] = 1.0
        self._round = rnd
        self._players = players
        self._hand = [0] * 34
        self._held: set[int] = set()
        self._drawn = -1
        self._discarded = [0] * players
        self._ponds = [[0] * 34 for _ in range(players)]
        self._meld_sizes = [0] * players
        self._melded = [[0] * 34 for _ in range(players)]
        # Per seat: riichi, won, bonus tiles, concealed tiles, missing suit shown.
        self._flags: list[list[bool | int | None]] = [[None] * 5 for _ in range(players)]
        self._seen = [0] * 34
        self._indicators: list[int] = []
        self._shown = [0] * 34
        self._dora = [0] * 34
        self._claim = -1
        self._winds: tuple[int, int] = (-1, -1)
        self._counters: list[float | None] = [None, None, None]
        self._scores: tuple[int, ...] = ()
        self._phase = -1

    def planes(self, view: TableView, has_legal: bool) -> npt.NDArray[np.float32]:
        """The seat's ``(56, 34)`` planes now (a fresh array); ``has_legal``: whether it has a
        legal action (else a claim window it has no part in is shown as ``waiting``)."""
        rnd = view.round
        seats = rnd.seats
        players = len(seats)
        if not players:
            raise MahjongError("no round has been dealt yet: there is nothing to see")
        if not 0 <= self.seat < players:
            raise MahjongError(f"seat {self.seat} does not exist at a {players}-player table")
        if rnd is not self._round or players != self._players:
            self._restart(rnd, players)
        me = self.seat
        flat = self._flat
        seen = self._seen
        dirty: set[int] = set()
        own = seats[me]
        red = self._red

        hand = own.hand
        held = set(hand)
        if len(held) != len(hand):  # physical ids are unique: this is no hand of the engine's
            raise MahjongError(f"seat {me} holds a tile twice: {sorted(hand)}")
        before = self._held
        if held != before:
            counts = self._hand
            for tile in before - held:
                if tile < NUM_PHYSICAL:
                    kind = tile >> 2
                    count = counts[kind] = counts[kind] - 1
                    if count < 4:
                        flat[count * _PLANE + kind] = 0.0
                    seen[kind] -= 1
                    dirty.add(kind)
                    if red and tile in _RED:
                        flat[5 * _PLANE + kind] = 0.0
            for tile in held - before:
                if tile < NUM_PHYSICAL:
                    kind = tile >> 2
                    count = counts[kind]
                    if count < 4:
                        flat[count * _PLANE + kind] = 1.0
                    counts[kind] = count + 1
                    seen[kind] += 1
                    dirty.add(kind)
                    if red and tile in _RED:
                        flat[5 * _PLANE + kind] = 1.0
            self._held = held
        drawn = own.drawn
        cell = 4 * _PLANE + (drawn >> 2) if drawn is not None and drawn < NUM_PHYSICAL else -1
        if cell != self._drawn:
            self._drawn = _move_cell(flat, self._drawn, cell)

        discarded, ponds, meld_sizes = self._discarded, self._ponds, self._meld_sizes
        for index in range(players):
            seat = seats[index]
            base = (_SEAT_BASE + 8 * ((index - me) % players)) * _PLANE
            discards = seat.discards
            done = discarded[index]
            if len(discards) != done:
                if len(discards) < done:  # not this round's pond after all: start again
                    self._round = None
                    return self.planes(view, has_legal)
                pond = ponds[index]
                for tile in discards[done:]:
                    if tile < NUM_PHYSICAL:
                        kind = tile >> 2
                        pond[kind] += 1
                        flat[base + kind] = pond[kind] * 0.25
                        seen[kind] += 1
                        dirty.add(kind)
                discarded[index] = len(discards)
            melds = seat.melds
            if melds or meld_sizes[index]:
                # Melds only grow (a call, an added kong) or shrink (a kong robbed): their
                # number and their tiles' number tell when to count them again.
                size = len(melds) << 8
                for meld in melds:
                    size += len(meld.tiles)
                if size != meld_sizes[index]:
                    now = [0] * 34
                    for meld in melds:
                        for tile in meld.tiles:
                            if tile < NUM_PHYSICAL:
                                now[tile >> 2] += 1
                    old_counts = self._melded[index]
                    for kind in range(34):
                        if now[kind] != old_counts[kind]:
                            flat[base + _PLANE + kind] = now[kind] * 0.25
                            seen[kind] += now[kind] - old_counts[kind]
                            dirty.add(kind)
                    self._melded[index] = now
                    meld_sizes[index] = size
            flags = self._flags[index]
            if seat.riichi is not flags[0]:
                value = 1.0 if seat.riichi else 0.0
                flat[base + 2 * _PLANE : base + 3 * _PLANE] = value
                flags[0] = seat.riichi
            if seat.won is not flags[1]:
                value = 1.0 if seat.won else 0.0
                flat[base + 3 * _PLANE : base + 4 * _PLANE] = value
                flags[1] = seat.won
            if len(seat.flowers) != flags[2]:
                flags[2] = len(seat.flowers)
                flat[base + 6 * _PLANE : base + 7 * _PLANE] = min(len(seat.flowers), 8) / 8
            if len(seat.hand) != flags[3]:
                flags[3] = len(seat.hand)
                flat[base + 7 * _PLANE : base + 8 * _PLANE] = min(len(seat.hand), 14) / 14
            if seat.missing_suit is not None or flags[4] is not None:
                missing = shown_missing_suit(rnd, index, me)
                if missing != flags[4]:
                    suits = base + 5 * _PLANE
                    if flags[4] is not None:
                        start = suits + int(flags[4]) * 9
                        flat[start : start + 9] = 0.0
                    if missing is not None:
                        flat[suits + missing * 9 : suits + missing * 9 + 9] = 1.0
                    flags[4] = missing

        t = _TABLE_BASE
        winds = (rnd.dealer, rnd.round_wind)
        if winds != self._winds:
            flat[_SEAT_BASE * _PLANE : t * _PLANE].reshape(4, 8, 34)[:, 4] = 0.0
            dealer_row = _SEAT_BASE + 8 * ((rnd.dealer - me) % players) + 4
            flat[dealer_row * _PLANE : (dealer_row + 1) * _PLANE] = 1.0
            flat[(t + 4) * _PLANE : (t + 6) * _PLANE] = 0.0
            flat[(t + 4) * _PLANE + 27 + rnd.round_wind % 4] = 1.0
            flat[(t + 5) * _PLANE + 27 + (me - rnd.dealer) % players] = 1.0
            self._winds = winds

        shown = view.indicator_tiles()
        known = self._indicators
        if len(shown) != len(known):
            if shown[: len(known)] != known:  # indicators taken back: start again
                self._round = None
                return self.planes(view, has_legal)
            for tile in shown[len(known) :]:
                kind = tile >> 2
                self._shown[kind] += 1
                flat[t * _PLANE + kind] = self._shown[kind] * 0.25
                dora = _DORA_LIST[kind]
                self._dora[dora] += 1
                flat[(t + 1) * _PLANE + dora] = self._dora[dora] * 0.25
                seen[kind] += 1
                dirty.add(kind)
            self._indicators = list(shown)
        for kind in dirty:
            count = seen[kind]
            flat[_UNSEEN + kind] = (4 - count) * 0.25 if count < 4 else 0.0

        phase = shown_phase(rnd, has_legal)
        cell = -1
        if phase == "claim" or phase == "rob":
            claim = rnd.rob_tile if phase == "rob" else rnd.last_discard
            if claim is not None and claim < NUM_PHYSICAL:
                cell = (t + 3) * _PLANE + (claim >> 2)
        if cell != self._claim:
            self._claim = _move_cell(flat, self._claim, cell)
        counters = self._counters
        for slot, value in enumerate(
            (
                min(view.live_remaining(), 136) / 136,
                min(rnd.honba, 10) / 10,
                min(rnd.deposits, 10) / 10,
            )
        ):
            if counters[slot] != value:
                row = t + 6 + slot
                flat[row * _PLANE : (row + 1) * _PLANE] = value
                counters[slot] = value
        scores = tuple(view.scores)
        if scores != self._scores:
            scale = 2 * self._scale
            for offset in range(players):
                score = scores[(me + offset) % players]
                row = t + 9 + offset
                flat[row * _PLANE : (row + 1) * _PLANE] = min(max(0.5 + score / scale, 0.0), 1.0)
            self._scores = scores
        row = _PHASES.get(phase, -1)
        if row != self._phase:
            if self._phase >= 0:
                flat[self._phase * _PLANE : (self._phase + 1) * _PLANE] = 0.0
            if row >= 0:
                flat[row * _PLANE : (row + 1) * _PLANE] = 1.0
            self._phase = row
        return flat.reshape(NUM_PLANES_V1, 34).copy()
