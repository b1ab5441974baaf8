"""The web table's protocol (/ws/play) through a WebSocket client: whole games in each family
with random legal choices, refusals that change nothing, what an observation may hold, the
bounds, resuming from the record, and the record routes."""

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
from mahjongkit.web.table import Limits
from tests.helpers.table_checks import check_seen_by


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


def _play(
    ws: Any, first: dict[str, Any], rng: random.Random
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Play to the end choosing random legal actions; every state and the game_over."""
    states = [first]
    message = first
    while True:
        if message["type"] == "game_over":
            return states, message
        assert message["type"] == "state", message
        if message["legal"]:
            _send(
                ws,
                {"type": "act", "id": rng.randrange(len(message["legal"])), "seq": message["seq"]},
            )
        message = _next(ws)
        if message["type"] == "state":
            states.append(message)


def _hidden_ids(state: dict[str, Any]) -> None:
    """No tile of another hand, of the wall or of the seed is in what the seat receives."""
    check_seen_by(state, state["observation"]["seat"])


@pytest.mark.parametrize(
    ("variant", "options", "seat", "bots"),
    [
        ("riichi", {}, 2, "defensive"),
        ("hongkong", {}, 1, "efficient"),
        ("sichuan", {"huan_san_zhang": "cw"}, 3, "defensive"),
    ],
)
def test_a_whole_game_with_random_legal_choices(
    app_client: TestClient,
    tmp_path: Path,
    variant: str,
    options: dict[str, Any],
    seat: int,
    bots: str,
) -> None:
    with app_client.websocket_connect("/ws/play") as ws:
        _send(
            ws,
            {
                "type": "start",
                "variant": variant,
                "options": options,
                "seat": seat,
                "bots": bots,
                "seed": 11,
                "lang": "fr",
                "max_rounds": 2,
                "hints": True,
            },
        )
        states, over = _play(ws, _next(ws), random.Random(3))
    assert all(s["observation"]["seat"] == seat for s in states)
    for state in states:
        _hidden_ids(state)
        assert all(a["seat"] == seat for a in state["legal"])
        assert [a["id"] for a in state["legal"]] == list(range(len(state["legal"])))
    assert len(states) > 10
    assert over["rounds"] == 2
    labels = " ".join(a["label"] for s in states for a in s["legal"])
    assert "défausser" in labels or "donner" in labels
    # The record holds the whole game; replayed, it ends on the scores the client was given.
    with Records(tmp_path / "records.sqlite3") as records:
        record = records.load(over["game"])
    assert record.finished and record.result is not None
    assert [s.bot for s in record.seats] == [None if n == seat else bots for n in range(4)]
    assert record.result["scores"] == over["scores"]
    assert Game.replay(list(record.events)).scores == over["scores"]
    if variant == "sichuan":
        assert any(e["type"] == "mjk:exchange" for s in states for e in s["events"])


def _started(ws: Any, **fields: Any) -> dict[str, Any]:
    _send(ws, {"type": "start", "variant": "riichi", "seed": 7, "seat": 0, **fields})
    return _next(ws)


def test_refused_messages_change_nothing(app_client: TestClient) -> None:
    with app_client.websocket_connect("/ws/play") as ws:
        state = _started(ws)
        assert state["legal"], "the dealer (seat 0) discards first"
        before = state["observation"]
        garbage = [
            ("not json", "json"),
            ("[1, 2]", "shape"),
            ('{"type": 5}', "shape"),
            ('{"type": "fly"}', "type"),
            ('{"type": "act"}', "action"),
            ('{"type": "act", "id": -1}', "action"),
            ('{"type": "act", "id": 9999}', "action"),
            ('{"type": "act", "id": "0"}', "action"),
            ('{"type": "act", "id": 0.0}', "action"),
            ('{"type": "act", "id": true}', "action"),
            ('{"type": "act", "id": 0, "seat": 1}', "foreign_seat"),
            ('{"type": "act", "id": 0, "seq": 0}', "stale"),
            ('{"type": "hints", "on": "yes"}', "field"),
            (json.dumps({"type": "act", "id": 0, "pad": "x" * 5000}), "too_large"),
        ]
        for text, code in garbage:
            ws.send_text(text)
            answer = _next(ws)
            assert answer == {"type": "error", "code": code, "message": answer["message"]}, text
            assert answer["message"]
        ws.send_bytes(b"\x00\x01")
        assert _next(ws)["code"] == "binary"
        # Still the same position: the same legal actions, and the first one is accepted.
        _send(ws, {"type": "hints", "on": False})
        again = _next(ws)
        assert again["observation"] == before
        assert [a["label"] for a in again["legal"]] == [a["label"] for a in state["legal"]]
        _send(ws, {"type": "act", "id": 0, "seq": again["seq"]})
        moved = _next(ws)
        assert moved["type"] == "state" and moved["seq"] == again["seq"] + 1
        assert moved["events"][0]["type"] == "dahai" and moved["events"][0]["actor"] == 0


def test_out_of_turn_and_before_any_game(app_client: TestClient) -> None:
    with app_client.websocket_connect("/ws/play") as ws:
        _send(ws, {"type": "act", "id": 0})
        assert _next(ws)["code"] == "no_game"
        state = _started(ws, seat=1, seed=3)
        # South does not deal: unless it may call the dealer's discard, nothing is asked of it.
        while state["legal"]:
            pass_ = next((a for a in state["legal"] if a["type"] == "pass"), state["legal"][0])
            _send(ws, {"type": "act", "id": pass_["id"]})
            state = _next(ws)
            if state["legal"] and any(a["type"] == "discard" for a in state["legal"]):
                break
        if not state["legal"]:
            _send(ws, {"type": "act", "id": 0})
            assert _next(ws)["code"] == "not_your_turn"


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"variant": "chess"}, "variant"),
        ({"rules": "nope"}, "rules"),
        ({"options": {"no_such_option": 1}}, "options"),
        ({"options": [1]}, "options"),
        ({"options": {"red_fives": [1]}}, "options"),
        ({"options": {"honba_value": 10001}}, "options"),
        ({"options": {"uma": "1,2,3,9999999"}}, "options"),
        ({"options": {"game_length": 4}}, "options"),
        ({"variant": "hongkong", "options": {"limit": 100000}}, "options"),
        ({"variant": "sichuan", "options": {"hands_per_game": 0}}, "options"),
        ({"bots": "genius"}, "bots"),
        ({"seed": -1}, "seed"),
        ({"seed": "12"}, "seed"),
        ({"seed": 2**70}, "seed"),
        ({"seat": 4}, "seat"),
        ({"seat": True}, "seat"),
        ({"max_rounds": 0}, "max_rounds"),
        ({"lang": "de"}, "lang"),
    ],
)
def test_bad_start_messages_are_named(
    app_client: TestClient, message: dict[str, Any], code: str
) -> None:
    with app_client.websocket_connect("/ws/play") as ws:
        _send(ws, {"type": "start", **message})
        answer = _next(ws)
        assert answer["type"] == "error" and answer["code"] == code
        _send(ws, {"type": "act", "id": 0})
        assert _next(ws)["code"] == "no_game"


def test_an_option_out_of_range_is_refused_by_name_in_the_pages_language(
    app_client: TestClient,
) -> None:
    """Item 5: the web table's start refuses an option out of its range, naming the option and
    its range in the connection's language; no game is started."""
    with app_client.websocket_connect("/ws/play?lang=fr") as ws:
        _send(ws, {"type": "start", "variant": "hongkong", "options": {"limit": 100000}})
        answer = _next(ws)
        assert answer["code"] == "options"
        assert answer["message"] == "l’option limit est un nombre entier de 1 à 100, pas 100000"
        _send(ws, {"type": "act", "id": 0})
        assert _next(ws)["code"] == "no_game"
        _send(ws, {"type": "start", "variant": "hongkong", "options": {"limit": 100}})
        assert _next(ws)["type"] == "state", "the end of the range is a table"


def test_errors_speak_the_chosen_language(app_client: TestClient) -> None:
    with app_client.websocket_connect("/ws/play?lang=es") as ws:
        ws.send_text("{")
        assert _next(ws)["message"] == "el mensaje no es JSON válido"


def test_a_dropped_connection_resumes_from_the_record(app_client: TestClient) -> None:
    with app_client.websocket_connect("/ws/play") as ws:
        state = _started(ws, seed=21)
        rng = random.Random(5)
        for _ in range(6):
            if not state["legal"]:
                break
            _send(ws, {"type": "act", "id": rng.randrange(len(state["legal"]))})
            state = _next(ws)
        game, token = state["game"], state["token"]
    with app_client.websocket_connect("/ws/play") as ws:
        _send(ws, {"type": "resume", "game": game, "token": "0" * 32})
        assert _next(ws)["code"] == "token"
        _send(ws, {"type": "resume", "game": game + 1, "token": token})
        assert _next(ws)["code"] == "token"
        _send(ws, {"type": "resume", "game": game, "token": token})
        resumed = _next(ws)
        assert resumed["observation"] == state["observation"]
        assert [a["label"] for a in resumed["legal"]] == [a["label"] for a in state["legal"]]
        # The whole visible log comes again, so that a reloaded page can draw everything.
        assert resumed["events"][0]["type"] == "start_game"
    # A game cannot be held by two connections at once.
    with (
        app_client.websocket_connect("/ws/play") as one,
        app_client.websocket_connect("/ws/play") as two,
    ):
        _send(one, {"type": "resume", "game": game, "token": token})
        assert _next(one)["type"] == "state"
        _send(two, {"type": "resume", "game": game, "token": token})
        assert _next(two)["code"] == "busy"


def test_a_refused_resume_or_start_keeps_the_connections_own_game(
    app_client: TestClient,
) -> None:
    """A resume (or start) the table refuses leaves the connection's game held and playable:
    the next act applies to it; a resume of that same game replays it from its record."""
    with app_client.websocket_connect("/ws/play") as other:
        busy = _started(other, seed=5)
        with app_client.websocket_connect("/ws/play") as ws:
            state = _started(ws, seed=21)
            assert state["legal"], "the dealer (seat 0) discards first"
            refused = [
                ({"type": "resume", "game": state["game"], "token": "0" * 32}, "token"),
                ({"type": "resume", "game": state["game"] + 9, "token": state["token"]}, "token"),
                ({"type": "resume", "game": "1", "token": state["token"]}, "resume"),
                ({"type": "resume", "game": busy["game"], "token": busy["token"]}, "busy"),
                ({"type": "resume"}, "resume"),
                ({"type": "start", "variant": "chess"}, "variant"),
                ({"type": "start", "options": {"no_such_option": 1}}, "options"),
            ]
            for message, code in refused:
                _send(ws, message)
                answer = _next(ws)
                assert answer["type"] == "error" and answer["code"] == code, message
            _send(ws, {"type": "hints", "on": False})
            again = _next(ws)
            assert again["game"] == state["game"]
            assert again["observation"] == state["observation"]
            _send(ws, {"type": "act", "id": 0, "seq": again["seq"]})
            moved = _next(ws)
            assert moved["type"] == "state" and moved["game"] == state["game"]
            assert moved["events"][0]["type"] == "dahai" and moved["events"][0]["actor"] == 0
            # Its own game, resumed on the same connection, comes back from the record whole.
            _send(ws, {"type": "resume", "game": state["game"], "token": state["token"]})
            resumed = _next(ws)
            assert resumed["type"] == "state", resumed
            assert resumed["observation"] == moved["observation"]
            assert resumed["events"][0]["type"] == "start_game"


def test_bounds(tmp_path: Path) -> None:
    limits = Limits(message_bytes=512, games_per_connection=2, live_games=2, idle_seconds=0.5)
    app = create_app(records_path=tmp_path / "r.sqlite3", table_limits=limits)
    with TestClient(app) as client:
        with client.websocket_connect("/ws/play") as ws:
            for _ in range(2):
                assert _started(ws)["type"] == "state"
            answer = _started(ws)
            assert answer["code"] == "games"
            ws.send_text(json.dumps({"type": "ping", "pad": "x" * 600}))
            assert _next(ws)["code"] == "too_large"
        with client.websocket_connect("/ws/play") as a, client.websocket_connect("/ws/play") as b:
            assert _started(a)["type"] == "state"
            assert _started(b)["type"] == "state"
            with client.websocket_connect("/ws/play") as c:
                assert _started(c)["code"] == "full"
        with client.websocket_connect("/ws/play") as ws:
            state = _started(ws)
            # Silent past the idle limit: told so, and closed; the game stays resumable.
            idle = _next(ws)
            assert idle["code"] == "idle"
        with Records(tmp_path / "r.sqlite3") as records:
            stored = records.load(state["game"])
        assert stored.status == "playing" and stored.seats[0].bot is None


def test_the_record_routes(app_client: TestClient) -> None:
    with app_client.websocket_connect("/ws/play") as ws:
        _send(ws, {"type": "start", "variant": "riichi", "seed": 4, "max_rounds": 1})
        _, over = _play(ws, _next(ws), random.Random(2))
        _send(ws, {"type": "start", "variant": "sichuan", "seed": 4})
        unfinished = _next(ws)["game"]
    game = over["game"]
    listing = app_client.get("/fr/records")
    assert listing.status_code == 200 and f'data-game="{game}"' in listing.text
    assert "inachevée" in listing.text
    lines = app_client.get(f"/api/records/{game}/events.jsonl").text.splitlines()
    events = [json.loads(line) for line in lines]
    assert events[0]["type"] == "start_game" and events[-1]["type"] == "end_game"
    assert Game.replay(events).scores == over["scores"]
    tenhou = app_client.get(f"/api/records/{game}/tenhou6.json").json()
    assert len(tenhou["log"]) == 1 and tenhou["name"][0] == "player"
    steps = app_client.get(f"/api/records/{game}/steps?lang=es").json()["steps"]
    assert steps[0]["label"] == "Se reparte la mano"
    assert any(s["declined"] for s in steps), "the bots' passes are steps of their own"
    assert steps[-1]["table"]["scores"] == over["scores"]
    assert steps[-1]["outcomes"]
    assert app_client.get(f"/en/records/{game}").status_code == 200
    # An unfinished game shows its wall and every hand in its record: not served.
    for path in (f"/api/records/{unfinished}/events.jsonl", f"/en/records/{unfinished}"):
        assert app_client.get(path).status_code == 403
    assert app_client.get("/api/records/99999/events.jsonl").status_code == 404
    assert app_client.get("/api/records/abc/events.jsonl").status_code == 400
    with app_client.websocket_connect("/ws/play") as ws:
        _send(ws, {"type": "start", "variant": "sichuan", "seed": 1, "max_rounds": 1})
        _, sichuan = _play(ws, _next(ws), random.Random(1))
    answer = app_client.get(f"/api/records/{sichuan['game']}/tenhou6.json")
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "tenhou6"


def test_a_damaged_record_row_is_refused_and_the_file_left_as_it_was(tmp_path: Path) -> None:
    """A row whose seats are not UTF-8: the records page says the records cannot be read (no
    file path shown), the game's routes answer 404, nothing is written to the file by these
    reads, and the table still starts games."""
    import sqlite3

    path = tmp_path / "records.sqlite3"
    app = create_app(records_path=path)
    with TestClient(app) as client:
        with client.websocket_connect("/ws/play") as ws:
            _send(ws, {"type": "start", "variant": "riichi", "seed": 4, "max_rounds": 1})
            _, over = _play(ws, _next(ws), random.Random(2))
        game = over["game"]
        raw = sqlite3.connect(path)
        raw.execute(
            "UPDATE games SET seats = CAST(x'5b7b226e616d65223a2022ff227d5d' AS TEXT) WHERE id = ?",
            (game,),
        )
        raw.commit()
        raw.close()
        before = path.read_bytes()
        listing = client.get("/es/records")
        assert listing.status_code == 500 and "no se puede leer el registro" in listing.text
        assert str(path) not in listing.text
        for route in (f"/en/records/{game}", f"/api/records/{game}/steps",
                      f"/api/records/{game}/events.jsonl"):  # fmt: skip
            assert client.get(route).status_code == 404, route
        assert path.read_bytes() == before
        with client.websocket_connect("/ws/play") as ws:
            assert _started(ws)["type"] == "state"


def test_the_table_page_in_each_language(app_client: TestClient) -> None:
    for lang, word in (("en", "Start the game"), ("fr", "Commencer la partie"), ("es", "Empezar")):
        page = app_client.get(f"/{lang}/play")
        assert page.status_code == 200 and word in page.text
        assert '<script src="/static/table.js"' in page.text
    assert app_client.get("/static/table.js").status_code == 200
    assert app_client.get("/de/play").status_code == 404
