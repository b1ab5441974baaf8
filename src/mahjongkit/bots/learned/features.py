"""What the learned policy reads of an observation, and the vocabulary its answers are made of.

:func:`encode` turns one seat's :class:`~mahjongkit.game.observation.Observation` into a flat
``float32`` vector of :data:`FEATURE_SIZE` numbers (the version :data:`FEATURES`; a model file
names the version it was trained on and is refused by any other). Only what the seat may see
goes in: its hand, every pond and meld, riichi, scores, the dora, and the legal actions; beside
them, for each discard the hand could make, the shanten it leaves and how many unseen tiles
would then improve it (the library's own hand analysis), so that a small network need not learn
to count shapes.

:func:`action_slots` gives each legal action its slots in the :data:`VOCABULARY`: a policy
scores every slot and an action's score is the sum of its slots' (one slot for every action but
the three tiles of an exchange, which take one slot each).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mahjongkit.shapes import discard_ukeire, shanten
from mahjongkit.table import actions as A
from mahjongkit.tiles import NUM_KINDS, NUM_PHYSICAL, RED_FIVE_IDS, counts_of_ids, dora_after

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from mahjongkit.game.observation import Observation
    from mahjongkit.table.actions import Action

__all__ = [
    "FEATURES",
    "FEATURE_SIZE",
    "KIND_BLOCKS",
    "KIND_OF_SLOT",
    "KIND_SLOTS",
    "VOCABULARY",
    "action_slots",
    "encode",
    "slots_of",
    "vocabulary_name",
]

FEATURES = "f1"
"""The version of :func:`encode` and :data:`VOCABULARY`; a change of either is a new name."""

_GROUPS: tuple[tuple[str, int], ...] = (
    ("discard", NUM_KINDS + 3),  # the 34 kinds, then the red 5m, 5p, 5s
    (A.RIICHI, NUM_KINDS + 3),
    ("chi", 3),  # the called tile lowest, middle, highest of the run
    (A.PON, 1),
    (A.KAN, 1),
    (A.ANKAN, NUM_KINDS),
    (A.KAKAN, NUM_KINDS),
    ("win", 1),
    (A.PASS, 1),
    (A.ABORT, 1),
    (A.KITA, 1),
    (A.FLOWER, 1),
    ("declare", 3),
    (A.EXCHANGE, 27),  # each tile given, by kind (suited kinds only)
)
_START: dict[str, int] = {}
_offset = 0
for _name, _size in _GROUPS:
    _START[_name] = _offset
    _offset += _size
VOCABULARY = _offset
"""How many slots a policy scores (182)."""

_PHASES = ("turn", "claim", "rob", "exchange", "declare")
_SEAT_SCALARS = 10
_STATE_SIZE = (
    4 * NUM_KINDS  # own hand, at least 1..4 copies
    + NUM_KINDS  # own drawn tile
    + NUM_KINDS  # own red fives
    + 4 * 2 * NUM_KINDS  # each seat's discards and melded tiles
    + 3 * NUM_KINDS  # the kinds safe against each other seat
    + 4 * _SEAT_SCALARS
    + NUM_KINDS  # dora
    + NUM_KINDS  # unseen copies
    + NUM_KINDS  # the tile to claim
    + 3 * NUM_KINDS  # each discard's shanten, improving tiles, and whether it keeps the best
    + len(_PHASES)
    + 4  # round wind
    + 4  # own seat wind
    + 7  # wall, counters, deposits, furiten, shanten now, three seats, turn
)
FEATURE_SIZE = _STATE_SIZE + VOCABULARY
"""The length of :func:`encode`'s vector: the state, then the legal slots (1 where offered)."""

