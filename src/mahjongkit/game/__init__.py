"""The table: a state machine whose only output is events (see :mod:`.engine`).

:class:`~mahjongkit.game.engine.Game` plays one game of any variant; each variant's rules at
the table are its ``variants/<name>/table.py`` hooks (:class:`~mahjongkit.game.flow.Flow`).
"""

from mahjongkit.game.actions import Action
from mahjongkit.game.engine import Game, play_random, random_policy

__all__ = ["Action", "Game", "play_random", "random_policy"]
