"""Rooms over /ws/play with several WebSocket clients on loopback: a whole hand of each family
with 2 to 4 people choosing random legal actions, a claim race between two people, a drop and a
rejoin, a decision timed out, spectators who never see a concealed tile, and garbage refused
with a clear error and no change."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest

pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")

from mahjongkit.game.engine import Game  # noqa: E402
from mahjongkit.game.observation import PUBLIC, visible_event  # noqa: E402
from mahjongkit.records import Records  # noqa: E402
from mahjongkit.table import actions as A  # noqa: E402
from mahjongkit.web import create_app  # noqa: E402
from mahjongkit.web.local import serving  # noqa: E402
from mahjongkit.web.table import Limits  # noqa: E402
from tests.helpers.table_checks import check_seen_by  # noqa: E402

T = TypeVar("T")


class Client:
    """One person's (or spectator's) connection: messages sent, and every message received."""

    def __init__(self, ws: Any, name: str) -> None:
        self.ws = ws
        self.name = name
        self.received: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = 30) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.received.append(message)
        return message

    async def expect(self, kind: str, timeout: float = 30) -> dict[str, Any]:
        """The next message of type ``kind`` (any other on the way is kept in ``received``)."""
        while True:
            message = await self.recv(timeout)
            if message["type"] == kind:
                return message

    async def answer(self, message: dict[str, Any] | str) -> dict[str, Any]:
        await self.send(message)
        return await self.recv()

    async def quiet(self, seconds: float = 0.4) -> list[dict[str, Any]]:
        """Whatever arrives within ``seconds`` (nothing, when nothing changed for this one)."""
        got = []
        try:
            while True:
                got.append(await self.recv(seconds))
        except TimeoutError:
            return got

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.received if m["type"] == "state"]


def _served(
    tmp_path: Path, scenario: Callable[[str], Awaitable[T]], limits: Limits | None = None
) -> T:
    app = create_app(records_path=tmp_path / "records.sqlite3", table_limits=limits)
    with serving(app, ws="websockets-sansio") as address:
        url = address.replace("http://", "ws://") + "/ws/play"
        # In a thread of its own: the session's browser keeps an event loop running in this one.
        with ThreadPoolExecutor(1) as runner:
            return runner.submit(lambda: asyncio.run(scenario(url))).result()


async def _connect(url: str, name: str) -> Client:
    return Client(await websockets.connect(url, max_size=2**24), name)


async def _room(
    url: str, names: list[str], langs: list[str] | None = None, **settings: Any
) -> tuple[list[Client], dict[str, Any]]:
    """A room made by the first name's client, joined by the others in turn (first free seat);
    the clients, and the creator's ``room`` answer."""
    langs = langs or ["en"] * len(names)
    clients = [await _connect(url, name) for name in names]
    created = await clients[0].answer(
        {"type": "create_room", "name": names[0], "lang": langs[0], **settings}
    )
    assert created["type"] == "room", created
    for client, name, lang in zip(clients[1:], names[1:], langs[1:], strict=True):
        joined = await client.answer(
            {"type": "join", "room": created["room"], "name": name, "lang": lang}
        )
        assert joined["type"] == "room", joined
    return clients, created


async def _play_randomly(client: Client, rng: random.Random) -> dict[str, Any]:
    """Answer every state that asks something with a random legal action until game_over."""
    while True:
        message = await client.recv()
        assert message["type"] != "error", (client.name, message)
        if message["type"] == "game_over":
            return message
        if message["type"] == "state" and message["legal"]:
            choice = rng.randrange(len(message["legal"]))
            await client.send({"type": "act", "id": choice, "seq": message["seq"]})


