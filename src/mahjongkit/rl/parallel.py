"""A PettingZoo parallel environment: every seat the table waits for answers in one step.

A step is one moment of the table: in a turn, the seat to play; in a claim window, every seat
that may call or win on the discard, all at once and none seeing the others' answers (as at a
real table; the engine then settles the claims by priority); in Sichuan's exchange and
declaration, every seat. The seats asked are those whose ``action_mask`` has a one; an agent
not asked may send nothing or any index of the space (PettingZoo's own test sends one for every
live agent): it is not read. The AEC environment (:mod:`mahjongkit.rl.aec`) gives the same
game one seat at a time; observations, rewards, seeding, the round cap and the refusals are its.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import ParallelEnv

from mahjongkit.errors import IllegalActionError
from mahjongkit.rl.aec import MahjongEnv, Observed
from mahjongkit.table.actions import Action
from mahjongkit.variants import VARIANT_NAMES

__all__ = ["MahjongParallelEnv", "parallel_env"]


class MahjongParallelEnv(ParallelEnv[str, Observed, int]):  # type: ignore[misc]  # untyped base
    """The parallel environment of ``variant``; the arguments are
    :class:`~mahjongkit.rl.aec.MahjongEnv`'s (``encoder`` is ``v2`` unless named)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": ["ansi", "human"],
        "name": "mahjongkit_parallel_v1",
    }

    def __init__(
        self,
        variant: str = VARIANT_NAMES[0],  # the registry's first family
        rules: Any = None,
        render_mode: str | None = None,
        *,
        encoder: str = "v2",
        max_rounds: int | None = None,
        reward_scale: float = 1.0,
        round_cap: int | None = None,
    ) -> None:
        self.table = MahjongEnv(
            variant,
            rules,
            render_mode,
            encoder=encoder,
            max_rounds=max_rounds,
            reward_scale=reward_scale,
            round_cap=round_cap,
        )
        self.render_mode = render_mode
        self.possible_agents = list(self.table.possible_agents)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The AEC environment's: ``Dict(observation=Box, action_mask=Box)``."""
        return self.table.observation_space(agent)

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The family's ``Discrete`` action space."""
        return self.table.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observed], dict[str, dict[str, Any]]]:
        """A new game: every agent's observation (the seats to act with their masks)."""
        self.table.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        dict[str, Observed],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play the answer of every seat asked; every index is checked before any is played,
        so a refused step changes nothing."""
        if not self.agents:
            raise IllegalActionError("the game is over: reset the environment")
        if not isinstance(actions, Mapping):
            raise IllegalActionError(
                f"actions are a mapping from agent to index, not {type(actions).__name__}"
            )
        unknown = [name for name in actions if name not in self.possible_agents]
        if unknown:
            raise IllegalActionError(
                f"no agent {unknown[0]!r:.40}: the agents are {', '.join(self.possible_agents)}"
            )
        table = self.table
        asked = table.game.waiting_for()
        missing = [
            table.possible_agents[seat]
            for seat in asked
            if table.possible_agents[seat] not in actions
        ]
        if missing:
            raise IllegalActionError(
                f"{', '.join(missing)} must answer now (an index among its mask's ones)"
            )
        for name, action in actions.items():
            if table._seat_of[name] not in asked:
                table._index(action)  # any index of the space: an agent not asked is not read
        # Every seat's answer is checked before any is played (an answer settles only its own
        # seat's options, so those checked stay legal until played).
        moves: list[Action] = [
            table._checked(seat, actions[table.possible_agents[seat]]) for seat in asked
        ]
        rewards = dict.fromkeys(self.agents, 0.0)
        for move in moves:
            for seat, paid in enumerate(table._play(move)):
                name = self.possible_agents[seat]
                if name in rewards:
                    rewards[name] += paid
        over, capped = table.game.over, table.capped
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, capped and not over)
        observations = self._observations()
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if over or capped:
            self.agents = []
        if self.render_mode == "human":
            print(table.render())
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """As the AEC environment renders."""
        return self.table.render()

    def close(self) -> None:
        """Nothing to release."""

    def _observations(self) -> dict[str, Observed]:
        """Every agent's observation, with its mask when it is asked now."""
        table = self.table
        asked = set() if table.game.over or table.capped else set(table.game.waiting_for())
        out: dict[str, Observed] = {}
        for seat, name in enumerate(self.possible_agents):
            observed = table._encoded(seat)[0]
            if seat not in asked:
                observed = {
                    "observation": observed["observation"],
                    "action_mask": np.zeros(table.codec.size, dtype=np.int8),
                }
            out[name] = observed
        return out


def parallel_env(variant: str = VARIANT_NAMES[0], **options: Any) -> MahjongParallelEnv:
    """The PettingZoo parallel environment of a family (see :class:`MahjongParallelEnv`)."""
    return MahjongParallelEnv(variant, **options)
