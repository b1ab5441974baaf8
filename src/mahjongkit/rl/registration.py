"""Every family's environment registered with Gymnasium when :mod:`mahjongkit.rl` is imported.

``gymnasium.make("mahjongkit/Riichi-v0")`` (or ``"mahjongkit.rl:mahjongkit/Riichi-v0"``,
which imports this package first) gives a :class:`~mahjongkit.rl.single.SingleAgentEnv` of the
family with the ``v2`` observation; ``gymnasium.make_vec`` of the same id gives a
:class:`~mahjongkit.rl.vector.MahjongVectorEnv` where one seat learns (the bots play the
others). Every keyword of ``make`` goes to the environment. The id is the family's English
name without spaces (``mahjongkit/HongKong-v0``).

>>> env_id("hongkong")
'mahjongkit/HongKong-v0'
"""

from __future__ import annotations

from typing import Any

import gymnasium

from mahjongkit.i18n import t_or
from mahjongkit.rl.single import SingleAgentEnv
from mahjongkit.rl.vector import MahjongVectorEnv
from mahjongkit.variants import VARIANT_NAMES, find_variant

__all__ = ["env_id", "learner", "learners", "register_families"]

NAMESPACE = "mahjongkit"


def env_id(variant: str) -> str:
    """The Gymnasium id of a family's environment."""
    name = t_or(f"play.variant.{variant}", "en", variant)
    return f"{NAMESPACE}/{''.join(w[:1].upper() + w[1:] for w in name.split())}-v0"


def learner(**options: Any) -> SingleAgentEnv:
    """``gymnasium.make``'s environment: one seat learns, the bots play the others."""
    return SingleAgentEnv(**options)


def learners(num_envs: int = 1, **options: Any) -> MahjongVectorEnv:
    """``gymnasium.make_vec``'s batch: ``num_envs`` games where one seat learns (``opponent``
    is ``efficient`` unless named)."""
    options.setdefault("opponent", "efficient")
    options.pop("render_mode", None)  # a batch has nothing to render
    return MahjongVectorEnv(num_envs=num_envs, **options)


def register_families() -> list[str]:
    """Register every family that has an action space (again: the registry may have grown);
    the ids registered."""
    ids: list[str] = []
    for variant in VARIANT_NAMES:
        if not find_variant(variant).action_layout:
            continue
        ident = env_id(variant)
        if ident not in gymnasium.registry:
            gymnasium.register(
                ident,
                entry_point=learner,
                vector_entry_point=learners,
                kwargs={"variant": variant, "encoder": "v2"},
            )
        ids.append(ident)
    return ids
