"""The web table's protocol at a three-player Riichi table (issue 36, item 3): ``rules`` tenhou3.

The person plays one of three seats; the state shows three seats, the kita action with its
label in the person's language, the Norths set aside beside a hand; a fourth seat is refused;
the record replays to the scores the client was given.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install -e '.[web]')")

from fastapi.testclient import TestClient

from mahjongkit.game.engine import Game
from mahjongkit.records import Records
from mahjongkit.web import create_app


@pytest.fixture
def app_client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(records_path=tmp_path / "records.sqlite3")
    with TestClient(app, raise_server_exceptions=True) as client:
        yield client


def _send(ws: Any, message: dict[str, Any]) -> None:
    ws.send_text(json.dumps(message))


def _next(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.receive_text())
    return message


def test_a_fourth_seat_is_refused_and_no_game_starts(app_client: TestClient) -> None:
    with app_client.websocket_connect("/ws/play") as ws:
        _send(ws, {"type": "start", "rules": "tenhou3", "seat": 3, "seed": 4})
        refused = _next(ws)
        assert refused == {
            "type": "error", "code": "seat", "message": "seat 3 is not at a table of 3"
        }  # fmt: skip
        _send(ws, {"type": "act", "id": 0})
        assert _next(ws)["type"] == "error"


def test_a_three_player_game_with_kita_taken_whenever_offered(
    app_client: TestClient, tmp_path: Path
) -> None:
    with app_client.websocket_connect("/ws/play") as ws:
        _send(ws, {"type": "start", "rules": "tenhou3", "seat": 1, "seed": 4, "lang": "es",
                   "max_rounds": 3})  # fmt: skip
        message = _next(ws)
        assert message["table"]["players"] == 3 and "tenhou3" in message["table"]["presets"]
        rng = random.Random(1)
        kitas: list[dict[str, Any]] = []
        states = 0
        while message["type"] != "game_over":
            observation = message["observation"]
            assert len(observation["seats"]) == len(observation["scores"]) == 3
            offered = [a for a in message["legal"] if a["type"] == "kita"]
            if offered:
                kitas.append(offered[0])
                choice = offered[0]["id"]
            elif message["legal"]:
                choice = rng.randrange(len(message["legal"]))
            if message["legal"]:
                _send(ws, {"type": "act", "id": choice, "seq": message["seq"]})
            message = _next(ws)
            states += 1
            if kitas and message["type"] == "state":
                own = message["observation"]["seats"][1]["flowers"]
                assert all(tile // 4 == 30 for tile in own)  # Norths beside the hand
        over = message
    assert kitas and kitas[0]["label"].startswith("apartar el Norte (kita)")
    assert kitas[0]["tile"] // 4 == 30 and kitas[0]["seat"] == 1
    with Records(tmp_path / "records.sqlite3") as records:
        record = records.load(over["game"])
    assert len(record.seats) == 3 and record.result is not None
    assert Game.replay(list(record.events)).scores == over["scores"]
    assert sum(over["scores"]) == 105000
