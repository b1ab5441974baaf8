"""What the engine keeps of each seat's hand between decisions: its counts, shanten and waits.

The claim and win checks ask the same questions of the same hands again and again (every
discard asks every other seat whether it completes its hand). A game's :class:`Hands` keeps the
answers per seat until the hand changes, and follows a draw or a discard without counting the
hand again; for other callers, the shanten and waits of a hand by its counts are remembered
across seats and games (:func:`ready_of_counts`). The hooks read them through the table's view
(:meth:`~mahjongkit.table.view.TableView.hand_facts`), never from the flow: a flow answers rule
questions and keeps nothing.

>>> from mahjongkit.game.engine import Game
>>> game = Game("riichi", seed=1)
>>> _ = game.start()
>>> facts = game.hand_facts(0)
>>> facts.size, facts.counts == counts_of_ids(game.round.seats[0].hand)
(14, True)
"""

from __future__ import annotations

from typing import Any, Final, cast

from mahjongkit.lite_typing import mypyc_attr
from mahjongkit.shapes import HandShape, shanten
from mahjongkit.table.flow import Flow
from mahjongkit.table.state import RoundState, SeatState
from mahjongkit.table.view import HandFacts, TableView
from mahjongkit.tiles import NUM_KINDS, TERMINALS_AND_HONORS, counts_of_ids

__all__ = ["HandFacts", "Hands", "ready_of_counts", "shanten_of_counts"]

_WAITS_MEMO_SIZE = 4096
"""Hands whose waits are remembered across seats and games (a replay meets the same hands
again); the memo is emptied when full, so it never holds more."""
_WAITS_MEMO: dict[tuple[bytes, int, HandShape], tuple[int, frozenset[int]]] = {}
"""The shanten and waits of a hand by its counts, melds and shape: a pure function, shared by
every game (a new game starts with what earlier games worked out)."""


def ready_of_counts(counts: list[int], melds: int, shape: HandShape) -> tuple[int, frozenset[int]]:
    """The shanten and the waits of a hand of ``13 - 3 * melds`` tiles, memoised.

    >>> from mahjongkit.shapes import RIICHI
    >>> from mahjongkit.tiles import counts_of, parse_kinds
    >>> ready_of_counts(counts_of(parse_kinds("123456789m1122p")), 0, RIICHI)
    (0, frozenset({9, 10}))
    """
    key = (bytes(counts), melds, shape)
    found = _WAITS_MEMO.get(key)
    if found is None:
        if len(_WAITS_MEMO) >= _WAITS_MEMO_SIZE:
            _WAITS_MEMO.clear()
        value = shanten(counts, melds, shape)
        ready = frozenset(_waits(counts, melds, shape) if value == 0 else ())
        found = _WAITS_MEMO[key] = (value, ready)
    return found


def _ready(counts: list[int], melds: int, shape: HandShape) -> tuple[int, frozenset[int]]:
    """:func:`ready_of_counts` without its memo: a seat's new hand after a discard is seldom
    one met before (its key, a hash of the counts and the shape, costs half a shanten), and
    :class:`Hands` keeps the answer for as long as the hand stays."""
    value = shanten(counts, melds, shape)
    return value, frozenset(_waits(counts, melds, shape) if value == 0 else ())


_ORPHAN_KIND: Final = tuple(kind in TERMINALS_AND_HONORS for kind in range(NUM_KINDS))


def _waits(counts: list[int], melds: int, shape: HandShape) -> list[int]:
    """:func:`~mahjongkit.shapes.waits` of a ready hand, trying only the kinds that can
    complete it: a tile of a complete hand is in a pair or a pung with a copy held, in a chow
    beside a tile held next to it in its suit, or one of thirteen orphans. The rest (most of
    the 34 kinds) would cost a shanten each for nothing."""
    hand = list(counts)
    orphans = shape.thirteen_orphans and melds == 0
    found = []
    for kind in shape.kinds:
        held = hand[kind]
        if held >= 4:
            continue  # no fifth copy to win on
        near = held > 0
        if not near and kind < 27:
            low = kind - kind % 9
            for other in range(max(low, kind - 1), min(low + 9, kind + 2)):
                if hand[other]:
                    near = True
                    break
        if not near and not (orphans and _ORPHAN_KIND[kind]):
            continue
        hand[kind] = held + 1
        complete = shanten(hand, melds, shape) == -1
        hand[kind] = held
        if complete:
            found.append(kind)
    return found


_SHANTEN_MEMO: dict[tuple[bytes, int, HandShape], int] = {}
"""The shanten of a hand of any size by its counts, melds and shape (the same bound as
:data:`_WAITS_MEMO`): an observation after each move asks it of the hand to play from."""


def shanten_of_counts(counts: list[int], melds: int, shape: HandShape) -> int:
    """The shanten of a hand by its kind counts, memoised (:func:`~mahjongkit.shapes.shanten`).

    >>> from mahjongkit.shapes import RIICHI
    >>> from mahjongkit.tiles import counts_of, parse_kinds
    >>> shanten_of_counts(counts_of(parse_kinds("123456789m11223p")), 0, RIICHI)
    0
    """
    key = (bytes(counts), melds, shape)
    found = _SHANTEN_MEMO.get(key)
    if found is None:
        if len(_SHANTEN_MEMO) >= _WAITS_MEMO_SIZE:
            _SHANTEN_MEMO.clear()
        found = _SHANTEN_MEMO[key] = shanten(counts, melds, shape)
    return found


