"""bench/throughput.py refuses unusable counts with one line (its figures are its own to report)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.helpers.paths import REPO


@pytest.mark.parametrize(
    "flags",
    [["--repeat", "0"], ["--blocks", "0"], ["--games", "-1"], ["--jobs", "0"], ["--only", "go"]],
)
def test_unusable_counts_are_refused_before_anything_runs(flags):
    done = subprocess.run(
        [sys.executable, str(REPO / "bench" / "throughput.py"), *flags],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(REPO / "src"), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 2
    last = done.stderr.strip().splitlines()[-1]
    assert "at least 1" in last or "expected some of" in last
    assert done.stdout == ""
