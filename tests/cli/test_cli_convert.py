"""``convert`` reads what ``simulate --out`` writes (a game a line, a file out for each), takes
folders as ``replay-check`` does, and says each file it writes (first-use review, finding 10)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjongkit.cli import main
from mahjongkit.game.engine import Game
from tests.helpers.cli import run
from tests.helpers.paths import DATA


@pytest.fixture
def games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Three games as ``simulate --out`` writes them."""
    out = tmp_path / "run.jsonl"
    assert main(["simulate", "--games", "3", "--seed", "2", "--jobs", "1", "--max-rounds", "2",
                 "--out", str(out), "--json"]) == 0  # fmt: skip
    capsys.readouterr()
    return out


def test_a_file_of_games_gives_a_file_for_each_and_says_so(games, tmp_path, capsys):
    out = tmp_path / "t6"
    code, said, err = run(capsys, "convert", str(games), "--to", "jsonl", "--out", str(out))
    assert code == 0 and err == ""
    written = [out / f"run.{index}.jsonl" for index in range(3)]
    assert said.splitlines() == [f"{games} → {target}" for target in written]
    for index, target in enumerate(written):
        stored = json.loads(games.read_text().splitlines()[index])["events"]
        events = [json.loads(line) for line in target.read_text().splitlines()]
        assert events == stored  # the same game, every event, replayed on the way
        Game.replay(events)


def test_a_file_of_games_on_standard_output_is_every_game_in_turn(games, capsys):
    code, out, _ = run(capsys, "convert", str(games), "--to", "mjai")
    starts = [line for line in out.splitlines() if '"type":"start_game"' in line]
    assert code == 0 and len(starts) == 3


def test_a_folder_is_every_log_it_holds(tmp_path, capsys):
    logs = DATA / "riichi" / "mjlog"
    if not logs.is_dir():
        pytest.skip(f"{logs} is not in ../shared")
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("dnovikoff_example.xml",):
        (folder / name).write_bytes((logs / name).read_bytes())
    (folder / "notes.txt").write_text("not a log, not read")
    code, said, err = run(capsys, "convert", str(folder), "--to", "tenhou6", "--out",
                          str(tmp_path / "out"), "--lang", "fr")  # fmt: skip
    assert code == 0 and err == ""
    target = tmp_path / "out" / "dnovikoff_example.tenhou6.json"
    assert said == f"{folder / 'dnovikoff_example.xml'} → {target}\n" and target.is_file()


@pytest.mark.parametrize(
    ("lines", "says"),
    [
        (["GAME", "[1, 2]"], "line 2: not a game of simulate --out (an object with its events)"),
        (["GAME", "{cut"], "line 2: not JSON"),
    ],
)
def test_a_damaged_game_of_a_file_of_games_is_one_line_naming_it(
    games, tmp_path, capsys, lines, says
):
    """GAME stands for a whole game as simulate wrote it: it is still converted."""
    game = games.read_text().splitlines()[0]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(game if line == "GAME" else line for line in lines) + "\n")
    code, out, err = run(capsys, "convert", str(bad), "--to", "mjai")
    assert code == 2 and err.startswith(f"{bad}: {says}") and err.count("\n") == 1
    assert sum('"type":"start_game"' in line for line in out.splitlines()) == 1


def test_an_empty_folder_and_a_missing_file_are_said(tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run(capsys, "convert", str(empty), str(tmp_path / "gone.xml"), "--to", "mjai",
                       "--lang", "es")  # fmt: skip
    assert code == 2
    assert err.splitlines() == [
        f"{empty}: la carpeta no contiene ningún archivo .xml, .mjlog, .json, .jsonl, .gz",
        f"{tmp_path / 'gone.xml'}: no existe el archivo",
    ]
