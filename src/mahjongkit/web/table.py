"""The web table: one person against bots, over a WebSocket at ``/ws/play``, and the games of
rooms.

The server is an adapter: it applies the person's chosen action with ``Game.apply``, lets the
bots of :mod:`mahjongkit.bots` play the other seats, and sends the person's connection only
``game.observation(seat)`` (never the wall, another hand or the seed), the events it may see and
its legal actions. Every game is kept in the records database (:mod:`mahjongkit.records`) as it
is played; a dropped connection or a reload resumes it with ``Game.replay`` from the record.
The messages are described in ``docs/protocol.md``.

The event loop only reads and writes messages (:class:`Tables`, and the connection's loop in
:mod:`mahjongkit.web.connection`): each game is held by a worker of
:mod:`mahjongkit.web.workers` (a :class:`Desk` there keeps it), and every step of it (the
action, the bots' answers, the record's writes, the state messages) is played there. A game of
a room (:mod:`mahjongkit.web.rooms`) is held the same way, with a view for each person in it.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import itertools
import json
import secrets
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

from fastapi import APIRouter, Header, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException

from mahjongkit.bots import BOT_NAMES, Agent, make_bot
from mahjongkit.bots.session import run_until
from mahjongkit.errors import MahjongError
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import PUBLIC, visible_event
from mahjongkit.game.ranking import ranking
from mahjongkit.game.rounds import leftover_payments
from mahjongkit.i18n import reason_of, say, t
from mahjongkit.melds import SEAT_LETTERS
from mahjongkit.options import override
from mahjongkit.records import GameRecord, Records, RecordsError, Seat, resume
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import Event, Kind
from mahjongkit.valueclass import dataclass, field
from mahjongkit.variants import (
    VARIANT_NAMES,
    find_variant,
    register_variant,
    variant_packages,
)
from mahjongkit.web.hints import (
    action_label,
    hints_for,
    mpsz,
    outcome_lines,
    payment_json,
    payments_in_play,
)
from mahjongkit.web.lessons import FAMILIES, SITE_LANGUAGES
from mahjongkit.web.replay import private_events, steps_of, viewer_of
from mahjongkit.web.workers import WorkerLost, default_processes, shared_workers

__all__ = ["BOTS", "Desk", "Limits", "Seating", "Tables", "table_router"]

BOTS = BOT_NAMES
"""The bot strengths a table offers, strongest first."""

SURFACE = "web"


@dataclass(frozen=True, slots=True)
class Limits:
    """What one connection and the whole server may hold."""

    message_bytes: int = 4096
    """The largest message read; anything longer is refused unread."""
    games_per_connection: int = 20
    """Games one connection may start or resume."""
    live_games: int = 64
    """Games held in memory at once, over all connections."""
    idle_seconds: float = 900.0
    """A connection silent this long is closed; its game stays in the records, resumable."""
    max_options: int = 32
    """Rule options one start message may set."""
    workers: int | None = None
    """Worker processes that play the games (None: one per core, at least two; 0: threads of
    the server's own process). See :mod:`mahjongkit.web.workers`."""
    messages_per_second: float = 100.0
    """The steady rate at which one connection's messages are read: faster ones wait."""
    message_burst: int = 200
    """Messages one connection may send at once before the rate applies."""
    outbox: int = 1024
    """Messages waiting to be sent to one connection: one that falls further behind is closed."""
    rooms: int = 32
    """Rooms open at once (waiting or playing; a room's game counts among the live games)."""
    rooms_per_connection: int = 10
    """Rooms one connection may create."""
    spectators: int = 16
    """Spectators one room may have."""
    name_chars: int = 24
    """The longest name a person may take in a room."""
    room_idle_seconds: float = 600.0
    """A room nobody is connected to closes after this long (at once when its game is over);
    its game stays in the records."""
    models: tuple[str, ...] = ()
    """Model files of ``mahjongkit train`` (``serve --model PATH``) the table offers as bots,
    each as ``learned:PATH`` at a table of its family; a page may choose no other file."""


class Refusal(Exception):
    """A message the table does not accept: a stable code and a sentence in the page's
    language (the game is unchanged)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __reduce__(self) -> tuple[type[Refusal], tuple[str, str]]:
        # Raised in a worker process, re-raised in the server's: sent as its code and sentence.
        return (Refusal, (self.code, self.message))


def refuse(code: str, lang: str, **values: object) -> Refusal:
    return Refusal(code, t(f"table.error.{code}", lang, **values))


@dataclass
class View:
    """What one person at a game (or the spectators of a room, in one language) was sent."""

    seat: int
    """The person's seat, or :data:`~mahjongkit.game.observation.PUBLIC` for spectators."""
    lang: str
    token: str
    """The key each state carries: the game's resume token, or in a room the seat's token
    (empty for spectators: they have none)."""
    hints: bool = False
    present: bool = True
    """Whether the person is connected (a room's person who dropped is sent nothing)."""
    sent: int = 0
    """How many of the visible events were already sent."""
    seq: int = 0
    """The number of the last state sent; an ``act`` may name it to refuse a stale click."""
    legal: list[Action] = field(default_factory=list)
    """The legal actions of the last state sent, which an ``act`` names by index."""
    asked_at: int | None = None
    """The length of the log when the person's current decision began (None: nothing asked):
    what names the decision a room's time limit runs for."""
    told_over: bool = False
    """Whether the ``game_over`` message was sent."""


@dataclass
class Seating:
    """One game held by a worker: the game, the bots, and what each person was sent."""

    game: Game
    bot_name: str
    record_id: int
    views: dict[int, View]
    """The people's seats (one for a game against bots)."""
    bots: list[Agent | None] = field(default_factory=list)
    """The bot of each seat; None where a person decides."""
    room: str | None = None
    """The code of the room playing this game (None: a game against bots)."""
    time_limit: float | None = None
    """A room's seconds for each decision (told in each state that asks one)."""
    publics: dict[str, View] = field(default_factory=dict)
    """A room's spectators' views, one per language watched."""

    @property
    def seat(self) -> int:
        """The person's seat of a game against bots (the first person's in a room)."""
        return next(iter(self.views))

    def play_bots(self) -> None:
        """Let the bots act until a person must decide or the game ends."""
        run_until(self.game, self.bots, max_actions=100_000)

    def save(self, records: Records) -> None:
        """Store the events not stored yet (and the result when the game is over)."""
        records.save(self.record_id, self.game)

    def state(self, view: View, again: bool = False) -> dict[str, Any]:
        """The ``state`` message for ``view``: its observation, the events it has not been
        sent, its legal actions, its hints; ``again``: every visible event, nothing counted as
        sent (a spectator who arrives sees the whole game so far)."""
        game = self.game
        public = view.seat == PUBLIC
        observation = game.public_observation() if public else game.observation(view.seat)
        visible = observation.events
        if again:
            first = 0
        else:
            view.legal = list(observation.legal_actions)
            view.seq += 1
            first = view.sent
            view.sent = len(visible)
        new = list(visible[first:])
        legal = () if public else view.legal
        body = observation.to_json()
        body.pop("events")
        if public:
            body["seat"] = None
        message: dict[str, Any] = {
            "type": "state",
            "seq": view.seq,
            "game": self.record_id,
            "token": view.token,
            "observation": body,
            "events": new,
            "legal": [
                {"id": index, "label": action_label(action, view.lang), **action.to_json()}
                for index, action in enumerate(legal)
            ],
            "table": table_facts(game, visible, view.lang, legal=legal),
            "outcomes": [
                outcome_lines(visible, index, game.variant, view.lang)
                for index in range(first, len(visible))
                if visible[index]["type"] in (Kind.HORA, Kind.RYUKYOKU)
            ],
            "payments": payments_in_play(visible, first, game.variant, view.lang),
        }
        if public:
            del message["token"]
        if self.room is not None:
            message["room"] = self.room
            if self.time_limit is not None and message["legal"]:
                message["time_limit"] = self.time_limit
        if view.hints and not public:
            message["hints"] = hints_for(observation, game.flow.rules, view.lang)
        return message

    def game_over(self, view: View) -> dict[str, Any]:
        """The ``game_over`` message: the final scores and ranking, names by seat."""
        view.told_over = True
        log = self.game.log
        end: dict[str, Any] = dict(log[-1])
        rows = ranking(end, list(self.game.scores))
        return {
            "type": "game_over",
            "game": self.record_id,
            "scores": list(end.get("scores", self.game.scores)),
            "ranking": rows,
            # The rules rank the final table with uma and oka: every row has its result.
            "has_uma": all("result" in row for row in rows),
            # What the end moves after the last hand (riichi sticks left on the table).
            "payment_lines": [
                payment_json(line, self.game.variant, view.lang) for line in leftover_payments(log)
            ],
            "seat": None if view.seat == PUBLIC else view.seat,
            "rounds": self.game.rounds_played,
        }


def play_act(seating: Seating, view: View, message: dict[str, Any], lang: str) -> None:
    """Play the action an ``act`` message chooses for the person of ``view``; a
    :class:`Refusal` (the game unchanged) for a game over, another seat, a stale state,
    nothing asked or an id not listed."""
    if seating.game.over:
        raise refuse("over", lang)
    if "seat" in message and message["seat"] != view.seat:
        raise refuse("foreign_seat", lang, seat=short(message["seat"]), own=view.seat)
    if "seq" in message and message["seq"] != view.seq:
        raise refuse("stale", lang, seq=short(message["seq"]), current=view.seq)
    index = message.get("id")
    if not view.legal:
        raise refuse("not_your_turn", lang)
    if type(index) is not int or not 0 <= index < len(view.legal):
        raise refuse("action", lang, value=short(index), count=len(view.legal))
    try:
        seating.game.apply(view.legal[index])
    except MahjongError as error:  # the listed actions are the game's own: not expected
        raise Refusal("illegal", say(reason_of(error), lang)) from None
    view.asked_at = None


def table_facts(
    game: Game, events: Sequence[Any], lang: str, legal: Sequence[Action] = ()
) -> dict[str, Any]:
    """What the page draws besides the observation: discards taken by a call, the tiles
    discarded sideways for a riichi, the seats' names, the rules' labels; the hand's last
    discard, and the tile a call is offered on with its discarder (``legal`` are the person's
    legal actions)."""
    called: list[int] = []
    sideways: list[int] = []
    riichi_pending: set[int] = set()
    exchange: list[int] = []
    last_discard: dict[str, Any] | None = None
    offered: dict[int, int] = {}  # the tile that may be claimed now (a discard, a kong's) -> seat
    for event in events:
        match event["type"]:
            case Kind.START_KYOKU:
                last_discard = None
                offered = {}
            case Kind.CHI | Kind.PON | Kind.DAIMINKAN:
                called.append(event["mjk_id"])
            case Kind.REACH:
                riichi_pending.add(event["actor"])
            case Kind.DAHAI:
                if event["actor"] in riichi_pending:
                    riichi_pending.discard(event["actor"])
                    sideways.append(event["mjk_id"])
                last_discard = {
                    "seat": event["actor"],
                    "mjk_id": event["mjk_id"],
                    "tile": _tile_code(game, event["mjk_id"]),
                }
                offered = {event["mjk_id"]: event["actor"]}
            case Kind.KAKAN:
                offered = {event["mjk_id"]: event["actor"]}
            case Kind.EXCHANGE:
                exchange = list(event["receivers"])
    claim: dict[str, Any] | None = None
    for action in legal:
        if action.type in _CALLS and action.tile in offered:
            claim = {
                "tile": _tile_code(game, action.tile),
                "mjk_id": action.tile,
                "from": offered[action.tile],
            }
            break
    record = find_variant(game.variant)
    return {
        "called": called,
        "riichi_tiles": sideways,
        "exchange_receivers": exchange,
        "variant_name": t(f"play.variant.{game.variant}", lang),
        "players": game.players,
        "rounds_played": game.rounds_played,
        "has_dora": bool(game.flow.first_indicators),
        "suits": [t(f"play.suit.{s}", lang) for s in range(3)],
        "presets": list(record.presets),
        "red": [x for x in range(136) if game.flow.red(x)],
        "last_discard": last_discard,
        "claim": claim,
    }


_CALLS = frozenset({A.RON, A.CHI, A.PON, A.KAN})
"""The actions that claim another seat's tile."""


def _tile_code(game: Game, tile_id: int) -> str:
    """A tile id as the site writes it (``0p`` for a red five under the game's rules)."""
    code = mpsz(tile_id)
    return "0" + code[1] if tile_id < 136 and game.flow.red(tile_id) else code


@dataclass(frozen=True, slots=True)
class Settings:
    """A game's settings read from a ``start`` or ``create_room`` message."""

    variant: str
    preset: str
    """The preset the rules start from (the family's first when none is named)."""
    rules: Any
    bot: str
    seed: int
    max_rounds: int | None
    players: int


def offered_bots(limits: Limits, variant: str | None = None) -> list[str]:
    """The bots a page may choose: the named ones, then the model files of ``limits`` (those
    of ``variant``'s family only, when it is given)."""
    offered = list(BOTS)
    for path in limits.models:
        if variant is None or learned_family(path) == variant:
            offered.append(f"learned:{path}")
    return offered


def learned_family(path: str) -> str | None:
    """The family of the model file at ``path`` (None: it cannot be read now)."""
    from mahjongkit.bots.learned.cache import cached_model

    try:
        return cached_model(path).family
    except MahjongError:
        return None


def game_settings(message: dict[str, Any], lang: str, limits: Limits) -> Settings:
    """The settings a message asks for (``variant``, ``rules``, ``options``, ``bots``, ``seed``,
    ``max_rounds``), or a :class:`Refusal` naming the first wrong one. A missing seed is drawn
    at random."""
    variant_name = message.get("variant", VARIANT_NAMES[0])  # the registry's first
    if variant_name not in VARIANT_NAMES:
        raise refuse("variant", lang, value=short(variant_name), known=", ".join(FAMILIES))
    record = find_variant(variant_name)
    preset = message.get("rules")
    if preset is not None and preset not in record.presets:
        raise refuse("rules", lang, value=short(preset), known=", ".join(record.presets))
    rules = record.rules(preset)
    options = message.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict) or len(options) > limits.max_options:
        raise refuse("options", lang, limit=limits.max_options)
    try:
        rules = override(rules, [f"{k}={_option_text(v)}" for k, v in options.items()])
    except MahjongError as error:
        raise Refusal("options", say(reason_of(error), lang)) from None
    bot = message.get("bots", "efficient")
    offered = offered_bots(limits, variant_name)
    if bot not in offered:
        raise refuse("bots", lang, value=short(bot), known=", ".join(offered))
    seed = message.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**62)
    if type(seed) is not int or not 0 <= seed < 2**62:
        raise refuse("seed", lang, value=short(seed))
    max_rounds = message.get("max_rounds")
    if max_rounds is not None and (type(max_rounds) is not int or not 1 <= max_rounds <= 64):
        raise refuse("max_rounds", lang, value=short(max_rounds))
    try:
        players = new_game(Settings(variant_name, "", rules, bot, seed, max_rounds, 0)).players
    except MahjongError as error:
        raise Refusal("options", say(reason_of(error), lang)) from None
    if preset is None:
        preset = next(iter(record.presets))
    return Settings(variant_name, preset, rules, bot, seed, max_rounds, players)


