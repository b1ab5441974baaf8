"""A small run of bench/table_load.py: five tables at once on loopback through /ws/play, each a
whole hand, and nothing lost (every act answered, every game over and finished in the records).
Times are the bench's to report, not asserted here."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

BENCH = Path(__file__).resolve().parents[2] / "bench" / "table_load.py"


def test_five_concurrent_tables_lose_nothing() -> None:
    spec = importlib.util.spec_from_file_location("table_load", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    report = module.run_load(tables=5, rounds=1, seed=1)
    assert report.lost == []
    assert len(report.runs) == 5 and report.finished_in_records == 5
    assert {r.variant for r in report.runs} == {"riichi", "hongkong", "sichuan"}
    assert all(r.actions == len(r.times) > 0 for r in report.runs)
    assert len({r.game for r in report.runs}) == 5
