"""``mahjongkit simulate``: the same games whatever the processes, every game stored and
replayable, a summary that adds up, and one clear line for every unusable flag."""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from mahjongkit import sim
from mahjongkit.cli import main
from mahjongkit.game.engine import Game
from mahjongkit.records import Records, Seat, resume
from mahjongkit.sim import Plan, SimulationError, game_seed, parse_bots, play_game
from mahjongkit.sim.plan import _play
from mahjongkit.sim.stats import _mean_interval
from tests.helpers.processes import run_command, start_command

TABLE = ["--bot", "efficient", "--bot", "random", "--bot", "efficient", "--bot", "random"]
GAME_0_0 = 139262579855713
"""The seed of the first game of a run seeded 0."""
TIMING = ("elapsed_seconds", "games_per_second", "jobs", "stored")
"""What depends on the machine and the run, not on the games."""


def simulate(capsys: Any, *flags: str) -> dict[str, Any]:
    """Run the command with ``--json``; its summary without the figures that vary run to run."""
    code = main(["simulate", "--json", *flags])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    lines = out.splitlines()
    assert len(lines) == 1, "on a pipe only the summary is printed, no progress bar"
    found: dict[str, Any] = json.loads(lines[0])
    for key in TIMING:
        found.pop(key)
    if found.get("resumed") == 0:
        found.pop("resumed")
    return found


def riichi(seed: str = "7", games: str = "4") -> list[str]:
    return ["--variant", "riichi", "--games", games, "--seed", seed, "--max-rounds", "2", *TABLE]


def stored(path: Path) -> list[tuple[int, list[str], dict[str, Any] | None, list[Any]]]:
    with Records(path, create=False) as records:
        games = sorted(records.list_games(), key=lambda g: g.id)
        return [
            (g.seed, [s.bot or "" for s in g.seats], g.result, list(records.load(g.id).events))
            for g in games
        ]


def test_one_and_two_processes_give_the_same_summary_and_the_same_stored_games(capsys, tmp_path):
    one = simulate(capsys, *riichi(), "--jobs", "1", "--db", str(tmp_path / "one.sqlite3"))
    two = simulate(capsys, *riichi(), "--jobs", "2", "--db", str(tmp_path / "two.sqlite3"))
    assert one == two
    first, second = stored(tmp_path / "one.sqlite3"), stored(tmp_path / "two.sqlite3")
    assert first == second
    assert [seed for seed, *_ in first] == [game_seed(7, i) for i in range(4)]
    assert first[0][1] == ["efficient", "random", "efficient", "random"]
    # The games differ from one another: each index has its own seed and its own deal.
    assert len({json.dumps(events[:3]) for *_, events in first}) == 4


