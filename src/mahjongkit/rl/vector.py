"""Batched environments: ``num_envs`` games stepped by one call, as NumPy arrays.

Two meanings of a step, chosen by ``opponent``:

- ``opponent=None`` (the default): **every seat learns** (self-play, as mahjax's and pgx's
  environments and riichienv's multi-seat step do). A step plays one decision in each game:
  the decision of the seat the game waits for, whose observation and mask the previous step
  returned (``infos["seat"]`` names it); a claim window asks its seats one after another, none
  seeing another's answer. ``rewards`` has one column per seat (what each seat was paid by
  this step), so that one policy can learn from every seat's results.
- ``opponent="efficient"`` or ``"random"``: **one seat learns** (``seat``) and the library's
  bot plays the others, as Gymnasium's vector API expects: a step plays the learner's decision
  and then the bots up to its next decision; ``rewards`` has one value per game.

Each game that ends in a step (``terminated`` at its end, ``truncated`` at the round cap) is
reset in that same step: the observation returned is the first of its next game, and the last
of the finished one is in ``infos["final_obs"]`` (with ``infos["_final_obs"]`` saying which
games finished), Gymnasium's ``SAME_STEP`` autoreset. A step checks every game's action before
it plays any, so an action refused (an index its mask forbids, a wrong shape or type) leaves
every game as it was.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from mahjongkit.errors import IllegalActionError, MahjongError
from mahjongkit.rl.aec import MahjongEnv, Observed
from mahjongkit.rl.single import OPPONENTS, SingleAgentEnv
from mahjongkit.table.actions import Action
from mahjongkit.variants import VARIANT_NAMES

__all__ = ["MahjongVectorEnv", "vector_env"]

_GAMES_WITHOUT_DECISION = 16
"""Games in a row the bots may end before the learner decides, before the batch gives up."""

MAX_ENVS = 4096
"""The most games one batch steps (a bound on the memory a typo could ask for)."""

Batch = dict[str, npt.NDArray[Any]]


class MahjongVectorEnv(VectorEnv[Batch, npt.NDArray[Any], npt.NDArray[Any]]):
    """``num_envs`` games of ``variant`` (see the module's description for a step's meaning).

    ``rules``, ``encoder`` (``v2`` unless named), ``max_rounds``, ``reward_scale`` and
    ``round_cap`` are :class:`~mahjongkit.rl.aec.MahjongEnv`'s; ``seat`` and ``opponent`` are
    :class:`~mahjongkit.rl.single.SingleAgentEnv`'s, ``opponent=None`` making every seat learn.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium reads it from the class
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        variant: str = VARIANT_NAMES[0],  # the registry's first family
        num_envs: int = 1,
        rules: Any = None,
        *,
        opponent: str | None = None,
        seat: int = 0,
        encoder: str = "v2",
        max_rounds: int | None = None,
        reward_scale: float = 1.0,
        round_cap: int | None = None,
    ) -> None:
        if type(num_envs) is not int or not 1 <= num_envs <= MAX_ENVS:
            raise IllegalActionError(f"num_envs is an integer 1..{MAX_ENVS}, not {num_envs!r:.40}")
        if opponent is not None and opponent not in OPPONENTS:
            raise IllegalActionError(
                f"unknown opponent {opponent!r:.40}: expected None (every seat learns) or one "
                f"of {', '.join(OPPONENTS)}"
            )
        options: dict[str, Any] = {
            "encoder": encoder,
            "max_rounds": max_rounds,
            "reward_scale": reward_scale,
            "round_cap": round_cap,
        }
        self.variant = variant
        self.num_envs = num_envs
        self.opponent = opponent
        self.learners: list[SingleAgentEnv] = []
        if opponent is None:
            self.tables = [MahjongEnv(variant, rules, **options) for _ in range(num_envs)]
        else:
            self.learners = [
                SingleAgentEnv(variant, rules, seat=seat, opponent=opponent, **options)
                for _ in range(num_envs)
            ]
            self.tables = [learner.table for learner in self.learners]
        first = self.tables[0]
        self.players = len(first.possible_agents)
        self.single_observation_space = first.observation_space(first.possible_agents[0])
        self.single_action_space = first.action_space(first.possible_agents[0])
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._started = False
        self._closed = False

    # --- the vector API ---------------------------------------------------------------------

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Batch, dict[str, Any]]:
        """A new game in every env; ``seed`` (an int: env ``i`` gets ``seed + i``; or one per
        env) makes them repeat."""
        self._check_open()
        seeds = self._seeds(seed)
        for index in range(self.num_envs):
            self._reset_one(index, seeds[index], options)
        self._started = True
        return self._batch(), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[Batch, npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any], dict[str, Any]]:
        """One step of every game (see the module's description); the observations, rewards
        (per seat when every seat learns), ``terminated``, ``truncated`` and infos."""
        self._check_open()
        if not self._started:
            raise IllegalActionError("reset the environment before its first step")
        indices = self._indices(actions)
        moves = [self._move(index, int(indices[index])) for index in range(self.num_envs)]
        shape = (self.num_envs, self.players) if self.opponent is None else (self.num_envs,)
        rewards = np.zeros(shape, dtype=np.float64)
        terminated = np.zeros(self.num_envs, dtype=np.bool_)
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        finished: list[int] = []
        for index, move in enumerate(moves):
            if self.opponent is None:
                table = self.tables[index]
                rewards[index] = table._play(move)
                table._end_if_over()
                table._select()
            else:
                learner = self.learners[index]
                _, paid, _, _, _ = learner.step(int(indices[index]))
                rewards[index] = float(paid)
            table = self.tables[index]
            terminated[index] = table.game.over
            truncated[index] = table.capped
            if terminated[index] or truncated[index]:
                finished.append(index)
        infos: dict[str, Any] = {}
        if finished:
            final = self._batch()
            final_obs = np.empty(self.num_envs, dtype=object)
            for index in finished:
                final_obs[index] = {key: value[index] for key, value in final.items()}
                self._reset_one(index, None, None)
            infos["final_obs"] = final_obs
            infos["_final_obs"] = terminated | truncated
        infos.update(self._infos())
        return self._batch(), rewards, terminated, truncated, infos

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal indices of every game now, ``(num_envs, actions)``."""
        self._check_open()
        return self._batch()["action_mask"]

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release; a closed batch refuses further steps."""
        self._closed = True

    # --- inside ------------------------------------------------------------------------------

    def _check_open(self) -> None:
        if self._closed:
            raise IllegalActionError("the environment is closed")

    def _seeds(self, seed: Any) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, int | np.integer) and not isinstance(seed, bool):
            return [int(seed) + i for i in range(self.num_envs)]
        if isinstance(seed, list | tuple) and len(seed) == self.num_envs:
            return list(seed)
        raise IllegalActionError(
            f"seed is an integer, None or a list of {self.num_envs} seeds, not {seed!r:.40}"
        )

    def _reset_one(self, index: int, seed: int | None, options: dict[str, Any] | None) -> None:
        if self.opponent is None:
            self.tables[index].reset(seed=seed, options=options)
            return
        learner = self.learners[index]
        learner.reset(seed=seed, options=options)
        # A game the bots end before the learner's first decision (a dealer's heavenly hand in
        # a one-round game) gives it nothing to learn from: the next game of the sequence.
        for _ in range(_GAMES_WITHOUT_DECISION):
            if learner.action_masks().any():
                return
            learner.reset(options=options)
        raise MahjongError(
            f"env {index}: {_GAMES_WITHOUT_DECISION} games in a row gave seat {learner.seat} "
            "no decision"
        )

    def _indices(self, actions: Any) -> npt.NDArray[np.int64]:
        """The actions as one integer index per game, or a refusal."""
        array = np.asarray(actions)
        if array.shape != (self.num_envs,):
            raise IllegalActionError(
                f"actions are one index per env, shape ({self.num_envs},), not {array.shape}"
            )
        if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
            raise IllegalActionError(f"actions are integer indices, not {array.dtype}")
        return array.astype(np.int64)

    def _move(self, index: int, action: int) -> Action:
        """The engine action that env ``index``'s acting seat plays (checked, not played)."""
        table = self.tables[index]
        seat = self._acting(index)
        try:
            return table._checked(seat, action)
        except IllegalActionError as error:
            raise IllegalActionError(f"env {index}: {error}") from None

    def _acting(self, index: int) -> int:
        if self.opponent is None:
            table = self.tables[index]
            return table._seat_of[table.agent_selection]
        return self.learners[index].seat

    def _batch(self) -> Batch:
        observations: list[npt.NDArray[np.float32]] = []
        masks: list[npt.NDArray[np.int8]] = []
        for index, table in enumerate(self.tables):
            observed: Observed = table.observe(table.possible_agents[self._acting(index)])
            observations.append(observed["observation"])
            masks.append(observed["action_mask"])
        return {"observation": np.stack(observations), "action_mask": np.stack(masks)}

    def _infos(self) -> dict[str, Any]:
        """``seat``: the seat each game's observation is for (the one to act)."""
        return {"seat": np.array([self._acting(i) for i in range(self.num_envs)], dtype=np.int64)}


def vector_env(
    variant: str = VARIANT_NAMES[0], num_envs: int = 1, **options: Any
) -> MahjongVectorEnv:
    """``num_envs`` games of a family stepped together (see :class:`MahjongVectorEnv`)."""
    return MahjongVectorEnv(variant, num_envs, **options)
