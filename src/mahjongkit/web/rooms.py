"""Rooms: friends take seats at one table, bots fill the rest, others watch.

A person creates a room (its family, preset, options, how many seats people may take, the bots'
strength, and what it allows: spectators, a time per decision, a bot standing in for someone who
dropped) and gets an unguessable code to invite others with; each joins with a name and a free
seat, and the creator starts the game when ready, bots taking the empty seats. The game is the
web table's own (:mod:`mahjongkit.web.table`): held by one worker, played by the engine, the bots
answering through the one session loop (:func:`mahjongkit.bots.session.run_until`), stored in
the records as it is played. Each person receives only their own seat's observation, in their
own language; a spectator receives the public one (:meth:`Game.public_observation`: no
concealed tile, no wall), optionally late by a set delay.

A claim window waits for every person who may claim, and the engine resolves it by the rules'
priority once all have answered, exactly as with bots. With a time limit, a person who has not
decided in time is played the safe default (a pass, or the discard of the drawn tile). A seat
token is the only key to a seat: a person who drops comes back to the same seat with it (a bot
plays for them meanwhile if the room says so). The messages are described in
``docs/protocol.md``.

The event loop's side (:class:`Rooms`, :class:`Room`) keeps who sits where, the connections, the
timers and the spectators' delays; every step of a game is played in its worker by the functions
at the end of this module.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import secrets
import sqlite3
import unicodedata
from collections.abc import Collection
from pathlib import Path
from typing import Any, Protocol

from mahjongkit.bots import make_bot
from mahjongkit.bots.mjai_host import safe_default
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import PUBLIC
from mahjongkit.records import RecordsError, Seat, resume
from mahjongkit.valueclass import dataclass, field
from mahjongkit.web.replay import seat_key
from mahjongkit.web.table import (
    SURFACE,
    Desk,
    Held,
    Limits,
    Refusal,
    Seating,
    Tables,
    View,
    as_text,
    game_settings,
    new_game,
    play_act,
    refuse,
    short,
)
from mahjongkit.web.workers import WorkerLost

__all__ = ["ROOM_MESSAGES", "Peer", "Room", "RoomStore", "Rooms", "Update"]

ROOM_MESSAGES = ("create_room", "join", "look", "spectate", "start_room", "leave")
"""The message types of rooms (besides the table's ``act``, ``hints`` and ``ping``)."""

TIME_LIMITS = (1, 3600)
"""The shortest and longest time for one decision a room may set, in seconds."""
DELAYS = (0, 3600)
"""The shortest and longest delay of the spectators' view, in seconds."""
CODE_BYTES = 12
"""A room code's randomness: 96 bits, written in 16 URL-safe characters."""


# --- the event loop's side ----------------------------------------------------------------------


class Peer(Protocol):
    """What a room asks of a connection (:class:`mahjongkit.web.connection.Peer`)."""

    lang: str
    room: Room | None
    seat: int | None
    rooms_created: int

    def send(self, text: str) -> None:
        """Queue a message for the connection."""

    def feed(self, text: str, delay: float) -> None:
        """Queue a spectator's game message ``delay`` seconds from now."""

    def enter_room(self, room: Room, seat: int | None) -> None:
        """Take a place in ``room`` (``seat`` None: watching)."""

    def leave_room(self) -> None:
        """No longer in a room."""


@dataclass
class Member:
    """A person in a room: the name shown, the seat's token (None in a room opened again after
    a restart, until its person comes back with it) and its digest, the language, the
    connection."""

    name: str
    token: str | None
    lang: str
    key: str
    peer: Peer | None = None


@dataclass(frozen=True, slots=True)
class Timer:
    """A person's clock for one decision: the decision (the length of the log when it began),
    when its time is up (the event loop's clock), and the task that then plays the safe
    default."""

    began: int
    ends: float
    task: asyncio.Task[None]

    def left(self) -> float:
        """The seconds left to decide (0 once the time is up)."""
        return max(0.0, self.ends - asyncio.get_running_loop().time())


@dataclass
class Room:
    """One room: its settings, who sits where, who watches, and the game once started."""

    code: str
    game: dict[str, Any]
    """The game's settings as a ``start`` message (checked when the room was created)."""
    players: int
    people: int
    creator: int
    spectators: bool
    time_limit: float | None
    stand_in: bool
    delay: float
    hints: bool
    seats: list[Member | None]
    watchers: set[Peer] = field(default_factory=set)
    held: Held | None = None
    over: bool = False
    closed: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timers: dict[int, Timer] = field(default_factory=dict)
    idle: asyncio.Task[None] | None = None

    @property
    def started(self) -> bool:
        """Whether the game has begun."""
        return self.held is not None

    def person_count(self) -> int:
        """Seats taken by people."""
        return sum(1 for member in self.seats if member is not None)

    def message(self, seat: int | None, token: str | None = None) -> dict[str, Any]:
        """The ``room`` message for the person at ``seat`` (None: a spectator); ``token`` only
        in the answer to its owner's create or join."""
        open_seats = not self.started and self.person_count() < self.people
        players = []
        for index, member in enumerate(self.seats):
            kind = "person" if member is not None else "open" if open_seats else "bot"
            players.append(
                {
                    "seat": index,
                    "name": member.name if member is not None else None,
                    "kind": kind,
                    "connected": member is not None and member.peer is not None,
                    "creator": index == self.creator,
                }
            )
        out: dict[str, Any] = {
            "type": "room",
            "room": self.code,
            "seat": seat,
            "players": players,
            "creator": self.creator,
            "variant": self.game["variant"],
            "rules": self.game.get("rules"),
            "options": self.game.get("options", {}),
            "bots": self.game["bots"],
            "people": self.people,
            "spectators": self.spectators,
            "watching": len(self.watchers),
            "time_limit": self.time_limit,
            "stand_in": self.stand_in,
            "spectator_delay": self.delay,
            "hints": self.hints,
            "started": self.started,
            "over": self.over,
            "game": self.held.record_id if self.held is not None else None,
        }
        if token is not None:
            out["token"] = token
        return out

    def peers(self) -> list[Peer]:
        """Every connection in the room: the people's and the spectators'."""
        people = [m.peer for m in self.seats if m is not None and m.peer is not None]
        return [*people, *self.watchers]


@dataclass(frozen=True, slots=True)
class Update:
    """What one step of a room's game changed: the messages for each person's seat, those for
    the spectators by language, the people now asked to decide (seat: the length of the log
    when their decision began, which names it for the time limit), and whether the game is
    over."""

    seats: dict[int, list[str]]
    public: dict[str, list[str]]
    asked: dict[int, int]
    over: bool


class RoomStore:
    """The open rooms, kept on disk so that a restarted server opens them again: each room's
    settings, who sits where (names, languages and the digests of the seats' tokens, never the
    tokens), and its game's record id once started (the game itself is in the records, stored
    as it is played).

    A file of its own beside the records (``records.rooms.sqlite3``), as the table's token
    secret is: the records' schema is the library's, shared by every surface, while a room's
    lobby is the web table's own state, and gone once the room closes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with self._connect() as db:
            db.execute("CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, room TEXT)")

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=10)

    def save(self, code: str, room: dict[str, Any]) -> None:
        """Keep (or replace) a room."""
        with contextlib.closing(self._connect()) as db, db:
            db.execute("INSERT OR REPLACE INTO rooms VALUES (?, ?)", (code, json.dumps(room)))

    def drop(self, code: str) -> None:
        """Forget a room (closed, or its game over)."""
        with contextlib.closing(self._connect()) as db, db:
            db.execute("DELETE FROM rooms WHERE code = ?", (code,))

    def load(self) -> list[dict[str, Any]]:
        """Every room kept (a row that is not a room's JSON object is skipped)."""
        with contextlib.closing(self._connect()) as db:
            rows = db.execute("SELECT room FROM rooms").fetchall()
        out = []
        for (text,) in rows:
            with contextlib.suppress(ValueError, TypeError):
                room = json.loads(text)
                if isinstance(room, dict):
                    out.append(room)
        return out


class Rooms:
    """Every room of the server, by code (in memory, and kept on disk by a
    :class:`RoomStore` so that a restart opens them again)."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.limits: Limits = tables.limits
        self.rooms: dict[str, Room] = {}
        path = Path(tables.path)
        self.store = RoomStore(path.with_name(path.stem + ".rooms.sqlite3"))

    # --- kept on disk ------------------------------------------------------------------------

    def _keep(self, room: Room) -> None:
        """The room as it is now, on disk (a room whose game is over is not opened again)."""
        if room.closed or room.over:
            self.store.drop(room.code)
            return
        seats = [
            None if m is None else {"name": m.name, "lang": m.lang, "key": m.key}
            for m in room.seats
        ]
        kept = {
            "code": room.code,
            "game": room.game,
            "players": room.players,
            "people": room.people,
            "creator": room.creator,
            "spectators": room.spectators,
            "time_limit": room.time_limit,
            "stand_in": room.stand_in,
            "delay": room.delay,
            "hints": room.hints,
            "seats": seats,
            "record": room.held.record_id if room.held is not None else None,
        }
        self.store.save(room.code, kept)

    async def restore(self) -> int:
        """Open again the rooms kept on disk (after a restart): a lobby as it was, a started
        game taken back from its record, its people away until they come back with their
        tokens. A room that cannot be opened again (its game over, or its record unreadable)
        is forgotten. The number of rooms opened again."""
        opened = 0
        for kept in self.store.load():
            try:
                room = _room_of(kept)
            except (KeyError, TypeError, ValueError):
                self.store.drop(str(kept.get("code")))
                continue
            record = kept.get("record")
            if record is not None:
                people = {
                    seat: {"lang": m.lang, "key": m.key}
                    for seat, m in enumerate(room.seats)
                    if m is not None
                }
                setup = {
                    "record": record,
                    "room": room.code,
                    "people": people,
                    "stand_in": room.stand_in,
                    "time_limit": room.time_limit,
                }
                try:
                    room.held, _ = await self.tables.open("en", _reopen, setup)
                except (Refusal, WorkerLost):
                    self.store.drop(room.code)
                    continue
            self.rooms[room.code] = room
            self._watch_idle(room)
            opened += 1
        return opened

    # --- the messages ----------------------------------------------------------------------

    async def handle(self, peer: Peer, message: dict[str, Any]) -> None:
        """One room message (its type is one of :data:`ROOM_MESSAGES`)."""
        kind = message["type"]
        if kind == "create_room":
            await self.create(peer, message)
        elif kind == "join":
            await self.join(peer, message)
        elif kind == "look":
            self.look(peer, message)
        elif kind == "spectate":
            await self.spectate(peer, message)
        elif kind == "start_room":
            await self.start(peer)
        else:
            await self.leave(peer)

    async def create(self, peer: Peer, message: dict[str, Any]) -> None:
        """``create_room``: a room in its lobby, the creator in their seat."""
        lang = peer.lang
        if peer.room is not None:
            raise refuse("in_room", lang, room=peer.room.code)
        if peer.rooms_created >= self.limits.rooms_per_connection:
            raise refuse("creates", lang, limit=self.limits.rooms_per_connection)
        if len(self.rooms) >= self.limits.rooms:
            raise refuse("rooms", lang, limit=self.limits.rooms)
        game = {key: message[key] for key in _GAME_FIELDS if key in message}
        game["bots"] = message.get("bots", "efficient")
        settings = game_settings(game, lang, self.limits)
        game["variant"] = settings.variant
        game["rules"] = settings.preset
        game["seed"] = settings.seed
        name = self._name(message, lang)
        players = settings.players
        people = message.get("people", players)
        if type(people) is not int or not 1 <= people <= players:
            raise refuse("people", lang, value=short(people), players=players)
        seat = message.get("seat", 0)
        if type(seat) is not int or not 0 <= seat < players:
            raise refuse("seat", lang, value=short(seat), players=players)
        flags = {}
        for flag, default in (("spectators", False), ("stand_in", True), ("hints", False)):
            value = message.get(flag, default)
            if type(value) is not bool:
                raise refuse("field", lang, field=flag, expected="true/false")
            flags[flag] = value
        time_limit = _seconds(message, "time_limit", TIME_LIMITS, lang)
        delay = _seconds(message, "spectator_delay", DELAYS, lang) or 0.0
        code = secrets.token_urlsafe(CODE_BYTES)
        while code in self.rooms:  # pragma: no cover - 96 bits
            code = secrets.token_urlsafe(CODE_BYTES)
        room = Room(
            code=code,
            game=game,
            players=players,
            people=people,
            creator=seat,
            spectators=flags["spectators"],
            time_limit=time_limit,
            stand_in=flags["stand_in"],
            delay=delay,
            hints=flags["hints"],
            seats=[None] * players,
        )
        token = secrets.token_hex(16)
        room.seats[seat] = Member(name, token, lang, seat_key(token), peer)
        self.rooms[code] = room
        self._keep(room)
        peer.rooms_created += 1
        peer.enter_room(room, seat)
        peer.send(as_text(room.message(seat, token)))

    async def join(self, peer: Peer, message: dict[str, Any]) -> None:
        """``join``: a free seat by the room's code and a name, or one's own seat again by its
        token."""
        lang = peer.lang
        if peer.room is not None:
            raise refuse("in_room", lang, room=peer.room.code)
        room = self._room(message, lang)
        if "token" in message:
            await self._rejoin(peer, room, message.get("token"), lang)
            return
        if room.started:
            raise refuse("started", lang, room=room.code)
        name = self._name(message, lang)
        free = [s for s, member in enumerate(room.seats) if member is None]
        seat = message.get("seat")
        if seat is not None and (type(seat) is not int or not 0 <= seat < room.players):
            raise refuse("seat", lang, value=short(seat), players=room.players)
        if room.person_count() >= room.people:
            raise refuse("room_full", lang, room=room.code, people=room.people)
        if seat is None:
            seat = free[0]
        elif seat not in free:
            raise refuse("seat_taken", lang, seat=seat)
        token = secrets.token_hex(16)
        room.seats[seat] = Member(name, token, lang, seat_key(token), peer)
        self._keep(room)
        peer.enter_room(room, seat)
        peer.send(as_text(room.message(seat, token)))
        self._tell(room, skip=peer)
        self._watch_idle(room)

    async def _rejoin(self, peer: Peer, room: Room, token: Any, lang: str) -> None:
        seat = _seat_of(room, token)
        if seat is None:
            raise refuse("token", lang)
        member = room.seats[seat]
        assert member is not None and isinstance(token, str)
        previous = member.peer
        member.peer = peer
        member.lang = lang
        member.token = token  # known again after a restart (the store keeps only its digest)
        if previous is not None and previous is not peer:
            # The same person on a new connection (a reloaded page): the old one is let go.
            previous.leave_room()
            previous.send(as_text({"type": "left", "room": room.code, "reason": "elsewhere"}))
        peer.enter_room(room, seat)
        peer.send(as_text(room.message(seat, member.token)))
        self._tell(room, skip=peer)
        self._watch_idle(room)
        if room.held is not None:
            await self._step(room, _presence, seat, True, room.stand_in, lang, token)

    def look(self, peer: Peer, message: dict[str, Any]) -> None:
        """``look``: the room as it is now, for the page an invitation opens (who sits where,
        which seats are free, whether it may be watched), without entering it."""
        room = self._room(message, peer.lang)
        peer.send(as_text({**room.message(None), "type": "lobby"}))

    async def spectate(self, peer: Peer, message: dict[str, Any]) -> None:
        """``spectate``: watch a room whose creator allows it, seeing the public view only."""
        lang = peer.lang
        if peer.room is not None:
            raise refuse("in_room", lang, room=peer.room.code)
        room = self._room(message, lang)
        if not room.spectators:
            raise refuse("no_spectators", lang, room=room.code)
        if len(room.watchers) >= self.limits.spectators:
            raise refuse("watchers", lang, limit=self.limits.spectators)
        room.watchers.add(peer)
        peer.enter_room(room, None)
        peer.send(as_text(room.message(None)))
        async with room.lock:
            texts = [] if room.held is None else await self.tables.run(room.held, _watch, lang)
        for text in texts:
            peer.feed(text, room.delay)
        self._tell(room, skip=peer)
        self._watch_idle(room)

    async def start(self, peer: Peer) -> None:
        """``start_room``: the creator starts the game; bots take the empty seats."""
        room = peer.room
        lang = peer.lang
        if room is None:
            raise refuse("no_room", lang)
        if peer.seat != room.creator:
            raise refuse("not_creator", lang)
        if room.started:
            raise refuse("started", lang, room=room.code)
        people = {
            seat: {
                "name": member.name,
                "lang": member.lang,
                "token": member.token or "",
                "key": member.key,
                "present": member.peer is not None,
            }
            for seat, member in enumerate(room.seats)
            if member is not None
        }
        setup = {
            "game": room.game,
            "room": room.code,
            "people": people,
            "stand_in": room.stand_in,
            "time_limit": room.time_limit,
            "watching": sorted({w.lang for w in room.watchers}),
        }
        async with room.lock:
            if room.started:  # pragma: no cover - the creator's own messages are in order
                raise refuse("started", lang, room=room.code)
            held, update = await self.tables.open(lang, _open, setup)
            room.held = held
            self._keep(room)
            self._tell(room)
            self._deliver(room, update)

    async def leave(self, peer: Peer) -> None:
        """``leave``: out of the room (a person keeps their seat in a started game: the token
        brings them back; in the lobby the seat is free again, and the creator closes the
        room)."""
        room = peer.room
        if room is None:
            raise refuse("no_room", peer.lang)
        await self._part(peer, room, deliberate=True)
        peer.send(as_text({"type": "left", "room": room.code, "reason": "leave"}))

    async def disconnect(self, peer: Peer, stopping: bool = False) -> None:
        """The connection ended: its seat waits for its token (a bot stands in if the room
        says so); a spectator is gone. ``stopping``: the server is stopping, the room is kept
        on disk as it is (nothing is played, no stand-in) to be opened again."""
        room = peer.room
        if room is None:
            return
        if stopping:
            peer.leave_room()
            room.watchers.discard(peer)
            for member in room.seats:
                if member is not None and member.peer is peer:
                    member.peer = None
            return
        await self._part(peer, room, deliberate=False)

    async def act(self, peer: Peer, message: dict[str, Any]) -> None:
        """The person's ``act`` in the room's game."""
        room, seat = self._seated(peer)
        if room.over:
            raise refuse("over", peer.lang)
        await self._step(room, _act, seat, message, peer.lang)

    async def hints(self, peer: Peer, on: bool) -> None:
        """Hints switched on or off for the person (where the room allows them)."""
        room, seat = self._seated(peer)
        if not room.hints:
            raise refuse("no_hints", peer.lang)
        await self._step(room, _hints, seat, on, peer.lang)

    # --- the room's life ---------------------------------------------------------------------

    def _seated(self, peer: Peer) -> tuple[Room, int]:
        room = peer.room
        assert room is not None
        if peer.seat is None:
            raise refuse("spectator", peer.lang)
        if room.held is None:
            raise refuse("no_game", peer.lang)
        return room, peer.seat

    async def _part(self, peer: Peer, room: Room, deliberate: bool) -> None:
        seat = peer.seat
        peer.leave_room()
        if seat is None:
            room.watchers.discard(peer)
        else:
            member = room.seats[seat]
            if member is not None and member.peer is peer:
                member.peer = None
                if room.held is not None and not room.over:
                    await self._step(room, _presence, seat, False, room.stand_in, peer.lang)
                elif deliberate and room.held is None:
                    if seat == room.creator:
                        await self._close(room, "creator_left")
                        return
                    room.seats[seat] = None  # a free seat again
                    self._keep(room)
        self._tell(room)
        self._watch_idle(room)

    def _watch_idle(self, room: Room) -> None:
        """A room nobody is connected to closes after the idle limit (or at once once its game
        is over); anyone coming back cancels that."""
        if room.closed or room.peers():
            if room.idle is not None:
                room.idle.cancel()
                room.idle = None
            return
        if room.idle is None:
            wait = 0.0 if room.over else self.limits.room_idle_seconds
            room.idle = asyncio.create_task(self._close_later(room, wait))

    async def _close_later(self, room: Room, wait: float) -> None:
        await asyncio.sleep(wait)
        room.idle = None
        if not room.peers():
            await self._close(room, "idle")

    async def _close(self, room: Room, reason: str) -> None:
        if room.closed:
            return
        room.closed = True
        self.rooms.pop(room.code, None)
        self.store.drop(room.code)
        for timer in room.timers.values():
            timer.task.cancel()
        room.timers.clear()
        for peer in room.peers():
            peer.leave_room()
            peer.send(as_text({"type": "room_closed", "room": room.code, "reason": reason}))
        held, room.held = room.held, None
        async with room.lock:
            await self.tables.release(held)

    async def _step(self, room: Room, operation: Any, *args: Any) -> None:
        """One step of the room's game in its worker (one at a time), then its messages. A
        game its worker no longer holds (the worker ended) closes the room: the game is in the
        records."""
        async with room.lock:
            if room.held is None:  # closed meanwhile
                raise refuse("no_game", "en")
            try:
                update = await self.tables.run(room.held, operation, *args)
            except WorkerLost:
                lost = refuse("lost", "en")
            except Refusal as refusal:
                if refusal.code != "lost":
                    raise
                lost = refusal
            else:
                self._deliver(room, update)
                return
        await self._close(room, "lost")
        raise lost

    def _deliver(self, room: Room, update: Update) -> None:
        # The clocks first: a state that asks carries the seconds its timer has left.
        self._time(room, {} if update.over else update.asked)
        for seat, texts in update.seats.items():
            member = room.seats[seat]
            if member is not None and member.peer is not None:
                timer = room.timers.get(seat)
                for text in texts:
                    member.peer.send(text if timer is None else _with_seconds_left(text, timer))
        for watcher in room.watchers:
            for text in update.public.get(watcher.lang, ()):
                watcher.feed(text, room.delay)
        if update.over and not room.over:
            room.over = True
            self.store.drop(room.code)

    def _time(self, room: Room, asked: dict[int, int]) -> None:
        """A timer for each person asked to decide, when the room has a time limit."""
        for seat in list(room.timers):
            timer = room.timers[seat]
            if asked.get(seat) != timer.began:
                if timer.task is not asyncio.current_task():  # not the default being played
                    timer.task.cancel()
                del room.timers[seat]
        if room.time_limit is None:
            return
        now = asyncio.get_running_loop().time()
        for seat, began in asked.items():
            if seat not in room.timers:
                task = asyncio.create_task(self._expire(room, seat, began, room.time_limit))
                room.timers[seat] = Timer(began, now + room.time_limit, task)

    async def _expire(self, room: Room, seat: int, began: int, seconds: float) -> None:
        # The timer stays, its time up, until the default's step ends the decision: a state
        # sent meanwhile says no time is left, and no second timer starts for the decision.
        await asyncio.sleep(seconds)
        with contextlib.suppress(Refusal):
            await self._step(room, _default, seat, began)

    def _tell(self, room: Room, skip: Peer | None = None) -> None:
        """The room as it is now, to everyone in it (each with their own seat)."""
        for peer in room.peers():
            if peer is not skip:
                peer.send(as_text(room.message(peer.seat)))

    # --- checks ------------------------------------------------------------------------------

    def _room(self, message: dict[str, Any], lang: str) -> Room:
        code = message.get("room")
        room = self.rooms.get(code) if isinstance(code, str) else None
        if room is None:
            raise refuse("room", lang, room=short(code))
        return room

    def _name(self, message: dict[str, Any], lang: str) -> str:
        name = message.get("name")
        limit = self.limits.name_chars
        if isinstance(name, str):
            name = " ".join(name.split())
        if (
            not isinstance(name, str)
            or not 1 <= len(name) <= limit
            or any(unicodedata.category(c).startswith("C") for c in name)
        ):
            raise refuse("name", lang, limit=limit)
        return name


_GAME_FIELDS = ("variant", "rules", "options", "seed", "max_rounds")


def _seconds(
    message: dict[str, Any], name: str, bounds: tuple[int, int], lang: str
) -> float | None:
    value = message.get(name)
    if value is None:
        return None
    low, high = bounds
    if type(value) not in (int, float) or not low <= value <= high:
        raise refuse(name, lang, value=short(value), low=low, high=high)
    return float(value)


def _with_seconds_left(text: str, timer: Timer) -> str:
    """A person's message as sent: a state that asks a decision (it carries the room's
    ``time_limit``) with ``seconds_left``, what the decision's timer has left, so that a page
    loaded again mid-decision counts from the server's clock, not from the full limit."""
    if not text.startswith('{"type":"state"'):
        return text
    message = json.loads(text)
    if "time_limit" not in message:
        return text
    message["seconds_left"] = round(timer.left(), 3)
    return as_text(message)


def _seat_of(room: Room, token: Any) -> int | None:
    """The seat a token opens (its digest compared in constant time), or None."""
    if not isinstance(token, str):
        return None
    given = seat_key(token[:64]).encode()
    found = None
    for seat, member in enumerate(room.seats):
        if member is not None and hmac.compare_digest(given, member.key.encode()):
            found = seat
    return found


def _room_of(kept: dict[str, Any]) -> Room:
    """A room kept on disk, as it was (nobody connected)."""
    seats = [
        None if s is None else Member(str(s["name"]), None, str(s["lang"]), str(s["key"]))
        for s in kept["seats"]
    ]
    time_limit = kept["time_limit"]
    return Room(
        code=str(kept["code"]),
        game=dict(kept["game"]),
        players=int(kept["players"]),
        people=int(kept["people"]),
        creator=int(kept["creator"]),
        spectators=bool(kept["spectators"]),
        time_limit=None if time_limit is None else float(time_limit),
        stand_in=bool(kept["stand_in"]),
        delay=float(kept["delay"]),
        hints=bool(kept["hints"]),
        seats=seats,
    )


# --- the worker's side: a room's game -----------------------------------------------------------


def _open(desk: Desk, hold: int, setup: dict[str, Any]) -> tuple[int, Update]:
    """Start the room's game in this worker: its record, the people's seats, the bots; the
    first messages."""
    game_message = setup["game"]
    settings = game_settings(game_message, "en", desk.limits)
    people = {int(seat): person for seat, person in setup["people"].items()}
    bot = settings.bot
    names = [
        people[seat]["name"] if seat in people else f"bot-{bot}-{seat}"
        for seat in range(settings.players)
    ]
    game = new_game(settings, names)
    game.start()
    stored = [
        Seat(name, None, people[s]["key"]) if s in people else Seat(name, bot)
        for s, name in enumerate(names)
    ]
    record_id = desk.records().create_game(game, stored, surface=SURFACE)
    views = {
        seat: View(seat, person["lang"], person["token"], present=person["present"])
        for seat, person in people.items()
    }
    seating = _seated(desk, hold, setup, game, record_id, bot, settings.seed, views)
    return record_id, _played(desk, seating, views)


def _reopen(desk: Desk, hold: int, setup: dict[str, Any]) -> tuple[int, None]:
    """A started room's game taken back from its record after a restart: held in this worker,
    its people away (stand-ins where the room has them), nothing played until one comes
    back. A finished or unreadable record is refused."""
    record_id = setup["record"]
    try:
        stored = desk.records().load(record_id)
        if stored.finished:
            raise refuse("finished", "en", game=record_id)
        game = resume(stored)
    except RecordsError as error:
        raise refuse("records", "en") from error
    people = {int(seat): person for seat, person in setup["people"].items()}
    bot = next((s.bot for s in stored.seats if s.bot is not None), None) or "efficient"
    seed = stored.seed + len(stored.events)
    views = {seat: View(seat, person["lang"], "", present=False) for seat, person in people.items()}
    _seated(desk, hold, setup, game, record_id, bot, seed, views)
    return record_id, None


def _seated(
    desk: Desk,
    hold: int,
    setup: dict[str, Any],
    game: Game,
    record_id: int,
    bot: str,
    seed: int,
    views: dict[int, View],
) -> Seating:
    """A room's game held in this worker (opened or reopened): the people's ``views``, a bot
    (seeded from ``seed``) at every other seat and at a person's who is away where the room
    has stand-ins, and a public view for each language the spectators read."""
    bots = [
        None
        if seat in views and (views[seat].present or not setup["stand_in"])
        else make_bot(bot, seed + seat, game.flow.rules)
        for seat in range(game.players)
    ]
    seating = Seating(
        game=game,
        bot_name=bot,
        record_id=record_id,
        views=views,
        bots=bots,
        room=setup["room"],
        time_limit=setup["time_limit"],
        publics={lang: View(PUBLIC, lang, "") for lang in setup.get("watching", ())},
    )
    desk.held[record_id] = (hold, seating)
    return seating


def _act(desk: Desk, hold: int, record_id: int, seat: int, message: Any, lang: str) -> Update:
    seating = desk.seating(hold, record_id, lang)
    view = seating.views[seat]
    view.lang = lang
    play_act(seating, view, message, lang)
    return _played(desk, seating, (seat,))


def _default(desk: Desk, hold: int, record_id: int, seat: int, began: int) -> Update:
    """The safe default for a person whose time is up (if that decision is still theirs)."""
    seating = desk.seating(hold, record_id, "en")
    view = seating.views[seat]
    game = seating.game
    legal = game.legal_actions(seat)
    if game.over or not legal or view.asked_at != began:
        return _collect(seating, ())
    game.apply(safe_default(game, seat, legal))
    view.asked_at = None
    return _played(desk, seating, (seat,) if view.present else ())


def _presence(
    desk: Desk,
    hold: int,
    record_id: int,
    seat: int,
    present: bool,
    stand_in: bool,
    lang: str,
    token: str | None = None,
) -> Update:
    """A person gone (a bot stands in if the room says so) or back with their ``token``
    (their whole view is sent again)."""
    seating = desk.seating(hold, record_id, lang)
    view = seating.views[seat]
    view.present = present
    game = seating.game
    if present:
        view.lang = lang
        if token is not None:
            view.token = token
        view.sent = 0  # the whole game again, as after a reload
        view.told_over = False
        seating.bots[seat] = None
        return _played(desk, seating, (seat,))
    if stand_in:
        seed = game.seed + seat + len(game.log)
        seating.bots[seat] = make_bot(seating.bot_name, seed, game.flow.rules)
    return _played(desk, seating, ())


def _hints(desk: Desk, hold: int, record_id: int, seat: int, on: bool, lang: str) -> Update:
    seating = desk.seating(hold, record_id, lang)
    view = seating.views[seat]
    view.lang = lang
    view.hints = on
    return _collect(seating, (seat,))


def _watch(desk: Desk, hold: int, record_id: int, lang: str) -> list[str]:
    """The public view from the start, in ``lang``, for a spectator who arrives."""
    seating = desk.seating(hold, record_id, lang)
    view = seating.publics.get(lang)
    if view is None:
        view = seating.publics[lang] = View(PUBLIC, lang, "")
        texts = [as_text(seating.state(view))]
    else:
        texts = [as_text(seating.state(view, again=True))]
    if seating.game.over:
        texts.append(as_text(seating.game_over(view)))
    return texts


def _played(desk: Desk, seating: Seating, forced: Collection[int]) -> Update:
    """Let the bots play until a person must decide, store the new events; the messages."""
    seating.play_bots()
    seating.save(desk.records())
    return _collect(seating, forced)


def _collect(seating: Seating, forced: Collection[int]) -> Update:
    """A state for each present person who can see something new (or is ``forced``), the
    public state for each spectators' language, and who is asked to decide."""
    game = seating.game
    seats: dict[int, list[str]] = {}
    asked: dict[int, int] = {}
    for seat, view in seating.views.items():
        legal = game.legal_actions(seat)
        if legal:
            if view.asked_at is None:
                view.asked_at = len(game.log)
            asked[seat] = view.asked_at
        else:
            view.asked_at = None
        if not view.present:
            continue
        texts = []
        if seat in forced or len(game.visible_log(seat)) != view.sent or legal != view.legal:
            texts.append(as_text(seating.state(view)))
        if game.over and not view.told_over:
            texts.append(as_text(seating.game_over(view)))
        if texts:
            seats[seat] = texts
    public: dict[str, list[str]] = {}
    seen = len(game.visible_log(PUBLIC)) if seating.publics else 0
    for lang, view in seating.publics.items():
        texts = []
        if seen != view.sent:
            texts.append(as_text(seating.state(view)))
        if game.over and not view.told_over:
            texts.append(as_text(seating.game_over(view)))
        if texts:
            public[lang] = texts
    return Update(seats, public, asked, game.over)
