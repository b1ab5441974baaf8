"""Bots play until someone else must decide: the one loop every surface runs a table with.

A table seats bots and, maybe, seats decided elsewhere (a person at the terminal or on the web
page, a learner in the RL environment). :func:`run_until` lets the bots answer whenever the
engine asks them, in the order it asks, and returns when only seats without a bot are asked,
when the caller's ``stop`` says so, or when the game is over. :func:`run_seats` is the same
loop over any way of choosing a seat's action (the seeded random player reads the game itself).

>>> from mahjongkit.bots.agents import EfficientAgent
>>> from mahjongkit.game.engine import Game
>>> game = Game("riichi", seed=2, max_rounds=1)
>>> _ = game.start()
>>> _ = run_until(game, {1: EfficientAgent(), 2: EfficientAgent(), 3: EfficientAgent()})
>>> game.over or 0 in game.waiting_for()
True
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from mahjongkit.game.engine import Game
    from mahjongkit.game.observation import Observation
    from mahjongkit.table.actions import Action

__all__ = ["Agent", "LegalOnlyAgent", "run_seats", "run_until"]


class Agent(Protocol):
    """Anything that picks one of the legal actions of an observation."""

    def act(self, observation: Observation) -> Action:
        """The action to play, one of ``observation.legal_actions``."""
        ...


class LegalOnlyAgent(Agent, Protocol):
    """An agent whose choice reads nothing of the observation but its legal actions: the
    tables that seat it hand it those alone and spare building the whole observation (most of
    a random player's cost)."""

    def act_on_legal(self, legal: Sequence[Action]) -> Action:
        """The action :meth:`act` would play given an observation with these legal actions."""
        ...


def run_seats(
    game: Game,
    seats: Container[int],
    decide: Callable[[int], Action],
    *,
    stop: Callable[[], bool] | None = None,
    play: Callable[[int, Action], object] | None = None,
    max_actions: int = 200_000,
    on_round: Callable[[int], None] | None = None,
) -> int:
    """Let ``decide`` answer for ``seats`` until no seat of them is asked, ``stop()`` is true
    (asked before each action) or the game is over; return the actions played.

    The first seat of ``seats`` the engine asks acts first. ``play`` applies a seat's action
    (default: :meth:`Game.apply`; the RL environment steps through its own table).
    ``on_round`` is told the number of rounds over each time a round ends (a progress bar
    follows a long game by it).
    """
    played = 0
    rounds = game.rounds_played
    while not game.over and played < max_actions:
        if stop is not None and stop():
            break
        # The first seat of ``seats`` asked (a loop, not a generator: it runs every decision).
        for seat in game.waiting_for():
            if seat in seats:
                break
        else:
            break
        action = decide(seat)
        if play is None:
            game.apply(action)
        else:
            play(seat, action)
        played += 1
        if on_round is not None and game.rounds_played != rounds:
            rounds = game.rounds_played
            on_round(rounds)
    return played


def run_until(
    game: Game,
    agents: Mapping[int, Agent] | Sequence[Agent | None],
    *,
    stop: Callable[[], bool] | None = None,
    play: Callable[[int, Action], object] | None = None,
    max_actions: int = 200_000,
    on_round: Callable[[int], None] | None = None,
) -> int:
    """Let the bots of ``agents`` (by seat; a seat without one is decided elsewhere) play until
    a seat without a bot must decide, ``stop()`` is true or the game is over; return the
    actions played. Each bot is shown its seat's observation without the log.
    See :func:`run_seats` for ``play``, ``max_actions`` and ``on_round``."""
    bots = (
        dict(agents)
        if isinstance(agents, Mapping)
        else {seat: agent for seat, agent in enumerate(agents) if agent is not None}
    )

    # Asked once per seat, not per decision: an agent that needs only the legal actions gets
    # them without the observation (a subclass that overrides act is asked through act).
    on_legal = {seat: _legal_only(bot) for seat, bot in bots.items()}

    def decide(seat: int) -> Action:
        chooser = on_legal[seat]
        if chooser is not None:
            return chooser(game.legal_actions(seat))
        return bots[seat].act(game.observation(seat, with_events=False))

    return run_seats(
        game,
        bots,
        decide,
        stop=stop,
        play=play,
        max_actions=max_actions,
        on_round=on_round,
    )


def _legal_only(agent: Agent) -> Callable[[Sequence[Action]], Action] | None:
    """``agent``'s ``act_on_legal`` when it chooses from the legal actions alone: it has one,
    and no ``act`` more particular than it (a subclass or an instance overriding ``act`` may
    read more than the legal actions)."""
    chooser = getattr(agent, "act_on_legal", None)
    if chooser is None or "act" in getattr(agent, "__dict__", ()):
        return None
    mro = type(agent).__mro__
    act_owner = next((i for i, klass in enumerate(mro) if "act" in vars(klass)), len(mro))
    legal_owner = next(i for i, klass in enumerate(mro) if "act_on_legal" in vars(klass))
    return chooser if legal_owner <= act_owner else None
