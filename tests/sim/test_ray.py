"""``simulate --ray``: the games as Ray tasks on a local instance give the same stored games and
the same summary as processes; an interrupted run keeps its games; a Ray that cannot be had is
refused in one line."""

from __future__ import annotations

import json
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from mahjongkit.cli import main
from mahjongkit.records import Records
from mahjongkit.sim import Plan, SimulationError, run_ray
from mahjongkit.sim.ray import _ray_endpoint
from tests.sim.test_simulate import TIMING, riichi, simulate, stored

ray = pytest.importorskip("ray", reason="the ray extra is not installed")

TIMING_RAY = (*TIMING, "ray")


@pytest.fixture(scope="module")
def cluster() -> Any:
    """One local Ray instance of 2 CPUs for the module (its start costs seconds); the command
    uses the instance it finds and leaves it running."""
    import logging

    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.ERROR,
    )
    yield ray
    ray.shutdown()


def summary(capsys: Any, *flags: str) -> dict[str, Any]:
    found = simulate(capsys, *flags)
    found.pop("ray", None)
    return found


def test_ray_agrees_with_one_and_two_processes(cluster, capsys, tmp_path):
    flags = riichi()
    on_ray = summary(capsys, *flags, "--ray", "--db", str(tmp_path / "ray.sqlite3"))
    one = summary(capsys, *flags, "--jobs", "1", "--db", str(tmp_path / "one.sqlite3"))
    two = summary(capsys, *flags, "--jobs", "2", "--db", str(tmp_path / "two.sqlite3"))
    assert on_ray == one == two
    assert on_ray["games"] == 4 and on_ray["rounds"] == 8
    games = stored(tmp_path / "ray.sqlite3")
    assert games == stored(tmp_path / "one.sqlite3") == stored(tmp_path / "two.sqlite3")
    assert len(games) == 4 and all(result is not None for _, _, result, _ in games)
    rows = []
    for name in ("ray", "one", "two"):
        raw = sqlite3.connect(tmp_path / f"{name}.sqlite3")
        query = "SELECT id, variant, rules, seed, seats, surface FROM games"
        rows.append(raw.execute(query).fetchall())
        # The tasks sent each game's log packed: no row an event.
        assert raw.execute("SELECT COUNT(*) FROM events").fetchone() == (0,)
        raw.close()
    assert rows[0] == rows[1] == rows[2] and len(rows[0]) == 4


def test_ray_writes_the_same_json_lines_in_small_batches(cluster, capsys, tmp_path):
    flags = ["--variant", "sichuan", "--games", "7", "--seed", "4", "--max-rounds", "1"]
    summary(capsys, *flags, "--jobs", "1", "--out", str(tmp_path / "one.jsonl"))
    # 7 games over 2 CPUs: batches of one, the results coming back out of order.
    found = simulate(capsys, *flags, "--ray", "--out", str(tmp_path / "ray.jsonl"))
    assert found["ray"] == "local"
    assert (tmp_path / "ray.jsonl").read_bytes() == (tmp_path / "one.jsonl").read_bytes()
    indices = [json.loads(x)["index"] for x in (tmp_path / "ray.jsonl").read_text().splitlines()]
    assert indices == list(range(7))


def test_run_ray_keeps_index_order_whatever_the_batch(cluster):
    plan = Plan("hongkong", None, seed=9, games=5, bots=("random",), max_rounds=1)
    batched = [(p.index, p.scores) for p in run_ray(plan, 2, batch=2)]
    single = [(p.index, p.scores) for p in run_ray(plan, 1, skip={1, 3}, batch=1)]
    assert [i for i, _ in batched] == [0, 1, 2, 3, 4]
    assert single == [batched[0], batched[2], batched[4]]
    with pytest.raises(SimulationError, match="at least 1"):
        next(run_ray(plan, 0))


def test_an_interrupted_ray_run_keeps_its_games_and_resumes(cluster, capsys, tmp_path, monkeypatch):
    whole = summary(capsys, *riichi(), "--jobs", "1", "--db", str(tmp_path / "whole.sqlite3"))
    cut = tmp_path / "cut.sqlite3"
    add = Records.add_packed
    calls: list[int] = []

    def interrupted(self: Records, *args: Any, **kw: Any) -> int:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt  # while the second game is being stored
        return add(self, *args, **kw)

    with monkeypatch.context() as patch:
        patch.setattr(Records, "add_packed", interrupted)
        code = main(["simulate", *riichi(), "--ray", "--db", str(cut), "--json"])
    _, err = capsys.readouterr()
    assert code == 130 and "interrupted: 1 of 4 games stored" in err
    assert ray.is_initialized(), "an instance the command did not start is left running"
    code = main(["simulate", *riichi(), "--ray", "--db", str(cut), "--json", "--resume"])
    out, _ = capsys.readouterr()
    assert code == 0
    # The summary is the last line: a task of the interrupted run that Ray retries may have had
    # its raylet say so on the same stream first.
    resumed = json.loads(out.strip().splitlines()[-1])
    assert resumed["resumed"] == 1
    for key in (*TIMING_RAY, "resumed"):
        resumed.pop(key)
    assert resumed == whole
    assert stored(cut) == stored(tmp_path / "whole.sqlite3")


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _refused(capsys: Any, tmp_path: Path, *flags: str) -> str:
    argv = ["simulate", "--games", "1", "--seed", "1", "--db", str(tmp_path / "g.sqlite3")]
    began = time.monotonic()
    assert main([*argv, *flags]) == 2
    assert time.monotonic() - began < 30, "refused within a bounded time"
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("mahjongkit: error: ")
    assert not list(tmp_path.iterdir()), "nothing is written by a refused run"
    return err


def test_an_unreachable_address_is_refused_at_once_in_one_line(capsys, tmp_path):
    port = _closed_port()
    err = _refused(capsys, tmp_path, "--ray", f"127.0.0.1:{port}")
    assert f"--ray 127.0.0.1:{port}: no Ray cluster answers at 127.0.0.1:{port}" in err
    err = _refused(capsys, tmp_path, "--ray", f"ray://127.0.0.1:{port}")
    assert "no Ray cluster answers" in err


@pytest.mark.parametrize("address", ["host:port", "host:0", ":6379", "a/b:1", "host:99999"])
def test_a_malformed_address_is_refused_in_one_line(capsys, tmp_path, address):
    err = _refused(capsys, tmp_path, "--ray", address)
    assert "a Ray address is HOST:PORT" in err


def test_the_address_forms():
    assert _ray_endpoint("10.0.0.5:6380") == ("10.0.0.5", 6380)
    assert _ray_endpoint("head") == ("head", 6379)
    assert _ray_endpoint("ray://head") == ("head", 10001)
    assert _ray_endpoint("ray://[::1]:10002") == ("::1", 10002)


def test_ray_not_installed_says_which_extra(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # an import of it fails
    err = _refused(capsys, tmp_path, "--ray")
    assert "install mahjongkit[ray]" in err


def test_the_command_starts_and_stops_its_own_local_instance(tmp_path):
    out = tmp_path / "g.jsonl"
    argv = ["simulate", "--variant", "hongkong", "--games", "2", "--seed", "3", "--json"]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mahjongkit",
            *argv,
            "--max-rounds",
            "1",
            "--ray",
            "--jobs",
            "1",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == "", "Ray's start-up says nothing"
    found = json.loads(done.stdout)
    assert found["ray"] == "local" and found["jobs"] == 1 and found["games"] == 2
    assert [json.loads(line)["index"] for line in out.read_text().splitlines()] == [0, 1]