# --- whole hands ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "rules", "langs"),
    [
        ("riichi", None, ["en", "fr", "es", "fr"]),
        ("hongkong", None, ["es", "en", "fr"]),
        ("sichuan", None, ["fr", "es"]),
        ("riichi", "tenhou3", ["es", "fr"]),  # three seats: two people and a bot
    ],
)
def test_a_whole_hand_with_people_choosing_random_legal_actions(
    tmp_path: Path, variant: str, rules: str | None, langs: list[str]
) -> None:
    names = ["Ann", "Bob", "Chen", "Dee"][: len(langs)]

    async def scenario(url: str) -> tuple[list[Client], list[dict[str, Any]], dict[str, Any]]:
        preset = {"rules": rules} if rules else {}
        clients, created = await _room(
            url, names, langs, variant=variant, people=len(names), max_rounds=1, seed=7, **preset
        )
        await clients[0].send({"type": "start_room"})
        rngs = [random.Random(seat) for seat in range(len(clients))]
        overs = await asyncio.gather(
            *(_play_randomly(c, r) for c, r in zip(clients, rngs, strict=True))
        )
        return clients, list(overs), created

    clients, overs, created = _served(tmp_path, scenario)
    assert created["seat"] == 0 and created["players"][0]["name"] == "Ann"
    assert len(created["room"]) >= 16 and created["token"]
    game = overs[0]["game"]
    for seat, (client, over) in enumerate(zip(clients, overs, strict=True)):
        assert over["game"] == game and over["seat"] == seat and over["rounds"] == 1
        assert over["scores"] == overs[0]["scores"]
        states = client.states()
        assert len(states) > 5 and states[0]["events"][0]["type"] == "start_game"
        for state in states:
            check_seen_by(state, seat)
            assert state["room"] == created["room"] and state["game"] == game
            assert all(a["seat"] == seat for a in state["legal"])
        # Each person's own language.
        labels = " ".join(a["label"] for s in states for a in s["legal"])
        word = {"en": "discard", "fr": "défausser", "es": "descartar"}[langs[seat]]
        assert word in labels, (langs[seat], labels[:200])
        # The room told everyone who joined and that the game began.
        rooms = [m for m in client.received if m["type"] == "room"]
        assert rooms[-1]["started"] and rooms[-1]["game"] == game
    # The record holds the people by name, bots in the empty seats, and replays to the scores.
    with Records(tmp_path / "records.sqlite3") as records:
        record = records.load(game)
    assert record.finished
    players = len(record.seats)
    assert [s.name for s in record.seats[: len(names)]] == names
    assert all(s.bot is None for s in record.seats[: len(names)])
    assert all(s.bot == "efficient" for s in record.seats[len(names) : players])
    assert Game.replay(list(record.events)).scores == overs[0]["scores"]


# --- claims --------------------------------------------------------------------------------------


def _calm_choice(state: dict[str, Any], race: int | None = None) -> int | None:
    """The id of a pass, or of the discard of the tile just drawn (else the first discard);
    None when a call is offered on the discard of tile ``race`` (the race is met)."""
    legal = state["legal"]
    offered = any(a["type"] in (A.PON, A.CHI, A.KAN, A.RON) for a in legal)
    if offered and race is not None and state["observation"]["last_discard"] == race:
        return None
    for action in legal:
        if action["type"] == A.PASS:
            return int(action["id"])
    me = state["observation"]["seat"]
    drawn = state["observation"]["seats"][me]["drawn"]
    discards = [a for a in legal if a["type"] == A.DISCARD]
    chosen = next((a for a in discards if a["tile"] == drawn), discards[0] if discards else None)
    return int(chosen["id"]) if chosen is not None else int(legal[0]["id"])


async def _play_calmly(client: Client, race: int | None = None) -> dict[str, Any]:
    """Pass every call and discard every drawn tile until game_over (``race``: until a call is
    offered on the discard of that tile: that state)."""
    while True:
        message = await client.recv()
        assert message["type"] != "error", message
        if message["type"] == "game_over":
            return message
        if message["type"] != "state" or not message["legal"]:
            continue
        choice = _calm_choice(message, race)
        if choice is None:
            return message
        await client.send({"type": "act", "id": choice, "seq": message["seq"]})