def test_one_and_two_processes_write_the_same_json_lines(capsys, tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    simulate(capsys, *riichi(), "--jobs", "1", "--out", str(one))
    simulate(capsys, *riichi(), "--jobs", "2", "--out", str(two))
    assert one.read_bytes() == two.read_bytes()
    lines = [json.loads(line) for line in one.read_text().splitlines()]
    assert [line["index"] for line in lines] == [0, 1, 2, 3]
    assert set(lines[0]) == {"index", "variant", "rules", "seed", "bots", "events", "result"}
    assert lines[0]["rules"] == lines[0]["events"][0]["mjk_rules"]


def test_another_seed_gives_other_games(capsys, tmp_path):
    simulate(capsys, *riichi("7", "2"), "--jobs", "1", "--out", str(tmp_path / "a.jsonl"))
    simulate(capsys, *riichi("8", "2"), "--jobs", "1", "--out", str(tmp_path / "b.jsonl"))
    a = [json.loads(x)["events"] for x in (tmp_path / "a.jsonl").read_text().splitlines()]
    b = [json.loads(x)["events"] for x in (tmp_path / "b.jsonl").read_text().splitlines()]
    assert a != b


def test_a_stored_game_replays_to_its_final_scores(capsys, tmp_path):
    db = tmp_path / "games.sqlite3"
    simulate(
        capsys,
        "--variant",
        "sichuan",
        "--games",
        "3",
        "--seed",
        "2",
        "--jobs",
        "1",
        "--max-rounds",
        "2",
        "--bot",
        "efficient",
        "--db",
        str(db),
    )
    with Records(db, create=False) as records:
        games = records.list_games(status="finished")
        assert len(games) == 3
        for listed in games:
            record = records.load(listed.id)
            assert record.surface == "simulate"
            assert record.variant == "sichuan"
            game = Game.replay(list(record.events))
            assert game.over
            assert record.result is not None
            assert list(game.scores) == record.result["scores"]
            assert game.rounds_played == record.result["rounds"] == 2
            assert list(resume(record).scores) == record.result["scores"]


def test_a_json_line_replays_to_its_final_scores(capsys, tmp_path):
    out = tmp_path / "games.jsonl"
    simulate(
        capsys,
        "--variant",
        "hongkong",
        "--games",
        "2",
        "--seed",
        "5",
        "--jobs",
        "2",
        "--max-rounds",
        "2",
        "--out",
        str(out),
    )
    for line in out.read_text().splitlines():
        game_line = json.loads(line)
        game = Game.replay(game_line["events"])
        assert list(game.scores) == game_line["result"]["scores"]
        assert game.seed == game_line["seed"]
        assert game_line["bots"] == ["random"] * 4


def test_the_summary_adds_up_to_the_stored_games(capsys, tmp_path):
    out = tmp_path / "games.jsonl"
    found = simulate(capsys, *riichi(games="4"), "--jobs", "1", "--out", str(out))
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert {"variant", "seed", "games", "rounds", "max_rounds", "seats", "bots"} <= set(found)
    assert (found["variant"], found["seed"], found["games"], found["max_rounds"]) == (
        "riichi",
        7,
        4,
        2,
    )
    assert found["rounds"] == sum(line["result"]["rounds"] for line in lines)
    assert [s["seat"] for s in found["seats"]] == list("ESWN")
    assert [s["bot"] for s in found["seats"]] == ["efficient", "random", "efficient", "random"]
    for seat, entry in enumerate(found["seats"]):
        wins = sum(
            1
            for line in lines
            for e in line["events"]
            if e["type"] == "hora" and e["actor"] == seat
        )
        deal_ins = sum(
            1
            for line in lines
            for e in line["events"]
            if e["type"] == "hora" and e["target"] == seat and e["actor"] != seat
        )
        assert (entry["wins"], entry["deal_ins"]) == (wins, deal_ins)
        assert entry["win_rate"] == pytest.approx(wins / found["rounds"])
        scores = [line["result"]["scores"][seat] for line in lines]
        assert entry["score"]["mean"] == pytest.approx(sum(scores) / 4)
        assert entry["score"]["low"] <= entry["score"]["mean"] <= entry["score"]["high"]
        places = [line["result"]["placements"][seat] for line in lines]
        assert entry["placement"]["mean"] == pytest.approx(sum(places) / 4)
    by_bot = {b["bot"]: b for b in found["bots"]}
    assert set(by_bot) == {"efficient", "random"}
    assert by_bot["efficient"]["games"] == 8
    assert by_bot["efficient"]["wins"] == found["seats"][0]["wins"] + found["seats"][2]["wins"]


def test_the_table_is_printed_without_json(capsys, tmp_path):
    code = main(["simulate", *riichi(games="1"), "--jobs", "1", "--out", str(tmp_path / "g.jsonl")])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert "placement" in out and "efficient" in out and "random" in out
    assert "Riichi: 1 games, 2 rounds, seed 7, 1 process, " in out


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (["--bot", "clever"], "unknown bot 'clever': expected one of random, efficient"),
        (["--bot", "random", "--bot", "efficient"], "2 --bot given for a 4-seat table"),
        (["--jobs", "0"], "--jobs 0"),
        (["--jobs", "-1"], "--jobs"),
        (["--jobs", "two"], "--jobs"),
        (["--games", "0"], "--games"),
        (["--seed", "x"], "--seed"),
        (["--db", "/no/such/folder/games.sqlite3"], "does not exist"),
        (["--out", "/no/such/folder/games.jsonl"], "does not exist"),
        (["--db", "a.sqlite3", "--out", "b.jsonl"], "not allowed with"),
        (["--variant", "chess"], "--variant"),
        (["--option", "nonsense=3"], "nonsense"),
    ],
)
def test_unusable_flags_exit_2_with_one_line(capsys, tmp_path, monkeypatch, flags, says):
    monkeypatch.chdir(tmp_path)
    base = {"--games": "1", "--seed": "1"}
    for flag in flags:
        base.pop(flag, None)
    argv = ["simulate", *[x for kv in base.items() for x in kv], *flags]
    with pytest.raises(SystemExit) as exited:
        raise SystemExit(main(argv))
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("mahjongkit: error: ")
    assert says in err
    assert not list(tmp_path.iterdir()), "nothing is written by a refused run"