def new_game(settings: Settings, names: Sequence[str] | None = None) -> Game:
    """The game of ``settings``, not started; ``names`` by seat."""
    return Game(
        settings.variant,
        settings.rules,
        seed=settings.seed,
        max_rounds=settings.max_rounds,
        names=names,
    )


def _token(secret: bytes, record_id: int) -> str:
    """The resume token of a game: only the connection that started it learns it."""
    digest = hmac.new(secret, f"game:{record_id}".encode(), hashlib.sha256)
    return digest.hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class DeskKey:
    """What a worker needs to keep the games of one server: its records file, its token secret
    and its bounds (sent with every request: a worker process may serve several servers'
    applications, as the tests make them)."""

    path: str
    secret: bytes
    limits: Limits


class Desk:
    """The games one worker holds for one records file, by record id.

    In a worker process it is the process's own; with threads, one desk is shared by the
    threads (one step of a game at a time: its connection waits for each answer). Each thread
    has its own records connection (SQLite connections stay in their thread). Every request
    names the hold it was made for, so that a game let go and held again (a connection
    resuming its own game) is never dropped by the older hold's release.
    """

    def __init__(self, key: DeskKey) -> None:
        self.key = key
        self.path = Path(key.path)
        self.limits = key.limits
        self.held: dict[int, tuple[int, Seating]] = {}
        self._local = threading.local()

    def records(self) -> Records:
        """This thread's connection to the records database."""
        records: Records | None = getattr(self._local, "records", None)
        if records is None:
            # A commit waits for no disk (the write-ahead log is synced at its checkpoints): a
            # crash of the server loses nothing, a power cut the last moves at most, and a
            # table's step does not wait for the disk, nor for another table's writes.
            records = self._local.records = Records(self.path, create=False, durable=False)
        return records

    def seating(self, hold: int, record_id: int, lang: str) -> Seating:
        """The game held under ``hold``; a game this worker no longer holds (it was restarted)
        is refused as lost (its record keeps it)."""
        found = self.held.get(record_id)
        if found is None or found[0] != hold:
            raise refuse("lost", lang)
        return found[1]

    def start(self, hold: int, message: dict[str, Any], lang: str) -> tuple[int, list[str]]:
        """A new game from a ``start`` message (refused with a :class:`Refusal`): its record
        id, and the messages for the person (the bots have played up to the person's turn)."""
        settings = game_settings(message, lang, self.limits)
        seat = message.get("seat", 0)
        if type(seat) is not int or not 0 <= seat < settings.players:
            raise refuse("seat", lang, value=short(seat), players=settings.players)
        bot = settings.bot
        names = ["player" if s == seat else f"bot-{bot}-{s}" for s in range(settings.players)]
        game = new_game(settings, names)
        game.start()
        seats = [Seat(name, None if s == seat else bot) for s, name in enumerate(names)]
        record_id = self.records().create_game(game, seats, surface=SURFACE)
        seating = self._hold(hold, game, seat, bot, record_id, message, lang, settings.seed)
        return record_id, self._played(seating)

    def resume(self, hold: int, record_id: int, message: dict[str, Any], lang: str) -> list[str]:
        """The game ``record_id`` replayed from its record (its token was checked by the
        server) and held under ``hold``; the messages for the person. When this worker holds
        it already (the connection resumes its own game), it is stored first."""
        records = self.records()
        holder = self.held.get(record_id)
        if holder is not None:
            with contextlib.suppress(MahjongError):
                holder[1].save(records)
        try:
            stored = records.load(record_id)
            person = [i for i, s in enumerate(stored.seats) if s.bot is None]
            if stored.finished or len(person) != 1:
                raise refuse("finished", lang, game=record_id)
            game = resume(stored)
        except RecordsError as error:
            raise Refusal("records", say(reason_of(error), lang)) from None
        seat = person[0]
        bot = next(s.bot for s in stored.seats if s.bot is not None) or "efficient"
        if bot not in offered_bots(self.limits, stored.variant):
            bot = "efficient"
        bot_seed = stored.seed + len(stored.events)
        seating = self._hold(hold, game, seat, bot, record_id, message, lang, bot_seed)
        return self._played(seating)

    def act(self, hold: int, record_id: int, message: dict[str, Any], lang: str) -> list[str]:
        """Play the person's ``act`` message (refused with a :class:`Refusal`, the game
        unchanged), then the bots; the messages for the person."""
        seating = self.seating(hold, record_id, lang)
        view = seating.views[seating.seat]
        view.lang = lang
        play_act(seating, view, message, lang)
        return self._played(seating)

    def hints(self, hold: int, record_id: int, on: bool, lang: str) -> list[str]:
        """Hints switched on or off: the current state again."""
        seating = self.seating(hold, record_id, lang)
        view = seating.views[seating.seat]
        view.lang = lang
        view.hints = on
        return [as_text(seating.state(view))]

    def release(self, hold: int, record_id: int) -> None:
        """Store the game and let it go (its record keeps it), unless it is held anew."""
        found = self.held.get(record_id)
        if found is None or found[0] != hold:
            return
        del self.held[record_id]
        # A record that cannot take more (finished elsewhere) keeps what it has.
        with contextlib.suppress(MahjongError):
            found[1].save(self.records())

    def _hold(
        self,
        hold: int,
        game: Game,
        seat: int,
        bot: str,
        record_id: int,
        message: dict[str, Any],
        lang: str,
        bot_seed: int,
    ) -> Seating:
        """Keep the game in this worker, bots seeded from ``bot_seed``."""
        view = View(seat, lang, _token(self.key.secret, record_id), message.get("hints") is True)
        seating = Seating(
            game=game,
            bot_name=bot,
            record_id=record_id,
            views={seat: view},
            bots=[
                None if s == seat else make_bot(bot, bot_seed + s, game.flow.rules)
                for s in range(game.players)
            ],
        )
        self.held[record_id] = (hold, seating)
        return seating

    def _played(self, seating: Seating) -> list[str]:
        """Let the bots play until the person must decide, store the new events; the state
        (and the game's end) as text to send."""
        seating.play_bots()
        seating.save(self.records())
        view = seating.views[seating.seat]
        out = [as_text(seating.state(view))]
        if seating.game.over:
            out.append(as_text(seating.game_over(view)))
        return out


