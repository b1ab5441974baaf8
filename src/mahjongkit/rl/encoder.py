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

from collections.abc import Iterator, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from mahjongkit.errors import IllegalActionError, MahjongError
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import MeldInfo, Observation, SeatInfo
from mahjongkit.table.state import Phase
from mahjongkit.tiles import NUM_PHYSICAL, RED_FIVE_IDS, dora_after
from mahjongkit.variants import VARIANT_NAMES, find_variant

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from typing import Final

__all__ = ["NUM_PLANES_V1", "PLANES_V1", "SCORE_SCALES", "SeatPlanesV1", "encode_v1"]

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
NUM_PLANES_V1: Final = len(PLANES_V1)


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
_PHASES: Final = {"turn": 51, "claim": 52, "rob": 53, "exchange": 54, "declare": 55}
_SEAT_BASE: Final = 6
_TABLE_BASE: Final = _SEAT_BASE + 8 * 4
_RED: Final = {tile: tile // 4 for tile in RED_FIVE_IDS}
_RED_BIT: Final = {tile: 1 << number for number, tile in enumerate(RED_FIVE_IDS)}


_SIZE: Final = NUM_PLANES_V1 * 34
_DORA_LIST: Final[list[int]] = _DORA_OF.tolist()
_RED_BITS: Final[list[int]] = [_RED_BIT.get(tile, 0) for tile in range(NUM_PHYSICAL)]
"""The red five bit of each physical tile (0: not a red five), read by index."""


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


_UNSEEN: Final = (_TABLE_BASE + 2) * 34
_PLANE: Final = 34
_PHYSICAL: Final = NUM_PHYSICAL
_TURN: Final = Phase.TURN
_CLAIM: Final = Phase.CLAIM
_ROB: Final = Phase.ROB
_EXCHANGE: Final = Phase.EXCHANGE
_DECLARE: Final = Phase.DECLARE
"""Module constants as ``Final`` names: C statics when compiled, not looked up by name."""


def _move_cell(flat: memoryview[float], old: int, new: int) -> int:
    """Move a one-cell mark from ``old`` to ``new`` (-1: nowhere); return ``new``."""
    if old >= 0:
        flat[old] = 0.0
    if new >= 0:
        flat[new] = 1.0
    return new


def write_counters(
    rows: list[npt.NDArray[np.float32]],
    counters: list[float],
    first: int,
    wall_remaining: int,
    honba: int,
    deposits: int,
) -> None:
    """Fill the rows from ``first`` with the wall left, the honba and the deposits (each scaled
    to 0–1), rewriting a whole row only when its value changed since ``counters`` noted it
    (-1.0: none written yet)."""
    value = min(wall_remaining, 136) / 136
    if counters[0] != value:
        rows[first].fill(value)
        counters[0] = value
    value = min(honba, 10) / 10
    if counters[1] != value:
        rows[first + 1].fill(value)
        counters[1] = value
    value = min(deposits, 10) / 10
    if counters[2] != value:
        rows[first + 2].fill(value)
        counters[2] = value


def observation_of(source: object, seat: int, has_legal: bool | None) -> Observation:
    """The seat's observation: ``source`` itself, or the game's :meth:`Game.observation`.

    ``has_legal`` (whether the seat has a legal action, as a caller reading the table knew
    it) must agree with the observation, whose phase already shows it: a claim window the seat
    has no part in is ``waiting``.
    """
    if isinstance(source, Game):
        seen = source.observation(seat, with_events=False)
    elif isinstance(source, Observation):
        seen = source
    else:
        raise MahjongError(
            f"the planes are made from an Observation or a Game, not {type(source).__name__}"
        )
    if seen.seat != seat:
        raise MahjongError(f"these planes are seat {seat}'s, not seat {seen.seat}'s")
    if not seen.seats:
        raise MahjongError("no round has been dealt yet: there is nothing to see")
    if has_legal is not None and bool(has_legal) != bool(seen.legal_actions):
        raise MahjongError(
            f"seat {seat} has {len(seen.legal_actions)} legal actions, not has_legal={has_legal}"
        )
    hand = seen.hand
    if len(set(hand)) != len(hand):  # physical ids are unique: this is no hand of the engine's
        raise MahjongError(f"seat {seat} holds a tile twice: {sorted(hand)}")
    return seen


class SeatPlanesV1:
    """The ``v1`` planes of one seat, kept up to date from what it sees instead of rebuilt.

    From an :class:`Observation`, each call compares it with the one read last and rewrites
    only the cells that changed: a seat the table keeps unchanged between decisions is the very
    same object (:class:`~mahjongkit.game.observation.SeatInfos`) and costs nothing, a pond
    that grew adds its new tiles. From a :class:`Game`, the planes are read from the table's
    state without making an observation (what an environment does at every decision): only
    what the seat's observation shows is read (its own hand and drawn tile; every seat's pond,
    melds, bonus tiles, flags, hand size and missing suit as shown; the table's indicators,
    counters, scores and phase), and since a round's ponds, melds and indicators only grow,
    their lengths tell what is new. Either way the result is exactly :func:`encode_v1` of the
    seat's observation.

    >>> from mahjongkit.game.engine import Game
    >>> game = Game("riichi", seed=3)
    >>> _ = game.start()
    >>> seen = game.observation(0, with_events=False)
    >>> planes = SeatPlanesV1(0, 100_000.0).planes(seen)
    >>> bool((planes == encode_v1(seen, None, 1e5)).all())
    True
    >>> bool((SeatPlanesV1(0, 100_000.0).planes(game) == planes).all())
    True
    """

    def __init__(self, seat: int, score_scale: float, red_fives: bool = True) -> None:
        self.seat = seat
        self._scale = score_scale
        self._red = red_fives
        self._flat = np.zeros(_SIZE, dtype=np.float32)
        # One cell is written through a memoryview of the planes: a few times cheaper than
        # NumPy's item assignment.
        self._cells = self._flat.data.cast("B").cast("f")
        self._grid = self._flat.reshape(NUM_PLANES_V1, 34)  # a view, copied as the planes
        # A kept view of each row: a whole-row plane is set by one fill, no slice made.
        self._rows = [self._flat[row * _PLANE : (row + 1) * _PLANE] for row in range(NUM_PLANES_V1)]
        self._restart(0, False)

    def _restart(self, players: int, on_table: bool) -> None:
        """Forget everything: the planes of a table where nothing is seen yet, to be followed
        from observations or (``on_table``) from the table itself."""
        self._flat[:] = 0.0
        self._flat[_UNSEEN : _UNSEEN + 34] = 1.0
        self._players = players
        self._on_table = on_table
        self._round: object | None = None
        self._reds = 0
        self._counts = [0] * 34
        self._held: tuple[int, ...] = ()
        self._delta = [0] * 34
        self._hand_version = -1
        """The own seat's ``hand_version`` its hand rows were written at (-1: none)."""
        self._marks = [0] * _PHYSICAL
        self._stamp = 0
        """A tile marked with the stamp of the recount that met it (a tile held twice)."""
        self._drawn = -1
        self._seats: list[SeatInfo | None] = [None] * players
        self._ponds: list[tuple[int, ...]] = [()] * players
        self._pond_sizes = [0] * players
        self._pond_counts = [[0] * 34 for _ in range(players)]
        self._melds: list[tuple[MeldInfo, ...]] = [()] * players
        self._meld_sizes = [0] * players
        self._melded = [[0] * 34 for _ in range(players)]
        # Per seat: riichi, won, bonus tiles, concealed tiles, missing suit shown.
        self._flags: list[list[bool | int | None]] = [[None] * 5 for _ in range(players)]
        self._seen = [0] * 34
        self._indicators: tuple[int, ...] = ()
        self._indicator_count = 0
        self._claim = -1
        self._winds: tuple[int, int] = (-1, -1)
        self._counters = [-1.0, -1.0, -1.0]
        self._scores: tuple[int, ...] = ()
        self._phase = -1

    def planes(
        self, source: object, has_legal: bool | None = None
    ) -> npt.NDArray[np.float32]:
        """The seat's ``(56, 34)`` planes now (a fresh array), from its observation or from the
        game's table (see :func:`observation_of` for ``has_legal``, which must agree with the
        seat's legal actions)."""
        given: object = source  # not narrowed: compiled code would refuse a non-Observation
        if isinstance(given, Game):
            return self._from_table(given, has_legal)
        seen = observation_of(given, self.seat, has_legal)
        players = len(seen.seats)
        if players != self._players or self._on_table:
            self._restart(players, False)
        dirty: set[int] = set()
        self._own(seen.hand, seen.own.drawn, dirty)
        for index in range(players):
            info = seen.seats[index]
            if info is not self._seats[index]:
                if not self._seat(seen, index, info, dirty):
                    self._restart(players, False)  # a pond that did not grow: another round
                    return self.planes(seen)
                self._seats[index] = info
        shown, known = seen.dora_indicators, self._indicators
        if shown != known:
            if shown[: len(known)] != known:
                self._restart(players, False)  # indicators taken back: another round
                return self.planes(seen)
            self._indicated(shown[len(known) :], dirty)
            self._indicators = shown
        phase = seen.phase
        claim = seen.rob_tile if phase == "rob" else seen.last_discard
        if phase != "claim" and phase != "rob":
            claim = None
        self._table(seen.dealer, seen.round_wind, _PHASES.get(phase, -1), claim, seen.scores)
        write_counters(
            self._rows,
            self._counters,
            _TABLE_BASE + 6,
            seen.wall_remaining,
            seen.honba,
            seen.deposits,
        )
        return self._finish(dirty)

    def _from_table(self, game: Game, has_legal: bool | None) -> npt.NDArray[np.float32]:
        """The planes read from the game's state: what :meth:`Game.observation` would show
        the seat, without making the observation."""
        me = self.seat
        legal = bool(game.legal_actions(me))
        if has_legal is not None and bool(has_legal) != legal:
            raise MahjongError(
                f"seat {me} has {len(game.legal_actions(me))} legal actions, "
                f"not has_legal={has_legal}"
            )
        return self.table_planes(game, legal)

    def table_planes(self, game: Game, legal: bool) -> npt.NDArray[np.float32]:
        """The planes read from the game's state, ``legal`` being whether the seat has a
        legal action now (the caller read it from the same game: it is not asked again)."""
        me = self.seat
        players = game.players
        if not 0 <= me < players:
            raise IllegalActionError(f"seat {me} does not exist at a {players}-player table")
        rnd = game.round
        seats = rnd.seats
        if not seats:
            raise MahjongError("no round has been dealt yet: there is nothing to see")
        if rnd is not self._round or not self._on_table or len(seats) != self._players:
            self._restart(len(seats), True)
            self._round = rnd  # within a round, ponds, melds and indicators only grow
        dirty: set[int] = set()
        own = seats[me]
        # The folds move hand_version on at every change of the seat's tiles: an unchanged
        # version is an unchanged hand, not read again.
        version = own.hand_version
        if version != self._hand_version:
            self._hand_version = -1  # until the hand is read whole (a refusal leaves none)
            self._table_hand(own.hand, dirty)
            self._hand_version = version
        drawn = own.drawn
        cell = 4 * _PLANE + (drawn >> 2) if drawn is not None and drawn < _PHYSICAL else -1
        if cell != self._drawn:
            self._drawn = _move_cell(self._cells, self._drawn, cell)
        phase = rnd.phase
        declaring = phase is _DECLARE
        for index in range(players):
            state = seats[index]
            first = _SEAT_BASE + 8 * ((index - me) % players)
            discards = state.discards
            done = self._pond_sizes[index]
            if len(discards) != done:
                if len(discards) < done:  # not this round's pond after all: start again
                    self._round = None
                    return self.table_planes(game, legal)
                self._discarded(index, first * _PLANE, discards[done:], dirty)
                self._pond_sizes[index] = len(discards)
            melds = state.melds
            size = 0
            if melds:
                size = len(melds) << 8
                for meld in melds:
                    size += len(meld.tiles)
            if size != self._meld_sizes[index]:
                self._melded_again(index, first * _PLANE, [meld.tiles for meld in melds], dirty)
                self._meld_sizes[index] = size
            self._flagged(
                index,
                first,
                state.riichi,
                state.won,
                len(state.flowers),
                len(state.hand),
                state.missing_suit if index == me or not declaring else None,
            )
        if rnd.indicators != self._indicator_count:
            shown = game.indicator_tiles()
            self._indicated(shown[len(self._indicators) :], dirty)
            self._indicators = tuple(shown)
            self._indicator_count = rnd.indicators
        # The phase as shown (see shown_phase), told by identity: an enum's value is a
        # Python-level property.
        row = -1
        claim: int | None = None
        if phase is _TURN:
            row = _PHASES["turn"]
        elif phase is _CLAIM:
            if legal:
                row, claim = _PHASES["claim"], rnd.last_discard
        elif phase is _ROB:
            if legal:
                row, claim = _PHASES["rob"], rnd.rob_tile
        elif phase is _EXCHANGE:
            row = _PHASES["exchange"]
        elif phase is _DECLARE:
            row = _PHASES["declare"]
        self._table(rnd.dealer, rnd.round_wind, row, claim, tuple(game.scores))
        write_counters(
            self._rows,
            self._counters,
            _TABLE_BASE + 6,
            game.live_remaining(),
            rnd.honba,
            rnd.deposits,
        )
        return self._finish(dirty)

    def _finish(self, dirty: set[int]) -> npt.NDArray[np.float32]:
        """The unseen counts of the kinds that changed written; a copy of the planes."""
        flat = self._cells
        seen_counts = self._seen
        for kind in dirty:
            count = seen_counts[kind]
            flat[_UNSEEN + kind] = (4 - count) * 0.25 if count < 4 else 0.0
        return self._grid.copy()

    def _own(self, hand: Sequence[int], drawn: int | None, dirty: set[int]) -> None:
        """The seat's own hand (in any order), drawn tile and red fives: a hand unchanged since
        the last look costs one comparison, a changed one writes only the kinds whose count
        changed."""
        held = tuple(hand)
        if held != self._held:
            self._recount(held, dirty)
        cell = 4 * _PLANE + (drawn >> 2) if drawn is not None and drawn < _PHYSICAL else -1
        if cell != self._drawn:
            self._drawn = _move_cell(self._cells, self._drawn, cell)

    def _recount(self, held: tuple[int, ...], dirty: set[int]) -> None:
        """A changed hand: the count of each kind moved by the tiles that left or came."""
        if len(set(held)) != len(held):  # physical ids are unique: no hand of the engine's
            raise MahjongError(f"seat {self.seat} holds a tile twice: {sorted(held)}")
        flat, counts, seen_counts, delta = self._cells, self._counts, self._seen, self._delta
        touched: list[int] = []
        for tile in self._held:
            if tile < _PHYSICAL:
                kind = tile >> 2
                delta[kind] -= 1
                touched.append(kind)
        reds = 0
        for tile in held:
            if tile < _PHYSICAL:
                kind = tile >> 2
                delta[kind] += 1
                touched.append(kind)
                if tile in _RED_BIT:
                    reds |= _RED_BIT[tile]
        for kind in touched:
            change = delta[kind]
            if change:
                delta[kind] = 0  # the scratch counts are left at zero for the next look
                old = counts[kind]
                count = old + change
                for n in range(min(old, count), min(max(old, count), 4)):
                    flat[n * _PLANE + kind] = 1.0 if count > old else 0.0
                seen_counts[kind] += change
                counts[kind] = count
                dirty.add(kind)
        self._write_reds(reds)
        self._held = held

    def _write_reds(self, reds: int) -> None:
        """The red-five plane set to the own hand's red fives (``reds``: their bits), where
        they changed."""
        if self._red and reds != self._reds:
            flat = self._cells
            for tile, bit in _RED_BIT.items():
                if (reds ^ self._reds) & bit:
                    flat[5 * _PLANE + (tile >> 2)] = 1.0 if reds & bit else 0.0
        self._reds = reds

    def _table_hand(self, hand: list[int], dirty: set[int]) -> None:
        """The own hand read from the table (its tiles in any order): each kind counted again
        and only the kinds whose count changed written."""
        counts: list[int] = self._counts
        seen_counts: list[int] = self._seen
        flat = self._cells
        marks: list[int] = self._marks
        stamp = self._stamp + 1
        self._stamp = stamp
        now = [0] * 34
        reds = 0
        for tile in hand:
            if tile < _PHYSICAL:
                if marks[tile] == stamp:  # physical ids are unique: no hand of the engine's
                    raise MahjongError(f"seat {self.seat} holds a tile twice: {sorted(hand)}")
                marks[tile] = stamp
                kind = tile >> 2
                now[kind] = now[kind] + 1  # not +=: compiled, that is a generic add
                reds |= _RED_BITS[tile]
        for kind in range(34):
            count = now[kind]
            old = counts[kind]
            if count != old:
                if count > old:
                    for n in range(old, min(count, 4)):
                        flat[n * _PLANE + kind] = 1.0
                else:
                    for n in range(count, min(old, 4)):
                        flat[n * _PLANE + kind] = 0.0
                seen_counts[kind] = seen_counts[kind] + count - old
                counts[kind] = count
                dirty.add(kind)
        self._write_reds(reds)

    def _seat(self, seen: Observation, index: int, info: SeatInfo, dirty: set[int]) -> bool:
        """One seat's pond, melds and flags; False when its pond is not the one followed."""
        first = _SEAT_BASE + 8 * ((index - seen.seat) % len(seen.seats))
        base = first * _PLANE
        discards = info.discards
        done = self._ponds[index]
        if discards is not done:
            if discards[: len(done)] != done:
                return False
            self._discarded(index, base, discards[len(done) :], dirty)
            self._ponds[index] = discards
        melds = info.melds
        if melds is not self._melds[index] and melds != self._melds[index]:
            self._melded_again(index, base, [meld.tiles for meld in melds], dirty)
        self._melds[index] = melds
        self._flagged(
            index,
            first,
            info.riichi,
            info.won,
            len(info.flowers),
            info.hand_size,
            info.missing_suit,
        )
        return True

    def _discarded(self, index: int, base: int, tiles: Sequence[int], dirty: set[int]) -> None:
        """Tiles added to a seat's pond (``base``: the first cell of its planes)."""
        flat = self._cells
        seen_counts: list[int] = self._seen
        pond: list[int] = self._pond_counts[index]
        for tile in tiles:
            if tile < _PHYSICAL:
                kind = tile >> 2
                count = pond[kind] + 1  # not +=: compiled, that is a generic add
                pond[kind] = count
                flat[base + kind] = count * 0.25
                seen_counts[kind] = seen_counts[kind] + 1
                dirty.add(kind)

    def _melded_again(
        self, index: int, base: int, melds: list[Sequence[int]], dirty: set[int]
    ) -> None:
        """A seat's melded tiles counted again (a meld made, or a kong added or robbed)."""
        flat, seen_counts = self._cells, self._seen
        now = [0] * 34
        for tiles in melds:
            for tile in tiles:
                if tile < _PHYSICAL:
                    now[tile >> 2] += 1
        old = self._melded[index]
        for kind in range(34):
            if now[kind] != old[kind]:
                flat[base + _PLANE + kind] = now[kind] * 0.25
                seen_counts[kind] += now[kind] - old[kind]
                dirty.add(kind)
        self._melded[index] = now

    def _flagged(
        self,
        index: int,
        first: int,
        riichi: bool,
        won: bool,
        flowers: int,
        hand_size: int,
        missing: int | None,
    ) -> None:
        """A seat's whole-row flags and its missing suit (``first``: its first plane)."""
        flat, rows, flags = self._flat, self._rows, self._flags[index]
        if riichi is not flags[0]:
            rows[first + 2].fill(1.0 if riichi else 0.0)
            flags[0] = riichi
        if won is not flags[1]:
            rows[first + 3].fill(1.0 if won else 0.0)
            flags[1] = won
        if flowers != flags[2]:
            flags[2] = flowers
            rows[first + 6].fill(min(flowers, 8) / 8)
        if hand_size != flags[3]:
            flags[3] = hand_size
            rows[first + 7].fill(min(hand_size, 14) / 14)
        if missing != flags[4]:
            suits = (first + 5) * _PLANE
            if flags[4] is not None:
                start = suits + int(flags[4]) * 9
                flat[start : start + 9] = 0.0
            if missing is not None:
                flat[suits + missing * 9 : suits + missing * 9 + 9] = 1.0
            flags[4] = missing

    def _indicated(self, tiles: Sequence[int], dirty: set[int]) -> None:
        """Dora indicators newly shown."""
        flat, t = self._cells, _TABLE_BASE
        for tile in tiles:
            kind = tile >> 2
            cell = t * _PLANE + kind
            flat[cell] = flat[cell] + 0.25
            cell = (t + 1) * _PLANE + _DORA_LIST[kind]
            flat[cell] = flat[cell] + 0.25
            self._seen[kind] += 1
            dirty.add(kind)

    def _table(
        self, dealer: int, round_wind: int, row: int, claim: int | None, scores: tuple[int, ...]
    ) -> None:
        """Winds, the tile to claim (None: none shown), scores and the phase's row (-1:
        none)."""
        flat, t, players, me = self._flat, _TABLE_BASE, self._players, self.seat
        winds = (dealer, round_wind)
        if winds != self._winds:
            flat[_SEAT_BASE * _PLANE : t * _PLANE].reshape(4, 8, 34)[:, 4] = 0.0
            dealer_row = _SEAT_BASE + 8 * ((dealer - me) % players) + 4
            flat[dealer_row * _PLANE : (dealer_row + 1) * _PLANE] = 1.0
            flat[(t + 4) * _PLANE : (t + 6) * _PLANE] = 0.0
            cells = self._cells
            cells[(t + 4) * _PLANE + 27 + round_wind % 4] = 1.0
            cells[(t + 5) * _PLANE + 27 + (me - dealer) % players] = 1.0
            self._winds = winds
        cell = -1
        if claim is not None and claim < _PHYSICAL:
            cell = (t + 3) * _PLANE + (claim >> 2)
        if cell != self._claim:
            self._claim = _move_cell(self._cells, self._claim, cell)
        if scores != self._scores:
            scale = 2 * self._scale
            for offset in range(players):
                score = scores[(me + offset) % players]
                self._rows[t + 9 + offset].fill(min(max(0.5 + score / scale, 0.0), 1.0))
            self._scores = scores
        if row != self._phase:
            if self._phase >= 0:
                self._rows[self._phase].fill(0.0)
            if row >= 0:
                self._rows[row].fill(1.0)
            self._phase = row
