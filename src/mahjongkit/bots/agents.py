"""The agent protocol, a random agent, and :func:`play`, which seats agents at a table.

The tile-efficiency agent lives in :mod:`mahjongkit.bots.efficient` and the defensive one in
:mod:`mahjongkit.bots.defensive`; both are named here too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from mahjongkit.bots.defensive import DefensiveAgent
from mahjongkit.bots.efficient import EfficientAgent
from mahjongkit.bots.session import Agent, run_until
from mahjongkit.errors import IllegalActionError
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import Observation
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action

__all__ = ["Agent", "DefensiveAgent", "EfficientAgent", "RandomAgent", "play"]


class RandomAgent:
    """Uniformly random legal actions, but always a win when one is offered."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> Action:
        """A win if offered, else any legal action."""
        return self.act_on_legal(observation.legal_actions)

    def act_on_legal(self, legal: Sequence[Action]) -> Action:
        """:meth:`act` given the legal actions alone (a random choice reads nothing else)."""
        wins = [a for a in legal if a.type in (A.TSUMO, A.RON)]
        return wins[0] if wins else self.rng.choice(legal)


def play(
    game: Game,
    agents: Sequence[Agent],
    max_actions: int = 200_000,
    on_round: Callable[[int], None] | None = None,
) -> int:
    """Play ``game`` to its end, each seat asking its agent; return the actions played.

    ``on_round`` is told the number of rounds over each time a round ends (a progress bar
    follows a long game by it).
    """
    if len(agents) != game.players:
        raise IllegalActionError(f"{len(agents)} agents for {game.players} seats")
    if not game.log:
        game.start()
    return run_until(game, agents, max_actions=max_actions, on_round=on_round)
