"""Money that adds up at the web table (issue 33, item 3), as the page receives it over
/ws/play: whole seeded games of every family, every round checked.

For each outcome (a win or a draw) the payment lines add up, seat by seat, to its ``deltas``
(received minus paid; a line from or to the table counts for the seat alone), and the deltas to
the change between its ``scores_before`` and ``scores_after``, which are the scores the page's
own events add up to. Money moved during play (a riichi stick, Sichuan's kong money) comes as
``payments`` of the state that carries its event, adding up the same way; each new hand starts
from the scores the last one ended with, and the end of the game from those plus what it moves
itself.
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

from mahjongkit.web import create_app

_TAKEN_FIRST = ("tsumo", "ron", "riichi", "ankan", "kakan", "kan")
"""The person's choices, best first: a win, a riichi, a kong (so that sticks and kong money
move); else the hint's best discard."""

_NOTATION = re.compile(r"\b(chow|pung|kong|added-kong|concealed-kong):\d|@[ESWN]\b|\+\d")
"""Meld and bonus notation (``pung:333z@S``, ``+13g``) that no sentence may show."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(records_path=tmp_path / "records.sqlite3")
    with TestClient(app, raise_server_exceptions=True) as test_client:
        yield test_client


def _choice(state: dict[str, Any], rng: random.Random) -> int:
    legal = state["legal"]
    for kind in _TAKEN_FIRST:
        for action in legal:
            if action["type"] == kind:
                return int(action["id"])
    best = [d["tile"] for d in (state.get("hints") or {}).get("discards", [])[:1]]
    for action in legal:
        if action["type"] == "discard" and best and action["label"].endswith(best[0]):
            return int(action["id"])
    return int(rng.choice(legal)["id"])


def _net(lines: list[dict[str, Any]], players: int) -> list[int]:
    net = [0] * players
    for line in lines:
        assert type(line["amount"]) is int and line["amount"] > 0, line
        assert line["payer"] != line["payee"], line
        if line["payer"] is not None:
            net[line["payer"]] -= line["amount"]
        if line["payee"] is not None:
            net[line["payee"]] += line["amount"]
    return net


def _sentences(lines: list[dict[str, Any]]) -> None:
    """Each line says itself in words: the amount, no notation, no unnamed reason."""
    for line in lines:
        assert line["reason"] != "other", line
        digits = re.sub(r"\D", "", line["text"])
        assert str(line["amount"]) in digits, line
        assert not _NOTATION.search(line["text"]), line


def _win_hand(outcome: dict[str, Any], players: int) -> None:
    hand = outcome["hand_tiles"]
    assert hand is not None, outcome["hand"]
    tiles = len(hand["concealed"]) + 1 + sum(3 for _ in hand["melds"])
    assert tiles == 14 or hand["win_tile"][1] in "fg", hand
    for meld in hand["melds"]:
        assert not _NOTATION.search(meld["text"]), meld
        if meld["kind"] == "concealed-kong":
            assert meld["from"] is None and meld["called"] is None
        else:
            assert meld["from"] in set(range(players)) - {outcome["seat"]}, meld
            assert meld["called"][:1].isdigit() and meld["called"][1:] in "mpsz", meld


def _play(ws: Any, start: dict[str, Any], seed: int) -> dict[str, Any]:
    """Play the game to its end, checking every message; what was seen, counted."""
    rng = random.Random(seed)
    ws.send_text(json.dumps(start))
    seen: dict[str, Any] = {"reasons": set(), "in_play": 0, "wins_in_a_hand": 0, "rounds": 0}
    running: list[int] | None = None
    ended: list[int] | None = None
    wins_this_hand = 0
    while True:
        message = json.loads(ws.receive_text())
        if message["type"] == "game_over":
            break
        assert message["type"] == "state", message
        events, outcomes = message["events"], iter(message["outcomes"])
        in_play = {entry["event"]: entry for entry in message["payments"]}
        for index, event in enumerate(events):
            kind = event["type"]
            if kind == "end_game":
                ended = list(event["scores"])
                continue
            if kind == "start_kyoku":
                # A hand starts from the scores the last one ended with.
                assert running is None or event["scores"] == running, (running, event)
                running, wins_this_hand = list(event["scores"]), 0
                seen["rounds"] += 1
                continue
            if "deltas" not in event or running is None:
                assert index not in in_play
                continue
            players = len(running)
            before = running
            running = [a + b for a, b in zip(before, event["deltas"], strict=True)]
            if "scores" in event:
                assert event["scores"] == running, event
            if kind in ("hora", "ryukyoku"):
                outcome = next(outcomes)
                lines = outcome["payment_lines"]
                assert outcome["deltas"] == event["deltas"]
                assert _net(lines, players) == outcome["deltas"], lines
                assert outcome["scores_before"] == before
                assert outcome["scores_after"] == running
                assert outcome["payments"] == [line["text"] for line in lines]
                _sentences(lines)
                seen["reasons"] |= {line["reason"] for line in lines}
                if kind == "hora":
                    _win_hand(outcome, players)
                    wins_this_hand += 1
                    seen["wins_in_a_hand"] = max(seen["wins_in_a_hand"], wins_this_hand)
            else:
                entry = in_play.pop(index)
                assert entry["deltas"] == event["deltas"]
                assert _net(entry["payment_lines"], players) == entry["deltas"]
                _sentences(entry["payment_lines"])
                seen["reasons"] |= {line["reason"] for line in entry["payment_lines"]}
                seen["in_play"] += 1
        assert next(outcomes, None) is None and not in_play
        # The scores the page shows are the ones its events add up to (at the end, with what
        # the end moves: checked with the game_over message).
        assert message["observation"]["scores"] == (running if ended is None else ended)
        if message["legal"]:
            choice = _choice(message, rng)
            ws.send_text(json.dumps({"type": "act", "id": choice, "seq": message["seq"]}))
    assert running is not None
    leftover = message["payment_lines"]
    _sentences(leftover)
    final = [a + b for a, b in zip(running, _net(leftover, len(running)), strict=True)]
    assert message["scores"] == final == ended
    seen["has_uma"] = message["has_uma"]
    seen["ranked"] = all("result" in row for row in message["ranking"])
    return seen


@pytest.mark.parametrize(
    ("variant", "seed", "rounds", "lang", "reasons", "in_play", "has_uma"),
    [
        # Riichi sticks put down and taken, counters (honba), ready payments at a draw.
        ("riichi", 15, 4, "fr", {"ron", "tsumo", "counters", "deposits", "ready_payment"}, 5, True),
        ("hongkong", 0, 4, "es", {"discard", "self_draw"}, 0, False),
        # Several wins a hand, kong money paid at each kind of kong and handed to a winner
        # (呼叫轉移), the end-of-wall settlement (ready-hand check, refund of kong money).
        (
            "sichuan",
            4,
            4,
            "en",
            {"win_discard", "win_self_draw", "call_transfer", "ready_check", "tax_refund"},
            5,
            False,
        ),
    ],
)
def test_every_outcome_adds_up_as_the_page_receives_it(
    client: TestClient,
    variant: str,
    seed: int,
    rounds: int,
    lang: str,
    reasons: set[str],
    in_play: int,
    has_uma: bool,
) -> None:
    start = {
        "type": "start",
        "variant": variant,
        "seed": seed,
        "seat": seed % 4,
        "bots": "efficient",
        "hints": True,
        "max_rounds": rounds,
        "lang": lang,
    }
    with client.websocket_connect("/ws/play") as ws:
        seen = _play(ws, start, seed)
    assert seen["rounds"] == rounds
    assert reasons <= seen["reasons"], seen["reasons"]
    assert seen["in_play"] >= in_play
    if variant == "riichi":
        assert "riichi_stick" in seen["reasons"]
    if variant == "sichuan":
        assert seen["wins_in_a_hand"] == 3
        assert {"exposed_kong", "concealed_kong", "added_kong"} <= seen["reasons"]
    assert seen["has_uma"] is has_uma and seen["ranked"] is has_uma


def test_a_family_from_outside_the_library_adds_up_too(client: TestClient, toy: str) -> None:
    start = {"type": "start", "variant": toy, "seed": 4, "seat": 0, "bots": "efficient"}
    with client.websocket_connect("/ws/play") as ws:
        seen = _play(ws, {**start, "hints": True, "max_rounds": 2, "lang": "en"}, 4)
    assert seen["rounds"] == 2 and seen["reasons"] and not seen["has_uma"]
