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

import numpy as np
import numpy.typing as npt

from mahjongkit.game.hands import ready_of_counts
from mahjongkit.game.observation import Observation, SeatInfo
from mahjongkit.game.ranking import placements
from mahjongkit.melds import MeldKind
from mahjongkit.rl.encoder import observation_of
from mahjongkit.shapes import shanten
from mahjongkit.tiles import NUM_BONUS, NUM_PHYSICAL, RED_FIVE_IDS, dora_after

TYPE_CHECKING = False
if TYPE_CHECKING:
    from mahjongkit.game.engine import Game

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
    "bonus tiles set aside (column i: bonus tile i, flowers 1-4 then seasons 1-4)",
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
_RED = {tile: tile // 4 for tile in RED_FIVE_IDS}


def encode_v2(
    observation: Observation, score_scale: float, red_fives: bool = True
) -> npt.NDArray[np.float32]:
    """The ``v2`` planes of one observation (see :data:`PLANES_V2`), made from nothing."""
    return SeatPlanesV2(observation.seat, score_scale, red_fives).planes(observation)


class SeatPlanesV2:
    """The ``v2`` planes of one seat, kept from one look to the next.

    Each part is made again only when what it shows changed: the own hand's rows when the
    hand, the drawn tile, the melds or furiten did; a seat's block when its
    :class:`~mahjongkit.game.observation.SeatInfo` is another object (the table keeps a seat
    nothing happened to as the same object); the rows that read every seat (claimed
    discards, tiles let go since a riichi) when a meld or the discard order changed; scores,
    placement and dealer when they changed. The result equals :func:`encode_v2`, the planes
    made from nothing.
    """

    def __init__(self, seat: int, score_scale: float, red_fives: bool = True) -> None:
        self.seat = seat
        self._scale = score_scale
        self._red = red_fives
        self._out = np.zeros((NUM_PLANES_V2, 34), dtype=np.float32)
        self._restart(0)

    def _restart(self, players: int) -> None:
        self._out[:] = 0.0
        self._players = players
        self._own_key: tuple[object, ...] | None = None
        self._hand_counts = np.zeros(34, dtype=np.int64)
        self._infos: list[SeatInfo | None] = [None] * players
        self._riichi_at: list[int | None] = [None] * players
        self._pond_counts = np.zeros((4, 34), dtype=np.int64)
        self._meld_counts = np.zeros((4, 34), dtype=np.int64)
        self._order: tuple[tuple[int, int], ...] = ()
        self._places: list[list[int]] = [[] for _ in range(players)]
        """Per seat: the places in the discard order of its discards."""
        self._reds: list[list[int]] = [[] for _ in range(players)]
        """Per seat: the kinds of the red fives in its pond and melds."""
        self._standing: tuple[object, ...] = ()

    def planes(
        self, source: Observation | Game, has_legal: bool | None = None
    ) -> npt.NDArray[np.float32]:
        """The seat's ``(136, 34)`` planes now (a fresh array), from its observation (or the
        game's observation of the seat; ``has_legal`` as for
        :func:`~mahjongkit.rl.encoder.observation_of`)."""
        seen = observation_of(source, self.seat, has_legal)
        players = len(seen.seats)
        if players != self._players:
            self._restart(players)
        order = seen.discard_order
        if order is not self._order:
            if order[: len(self._order)] != self._order:
                self._restart(players)  # another round: its discards start again
            for place in range(len(self._order), len(order)):
                self._places[order[place][0]].append(place)
        self._own(seen)
        changed_melds = False
        for index, info in enumerate(seen.seats):
            riichi_at = seen.riichi_at[index] if index < len(seen.riichi_at) else None
            before = self._infos[index]
            if info is not before or riichi_at != self._riichi_at[index]:
                changed_melds = changed_melds or before is None or info.melds is not before.melds
                self._seat(seen, index, info, riichi_at)
                self._infos[index] = info
                self._riichi_at[index] = riichi_at
        if changed_melds or order is not self._order:
            self._across(seen)
        self._order = order
        standing = (seen.scores, seen.dealer)
        if standing != self._standing:
            self._standings(seen)
            self._standing = standing
        self._table(seen)
        return self._out.copy()

    def _block(self, index: int) -> npt.NDArray[np.float32]:
        """The rows of seat ``index``'s block (as the observer sees it: +0 itself)."""
        start = _SEAT_BASE + _BLOCK * ((index - self.seat) % self._players)
        return self._out[start : start + _BLOCK]

    def _own(self, seen: Observation) -> None:
        own = seen.own
        key = (seen.hand, own.drawn, len(own.melds), seen.furiten, seen.hand_shape)
        if key == self._own_key:
            return
        self._own_key = key
        out = self._out
        out[:_SEAT_BASE] = 0.0
        counts = [0] * 34
        for tile in seen.hand:
            if tile < NUM_PHYSICAL:
                counts[tile >> 2] += 1
        for kind, count in enumerate(counts):
            if count:
                out[: min(count, 4), kind] = 1.0
        self._hand_counts[:] = counts
        if own.drawn is not None and own.drawn < NUM_PHYSICAL:
            out[4, own.drawn >> 2] = 1.0
        if self._red:
            for tile in seen.hand:
                if tile in _RED:
                    out[5, _RED[tile]] = 1.0
        size = sum(counts)
        melds = len(own.melds)
        if size % 3 == 1:
            value, waits = ready_of_counts(counts, melds, seen.hand_shape)
            for kind in waits:
                out[7, kind] = 1.0
        elif size % 3 == 2:
            value = shanten(counts, melds, seen.hand_shape)
        else:  # a hand between two moves of a setup phase has no shanten of its own
            value = 7
        out[6] = min(value + 1, 8) / 8
        out[8] = 1.0 if seen.furiten else 0.0

    def _seat(self, seen: Observation, index: int, info: SeatInfo, riichi_at: int | None) -> None:
        block = self._block(index)
        block[_POND:_CLAIMED] = 0.0
        block[_RIICHI:_PASSED] = 0.0
        block[_PASSED + 1 : _DEALER] = 0.0
        block[_MISSING:_SCORE] = 0.0
        pond = self._pond_counts[index]
        pond[:] = 0
        flags = seen.tsumogiri
        for place in self._places[index]:
            tile = seen.discard_order[place][1]
            if tile >= NUM_PHYSICAL:
                continue
            kind = tile >> 2
            copy = min(int(pond[kind]), 3)
            pond[kind] += 1
            block[_ORDER + copy, kind] = (place + 1) / ORDER_SCALE
            if place < len(flags) and flags[place]:
                block[_TSUMOGIRI + copy, kind] = 1.0
        block[_POND] = np.minimum(pond, 4) * 0.25
        reds = self._reds[index] = []
        if self._red:
            reds.extend(_RED[tile] for tile in info.discards if tile in _RED)
            reds.extend(_RED[t] for meld in info.melds for t in meld.tiles if t in _RED)
        if info.riichi:
            block[_RIICHI] = 1.0
        if riichi_at is not None and riichi_at < len(seen.discard_order):
            tile = seen.discard_order[riichi_at][1]
            if tile < NUM_PHYSICAL:
                block[_RIICHI_TILE, tile >> 2] = (riichi_at + 1) / ORDER_SCALE
        melded = self._meld_counts[index]
        melded[:] = 0
        players = self._players
        for meld in info.melds:
            row = _MELD_ROWS[meld.kind]
            for tile in meld.tiles:
                if tile < NUM_PHYSICAL:
                    block[row, tile >> 2] += 0.25
                    melded[tile >> 2] += 1
            if meld.called is not None and meld.from_seat is not None:
                source = (meld.from_seat - index) % players
                if 1 <= source <= 3 and meld.called < NUM_PHYSICAL:
                    block[_CALLED_FROM + source - 1, meld.called >> 2] += 0.25
        if info.won:
            block[_WON] = 1.0
        if info.missing_suit is not None:
            block[_MISSING, info.missing_suit * 9 : info.missing_suit * 9 + 9] = 1.0
        for tile in info.flowers:
            if NUM_PHYSICAL <= tile < NUM_PHYSICAL + NUM_BONUS:
                block[_BONUS, tile - NUM_PHYSICAL] = 1.0
        block[_CONCEALED] = min(info.hand_size, 14) / 14

    def _across(self, seen: Observation) -> None:
        """The rows that read every seat: discards claimed, tiles let go since a riichi."""
        players = self._players
        claimed = np.zeros((players, 34), dtype=np.float32)
        for info in seen.seats:
            for meld in info.melds:
                called, source = meld.called, meld.from_seat
                if called is not None and source is not None and called < NUM_PHYSICAL:
                    claimed[source % players, called >> 2] += 0.25
        order = seen.discard_order
        for index in range(players):
            block = self._block(index)
            block[_CLAIMED] = claimed[index]
            block[_PASSED] = 0.0
            start = seen.riichi_at[index] if index < len(seen.riichi_at) else None
            if start is not None:
                for _, tile in order[start:]:
                    if tile < NUM_PHYSICAL:
                        block[_PASSED, tile >> 2] = 1.0

    def _standings(self, seen: Observation) -> None:
        players = self._players
        places = placements(seen.scores)
        scale = 2 * self._scale
        for index in range(players):
            block = self._block(index)
            block[_DEALER] = 1.0 if index == seen.dealer else 0.0
            block[_SCORE] = min(max(0.5 + seen.scores[index] / scale, 0.0), 1.0)
            block[_PLACE] = (places[index] - 1) / max(players - 1, 1)

    def _table(self, seen: Observation) -> None:
        out = self._out
        t = _TABLE
        out[t:] = 0.0
        indicators = np.zeros(34, dtype=np.int64)
        for tile in seen.dora_indicators:
            if tile < NUM_PHYSICAL:
                indicators[tile >> 2] += 1
                out[t + 1, _DORA[tile >> 2]] += 0.25
        out[t] = indicators * 0.25
        players = self._players
        sight = (
            self._hand_counts
            + self._pond_counts[:players].sum(axis=0)
            + self._meld_counts[:players].sum(axis=0)
            + indicators
        )
        # A claimed discard is in its pond and in its meld: the floor keeps the count a count.
        out[t + 2] = np.maximum(4 - sight, 0) * 0.25
        phase = seen.phase
        claim = seen.rob_tile if phase == "rob" else seen.last_discard
        if phase in ("claim", "rob") and claim is not None and claim < NUM_PHYSICAL:
            out[t + 3, claim >> 2] = 1.0
        out[t + 4, 27 + seen.round_wind % 4] = 1.0
        out[t + 5, 27 + (self.seat - seen.dealer) % players] = 1.0
        out[t + 6] = min(seen.wall_remaining, 136) / 136
        out[t + 7] = min(seen.honba, 10) / 10
        out[t + 8] = min(seen.deposits, 10) / 10
        for reds in self._reds:
            for kind in reds:
                out[t + 9, kind] = 1.0
        for tile in seen.dora_indicators:
            if tile in _RED and self._red:
                out[t + 9, _RED[tile]] = 1.0
        row = _PHASES.get(phase)
        if row is not None:
            out[row] = 1.0