def test_a_claim_race_between_two_people_is_won_by_the_rules_priority(tmp_path: Path) -> None:
    """Four people discard what they draw and pass every call until seat 1 may chi and seat 2
    may pon the dealer's discard of tile 71 (seed 5). The chi is answered first: nothing
    happens until the pon's owner answers too, then the pon is made, as the engine does with
    bots."""

    async def scenario(url: str) -> dict[str, Any]:
        clients, _ = await _room(
            url, ["Ann", "Bob", "Chen", "Dee"], variant="riichi", people=4, seed=5
        )
        await clients[0].send({"type": "start_room"})
        tasks = {
            seat: asyncio.create_task(_play_calmly(c, race=71)) for seat, c in enumerate(clients)
        }
        done, _ = await asyncio.wait(
            [tasks[1], tasks[2]], timeout=60, return_when=asyncio.ALL_COMPLETED
        )
        assert len(done) == 2, "seats 1 and 2 are both offered a call"
        for seat in (0, 3):
            tasks[seat].cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await tasks[seat]
            await clients[seat].quiet(0.3)  # what the discard told them, not yet read
        chi_state, pon_state = tasks[1].result(), tasks[2].result()
        chi = next(a for a in chi_state["legal"] if a["type"] == A.CHI)
        pon = next(a for a in pon_state["legal"] if a["type"] == A.PON)
        discard = chi_state["events"][-1]
        assert discard["type"] == "dahai" and discard["actor"] == 0
        # The chi first: its owner waits, nobody else is told anything.
        after_chi = await clients[1].answer(
            {"type": "act", "id": chi["id"], "seq": chi_state["seq"]}
        )
        assert after_chi["type"] == "state" and after_chi["legal"] == []
        assert after_chi["observation"]["phase"] == "waiting"
        assert not any(e["type"] in ("chi", "pon") for e in after_chi["events"])
        for seat in (2, 0, 3):
            assert await clients[seat].quiet(0.3) == [], seat
        # The pon second: made, since a pon comes before a chi whoever answered first.
        await clients[2].send({"type": "act", "id": pon["id"], "seq": pon_state["seq"]})
        seen = {}
        for seat, client in enumerate(clients):
            calls: list[dict[str, Any]] = []
            while not calls:
                state = await client.expect("state", 10)
                calls = [e for e in state["events"] if e["type"] in ("chi", "pon")]
            seen[seat] = calls
        return {"seen": seen, "pon": pon, "discard": discard}

    result = _served(tmp_path, scenario)
    for seat, calls in result["seen"].items():
        assert [(c["type"], c["actor"], c["target"]) for c in calls] == [("pon", 2, 0)], seat
    assert result["seen"][2][0]["mjk_id"] == result["discard"]["mjk_id"]


# --- dropping, coming back, and the clock --------------------------------------------------------


def test_a_person_who_drops_comes_back_to_the_same_seat_with_the_token(tmp_path: Path) -> None:
    async def scenario(url: str) -> dict[str, Any]:
        (ann, bob), created = await _room(
            url, ["Ann", "Bob"], people=2, max_rounds=1, seed=11, stand_in=True
        )
        code = created["room"]
        token = bob.received[0]["token"]
        await ann.send({"type": "start_room"})
        ann_plays = asyncio.create_task(_play_calmly(ann))  # a long hand: no call, no win
        first = await bob.expect("state")
        await bob.ws.close()  # Bob's page is closed: a bot plays for him meanwhile.
        began = time.monotonic()
        while len(ann.states()) < 6 and not ann_plays.done() and time.monotonic() - began < 30:
            await asyncio.sleep(0.05)
        # Back with a wrong token, or by the code alone: refused; with his token: his seat.
        again = await _connect(url, "Bob")
        wrong = await again.answer({"type": "join", "room": code, "token": "0" * 32})
        by_code = await again.answer({"type": "join", "room": code, "name": "Bob"})
        back = await again.answer({"type": "join", "room": code, "token": token})
        whole = await again.expect("state")
        bob_over = await _play_calmly(again)
        ann_over = await ann_plays
        gone = [m["players"][1]["connected"] for m in ann.received if m["type"] == "room"]
        return {
            "wrong": wrong, "by_code": by_code, "back": back, "whole": whole,
            "seen_before": len(first["events"]), "over": (ann_over, bob_over), "gone": gone,
        }  # fmt: skip

    result = _served(tmp_path, scenario)
    assert result["wrong"]["code"] == "token"
    assert result["by_code"]["code"] == "started"
    # Ann was told Bob left, then that he came back.
    gone = result["gone"]
    assert False in gone and True in gone[gone.index(False) :]
    back, whole = result["back"], result["whole"]
    assert back["type"] == "room" and back["seat"] == 1 and back["token"]
    assert back["players"][1]["connected"] is True
    # The whole game since its start, his own hand in it, and his seat played meanwhile.
    assert whole["events"][0]["type"] == "start_game"
    assert whole["observation"]["seat"] == 1 and "hand" in whole["observation"]["seats"][1]
    assert len(whole["events"]) > result["seen_before"]
    assert any(e["type"] == "dahai" and e["actor"] == 1 for e in whole["events"])
    ann_over, bob_over = result["over"]
    assert ann_over["scores"] == bob_over["scores"] and bob_over["seat"] == 1


