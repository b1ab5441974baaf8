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

import numpy as np
import numpy.typing as npt

from mahjongkit.game.observation import Observation
from mahjongkit.tiles import NUM_PHYSICAL, RED_FIVE_IDS, dora_after

__all__ = ["ENCODERS", "NUM_PLANES_V1", "PLANES_V1", "SCORE_SCALES", "encode_v1"]

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

SCORE_SCALES = {"riichi": 100_000.0, "hongkong": 500.0, "sichuan": 500.0}
"""The score that maps to 1.0 in the score planes (-scale to 0.0)."""

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