_SEAT_SCALARS_AT = (4 + 1 + 1 + 8 + 3) * NUM_KINDS
KIND_BLOCKS: tuple[int, ...] = (
    *range(0, _SEAT_SCALARS_AT, NUM_KINDS),
    *range(
        _SEAT_SCALARS_AT + 4 * _SEAT_SCALARS,
        _SEAT_SCALARS_AT + 4 * _SEAT_SCALARS + 6 * NUM_KINDS,
        NUM_KINDS,
    ),
)
"""Where each block of 34 numbers (one a kind) starts in :func:`encode`'s vector: the hand's
counts, the drawn tile, the red fives, each seat's discards and melds, the kinds safe against
each other seat, the dora, the unseen copies, the tile to claim, and each discard's shanten,
improving tiles and whether it keeps the best shanten. A policy may read them kind by kind
(one small network shared by the 34 kinds scores each discard)."""
KIND_SLOTS: tuple[tuple[int, int], ...] = tuple(
    (_START["discard"] + k, _START[A.RIICHI] + k) for k in range(NUM_KINDS)
) + tuple((_START["discard"] + NUM_KINDS + i, _START[A.RIICHI] + NUM_KINDS + i) for i in range(3))
"""For each discard slot (34 kinds, then the 3 red fives): its discard and riichi slots."""
KIND_OF_SLOT: tuple[int, ...] = (*range(NUM_KINDS), *(t >> 2 for t in RED_FIVE_IDS))
"""The kind each of :data:`KIND_SLOTS` reads its block numbers at."""


def vocabulary_name(index: int) -> str:
    """The name of a slot, e.g. ``discard 3`` (the group and the index within it)."""
    for name, size in _GROUPS:
        start = _START[name]
        if start <= index < start + size:
            return name if size == 1 else f"{name} {index - start}"
    raise IndexError(f"slot {index} is outside the vocabulary of {VOCABULARY}")


def _tile_slot(tile: int, red: bool) -> int:
    """A discard's slot: the tile's kind, or 34-36 for a red five under red-five rules."""
    if red and tile in RED_FIVE_IDS:
        return NUM_KINDS + RED_FIVE_IDS.index(tile)
    return tile >> 2


def action_slots(observation: Observation, red: bool) -> list[tuple[tuple[int, ...], Action]]:
    """Each legal action with its slots, in the engine's order; of two actions with the same
    slots (two copies of a kind) only the first is kept, except that a discard of the drawn
    tile is preferred (the same choice, the hand kept as it was)."""
    drawn = observation.own.drawn
    found: dict[tuple[int, ...], Action] = {}
    for action in observation.legal_actions:
        slots = slots_of(action, red)
        if slots is None:
            continue
        if slots not in found or (action.type in (A.DISCARD, A.RIICHI) and action.tile == drawn):
            found[slots] = action
    return list(found.items())


def slots_of(action: Action, red: bool) -> tuple[int, ...] | None:
    """The slots of one action (None: an action the vocabulary has no slot for)."""
    kind = action.type
    tile = action.tile
    if kind in (A.DISCARD, A.RIICHI) and tile is not None:
        return (_START[kind] + _tile_slot(tile, red),)
    if kind == A.CHI and tile is not None:
        below = sum(1 for t in action.consumed if t >> 2 < tile >> 2)
        return (_START["chi"] + below,)
    if kind in (A.PON, A.KAN, A.PASS, A.ABORT, A.KITA, A.FLOWER):
        return (_START[kind],)
    if kind in (A.ANKAN, A.KAKAN):
        held = tile if tile is not None else (action.consumed[0] if action.consumed else None)
        return None if held is None else (_START[kind] + (held >> 2),)
    if kind in (A.TSUMO, A.RON):
        return (_START["win"],)
    if kind == A.DECLARE_MISSING and action.suit is not None:
        return (_START["declare"] + action.suit,)
    if kind == A.EXCHANGE and action.consumed:
        return tuple(sorted(_START[A.EXCHANGE] + min(t >> 2, 26) for t in action.consumed))
    return None


