"""The agent protocol, a random agent and a tile-efficiency agent."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from mahjongkit.errors import IllegalActionError
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import Observation
from mahjongkit.shapes import HandShape, shanten, ukeire
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import counts_of_ids


class Agent(Protocol):
    """Anything that picks one of the legal actions of an observation."""

    def act(self, observation: Observation) -> Action:
        """The action to play, one of ``observation.legal_actions``."""
        ...


def _legal(observation: Observation) -> list[Action]:
    return list(observation.legal_actions)


class RandomAgent:
    """Uniformly random legal actions, but always a win when one is offered."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> Action:
        """A win if offered, else any legal action."""
        legal = _legal(observation)
        wins = [a for a in legal if a.type in (A.TSUMO, A.RON)]
        return wins[0] if wins else self.rng.choice(legal)


_counts = counts_of_ids


class EfficientAgent:
    """Plays for the fastest ready hand: every win, riichi when ready, and the discard that
    keeps the lowest shanten and the most tiles that improve it (counting the tiles it has seen).
    It calls only when a call lowers its shanten, and never in Riichi (to keep its hand
    concealed). In Sichuan it gives away and declares its shortest suit."""

    def act(self, observation: Observation) -> Action:
        """The action to play."""
        legal = _legal(observation)
        if not legal:
            raise IllegalActionError("the agent was asked to act with nothing to decide")
        for action in legal:
            if action.type in (A.TSUMO, A.RON):
                return action
        me = observation.own
        hand = list(observation.hand)
        if any(a.type == A.DECLARE_MISSING for a in legal):
            by_suit = [sum(1 for t in hand if t // 36 == suit) for suit in range(3)]
            return next(a for a in legal if a.suit == by_suit.index(min(by_suit)))
        if any(a.type == A.EXCHANGE for a in legal):
            return self._exchange(legal, hand)
        shape = observation.hand_shape
        melds = len(me.melds)
        if observation.phase == "turn":
            return self._turn(observation, legal, hand, melds, shape)
        return self._claim(observation, legal, hand, melds, shape)

    @staticmethod
    def _visible(observation: Observation) -> list[int]:
        return observation.visible_counts()

    def _turn(
        self,
        observation: Observation,
        legal: list[Action],
        hand: list[int],
        melds: int,
        shape: HandShape,
    ) -> Action:
        counts = _counts(hand)
        visible = self._visible(observation)
        best: tuple[int, int] | None = None
        choice: Action | None = None
        for action in legal:
            if action.type != A.DISCARD or action.tile is None:
                continue
            kind = action.tile // 4
            counts[kind] -= 1
            value = (shanten(counts, melds, shape), -ukeire(counts, melds, shape, visible).tiles)
            counts[kind] += 1
            if best is None or value < best:
                best, choice = value, action
        if choice is None:
            return legal[0]
        for action in legal:
            if action.type == A.RIICHI and action.tile == choice.tile:
                return action
        return choice

    def _claim(
        self,
        observation: Observation,
        legal: list[Action],
        hand: list[int],
        melds: int,
        shape: HandShape,
    ) -> Action:
        passing = next((a for a in legal if a.type == A.PASS), legal[0])
        if observation.variant == "riichi":
            # Calls would give up riichi and the concealed-hand yaku this agent plays for.
            return passing
        before = shanten(_counts(hand), melds, shape)
        for action in legal:
            if action.type in (A.PON, A.KAN, A.CHI) and action.tile is not None:
                counts = _counts([t for t in hand if t not in action.consumed])
                after = (
                    shanten(counts, melds + 1, shape)
                    if action.type == A.KAN
                    else min(self._after_discard(counts, melds + 1, shape))
                )
                if after < before:
                    return action
        return passing

    @staticmethod
    def _after_discard(counts: list[int], melds: int, shape: HandShape) -> list[int]:
        values = []
        for kind in range(34):
            if counts[kind]:
                counts[kind] -= 1
                values.append(shanten(counts, melds, shape))
                counts[kind] += 1
        return values or [99]

    @staticmethod
    def _exchange(legal: list[Action], hand: list[int]) -> Action:
        by_suit = [sum(1 for t in hand if t // 36 == suit) for suit in range(3)]
        sizes = {a.consumed[0] // 36: by_suit[a.consumed[0] // 36] for a in legal}
        suit = min(sizes, key=lambda s: sizes[s])
        return next(a for a in legal if a.consumed[0] // 36 == suit)


def play(game: Game, agents: Sequence[Agent], max_actions: int = 200_000) -> int:
    """Play ``game`` to its end, each seat asking its agent; return the actions played."""
    if len(agents) != game.players:
        raise IllegalActionError(f"{len(agents)} agents for {game.players} seats")
    if not game.log:
        game.start()
    played = 0
    while not game.over and played < max_actions:
        waiting = game.waiting_for()
        if not waiting:
            break
        seat = waiting[0]
        game.apply(agents[seat].act(game.observation(seat, with_events=False)))
        played += 1
    return played