_DESKS: dict[DeskKey, Desk] = {}
_DESKS_LOCK = threading.Lock()
T = TypeVar("T")


def _at_desk(key: DeskKey, packages: dict[str, str], method: Callable[..., T], *args: Any) -> T:
    """``method(desk, *args)`` on this worker's desk for ``key`` (made on first use). The
    families registered in the server (``packages``) are registered here first: a family from
    outside the library is known to a worker process only so."""
    for name, package in packages.items():
        if name not in VARIANT_NAMES:
            register_variant(name, package)
    with _DESKS_LOCK:
        desk = _DESKS.get(key)
        if desk is None:
            desk = _DESKS[key] = Desk(key)
    return method(desk, *args)


@dataclass(frozen=True, slots=True)
class Held:
    """A game a connection holds: its record, the worker's slot and the hold's number."""

    record_id: int
    slot: int
    hold: int


class Tables:
    """Every game held by the server: the records database, the token secret, the bounds and
    the workers that play the games (the event loop's side: it holds no game itself)."""

    def __init__(self, records_path: Path | None = None, limits: Limits | None = None) -> None:
        if records_path is None:
            self._folder: tempfile.TemporaryDirectory[str] | None = tempfile.TemporaryDirectory(
                prefix="mahjongkit-table-"
            )
            records_path = Path(self._folder.name) / "records.sqlite3"
            self.secret = secrets.token_bytes(32)
        else:
            self._folder = None
            records_path.parent.mkdir(parents=True, exist_ok=True)
            self.secret = _secret_beside(records_path)
        self.path = records_path
        self.limits = limits or Limits()
        self.live: dict[int, Held] = {}
        self.pending = 0
        """Starts and resumes under way (counted against the live games' bound)."""
        Records(self.path).close()  # made (or migrated) once, before any connection
        self.key = DeskKey(str(self.path), self.secret, self.limits)
        processes = self.limits.workers
        self.workers = shared_workers(
            default_processes() if processes is None else processes, preload=(__name__,)
        )
        self._holds = itertools.count(1)

    def token(self, record_id: int) -> str:
        """The resume token of a game: only the connection that started it learns it."""
        return _token(self.secret, record_id)

    def open_records(self, read_only: bool = False) -> Records:
        """A connection to the records database (one per use: SQLite connections are not
        shared between threads); ``read_only`` for the pages that only show games."""
        return Records(self.path, create=False, read_only=read_only)

    async def _run(self, slot: int, method: Callable[..., T], *args: Any) -> T:
        return await self.workers.run(slot, _at_desk, self.key, variant_packages(), method, *args)

    # --- starting and resuming -----------------------------------------------------------------

    async def start(
        self, message: dict[str, Any], lang: str, replacing: Held | None = None
    ) -> tuple[Held, list[str]]:
        """A new game from a ``start`` message (refused with a :class:`Refusal`), placed in
        the least busy worker, and the messages for the person; ``replacing`` is the game the
        connection holds until then (its place counts as free)."""
        return await self.open(lang, Desk.start, message, lang, replacing=replacing)

    async def open(
        self,
        lang: str,
        method: Callable[..., tuple[int, T]],
        *args: Any,
        replacing: Held | None = None,
    ) -> tuple[Held, T]:
        """A new game made by ``method(desk, hold, *args)`` (which answers its record id and
        what the game's first step sent) in the least busy worker, within the bound of live
        games (``replacing``: a game of the same connection let go for this one)."""
        self._room(lang, replacing)
        slot = self.workers.place()
        hold = next(self._holds)
        self.pending += 1
        try:
            record_id, sent = await self._run(slot, method, hold, *args)
        except BaseException:
            self.workers.leave(slot)
            raise
        finally:
            self.pending -= 1
        held = Held(record_id, slot, hold)
        self.live[record_id] = held
        return held, sent

    async def resume(
        self, message: dict[str, Any], lang: str, replacing: Held | None = None
    ) -> tuple[Held, list[str]]:
        """The game a ``resume`` message names, replayed from its record; ``replacing`` is the
        game the connection holds until then (it may be the one named: it is stored first, by
        the worker that holds it)."""
        record_id = message.get("game")
        token = message.get("token")
        if type(record_id) is not int or not isinstance(token, str):
            raise refuse("resume", lang)
        if not hmac.compare_digest(token.encode()[:64], self.token(record_id).encode()):
            raise refuse("token", lang)
        holder = self.live.get(record_id)
        if holder is not None and holder is not replacing:
            raise refuse("busy", lang, game=record_id)
        self._room(lang, replacing)
        slot = self.workers.place(holder.slot if holder is not None else None)
        held = Held(record_id, slot, next(self._holds))
        # Held at once, so that no other connection resumes it meanwhile.
        self.live[record_id] = held
        self.pending += 1
        try:
            texts = await self._run(slot, Desk.resume, held.hold, record_id, message, lang)
        except BaseException:
            self.workers.leave(slot)
            if self.live.get(record_id) is held:
                if holder is not None:
                    self.live[record_id] = holder
                else:
                    del self.live[record_id]
            raise
        finally:
            self.pending -= 1
        return held, texts

    def _room(self, lang: str, replacing: Held | None = None) -> None:
        held = len(self.live) + self.pending
        if replacing is not None and self.live.get(replacing.record_id) is replacing:
            held -= 1  # the connection lets its own game go for the new one
        if held >= self.limits.live_games:
            raise refuse("full", lang, limit=self.limits.live_games)

    # --- playing -------------------------------------------------------------------------------

    async def run(self, held: Held, method: Callable[..., T], *args: Any) -> T:
        """``method(desk, hold, record_id, *args)`` in the worker holding the game ``held``."""
        return await self._run(held.slot, method, held.hold, held.record_id, *args)

    async def act(self, held: Held, message: dict[str, Any], lang: str) -> list[str]:
        """The person's ``act`` played by the game's worker; the messages to send."""
        return await self.run(held, Desk.act, message, lang)

    async def hints(self, held: Held, on: bool, lang: str) -> list[str]:
        """Hints switched on or off; the state to send again."""
        return await self.run(held, Desk.hints, on, lang)

    async def release(self, held: Held | None) -> None:
        """Forget a game held by a connection: its worker stores it and lets it go (its record
        keeps it)."""
        if held is None:
            return
        if self.live.get(held.record_id) is held:  # not a new hold of the same game
            del self.live[held.record_id]
        self.workers.leave(held.slot)
        with contextlib.suppress(WorkerLost):
            await self.run(held, Desk.release)


