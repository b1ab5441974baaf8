"""bench/selfplay_instructions.py measures any family's rounds and refuses garbage in words."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from tests.helpers.benches import load_bench
from tests.helpers.paths import REPO


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--variant", "mahjong"], "--variant 'mahjong' is not a family: expected one of riichi"),
        (["--variant", ""], "--variant '' is not a family"),
        (["--variant", "Riichi"], "--variant 'Riichi' is not a family"),
        (["--rounds", "20"], "--rounds takes two counts separated by a comma, not '20'"),
        (["--rounds", "1,2,3"], "two counts separated by a comma"),
        (["--rounds", "a,b"], "--rounds takes two whole numbers, not 'a,b'"),
        (["--rounds", "0,5"], "--rounds counts must be at least 1"),
        (["--rounds=-3,5"], "at least 1"),
        (["--rounds", "7,7"], "--rounds needs two different counts"),
    ],
)
def test_garbage_is_refused_in_words_before_anything_runs(flags, words):
    done = subprocess.run(
        [sys.executable, str(REPO / "bench" / "selfplay_instructions.py"), *flags],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(REPO / "src"), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 2
    assert words in done.stderr.strip().splitlines()[-1]
    assert done.stdout == ""


def test_round_counts_come_back_smaller_first():
    bench = load_bench("selfplay_instructions")
    assert bench.round_counts("60,20") == (20, 60)
    assert bench.round_counts(" 3, 9") == (3, 9)


@pytest.mark.parametrize("variant", ["hongkong", "sichuan"])
def test_the_workload_plays_the_family_asked(variant, monkeypatch):
    """The workload's rounds are the family's own (not Riichi's): run in-process, no valgrind."""
    bench = load_bench("selfplay_instructions")
    monkeypatch.syspath_prepend(str(REPO / "bench"))
    selfplay = importlib.import_module("selfplay")
    played: list[tuple[str, int]] = []
    monkeypatch.setattr(
        selfplay, "play_round", lambda name, rules, seed: played.append((name, seed)) or 1
    )
    monkeypatch.setattr(sys, "argv", ["-c", "2", variant])
    code = bench._WORKLOAD.format(bench=str(REPO / "bench"))
    exec(compile(code, "<workload>", "exec"), {})
    assert played == [(variant, 0), (variant, 1)]
