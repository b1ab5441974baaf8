"""Bots think in the table's workers: one table whose bots compute for a long time holds up
neither another table's game nor anyone's messages on the same server (loopback only, a bounded
exchange), with the workers as processes (the default) and as threads."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")

from mahjongkit.web import create_app  # noqa: E402
from mahjongkit.web import table as table_module  # noqa: E402
from mahjongkit.web.local import serving  # noqa: E402
from mahjongkit.web.table import Limits, Seating  # noqa: E402
from mahjongkit.web.workers import Workers  # noqa: E402
from tests.web import slow_bots  # noqa: E402


async def _exchange(url: str) -> list[str]:
    """The slow table starts first; then a ping, and a quick table's start and first action:
    the order in which the answers arrive."""
    order: list[str] = []
    slow_start = {"type": "start", "variant": "riichi", "seat": 1, "seed": slow_bots.SLOW_SEED}
    quick_start = {"type": "start", "variant": "riichi", "seat": 0, "seed": 4}
    async with websockets.connect(url) as slow, websockets.connect(url) as quick:
        await slow.send(json.dumps(slow_start))
        await asyncio.sleep(0.3)  # the slow table's bots are thinking now

        async def slow_answer() -> None:
            message = json.loads(await asyncio.wait_for(slow.recv(), 60))
            order.append(f"slow:{message['type']}")

        async def quick_table() -> None:
            await quick.send(json.dumps({"type": "ping"}))
            order.append("quick:" + json.loads(await quick.recv())["type"])
            await quick.send(json.dumps(quick_start))
            state = json.loads(await quick.recv())
            order.append(f"quick:{state['type']}")
            assert state["legal"], "the dealer (seat 0) discards first"
            await quick.send(json.dumps({"type": "act", "id": 0, "seq": state["seq"]}))
            order.append("quick:" + json.loads(await quick.recv())["type"])

        await asyncio.gather(slow_answer(), quick_table())
    return order


@pytest.mark.parametrize("processes", [2, 0])
def test_a_table_whose_bots_think_does_not_block_another_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, processes: int
) -> None:
    workers = Workers(processes, preload=(table_module.__name__, slow_bots.__name__))
    monkeypatch.setattr(table_module, "shared_workers", lambda *_args, **_kw: workers)
    if processes == 0:
        monkeypatch.setattr(Seating, "play_bots", slow_bots.slow_play_bots)
    app = create_app(
        records_path=tmp_path / "records.sqlite3", table_limits=Limits(workers=processes)
    )
    try:
        with serving(app, ws="websockets-sansio") as address:
            # In a thread of its own: the session's browser keeps an event loop running in this
            # one.
            url = address.replace("http://", "ws://") + "/ws/play"
            with ThreadPoolExecutor(1) as runner:
                order = runner.submit(lambda: asyncio.run(_exchange(url))).result()
    finally:
        workers.close()
    assert order == ["quick:pong", "quick:state", "quick:state", "slow:state"]
