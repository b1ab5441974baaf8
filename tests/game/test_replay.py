"""Replaying an event log: a log that is not one is refused, naming the bad event."""

import pytest

from mahjongkit.errors import IllegalActionError
from mahjongkit.game.engine import Game


def test_replaying_garbage_logs_names_the_bad_event():
    game = Game("sichuan", seed=1)
    game.start()
    good = list(game.log)
    cases = [
        ([], "starts with a start_game"),
        ([{"type": "tsumo"}], "starts with a start_game"),
        (["start_game"], "starts with a start_game"),
        ([good[0], {"type": "fly"}], "event 1: unknown event type 'fly'"),
        ([good[0], {"type": "start_kyoku"}], "event 1: start_kyoku: missing field 'bakaze'"),
        ([good[0], 7], "event 1: an event is a JSON object, not 7"),
        ([*good[:2], {"type": "dahai", "actor": 0, "mjk_id": 999}], "event 2: dahai: missing"),
    ]
    for log, fragment in cases:
        with pytest.raises(IllegalActionError, match=fragment):
            Game.replay(log)
    assert Game.replay(good).snapshot() == game.snapshot()


def test_a_game_with_the_largest_seed_replays() -> None:
    import random as _random

    from mahjongkit.bots.policy import play_random

    seed = 2**63 - 1
    game = Game("riichi", seed=seed, max_rounds=1)
    play_random(game, _random.Random(1))
    replayed = Game.replay(game.log)
    assert replayed.snapshot() == game.snapshot() and replayed.seed == seed
