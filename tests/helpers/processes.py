"""Running the command line as a child process a test can interrupt as a terminal would."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from tests.helpers.paths import REPO


def _as_from_a_terminal() -> None:
    # A command started in the background of a shell without job control inherits Ctrl-C
    # ignored, and so would this child if the tests ran that way; a terminal's is not.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_command(*args: str) -> subprocess.Popen[bytes]:
    """``python -m mahjongkit ARGS`` from this checkout's sources, in a process group of its
    own and with Ctrl-C not ignored, so that ``os.killpg(child.pid, signal.SIGINT)`` reaches
    it like a terminal's Ctrl-C."""
    return subprocess.Popen(
        [sys.executable, "-m", "mahjongkit", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
        start_new_session=True,
        preexec_fn=_as_from_a_terminal,
    )


def run_command(*args: str) -> subprocess.CompletedProcess[bytes]:
    """``python -m mahjongkit ARGS`` from this checkout's sources, to its end (it must succeed)."""
    return subprocess.run(
        [sys.executable, "-m", "mahjongkit", *args],
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
        check=True,
    )