def test_a_person_who_does_not_decide_in_time_is_played_the_safe_default(tmp_path: Path) -> None:
    """With a time limit of one second and no stand-in, Bob (seat 1) never answers: once his
    time is up he discards the tile he drew; a call offered to him is passed."""

    async def scenario(url: str) -> list[dict[str, Any]]:
        (ann, bob), _ = await _room(
            url, ["Ann", "Bob"], people=2, seed=4, time_limit=1, stand_in=False
        )
        await ann.send({"type": "start_room"})
        ann_plays = asyncio.create_task(_play_calmly(ann))
        asking = 0
        while asking < 2:
            message = await bob.recv()
            if message["type"] == "state" and message["legal"]:
                asking += 1
        await bob.expect("state")  # the one after his second decision let go
        ann_plays.cancel()
        return bob.states()

    states = _served(tmp_path, scenario)
    asking = [index for index, s in enumerate(states) if s["legal"]]
    assert len(asking) == 2
    for index in asking:
        assert states[index]["time_limit"] == 1.0
        # The next state shows the default played for him.
        after = states[index + 1]
        mine = [
            e for e in after["events"]
            if e.get("actor") == 1 and e["type"] in ("dahai", "mjk:respond")
        ]  # fmt: skip
        assert mine, after["events"]
        if mine[0]["type"] == "dahai":
            assert mine[0]["tsumogiri"] is True
        else:
            assert mine[0]["action"]["type"] == A.PASS


def test_a_person_back_mid_decision_is_told_the_seconds_the_servers_timer_has_left(
    tmp_path: Path,
) -> None:
    """Ann (alone, the dealer, a limit of 4 s, no stand-in) is asked her first discard, drops,
    tries a wrong token, and comes back with hers 1.5 s later: her state says at most 2.5 s are
    left (not the full 4), and the safe discard is still played 4 s after the decision began
    (a clock started again at her return would play it 5.5 s or more after)."""

    async def scenario(url: str) -> dict[str, Any]:
        (ann,), created = await _room(
            url, ["Ann"], people=1, seed=7, max_rounds=1, time_limit=4, stand_in=False
        )
        token = created["token"]
        await ann.send({"type": "start_room"})
        first = await ann.expect("state")
        asked = time.monotonic()
        await ann.ws.close()
        again = await _connect(url, "Ann")
        await asyncio.sleep(1.5)
        wrong = await again.answer({"type": "join", "room": created["room"], "token": "x" * 32})
        back = await again.answer({"type": "join", "room": created["room"], "token": token})
        whole = await again.expect("state")
        rejoined = time.monotonic() - asked
        after = await again.expect("state")  # the safe default played for her
        return {
            "first": first, "wrong": wrong, "back": back, "whole": whole, "after": after,
            "rejoined": rejoined, "defaulted": time.monotonic() - asked,
        }  # fmt: skip

    result = _served(tmp_path, scenario)
    first, whole, after = result["first"], result["whole"], result["after"]
    assert first["legal"] and first["time_limit"] == 4.0
    assert 3.0 <= first["seconds_left"] <= 4.0  # a new decision: (nearly) the whole limit
    assert result["wrong"]["type"] == "error" and result["wrong"]["code"] == "token"
    assert result["back"]["type"] == "room" and result["back"]["seat"] == 0
    # The same decision, the whole game sent again, and the server's clock running on.
    assert whole["legal"] and whole["events"][0]["type"] == "start_game"
    assert whole["time_limit"] == 4.0
    assert 0.5 <= whole["seconds_left"] <= 4.0 - 1.5
    assert whole["seconds_left"] <= 4.0 - result["rejoined"] + 0.05
    # The safe default (the drawn tile discarded) at the original deadline, not 4 s after the
    # return; the bots then play up to her next decision, whose clock starts afresh.
    assert 3.5 <= result["defaulted"] < 5.2, result["defaulted"]
    mine = [e for e in after["events"] if e["type"] == "dahai" and e["actor"] == 0]
    assert mine and mine[0]["tsumogiri"] is True
    assert after["legal"] and 3.0 <= after["seconds_left"] <= 4.0