def as_text(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
    return text if len(text) <= 40 else text[:37] + "..."


def _option_text(value: Any) -> str:
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, int | float | str):
        return str(value)
    raise OptionError(f"an option's value is a number, a string or true/false: {value!r:.40}")


class OptionError(MahjongError):
    """An option value that is not a number, a string or a boolean."""

    code = "options"


def _secret_beside(path: Path) -> bytes:
    """The resume-token secret kept beside the records file, so tokens outlive a restart."""
    secret_path = path.with_name(path.name + ".secret")
    try:
        data = secret_path.read_bytes()
        if len(data) >= 32:
            return data[:32]
    except OSError:
        pass
    data = secrets.token_bytes(32)
    secret_path.touch(mode=0o600, exist_ok=True)
    secret_path.write_bytes(data)
    return data


# --- the routes ----------------------------------------------------------------------------------

Render = Callable[..., HTMLResponse]


def table_router(tables: Tables, render: Render) -> APIRouter:
    """The table's routes: the WebSocket, the table page, the records, replays and downloads.

    ``render(request, template, lang, status=200, **values)`` draws a page of the site.
    """
    router = APIRouter()

    def language(request: Request, lang: str) -> None:
        if lang not in SITE_LANGUAGES:
            raise HTTPException(
                404, t("web.error.language", "en", lang=lang, languages=", ".join(SITE_LANGUAGES))
            )

    def finished_record(record_id: int, lang: str) -> GameRecord:
        try:
            with tables.open_records(read_only=True) as records:
                found = records.load(record_id)
        except RecordsError:
            raise HTTPException(404, t("table.error.no_record", lang, game=record_id)) from None
        if not found.finished:
            # The wall and every hand are in the record: shown only once the game is over.
            raise HTTPException(403, t("table.error.unfinished", lang, game=record_id))
        return found

    @router.get("/{lang}/play", response_class=HTMLResponse)
    async def table_page(request: Request, lang: str) -> HTMLResponse:
        language(request, lang)
        variants = {name: list(find_variant(name).presets) for name in FAMILIES}
        return render(
            request,
            "table.html",
            lang,
            variants=variants,
            seats=seats_by_preset(),
            bots=offered_bots(tables.limits),
            bot_families={
                f"learned:{path}": learned_family(path) for path in tables.limits.models
            },
            strings=page_strings(lang),
        )

    @router.get("/{lang}/records", response_class=HTMLResponse)
    async def records_page(request: Request, lang: str) -> HTMLResponse:
        language(request, lang)
        try:
            with tables.open_records(read_only=True) as records:
                games = records.list_games(limit=200)
        except RecordsError:
            # A damaged row: the server's log is the place for its details (the file's path).
            raise HTTPException(500, t("table.error.records", lang)) from None
        return render(request, "table_records.html", lang, games=games)

    @router.get("/{lang}/records/{record_id}", response_class=HTMLResponse)
    async def replay_page(request: Request, lang: str, record_id: int) -> HTMLResponse:
        language(request, lang)
        found = finished_record(record_id, lang)
        return render(
            request, "table_replay.html", lang, record=found, private=private_events(found)
        )

    # A room's game is shown from one seat: the seat's token (kept by the page that played it)
    # comes in the X-Seat-Token header; without it, what every seat saw.
    @router.get("/api/records/{record_id}/steps")
    async def replay_steps(
        record_id: int,
        lang: str = "en",
        x_seat_token: str | None = Header(default=None),
    ) -> Response:
        if lang not in SITE_LANGUAGES:
            lang = "en"
        found = finished_record(record_id, lang)
        viewer = viewer_of(found, x_seat_token)
        try:
            steps = steps_of(found, lang, viewer)
        except MahjongError as error:
            return _api_error(422, "replay", say(reason_of(error), lang))
        seat = None if viewer in (None, PUBLIC) else viewer
        return JSONResponse(
            {
                "game": record_id,
                "variant": found.variant,
                "view": "table" if viewer is None else "public" if viewer == PUBLIC else "seat",
                "seat": seat,
                "steps": steps,
            }
        )

    @router.get("/api/records/{record_id}/events.jsonl")
    async def download_jsonl(
        record_id: int, x_seat_token: str | None = Header(default=None)
    ) -> Response:
        found = finished_record(record_id, "en")
        viewer = viewer_of(found, x_seat_token)
        events: list[Any] = list(found.events)
        if viewer is not None:
            shown = (visible_event(cast(Event, e), viewer) for e in found.events)
            events = [e for e in shown if e is not None]
        text = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events)
        return Response(
            text,
            media_type="application/x-ndjson",
            headers={"Content-Disposition": f'attachment; filename="game-{record_id}.jsonl"'},
        )

    @router.get("/api/records/{record_id}/tenhou6.json")
    async def download_tenhou(record_id: int) -> Response:
        found = finished_record(record_id, "en")
        if private_events(found):
            # Tenhou's format holds every hand and the wall: a room's game never leaves so.
            return _api_error(403, "private", t("table.error.private", "en", game=record_id))
        from mahjongkit.formats.tenhou.export import game_to_tenhou6_json

        try:
            data = game_to_tenhou6_json(resume(found))
        except MahjongError as error:
            return _api_error(422, "tenhou6", say(reason_of(error), "en"))
        return Response(
            json.dumps(data, ensure_ascii=False),
            media_type="application/json",
            headers={
                "Content-Disposition": f'attachment; filename="game-{record_id}.tenhou6.json"'
            },
        )

    return router


