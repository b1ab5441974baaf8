"""The two builds: the hot modules compiled with mypyc, and the same sources as pure Python.

``MAHJONGKIT_PURE=1`` runs the sources where a compiled build is installed; ``--version`` says
which build runs; and the two play the same games and give the same scores to the bit.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mahjongkit import native
from mahjongkit.cli import main
from tests.helpers.builds import record
from tests.helpers.paths import REPO

PURE = {**os.environ, native.PURE_VARIABLE: "1"}


def _python(code: str, env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_the_pure_variable_runs_every_compiled_module_from_its_source() -> None:
    code = (
        "import importlib, mahjongkit; from mahjongkit import native; "
        "print(native.describe()); "
        "print(*[importlib.import_module(n).__file__ for n in native.modules()], sep='\\n')"
    )
    lines = _python(code, PURE).splitlines()
    assert lines[0] == "pure Python (MAHJONGKIT_PURE=1)"
    assert lines[1:] == native.sources()


def test_the_version_says_which_build_runs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    out = capsys.readouterr().out
    assert out.startswith("mahjongkit 0.") and out.strip().endswith(native.describe())
    shown = subprocess.run(
        [sys.executable, "-m", "mahjongkit", "--lang", "fr", "--version"],
        env=PURE,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert shown.strip().endswith(", Python pur (MAHJONGKIT_PURE=1)")


def test_the_compiled_modules_run_where_they_are_built() -> None:
    if not native.is_compiled():
        pytest.skip(f"no compiled build here: {native.describe()}")
    code = (
        "import importlib, mahjongkit; from mahjongkit import native; "
        "print(*[importlib.import_module(n).__file__ for n in native.modules()], sep='\\n')"
    )
    files = _python(code, {k: v for k, v in os.environ.items() if k != native.PURE_VARIABLE})
    assert [Path(f).suffix for f in files.splitlines()] == [".so"] * len(native.COMPILED)


def test_compiled_and_pure_python_play_the_same_games_and_give_the_same_scores() -> None:
    if not native.is_compiled():
        pytest.skip(f"no compiled build to compare: {native.describe()}")
    done = subprocess.run(
        [sys.executable, "-m", "tests.helpers.builds"],
        env=PURE,
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    pure = json.loads(done.stdout)
    compiled = record()
    assert sorted(compiled["games"]) == sorted(pure["games"])
    for variant in ("riichi", "hongkong", "sichuan"):
        wins = [e for name, log in compiled["games"].items() if variant in name for e in log]
        assert any(e["type"] == "hora" for e in wins), variant  # scores are compared too
    for name, events in compiled["games"].items():
        for index, (ours, theirs) in enumerate(zip(events, pure["games"][name], strict=True)):
            assert ours == theirs, f"{name}: event {index} differs"
    assert len(compiled["scores"]) == len(pure["scores"]) > 300
    for index, (ours, theirs) in enumerate(zip(compiled["scores"], pure["scores"], strict=True)):
        assert ours == theirs, f"score {index} differs"
