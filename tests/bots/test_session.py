"""The one loop that lets bots play until someone else must decide (bots.session)."""

from __future__ import annotations

import random

from mahjongkit.bots import RandomAgent, play
from mahjongkit.bots.session import run_until
from mahjongkit.game.engine import Game


def test_a_table_of_bots_plays_the_game_the_engine_asks_for():
    """All seats seated: each action is the first asked seat's, as a plain loop plays it."""
    looped = Game("riichi", seed=8, max_rounds=1)
    looped.start()
    agents = [RandomAgent(seed) for seed in range(4)]
    while not looped.over and looped.waiting_for():
        seat = looped.waiting_for()[0]
        looped.apply(agents[seat].act(looped.observation(seat, with_events=False)))
    game = Game("riichi", seed=8, max_rounds=1)
    played = play(game, [RandomAgent(seed) for seed in range(4)])
    assert game.log == looped.log and played > 0


def test_the_bots_stop_where_a_seat_without_one_must_decide():
    game = Game("sichuan", seed=3, max_rounds=1)
    game.start()
    bots = {seat: RandomAgent(seat) for seat in (1, 2, 3)}
    rng = random.Random(3)
    decided = 0
    while not game.over:
        run_until(game, bots)
        if game.over:
            break
        waiting = game.waiting_for()
        # Only the person is asked now: every bot asked before it has answered.
        assert waiting and all(seat not in bots for seat in waiting)
        game.apply(rng.choice(game.legal_actions(0)))
        decided += 1
    assert decided > 5


def test_stop_is_asked_before_every_action_and_the_limit_holds():
    game = Game("hongkong", seed=1, max_rounds=1)
    game.start()
    agents = [RandomAgent(seed) for seed in range(4)]
    asked: list[int] = []

    def stop() -> bool:
        asked.append(len(game.log))
        return len(asked) > 10

    assert run_until(game, agents, stop=stop) == 10
    assert len(asked) == 11
    assert run_until(game, agents, max_actions=3) == 3


class _Unobserved(Game):
    """A game whose observations must not be asked for."""

    def observation(self, *args: object, **kwargs: object) -> object:  # type: ignore[override]
        raise AssertionError("an observation was built")


def test_random_players_are_handed_the_legal_actions_alone_and_play_as_from_observations():
    for variant, seed in (("riichi", 11), ("hongkong", 12), ("sichuan", 13)):
        looped = Game(variant, seed=seed, max_rounds=1)
        looped.start()
        agents = [RandomAgent(s) for s in range(4)]
        while not looped.over and looped.waiting_for():
            seat = looped.waiting_for()[0]
            looped.apply(agents[seat].act(looped.observation(seat, with_events=False)))
        game = _Unobserved(variant, seed=seed, max_rounds=1)
        assert play(game, [RandomAgent(s) for s in range(4)]) > 0
        assert game.log == looped.log


def test_an_agent_that_overrides_act_is_still_asked_through_act():
    class Counting(RandomAgent):
        asked = 0

        def act(self, observation):  # type: ignore[no-untyped-def]
            Counting.asked += 1
            return super().act(observation)

    played = play(Game("riichi", seed=5, max_rounds=1), [Counting(s) for s in range(4)])
    assert Counting.asked == played > 0

    spied = RandomAgent(1)
    seen = []
    real_act = spied.act
    spied.act = lambda observation: seen.append(observation) or real_act(observation)  # type: ignore[method-assign]
    game = Game("riichi", seed=5, max_rounds=1)
    play(game, [spied, RandomAgent(2), RandomAgent(3), RandomAgent(4)])
    assert seen and all(o.seat == 0 for o in seen)
