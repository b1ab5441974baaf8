"""Reinforcement-learning surfaces (the optional extra ``mahjongkit[rl]``: PettingZoo,
Gymnasium, NumPy).

- :func:`env`: a PettingZoo AEC environment of any family;
- :func:`parallel_env`: a PettingZoo parallel environment (every seat asked answers at once);
- :func:`vector_env`: ``num_envs`` games stepped by one call, as NumPy arrays, reset as they end;
- :class:`SingleAgentEnv`: a Gymnasium environment, one learner against bots, registered as
  ``gymnasium.make("mahjongkit/Riichi-v0")`` (and one id per family) on import;
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
from mahjongkit.rl.encoders import ENCODERS
from mahjongkit.rl.parallel import MahjongParallelEnv, parallel_env
from mahjongkit.rl.planes_v2 import ORDER_SCALE, PLANES_V2, SeatPlanesV2, encode_v2
from mahjongkit.rl.registration import env_id, register_families
from mahjongkit.rl.single import SingleAgentEnv
from mahjongkit.rl.spaces import ActionLayout, layout_for
from mahjongkit.rl.vector import MahjongVectorEnv, vector_env

register_families()

__all__ = [
    "ENCODERS",
    "ORDER_SCALE",
    "PLANES_V1",
    "PLANES_V2",
    "ActionLayout",
    "Decision",
    "DecisionsError",
    "MahjongEnv",
    "MahjongParallelEnv",
    "MahjongVectorEnv",
    "SeatPlanesV1",
    "SeatPlanesV2",
    "SingleAgentEnv",
    "decisions",
    "encode_v1",
    "encode_v2",
    "env",
    "env_id",
    "layout_for",
    "parallel_env",
    "register_families",
    "vector_env",
]
