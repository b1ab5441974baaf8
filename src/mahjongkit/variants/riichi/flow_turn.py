"""What the Riichi flow answers at every turn, compiled (:data:`mahjongkit.native.COMPILED`):
the flow class itself stays Python, since tests and other tables subclass it, and a compiled
method would take only its own class's instances.

:class:`RiichiTurn` is the family's turn hooks (:mod:`mahjongkit.table.turn`): the flow's
``allowed_discards`` and ``turn_declarations`` call it, and the engine asks it directly while
the flow keeps those hooks. The functions read plain values (tiles, counts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mahjongkit.lite_typing import mypyc_attr
from mahjongkit.melds import MeldKind
from mahjongkit.shapes import RIICHI, HandShape
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.state import RoundState, SeatState
from mahjongkit.table.turn import TurnHooks
from mahjongkit.table.view import TableView
from mahjongkit.tiles import NORTH, is_terminal_or_honor

__all__ = ["RiichiTurn", "discards_but", "nine_terminal_kinds", "riichi_discards"]


ReadyOfCounts = Callable[[list[int], int, HandShape], tuple[int, frozenset[int]]]
"""The table's shanten-and-waits of a hand by its counts (``TableView.ready_of_counts``)."""


def riichi_discards(
    seat: int, hand: Sequence[int], counts: list[int], melds: int, ready_of_counts: ReadyOfCounts
) -> list[Action]:
    """A riichi with each tile of ``hand`` whose discard leaves a ready hand, in tile order
    (``counts``: the hand's kind counts, given back as they came; ``ready_of_counts``: the
    table's, which keeps what it found).

    >>> from mahjongkit.shapes import waits
    >>> from mahjongkit.tiles import counts_of_ids
    >>> def ready(counts, melds, shape):
    ...     return 0, frozenset(waits(counts, melds, shape))
    >>> hand = [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 37, 40, 44, 132]  # 123456789m 1pp 2p 3p, Chun
    >>> [a.tile for a in riichi_discards(0, hand, counts_of_ids(hand), 0, ready)]
    [36, 37, 132]
    """
    found: list[Action] = []
    last = previous = -1
    ready = False
    for tile in sorted(hand):  # the copies of a kind side by side
        if tile == previous:
            continue
        previous = tile
        kind = tile >> 2
        if kind != last:
            last = kind
            counts[kind] -= 1
            ready = bool(ready_of_counts(counts, melds, RIICHI)[1])
            counts[kind] += 1
        if ready:
            found.append(Action(A.RIICHI, seat, tile))
    return found


def discards_but(hand: Sequence[int], kinds: list[int]) -> list[int]:
    """The tiles of ``hand`` not of one of ``kinds`` (swap-calling), in hand order."""
    if not kinds:
        return list(hand)
    return [t for t in hand if t >> 2 not in kinds]


def nine_terminal_kinds(hand: Sequence[int]) -> int:
    """How many different terminal and honour kinds ``hand`` holds."""
    seen = 0
    found = 0
    for tile in hand:
        kind = tile >> 2
        if is_terminal_or_honor(kind) and not seen >> kind & 1:
            seen |= 1 << kind
            found += 1
    return found


# Made from Python (its flow): mypyc runs a serializable class's __init__ from a Python call only
# when it allows interpreted subclasses.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class RiichiTurn(TurnHooks):
    """Riichi's turn: after riichi only the drawn tile goes, after a call not the swap-called
    kinds; riichi with each discard that leaves the hand ready, nine terminals, kita."""

    def __init__(
        self, players: int, deposit: int, nine_terminals: bool, north_set_aside: bool
    ) -> None:
        self.players = players
        self.deposit = deposit
        """What a riichi puts on the table."""
        self.nine_terminals = nine_terminals
        """Whether nine terminals and honours may abort the first go-around."""
        self.north_set_aside = north_set_aside
        """Whether a North may be set aside (kita)."""

    def discard_tiles(self, view: TableView, rnd: RoundState, seat: int) -> list[int]:
        """After riichi only the drawn tile; after a call not the swap-called kinds."""
        state = rnd.seats[seat]
        own: Any = state.extra
        drawn = state.drawn
        if drawn is not None and own.riichi:
            return [drawn]
        kuikae: list[int] = own.kuikae
        if not kuikae:
            return sorted(state.hand)
        return sorted(discards_but(state.hand, kuikae))

    def declarations(self, view: TableView, rnd: RoundState, seat: int) -> list[Action]:
        """Riichi with each discard that leaves the hand ready; nine terminals abort; kita."""
        state = rnd.seats[seat]
        drawn = state.drawn
        if drawn is None:
            return []
        own: Any = state.extra
        riichi: bool = own.riichi
        found: list[Action] = []
        melds = state.melds
        concealed = True
        for meld in melds:
            if meld.kind is not MeldKind.CONCEALED_KONG:
                concealed = False
                break
        if (
            concealed
            and not riichi
            and view.scores[seat] >= self.deposit
            and view.live_remaining() >= self.players
        ):
            # Unless one discard away from ready at best, no discard can leave it ready.
            facts = view.hand_facts(seat)
            if facts.floor <= 0 and view.shanten_of(seat) <= 0:
                counts = list(facts.counts)
                ready = view.ready_of_counts
                found = riichi_discards(seat, state.hand, counts, len(melds), ready)
        if (
            rnd.first_go_around
            and not state.discards
            and self.nine_terminals
            and nine_terminal_kinds(state.hand) >= 9
        ):
            found.append(Action(A.ABORT, seat))
        if self.north_set_aside:
            for north in self._kita(view, state, riichi):
                found.append(Action(A.KITA, seat, north))
        return found

    def _kita(self, view: TableView, state: SeatState, riichi: bool) -> list[int]:
        """The Norths this seat may set aside now (kita): after a draw, with a tile left to
        replace it; after riichi only the North just drawn, which leaves the hand as it was."""
        drawn = state.drawn
        if drawn is None or view.live_remaining() <= 0:
            return []
        if riichi:
            return [drawn] if drawn >> 2 == NORTH else []
        return sorted(t for t in state.hand if t >> 2 == NORTH)