# --- spectators ----------------------------------------------------------------------------------


def test_a_spectator_never_sees_a_concealed_tile(tmp_path: Path) -> None:
    async def scenario(url: str) -> dict[str, Any]:
        (ann, bob), created = await _room(
            url, ["Ann", "Bob"], people=2, max_rounds=1, seed=9, spectators=True
        )
        code = created["room"]
        early = await _connect(url, "early")
        watching = await early.answer({"type": "spectate", "room": code, "lang": "fr"})
        await ann.send({"type": "start_room"})
        first = await ann.expect("state")
        if first["legal"]:
            await ann.send({"type": "act", "id": 0, "seq": first["seq"]})
        late = await _connect(url, "late")
        late_room = await late.answer({"type": "spectate", "room": code})
        late_first = await late.expect("state")
        played = asyncio.gather(
            _play_randomly(ann, random.Random(1)), _play_randomly(bob, random.Random(2))
        )
        early_over = await early.expect("game_over", 60)
        late_over = await late.expect("game_over", 60)
        over = await played
        refused = await late.answer({"type": "act", "id": 0})
        return {
            "watching": watching, "late_room": late_room, "late_first": late_first,
            "early": early.states(), "late": late.states(), "early_over": early_over,
            "late_over": late_over, "over": over, "refused": refused,
        }  # fmt: skip

    result = _served(tmp_path, scenario)
    assert result["watching"]["seat"] is None and "token" not in result["watching"]
    assert result["late_room"]["watching"] == 2
    game = result["over"][0]["game"]
    with Records(tmp_path / "records.sqlite3") as records:
        log = list(records.load(game).events)
    shown = [visible_event(e, PUBLIC) for e in log]
    public_log = [json.loads(json.dumps(e)) for e in shown if e is not None]
    for name in ("early", "late"):
        states = result[name]
        assert states
        for state in states:
            check_seen_by(state, None)
            assert "token" not in state and state["legal"] == [] and "hints" not in state
        # Exactly the public view of the record, in order, from the start of the game.
        events = [e for s in states for e in s["events"]]
        assert events == public_log
        assert result[f"{name}_over"]["scores"] == result["over"][0]["scores"]
        assert result[f"{name}_over"]["seat"] is None
    # The one who came late got the whole game so far at once.
    assert result["late_first"]["events"][0]["type"] == "start_game"
    # Each in their own language: the French spectator's outcome titles are French.
    replayed = Game.replay(log)
    final = result["early"][-1]["observation"]
    public = replayed.public_observation().to_json()
    public.pop("events")
    public["seat"] = None
    assert final == public
    assert result["early"][-1]["table"]["suits"][0] == "caractères (m)"
    assert result["late"][-1]["table"]["suits"][0] == "characters (m)"
    assert result["refused"]["code"] == "spectator"


