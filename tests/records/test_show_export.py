"""``mahjongkit show ID`` and ``mahjongkit export ID``: a stored game as text, JSON lines or
tenhou.net/6, and the clear refusals of a bad id, database, format or variant."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from mahjongkit.bots.policy import play_random, random_policy
from mahjongkit.cli import main
from mahjongkit.formats.text import record_text
from mahjongkit.game.engine import Game
from mahjongkit.records import GameRecord, Records, Seat

NAMES = ("ana", "bea", "cai", "dov")


def _store(db: Path, variant: str, seed: int) -> int:
    game = Game(variant, seed=seed, max_rounds=2)
    play_random(game, random.Random(seed))
    assert game.over
    with Records(db) as records:
        number = records.create_game(
            game, [Seat(NAMES[0])] + [Seat(n, "random") for n in NAMES[1:]]
        )
        records.save(number, game)
    return number


def _load(db: Path, number: int) -> GameRecord:
    with Records(db, create=False) as records:
        return records.load(number)


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
def test_show_prints_every_round_with_its_start_and_result_and_the_final_scores(
    tmp_path, capsys, variant
):
    db = tmp_path / "games.sqlite3"
    number = _store(db, variant, 5)
    record = _load(db, number)
    assert main(["show", str(number), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert out == record_text(record, "en")
    starts = [e for e in record.events if e["type"] == "start_kyoku"]
    ends = [e for e in record.events if e["type"] in ("hora", "ryukyoku")]
    assert len(starts) == 2
    for index, start in enumerate(starts, 1):
        assert f"Round {index}: " in out
        scores = ", ".join(
            f"{seat} {score}"
            for seat, score in zip(("East", "South", "West", "North"), start["scores"], strict=True)
        )
        assert f"scores at the start: {scores}" in out
    assert f"Round {len(starts) + 1}:" not in out
    assert out.count("Draw: ") == sum(e["type"] == "ryukyoku" for e in ends)
    assert out.count(" wins on ") == sum(e["type"] == "hora" for e in ends)
    for win in (e for e in ends if e["type"] == "hora"):
        assert f"{win['mjk_score']['points']} points" in out
    final = record.events[-1]
    assert final["type"] == "end_game"
    assert record.result is not None and final["scores"] == record.result["scores"]
    tail = out.split("The game is over")[1]
    for seat, score in enumerate(final["scores"]):
        assert f"{NAMES[seat]}{' (random)' if seat else ''}: {score}" in tail


def test_show_speaks_french_and_spanish(tmp_path, capsys):
    db = tmp_path / "games.sqlite3"
    number = _store(db, "riichi", 5)
    assert main(["show", str(number), "--db", str(db), "--lang", "fr"]) == 0
    french = capsys.readouterr().out
    assert "Donne 2 : " in french and "scores au départ : Est 30000" in french
    assert main(["show", str(number), "--db", str(db), "--lang", "es"]) == 0
    spanish = capsys.readouterr().out
    assert "Mano 2: " in spanish and "puntos al empezar: Este 30000" in spanish


def test_an_unfinished_game_is_shown_with_its_scores_so_far(tmp_path):
    game = Game("riichi", seed=3)
    game.start()
    rng = random.Random(3)
    while not any(e["type"] == "end_kyoku" for e in game.log):
        game.apply(random_policy(game, game.waiting_for()[0], rng))
    db = tmp_path / "games.sqlite3"
    with Records(db) as records:
        number = records.create_game(game, [Seat(n) for n in NAMES])
        records.save(number, game)
        text = record_text(records.load(number))
    rounds = sum(e["type"] == "start_kyoku" for e in game.log)
    assert rounds >= 1
    assert f"The game is not finished ({rounds} round(s) stored)" in text
    winds = ("East", "South", "West", "North")
    scores = ", ".join(f"{s} {v}" for s, v in zip(winds, game.scores, strict=True))
    assert f"Scores now: {scores}" in text


def test_export_jsonl_is_the_stored_events_one_a_line(tmp_path, capsys):
    db = tmp_path / "games.sqlite3"
    number = _store(db, "sichuan", 7)
    assert main(["export", str(number), "--format", "jsonl", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line) for line in lines] == list(_load(db, number).events)
    out = tmp_path / "game.jsonl"
    assert (
        main(["export", str(number), "--format", "jsonl", "--db", str(db), "--out", str(out)]) == 0
    )
    assert out.read_text(encoding="utf-8").splitlines() == lines


def test_export_tenhou6_of_a_riichi_game_has_one_log_entry_a_round(tmp_path, capsys):
    db = tmp_path / "games.sqlite3"
    number = _store(db, "riichi", 5)
    assert main(["export", str(number), "--format", "tenhou6", "--db", str(db)]) == 0
    exported = json.loads(capsys.readouterr().out)
    record = _load(db, number)
    starts = [e for e in record.events if e["type"] == "start_kyoku"]
    assert len(exported["log"]) == len(starts) == 2
    for entry, start in zip(exported["log"], starts, strict=True):
        assert entry[1] == start["scores"]
        assert entry[0][1] == start["honba"]


def _refusal(capsys, argv: list[str]) -> str:
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse refuses before the command runs
        code = exit_.code  # type: ignore[assignment]
    assert code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("mahjongkit: error: ")
    return lines[0]


def test_tenhou6_of_a_sichuan_game_is_refused_in_one_line(tmp_path, capsys):
    db = tmp_path / "games.sqlite3"
    number = _store(db, "sichuan", 5)
    line = _refusal(capsys, ["export", str(number), "--format", "tenhou6", "--db", str(db)])
    assert "sichuan" in line and "Riichi" in line and "jsonl" in line


def test_bad_ids_databases_formats_and_outputs_are_refused_with_exit_2(tmp_path, capsys):
    db = tmp_path / "games.sqlite3"
    number = _store(db, "riichi", 5)
    missing = str(tmp_path / "none.sqlite3")
    assert "no game 99" in _refusal(capsys, ["show", "99", "--db", str(db)])
    assert "no game 99" in _refusal(capsys, ["export", "99", "--format", "jsonl", "--db", str(db)])
    assert "no records database" in _refusal(capsys, ["show", "1", "--db", missing])
    assert "no records database" in _refusal(
        capsys, ["export", "1", "--format", "jsonl", "--db", missing]
    )
    assert not Path(missing).exists()
    assert "whole number" in _refusal(capsys, ["show", "one", "--db", str(db)])
    assert "of at least 1" in _refusal(capsys, ["show", "0", "--db", str(db)])
    assert "invalid choice: 'xml'" in _refusal(
        capsys, ["export", str(number), "--format", "xml", "--db", str(db)]
    )
    assert "--format" in _refusal(capsys, ["export", str(number), "--db", str(db)])
    assert "does not exist" in _refusal(
        capsys,
        [
            "export",
            str(number),
            "--format",
            "jsonl",
            "--db",
            str(db),
            "--out",
            str(tmp_path / "no" / "x.jsonl"),
        ],
    )
    assert "is a folder" in _refusal(
        capsys,
        ["export", str(number), "--format", "jsonl", "--db", str(db), "--out", str(tmp_path)],
    )
    assert "--lang" in _refusal(capsys, ["show", str(number), "--db", str(db), "--lang", "de"])
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database at all" * 50)
    assert "not a usable records database" in _refusal(capsys, ["show", "1", "--db", str(garbage)])


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda e: e.pop("oya") if e["type"] == "start_kyoku" else None, "cannot be shown"),
        (lambda e: e.update(scores="many") if e["type"] == "start_kyoku" else None, "cannot"),
        (lambda e: e.update(mjk_score=[1]) if e["type"] == "hora" else None, "cannot be shown"),
        (lambda e: e.update(scores=None) if e["type"] == "end_game" else None, "cannot be shown"),
    ],
)
def test_a_stored_event_of_another_shape_is_refused_in_one_line(tmp_path, capsys, change, says):
    """Valid JSON the engine never writes (a field missing, of another type): ``show`` names
    the game and the event instead of a traceback."""
    import sqlite3

    db = tmp_path / "games.sqlite3"
    number = _store(db, "riichi", 5)
    raw = sqlite3.connect(db)
    rows = raw.execute("SELECT number, event FROM events WHERE game = ?", (number,)).fetchall()
    touched = None
    for index, text in rows:
        event = json.loads(text)
        if change(event) is not None or event != json.loads(text):
            raw.execute(
                "UPDATE events SET event = ? WHERE game = ? AND number = ?",
                (json.dumps(event), number, index),
            )
            touched = index if touched is None else touched
    raw.commit()
    raw.close()
    assert touched is not None
    line = _refusal(capsys, ["show", str(number), "--db", str(db)])
    assert f"game {number}, event {touched} {says}" in line, line
