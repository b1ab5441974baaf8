"""A family's turn hooks as one compiled object: whether the drawn tile completes the hand, the
tiles the seat may discard, and what it may declare.

The hooks of :class:`~mahjongkit.table.hooks.Defaults` (:data:`TURN_HOOKS`) stay Python
methods, the point a family or a test overrides. A family's answer to them is written once, as
the methods of a :class:`TurnHooks` subclass in its compiled ``flow_turn`` module
(:data:`mahjongkit.native.COMPILED`), which its Python hooks call. The engine asks that object
directly at every turn (no Python frame per hook) while the flow answers those hooks as its
family does (:meth:`~mahjongkit.table.hooks.Defaults.compiled_turn`); a flow that overrides
one of them is asked through its hooks instead.
"""

from __future__ import annotations

from typing import Final

from mahjongkit.lite_typing import mypyc_attr
from mahjongkit.shapes import shanten
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.state import RoundState
from mahjongkit.table.view import TableView
from mahjongkit.tiles import NUM_PHYSICAL

__all__ = ["TURN_HOOKS", "TurnHooks", "discard_actions", "is_complete_with"]

TURN_HOOKS: Final = ("is_complete_with", "allowed_discards", "turn_declarations")
"""The flow's hooks a :class:`TurnHooks` answers at the engine's turn."""

_DISCARDS: Final[list[tuple[Action, ...]]] = []
"""Every discard action of each seat, made once: an action is an immutable value, and each
turn lists a dozen of them."""


def discard_actions(seat: int) -> tuple[Action, ...]:
    """The discard of each physical tile by ``seat``, indexed by tile id.

    >>> discard_actions(2)[37] == Action(A.DISCARD, 2, 37)
    True
    """
    while len(_DISCARDS) <= seat:
        made = len(_DISCARDS)
        _DISCARDS.append(tuple(Action(A.DISCARD, made, t) for t in range(NUM_PHYSICAL)))
    return _DISCARDS[seat]


def is_complete_with(view: TableView, seat: int, tile: int | None) -> bool:
    """A cheap shape test before scoring: the seat's hand as it is (a self-draw), or with a
    claimed ``tile`` (one of its waits). The default of the flow's hook of that name."""
    facts = view.hand_facts(seat)
    if tile is not None:
        return tile >> 2 in facts.waits
    rnd: RoundState = view.round  # type: ignore[assignment]
    drawn = rnd.seats[seat].drawn
    completes = facts.drawn_completes
    if completes is not None and drawn == facts.tiles[-1]:
        return completes
    if drawn is not None and drawn < NUM_PHYSICAL and facts.size % 3 == 2:
        # Complete with the drawn tile exactly when it is a wait of the hand before the draw:
        # those waits were already needed to check claims on the other seats' discards.
        before = list(facts.counts)
        before[drawn >> 2] -= 1
        return drawn >> 2 in view.ready_of_counts(before, facts.melds, facts.shape)[1]
    return shanten(facts.counts, facts.melds, facts.shape) == -1


# Copied and pickled with its flow and game (serializable: by its fields).
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class TurnHooks:
    """The turn hooks of a family without turn rules of its own: any tile of the hand may go,
    nothing is declared. A family subclasses it in its ``flow_turn`` module; each method
    answers as the flow's Python hook it names."""

    def completes(self, view: TableView, rnd: RoundState, seat: int) -> bool:
        """``is_complete_with(view, seat, None)``: the turn's hand is complete as it is."""
        return is_complete_with(view, seat, None)

    def discard_tiles(self, view: TableView, rnd: RoundState, seat: int) -> list[int]:
        """``allowed_discards``: the tiles the seat may discard now, in tile order."""
        return sorted(rnd.seats[seat].hand)

    def declarations(self, view: TableView, rnd: RoundState, seat: int) -> list[Action]:
        """``turn_declarations``: what the seat may declare on its turn besides a discard."""
        return []

    def add_choices(self, view: TableView, rnd: RoundState, seat: int, found: list[Action]) -> None:
        """Adds the turn's discards (in tile order), then its declarations, to ``found``."""
        actions = discard_actions(seat)
        for tile in self.discard_tiles(view, rnd, seat):
            found.append(actions[tile])
        declared = self.declarations(view, rnd, seat)
        if declared:
            found.extend(declared)
