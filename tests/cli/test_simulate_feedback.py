"""What ``simulate``, ``history`` and ``show`` show a person: a progress bar that moves within
the first seconds in every family, round by round, with games/s from the wall time; a summary
table at the end; tables readable at 80 columns in every language (issue 29, item 5)."""

from __future__ import annotations

import io
import json
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from mahjongkit.cli import main
from tests.helpers.paths import REPO

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
FRAME = re.compile(
    r"(\d+)/(\d+) (\d+) (?:rounds|donnes|manos) ([\d.,-]+) (?:games|parties|partidas)/s"
)


def _on_a_terminal(argv: list[str], cwd: Path, timeout: float = 60) -> tuple[list[Any], str]:
    """Run ``python -m mahjongkit ARGV`` with a pseudo-terminal as its output: the progress
    frames seen, each with the seconds since the process was started, and the whole text."""
    import pty

    parent, child = pty.openpty()
    began = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "mahjongkit", *argv],
        stdin=subprocess.DEVNULL,
        stdout=child,
        stderr=child,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(REPO / "src"), "COLUMNS": "110", "TERM": "xterm"},
    )
    os.close(child)
    frames: list[tuple[float, int, int, int, str]] = []
    text = ""
    try:
        while time.monotonic() - began < timeout:
            ready, _, _ = select.select([parent], [], [], 0.05)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            try:
                data = os.read(parent, 65536)
            except OSError:  # the child closed its end
                break
            if not data:
                break
            seen = time.monotonic() - began
            chunk = ESCAPES.sub("", data.decode("utf-8", "replace"))
            text += chunk
            for found in FRAME.finditer(chunk):
                done, total, rounds, rate = found.groups()
                frames.append((seen, int(done), int(total), int(rounds), rate))
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)
        os.close(parent)
    assert process.returncode == 0, text[-2000:]
    return frames, text


@pytest.mark.parametrize(
    ("family", "rounds"), [("hongkong", None), ("sichuan", "8"), ("riichi", "4")]
)  # fmt: skip
def test_the_progress_moves_within_two_seconds_in_every_family(tmp_path, family, rounds):
    """Hong Kong's games are the longest (a game between efficient bots lasts seconds): they
    are played whole, the others cut short to keep the test short."""
    games = 2
    cut = ["--max-rounds", rounds] if rounds else []
    frames, text = _on_a_terminal(
        ["simulate", "--variant", family, "--games", str(games), "--seed", "3", "--bot",
         "efficient", "--jobs", "2", *cut, "--out", str(tmp_path / "g.jsonl")],
        tmp_path,
    )  # fmt: skip
    assert frames, text[-2000:]
    moving = [frame for frame in frames if frame[3] > 0]
    assert moving, frames
    # Rounds are counted as they end, so the bar moves before Hong Kong's long first game is
    # over. (How soon, in seconds, is measured, not asserted: a loaded machine is slower.)
    if family == "hongkong":
        assert any(done == 0 for _, done, _, _, _ in moving), "rounds counted before games"
    assert [f[3] for f in frames] == sorted(f[3] for f in frames), "rounds never go back"
    assert [f[1] for f in frames] == sorted(f[1] for f in frames), "games never go back"
    for seen, done, total, _, rate in frames:
        assert total == games
        if done == 0:
            assert rate == "-"
            continue
        # Games per second of wall time since the run began: never above what the games done
        # so far allow over the time the bar has been seen (a burst's rate would be).
        speed = float(rate.replace(",", "."))
        assert speed >= done / seen * 0.9
    summary = text[text.rindex("games/s;") :]
    for heading in ("seat", "bot", "wins", "deal-ins", "score", "placement"):
        assert heading in summary
    assert "mean ± half-width of the 95% confidence interval" in summary


def test_the_progress_speaks_french(tmp_path):
    frames, text = _on_a_terminal(
        ["simulate", "--games", "1", "--seed", "1", "--jobs", "1", "--max-rounds", "2",
         "--out", str(tmp_path / "g.jsonl"), "--lang", "fr"],
        tmp_path,
    )  # fmt: skip
    assert frames and "parties/s" in text and ", reste " in text
    assert "Riichi : 1 parties" in text and "victoires" in text and "ron" in text


class _Counters:
    """What the bar reads of :class:`mahjongkit.sim.Counters`, set by the test."""

    games = 0
    rounds = 0


def test_the_bar_reads_the_counters_of_the_processes_playing(monkeypatch):
    from rich.console import Console

    from mahjongkit.cli.simulate import _progress_bar

    screen = io.StringIO()
    console = Console(file=screen, width=80, force_terminal=True, color_system=None)
    counters = _Counters()
    with _progress_bar(10, counters, "es", console) as advance:
        counters.rounds = 7
        time.sleep(0.5)
        counters.games, counters.rounds = 3, 19
        time.sleep(0.5)
        assert callable(advance)
    seen = ESCAPES.sub("", screen.getvalue())
    assert "0/10 7 manos - partidas/s" in seen
    assert "3/10 19 manos" in seen
    rate = re.findall(r"3/10 19 manos ([\d,]+) partidas/s", seen)[-1]
    assert 2.0 <= float(rate.replace(",", ".")) <= 6.0  # 3 games in about a second of wall time


