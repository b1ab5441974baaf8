"""The ``look`` message: the room as it is now for the invitation's page, without entering it;
garbage refused with a clear error and nothing changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from tests.web.test_rooms import _connect, _served


def test_look_shows_the_lobby_without_entering_it(tmp_path: Path) -> None:
    async def scenario(url: str) -> dict[str, Any]:
        ann, bob, cy = [await _connect(url, n) for n in ("Ann", "Bob", "Cy")]
        created = await ann.answer(
            {"type": "create_room", "name": "Ann", "people": 3, "spectators": True}
        )
        code = created["room"]
        out: dict[str, Any] = {"created": created}
        out["garbage"] = [
            await bob.answer(message)
            for message in (
                {"type": "look"},
                {"type": "look", "room": 17},
                {"type": "look", "room": ["x"]},
                {"type": "look", "room": code[:-1]},
                {"type": "look", "room": "x" * 3000},
            )
        ]
        out["first"] = await bob.answer({"type": "look", "room": code})
        # Looking entered nothing: Ann heard of no one, Bob may still join a seat of his choice.
        out["ann_heard"] = await ann.quiet(0.3)
        out["joined"] = await bob.answer({"type": "join", "room": code, "name": "Bob", "seat": 3})
        out["second"] = await cy.answer({"type": "look", "room": code})
        # One in a room may look too (at their own room or another), and stays where they are.
        await ann.send({"type": "look", "room": code})
        out["from_inside"] = await ann.expect("lobby")
        out["start"] = await ann.answer({"type": "start_room"})
        out["after_start"] = await cy.answer({"type": "look", "room": code})
        return out

    out = _served(tmp_path, scenario)
    for refused in out["garbage"]:
        assert refused["type"] == "error" and refused["code"] == "room", refused
        assert refused["message"].startswith("no room ")
    first = out["first"]
    assert first["type"] == "lobby" and first["room"] == out["created"]["room"]
    assert first["seat"] is None and "token" not in first
    assert [p["kind"] for p in first["players"]] == ["person", "open", "open", "open"]
    assert first["players"][0]["name"] == "Ann" and first["spectators"] is True
    assert first["watching"] == 0 and not first["started"]
    assert out["ann_heard"] == []
    assert out["joined"]["type"] == "room" and out["joined"]["seat"] == 3
    second = out["second"]
    assert [(p["name"], p["kind"]) for p in second["players"]] == [
        ("Ann", "person"),
        (None, "open"),
        (None, "open"),
        ("Bob", "person"),
    ]
    assert "token" not in second and "token" not in out["from_inside"]
    assert out["from_inside"]["type"] == "lobby"
    assert out["start"]["type"] == "room" and out["start"]["started"]
    after = out["after_start"]
    assert after["started"] and after["game"] == out["start"]["game"]
    assert [p["kind"] for p in after["players"]] == ["person", "bot", "bot", "person"]