def test_a_spectator_sees_the_game_late_by_the_rooms_delay(tmp_path: Path) -> None:
    async def scenario(url: str) -> tuple[float, float]:
        (ann,), created = await _room(
            url, ["Ann"], people=1, seed=2, spectators=True, spectator_delay=1
        )
        watcher = await _connect(url, "watcher")
        await watcher.answer({"type": "spectate", "room": created["room"]})
        began = time.monotonic()
        await ann.send({"type": "start_room"})
        await ann.expect("state")
        person = time.monotonic() - began
        await watcher.expect("state")
        return person, time.monotonic() - began

    person, spectator = _served(tmp_path, scenario)
    assert spectator >= 1.0 > person


# --- garbage -------------------------------------------------------------------------------------


def test_garbage_is_refused_with_a_clear_error_and_changes_nothing(tmp_path: Path) -> None:
    async def scenario(url: str) -> dict[str, Any]:
        ann = await _connect(url, "Ann")
        room = await ann.answer({"type": "create_room", "name": "Ann", "people": 2})
        code = room["room"]
        other = await _connect(url, "Cy")
        started = await other.answer({"type": "create_room", "name": "Cy", "people": 1})
        await other.send({"type": "start_room"})
        await other.expect("state")
        bob = await _connect(url, "Bob")
        refusals = []
        cases: list[tuple[Any, str]] = [
            ({"type": "join", "room": "nope", "name": "Bob"}, "room"),
            ({"type": "join", "room": 5, "name": "Bob"}, "room"),
            ({"type": "join", "name": "Bob"}, "room"),
            ({"type": "join", "room": code, "name": ""}, "name"),
            ({"type": "join", "room": code, "name": "   "}, "name"),
            ({"type": "join", "room": code, "name": "x" * 100}, "name"),
            ({"type": "join", "room": code, "name": 5}, "name"),
            ({"type": "join", "room": code, "name": "B\u0000b"}, "name"),
            ({"type": "join", "room": code, "name": "Bob", "seat": 0}, "seat_taken"),
            ({"type": "join", "room": code, "name": "Bob", "seat": 9}, "seat"),
            ({"type": "join", "room": code, "name": "Bob", "seat": "1"}, "seat"),
            ({"type": "join", "room": started["room"], "name": "Bob"}, "started"),
            ({"type": "join", "room": code, "token": "0" * 32}, "token"),
            ({"type": "join", "room": code, "token": 5}, "token"),
            ({"type": "join", "room": code, "token": started["token"]}, "token"),
            ({"type": "spectate", "room": code}, "no_spectators"),
            ({"type": "spectate", "room": "nope"}, "room"),
            ({"type": "start_room"}, "no_room"),
            ({"type": "leave"}, "no_room"),
            ({"type": "act", "id": 0}, "no_game"),
            ({"type": "create_room", "name": "Bob", "people": "2"}, "people"),
            ({"type": "create_room", "name": "Bob", "people": 0}, "people"),
            ({"type": "create_room", "name": "Bob", "people": 5}, "people"),
            ({"type": "create_room", "name": "Bob", "spectators": "yes"}, "field"),
            ({"type": "create_room", "name": "Bob", "stand_in": 1}, "field"),
            ({"type": "create_room", "name": "Bob", "time_limit": -1}, "time_limit"),
            ({"type": "create_room", "name": "Bob", "time_limit": True}, "time_limit"),
            ({"type": "create_room", "name": "Bob", "spectator_delay": 99999}, "spectator_delay"),
            ({"type": "create_room", "name": "Bob", "variant": "chess"}, "variant"),
            ({"type": "create_room", "name": "Bob", "bots": "genius"}, "bots"),
            ({"type": "create_room", "name": "Bob", "seat": 7}, "seat"),
            ({"type": "create_room", "name": "Bob", "lang": "de"}, "lang"),
            ({"type": "create_room"}, "name"),
            ({"type": "create_room", "name": "Bob", "pad": "x" * 5000}, "too_large"),
            ({"type": "room_please"}, "type"),
            ("[1]", "shape"),
            ("{", "json"),
        ]
        for message, code_expected in cases:
            answer = await bob.answer(message)
            assert answer["type"] == "error", (message, answer)
            assert answer["code"] == code_expected and answer["message"], (message, answer)
            refusals.append(answer)
        # Nothing changed: nobody was told anything, and Bob still joins the free seat 1.
        told_ann = await ann.quiet()
        joined = await bob.answer({"type": "join", "room": code, "name": "Bob"})
        # In the room now: what a seated person may not do.
        inside = [
            ({"type": "create_room", "name": "Bob"}, "in_room"),
            ({"type": "join", "room": code, "name": "Bob"}, "in_room"),
            ({"type": "spectate", "room": started["room"]}, "in_room"),
            ({"type": "start", "variant": "riichi"}, "in_room"),
            ({"type": "start_room"}, "not_creator"),
            ({"type": "act", "id": 0}, "no_game"),
            ({"type": "hints", "on": True}, "no_game"),
            ({"type": "hints", "on": "yes"}, "field"),
        ]
        for message, code_expected in inside:
            answer = await bob.answer(message)
            assert answer["type"] == "error" and answer["code"] == code_expected, (message, answer)
        await ann.expect("room")  # Bob's joining
        assert await ann.quiet() == []
        # Started: a second start, a foreign seat, a stale state, an id not listed, hints.
        await ann.send({"type": "start_room"})
        state = await ann.expect("state")
        bob_state = await bob.expect("state")
        playing = [
            (ann, {"type": "start_room"}, "started"),
            (bob, {"type": "act", "id": 0, "seat": 0}, "foreign_seat"),
            (bob, {"type": "act", "id": 0, "seq": bob_state["seq"] + 5}, "stale"),
            (ann, {"type": "act", "id": 999, "seq": state["seq"]}, "action"),
            (ann, {"type": "act", "id": "0"}, "action"),
            (ann, {"type": "hints", "on": True}, "no_hints"),
        ]
        for client, message, code_expected in playing:
            answer = await client.answer(message)
            assert answer["type"] == "error" and answer["code"] == code_expected, (message, answer)
        # Still the same position: Ann's first action is taken.
        assert state["legal"], "Ann deals"
        moved = await ann.answer({"type": "act", "id": 0, "seq": state["seq"]})
        return {
            "refusals": refusals, "told_ann": told_ann, "joined": joined, "moved": moved,
            "state": state,
        }  # fmt: skip

    result = _served(tmp_path, scenario)
    assert result["told_ann"] == []
    joined = result["joined"]
    assert joined["type"] == "room" and joined["seat"] == 1
    assert [p["kind"] for p in joined["players"]] == ["person", "person", "bot", "bot"]
    moved = result["moved"]
    assert moved["type"] == "state" and moved["seq"] == result["state"]["seq"] + 1
    assert moved["events"][0]["type"] == "dahai" and moved["events"][0]["actor"] == 0