def encode(
    observation: Observation, red: bool, slots: Sequence[tuple[tuple[int, ...], Action]] = ()
) -> npt.NDArray[np.float32]:
    """The feature vector of ``observation`` (:data:`FEATURE_SIZE` numbers, each in [0, 1]);
    ``slots``: its :func:`action_slots` when already made."""
    import numpy as np

    out = np.zeros(FEATURE_SIZE, dtype=np.float32)
    seat = observation.seat
    players = len(observation.seats)
    own = observation.own
    hand = observation.hand
    counts = counts_of_ids(t for t in hand if t < NUM_PHYSICAL)
    at = 0
    for copies in range(4):
        for kind, held in enumerate(counts):
            if held > copies:
                out[at + kind] = 1.0
        at += NUM_KINDS
    if own.drawn is not None and own.drawn < NUM_PHYSICAL:
        out[at + (own.drawn >> 2)] = 1.0
    at += NUM_KINDS
    if red:
        for tile in hand:
            if tile in RED_FIVE_IDS:
                out[at + (tile >> 2)] = 1.0
    at += NUM_KINDS
    scores = observation.scores
    mean = sum(scores) / max(1, len(scores))
    spread = max(1.0, max(abs(s - mean) for s in scores)) if scores else 1.0
    order = sorted(range(players), key=lambda s: (-scores[s], s)) if scores else []
    for r in range(4):
        s = (seat + r) % players
        if r >= players:
            at += 2 * NUM_KINDS
            continue
        info = observation.seats[s]
        for tile in info.discards:
            if tile < NUM_PHYSICAL:
                out[at + (tile >> 2)] += 0.25
        at += NUM_KINDS
        for meld in info.melds:
            for tile in meld.tiles:
                if tile < NUM_PHYSICAL:
                    out[at + (tile >> 2)] += 0.25
        at += NUM_KINDS
    for r in range(1, 4):
        if r < players:
            s = (seat + r) % players
            safe = {t >> 2 for t in observation.seats[s].discards if t < NUM_PHYSICAL}
            safe |= observation.passed_since_riichi(s)
            for kind in safe:
                if kind < NUM_KINDS:
                    out[at + kind] = 1.0
        at += NUM_KINDS
    for r in range(4):
        if r < players:
            s = (seat + r) % players
            info = observation.seats[s]
            row = out[at : at + _SEAT_SCALARS]
            row[0] = info.riichi
            row[1] = info.won
            row[2] = s == observation.dealer
            row[3] = min(1.0, max(0.0, 0.5 + (scores[s] - mean) / (2 * spread))) if scores else 0.5
            row[4] = min(1.0, info.hand_size / 14)
            row[5] = min(1.0, len(info.melds) / 4)
            if info.missing_suit is not None and 0 <= info.missing_suit < 3:
                row[6 + info.missing_suit] = 1.0
            row[9] = order.index(s) / max(1, players - 1) if order else 0.0
        at += _SEAT_SCALARS
    for indicator in observation.dora_indicators:
        if indicator < NUM_PHYSICAL:
            out[at + dora_after(indicator >> 2)] += 0.25
    at += NUM_KINDS
    seen = observation.visible_counts()
    unseen = [max(0, 4 - seen[k] - counts[k]) for k in range(NUM_KINDS)]
    for kind in range(NUM_KINDS):
        out[at + kind] = unseen[kind] / 4
    at += NUM_KINDS
    claimed = observation.rob_tile
    if claimed is None and observation.phase in ("claim", "rob"):
        claimed = observation.last_discard
    if claimed is not None and claimed < NUM_PHYSICAL:
        out[at + (claimed >> 2)] = 1.0
    at += NUM_KINDS
    melds = len(own.melds)
    usable = 14 - 3 * melds
    shape = observation.hand_shape
    now = -1
    if sum(counts) == usable and observation.phase == "turn":
        after = discard_ukeire(counts, melds, shape)
        best = min((sh for sh, _ in after.values()), default=8)
        now = best
        for kind, (sh, improving) in after.items():
            out[at + kind] = min(1.0, (sh + 1) / 8)
            out[at + NUM_KINDS + kind] = min(1.0, sum(unseen[k] for k in improving) / 40)
            out[at + 2 * NUM_KINDS + kind] = sh == best
    elif sum(counts) == usable - 1:
        now = shanten(counts, melds, shape)
    at += 3 * NUM_KINDS
    if observation.phase in _PHASES:
        out[at + _PHASES.index(observation.phase)] = 1.0
    at += len(_PHASES)
    out[at + observation.round_wind % 4] = 1.0
    at += 4
    out[at + (seat - observation.dealer) % players] = 1.0
    at += 4
    out[at] = min(1.0, observation.wall_remaining / 100)
    out[at + 1] = min(1.0, observation.honba / 10)
    out[at + 2] = min(1.0, observation.deposits / 10)
    out[at + 3] = observation.furiten
    out[at + 4] = 1.0 if now < 0 else min(1.0, (now + 1) / 8)
    out[at + 5] = players == 3
    out[at + 6] = min(1.0, len(observation.discard_order) / 100)
    at += 7
    for slot_tuple, _ in slots or action_slots(observation, red):
        for slot in slot_tuple:
            out[at + slot] = 1.0
    return out
