"""Players that need no person: the :class:`Agent` protocol and the bots.

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

from typing import Any

from mahjongkit.bots.agents import Agent, DefensiveAgent, EfficientAgent, RandomAgent, play
from mahjongkit.bots.policy import play_random, random_policy
from mahjongkit.errors import NotationError

BOT_NAMES = ("defensive", "efficient", "random")
"""The bots every surface offers by name (simulate, the terminal game, the web table),
strongest first."""


def make_bot(name: str, seed: int, rules: Any = None) -> Agent:
    """The bot called ``name`` (one of :data:`BOT_NAMES`, or ``learned:PATH``, the model file
    at PATH: :mod:`mahjongkit.bots.learned`): a random one seeded by ``seed``; the others value
    hands by ``rules``, the game's rules object (None: the variant's defaults).

    >>> type(make_bot("defensive", 0)).__name__
    'DefensiveAgent'
    """
    if name == "defensive":
        return DefensiveAgent(rules)
    if name == "efficient":
        return EfficientAgent(rules)
    if name == "random":
        return RandomAgent(seed)
    if name.strip().lower().startswith("learned:"):
        # Read only when asked for: the model's code and NumPy cost the others nothing.
        from mahjongkit.bots.learned import LearnedAgent, model_path
        from mahjongkit.bots.learned.cache import cached_model

        return LearnedAgent(cached_model(model_path(name)), rules)
    raise NotationError(f"unknown bot {name!r:.40}: expected one of {', '.join(BOT_NAMES)}")


__all__ = [
    "BOT_NAMES",
    "Agent",
    "DefensiveAgent",
    "EfficientAgent",
    "RandomAgent",
    "make_bot",
    "play",
    "play_random",
    "random_policy",
]
