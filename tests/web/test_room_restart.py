"""Rooms outlive a restart of the server: a room in its lobby and a room whose game is under
way are opened again from disk (the game from its record), their people come back to their own
seats with their tokens, the game goes on from where it stood and ends in the records; the
store keeps digests of the tokens, never the tokens; what it cannot open again is forgotten."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from mahjongkit.game.engine import Game
from mahjongkit.records import Records
from mahjongkit.web.replay import seat_key
from mahjongkit.web.rooms import RoomStore
from tests.web.test_rooms import Client, _calm_choice, _connect, _play_calmly, _served


async def _calm_moves(client: Client, moves: int) -> list[dict[str, Any]]:
    """Play ``moves`` calm decisions (pass, or discard the drawn tile), or fewer when nothing
    more comes within 3 s (the other person's turn: they stopped); the states seen."""
    made = 0
    while made < moves:
        try:
            message = await client.recv(3)
        except TimeoutError:
            break
        assert message["type"] not in ("error", "game_over"), message
        if message["type"] == "state" and message["legal"]:
            choice = _calm_choice(message)
            assert choice is not None
            await client.send({"type": "act", "id": choice, "seq": message["seq"]})
            made += 1
    return client.states()


async def _go_on(client: Client, state: dict[str, Any]) -> dict[str, Any]:
    """Answer the state already read if it asks something, then play calmly to the end."""
    if state["legal"]:
        choice = _calm_choice(state)
        await client.send({"type": "act", "id": choice, "seq": state["seq"]})
    return await _play_calmly(client)


def test_rooms_are_opened_again_after_a_restart(tmp_path: Path) -> None:
    async def before(url: str) -> dict[str, Any]:
        ann, bob, cy, eve = [await _connect(url, n) for n in ("Ann", "Bob", "Cy", "Eve")]
        game = await ann.answer(
            {"type": "create_room", "name": "Ann", "people": 2, "variant": "riichi",
             "max_rounds": 1, "seed": 5, "stand_in": False}
        )  # fmt: skip
        bob_room = await bob.answer({"type": "join", "room": game["room"], "name": "Bob"})
        lobby = await cy.answer({"type": "create_room", "name": "Cy", "people": 3})
        eve_room = await eve.answer({"type": "join", "room": lobby["room"], "name": "Eve"})
        await ann.send({"type": "start_room"})
        await asyncio.gather(_calm_moves(ann, 3), _calm_moves(bob, 3))
        for client in (ann, bob, cy, eve):
            await client.ws.close()
        return {"game": game, "bob": bob_room, "lobby": lobby, "eve": eve_room}

    first = _served(tmp_path, before)
    tokens = {
        "ann": first["game"]["token"],
        "bob": first["bob"]["token"],
        "cy": first["lobby"]["token"],
        "eve": first["eve"]["token"],
    }
    store = tmp_path / "records.rooms.sqlite3"
    kept = {row["code"]: row for row in RoomStore(store).load()}
    assert set(kept) == {first["game"]["room"], first["lobby"]["room"]}
    assert kept[first["game"]["room"]]["record"] is not None
    assert kept[first["lobby"]["room"]]["record"] is None
    raw = store.read_bytes()
    assert all(token.encode() not in raw for token in tokens.values())
    assert kept[first["lobby"]["room"]]["seats"][1]["key"] == seat_key(tokens["eve"])
    with Records(tmp_path / "records.sqlite3") as records:
        stored_before = records.load(kept[first["game"]["room"]]["record"])
    assert not stored_before.finished

    async def after(url: str) -> dict[str, Any]:
        ann, bob, cy, eve, stranger = [
            await _connect(url, n) for n in ("Ann", "Bob", "Cy", "Eve", "x")
        ]
        code = first["game"]["room"]
        out: dict[str, Any] = {}
        out["wrong"] = await stranger.answer({"type": "join", "room": code, "token": "0" * 32})
        out["taken"] = await stranger.answer({"type": "join", "room": code, "name": "Zed"})
        out["ann_room"] = await ann.answer({"type": "join", "room": code, "token": tokens["ann"]})
        out["ann_state"] = await ann.expect("state")
        out["bob_room"] = await bob.answer({"type": "join", "room": code, "token": tokens["bob"]})
        out["bob_state"] = await bob.expect("state")
        # The lobby: as it was; its creator comes back and starts, Eve comes back to her seat.
        lobby = first["lobby"]["room"]
        out["look"] = await stranger.answer({"type": "look", "room": lobby})
        out["cy_room"] = await cy.answer({"type": "join", "room": lobby, "token": tokens["cy"]})
        await cy.send({"type": "start_room"})
        out["cy_started"] = await cy.expect("room")
        out["eve_room"] = await eve.answer({"type": "join", "room": lobby, "token": tokens["eve"]})
        out["eve_state"] = await eve.expect("state")
        out["overs"] = await asyncio.gather(
            _go_on(ann, out["ann_state"]), _go_on(bob, out["bob_state"])
        )
        return out

    out = _served(tmp_path, after)
    assert out["wrong"]["code"] == "token"
    assert out["taken"]["code"] == "started"
    ann_room = out["ann_room"]
    assert ann_room["type"] == "room" and ann_room["seat"] == 0 and ann_room["started"]
    assert ann_room["token"] == tokens["ann"] and ann_room["players"][1]["name"] == "Bob"
    # The whole game so far, as Ann saw it, from its record: the same deal, the same moves.
    state = out["ann_state"]
    assert state["token"] == tokens["ann"] and state["events"][0]["type"] == "start_game"
    assert state["game"] == stored_before.id
    played = Game.replay(list(stored_before.events))
    seen = [json.loads(json.dumps(e)) for e in played.visible_log(0)]
    assert state["events"][: len(seen)] == seen
    assert out["bob_state"]["observation"]["seat"] == 1
    look = out["look"]
    assert [(p["name"], p["kind"], p["connected"]) for p in look["players"][:2]] == [
        ("Cy", "person", False),
        ("Eve", "person", False),
    ]
    assert out["cy_room"]["seat"] == 0 and out["cy_started"]["started"]
    assert out["eve_room"]["seat"] == 1 and out["eve_state"]["token"] == tokens["eve"]
    overs = out["overs"]
    assert overs[0]["game"] == overs[1]["game"] == stored_before.id
    with Records(tmp_path / "records.sqlite3") as records:
        record = records.load(stored_before.id)
        second = records.load(out["cy_started"]["game"])
    assert record.finished and len(record.events) > len(stored_before.events)
    assert [s.key for s in record.seats[:2]] == [seat_key(tokens["ann"]), seat_key(tokens["bob"])]
    # Eve's seat in the game started after the restart carries her digest though her token
    # was not known when it began.
    assert [s.key for s in second.seats[:2]] == [seat_key(tokens["cy"]), seat_key(tokens["eve"])]
    # The finished room is no longer kept; the other one still is (its game goes on).
    assert [r["code"] for r in RoomStore(store).load()] == [first["lobby"]["room"]]


def test_a_kept_room_that_cannot_be_opened_again_is_forgotten(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "records.rooms.sqlite3")
    store.save("gone", {"code": "gone", "record": 999999, "seats": [], "game": {}})
    store.save("bad", {"code": "bad"})
    with sqlite3.connect(tmp_path / "records.rooms.sqlite3") as db:
        db.execute("INSERT INTO rooms VALUES ('junk', 'not json')")
    db.close()

    async def scenario(url: str) -> dict[str, Any]:
        client = await _connect(url, "x")
        return {
            "gone": await client.answer({"type": "look", "room": "gone"}),
            "bad": await client.answer({"type": "look", "room": "bad"}),
        }

    out = _served(tmp_path, scenario)
    assert out["gone"]["code"] == "room" and out["bad"]["code"] == "room"
    assert [r["code"] for r in store.load()] == []