def test_the_missing_database_folder_is_refused_before_any_game_is_played(capsys, tmp_path):
    assert (
        main(
            [
                "simulate",
                "--games",
                "1",
                "--seed",
                "1",
                "--db",
                str(tmp_path / "missing" / "g.sqlite3"),
            ]
        )
        == 2
    )
    assert not (tmp_path / "missing").exists()


def test_game_seeds_are_stable_and_distinct():
    # A change of the derivation would change every stored run: this value is the contract.
    assert game_seed(0, 0) == GAME_0_0
    seeds = {game_seed(s, i) for s in range(5) for i in range(200)}
    assert len(seeds) == 1000
    assert all(0 <= x < 2**48 for x in seeds), "a game seed is cut to 48 bits"
    assert game_seed(1, 0) != game_seed(0, 1)


def test_bots_are_one_for_every_seat_or_one_per_seat():
    assert parse_bots(["efficient"], 4) == ("efficient",) * 4
    assert parse_bots([], 3) == ("random",) * 3
    assert parse_bots(["Random", "efficient", "random"], 3) == ("random", "efficient", "random")
    with pytest.raises(SimulationError, match="3 --bot given for a 4-seat table"):
        parse_bots(["random"] * 3, 4)


def test_a_game_depends_only_on_the_run_seed_and_its_index():
    plan = Plan("riichi", None, seed=3, games=5, bots=("random",), max_rounds=1)
    again = Plan("riichi", None, seed=3, games=9, bots=("random",), max_rounds=1)
    assert play_game(plan, 4).events == play_game(again, 4).events
    assert play_game(plan, 4).events != play_game(plan, 3).events


def test_the_interval_is_the_normal_one():
    found = _mean_interval([1, 2, 3, 4])
    half = 1.959963984540054 * math.sqrt((1.5**2 * 2 + 0.5**2 * 2) / 3 / 4)
    assert found["mean"] == 2.5
    assert found["low"] == pytest.approx(2.5 - half, abs=1e-6)
    assert found["high"] == pytest.approx(2.5 + half, abs=1e-6)
    assert _mean_interval([7]) == {"mean": 7.0, "low": None, "high": None}
    assert _mean_interval([]) == {"mean": None, "low": None, "high": None}


class _CutShort(list[str]):
    """Events that the interruption reaches while they are being written."""

    def __iter__(self) -> Any:
        for count, item in enumerate(super().__iter__()):
            if count == 40:
                raise KeyboardInterrupt
            yield item


def interrupt_at(monkeypatch: Any, game: int) -> None:
    """Ctrl-C while game number ``game`` (1 the first) of a run is being stored."""
    add = Records.add_finished
    calls: list[int] = []

    def interrupted(self: Records, opening: Any, seats: Any, events: Any, *rest: Any, **kw: Any):
        calls.append(1)
        if len(calls) == game:
            events = _CutShort(events)
        return add(self, opening, seats, events, *rest, **kw)

    monkeypatch.setattr(Records, "add_finished", interrupted)


def test_an_interrupted_run_keeps_its_games_and_resume_plays_the_rest(
    capsys, tmp_path, monkeypatch
):
    """Ctrl-C while the one process stores its third game: none of that game is kept."""
    whole = simulate(capsys, *riichi(), "--jobs", "1", "--db", str(tmp_path / "whole.sqlite3"))
    cut = tmp_path / "cut.sqlite3"
    with monkeypatch.context() as patch:
        interrupt_at(patch, 3)
        code = main(["simulate", *riichi(), "--jobs", "1", "--db", str(cut), "--json"])
    out, err = capsys.readouterr()
    assert code == 130 and out == ""
    assert err == (
        f"mahjongkit: interrupted: 2 of 4 games stored in {cut}; the same command with --resume "
        "plays the others\n"
    )
    with Records(cut, create=False) as records:
        games = sorted(records.list_games(), key=lambda g: g.id)
        assert [g.status for g in games] == ["finished", "finished"], "none of the third"
        assert [records.event_count(g.id) for g in games] == [
            len(events) for *_, events in stored(tmp_path / "whole.sqlite3")[:2]
        ]
    code = main(["simulate", *riichi(), "--jobs", "2", "--db", str(cut), "--json", "--resume"])
    out, _ = capsys.readouterr()
    assert code == 0
    resumed = json.loads(out)
    assert resumed["resumed"] == 2
    for key in (*TIMING, "resumed"):
        resumed.pop(key)
    assert resumed == whole
    assert stored(cut) == stored(tmp_path / "whole.sqlite3"), "four games, none stored twice"


