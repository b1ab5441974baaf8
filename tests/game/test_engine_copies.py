"""A game copied (copy, deepcopy) or pickled mid-round is the same game, and goes on alike: the
engine is a compiled class where a build is present, and a copy must keep all of its state,
including what a Python subclass adds."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from mahjongkit.bots.policy import random_policy
from mahjongkit.game.engine import Game


def _play(game: Game, rng: random.Random, decisions: int) -> None:
    for _ in range(decisions):
        seats = game.waiting_for()
        if not seats:
            return
        game.apply(random_policy(game, seats[0], rng, efficient=False))


def _finish(game: Game, seed: int) -> list:
    _play(game, random.Random(seed), 10_000)
    return list(game.log)


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
@pytest.mark.parametrize(
    "twin", [copy.deepcopy, lambda game: pickle.loads(pickle.dumps(game))], ids=["deep", "pickle"]
)
def test_a_copied_game_plays_on_exactly_like_its_original(variant: str, twin) -> None:
    game = Game(variant, seed=11, max_rounds=2)
    game.start()
    _play(game, random.Random(5), 40)
    copied = twin(game)
    assert type(copied) is Game
    assert copied.snapshot() == game.snapshot()
    assert copied.log == game.log and copied.log is not game.log
    assert [copied.legal_actions(s) for s in range(game.players)] == [
        game.legal_actions(s) for s in range(game.players)
    ]
    before = list(game.log)
    ended = _finish(copied, 7)
    assert game.log == before  # playing the copy left the original as it was
    assert len(ended) > len(before)
    assert _finish(game, 7) == ended


def test_a_shallow_copy_shares_nothing_it_would_corrupt_by_reading() -> None:
    game = Game("riichi", seed=2)
    game.start()
    shallow = copy.copy(game)
    assert shallow.snapshot() == game.snapshot()
    assert shallow.legal_actions(0) == game.legal_actions(0)


class _Noted(Game):
    """A Python subclass with an attribute of its own, as a replay or a recorder has."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.notes: list[int] = []

    def apply(self, action: object) -> list:
        events = super().apply(action)
        self.notes.append(len(events))
        return events


def test_a_subclass_keeps_its_own_attributes_through_pickle_and_deepcopy() -> None:
    game = _Noted("riichi", seed=3)
    game.start()
    _play(game, random.Random(1), 12)
    assert len(game.notes) == 12
    for copied in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert type(copied) is _Noted
        assert copied.notes == game.notes and copied.notes is not game.notes
        assert copied.log == game.log
        _play(copied, random.Random(9), 3)
        assert len(copied.notes) == 15 and len(game.notes) == 12