def test_a_ray_run_counts_the_games_handed_back():
    """On Ray the tasks count nothing here: the games handed back move the bar."""
    from rich.console import Console

    from mahjongkit.cli.simulate import _progress_bar

    screen = io.StringIO()
    console = Console(file=screen, width=80, force_terminal=True, color_system=None)

    class Game:
        rounds = 5

    with _progress_bar(4, _Counters(), "en", console) as advance:
        advance(Game())
        advance(Game())
    assert "2/4 10 rounds" in ESCAPES.sub("", screen.getvalue())


# --- the summary at the end ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def summary() -> dict[str, Any]:
    """A run's summary with four different bots (and so a line per bot too)."""
    import contextlib

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["simulate", "--games", "2", "--seed", "4", "--jobs", "1", "--max-rounds",
                     "2", "--bot", "efficient", "--bot", "defensive", "--bot", "random", "--bot",
                     "efficient", "--out", os.devnull, "--json"])  # fmt: skip
    assert code == 0
    found: dict[str, Any] = json.loads(out.getvalue())
    return found


def _rendered(found: dict[str, Any], lang: str) -> list[str]:
    import contextlib

    from rich.console import Console

    from mahjongkit.cli.simulate import _print_simulation

    screen = io.StringIO()
    with contextlib.redirect_stdout(screen):
        _print_simulation(found, lang, Console(file=screen, width=80, color_system=None))
    return screen.getvalue().splitlines()


@pytest.mark.parametrize(
    ("lang", "headings"),
    [
        ("en", ["seat", "bot", "wins", "deal-ins", "score", "placement"]),
        ("fr", ["place", "bot", "victoires", "concédés", "score", "rang"]),
        ("es", ["puesto", "bot", "victorias", "concedidos", "puntos", "posición"]),
    ],
)
def test_the_summary_table_holds_in_80_columns(summary, lang, headings):
    lines = _rendered(summary, lang)
    table = lines[1:]  # the title line goes on as a terminal wraps it
    assert all(len(line) <= 80 for line in table), [line for line in table if len(line) > 80]
    heading_line = next(line for line in table if headings[0] in line)
    for heading in headings:
        assert heading in "\n".join(table[:4]), heading
    assert heading_line.index(headings[0]) < heading_line.index(headings[-1])
    for bot in ("efficient", "defensive", "random"):
        assert any(line.split()[1:2] == [bot] for line in table if line.strip()), bot  # uncut
    # Every mean is whole on its line, with the half-width of its interval.
    score = summary["seats"][0]["score"]
    low, high = score["low"], score["high"]
    from mahjongkit.i18n import number

    mean = number(score["mean"], lang, 0)  # Riichi's hundreds of points: no tenths
    half = number((high - low) / 2, lang, 0)
    assert any(f"{mean} ± {half}" in line for line in table), (mean, half, table)


def test_the_summary_with_mjai_faults_holds_in_80_columns(summary):
    found = json.loads(json.dumps(summary))
    for entry in found["seats"]:
        entry["bot"] = "mjai:python -m mahjongkit mjai-bot {seat}"
        entry["mjai_faults"] = {"timeouts": 1, "malformed": 0, "illegal": 2, "exited": 0}
    lines = _rendered(found, "fr")
    assert all(len(line) <= 80 for line in lines[1:])
    assert "1/0/2/0" in "\n".join(lines)


def test_the_title_line_says_what_was_played(summary):
    from mahjongkit.cli.simulate import _simulation_title

    assert _simulation_title(summary, "en").startswith("Riichi: 2 games, ")
    assert ", seed 4, 1 process, " in _simulation_title(summary, "en")
    assert ", 1 processus, " in _simulation_title(summary, "fr")
    resumed = {**summary, "resumed": 2, "games_per_second": None}
    assert _simulation_title(resumed, "en") == (
        f"all 2 games of this run were already stored in {summary['stored']}"
    )
    half = {**summary, "games": 2, "resumed": 1, "jobs": 3}
    assert "3 processes" in _simulation_title(half, "en")
    assert "(1 stored before, 1 played now)" in _simulation_title(half, "en")


def test_resuming_a_finished_run_says_so_and_prints_no_none(capsys, tmp_path):
    out = tmp_path / "r.jsonl"
    flags = ["simulate", "--games", "2", "--seed", "3", "--jobs", "1", "--max-rounds", "1",
             "--out", str(out)]  # fmt: skip
    assert main(flags) == 0
    capsys.readouterr()
    assert main([*flags, "--resume"]) == 0
    said, err = capsys.readouterr()
    assert err == ""
    assert said.splitlines()[0] == f"all 2 games of this run were already stored in {out}"
    assert "None" not in said