def test_an_interrupted_run_on_two_processes_counts_what_the_workers_stored(
    capsys, tmp_path, monkeypatch
):
    """The workers store their games themselves, maybe ahead of the last one handed back: the
    line tells what the database holds, and --resume fills the gaps at the ids of their order."""
    flags = riichi(games="12")
    whole = simulate(capsys, *flags, "--jobs", "1", "--db", str(tmp_path / "whole.sqlite3"))
    cut = tmp_path / "cut.sqlite3"
    handed: list[int] = []
    noted = sim.RecordsSink.__call__

    def interrupted(self: Any, played: Any) -> None:
        handed.append(played.index)
        if len(handed) == 3:
            raise KeyboardInterrupt
        noted(self, played)

    with monkeypatch.context() as patch:
        patch.setattr(sim.RecordsSink, "__call__", interrupted)
        code = main(["simulate", *flags, "--jobs", "2", "--db", str(cut), "--json"])
    _, err = capsys.readouterr()
    assert code == 130
    with Records(cut, create=False) as records:
        games = records.list_games()
        assert all(g.finished for g in games)
        assert len(games) >= 2
        kept = len(games)
    assert f"interrupted: {kept} of 12 games stored in {cut}" in err
    expected = stored(tmp_path / "whole.sqlite3")
    by_id = {seed: entry for seed, *entry in expected}
    for seed, *entry in stored(cut):
        assert by_id[seed] == entry, "every stored game is whole and the same"
    again = simulate(capsys, *flags, "--jobs", "2", "--db", str(cut), "--resume")
    assert again.pop("resumed") == kept
    assert again == whole
    assert stored(cut) == expected, "the gaps filled at the ids of their index"


def _finished_games(path: Path) -> int:
    import sqlite3

    if not path.exists():
        return 0
    try:
        with contextlib.closing(sqlite3.connect(path, timeout=5)) as db:
            query = "SELECT COUNT(*) FROM games WHERE status = 'finished'"
            return int(db.execute(query).fetchone()[0])
    except sqlite3.Error:
        return 0


def test_ctrl_c_on_two_processes_keeps_every_stored_game_and_resume_finishes(tmp_path):
    """A real Ctrl-C sent to the command's process group while its workers store games."""
    # Enough games that a loaded machine cannot finish them between the poll and the signal.
    flags = ["--variant", "sichuan", "--games", "1000", "--seed", "3", "--max-rounds", "1"]
    cut = tmp_path / "cut.sqlite3"
    command = ["simulate", *flags, "--jobs", "2"]
    child = start_command(*command, "--db", str(cut))
    try:
        deadline = time.monotonic() + 60
        while _finished_games(cut) < 5 and time.monotonic() < deadline:
            time.sleep(0.05)
        os.killpg(child.pid, signal.SIGINT)
        _, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    said = err.decode()
    assert child.returncode == 130, said
    assert said.count("\n") == 1, "one line, no worker's traceback"
    kept = _finished_games(cut)
    assert 5 <= kept < 1000
    assert f"interrupted: {kept} of 1000 games stored" in said
    with Records(cut, create=False) as records:
        assert all(g.finished for g in records.list_games()), "no game half stored"
    done = run_command(*command, "--db", str(cut), "--resume", "--json")
    assert json.loads(done.stdout)["resumed"] == kept
    whole = tmp_path / "whole.sqlite3"
    run_command(*command, "--db", str(whole), "--json")
    assert stored(cut) == stored(whole)


