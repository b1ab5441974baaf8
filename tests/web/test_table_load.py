"""A small run of bench/table_load.py: five tables at once on loopback through /ws/play, each a
whole hand, and nothing lost (every act answered, every game over and finished in the records).
Times are the bench's to report, not asserted here."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.helpers.benches import load_bench

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")


def test_five_concurrent_tables_lose_nothing() -> None:
    module = load_bench("table_load")
    # In a thread of its own: the session's browser (Playwright) keeps an event loop running in
    # this one, and the bench starts its own with asyncio.run.
    with ThreadPoolExecutor(1) as worker:
        report = worker.submit(module.run_load, tables=5, rounds=1, seed=1).result()
    assert report.lost == []
    assert len(report.runs) == 5 and report.finished_in_records == 5
    assert {r.variant for r in report.runs} == {"riichi", "hongkong", "sichuan"}
    assert all(r.actions == len(r.times) > 0 for r in report.runs)
    assert len({r.game for r in report.runs}) == 5


def test_two_rooms_of_two_people_lose_nothing() -> None:
    """``--rooms 2 --people 2``: every person's act answered, both games over and recorded."""
    module = load_bench("table_load")
    with ThreadPoolExecutor(1) as worker:
        report = worker.submit(module.run_load, rooms=2, people=2, rounds=1, seed=2).result()
    assert report.lost == []
    assert len(report.runs) == 4 and report.games == 2 and report.finished_in_records == 2
    assert all(r.actions == len(r.times) > 0 for r in report.runs)
    assert len({r.game for r in report.runs}) == 2
