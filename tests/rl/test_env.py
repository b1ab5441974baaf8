"""The PettingZoo and Gymnasium environments (issue 17, items 4, 5): their own checkers, the mask
against the engine's legal actions at every step, rewards against score changes, seeding."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from mahjongkit.bots.agents import EfficientAgent
from mahjongkit.errors import IllegalActionError, MahjongError
from mahjongkit.rl import SingleAgentEnv, env, layout_for
from mahjongkit.table import actions as A
from mahjongkit.table.state import Phase

FAMILIES = ("riichi", "hongkong", "sichuan")
_GROUP_OF = {
    A.DISCARD: "discard",
    A.RIICHI: "riichi",
    A.CHI: "chi",
    A.PON: "pon",
    A.KAN: "kan",
    A.ANKAN: "ankan",
    A.KAKAN: "kakan",
    A.TSUMO: "win",
    A.RON: "win",
    A.PASS: "pass",
    A.ABORT: "abort",
    A.FLOWER: "flower",
    A.EXCHANGE: "exchange",
    A.DECLARE_MISSING: "declare",
}


@pytest.mark.parametrize("family", FAMILIES)
def test_pettingzoo_api_test_passes(family: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(family, max_rounds=2), num_cycles=400)


@pytest.mark.parametrize("family", FAMILIES)
def test_gymnasium_check_env_passes(family: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(SingleAgentEnv(family, max_rounds=1), skip_render_check=True)


def _play(family: str, seed: int, rounds: int) -> tuple[object, dict[str, float], int]:
    """A seeded game played with random legal indices, checking the mask at every step."""
    table = env(family, max_rounds=rounds)
    table.reset(seed=seed)
    layout = layout_for(family)
    rng = random.Random(seed)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    steps = 0
    while table.agents:
        agent = table.agent_selection
        observation, _, terminated, _, _ = table.last()
        if terminated:
            table.step(None)
            continue
        game = table.game
        seat = int(agent.split("_")[1])
        assert game.waiting_for()[0] == seat
        legal = game.legal_actions(seat)
        mask = observation["action_mask"]
        indices = {table.codec.index(a) for a in legal}
        assert set(np.flatnonzero(mask).tolist()) == indices
        for action in legal:
            # Every index names the engine action's own kind (and tile, for a discard).
            name = layout.name(table.codec.index(action))
            assert name.split(" ")[0].removesuffix("_low").removesuffix("_mid").removesuffix(
                "_high"
            ) == _GROUP_OF[action.type]
            if action.type == A.DISCARD and action.tile not in (16, 52, 88):
                assert table.codec.index(action) == action.tile // 4
        for other in table.possible_agents:
            if other != agent:
                assert not table.observe(other)["action_mask"].any()
        index = rng.choice(sorted(indices))
        table.step(index)
        steps += 1
        for name, reward in table.rewards.items():
            totals[name] += reward
    return game, totals, steps


@pytest.mark.parametrize(("family", "rounds"), [("riichi", 2), ("hongkong", 2), ("sichuan", 2)])
def test_mask_is_the_legal_actions_and_rewards_are_the_score_changes(
    family: str, rounds: int
) -> None:
    for seed in (1, 2):
        game, totals, steps = _play(family, seed, rounds)
        assert game.over and steps > 20  # type: ignore[attr-defined]
        start = game.flow.starting_scores()  # type: ignore[attr-defined]
        final = game.log[-1]["scores"]  # type: ignore[attr-defined]
        assert game.log[-1]["type"] == "end_game"  # type: ignore[attr-defined]
        assert [totals[f"player_{s}"] for s in range(4)] == [
            f - s for f, s in zip(final, start, strict=True)
        ]


def test_rewards_come_when_a_round_ends_and_equal_its_score_change() -> None:
    table = env("riichi", max_rounds=3)
    table.reset(seed=7)
    bot = EfficientAgent()  # wins and riichi, so that scores move
    paid: list[list[float]] = []
    while table.agents:
        _, _, terminated, _, _ = table.last()
        if terminated:
            table.step(None)
            continue
        before = table.game.rounds_played
        seat = int(table.agent_selection.split("_")[1])
        table.step(table.codec.index(bot.act(table.game.observation(seat, with_events=False))))
        rewards = [table.rewards.get(f"player_{s}", 0.0) for s in range(4)]
        if table.game.rounds_played == before and not table.game.over:
            assert rewards == [0.0] * 4  # nothing is paid inside a round
        elif table.game.rounds_played > before:
            paid.append(rewards)
    starts = [e["scores"] for e in table.game.log if e["type"] == "start_kyoku"]
    ends = [*starts[1:], table.game.log[-1]["scores"]]
    pairs = zip(starts, ends, strict=True)
    changes = [[b - a for a, b in zip(s, e, strict=True)] for s, e in pairs]
    assert paid == changes and any(any(c) for c in changes)


def test_sichuan_winners_stay_agents_but_are_never_asked_until_the_next_hand() -> None:
    """S-blood battle: a seat that has won leaves the turn order; the hand goes on."""
    bot = EfficientAgent()  # plays for wins, so that hands are won before the wall ends
    for seed in range(20):
        table = env("sichuan", max_rounds=1)
        table.reset(seed=seed)
        asked_after_win = False
        saw_winner = False
        while table.agents and not table.game.over:
            seats = table.game.round.seats
            won = {s for s, state in enumerate(seats) if state.won}
            if won and table.game.round.phase is not Phase.ROUND_OVER:
                saw_winner = True
                assert len(table.agents) == 4
                if int(table.agent_selection.split("_")[1]) in won:
                    asked_after_win = True
            seat = int(table.agent_selection.split("_")[1])
            move = bot.act(table.game.observation(seat, with_events=False))
            table.step(table.codec.index(move))
        assert not asked_after_win
        if saw_winner:
            return
    pytest.fail("no Sichuan hand of 20 had a winner before its end")


def test_reset_with_a_seed_repeats_the_game() -> None:
    def run(seed: int) -> list[int]:
        table = env("hongkong", max_rounds=1)
        table.reset(seed=seed)
        taken = []
        for _ in range(60):
            observation, *_ = table.last()
            index = int(np.flatnonzero(observation["action_mask"])[-1])
            taken.append(index)
            table.step(index)
            if table.game.over:
                break
        taken.append(int(table.last()[0]["observation"].sum() * 1000))
        return taken

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_env_refuses_bad_arguments() -> None:
    with pytest.raises(IllegalActionError, match="unknown family 'chess'"):
        env("chess")
    with pytest.raises(IllegalActionError, match="render_mode"):
        env("riichi", render_mode="rgb_array")
    with pytest.raises(IllegalActionError, match="unknown encoder 'v9'"):
        env("riichi", encoder="v9")
    with pytest.raises(IllegalActionError, match="reward_scale"):
        env("riichi", reward_scale=-1)
    with pytest.raises(IllegalActionError, match="max_rounds"):
        env("riichi", max_rounds=0)
    with pytest.raises(MahjongError, match="unknown rules preset 'nonsense'"):
        env("riichi", rules="nonsense")
    with pytest.raises(MahjongError, match="played under RiichiRules, not int"):
        env("riichi", rules=42)
    with pytest.raises(IllegalActionError, match=r"seat is 0\.\.3"):
        SingleAgentEnv("riichi", seat=4)
    with pytest.raises(IllegalActionError, match="unknown opponent"):
        SingleAgentEnv("riichi", opponent="mortal")


def test_step_refuses_bad_actions_and_changes_nothing() -> None:
    table = env("riichi")
    table.reset(seed=1)
    before = len(table.game.log)
    agent = table.agent_selection
    mask = table.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    for bad, message in (
        (1.5, "integer index"),
        ("3", "integer index"),
        (True, "integer index"),
        (150, "outside the riichi action space"),
        (-1, "outside"),
        (illegal, f"{agent} may not play action {illegal}"),
    ):
        with pytest.raises(IllegalActionError, match=message):
            table.step(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="no agent 'player_9'"):
        table.observe("player_9")
    assert len(table.game.log) == before and table.agent_selection == agent
    table.step(np.int64(np.flatnonzero(mask)[0]))  # NumPy integers are indices too
    assert len(table.game.log) > before


def test_single_agent_plays_the_default_for_an_illegal_index() -> None:
    single = SingleAgentEnv("riichi", opponent="random", illegal_penalty=-5.0)
    observation, _ = single.reset(seed=2)
    assert (observation["action_mask"] == single.action_masks()).all()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    drawn = single.table.game.round.seats[0].drawn
    _, reward, _, _, info = single.step(illegal)
    assert info["illegal_action"] is True and reward == -5.0
    assert single.table.game.round.seats[0].discards[0] == drawn  # the drawn tile went


def test_docs_list_every_plane_of_v1_in_order() -> None:
    from mahjongkit.rl import PLANES_V1
    from tests.helpers.paths import REPO

    text = (REPO / "docs" / "rl.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and line.count("|") == 3]
    listed = [r.split("|")[2].strip() for r in rows if r.split("|")[1].strip().isdigit()]
    assert listed == list(PLANES_V1)
