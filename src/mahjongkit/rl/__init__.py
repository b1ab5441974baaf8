"""Reinforcement-learning surfaces (the optional extra ``mahjongkit[rl]``: PettingZoo,
Gymnasium, NumPy).

- :func:`env`: a PettingZoo AEC environment of any family;
- :class:`SingleAgentEnv`: a Gymnasium environment, one learner against bots;
- :func:`decisions`: every decision of a recorded game, encoded as the environments encode it.

The action spaces, the observation planes and the rewards are described in ``docs/rl.md``.

>>> table = env("sichuan", max_rounds=1)
>>> table.reset(seed=1)
>>> observation, reward, terminated, truncated, info = table.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
((56, 34), True)
"""

from __future__ import annotations

from mahjongkit.rl.aec import MahjongEnv, env
from mahjongkit.rl.decisions import Decision, DecisionsError, decisions
from mahjongkit.rl.encoder import PLANES_V1, SeatPlanesV1, encode_v1
from mahjongkit.rl.single import SingleAgentEnv
from mahjongkit.rl.spaces import ActionLayout, layout_for

__all__ = [
    "PLANES_V1",
    "ActionLayout",
    "Decision",
    "DecisionsError",
    "MahjongEnv",
    "SeatPlanesV1",
    "SingleAgentEnv",
    "decisions",
    "encode_v1",
    "env",
    "layout_for",
]
