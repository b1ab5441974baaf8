"""The table engine: a state machine whose only output is events (see :mod:`.engine`).

:class:`~mahjongkit.game.engine.Game` plays one game of any variant; each variant's rules at
the table are the hooks of its flow (:class:`~mahjongkit.table.flow.Flow`), which its registry
record names. :mod:`.fold` folds events into state, :mod:`.legal` lists legal actions and
:mod:`.observation` gives each seat its view.
"""

from mahjongkit.game.engine import Game
from mahjongkit.game.observation import Observation
from mahjongkit.table.actions import Action

__all__ = ["Action", "Game", "Observation"]
