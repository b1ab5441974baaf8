"""Engine games written as Tenhou records (tenhou.net/6 JSON), read back and replayed."""

import json
import subprocess
import sys

import pytest

from mahjongkit.bots import EfficientAgent, RandomAgent, play
from mahjongkit.errors import NotationError
from mahjongkit.formats.tenhou import Agari, RoundScript, read_tenhou6
from mahjongkit.formats.tenhou.export import game_record, game_to_tenhou6_json
from mahjongkit.formats.tenhou.replay import check_record
from mahjongkit.game.engine import Game
from mahjongkit.variants.riichi.rules import RiichiRules


@pytest.mark.parametrize("seed", [0, 3])
def test_a_game_written_as_tenhou6_replays_identically(seed):
    game = Game("riichi", RiichiRules.tenhou(), seed=seed)
    play(game, [EfficientAgent(), RandomAgent(seed), EfficientAgent(), RandomAgent(seed + 1)])
    record = game_record(game)
    assert len(record.rounds) == game.rounds_played
    for game_round in record.rounds:
        RoundScript.from_round(game_round)  # every tile followed and consistent
    back = read_tenhou6(json.loads(json.dumps(game_to_tenhou6_json(game))))
    report = check_record(back)
    assert report.mismatches == []
    assert report.checked == game.rounds_played
    engine_wins = [e["deltas"] for e in game.log if e["type"] == "hora"]
    record_wins = [list(a.deltas) for r in back.rounds for a in r.actions if isinstance(a, Agari)]
    assert record_wins == engine_wins and engine_wins


def test_only_four_player_riichi_games_are_written():
    with pytest.raises(NotationError, match="four-player Riichi"):
        game_record(Game("sichuan", seed=1))


def test_selfplay_writes_tenhou6_files(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mahjongkit",
            "selfplay",
            "--rules",
            "tenhou",
            "--seed",
            "4",
            "--max-rounds",
            "2",
            "--tenhou6",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads((tmp_path / "game-4.json").read_text())
    assert data["rule"]["aka"] == 1 and len(data["log"]) == 2


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [(["--variant", "sichuan"], "four-player Riichi"), ([], "of that name already exists")],
)
def test_selfplay_tenhou6_garbage(tmp_path, extra, fragment):
    target = tmp_path / "taken"
    target.write_text("")
    folder = str(tmp_path / "out") if extra else str(target)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mahjongkit",
            "selfplay",
            "--max-rounds",
            "1",
            "--tenhou6",
            folder,
            *extra,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert fragment in done.stderr and "Traceback" not in done.stderr


def test_wind_pungs_are_numbered_by_wind():
    """Tenhou's yaku 10-13 are the seat-wind pungs East..North, 14-17 the prevalent wind."""
    import random

    from mahjongkit.bots.policy import play_random

    checked = 0
    for seed in range(12):
        game = Game("riichi", RiichiRules.tenhou(), seed=seed)
        play_random(game, random.Random(seed))
        for game_round in game_record(game).rounds:
            for win in (a for a in game_round.actions if isinstance(a, Agari)):
                for number, _ in win.yaku:
                    if 10 <= number <= 13:
                        assert number - 10 == (win.seat - game_round.dealer) % 4
                        checked += 1
                    elif 14 <= number <= 17:
                        assert number - 14 == game_round.round_index // 4
                        checked += 1
    assert checked > 5
