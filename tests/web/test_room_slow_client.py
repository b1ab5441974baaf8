"""A person whose connection stops reading (its messages pile up on the server: a phone gone
to sleep, a stalled network) is dropped once its queue overflows: the connection is closed at
once rather than when it next speaks, a stand-in bot plays the seat, and the others play on
and finish the game without noticing more than the seat's "not connected"."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")

from mahjongkit.records import Records  # noqa: E402
from mahjongkit.web import connection  # noqa: E402
from mahjongkit.web.table import Limits  # noqa: E402
from tests.web.test_rooms import _connect, _play_randomly, _served  # noqa: E402


def test_a_person_who_reads_nothing_is_dropped_and_the_room_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The server never gets to write to a connection that asks for it (?stall=1): exactly
    # what it sees of a client whose socket is full, without waiting for the kernel's buffers.
    start = connection.Peer.start

    def stalled_start(peer: connection.Peer) -> None:
        if peer.websocket.query_params.get("stall"):
            peer._writer = asyncio.ensure_future(asyncio.Event().wait())
        else:
            start(peer)

    monkeypatch.setattr(connection.Peer, "start", stalled_start)
    limits = Limits(outbox=3)

    async def scenario(url: str) -> dict[str, Any]:
        ann = await _connect(url, "Ann")
        cy = await _connect(url, "Cy")
        bob_ws = await websockets.connect(url + "?stall=1")
        created = await ann.answer(
            {"type": "create_room", "name": "Ann", "people": 2, "spectators": True,
             "max_rounds": 1, "seed": 9, "variant": "riichi"}
        )  # fmt: skip
        code = created["room"]
        await bob_ws.send(f'{{"type": "join", "room": "{code}", "name": "Bob", "seat": 1}}')
        joined = await ann.expect("room")
        assert joined["players"][1]["name"] == "Bob"
        assert (await cy.answer({"type": "spectate", "room": code}))["type"] == "room"
        await ann.send({"type": "start_room"})
        # Ann plays on; Bob's queue overflows as soon as the game tells him a few things.
        over, watched = await asyncio.gather(
            _play_randomly(ann, random.Random(2)), cy.expect("game_over", timeout=60)
        )
        # Bob's connection was closed by the server (not left open until it spoke again).
        closed = None
        try:
            await asyncio.wait_for(bob_ws.recv(), 15)
        except websockets.ConnectionClosed as error:
            closed = error.rcvd.code if error.rcvd else None
        return {"over": over, "watched": watched, "ann": ann.received, "closed": closed}

    out = _served(tmp_path, scenario, limits)
    over = out["over"]
    assert over["type"] == "game_over" and out["watched"]["game"] == over["game"]
    # Ann was told Bob's seat is no longer connected, and was never refused anything.
    rooms = [m for m in out["ann"] if m["type"] == "room" and m["started"]]
    assert any(not m["players"][1]["connected"] for m in rooms), rooms
    assert not [m for m in out["ann"] if m["type"] == "error"]
    assert out["closed"] in (1008, None)
    with Records(tmp_path / "records.sqlite3") as records:
        record = records.load(over["game"])
    assert record.finished
    # Bob's seat was played (by the stand-in): it has discards of its own.
    assert any(e["type"] == "dahai" and e["actor"] == 1 for e in record.events)