def _one_out(kept: list[int], tile: int, hand: list[int]) -> bool:
    """Whether ``hand`` is ``kept`` with one ``tile`` taken out, the rest in order (a discard).
    A loop over the two lists compiled: no copy made to remove the tile from (about half the
    instructions of a copy, a removal and a compare; a draw's slice and compare costs less than
    such a loop, and stays).

    >>> _one_out([3, 7, 9], 7, [3, 9]), _one_out([3, 7, 9], 9, [3, 9]), _one_out([3], 3, [])
    (True, False, True)
    """
    size = len(hand)
    if len(kept) != size + 1:
        return False
    i = 0
    while i < size and hand[i] == kept[i]:
        i += 1
    if kept[i] != tile:
        return False
    while i < size:
        if hand[i] != kept[i + 1]:
            return False
        i += 1
    return True


_TUPLE_NEW: Final = tuple.__new__
"""Read once: an attribute of ``tuple`` read in compiled code is a look-up by name each time."""


def _facts(
    tiles: list[int],
    melds: int,
    shape: HandShape,
    counts: list[int],
    size: int,
    waits: frozenset[int],
    drawn_completes: bool | None,
    floor: int,
    exact: bool,
) -> HandFacts:
    """A :class:`HandFacts` of every field, made as the tuple it is: the named tuple's own
    constructor is a Python function, a frame at every change of a hand."""
    facts: HandFacts = _TUPLE_NEW(
        HandFacts, (tiles, melds, shape, counts, size, waits, drawn_completes, floor, exact)
    )
    return facts


# Copied with its game (deepcopy, pickle): serializable, its fields copied as they are. Open to
# interpreted subclasses: only then does the compiled class run its __init__ when called from
# Python (mypyc 2.4), as a test or a tool building one for a game does.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Hands:
    """The hand facts of one game's seats, kept until each hand changes."""

    def __init__(self, flow: Flow[Any], view: TableView) -> None:
        self.flow = flow
        self.view = view
        players = flow.players
        self._facts: list[HandFacts | None] = [None] * players
        self._holders: list[SeatState | None] = [None] * players
        """The seat each kept fact is of (a new round deals new seats)."""
        self._versions = [0] * players
        """The seat's ``hand_version`` its kept fact was made at."""
        self._shape: HandShape | None = None
        """The shape of every seat, once asked, when it depends on the rules alone."""

    def facts(self, seat: int) -> HandFacts:
        """Counts and waits of this seat's hand, computed once for each hand the seat holds."""
        view = self.view
        # The engine's own round: its seats' fields read natively when compiled.
        state = cast("RoundState", view.round).seats[seat]
        facts = self._facts[seat]
        shape = self._shape
        # The folds move a seat's hand_version on at every change of its tiles or melds: the
        # kept facts hold while it stays (one compare, not the hand's tiles one by one).
        same = (
            facts is not None
            and self._holders[seat] is state
            and self._versions[seat] == state.hand_version
        )
        if same and facts is not None and facts.shape is shape:
            return facts  # the usual case: a fixed shape, an unchanged hand
        if shape is None:
            shape = self.flow.shape(view, seat)
            if not self.flow.shape_by_seat:
                self._shape = shape
        if same and facts is not None and (facts.shape is shape or facts.shape == shape):
            return facts
        melds = len(state.melds)
        hand = state.hand
        counts = None
        completes: bool | None = None
        floor, exact = -1, False
        if facts is not None and facts.melds == melds:
            # A draw adds one tile at the end of the hand, a discard takes one out: the counts
            # follow from the facts kept, without counting the hand again.
            kept = facts.tiles
            if len(hand) == len(kept) + 1 and hand[-1] == state.drawn and hand[:-1] == kept:
                counts, size, tile = list(facts.counts), facts.size, hand[-1]
                if tile < 136:
                    counts[tile >> 2] += 1
                    size += 1
                    floor = max(facts.floor - 1, -1)
                    if facts.size % 3 == 1 and (facts.shape is shape or facts.shape == shape):
                        # Complete exactly when the drawn kind is a wait of the hand before.
                        completes = tile >> 2 in facts.waits
                else:
                    floor, exact = facts.floor, facts.exact  # a bonus tile counts for nothing
            elif len(hand) + 1 == len(kept) and state.discards:
                tile = state.discards[-1]
                if tile < 136 and _one_out(kept, tile, hand):
                    counts, size = list(facts.counts), facts.size - 1
                    counts[tile >> 2] -= 1
                    floor = facts.floor
            if facts.shape is not shape and facts.shape != shape:
                floor, exact = -1, False
        if counts is None:
            counts = counts_of_ids(hand)
            size = sum(counts)
        if size % 3 != 1 or floor >= 1:
            found: frozenset[int] = frozenset()  # not a ready hand: no waits
        else:
            floor, found = _ready(counts, melds, shape)
            exact = True
        facts = _facts(list(hand), melds, shape, counts, size, found, completes, floor, exact)
        self._facts[seat] = facts
        self._holders[seat] = state
        self._versions[seat] = state.hand_version
        return facts

    def shanten(self, seat: int) -> int:
        """The shanten of the seat's hand (by its shape), kept with its hand facts."""
        facts = self.facts(seat)
        if facts.exact:
            return facts.floor
        value = shanten(facts.counts, facts.melds, facts.shape)
        # Made field by field: a named tuple's _replace costs several times a construction.
        self._facts[seat] = _facts(
            facts.tiles,
            facts.melds,
            facts.shape,
            facts.counts,
            facts.size,
            facts.waits,
            facts.drawn_completes,
            value,
            True,
        )
        return value
