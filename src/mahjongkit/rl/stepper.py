"""The environments' work at every step, in one compiled class: a seat's observation and legal
index table (made once per position), the action played and what it pays, the seat to act.

:class:`~mahjongkit.rl.aec.MahjongEnv` stays a Python class (it extends PettingZoo's) and calls
one method of :class:`Stepper` where it used to run its own loops: reading the engine's state
from compiled code skips the interpreter's frames and lets the engine's compiled methods be
called directly. Nothing here decides a rule or checks a caller's value beyond what the
environment checked before calling: the environment refuses bad input first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from mahjongkit.game.engine import Game
from mahjongkit.rl.encoder import SeatPlanesV1
from mahjongkit.rl.masks import legal_indices, mask_bytes
from mahjongkit.table.actions import Action

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from typing import Final

__all__ = ["NOBODY", "NOT_LEGAL", "Stepper"]

_START_KYOKU: Final = "start_kyoku"
_END_GAME: Final = "end_game"
_INT8: Final = np.int8
_FROMBUFFER: Final = np.frombuffer

NOBODY: Final = -1
"""What :meth:`Stepper.next_seat` answers once the game is over or stopped at the cap."""
NOT_LEGAL: Final = -3
"""What :meth:`Stepper.step` answers for an index that is not legal now (nothing played)."""


class Stepper:
    """One environment's per-step work on its current game (:meth:`restart` at each reset).

    ``planes``: each seat's kept planes (``planes(game, has_legal)``); ``slot_groups``,
    ``fixed``, ``slot_of``, ``index_of`` and ``size``: the action codec's tables (see
    :func:`~mahjongkit.rl.masks.legal_indices`); ``reward_scale`` multiplies the score changes
    paid; ``round_cap``: the rounds after which a game its rules have not ended is stopped.
    """

    def __init__(
        self,
        planes: list[Any],
        slot_groups: dict[str, int],
        fixed: dict[str, int],
        slot_of: list[int],
        index_of: Callable[[Action], int],
        size: int,
        reward_scale: float,
        round_cap: int,
    ) -> None:
        self.planes = planes
        # The v1 planes are called natively (the common case); others by their method.
        self._v1: list[SeatPlanesV1 | None] = [
            p if isinstance(p, SeatPlanesV1) else None for p in planes
        ]
        self._slot_groups = slot_groups
        self._fixed = fixed
        self._slot_of = slot_of
        self._index_of = index_of
        self.size = size
        self._scale = reward_scale
        self._cap = round_cap
        self.game: Game | None = None
        self._seen = 0
        self._round_start: list[int] = []
        players = len(planes)
        # Per seat: the log length its look was made at (-1: none), the look and its table.
        self._versions = [-1] * players
        self._looks: list[dict[str, Any] | None] = [None] * players
        self._chosen: list[dict[int, Action]] = [{} for _ in range(players)]

    def restart(self, game: Game) -> None:
        """Follow ``game`` (just started): nothing looked at, nothing paid yet."""
        self.game = game
        self._seen = len(game.log)
        self._round_start = list(game.scores)
        for seat in range(len(self._versions)):
            self._versions[seat] = -1
            self._looks[seat] = None
            self._chosen[seat] = {}

    def _game(self) -> Game:
        game = self.game
        assert game is not None, "restart() names the game first"
        return game

    def look(self, seat: int) -> tuple[dict[str, Any], dict[int, Action]]:
        """A seat's ``{"observation", "action_mask"}`` and the engine action of each legal
        index, made once per position (the log's length) and kept until the next."""
        game = self._game()
        version = len(game.log)
        if self._versions[seat] == version:
            found = self._looks[seat]
            if found is not None:
                return found, self._chosen[seat]
        legal = game.legal_actions(seat)
        v1 = self._v1[seat]
        if v1 is not None:
            planes = v1.table_planes(game, bool(legal))
        else:
            planes = self.planes[seat].planes(game, bool(legal))
        chosen = legal_indices(
            legal,
            game.round.seats[seat].drawn,
            self._slot_groups,
            self._fixed,
            self._slot_of,
            self._index_of,
        )
        mask = _FROMBUFFER(mask_bytes(chosen, self.size), _INT8)
        observed: dict[str, Any] = {"observation": planes, "action_mask": mask}
        self._versions[seat] = version
        self._looks[seat] = observed
        self._chosen[seat] = chosen
        return observed, chosen

    def observed(self, seat: int, selected: bool) -> dict[str, Any]:
        """A seat's ``{"observation", "action_mask"}``: its look when it is the seat
        ``selected`` to act while the game goes on, else its planes with a mask of zeros."""
        found = self.look(seat)[0]
        if selected and self.live():
            return found
        return {"observation": found["observation"], "action_mask": np.zeros(self.size, _INT8)}

    def step(
        self,
        seat: int,
        index: int,
        rewards: dict[str, float],
        cumulative: dict[str, float],
        names: list[str],
    ) -> int:
        """Play a seat's index, pay what it moves into ``rewards`` and ``cumulative`` (as
        :func:`settle`; the seat's cumulative reward starts again from 0 first) and answer the
        next seat (as :meth:`next_seat`), or :data:`NOT_LEGAL` with nothing played or paid
        when the index is not legal now."""
        action = self.look(seat)[1].get(index)
        if action is None:
            return NOT_LEGAL
        cumulative[names[seat]] = 0.0
        settle(rewards, cumulative, names, self.play(action))
        return self.next_seat()

    def chosen(self, seat: int, index: int) -> Action | None:
        """The engine action a seat's index stands for now (None: not a legal index)."""
        return self.look(seat)[1].get(index)

    def live(self) -> bool:
        """Whether the game goes on: neither over nor stopped at the round cap."""
        game = self._game()
        state = game.state
        return not state.over and state.rounds_played < self._cap

    def capped(self) -> bool:
        """Whether the game was stopped at the round cap before its rules ended it."""
        state = self._game().state
        return not state.over and state.rounds_played >= self._cap

    def play(self, action: Action) -> list[float] | None:
        """Play an engine action; what each seat is paid for it (None: nothing, as on most
        steps): a round's whole change when a round ends, the final settlement when the game
        does."""
        game = self._game()
        game.apply(action)
        log = game.log
        end = len(log)
        paid: list[float] | None = None
        for number in range(self._seen, end):
            event = log[number]
            kind = event["type"]
            if kind in (_START_KYOKU, _END_GAME):
                scores: list[int] = list(event["scores"])  # type: ignore[typeddict-item]
                if paid is None:
                    paid = [0.0] * len(scores)
                before = self._round_start
                for seat in range(len(scores)):
                    paid[seat] += (scores[seat] - before[seat]) * self._scale
                self._round_start = scores
        self._seen = end
        return paid

    def next_seat(self) -> int:
        """The first seat the table waits for, or :data:`NOBODY` once the game is over or
        stopped at the cap."""
        if not self.live():
            return NOBODY
        waiting = self._game().waiting_for()
        return waiting[0] if waiting else -2


def settle(
    rewards: dict[str, float],
    cumulative: dict[str, float],
    names: list[str],
    paid: list[float] | None,
) -> None:
    """A step's rewards: each agent still in ``rewards`` is paid its seat's share of ``paid``
    (``names``: the agent of each seat; None: nothing), added to its cumulative reward."""
    if paid is None:
        for name in rewards:
            rewards[name] = 0.0
        return
    for seat in range(len(paid)):
        name = names[seat]
        if name in rewards:
            rewards[name] = paid[seat]
            cumulative[name] += paid[seat]
