"""Bots think in a worker thread: one table's slow bots do not hold up another table's
messages on the same server (loopback only, a bounded exchange)."""

from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")

from mahjongkit.web import create_app  # noqa: E402
from mahjongkit.web.local import serving  # noqa: E402
from mahjongkit.web.table import Seating  # noqa: E402


def test_a_table_whose_bots_think_does_not_block_another_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    thinking = Seating.play_bots

    def slow_bots(self: Seating) -> None:
        time.sleep(1.0)  # a bot that takes its time (blocking, as a real computation would)
        thinking(self)

    monkeypatch.setattr(Seating, "play_bots", slow_bots)
    app = create_app(records_path=tmp_path / "records.sqlite3")
    start = {"type": "start", "variant": "riichi", "seat": 1, "bots": "random", "seed": 3}

    async def exchange(url: str) -> list[str]:
        order: list[str] = []
        async with websockets.connect(url) as slow, websockets.connect(url) as quick:
            await slow.send(json.dumps(start))
            await asyncio.sleep(0.2)  # the slow table's bots are thinking now
            await quick.send(json.dumps({"type": "ping"}))

            async def first(name: str, ws: object) -> None:
                message = json.loads(await asyncio.wait_for(ws.recv(), 30))  # type: ignore[attr-defined]
                order.append(f"{name}:{message['type']}")

            await asyncio.gather(first("slow", slow), first("quick", quick))
        return order

    with serving(app, ws="websockets-sansio") as address:
        # In a thread of its own: the session's browser keeps an event loop running in this one.
        url = address.replace("http://", "ws://") + "/ws/play"
        with ThreadPoolExecutor(1) as worker:
            order = worker.submit(lambda: asyncio.run(exchange(url))).result()
    assert order == ["quick:pong", "slow:state"]
