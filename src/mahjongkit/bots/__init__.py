"""Players that need no person: the :class:`Agent` protocol and two agents.

An agent sees the game only through :meth:`Game.observation` (its own tiles and what is open on
the table, never the wall or another hand) and answers with one of the legal actions listed
there. :func:`play` seats agents at a table and plays a game to its end.

>>> import random
>>> from mahjongkit.game.engine import Game
>>> game = Game("sichuan", seed=4, max_rounds=1)
>>> play(game, [EfficientAgent(), RandomAgent(1), EfficientAgent(), RandomAgent(2)]) > 0
True
"""

from __future__ import annotations

from mahjongkit.bots.agents import Agent, DefensiveAgent, EfficientAgent, RandomAgent, play
from mahjongkit.bots.policy import play_random, random_policy

__all__ = [
    "Agent",
    "DefensiveAgent",
    "EfficientAgent",
    "RandomAgent",
    "play",
    "play_random",
    "random_policy",
]
