"""The efficient agent: the protocol's entry, and the turn (a kong, an abortive draw, riichi
or the best discard), put together from the reading, the discards, the calls and the opening.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjongkit.bots.efficient.calls import CallChooser
from mahjongkit.bots.efficient.discards import DiscardChooser
from mahjongkit.bots.efficient.opening import Opening
from mahjongkit.bots.efficient.reading import HandReading
from mahjongkit.errors import IllegalActionError
from mahjongkit.game.observation import Observation
from mahjongkit.shapes import shanten, thirteen_orphans_shanten
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import counts_of_ids

__all__ = ["EfficientAgent"]

_WINS = (A.TSUMO, A.RON)


class EfficientAgent(CallChooser, Opening, DiscardChooser):
    """Tile efficiency with a sense of value, for every family (see the package text).

    ``rules``: the game's rules object (None: the variant's defaults, read on the first
    decision). The agent keeps a small cache of scored wins, nothing else, between decisions.
    """

    def act(self, observation: Observation) -> Action:
        """The action to play, one of ``observation.legal_actions``."""
        legal = observation.legal_actions
        if not legal:
            raise IllegalActionError("the agent was asked to act with nothing to decide")
        for action in legal:
            if action.type in _WINS:
                return action
        self._prepare(observation.variant)
        types = {a.type for a in legal}
        if A.DECLARE_MISSING in types:
            return self._declare(observation, legal)
        if A.EXCHANGE in types:
            return self._exchange(observation, legal)
        if A.FLOWER in types:
            return next(a for a in legal if a.type == A.FLOWER)
        if A.KITA in types:
            kita = next(a for a in legal if a.type == A.KITA)
            if self.wants_kita(observation, kita):
                return kita
        reading = HandReading(observation, self.rules, self._record)
        if observation.phase == "turn":
            return self.turn(reading, legal)
        return self.claim(reading, legal)

    @staticmethod
    def wants_kita(observation: Observation, kita: Action) -> bool:
        """Set the North aside (a dora, and a fresh tile drawn) unless the hand needs it: unless
        the hand without it is further from ready than the best discard would leave it (a
        North pair or set, seven pairs, thirteen orphans)."""
        assert kita.tile is not None
        counts = counts_of_ids(observation.hand)
        melds = len(observation.own.melds)
        shape = observation.hand_shape
        best = 8
        for kind, held in enumerate(counts):
            if held:
                counts[kind] -= 1
                best = min(best, shanten(counts, melds, shape))
                counts[kind] += 1
        counts[kita.tile // 4] -= 1
        return shanten(counts, melds, shape) <= best

    def turn(self, reading: HandReading, legal: Sequence[Action]) -> Action:
        """The move on this seat's turn: a kong worth making, an abortive draw, or a discard."""
        kong = self._turn_kong(reading, legal)
        if kong is not None:
            return kong
        return self.turn_without_kong(reading, legal)

    def turn_without_kong(self, reading: HandReading, legal: Sequence[Action]) -> Action:
        """The move on this seat's turn once no kong is wanted: an abortive draw, riichi, or
        the best discard."""
        choice = self.best_discard(reading, legal)
        abort = A.ABORT
        for action in legal:
            if action.type == abort and thirteen_orphans_shanten(reading.counts) > 3:
                return action
        if choice is None:
            return next((a for a in legal if a.type != abort), legal[0])
        action, ready_value = choice
        found = self._discards(reading, legal)
        # The kinds riichi may be declared with, read with the discards: most turns have none.
        if found is None or action.tile is None or action.tile >> 2 not in found[1]:
            return action
        riichi = next((a for a in legal if a.type == A.RIICHI and a.tile == action.tile), None)
        if riichi is not None and self.wants_riichi(reading, action, ready_value):
            return riichi
        return action