def test_leaving_the_lobby_frees_the_seat_and_the_creator_leaving_closes_the_room(
    tmp_path: Path,
) -> None:
    async def scenario(url: str) -> dict[str, Any]:
        (ann, bob, cy), created = await _room(url, ["Ann", "Bob", "Cy"], people=3)
        code = created["room"]
        await bob.send({"type": "leave"})
        left = await bob.expect("left")
        after_bob = [m for m in await ann.quiet() if m["type"] == "room"][-1]
        dee = await _connect(url, "Dee")
        took = await dee.answer({"type": "join", "room": code, "name": "Dee", "seat": 1})
        await ann.send({"type": "leave"})
        closed = [await client.expect("room_closed") for client in (cy, dee)]
        gone = await dee.answer({"type": "join", "room": code, "name": "Eve"})
        return {"left": left, "after_bob": after_bob, "took": took, "closed": closed,
                "gone": gone, "code": code}  # fmt: skip

    result = _served(tmp_path, scenario)
    assert result["left"] == {"type": "left", "room": result["code"], "reason": "leave"}
    assert result["after_bob"]["players"][1]["kind"] == "open"
    assert result["took"]["seat"] == 1
    assert [c["reason"] for c in result["closed"]] == ["creator_left"] * 2
    assert result["gone"]["code"] == "room"  # a closed room is no more


