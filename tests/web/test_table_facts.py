"""What the table state tells the page besides the observation (``state.table``): the hand's
last discard, and the tile a call is offered on with the seat that discarded it, checked
against the events the page received, in whole games of each family."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install -e '.[web]')")

from fastapi.testclient import TestClient

from mahjongkit.web import create_app

CALLS = {"chi", "pon", "kan", "ron"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(records_path=tmp_path / "records.sqlite3")) as test_client:
        yield test_client


def _code(tile: int, red: list[int]) -> str:
    kind = tile // 4
    suit = "mpsz"[kind // 9]
    return ("0" if tile in red else str(kind % 9 + 1)) + suit


@pytest.mark.parametrize(
    ("variant", "options", "seed"),
    [("riichi", {}, 4), ("hongkong", {}, 7), ("sichuan", {"huan_san_zhang": "cw"}, 2)],
)
def test_the_last_discard_and_the_call_offered_follow_the_events(
    client: TestClient, variant: str, options: dict[str, Any], seed: int
) -> None:
    rng = random.Random(seed)
    seen: list[dict[str, Any]] = []
    claims = 0
    with client.websocket_connect("/ws/play") as ws:
        ws.send_text(
            json.dumps(
                {
                    "type": "start",
                    "variant": variant,
                    "options": options,
                    "seed": seed,
                    "max_rounds": 2,
                    "bots": "random",
                }
            )
        )
        while True:
            message = json.loads(ws.receive_text())
            if message["type"] == "game_over":
                break
            assert message["type"] == "state", message
            seen += message["events"]
            table = message["table"]
            hand = seen[max(i for i, e in enumerate(seen) if e["type"] == "start_kyoku") :]
            discards = [e for e in hand if e["type"] == "dahai"]
            if discards:
                last = discards[-1]
                assert table["last_discard"] == {
                    "seat": last["actor"],
                    "mjk_id": last["mjk_id"],
                    "tile": _code(last["mjk_id"], table["red"]),
                }
            else:
                assert table["last_discard"] is None
            calls = [a for a in message["legal"] if a["type"] in CALLS]
            if calls:
                claims += 1
                source = next(e for e in reversed(hand) if e["type"] in ("dahai", "kakan"))
                assert table["claim"] == {
                    "tile": _code(source["mjk_id"], table["red"]),
                    "mjk_id": source["mjk_id"],
                    "from": source["actor"],
                }
                assert {a["tile"] for a in calls} == {source["mjk_id"]}
            else:
                assert table["claim"] is None
            if message["legal"]:
                # Calls taken often, so that the offers and the hands after them are many.
                pick = calls[0] if calls and rng.random() < 0.5 else rng.choice(message["legal"])
                ws.send_text(json.dumps({"type": "act", "id": pick["id"], "seq": message["seq"]}))
    assert claims > 0
