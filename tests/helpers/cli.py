"""The command line run in-process, as a test reads it."""

from __future__ import annotations

import pytest

from mahjongkit.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``mahjongkit ARGV``: its exit code, standard output and standard error."""
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