def test_the_bounds_of_rooms_and_connections(tmp_path: Path) -> None:
    limits = Limits(rooms=1, rooms_per_connection=1, spectators=1, message_burst=5,
                    messages_per_second=4.0)  # fmt: skip

    async def scenario(url: str) -> dict[str, Any]:
        ann = await _connect(url, "Ann")
        first = await ann.answer({"type": "create_room", "name": "Ann", "spectators": True})
        await ann.answer({"type": "leave"})
        second = await ann.answer({"type": "create_room", "name": "Ann"})
        bob = await _connect(url, "Bob")
        await bob.answer({"type": "create_room", "name": "Bob", "spectators": True})
        cy = await _connect(url, "Cy")  # the server's one room is Bob's
        too_many = await cy.answer({"type": "create_room", "name": "Cy"})
        watcher = await _connect(url, "w1")
        room_code = bob.received[0]["room"]
        watched = await watcher.answer({"type": "spectate", "room": room_code})
        crowd = await cy.answer({"type": "spectate", "room": room_code})
        # Nine pings at once: five are read at once, the other four at four a second.
        pinger = await _connect(url, "pinger")
        began = time.monotonic()
        for _ in range(9):
            await pinger.send({"type": "ping"})
        answers = [await pinger.recv() for _ in range(9)]
        return {"first": first, "second": second, "too_many": too_many, "watched": watched,
                "crowd": crowd, "answers": answers,
                "seconds": time.monotonic() - began}  # fmt: skip

    result = _served(tmp_path, scenario, limits)
    assert result["first"]["type"] == "room"
    assert result["second"]["code"] == "creates"
    assert result["too_many"]["code"] == "rooms"
    assert result["watched"]["type"] == "room"
    assert result["crowd"]["code"] == "watchers"
    assert [a["type"] for a in result["answers"]] == ["pong"] * 9
    assert result["seconds"] >= 0.9


def test_a_room_nobody_is_connected_to_closes_after_the_idle_limit(tmp_path: Path) -> None:
    limits = Limits(rooms=1, room_idle_seconds=0.3)

    async def scenario(url: str) -> dict[str, Any]:
        ann = await _connect(url, "Ann")
        room = await ann.answer({"type": "create_room", "name": "Ann", "people": 2})
        await ann.ws.close()  # the only person gone: the room waits for her a while
        await asyncio.sleep(1.0)
        back = await _connect(url, "Ann")
        late = await back.answer({"type": "join", "room": room["room"], "token": room["token"]})
        again = await back.answer({"type": "create_room", "name": "Ann"})
        return {"late": late, "again": again}

    result = _served(tmp_path, scenario, limits)
    assert result["late"]["code"] == "room"
    assert result["again"]["type"] == "room", "the server's one room is free again"


def test_hints_where_the_room_allows_them_go_to_who_asked(tmp_path: Path) -> None:
    async def scenario(url: str) -> dict[str, Any]:
        (ann, bob), _ = await _room(url, ["Ann", "Bob"], people=2, seed=3, hints=True)
        await ann.send({"type": "start_room"})
        first = await ann.expect("state")
        await bob.expect("state")
        with_hints = await ann.answer({"type": "hints", "on": True})
        told_bob = await bob.quiet()
        return {"first": first, "with_hints": with_hints, "told_bob": told_bob}

    result = _served(tmp_path, scenario)
    first, with_hints = result["first"], result["with_hints"]
    assert "hints" not in first and first["legal"]
    assert with_hints["type"] == "state" and with_hints["hints"]["discards"]
    assert with_hints["events"] == [] and with_hints["seq"] == first["seq"] + 1
    assert result["told_bob"] == []