def test_a_file_of_games_written_again_without_resume_is_said(capsys, tmp_path):
    out = tmp_path / "r.jsonl"
    flags = ["simulate", "--games", "1", "--seed", "3", "--jobs", "1", "--max-rounds", "1",
             "--out", str(out)]  # fmt: skip
    assert main(flags) == 0
    assert capsys.readouterr().err == ""
    assert main([*flags, "--lang", "es"]) == 0
    err = capsys.readouterr().err
    assert err == (
        f"{out} ya contiene partidas: se reescribe desde la primera (--resume conserva las que "
        "contiene)\n"
    )


# --- history and show ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A records database with games of every family, one with a person at a seat."""
    from mahjongkit.game.engine import Game
    from mahjongkit.records import Records, Seat

    db = tmp_path_factory.mktemp("records") / "games.sqlite3"
    for family in ("riichi", "hongkong", "sichuan"):
        flags = ["--variant", family, "--games", "1", "--seed", "5", "--jobs", "1",
                 "--max-rounds", "8", "--db", str(db), "--bot", "efficient", "--bot",
                 "defensive", "--bot", "random", "--bot", "efficient", "--json"]  # fmt: skip
        assert main(["simulate", *flags]) == 0
    with Records(db) as stored:
        game = Game("riichi", seed=9)
        game.start()
        seats = [Seat("player0"), *(Seat(f"player{s}", "efficient") for s in (1, 2, 3))]
        stored.create_game(game, seats, surface="play")
    return db


@pytest.mark.parametrize(
    ("lang", "headings"),
    [
        ("en", ["id", "variant", "status", "seats", "result", "updated"]),
        ("fr", ["n°", "variante", "état", "places", "résultat", "modifiée"]),
        ("es", ["n.º", "variante", "estado", "puestos", "resultado", "modificada"]),
    ],
)
def test_history_holds_in_80_columns(records, lang, headings):
    from rich.console import Console

    from mahjongkit.cli.games import _print_history, _scores_in_two_lines, _seats_in_short
    from mahjongkit.i18n import t, t_or
    from mahjongkit.records import Records

    with Records(records, create=False) as stored:
        games = stored.list_games()
    rows = [
        (str(g.id), t_or(f"play.variant.{g.variant}", lang, g.variant),
         t_or(f"play.status.{g.status}", lang, g.status), _seats_in_short(g.seats, lang),
         _scores_in_two_lines((g.result or {}).get("scores"), lang),
         g.updated[:10] + "\n" + g.updated[11:16])
        for g in games
    ]  # fmt: skip
    screen = io.StringIO()
    words = [t(f"play.history.{c}", lang) for c in
             ("id", "variant", "status", "seats", "result", "updated")]  # fmt: skip
    _print_history(rows, words, str(records), lang, Console(file=screen, width=80))
    lines = screen.getvalue().splitlines()
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
    assert all(word in "\n".join(lines[:6]) for word in headings)
    you = t("play.you", lang)
    seats = [line for line in lines if f"player0 ({you})" in line]
    assert len(seats) == 1
    below = lines[lines.index(seats[0]) + 1]
    assert below[seats[0].index("player0") :].startswith("efficient ×3")
    assert any("Hong Kong" in line for line in lines)


def test_history_through_the_command_marks_the_person_and_json_is_the_same_in_every_language(
    records, capsys
):
    assert main(["history", "--db", str(records), "--lang", "fr"]) == 0
    shown = capsys.readouterr().out
    assert "player0 (vous)" in shown and "efficient ×3" in shown
    listed = {}
    for lang in ("en", "es"):
        assert main(["history", "--db", str(records), "--json", "--lang", lang]) == 0
        listed[lang] = json.loads(capsys.readouterr().out)
    assert listed["en"] == listed["es"]
    games = listed["en"]
    assert [type(game["id"]) for game in games] == [int] * 4
    assert {game["variant"] for game in games} == {"riichi", "hongkong", "sichuan"}
    assert {game["status"] for game in games} == {"playing", "finished"}
    playing = next(game for game in games if game["status"] == "playing")
    assert playing["seat_list"][0] == {"name": "player0", "bot": None, "person": True}
    assert playing["scores"] is None and playing["result"] == ""
    finished = next(game for game in games if game["variant"] == "hongkong")
    assert finished["result"] == " ".join(map(str, finished["scores"]))


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_show_holds_in_80_columns(records, lang, capsys):
    from mahjongkit.records import Records

    with Records(records, create=False) as stored:
        ids = [game.id for game in stored.list_games()]
    for number in ids:
        assert main(["show", str(number), "--db", str(records), "--lang", lang]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
        heading = {"en": "Seats:", "fr": "Places :", "es": "Puestos:"}[lang]
        assert heading in lines and len(lines) > 4
