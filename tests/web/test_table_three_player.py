"""The web table's protocol at a three-player Riichi table (issue 36, item 3): ``rules`` tenhou3.

The person plays one of three seats; the state shows three seats, the kita action with its
label in the person's language, the Norths set aside beside a hand; a fourth seat is refused;
the record replays to the scores the client was given. A three-player score lists three seats'
payments; the page (in Debian's Chromium) offers three seats, lays them out as three-player
tables do, and shows each North set aside beside its seat and in the log (screenshot:
/tmp/shots/table-three-player.png).
"""

from __future__ import annotations

import json
import random
import re
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


def test_a_three_player_score_lists_the_three_seats_only(app_client: TestClient) -> None:
    # docs/three-player.md, "Self-draw": tsumo loss. The dealer's 3 han 50 fu self-draw is
    # 3,200 from each of the two other seats (four seats would pay 3,200 x 3); no fourth seat.
    body = {"hand": "111999p123789s11z", "variant": "riichi", "rules": "tenhou3",
            "win": "1z", "tsumo": True}  # fmt: skip
    answer = app_client.post("/api/score", json=body).json()
    assert answer["payments"] == {"E": 6400, "S": -3200, "W": -3200}
    assert {line["payer"] for line in answer["payment_lines"]} == {"S", "W"}
    four = app_client.post("/api/score", json={**body, "rules": "tenhou"}).json()
    assert four["payments"] == {"E": 9600, "S": -3200, "W": -3200, "N": -3200}


def test_the_setup_form_is_given_the_seats_of_each_preset(app_client: TestClient) -> None:
    page = app_client.get("/en/play").text
    found = re.search(r'<script type="application/json" id="table-data">(.*?)</script>', page)
    assert found is not None
    seats = json.loads(found.group(1))["seats"]
    assert seats["riichi"]["tenhou3"] == 3 and seats["riichi"]["tenhou"] == 4
    assert set(seats) == {"riichi", "hongkong", "sichuan"}
    assert all(n == 4 for name in ("hongkong", "sichuan") for n in seats[name].values())


# --- in Debian's Chromium -------------------------------------------------------------------

_BOARD = """() => {
  const box = (id) => { const e = document.getElementById(id); const r = e.getBoundingClientRect();
    return {seat: e.dataset.seat ?? null, shown: e.getClientRects().length > 0,
            x: r.left + r.width / 2, y: r.top + r.height / 2,
            name: e.querySelector('.name')?.textContent ?? '',
            aside: e.querySelectorAll('.flowers img.tile').length}; };
  const sides = (name) =>
    Object.fromEntries(['top', 'right', 'left', 'bottom'].map(p => [p, box(name + '-' + p)]));
  return {players: document.getElementById('board').dataset.players,
          corners: sides('corner'), ponds: sides('pond'), centre: box('centre'),
          log: [...document.querySelectorAll('#log li')].map(li => li.textContent)};
}"""


@pytest.fixture(scope="module")
def three_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    pytest.importorskip("playwright.sync_api")
    pytest.importorskip("uvicorn")
    pytest.importorskip("websockets")
    from mahjongkit.web.local import serving

    app = create_app(records_path=tmp_path_factory.mktemp("three") / "records.sqlite3")
    with serving(app, ws="websockets-sansio") as address:
        yield address


def test_the_page_seats_three_players_and_shows_the_norths_set_aside(
    browser: Any, three_site: str
) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.set_default_timeout(10_000)
    context.add_init_script("localStorage.setItem('mjk-table-speed', JSON.stringify('instant'))")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{three_site}/en/play")
        page.select_option("#variant", "riichi")
        page.click("#advanced summary")
        page.select_option("#seat", "3")
        page.select_option("#rules", "tenhou3")
        # Three seats to choose from: North is gone, and the seat chosen falls back to East.
        offered = page.eval_on_selector_all("#seat option", "os => os.map(o => !o.disabled)")
        assert offered == [True, True, True, False]
        assert page.input_value("#seat") == "0"
        page.select_option("#rules", "tenhou")
        assert page.eval_on_selector_all("#seat option", "os => os.every(o => !o.disabled)")
        page.select_option("#rules", "tenhou3")
        page.select_option("#length", "1")
        page.fill("#seed", "4")  # East holds a North on its first turn
        page.click("#start")
        page.wait_for_selector("#table:not([hidden])")
        page.wait_for_function("() => document.body.dataset.table === 'ready'")
        kita = page.locator("#actions button", has_text="(kita)")
        assert kita.count() == 1
        kita.click()
        page.wait_for_function(
            "() => document.querySelectorAll('#corner-bottom .flowers img.tile').length === 1"
            " && document.body.dataset.table === 'ready'"
        )
        board = page.evaluate(_BOARD)
        page.screenshot(path="/tmp/shots/table-three-player.png")
    finally:
        context.close()
    assert errors == []
    assert board["players"] == "3"
    corners, ponds = board["corners"], board["ponds"]
    # Oneself at the bottom, South (the next seat) on the right, West (the one before) on the
    # left, each named on its own side; nobody across.
    assert [corners[p]["seat"] for p in ("bottom", "right", "left")] == ["0", "1", "2"]
    assert corners["right"]["name"] == "South" and corners["left"]["name"] == "West"
    assert not corners["top"]["shown"] and not ponds["top"]["shown"]
    centre = board["centre"]
    assert corners["left"]["x"] < centre["x"] < corners["right"]["x"]
    assert ponds["left"]["x"] < centre["x"] < ponds["right"]["x"]
    assert ponds["bottom"]["y"] > centre["y"]
    # The North set aside, beside the hand of the seat that set it aside, and in the log.
    assert corners["bottom"]["aside"] == 1
    assert "East sets North wind aside (kita)" in board["log"]