def test_resume_completes_a_game_left_half_stored(capsys, tmp_path):
    """A game created and partly written (as an older version's interrupted run left it) is
    completed, not stored a second time."""
    whole = simulate(capsys, *riichi(), "--jobs", "1", "--db", str(tmp_path / "whole.sqlite3"))
    expected = stored(tmp_path / "whole.sqlite3")
    cut = tmp_path / "cut.sqlite3"
    simulate(capsys, *riichi(games="2"), "--jobs", "1", "--db", str(cut))
    plan = Plan("riichi", None, seed=7, games=4, bots=("efficient", "random") * 2, max_rounds=2)
    half = play_game(plan, 2)
    opening = Game("riichi", None, seed=half.seed, max_rounds=2)
    opening.start()
    with Records(cut) as records:
        seats = [Seat(f"{bot}{n}", bot) for n, bot in enumerate(half.bots)]
        number = records.create_game(opening, seats, surface="simulate")
        records.append_events(number, half.events[len(opening.log) : 50], len(opening.log))
    again = simulate(capsys, *riichi(), "--jobs", "2", "--db", str(cut), "--resume")
    assert again.pop("resumed") == 2
    assert again == whole
    assert stored(cut) == expected
    with Records(cut, create=False) as records:
        assert [g.id for g in sorted(records.list_games(), key=lambda g: g.id)][2] == number


def test_resume_of_a_json_lines_file_cut_mid_line_writes_the_same_file(capsys, tmp_path):
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    expected = simulate(capsys, *riichi(), "--jobs", "1", "--out", str(whole))
    lines = whole.read_bytes().splitlines(keepends=True)
    cut.write_bytes(b"".join(lines[:2]) + lines[2][:100])
    again = simulate(capsys, *riichi(), "--jobs", "2", "--out", str(cut), "--resume")
    assert again.pop("resumed") == 2
    assert again == expected
    assert cut.read_bytes() == whole.read_bytes()


