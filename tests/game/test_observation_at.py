"""``Game.observation_at``: a seat's view of the table after the log's first events (the end of
a hand, once the next one is dealt), read from the fold, with clear refusals of bad counts."""

from __future__ import annotations

import random

import pytest

from mahjongkit.bots.policy import play_random
from mahjongkit.errors import IllegalActionError
from mahjongkit.game.engine import Game


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
def test_the_table_at_a_hands_end_is_the_one_replayed_up_to_it(variant):
    game = Game(variant, seed=6, max_rounds=3)
    play_random(game, random.Random(6))
    ends = [i for i, e in enumerate(game.log) if e["type"] == "end_kyoku"]
    assert len(ends) >= 2
    cut = ends[0] + 1
    past = game.observation_at(1, cut)
    replayed = Game.replay(game.log[:cut]).observation(1, with_events=False)
    assert past == replayed
    # The next hand was dealt after that point: its table is another one.
    assert past != game.observation_at(1, cut + 1)
    result = game.log[ends[0] - 1]
    assert result["type"] in ("hora", "ryukyoku")
    assert past.scores == tuple(result["scores"])  # the hand's payments made


@pytest.mark.parametrize("events", [0, -1, 10**9, 2.5, "3", None])
def test_a_count_outside_the_log_is_refused(events):
    game = Game("riichi", seed=1, max_rounds=1)
    game.start()
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match="the log has"):
        game.observation_at(0, events)  # type: ignore[arg-type]
    assert game.snapshot() == before
    with pytest.raises(IllegalActionError, match="does not exist"):
        game.observation_at(7, 1)
