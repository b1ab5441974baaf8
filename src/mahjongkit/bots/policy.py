"""A seeded random player for self-play and tests: legal actions, a win whenever offered.

It reads the game's own state (not an observation) to be fast and to keep its choices exactly
reproducible from a seed: the golden logs of the test suite are played by it.
"""

from __future__ import annotations

import random

from mahjongkit.bots.session import run_seats
from mahjongkit.errors import IllegalActionError
from mahjongkit.game.engine import Game
from mahjongkit.shapes import shanten
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.state import Phase
from mahjongkit.tiles import counts_of_ids

_WINS = (A.TSUMO, A.RON)


def random_policy(
    game: Game, seat: int, rng: random.Random, efficient: bool = True, win_rate: float = 1.0
) -> Action:
    """A random legal action; a win when one is offered, with probability ``win_rate``.

    With ``efficient`` the discard is drawn among those that keep the hand closest to ready
    (lowest shanten), so that hands are won often enough to exercise every path of the table.
    A ``win_rate`` below 1 passes up some wins, which exercises furiten.
    """
    legal = game.legal_actions(seat)
    # The engine lists a win before anything else, so the first action tells whether one is
    # offered (self-play asks this at every decision).
    wins = [a for a in legal if a.type in _WINS] if legal and legal[0].type in _WINS else []
    if wins and (win_rate >= 1.0 or rng.random() < win_rate):
        return wins[0]
    if wins:
        legal = [a for a in legal if a.type not in (A.TSUMO, A.RON)]
    if efficient and game.round.phase is Phase.TURN:
        state = game.round.seats[seat]
        counts = counts_of_ids(state.hand)
        shape = game.flow.shape(game, seat)
        scored: list[tuple[int, Action]] = []
        for action in legal:
            if action.type in (A.DISCARD, A.RIICHI) and action.tile is not None:
                kind = action.tile // 4
                counts[kind] -= 1
                scored.append((shanten(counts, len(state.melds), shape), action))
                counts[kind] += 1
        if scored:
            best = min(value for value, _ in scored)
            others = [a for a in legal if a.type not in (A.DISCARD, A.RIICHI)]
            choices = [a for value, a in scored if value == best]
            if others and rng.random() < 0.1:
                choices = others
            return rng.choice(choices)
    return rng.choice(legal)


def play_random(
    game: Game,
    rng: random.Random,
    max_actions: int = 200_000,
    efficient: bool = True,
    win_rate: float = 1.0,
) -> int:
    """Play ``game`` to its end with :func:`random_policy`; return the actions played."""
    if not game.log:
        game.start()
    played = run_seats(
        game,
        range(game.players),
        lambda seat: random_policy(game, seat, rng, efficient, win_rate),
        max_actions=max_actions,
    )
    stuck = not game.over and played < max_actions and not game.waiting_for()
    if stuck and game.round.phase is not Phase.ROUND_OVER:
        raise IllegalActionError("no seat can act but the game is not over")
    return played
