"""The environment's fast observation path (issue 17, item 7) against the reference path.

The AEC environment keeps each seat's ``v1`` planes up to date from the table
(:class:`SeatPlanesV1`) and builds the mask straight from the engine's legal actions; the
reference is :func:`encode_v1` of the seat's :class:`Observation` and a mask made action by
action with :meth:`ActionCodec.index`. They must agree cell for cell, for every seat, whenever
it looks (and seats look at irregular times: each encoder is asked at random moments, so it
catches up over several events at once), across rounds and games, in every family.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from mahjongkit.bots.agents import EfficientAgent
from mahjongkit.errors import MahjongError
from mahjongkit.game.engine import Game
from mahjongkit.rl import decisions, env
from mahjongkit.rl.aec import encode
from mahjongkit.rl.encoder import SCORE_SCALES, SeatPlanesV1, encode_v1
from mahjongkit.rl.spaces import ActionCodec, layout_for
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.state import Phase
from mahjongkit.variants import find_variant

FAMILIES = ("riichi", "hongkong", "sichuan")


def _game(family: str, seed: int, rounds: int) -> Game:
    rules = find_variant("riichi").rules("tenhou") if family == "riichi" else None
    game = Game(family, rules, seed=seed, max_rounds=rounds)
    game.start()
    return game


def _red(game: Game) -> bool:
    return bool(getattr(game.flow.rules, "red_fives", False))


def _reference_planes(game: Game, seat: int) -> np.ndarray[Any, Any]:
    rob = game.round.rob_tile if game.round.phase is Phase.ROB else None
    seen = game.observation(seat, with_events=False)
    return encode_v1(seen, rob, SCORE_SCALES[game.variant], _red(game))


def _reference_table(
    codec: ActionCodec, legal: list[Action], drawn: int | None
) -> tuple[list[int], dict[int, Action]]:
    """The documented mapping, one action at a time: the first action of an index stands for
    it, except that a discard slot stands for the drawn tile."""
    chosen: dict[int, Action] = {}
    for action in legal:
        index = codec.index(action)
        drawn_discard = action.tile == drawn and action.type in (A.DISCARD, A.RIICHI)
        if index not in chosen or drawn_discard:
            chosen[index] = action
    return sorted(chosen), chosen


def _play_and_compare(family: str, seed: int, rounds: int, looking: float = 0.5) -> dict[str, int]:
    """Play a seeded game (a mix of the efficiency bot and random moves, so that calls,
    riichi, kongs and wins happen) and compare both paths whenever a seat happens to look
    (each seat at each position with the chance ``looking``)."""
    game = _game(family, seed, rounds)
    rng = random.Random(seed)
    bot = EfficientAgent()
    codec = ActionCodec(layout_for(family), _red(game))
    planes = [SeatPlanesV1(s, SCORE_SCALES[family], _red(game)) for s in range(game.players)]
    seen = {"looks": 0, "melds": 0, "riichi": 0, "wins": 0, "claims": 0}
    while True:
        for seat in range(game.players):
            if rng.random() >= looking:
                continue
            legal = game.legal_actions(seat)
            fast = planes[seat].planes(game, bool(legal))
            reference = _reference_planes(game, seat)
            assert fast.dtype == reference.dtype and fast.shape == reference.shape
            wrong = np.argwhere(fast != reference)
            assert not len(wrong), (seed, seat, game.round.phase, wrong[:5].tolist())
            mask, chosen = codec.table(legal, game.round.seats[seat].drawn)
            indices, expected = _reference_table(codec, legal, game.round.seats[seat].drawn)
            assert np.flatnonzero(mask).tolist() == indices
            assert all(chosen[i] is expected[i] for i in indices)
            seen["looks"] += 1
            seen["claims"] += game.round.phase is Phase.CLAIM and bool(legal)
        rnd = game.round
        seen["melds"] = max(seen["melds"], sum(len(s.melds) for s in rnd.seats))
        seen["riichi"] = max(seen["riichi"], sum(s.riichi for s in rnd.seats))
        if game.over:
            seen["wins"] = sum(event["type"] == "hora" for event in game.log)
            return seen
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        wins = [a for a in legal if a.type in (A.TSUMO, A.RON)]
        if wins and rng.random() < 0.9:
            action = wins[0]
        elif rng.random() < 0.6:
            action = bot.act(game.observation(seat, with_events=False))
        else:
            action = legal[rng.randrange(len(legal))]
        game.apply(action)


@pytest.mark.parametrize("family", FAMILIES)
def test_fast_planes_and_mask_equal_the_reference_over_seeded_games(family: str) -> None:
    totals = dict.fromkeys(("looks", "melds", "riichi", "wins", "claims"), 0)
    for seed in range(4):
        for name, count in _play_and_compare(family, seed, 2).items():
            totals[name] += count
    # The games went through what the planes show: calls, wins, claim windows (and riichi).
    assert totals["looks"] > 500 and totals["melds"] and totals["wins"] and totals["claims"]
    if family == "riichi":
        assert totals["riichi"]


@pytest.mark.parametrize("family", FAMILIES)
def test_fast_planes_of_a_seat_that_looks_seldom_catch_up_on_every_seat(family: str) -> None:
    """A seat that looks at one position in ten reads what changed since its last look from
    the events in between (other seats' riichi, calls, wins, ponds): its planes still equal
    the reference whenever it looks, including looks after riichi and calls it did not see."""
    totals = dict.fromkeys(("looks", "melds", "riichi", "wins", "claims"), 0)
    for seed in range(10, 16):
        for name, count in _play_and_compare(family, seed, 2, looking=0.1).items():
            totals[name] += count
    assert totals["looks"] > 150 and totals["melds"] and totals["wins"]
    if family == "riichi":
        assert totals["riichi"]


def _play_randomly(table: Any, rng: random.Random) -> Iterator[tuple[str, Any, int]]:
    """Play the environment's game to its end with random legal indices, yielding the agent,
    its observation and the index chosen before each step is taken."""
    while table.agents:
        observation, _, terminated, _, _ = table.last()
        if terminated:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        index = int(legal[rng.randrange(len(legal))])
        yield table.agent_selection, observation, index
        table.step(index)


@pytest.mark.parametrize("family", FAMILIES)
def test_env_observations_equal_the_reference_path(family: str) -> None:
    """Through the AEC environment: every agent's observation at every step is the reference
    encoding of its observation (and the mask all zeros but for the agent to act)."""
    table = env(family, max_rounds=2)
    for seed in (3, 4):
        table.reset(seed=seed)
        for _ in _play_randomly(table, random.Random(seed)):
            game = table.game
            for agent in table.possible_agents:
                seat = int(agent.split("_")[1])
                observed = table.observe(agent)
                reference, _ = encode(game, seat, table.codec, SCORE_SCALES[family], _red(game))
                assert np.array_equal(observed["observation"], reference["observation"])
                acting = agent == table.agent_selection and not table.terminations[agent]
                nothing = np.zeros_like(observed["action_mask"])
                expected = reference["action_mask"] if acting else nothing
                assert np.array_equal(observed["action_mask"], expected)


def _mid_round(family: str, seed: int, moves: int) -> Game:
    game = _game(family, seed, 1)
    rng = random.Random(seed)
    played = 0
    while played < moves or game.round.phase is not Phase.TURN:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        keep = [a for a in legal if a.type in (A.PASS, A.DISCARD)]  # no call, no win
        game.apply(keep[rng.randrange(len(keep))] if keep else legal[0])
        played += 1
    assert not game.over and game.round.phase is Phase.TURN
    return game


@pytest.mark.parametrize("family", FAMILIES)
def test_fast_planes_show_no_hidden_tile(family: str) -> None:
    """Another seat's concealed tiles and the wall's tiles do not reach the planes: swapping
    them for tiles of other kinds changes nothing the observer is given, while the same swap
    in the observer's own hand does change its planes."""
    game = _mid_round(family, 5, 30)
    rnd = game.round
    observer = (rnd.turn + 1) % game.players
    other = (observer + 1) % game.players
    scale, red = SCORE_SCALES[family], _red(game)
    before = SeatPlanesV1(observer, scale, red).planes(game, bool(game.legal_actions(observer)))
    live = range(rnd.live_next, rnd.live_next + game.live_remaining())

    def swapped(seat: int) -> Game:
        twin = copy.deepcopy(game)
        hand = twin.round.seats[seat].hand
        wall = twin.round.wall
        held = next(i for i, t in enumerate(hand) if t != twin.round.seats[seat].drawn)
        spot = next(i for i in live if wall[i] // 4 != hand[held] // 4 and wall[i] < 136)
        hand[held], wall[spot] = wall[spot], hand[held]
        # The live wall's order changes too: reversing it keeps every tile hidden.
        wall[live.start : live.stop] = wall[live.start : live.stop][::-1]
        return twin

    hidden = swapped(other)
    assert hidden.round.seats[other].hand != rnd.seats[other].hand
    after = SeatPlanesV1(observer, scale, red).planes(hidden, bool(hidden.legal_actions(observer)))
    assert np.array_equal(before, after)
    mine = swapped(observer)
    changed = SeatPlanesV1(observer, scale, red).planes(mine, bool(mine.legal_actions(observer)))
    assert not np.array_equal(before, changed)
    assert np.array_equal(changed, _reference_planes(mine, observer))


def test_one_encoder_follows_a_new_game_and_a_new_round() -> None:
    """An encoder used on one game, then on another, then on later rounds, starts afresh
    each time instead of carrying the old table's tiles over."""
    first, second = _game("riichi", 1, 2), _game("riichi", 2, 2)
    planes = SeatPlanesV1(0, SCORE_SCALES["riichi"], True)
    for game in (first, second):
        rounds = -1
        while not game.over:
            if game.rounds_played != rounds:
                rounds = game.rounds_played
                fast = planes.planes(game, bool(game.legal_actions(0)))
                assert np.array_equal(fast, _reference_planes(game, 0))
            seat = game.waiting_for()[0]
            game.apply(game.legal_actions(seat)[-1])
        assert rounds == 1


def test_fast_planes_refuse_no_deal_a_missing_seat_or_a_tile_held_twice() -> None:
    planes = SeatPlanesV1(0, SCORE_SCALES["riichi"], True)
    with pytest.raises(MahjongError, match="no round has been dealt"):
        planes.planes(Game("riichi", seed=1), False)
    game = _game("riichi", 1, 1)
    with pytest.raises(MahjongError, match="seat 4 does not exist at a 4-player table"):
        SeatPlanesV1(4, SCORE_SCALES["riichi"], True).planes(game, False)
    game.round.seats[0].hand[1] = game.round.seats[0].hand[0]
    with pytest.raises(MahjongError, match="holds a tile twice"):
        planes.planes(game, True)


def test_env_makes_each_observation_once_per_position() -> None:
    """``last()`` then ``step()`` then ``observe()`` of the same seat at the same position
    encode once; a new position encodes again."""
    calls: list[int] = []

    class Counted:
        """A seat's planes that note each time they are made (a compiled caller cannot be
        intercepted on the compiled class itself)."""

        def __init__(self, inner: SeatPlanesV1) -> None:
            self.inner = inner
            self.seat = inner.seat

        def planes(self, source: Any, has_legal: bool | None = None) -> Any:
            calls.append(self.seat)
            return self.inner.planes(source, has_legal)

    table = env("riichi", max_rounds=1)
    table._planes = [Counted(p) for p in table._planes]  # type: ignore[misc]
    table._steps = table._stepper()
    table.reset(seed=2)
    agent = table.agent_selection
    first = table.last()[0]
    again = table.observe(agent)
    assert again is first and calls == [0]
    legal = np.flatnonzero(first["action_mask"])
    table.step(int(legal[0]))  # the step reads the cached legal index table
    assert calls == [0]
    table.last()
    assert len(calls) == 2
    # The counted planes are the real ones: the game steps on to its end as before.
    while table.agents:
        seen, _, terminated, _, _ = table.last()
        table.step(None if terminated else int(np.flatnonzero(seen["action_mask"])[0]))
    assert len(calls) > 40


@pytest.mark.parametrize("family", FAMILIES)
def test_decisions_of_a_game_are_what_the_env_gave_at_each_step(family: str) -> None:
    """Reading a finished game back with :func:`decisions` gives, decision by decision, the
    seat, planes, mask and index the environment gave and took while it was played."""
    table = env(family, max_rounds=2)
    table.reset(seed=11)
    played: list[tuple[int, Any, Any, int]] = []
    for agent, observation, index in _play_randomly(table, random.Random(11)):
        seat = int(agent.split("_")[1])
        played.append((seat, observation["observation"], observation["action_mask"], index))
    found = list(decisions(table.game))
    assert len(found) == len(played) > 50
    for decision, (seat, planes, mask, index) in zip(found, played, strict=True):
        assert decision.seat == seat and decision.action == index
        assert np.array_equal(decision.observation, planes)
        assert np.array_equal(decision.action_mask, mask)


@pytest.mark.parametrize("family", FAMILIES)
def test_the_env_reads_v1_planes_from_the_table_without_making_observations(
    family: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The AEC environment's ``v1`` path makes no :class:`Observation` (it reads the table),
    yet gives the reference planes and masks: a game played with ``Game.observation`` made to
    fail still steps, and its observations equal those made from observations afterwards."""
    table = env(family, max_rounds=1)
    table.reset(seed=11)
    steps: list[tuple[int, int, Any]] = []
    made = Game.observation

    def refused(self: Game, seat: int, with_events: bool = True) -> Any:
        raise AssertionError("the v1 environment made an observation")

    monkeypatch.setattr(Game, "observation", refused)
    rng = random.Random(11)
    for agent, observation, _ in _play_randomly(table, rng):
        steps.append((int(agent.split("_")[1]), len(table.game.log), observation))
    monkeypatch.setattr(Game, "observation", made)
    assert len(steps) > 40
    # Each step's observation is the reference encoding of the same position, seen again.
    game, red = table.game, _red(table.game)
    for seat, logged, observation in steps[:: max(1, len(steps) // 25)]:
        seen = game.observation_at(seat, logged)
        reference = encode_v1(seen, seen.rob_tile, SCORE_SCALES[family], red)
        mask, _ = table.codec.table(seen.legal_actions, seen.own.drawn)
        assert np.array_equal(observation["observation"], reference)
        assert np.array_equal(observation["action_mask"], mask)
        assert observation["action_mask"].dtype == np.int8


def test_one_encoder_read_from_observations_and_from_the_table_in_turn_agrees() -> None:
    """A seat's kept planes asked alternately with its Observation and with the Game (two
    ways of following the table) give the reference planes every time."""
    for family in FAMILIES:
        game = _game(family, 7, 1)
        planes = SeatPlanesV1(1, SCORE_SCALES[family], _red(game))
        rng = random.Random(7)
        looks = 0
        while not game.over:
            legal = bool(game.legal_actions(1))
            source: Any = game if looks % 2 else game.observation(1, with_events=False)
            assert np.array_equal(planes.planes(source, legal), _reference_planes(game, 1))
            looks += 1
            seat = game.waiting_for()[0]
            actions = game.legal_actions(seat)
            game.apply(actions[rng.randrange(len(actions))])
        assert looks > 40


def test_table_planes_refuse_a_has_legal_that_disagrees_and_keep_their_state() -> None:
    """``has_legal`` contradicting the table is refused in words; the planes after the refusal
    are still the reference ones."""
    game = _game("riichi", 3, 1)
    waiting = (game.round.turn + 1) % game.players  # no legal action in the dealer's turn
    planes = SeatPlanesV1(waiting, SCORE_SCALES["riichi"], True)
    with pytest.raises(MahjongError, match=f"seat {waiting} has 0 legal actions, not has_legal"):
        planes.planes(game, True)
    assert np.array_equal(planes.planes(game, False), _reference_planes(game, waiting))
    assert np.array_equal(planes.planes(game), _reference_planes(game, waiting))