def test_resume_refuses_a_file_of_another_run(capsys, tmp_path):
    out = tmp_path / "games.jsonl"
    simulate(capsys, *riichi("7", "2"), "--jobs", "1", "--out", str(out))
    before = out.read_bytes()
    assert main(["simulate", *riichi("8", "2"), "--jobs", "1", "--out", str(out), "--resume"]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "is not a game of this run" in err
    assert out.read_bytes() == before


def test_games_stored_by_two_workers_are_listed_shown_and_exported_as_played(capsys, tmp_path):
    """The workers' database (write-ahead log, packed logs) read by history, show and export
    while another connection still holds it open, each game event for event as played."""
    from mahjongkit.formats.text import record_text

    db = tmp_path / "games.sqlite3"
    simulate(capsys, *riichi(), "--jobs", "2", "--db", str(db))
    plan = Plan("riichi", None, seed=7, games=4, bots=("efficient", "random") * 2, max_rounds=2)
    with Records(db, create=False) as holding:
        assert holding._db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert holding._db.execute("SELECT COUNT(*) FROM events").fetchone() == (0,)
        assert main(["history", "--db", str(db), "--json"]) == 0
        listed = json.loads(capsys.readouterr().out)
        assert sorted(int(game["id"]) for game in listed) == [1, 2, 3, 4]
        for index in range(4):
            number = index + 1
            played = play_game(plan, index)
            assert main(["export", str(number), "--format", "jsonl", "--db", str(db)]) == 0
            assert capsys.readouterr().out == "".join(line + "\n" for line in played.lines)
            assert main(["show", str(number), "--db", str(db)]) == 0
            assert capsys.readouterr().out == record_text(holding.load(number), "en")
            assert holding.load(number).result == played.result()


def test_resume_of_games_stored_at_scattered_ids_stores_the_rest_after_them(capsys, tmp_path):
    """Games of the run found at ids that are no block (another writer between them): the
    others go to a new block, in index order, and none is stored twice."""
    whole = simulate(capsys, *riichi(), "--jobs", "1", "--db", str(tmp_path / "whole.sqlite3"))
    cut = tmp_path / "cut.sqlite3"
    plan = Plan("riichi", None, seed=7, games=4, bots=("efficient", "random") * 2, max_rounds=2)
    with Records(cut) as records:
        for index, number in ((0, 5), (1, 7)):
            game, played = _play(plan, index)
            seats = [Seat(f"{bot}{n}", bot) for n, bot in enumerate(played.bots)]
            records.add_finished(
                game, seats, played.lines, played.result(), surface="simulate", number=number
            )
        other = Game("sichuan", seed=1)
        other.start()
        records.create_game(
            other,
            [Seat("ana")] * 4,
            surface="terminal",
        )
    again = simulate(capsys, *riichi(), "--jobs", "2", "--db", str(cut), "--resume")
    assert again.pop("resumed") == 2
    assert again == whole
    with Records(cut, create=False) as records:
        ids = sorted(g.id for g in records.list_games() if g.surface == "simulate")
    assert ids[:2] == [5, 7] and ids[2] < ids[3] and ids[2] > 8
    assert stored(cut)[:2] + stored(cut)[3:] == stored(tmp_path / "whole.sqlite3")


_TABLES_PROBE = """
import json, sys
from mahjongkit import shapes, sim
from mahjongkit.variants.riichi import suit_table
variant, jobs = sys.argv[1], int(sys.argv[2])
plan = sim.Plan(variant, None, seed=3, games=2, bots=("efficient",), max_rounds=1)
played = list(sim.run(plan, jobs=jobs))
print(json.dumps({
    "games": len(played),
    "shapes_read": bool(shapes._shipped),
    "suits_worked_out": shapes._suffix_vector.cache_info().currsize,
    "riichi_read": suit_table._loaded is not None,
    "scorer": f"mahjongkit.variants.{variant}.scorer" in sys.modules,
    "flow": f"mahjongkit.variants.{variant}.flow" in sys.modules,
}))
"""


@pytest.mark.parametrize(("variant", "jobs"), [("riichi", 1), ("sichuan", 2), ("riichi", 2)])
def test_a_run_reads_the_tables_and_imports_the_family_before_it_plays_or_forks(variant, jobs):
    """A run reads the shipped shape tables and imports the family's scorer and table hooks
    up front (in a fresh interpreter, where nothing else has): on one process no suit is
    worked out at all, and a parent that only forks workers has them too, so the workers
    share its copies instead of each importing its own modules, working out its first suits
    and then reading its own tables."""
    import subprocess
    import sys

    from tests.helpers.paths import REPO

    done = subprocess.run(
        [sys.executable, "-c", _TABLES_PROBE, variant, str(jobs)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
        check=True,
    )
    found = json.loads(done.stdout)
    assert found["games"] == 2
    assert found["shapes_read"] is True
    assert found["suits_worked_out"] == 0
    assert found["riichi_read"] is (variant == "riichi")
    assert found["scorer"] is True
    assert found["flow"] is True


@pytest.mark.parametrize("jobs", [1, 2, 3, 8])
@pytest.mark.parametrize("games", [0, 1, 7, 40, 160, 1000])
def test_the_pool_tasks_keep_the_order_and_end_with_single_games(games, jobs):
    """The tasks handed to the processes hold every game once, in order, at most
    ``MAX_BATCH`` a task, never growing; the last tasks are single games, so that no process
    is left playing out a long task while the others have nothing to do."""
    indices = [i for i in range(games + 5) if i % 6 != 5][:games]  # a resumed run has gaps
    tasks = sim.chunks(indices, jobs)
    assert [i for task in tasks for i in task] == indices
    sizes = [len(task) for task in tasks]
    assert all(1 <= size <= sim.MAX_BATCH for size in sizes)
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[len(sizes) - min(games, 4 * jobs) :] == [1] * min(games, 4 * jobs)
    if games >= 160 and jobs <= 2:
        assert sizes[0] == sim.MAX_BATCH  # a long run saves round trips


def test_the_summary_keeps_sums_not_lists_and_they_do_not_depend_on_the_order():
    """A run of a million games keeps three whole numbers per figure, not a million of them,
    and the interval of numbers counted in another order (a resumed run counts its stored
    games first) is the same to the last digit; it equals the textbook two-pass figure."""
    values = [25000 + (i * 7919) % 61000 - 30000 for i in range(5000)]
    forward, backward = sim.Moments(), sim.Moments()
    for value in values:
        forward.add(value)
    for value in reversed(values):
        backward.add(value)
    assert forward == backward
    assert forward.interval() == backward.interval()
    mean = math.fsum(values) / len(values)
    variance = math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)
    half = sim.Z_95 * math.sqrt(variance / len(values))
    found = forward.interval()
    assert found["mean"] == pytest.approx(mean, abs=1e-6)
    assert found["low"] == pytest.approx(mean - half, abs=1e-6)
    assert found["high"] == pytest.approx(mean + half, abs=1e-6)
    summary = sim.Summary(Plan("riichi", None, seed=1, games=1, bots=("random",)))
    summary.add(play_game(Plan("riichi", None, 1, 1, ("random",), max_rounds=1), 0))
    assert isinstance(summary.seats[0].scores, sim.Moments)


@pytest.mark.parametrize("jobs", [0, -1, 1.5, "2"])
def test_tasks_for_no_process_are_refused_with_one_line(jobs):
    with pytest.raises(SimulationError, match="at least 1 process"):
        sim.chunks(range(10), jobs)
