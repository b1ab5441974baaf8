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

_KIND_OF = np.concatenate([np.arange(NUM_PHYSICAL) // 4, np.full(8, 34)]).astype(np.int64)
"""Kind of each physical id; bonus tiles go to a 35th bin that is dropped."""
_THERMO = np.array([[c >= n for n in range(1, 5)] for c in range(5)], dtype=np.float32)
_DORA_OF = np.array([dora_after(k) for k in range(34)], dtype=np.int64)
_PHASES = {"turn": 51, "claim": 52, "rob": 53, "exchange": 54, "declare": 55}
_SEAT_BASE = 6
_TABLE_BASE = _SEAT_BASE + 8 * 4
_RED = {tile: tile // 4 for tile in RED_FIVE_IDS}


def _counts(tiles: tuple[int, ...] | list[int]) -> npt.NDArray[np.int64]:
    if not tiles:
        return np.zeros(34, dtype=np.int64)
    return np.bincount(_KIND_OF[list(tiles)], minlength=35)[:34]


def encode_v1(
    observation: Observation, rob_tile: int | None, score_scale: float, red_fives: bool = True
) -> npt.NDArray[np.float32]:
    """The ``v1`` planes of one observation (see :data:`PLANES_V1`)."""
    out = np.zeros((NUM_PLANES_V1, 34), dtype=np.float32)
    me = observation.seat
    players = len(observation.seats)
    own = observation.own
    hand = observation.hand
    counts = _counts(hand)
    out[0:4] = _THERMO[np.minimum(counts, 4)].T
    if own.drawn is not None and own.drawn < NUM_PHYSICAL:
        out[4, own.drawn >> 2] = 1.0
    if red_fives:
        for tile in hand:
            if tile in _RED:
                out[5, _RED[tile]] = 1.0
    seen = np.zeros(34, dtype=np.int64)
    for offset in range(players):
        index = (me + offset) % players
        seat = observation.seats[index]
        base = _SEAT_BASE + 8 * offset
        if seat.discards:
            pond = _counts(seat.discards)
            out[base] = pond * 0.25
            seen += pond
        if seat.melds:
            melded = _counts([t for meld in seat.melds for t in meld.tiles])
            out[base + 1] = melded * 0.25
            seen += melded
        if seat.riichi:
            out[base + 2] = 1.0
        if seat.won:
            out[base + 3] = 1.0
        if index == observation.dealer:
            out[base + 4] = 1.0
        if seat.missing_suit is not None:
            out[base + 5, seat.missing_suit * 9 : seat.missing_suit * 9 + 9] = 1.0
        if seat.flowers:
            out[base + 6] = min(len(seat.flowers), 8) / 8
        out[base + 7] = min(seat.hand_size, 14) / 14
    t = _TABLE_BASE
    if observation.dora_indicators:
        indicators = _counts(observation.dora_indicators)
        out[t] = indicators * 0.25
        out[t + 1] = np.bincount(_DORA_OF, weights=indicators, minlength=34) * 0.25
        seen += indicators
    # A claimed discard is both in its pond and in a meld: the cap keeps the count a count.
    out[t + 2] = np.maximum(4 - np.minimum(seen + counts, 4), 0) * 0.25
    claim = rob_tile if observation.phase == "rob" else observation.last_discard
    if observation.phase in ("claim", "rob") and claim is not None and claim < NUM_PHYSICAL:
        out[t + 3, claim >> 2] = 1.0
    out[t + 4, 27 + observation.round_wind % 4] = 1.0
    out[t + 5, 27 + (me - observation.dealer) % players] = 1.0
    out[t + 6] = min(observation.wall_remaining, 136) / 136
    out[t + 7] = min(observation.honba, 10) / 10
    out[t + 8] = min(observation.deposits, 10) / 10
    for offset in range(players):
        score = observation.scores[(me + offset) % players]
        out[t + 9 + offset] = min(max(0.5 + score / (2 * score_scale), 0.0), 1.0)
    phase = _PHASES.get(observation.phase)
    if phase is not None:
        out[phase] = 1.0
    return out
