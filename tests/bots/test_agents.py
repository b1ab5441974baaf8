"""Agents: they see only observations, play only legal actions, and the efficient one wins more
often than random players."""

import json
import subprocess
import sys

import pytest

from mahjongkit.bots import EfficientAgent, RandomAgent, play
from mahjongkit.errors import IllegalActionError
from mahjongkit.game.engine import Game
from mahjongkit.table.actions import Action


@pytest.mark.parametrize("variant", ["riichi", "sichuan"])
def test_efficient_players_win_more_than_random_players(variant):
    wins = [0, 0, 0, 0]
    for seed in range(6):
        game = Game(variant, seed=seed, max_rounds=4)
        play(game, [EfficientAgent(), RandomAgent(seed), EfficientAgent(), RandomAgent(seed + 1)])
        for event in game.log:
            if event["type"] == "hora":
                wins[event["actor"]] += 1
    assert wins[0] + wins[2] > 3 * (wins[1] + wins[3])


def test_agents_see_only_their_observation():
    seen = []

    class Spy(EfficientAgent):
        def act(self, observation):
            seen.append(observation)
            return super().act(observation)

    game = Game("riichi", seed=9, max_rounds=1)
    play(game, [Spy(), Spy(), Spy(), Spy()])
    assert seen
    for observation in seen:
        view = observation.to_json()
        others = [s for i, s in enumerate(view["seats"]) if i != view["seat"]]
        assert all("hand" not in s for s in others)
    # The full view, with the log: neither the wall nor the seed it was shuffled from.
    for seat in range(4):
        text = json.dumps(game.observation(seat).to_json())
        assert "mjk_wall" not in text and "mjk_seed" not in text
        rebuilt = Game("riichi", seed=9)
        rebuilt.start()
        other = (seat + 1) % 4
        assert str(sorted(rebuilt.round.seats[other].hand)) not in text


def test_the_efficient_agent_declares_riichi_when_ready():
    game = Game("riichi", seed=2, max_rounds=8)
    play(game, [EfficientAgent() for _ in range(4)])
    assert any(e["type"] == "reach_accepted" for e in game.log)


def test_the_efficient_agent_declares_its_shortest_suit_in_sichuan():
    game = Game("sichuan", seed=5)
    game.start()
    agent = EfficientAgent()
    observation = game.observation(0)
    action = agent.act(observation)
    hand = observation.hand
    sizes = [sum(1 for t in hand if t // 36 == suit) for suit in range(3)]
    assert action == Action("declare_missing", 0, suit=sizes.index(min(sizes)))


def test_play_needs_one_agent_per_seat_and_an_agent_needs_a_question():
    with pytest.raises(IllegalActionError, match="3 agents for 4 seats"):
        play(Game("riichi", seed=1), [RandomAgent()] * 3)
    game = Game("riichi", seed=1)
    game.start()
    with pytest.raises(IllegalActionError, match="nothing to decide"):
        EfficientAgent().act(game.observation(1))


def test_selfplay_command_with_bots():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mahjongkit",
            "selfplay",
            "--variant",
            "sichuan",
            "--bot",
            "efficient",
            "--seed",
            "1",
            "--games",
            "2",
            "--max-rounds",
            "2",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and lines[0].startswith("game 1 (seed 1): 2 rounds")
    scores = [int(part.split("=")[1]) for part in lines[0].split("scores ")[1].split()]
    assert sum(scores) == 0


def test_selfplay_json_is_a_replayable_log():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mahjongkit",
            "selfplay",
            "--variant",
            "hongkong",
            "--seed",
            "3",
            "--max-rounds",
            "2",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    events = [json.loads(line) for line in done.stdout.splitlines()]
    assert events[0]["type"] == "start_game" and events[-1]["type"] == "end_game"
    assert Game.replay(events).over


def test_play_tells_each_round_that_ends() -> None:
    """``on_round`` hears every round's end, with the count of rounds over (a progress bar
    follows a long game by it)."""
    game = Game("hongkong", seed=3, max_rounds=5)
    heard: list[int] = []
    play(game, [EfficientAgent() for _ in range(4)], on_round=heard.append)
    assert heard == list(range(1, game.rounds_played + 1)) and game.rounds_played == 5
