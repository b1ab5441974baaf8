"""A PettingZoo AEC environment for every family, on the table engine.

One agent per seat (``player_0`` is seat 0, the first dealer). The agent to act is the first seat
:meth:`Game.waiting_for` names; in a claim window every seat that may claim answers in turn, and
none sees another's answer. A seat that has won a Sichuan hand leaves the turn order but stays an
agent: it is never selected until the next hand, and its score still moves (refunds, the wall-end
settlement), so its rewards reach it with everyone's. Every agent terminates when the game ends.

Rewards are score changes, paid when a round ends (the round's whole change, riichi deposits
included) and when the game ends (what the final settlement moves); every other step pays 0.

A game its rules have not ended after ``round_cap`` rounds (the family record's
:attr:`~mahjongkit.variants.base.Variant.round_cap` by default) is stopped there: every agent is
truncated, none terminated.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from mahjongkit.errors import IllegalActionError, MahjongError
from mahjongkit.game.engine import Game
from mahjongkit.rl.encoder import SCORE_SCALES, encode_v1
from mahjongkit.rl.encoders import SeatPlanes, encoder_named
from mahjongkit.rl.spaces import ActionCodec, layout_for
from mahjongkit.rl.stepper import NOBODY, NOT_LEGAL, Stepper
from mahjongkit.table.actions import Action
from mahjongkit.tiles import format_kind
from mahjongkit.variants import VARIANT_NAMES, find_variant

__all__ = ["MahjongEnv", "env"]

RENDER_MODES = ("ansi", "human")
Observed = dict[str, npt.NDArray[Any]]


def _rules_of(variant: str, rules: Any) -> Any:
    record = find_variant(variant)
    if rules is None:
        return record.table_rules()
    if isinstance(rules, str):
        return record.rules(rules)
    return rules


class MahjongEnv(AECEnv[str, Observed, int]):  # type: ignore[misc]  # PettingZoo is untyped
    """The AEC environment of ``variant`` (``riichi``, ``hongkong`` or ``sichuan``).

    ``rules``: a rules object, a preset name, or None (Riichi: ``tenhou``; else the family's
    defaults). ``max_rounds`` ends each game after that many rounds (the game's own end:
    terminated); ``round_cap`` stops a game its rules have not ended after that many rounds
    (truncated; None: the family's cap). ``encoder``: ``v1`` or ``v2``. ``reward_scale``
    multiplies the score changes paid as rewards. ``render_mode``: None, ``ansi`` or ``human``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": list(RENDER_MODES),
        "name": "mahjongkit_v1",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str = VARIANT_NAMES[0],  # the registry's first family
        rules: Any = None,
        render_mode: str | None = None,
        *,
        encoder: str = "v1",
        max_rounds: int | None = None,
        reward_scale: float = 1.0,
        round_cap: int | None = None,
    ) -> None:
        super().__init__()
        if not isinstance(variant, str) or variant not in VARIANT_NAMES:
            raise IllegalActionError(
                f"unknown family {variant!r:.40}: expected one of {', '.join(VARIANT_NAMES)}"
            )
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise IllegalActionError(
                f"render_mode is None or one of {', '.join(RENDER_MODES)}, not {render_mode!r:.40}"
            )
        layout = encoder_named(encoder)
        cap = find_variant(variant).round_cap if round_cap is None else round_cap
        if type(cap) is not int or cap < 1:
            raise IllegalActionError(f"round_cap is a positive integer, not {round_cap!r:.40}")
        if (
            isinstance(reward_scale, bool)
            or not isinstance(reward_scale, int | float)
            or not reward_scale > 0
            or reward_scale == float("inf")
        ):
            raise IllegalActionError(f"reward_scale is a positive number, not {reward_scale!r:.40}")
        self.variant = variant
        self.rules = _rules_of(variant, rules)
        # A game made once refuses bad rules and a bad round count now, not at the first reset.
        probe = Game(variant, self.rules, max_rounds=max_rounds)
        self.render_mode = render_mode
        self.encoder = encoder
        self._make_planes = layout.make
        self.max_rounds = max_rounds
        self.round_cap = cap
        self.reward_scale = float(reward_scale)
        self.layout = layout_for(variant, self.rules)
        self.codec = ActionCodec(self.layout, bool(getattr(self.rules, "red_fives", False)))
        self._size = self.codec.size
        self._red = bool(getattr(self.rules, "red_fives", False))
        self._score_scale = SCORE_SCALES[variant]
        self.possible_agents = [f"player_{seat}" for seat in range(probe.players)]
        self.agents: list[str] = []
        self._seat_of = {name: seat for seat, name in enumerate(self.possible_agents)}
        box = gymnasium.spaces.Box(0.0, 1.0, layout.shape, np.float32)
        mask = gymnasium.spaces.Box(0, 1, (self.layout.size,), np.int8)
        self._observation_space = gymnasium.spaces.Dict({"observation": box, "action_mask": mask})
        self._action_space = gymnasium.spaces.Discrete(self.layout.size)
        self._observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self._action_spaces = {a: self._action_space for a in self.possible_agents}
        self._seeds = random.Random()
        self.game: Game = probe
        self._planes = self._seat_planes()
        self._steps = self._stepper()

    # --- spaces ---------------------------------------------------------------------------------

    def _seat_planes(self) -> list[SeatPlanes]:
        return [
            self._make_planes(s, self._score_scale, self._red)
            for s in range(len(self.possible_agents))
        ]

    def _stepper(self) -> Stepper:
        """The per-step work (each seat's look kept per position, the payments, the seat to
        act) in compiled code, on the seats' planes: see :mod:`mahjongkit.rl.stepper`."""
        codec = self.codec
        return Stepper(
            list(self._planes),
            codec._slot_groups,
            codec._fixed,
            codec.slot_of,
            codec.index,
            codec.size,
            self.reward_scale,
            self.round_cap,
        )

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Dict(observation=Box(planes, 34), action_mask=Box(n))`` for every agent."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(n)``: the family's layout (:mod:`mahjongkit.rl.spaces`)."""
        return self._action_spaces[agent]

    # --- the AEC interface ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` makes it (and every game after it until the next seed) repeat;
        ``options`` is accepted and unused."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
                raise IllegalActionError(f"a seed is an integer, not {seed!r:.40}")
            self._seeds = random.Random(int(seed))
        if options is not None and not isinstance(options, Mapping):
            raise IllegalActionError(f"options is a mapping or None, not {options!r:.40}")
        self.game = Game(
            self.variant, self.rules, seed=self._seeds.randrange(2**62), max_rounds=self.max_rounds
        )
        self.game.start()
        self._steps.restart(self.game)
        # The seats' kept planes carry over: a new game's first look starts them again.
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> Observed:
        """``{"observation": planes, "action_mask": mask}``; the mask is all zeros for an agent
        that is not to act now."""
        seat = self._seat_of.get(agent)
        if seat is None:
            raise IllegalActionError(
                f"no agent {agent!r:.40}: the agents are {', '.join(self.possible_agents)}"
            )
        return self._steps.observed(seat, agent == self.agent_selection)

    def step(self, action: int | None) -> None:
        """Play the selected agent's action index (``None`` for an agent that is done)."""
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        if not self.agents:
            raise IllegalActionError("the game is over: reset the environment")
        seat = self._seat_of[agent]
        index = action if type(action) is int and 0 <= action < self._size else self._index(action)
        # Played, paid and the next seat found in one compiled call (see Stepper.step).
        following = self._steps.step(
            seat, index, self.rewards, self._cumulative_rewards, self.possible_agents
        )
        if following == NOT_LEGAL:
            self._checked(seat, index)  # refuses it, naming what is legal
        self._select(end=True, seat=following)
        if self.render_mode == "human":
            print(self.render())

    def _checked(self, seat: int, action: Any) -> Action:
        """The engine action a seat's index stands for, or a refusal (nothing changes)."""
        index = self._index(action)
        engine_action = self._steps.chosen(seat, index)
        if engine_action is None:
            chosen = self._steps.look(seat)[1]
            legal = ", ".join(self.layout.name(i) for i in sorted(chosen)) or "nothing"
            raise IllegalActionError(
                f"{self.possible_agents[seat]} may not play action {index} "
                f"({self.layout.name(index)}) now; legal: {legal}"
            )
        return engine_action

    def _play(self, engine_action: Action) -> list[float]:
        """Play an engine action; what each seat is paid for it."""
        paid = self._steps.play(engine_action)
        return [0.0] * len(self.possible_agents) if paid is None else paid

    @property
    def capped(self) -> bool:
        """Whether the game was stopped at the round cap before its rules ended it."""
        return self._steps.capped()

    def _end_if_over(self) -> None:
        """Terminate every agent at the game's end, truncate them all at the round cap."""
        if self.game.over:
            for name in self.agents:
                self.terminations[name] = True
        elif self.capped:
            for name in self.agents:
                self.truncations[name] = True

    def render(self) -> str | None:
        """``ansi``: the table as text (scores, the acting seat's hand); ``human`` prints it."""
        if self.render_mode is None:
            return None
        game = self.game
        lines = [f"{self.variant} round {game.rounds_played + 1}, scores {game.scores}"]
        waiting = game.waiting_for()
        if waiting:
            seen = game.observation(waiting[0], with_events=False)
            hand = " ".join(format_kind(t // 4) for t in seen.hand)
            lines.append(f"player_{seen.seat} to act ({seen.phase}): {hand}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""

    def action_name(self, index: int) -> str:
        """What an action index means in this family (``discard 5p``, ``pon``...)."""
        return self.layout.name(self._index(index))

    # --- inside ---------------------------------------------------------------------------------

    def _index(self, action: Any) -> int:
        if type(action) is int and 0 <= action < self.codec.size:
            return action
        if isinstance(action, np.ndarray) and action.shape in ((), (1,)):
            action = action.reshape(()).item()
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise IllegalActionError(
                f"an action is an integer index 0..{self.layout.size - 1}, not {action!r:.40}"
            )
        index = int(action)
        if not 0 <= index < self.codec.size:
            raise IllegalActionError(
                f"action {index} is outside the {self.variant} action space "
                f"0..{self.layout.size - 1}"
            )
        return index

    def _encoded(self, seat: int) -> tuple[Observed, dict[int, Action]]:
        """The observation and the legal index table of a seat, made once per position.

        The planes are the seat's kept planes, brought up to date from the game (only what
        changed since the seat last looked is made again; the same planes as those of its
        :meth:`Game.observation`, made without one where the encoder can), the mask and the
        index table from its legal actions and its drawn tile.
        """
        return self._steps.look(seat)

    def _select(self, end: bool = False, seat: int | None = None) -> None:
        """Select the agent to act (``seat``: the stepper's next seat, when known); with
        ``end``, first terminate every agent at the game's end, or truncate them all at the
        round cap."""
        if seat is None:
            seat = self._steps.next_seat()
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]
            return
        if seat != NOBODY:
            raise MahjongError("the table waits for nobody before the game's end")
        if end:
            self._end_if_over()
        self.agent_selection = self.agents[0]


def encode(
    game: Game, seat: int, codec: ActionCodec, score_scale: float, red_fives: bool
) -> tuple[Observed, dict[int, Action]]:
    """One seat's ``{"observation", "action_mask"}`` and the engine action of each legal index,
    made from its :class:`Observation` (the reference the environment's own path must equal)."""
    seen = game.observation(seat, with_events=False)
    planes = encode_v1(seen, seen.rob_tile, score_scale, red_fives)
    mask, chosen = codec.table(seen.legal_actions, seen.own.drawn if seen.seats else None)
    return {"observation": planes, "action_mask": mask}, chosen


env = MahjongEnv
"""``env(variant, rules=None, render_mode=None, *, encoder="v1", max_rounds=None,
reward_scale=1.0)``: the PettingZoo AEC environment of a family (see :class:`MahjongEnv`)."""