class _SeatsByPreset(dict[str, dict[str, int]]):
    """The number of seats of each preset by family (the setup form offers only those seats),
    read from the games the presets make on first use."""

    def __missing__(self, name: str) -> dict[str, int]:
        record = find_variant(name)
        found = self[name] = {p: Game(name, record.rules(p)).players for p in record.presets}
        return found


_SEATS = _SeatsByPreset()


def seats_by_preset() -> dict[str, dict[str, int]]:
    """``{family: {preset: seats}}`` for every family at the table."""
    return {name: _SEATS[name] for name in FAMILIES}


def page_strings(lang: str) -> dict[str, str]:
    """The sentences the table's script shows, in ``lang``, as templates (``{name}`` is
    filled in by the script): the table's own, the seats', the tiles' names (the script names
    each tile as :func:`mahjongkit.i18n.tile_name` does), the actions' and the presets'."""
    from mahjongkit.i18n.messages import MESSAGES
    from mahjongkit.i18n.table import TABLE

    keys = [
        *TABLE["en"],
        *(f"seat.{x}" for x in SEAT_LETTERS),
        *(f"play.suit.{s}" for s in range(3)),
        *(key for key in MESSAGES["en"] if key.startswith(("tile.", "play.action."))),
    ]
    keys += [f"play.variant.{name}" for name in FAMILIES]
    keys += [f"learn.preset.{p}" for name in FAMILIES for p in find_variant(name).presets]
    return {key: MESSAGES[lang].get(key) or MESSAGES["en"][key] for key in keys}


def _api_error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)
