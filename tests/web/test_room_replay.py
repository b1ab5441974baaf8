"""A room's finished game replayed per person: each person, showing their seat's token, sees
their own concealed tiles and nobody else's, never another seat's answer to a claim, its tiles
passed or its declared suit; anyone else sees what every seat saw; the records keep a digest of
each token, not the token; the downloads follow the same rule."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from fastapi.testclient import TestClient

from mahjongkit.game.observation import PUBLIC, visible_event
from mahjongkit.records import Records
from mahjongkit.table import actions as A
from mahjongkit.web import create_app
from mahjongkit.web.replay import seat_key, steps_of
from tests.web.test_rooms import _play_randomly, _room, _served

PRIVATE = {"mjk:respond", "mjk:exchange_choose", "mjk:declare"}


def _room_game(tmp_path: Path, variant: str) -> tuple[int, list[str]]:
    """A hand of ``variant`` played by Ann (seat 0) and Bob (seat 1) choosing random legal
    actions, two bots; the record's id and the two seats' tokens."""

    async def scenario(url: str) -> tuple[int, list[str]]:
        clients, created = await _room(
            url, ["Ann", "Bob"], variant=variant, people=2, max_rounds=1, seed=3
        )
        joined = next(m for m in clients[1].received if m["type"] == "room")
        await clients[0].send({"type": "start_room"})
        overs = await asyncio.gather(
            *(_play_randomly(c, random.Random(s)) for s, c in enumerate(clients))
        )
        for client in clients:
            await client.ws.close()
        return int(overs[0]["game"]), [created["token"], joined["token"]]

    result: tuple[int, list[str]] = _served(tmp_path, scenario)
    return result


def _hands(steps: list[dict[str, Any]], seat: int) -> list[Any]:
    return [step["table"]["seats"][seat]["hand"] for step in steps]


@pytest.mark.parametrize("variant", ["riichi", "sichuan"])
def test_each_person_replays_only_their_own_view(tmp_path: Path, variant: str) -> None:
    game, tokens = _room_game(tmp_path, variant)
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        record = records.load(game)
    # The records hold each person's digest, not the token; the bots' seats none.
    assert [s.key for s in record.seats] == [seat_key(tokens[0]), seat_key(tokens[1]), None, None]
    stored = path.read_bytes()
    assert all(token.encode() not in stored for token in tokens)
    whole = steps_of(record, "en")
    private_steps = sum(
        1
        for s in whole
        if s["action"] and s["action"]["type"] in (A.PASS, "exchange", "declare_missing")
    )
    assert private_steps > 0  # the hand had answers that only their seat saw

    with TestClient(create_app(records_path=path)) as client:

        def steps(token: str | None) -> dict[str, Any]:
            headers = {"X-Seat-Token": token} if token is not None else {}
            answer = client.get(f"/api/records/{game}/steps", headers=headers)
            assert answer.status_code == 200, answer.text
            body: dict[str, Any] = answer.json()
            return body

        for me, token in enumerate(tokens):
            body = steps(token)
            assert (body["view"], body["seat"]) == ("seat", me)
            mine = body["steps"]
            # Their own concealed tiles at every step, the whole table's own hand among them.
            assert all(isinstance(hand, list) for hand in _hands(mine, me))
            assert _hands(mine, me)[0] == whole[0]["table"]["seats"][me]["hand"]
            for other in range(4):
                if other == me:
                    continue
                # Never another seat's concealed tiles: only how many there are.
                assert _hands(mine, other) == [None] * len(mine)
                assert all(s["table"]["seats"][other]["drawn"] is None for s in mine)
                dealt = whole[0]["table"]["seats"][other]["hand"]
                assert mine[0]["table"]["seats"][other]["hand_size"] == len(dealt)
                # No step of another seat that only that seat saw (a pass, a choice).
                assert not [
                    s
                    for s in mine
                    if s["actor"] == other
                    and s["action"]["type"] in (A.PASS, "exchange", "declare_missing")
                ]
            assert len(mine) < len(whole)
            # Everything public is there: each hand's end (a win on another's discard is
            # answered in a claim window, yet shown), and the last table's open tiles.
            outcomes = [o["title"] for s in whole for o in s["outcomes"]]
            assert outcomes and [o["title"] for s in mine for o in s["outcomes"]] == outcomes
            for seat in range(4):
                for part in ("discards", "melds", "flowers", "won"):
                    last = whole[-1]["table"]["seats"][seat][part]
                    assert mine[-1]["table"]["seats"][seat][part] == last, (seat, part)

        # Anyone else, or a token that opens no seat: what every seat saw.
        for token in (None, "0" * 32, "x" * 5000, tokens[0][:-1]):
            body = steps(token)
            assert (body["view"], body["seat"]) == ("public", None)
            for seat in range(4):
                assert _hands(body["steps"], seat) == [None] * len(body["steps"])
            assert [o["title"] for s in body["steps"] for o in s["outcomes"]] == outcomes

        # The events download: a seat's own view with its token, the public one without.
        lines = client.get(
            f"/api/records/{game}/events.jsonl", headers={"X-Seat-Token": tokens[1]}
        ).text.splitlines()
        events = [json.loads(line) for line in lines]
        assert events == [
            json.loads(json.dumps(visible_event(e, 1)))
            for e in record.events
            if visible_event(e, 1)
        ]
        deals = [e for e in events if e["type"] == "start_kyoku"]
        assert deals and all("?" in e["tehais"][0] and "?" not in e["tehais"][1] for e in deals)
        assert not [e for e in events if e["type"] in PRIVATE and e.get("actor") != 1]
        public = [
            json.loads(line)
            for line in client.get(f"/api/records/{game}/events.jsonl").text.splitlines()
        ]
        assert all(e["pai"] == "?" for e in public if e["type"] == "tsumo") and not [
            e for e in public if e["type"] in PRIVATE
        ]
        assert len(public) == len(
            [e for e in record.events if visible_event(e, PUBLIC) is not None]
        )
        # Tenhou's format holds every hand: refused for a room's game, with the reason.
        answer = client.get(f"/api/records/{game}/tenhou6.json")
        assert answer.status_code == 403
        assert answer.json()["error"]["code"] == "private"
        # The replay page says from where the game is seen, and offers no Tenhou file.
        page = client.get(f"/en/records/{game}").text
        assert "tenhou6.json" not in page and '"private": true' in page


def test_a_game_against_bots_still_replays_the_whole_table(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with TestClient(create_app(records_path=path)) as client:
        with client.websocket_connect("/ws/play") as ws:
            ws.send_json({"type": "start", "variant": "riichi", "max_rounds": 1, "seed": 4})
            state = ws.receive_json()
            rng = random.Random(1)
            while True:
                if state["type"] == "game_over":
                    game = state["game"]
                    break
                if state["type"] == "state" and state["legal"]:
                    choice = rng.randrange(len(state["legal"]))
                    ws.send_json({"type": "act", "id": choice, "seq": state["seq"]})
                state = ws.receive_json()
        body = client.get(f"/api/records/{game}/steps", headers={"X-Seat-Token": "0" * 32}).json()
        assert body["view"] == "table"
        assert all(isinstance(h, list) for s in range(4) for h in _hands(body["steps"], s))


def test_a_win_on_another_seats_discard_is_in_every_seats_replay(tmp_path: Path) -> None:
    """A win on a discard is an answer to a claim (private until the window closes), yet the
    window closes on it: every seat's replay shows it, with its outcome."""
    from mahjongkit.bots import make_bot
    from mahjongkit.bots.session import run_until
    from mahjongkit.game.engine import Game
    from mahjongkit.records import Seat

    for seed in range(40):
        game = Game("riichi", seed=seed, max_rounds=1)
        game.start()
        bots = [make_bot("efficient", seed + s, game.flow.rules) for s in range(4)]
        run_until(game, bots, max_actions=100_000)
        wins = [e for e in game.log if e["type"] == "hora"]
        if wins and wins[0]["actor"] != wins[0]["target"]:
            break
    else:  # pragma: no cover - a ron comes within a few seeds
        raise AssertionError("no win on a discard in 40 seeds")
    winner = wins[0]["actor"]
    with Records(tmp_path / "records.sqlite3") as records:
        seats = [Seat(f"p{s}", None, seat_key(f"token-{s}")) for s in range(4)]
        number = records.create_game(game, seats)
        records.save(number, game)
        record = records.load(number)
    whole = steps_of(record, "en")
    titles = [o["title"] for s in whole for o in s["outcomes"]]
    assert titles
    for viewer in (*range(4), PUBLIC):
        steps = steps_of(record, "en", viewer)
        assert [o["title"] for s in steps for o in s["outcomes"]] == titles, viewer
        assert any(s["actor"] == winner and s["action"]["type"] == A.RON for s in steps)
