"""Batched and parallel environments (issue 36, item 1): PettingZoo's parallel checker, Gymnasium's
checker on the registered ids, the vector environment's arrays and autoreset against games
played one at a time, the round cap's truncation, and garbage refused with nothing changed."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import parallel_api_test

from mahjongkit.errors import IllegalActionError
from mahjongkit.rl import (
    MahjongVectorEnv,
    SingleAgentEnv,
    env,
    env_id,
    layout_for,
    parallel_env,
    vector_env,
)
from mahjongkit.variants import find_variant

FAMILIES = ("riichi", "hongkong", "sichuan")


@pytest.mark.parametrize("family", FAMILIES)
def test_parallel_api_test_passes(family: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(parallel_env(family, max_rounds=2), num_cycles=3000)
    assert not [w for w in caught if "pettingzoo" in str(w.filename)]


def _parallel_game(
    family: str, seed: int
) -> tuple[Any, list[tuple[int, int]], dict[str, float], int]:
    """A seeded game of the parallel environment with random legal answers: the environment,
    the answers (seat, index) in the order played, each agent's rewards and the steps that
    asked several seats."""
    table = parallel_env(family, encoder="v1", max_rounds=1)
    observations, _ = table.reset(seed=seed)
    rng = random.Random(seed)
    answers: list[tuple[int, int]] = []
    several = 0
    totals = dict.fromkeys(table.possible_agents, 0.0)
    while table.agents:
        asked = {a: o for a, o in observations.items() if o["action_mask"].any()}
        assert [int(a.split("_")[1]) for a in asked] == table.table.game.waiting_for()
        several += len(asked) > 1
        actions = {}
        for agent, observed in asked.items():
            index = rng.choice(np.flatnonzero(observed["action_mask"]).tolist())
            actions[agent] = index
            answers.append((int(agent.split("_")[1]), index))
        observations, rewards, _, _, _ = table.step(actions)
        for agent, paid in rewards.items():
            totals[agent] += paid
    return table, answers, totals, several


@pytest.mark.parametrize("family", FAMILIES)
def test_parallel_claims_are_answered_at_once_and_the_game_is_the_aec_one(family: str) -> None:
    """Every seat the engine waits for is asked in one step (a claim window with several
    claimants, Sichuan's exchange), and playing the same answers one at a time through the AEC
    environment gives the same game and the same rewards."""
    for seed in range(8, 40):
        table, answers, totals, several = _parallel_game(family, seed)
        if several:
            break
    assert several
    aec = env(family, max_rounds=1)
    aec.reset(seed=seed)
    aec_totals = dict.fromkeys(aec.possible_agents, 0.0)
    for seat, index in answers:
        assert aec.agent_selection == f"player_{seat}"
        aec.step(index)
        for agent, paid in aec.rewards.items():
            aec_totals[agent] += paid
    assert aec.game.log == table.table.game.log and aec_totals == totals


def test_parallel_step_refuses_garbage_and_changes_nothing() -> None:
    table = parallel_env("riichi", max_rounds=1)
    observations, _ = table.reset(seed=2)
    game = table.table.game
    before = len(game.log)
    acting = next(a for a, o in observations.items() if o["action_mask"].any())
    mask = observations[acting]["action_mask"]
    legal, illegal = int(np.flatnonzero(mask)[0]), int(np.flatnonzero(mask == 0)[0])
    idle = next(a for a in table.agents if a != acting)
    for bad, message in (
        ([legal], "mapping from agent to index"),
        ({}, f"{acting} must answer now"),
        ({acting: illegal}, f"{acting} may not play action {illegal}"),
        ({acting: 1.5}, "integer index"),
        ({acting: legal, "player_7": 0}, "no agent 'player_7'"),
        ({acting: legal, idle: 999}, "outside the riichi action space"),
    ):
        with pytest.raises(IllegalActionError, match=message):
            table.step(bad)  # type: ignore[arg-type]
        assert len(game.log) == before
    table.step({acting: legal, idle: 0})  # an agent not asked may send any index of the space
    assert len(game.log) > before


@pytest.mark.parametrize("family", FAMILIES)
def test_gymnasium_make_gives_each_family_and_passes_check_env(family: str) -> None:
    made = gymnasium.make(env_id(family), max_rounds=1)
    assert isinstance(made.unwrapped, SingleAgentEnv) and made.unwrapped.table.variant == family
    assert made.observation_space["observation"].shape == (136, 34)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(made.unwrapped, skip_render_check=True)
    assert env_id("hongkong") == "mahjongkit/HongKong-v0"
    assert gymnasium.make("mahjongkit.rl:mahjongkit/Riichi-v0").unwrapped.table.variant == "riichi"


def test_gymnasium_make_vec_gives_a_batch_where_one_seat_learns() -> None:
    batch = gymnasium.make_vec(env_id("sichuan"), num_envs=3, max_rounds=1)
    assert isinstance(batch, MahjongVectorEnv) and batch.opponent == "efficient"
    observations, infos = batch.reset(seed=5)
    assert observations["observation"].shape == (3, 136, 34)
    assert (infos["seat"] == 0).all()


def _random_actions(masks: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks], dtype=np.int64)


@pytest.mark.parametrize("family", FAMILIES)
def test_vector_steps_every_game_and_resets_each_as_it_ends(family: str) -> None:
    """Self-play: the arrays are each game's acting seat's, the rewards of a game add up to its
    seats' score changes, and a finished game starts again in the same step."""
    batch = vector_env(family, 4, max_rounds=1)
    observations, infos = batch.reset(seed=10)
    players = batch.players
    size = layout_for(family).size
    assert observations["observation"].shape == (4, 136, 34)
    assert observations["action_mask"].shape == (4, size)
    rng = np.random.default_rng(0)
    totals = np.zeros((4, players))
    finished = 0
    while finished < 6:
        tables = list(batch.tables)
        games = [t.game for t in tables]
        seats = infos["seat"]
        for index, table in enumerate(tables):
            assert seats[index] == table.game.waiting_for()[0]
        observations, rewards, terminated, truncated, infos = batch.step(
            _random_actions(observations["action_mask"], rng)
        )
        assert rewards.shape == (4, players) and not truncated.any()
        totals += rewards
        for index in np.flatnonzero(terminated):
            game = games[index]
            assert game.over and batch.tables[index].game is not game  # reset in this step
            start = game.flow.starting_scores()
            final = game.log[-1]["scores"]  # type: ignore[typeddict-item]
            assert totals[index].tolist() == [f - s for f, s in zip(final, start, strict=True)]
            totals[index] = 0
            final_obs = infos["final_obs"][index]
            assert final_obs["observation"].shape == (136, 34)
            assert not final_obs["action_mask"].any()
            finished += 1
        assert observations["action_mask"].any(axis=1).all()  # every game has a decision


def test_vector_self_play_is_the_aec_game_and_repeats_with_its_seed() -> None:
    def run(seed: int) -> tuple[list[Any], list[int]]:
        batch = vector_env("hongkong", 2, encoder="v1", max_rounds=1)
        observations, _ = batch.reset(seed=seed)
        game = batch.tables[1].game
        rng = np.random.default_rng(seed)
        taken: list[int] = []
        while batch.tables[1].game is game and len(taken) < 60:
            actions = _random_actions(observations["action_mask"], rng)
            taken.append(int(actions[1]))
            observations, _, _, _, _ = batch.step(actions)
        return game.log, taken

    log, taken = run(3)
    assert run(3)[0] == log and run(4)[0] != log
    aec = env("hongkong", max_rounds=1)
    aec.reset(seed=4)  # env 1 of a batch seeded 3
    for index in taken:
        aec.step(index)
    assert aec.game.log == log


def test_vector_with_one_learner_equals_single_agent_envs() -> None:
    batch = vector_env("riichi", 2, opponent="random", seat=1, max_rounds=1)
    observations, infos = batch.reset(seed=[7, 9])
    assert (infos["seat"] == 1).all()
    singles = [SingleAgentEnv("riichi", seat=1, opponent="random", encoder="v2", max_rounds=1)]
    first, _ = singles[0].reset(seed=9)
    assert np.array_equal(first["observation"], observations["observation"][1])
    rng = np.random.default_rng(1)
    for _ in range(40):
        actions = _random_actions(observations["action_mask"], rng)
        observations, rewards, terminated, _, _ = batch.step(actions)
        if terminated[1]:
            break
        single_obs, reward, _, _, _ = singles[0].step(int(actions[1]))
        assert np.array_equal(single_obs["observation"], observations["observation"][1])
        assert reward == rewards[1] and rewards.shape == (2,)


def test_vector_refuses_garbage_and_changes_nothing() -> None:
    batch = vector_env("sichuan", 3, max_rounds=1)
    with pytest.raises(IllegalActionError, match="reset the environment before"):
        batch.step(np.zeros(3, dtype=np.int64))
    observations, _ = batch.reset(seed=1)
    logs = [len(t.game.log) for t in batch.tables]
    masks = observations["action_mask"]
    legal = np.array([np.flatnonzero(row)[0] for row in masks])
    illegal = legal.copy()
    illegal[2] = np.flatnonzero(masks[2] == 0)[0]
    size = layout_for("sichuan").size
    for bad, message in (
        (legal[:2], r"shape \(3,\), not \(2,\)"),
        (np.stack([legal, legal]), r"not \(2, 3\)"),
        (legal.astype(np.float64), "integer indices, not float64"),
        (np.array([True, False, True]), "integer indices, not bool"),
        ("012", "shape"),
        (illegal, f"env 2: player_0 may not play action {illegal[2]}"),
        (np.array([size, 0, 0]), "outside the sichuan action space"),
        (np.array([-1, 0, 0]), "outside"),
    ):
        with pytest.raises(IllegalActionError, match=message):
            batch.step(bad)
        assert [len(t.game.log) for t in batch.tables] == logs
    batch.step(legal)
    assert [len(t.game.log) for t in batch.tables] != logs
    batch.close()
    with pytest.raises(IllegalActionError, match="closed"):
        batch.step(legal)


def test_vector_refuses_bad_arguments() -> None:
    for bad in (0, -1, 1.5, True, 10**6):
        with pytest.raises(IllegalActionError, match="num_envs"):
            vector_env("riichi", bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="unknown opponent"):
        vector_env("riichi", 2, opponent="mortal")
    with pytest.raises(IllegalActionError, match="unknown encoder"):
        vector_env("riichi", 2, encoder="v9")
    with pytest.raises(IllegalActionError, match="unknown family"):
        vector_env("chess", 2)
    batch = vector_env("riichi", 2)
    with pytest.raises(IllegalActionError, match="seed is an integer"):
        batch.reset(seed=[1, 2, 3])


def test_hong_kong_under_random_play_ends_at_its_round_cap_as_truncated() -> None:
    """Random players seldom win, and a draw keeps the deal: the rules would go on for ever.
    The family's cap stops the game, every agent truncated and none terminated."""
    cap = find_variant("hongkong").round_cap
    table = env("hongkong", round_cap=3)
    table.reset(seed=1)
    rng = random.Random(1)
    truncated: set[str] = set()
    while table.agents:
        observation, _, terminated, trunc, _ = table.last()
        if terminated or trunc:
            assert not terminated
            truncated.add(table.agent_selection)
            table.step(None)
            continue
        table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert truncated == set(table.possible_agents)
    assert table.game.rounds_played == 3 and not table.game.over
    assert env("hongkong").round_cap == cap == 64
    with pytest.raises(IllegalActionError, match="round_cap"):
        env("hongkong", round_cap=0)
    single = SingleAgentEnv("hongkong", opponent="random", round_cap=2)
    single.reset(seed=3)
    ended = False
    for _ in range(5000):
        mask = single.action_masks()
        _, _, terminated, truncated_now, _ = single.step(int(np.flatnonzero(mask)[0]))
        if terminated or truncated_now:
            ended = truncated_now and not terminated
            break
    assert ended
    with pytest.raises(IllegalActionError, match="the game is over"):
        single.step(0)


def test_every_family_ends_under_random_play_by_default() -> None:
    for family in FAMILIES:
        cap = find_variant(family).round_cap
        table = env(family, round_cap=min(cap, 4))  # the same stop, reached sooner
        table.reset(seed=2)
        rng = random.Random(2)
        for _ in range(20_000):
            if not table.agents:
                break
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        assert not table.agents, family
        with pytest.raises(IllegalActionError, match="the game is over"):
            table.step(0)


def test_hong_kong_ends_under_random_play_with_the_default_cap() -> None:
    table = env("hongkong")
    table.reset(seed=4)
    rng = random.Random(4)
    ended: dict[str, tuple[bool, bool]] = {}
    while table.agents:
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            ended[table.agent_selection] = (terminated, truncated)
            table.step(None)
            continue
        table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    game = table.game
    # Truncated at the cap, or (seldom under random play) ended by the rules: never both.
    if game.over:
        assert set(ended.values()) == {(True, False)}
    else:
        assert set(ended.values()) == {(False, True)} and game.rounds_played == 64


def test_parallel_refuses_a_step_after_the_game() -> None:
    table = parallel_env("sichuan", max_rounds=1)
    observations, _ = table.reset(seed=3)
    rng = random.Random(3)
    while table.agents:
        actions = {
            agent: rng.choice(np.flatnonzero(observed["action_mask"]).tolist())
            for agent, observed in observations.items()
            if observed["action_mask"].any()
        }
        observations, _, terminations, _, _ = table.step(actions)
    assert all(terminations.values())
    with pytest.raises(IllegalActionError, match="the game is over: reset"):
        table.step({})


def test_vector_moves_on_when_the_bots_end_a_game_before_the_learner_decides(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mahjongkit.errors import MahjongError

    original = SingleAgentEnv.action_masks
    games: list[int] = []

    def none_the_first_time(self: SingleAgentEnv) -> Any:
        games.append(self.table.game.seed)
        mask = original(self)
        return mask * 0 if len(games) == 1 else mask

    monkeypatch.setattr(SingleAgentEnv, "action_masks", none_the_first_time)
    batch = vector_env("riichi", 1, opponent="random", max_rounds=1)
    observations, _ = batch.reset(seed=1)
    assert len(games) == 2 and games[0] != games[1] == batch.tables[0].game.seed
    assert observations["action_mask"].any()
    monkeypatch.setattr(SingleAgentEnv, "action_masks", lambda self: original(self) * 0)
    with pytest.raises(MahjongError, match="16 games in a row gave seat 0 no decision"):
        batch.reset(seed=1)
