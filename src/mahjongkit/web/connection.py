"""The ``/ws/play`` connection: one loop reads a person's messages and answers them, for a game
against bots (:mod:`mahjongkit.web.table`) or in a room (:mod:`mahjongkit.web.rooms`).

Everything a connection is sent goes through its queue, written by a task of its own: a room
sends to the other people and spectators as well as to the one who spoke, in order, and a
connection that does not read its messages is closed rather than let its queue grow: at once,
its reading loop let go too, so that a person's seat in a room goes to its stand-in instead of
waiting for someone who no longer reads. A
spectator's game messages wait out the room's delay there. Each connection is read at a bounded
pace (a burst, then a steady rate of messages a second): one that sends faster waits.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from mahjongkit.web.lessons import SITE_LANGUAGES
from mahjongkit.web.rooms import ROOM_MESSAGES, Room, Rooms
from mahjongkit.web.table import Held, Limits, Refusal, Tables, as_text, refuse, short
from mahjongkit.web.workers import WorkerLost

__all__ = ["Peer", "play_router", "serve_connection"]

SERVER_STOPPING = 1012
"""The close code of a connection the server ends because it is stopping (a restart)."""
_KNOWN = ", ".join(("start", "resume", "act", "hints", "ping", *ROOM_MESSAGES))
_ENTERING = ("start", "resume", "create_room", "join", "spectate")
"""The messages that may name the connection's language (a wrong one is refused)."""


class Peer:
    """One connection: its language, what it holds (a game against bots, or a place in a
    room), its message budget and the queue of what it is sent."""

    def __init__(self, websocket: WebSocket, limits: Limits) -> None:
        self.websocket = websocket
        self.limits = limits
        lang = websocket.query_params.get("lang", "en")
        self.lang = lang if lang in SITE_LANGUAGES else "en"
        self.held: Held | None = None
        """The game against bots this connection plays."""
        self.games = 0
        self.rooms_created = 0
        self.room: Room | None = None
        self.seat: int | None = None
        """The person's seat in :attr:`room` (None: watching it)."""
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._late: deque[tuple[float, str]] = deque()
        self._late_task: asyncio.Task[None] | None = None
        self._writer: asyncio.Task[None] | None = None
        self._budget = float(limits.message_burst)
        self._budget_at = time.monotonic()
        self.dropped = False
        """Whether the connection fell too far behind its messages and is being closed."""
        self.gone = asyncio.Event()
        """Set when the connection is dropped: its reading loop stops waiting for it at once
        (a person's seat goes to a stand-in instead of waiting for a reader that is stuck)."""

    def start(self) -> None:
        """Start writing the queue out."""
        self._writer = asyncio.create_task(self._write())

    def send(self, text: str) -> None:
        """Queue ``text`` (sent in order); a connection too far behind is closed."""
        if self.dropped:
            return
        if self._queue.qsize() >= self.limits.outbox:
            self._drop()
            return
        self._queue.put_nowait(text)

    def _drop(self) -> None:
        self.dropped = True
        self._queue.put_nowait(None)
        self.gone.set()

    def feed(self, text: str, delay: float) -> None:
        """Queue a spectator's game message ``delay`` seconds from now."""
        if delay <= 0:
            self.send(text)
            return
        if len(self._late) >= self.limits.outbox:
            self._drop()
            return
        self._late.append((time.monotonic() + delay, text))
        if self._late_task is None:
            self._late_task = asyncio.create_task(self._release_late())

    async def _release_late(self) -> None:
        while self._late:
            due, text = self._late[0]
            wait = due - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            self._late.popleft()
            self.send(text)
        self._late_task = None

    async def _write(self) -> None:
        try:
            while True:
                text = await self._queue.get()
                if text is None:
                    if self.dropped:
                        await self.websocket.close(code=1008)
                    return
                await self.websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            # Gone: the reading loop sees it too and lets everything go.
            self.dropped = True

    async def pace(self) -> None:
        """Wait until one more message is within the connection's budget, and count it: a
        burst, then a steady rate. A client that waits for each answer never notices; one
        that floods is read no faster (the rest waits in its socket)."""
        now = time.monotonic()
        rate = self.limits.messages_per_second
        burst = float(self.limits.message_burst)
        self._budget = min(burst, self._budget + (now - self._budget_at) * rate)
        self._budget_at = now
        if self._budget < 1:
            await asyncio.sleep((1 - self._budget) / rate)
            self._budget = 1.0
            self._budget_at = time.monotonic()
        self._budget -= 1

    def enter_room(self, room: Room, seat: int | None) -> None:
        """Take a place in ``room`` (the game against bots it held is let go)."""
        self.room = room
        self.seat = seat

    def leave_room(self) -> None:
        """No longer in a room."""
        self.room = None
        self.seat = None

    async def close(self) -> None:
        """Send what is queued (unless the connection is gone) and stop writing."""
        if self._late_task is not None:
            self._late_task.cancel()
        if self._writer is not None:
            self._queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._writer, 5)


