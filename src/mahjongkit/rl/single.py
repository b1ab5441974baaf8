"""A Gymnasium environment: one seat learns, the others are played by a chosen bot.

The learner's observation is the AEC environment's (``{"observation", "action_mask"}``, see
``docs/rl.md``); :meth:`SingleAgentEnv.action_masks` gives the mask alone (the form maskable
policy learners ask for). An index the mask forbids is not refused, so that learners that sample
freely keep running: the safe default is played instead (pass when it is offered, else the
drawn tile's discard, else the first legal action), ``info["illegal_action"]`` is True and the
step pays ``illegal_penalty`` on top of its reward.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from mahjongkit.bots.agents import Agent, EfficientAgent, RandomAgent
from mahjongkit.bots.session import run_until
from mahjongkit.errors import IllegalActionError
from mahjongkit.rl.aec import RENDER_MODES, MahjongEnv, Observed
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.variants import VARIANT_NAMES

__all__ = ["OPPONENTS", "SingleAgentEnv"]

OPPONENTS = ("efficient", "random")


class SingleAgentEnv(gymnasium.Env[Observed, int]):
    """Seat ``seat`` of a table whose other seats are played by ``opponent`` (the other
    arguments are :class:`~mahjongkit.rl.aec.MahjongEnv`'s). A step ends the episode as
    ``terminated`` at the game's end, ``truncated`` at the round cap."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}  # noqa: RUF012

    def __init__(
        self,
        variant: str = VARIANT_NAMES[0],  # the registry's first family
        rules: Any = None,
        render_mode: str | None = None,
        *,
        seat: int = 0,
        opponent: str = "efficient",
        encoder: str = "v1",
        max_rounds: int | None = None,
        reward_scale: float = 1.0,
        illegal_penalty: float = 0.0,
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
        players = len(self.table.possible_agents)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise IllegalActionError(f"seat is 0..{players - 1}, not {seat!r:.40}")
        if opponent not in OPPONENTS:
            raise IllegalActionError(
                f"unknown opponent {opponent!r:.40}: expected one of {', '.join(OPPONENTS)}"
            )
        if isinstance(illegal_penalty, bool) or not isinstance(illegal_penalty, int | float):
            raise IllegalActionError(f"illegal_penalty is a number, not {illegal_penalty!r:.40}")
        self.seat = seat
        self.agent = self.table.possible_agents[seat]
        self.opponent = opponent
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space(self.agent)
        self.action_space = self.table.action_space(self.agent)
        self._bots: dict[int, Agent] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observed, dict[str, Any]]:
        """A new game, played by the bots up to the learner's first decision."""
        super().reset(seed=seed)
        self.table.reset(seed=seed, options=options)
        base = self.table.game.seed
        self._bots = {
            s: EfficientAgent() if self.opponent == "efficient" else RandomAgent(base + s)
            for s in range(len(self.table.possible_agents))
            if s != self.seat
        }
        self._advance()
        self.table._cumulative_rewards[self.agent] = 0.0  # nothing is paid before a decision
        return self.table.observe(self.agent), {}

    def step(self, action: int) -> tuple[Observed, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the bots up to its next decision or the game's end."""
        if self.table.game.over or self.table.capped or not self.table.agents:
            raise IllegalActionError("the game is over: reset the environment")
        index = self.table._index(action)
        _, chosen = self.table._encoded(self.seat)
        info: dict[str, Any] = {"illegal_action": index not in chosen}
        penalty = 0.0
        if index not in chosen:
            index = self._default(chosen)
            penalty = self.illegal_penalty
        self.table.step(index)
        reward = self._advance()
        self.table._cumulative_rewards[self.agent] = 0.0
        terminated = self.table.game.over
        truncated = self.table.capped
        return self.table.observe(self.agent), reward + penalty, terminated, truncated, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The learner's legal action indices now, as a 0/1 mask."""
        return self.table.observe(self.agent)["action_mask"]

    def render(self) -> str | None:
        """As the AEC environment renders."""
        return self.table.render()

    def _advance(self) -> float:
        """Let the bots play until the learner is to act or the game is over; the learner's
        reward meanwhile (from its own last step on)."""
        table = self.table
        # The table steps the seat it selected, the first the engine asks: the bots play
        # until that is the learner.
        run_until(
            table.game,
            self._bots,
            stop=lambda: table.agent_selection == self.agent or table.capped,
            play=lambda seat, move: table.step(self._index_of(seat, move)),
        )
        return float(table._cumulative_rewards[self.agent])

    def _index_of(self, seat: int, move: Action) -> int:
        """The index that plays a bot's move (the move itself when several share an index)."""
        index = self.table.codec.index(move)
        _, chosen = self.table._encoded(seat)
        chosen[index] = move
        return index

    def _default(self, chosen: dict[int, Action]) -> int:
        by_kind = {action.type: i for i, action in chosen.items()}
        if A.PASS in by_kind:
            return by_kind[A.PASS]
        drawn = self.table.game.observation(self.seat, with_events=False).own.drawn
        for i, action in chosen.items():
            if action.type == A.DISCARD and action.tile == drawn:
                return i
        return min(chosen)