async def serve_connection(websocket: WebSocket, tables: Tables, rooms: Rooms) -> None:
    """Read messages until the connection ends; answer each (or refuse it with an error)."""
    await websocket.accept()
    limits = tables.limits
    peer = Peer(websocket, limits)
    peer.start()
    stopping = False
    try:
        while not peer.dropped:
            try:
                frame = await _next_frame(websocket, peer, limits.idle_seconds)
            except TimeoutError:
                peer.send(_error(refuse("idle", peer.lang, seconds=int(limits.idle_seconds))))
                return
            if frame is None:
                return
            if frame["type"] == "websocket.disconnect":
                # 1012: the server itself is stopping (a restart): a room's seat is left as it
                # is, kept on disk, rather than handed to a stand-in that would play on.
                stopping = frame.get("code") == SERVER_STOPPING
                return
            await peer.pace()
            try:
                message = _parse(frame, limits, peer.lang)
                await _answer(peer, message, tables, rooms)
            except Refusal as refusal:
                peer.send(_error(refusal))
            except WorkerLost:
                # The worker holding the game ended: the game is in the records, resumable.
                peer.send(_error(refuse("lost", peer.lang)))
                await tables.release(peer.held)
                peer.held = None
    except WebSocketDisconnect:
        return
    finally:
        await rooms.disconnect(peer, stopping=stopping)
        await tables.release(peer.held)
        peer.held = None
        await peer.close()


async def _next_frame(websocket: WebSocket, peer: Peer, seconds: float) -> Any:
    """The connection's next frame; None once the connection is dropped (its reader too slow)
    while waiting for it. TimeoutError after ``seconds`` of silence."""
    if peer.dropped:
        return None
    receiving = asyncio.ensure_future(websocket.receive())
    gone = asyncio.ensure_future(peer.gone.wait())
    try:
        done, _ = await asyncio.wait(
            (receiving, gone), timeout=seconds, return_when=asyncio.FIRST_COMPLETED
        )
    finally:
        gone.cancel()
    if receiving in done:
        return receiving.result()
    receiving.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await receiving
    if peer.gone.is_set():
        return None
    raise TimeoutError


async def _answer(peer: Peer, message: dict[str, Any], tables: Tables, rooms: Rooms) -> None:
    limits = tables.limits
    if isinstance(message.get("lang"), str) and message["lang"] in SITE_LANGUAGES:
        peer.lang = message["lang"]
    lang = peer.lang
    kind = message["type"]
    if kind in _ENTERING and "lang" in message and message["lang"] not in SITE_LANGUAGES:
        raise refuse("lang", lang, value=short(message["lang"]), known=", ".join(SITE_LANGUAGES))
    if kind in ("start", "resume"):
        if peer.room is not None:
            raise refuse("in_room", lang, room=peer.room.code)
        if peer.games >= limits.games_per_connection:
            raise refuse("games", lang, limit=limits.games_per_connection)
        # The connection's own game is let go only once the new one is held: a refused start
        # or resume leaves it where it was.
        previous = peer.held
        peer.held, texts = await (
            tables.start(message, lang, replacing=previous)
            if kind == "start"
            else tables.resume(message, lang, replacing=previous)
        )
        await tables.release(previous)
        peer.games += 1
    elif kind in ROOM_MESSAGES:
        await rooms.handle(peer, message)
        if peer.room is not None and peer.held is not None:
            # In a room now: the game against bots is let go (kept in the records).
            await tables.release(peer.held)
            peer.held = None
        return
    elif kind == "act":
        if peer.room is not None:
            await rooms.act(peer, message)
            return
        if peer.held is None:
            raise refuse("no_game", lang)
        texts = await tables.act(peer.held, message, lang)
    elif kind == "hints":
        if type(message.get("on")) is not bool:
            raise refuse("field", lang, field="on", expected="true/false")
        if peer.room is not None:
            await rooms.hints(peer, message["on"])
            return
        if peer.held is None:
            raise refuse("no_game", lang)
        texts = await tables.hints(peer.held, message["on"], lang)
    elif kind == "ping":
        texts = [as_text({"type": "pong"})]
    else:
        raise refuse("type", lang, value=short(kind), known=_KNOWN)
    for text in texts:
        peer.send(text)


def _parse(frame: Mapping[str, Any], limits: Limits, lang: str) -> dict[str, Any]:
    text = frame.get("text")
    if text is None:
        raise refuse("binary", lang)
    if len(text) > limits.message_bytes or len(text.encode()) > limits.message_bytes:
        raise refuse("too_large", lang, limit=limits.message_bytes)
    try:
        message = json.loads(text)
    except ValueError:
        raise refuse("json", lang) from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise refuse("shape", lang)
    return message


def _error(refusal: Refusal) -> str:
    return as_text({"type": "error", "code": refusal.code, "message": refusal.message})


def play_router(tables: Tables, rooms: Rooms) -> APIRouter:
    """The route of the table's WebSocket, ``/ws/play``."""
    router = APIRouter()

    @router.websocket("/ws/play")
    async def play_socket(websocket: WebSocket) -> None:
        await serve_connection(websocket, tables, rooms)

    return router
