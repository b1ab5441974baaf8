"""Game records: the one SQLite database every surface stores its games in.

The terminal game, the web table and batch simulation all write here, through this module only,
so a game begun on one surface can be listed, shown or resumed from another. The schema is
described in ``docs/records.md``; it carries a version, and a database written by an older
version is brought up to date on opening (``MIGRATIONS``). A stored game is continued by
``Game.replay(record.events)``: the engine checks every event again on the way.

>>> import tempfile, pathlib
>>> from mahjongkit.game.engine import Game
>>> folder = tempfile.mkdtemp()
>>> with Records(pathlib.Path(folder) / "games.sqlite3") as records:
...     game = Game("sichuan", seed=2)
...     _ = game.start()
...     number = records.create_game(game, [Seat("me"), Seat("bot1", "random")] * 2)
...     records.save(number, game)
...     records.load(number).status
'playing'
"""

from __future__ import annotations

import json
import os
import sqlite3
import urllib.parse
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mahjongkit.errors import MahjongError
from mahjongkit.table.events import Kind
from mahjongkit.valueclass import dataclass

if TYPE_CHECKING:
    from collections.abc import Callable

    from mahjongkit.game.engine import Game
    from mahjongkit.table.events import StartGame

__all__ = [
    "APPLICATION_ID",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "GameRecord",
    "Records",
    "RecordsError",
    "Seat",
    "default_path",
    "pack_log",
    "unpack_log",
]

APPLICATION_ID = 0x4D4A4B52
"""Written in the SQLite header (``PRAGMA application_id``, "MJKR"): tells a mahjongkit
database from any other SQLite file."""

STATUSES = ("playing", "finished")


def _refusal(key: str, **values: Any) -> str:
    """A refusal said in every language (a :class:`~mahjongkit.i18n.Sentence`, imported only
    when something is refused)."""
    from mahjongkit.i18n import Sentence

    return Sentence(key, **values)


class RecordsError(MahjongError):
    """The records database cannot be used: missing, damaged, foreign, too new, or a game that
    is not in it."""

    code = "records"


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at a seat: a name, the bot that plays it (None: a person), and for a person who
    holds a secret to the seat (a room's seat token) its digest: whoever shows that secret later
    may see the game from that seat, and only from it."""

    name: str
    bot: str | None = None
    key: str | None = None
    """The SHA-256 of the seat's secret, in hex (None: no secret opens the seat)."""

    def to_json(self) -> dict[str, Any]:
        """``{"name", "bot"}``, with ``"key"`` when the seat has one."""
        out: dict[str, Any] = {"name": self.name, "bot": self.bot}
        if self.key is not None:
            out["key"] = self.key
        return out


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One stored game: its table, its whole event log and where it stands."""

    id: int
    variant: str
    rules: dict[str, Any]
    seed: int
    seats: tuple[Seat, ...]
    status: str
    result: dict[str, Any] | None
    created: str
    updated: str
    surface: str
    events: tuple[dict[str, Any], ...] = ()

    @property
    def finished(self) -> bool:
        """Whether the game has ended."""
        return self.status == "finished"


def default_path() -> Path:
    """``$XDG_DATA_HOME/mahjongkit/records.sqlite3``, else ``~/.local/share/mahjongkit/...``."""
    base = os.environ.get("XDG_DATA_HOME", "").strip()
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "mahjongkit" / "records.sqlite3"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# --- the schema and its migrations -------------------------------------------------------------


def _to_version_1(connection: sqlite3.Connection) -> None:
    """The first schema: games, their events one row each, and the version table."""
    script = """
        CREATE TABLE schema_version (version INTEGER NOT NULL);
        INSERT INTO schema_version (version) VALUES (0);
        CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            variant TEXT NOT NULL,
            rules TEXT NOT NULL,
            seed INTEGER NOT NULL,
            seats TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('playing', 'finished')),
            result TEXT,
            created TEXT NOT NULL,
            updated TEXT NOT NULL,
            surface TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE events (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 0),
            event TEXT NOT NULL,
            PRIMARY KEY (game, number)
        ) WITHOUT ROWID;
        CREATE INDEX games_by_status ON games (status, updated)
        """
    # One statement at a time: ``executescript`` would commit the migration's transaction.
    for statement in script.split(";"):
        connection.execute(statement)


def _to_version_2(connection: sqlite3.Connection) -> None:
    """A game stored whole at once keeps its log in one compressed value (``games.log``, see
    :func:`pack_log`) instead of a row an event: a fifth of the size, a tenth of the writing.
    Games stored before keep their rows; a game played event by event still appends rows."""
    connection.execute("ALTER TABLE games ADD COLUMN log BLOB")


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_to_version_1, _to_version_2]
"""``MIGRATIONS[n]`` takes a database from schema version ``n`` to ``n + 1`` (version 0 is an
empty file). A new schema is one more function here, never an edit of an old one."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The schema this version of mahjongkit writes."""

LOG_LEVEL = 1
"""zlib's level for a packed log: the fastest, a sixth of the JSON's size on a Riichi game
(level 6 gives a ninth but costs four times as much processor time)."""


def pack_log(events: Sequence[str]) -> bytes:
    """A whole event log as stored in ``games.log``: zlib (RFC 1950) of the events' JSON texts
    joined by newlines, in UTF-8 (a JSON text never holds a raw newline)."""
    return zlib.compress("\n".join(events).encode("utf-8"), LOG_LEVEL)


def unpack_log(data: bytes) -> list[str]:
    """The events' JSON texts of a packed log (:func:`pack_log`); ValueError if it is damaged."""
    try:
        text = zlib.decompress(data).decode("utf-8")
    except (zlib.error, UnicodeDecodeError) as error:
        raise ValueError(f"the packed log is damaged ({error})") from None
    return text.split("\n") if text else []


def _check_storable(game: Game, seats: Sequence[Seat]) -> StartGame:
    """The first event of a game to store, which holds its rules; a game not started or seated
    wrongly is refused."""
    start = game.log[0] if game.log else None
    if start is None or start["type"] != Kind.START_GAME:
        raise RecordsError("a game is stored once started: call game.start() first")
    if len(seats) != game.players:
        raise RecordsError(f"{len(seats)} seats given for a {game.players}-seat game")
    return start


class Records:
    """A connection to a records database (a context manager: closed on leaving).

    ``create``: make the file (and, for the default path, its folder) if it does not exist;
    otherwise a missing file is an error. Every write is one transaction, so two processes may
    write to the same file: SQLite serialises them and neither sees half of the other's.
    ``durable``: each transaction is flushed to the disk before the write returns; without it
    (a batch writer storing many games a second) a commit waits for no disk, the file is never
    damaged and a crash of the process loses nothing, but a power cut may lose the last games.
    ``read_only``: the file is opened for reading only (an older schema is read as it is, not
    migrated): what lists or shows games never changes a byte of it, even of a damaged one.

    A row read back is checked column by column: text that is not UTF-8, a value of the wrong
    type or JSON of the wrong shape is a :class:`RecordsError` naming the game and the column.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        create: bool = True,
        durable: bool = True,
        read_only: bool = False,
    ) -> None:
        chosen = default_path() if path is None else Path(path)
        self.path = chosen
        self.read_only = read_only
        self._packed_logs = True
        """Whether the schema has ``games.log`` (version 2 on; an older file read as it is)."""
        if not chosen.exists():
            if not create or read_only:
                raise RecordsError(_refusal("refusal.records_none", path=str(chosen)))
            if path is None:
                try:
                    chosen.parent.mkdir(parents=True, exist_ok=True)
                except OSError as error:
                    raise RecordsError(
                        _refusal(
                            "refusal.records_folder",
                            folder=str(chosen.parent),
                            reason=str(error.strerror),
                        )
                    ) from None
            elif not chosen.parent.is_dir():
                raise RecordsError(
                    _refusal(
                        "refusal.records_no_folder", path=str(chosen), folder=str(chosen.parent)
                    )
                )
        elif chosen.is_dir():
            raise RecordsError(_refusal("refusal.records_is_folder", path=str(chosen)))
        try:
            if read_only:
                where = "file:" + urllib.parse.quote(str(chosen.resolve())) + "?mode=ro"
                self._db = sqlite3.connect(where, timeout=30, isolation_level=None, uri=True)
            else:
                self._db = sqlite3.connect(chosen, timeout=30, isolation_level=None)
        except sqlite3.Error as error:
            raise RecordsError(
                _refusal("refusal.records_open", path=str(chosen), reason=str(error))
            ) from None
        self._db.text_factory = _text
        try:
            self._db.execute("PRAGMA busy_timeout = 30000")
            if read_only:
                self._check_readable()
            else:
                self._db.execute("PRAGMA foreign_keys = ON")
                if not durable:
                    # In write-ahead mode NORMAL syncs at checkpoints only, not at every commit.
                    self._db.execute("PRAGMA synchronous = NORMAL")
                self._upgrade()
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise RecordsError(
                _refusal("refusal.records_damaged", path=str(chosen), reason=str(error))
            ) from None
        except RecordsError:
            self._db.close()
            raise

    # --- opening --------------------------------------------------------------------------------

    def _version(self) -> int:
        """The file's schema version (0: an empty file); a file of another program, or of a
        newer mahjongkit, is refused."""
        application = self._db.execute("PRAGMA application_id").fetchone()[0]
        tables = {
            row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if application not in (0, APPLICATION_ID) or (tables and "schema_version" not in tables):
            raise RecordsError(_refusal("refusal.records_foreign", path=str(self.path)))
        if not tables:
            return 0
        row = self._db.execute("SELECT version FROM schema_version").fetchone()
        if row is None or type(row[0]) is not int:
            raise RecordsError(f"{self.path}: the schema version table is empty or bad")
        version: int = row[0]
        if version > SCHEMA_VERSION:
            raise RecordsError(
                _refusal(
                    "refusal.records_newer",
                    path=str(self.path),
                    version=version,
                    known=SCHEMA_VERSION,
                )
            )
        return version

    def _check_readable(self) -> None:
        """Opening for reading: the file is a records database this version can read."""
        version = self._version()
        if version == 0:
            raise RecordsError(f"{self.path} holds no records yet: no game was stored there")
        self._packed_logs = version >= 2

    def _upgrade(self) -> None:
        with self._write():
            version = self._version()
            if version == 0:
                self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            for step in range(version, SCHEMA_VERSION):
                MIGRATIONS[step](self._db)
                self._db.execute("UPDATE schema_version SET version = ?", (step + 1,))
        if version == 0:
            # Write-ahead logging lets readers go on while a game is being written.
            self._db.execute("PRAGMA journal_mode = WAL")

    @contextmanager
    def _write(self) -> Iterator[None]:
        """One transaction that takes the write lock at once (no upgrade deadlock)."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def schema_version(self) -> int:
        """The schema version of the open database."""
        version: int = self._db.execute("SELECT version FROM schema_version").fetchone()[0]
        return version

    def close(self) -> None:
        """Close the connection."""
        self._db.close()

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- writing --------------------------------------------------------------------------------

    def create_game(
        self,
        game: Game,
        seats: Sequence[Seat],
        *,
        surface: str = "",
    ) -> int:
        """Store a new game (started, so that its log holds its rules); return its id."""
        start = _check_storable(game, seats)
        with self._write():
            number = self._insert_game(
                game.variant, start["mjk_rules"], game.seed, seats, surface, None
            )
            self._append(number, list(game.log), 0)
        return number

    def _insert_game(
        self,
        variant: str,
        rules: Any,
        seed: int,
        seats: Sequence[Seat],
        surface: str,
        result: dict[str, Any] | None,
        number: int | None = None,
        log: bytes | None = None,
    ) -> int:
        """The row of a new game, playing (no ``result``) or finished, at id ``number`` (None:
        the next free one), with its packed ``log`` if it is stored whole; its id."""
        now = _now()
        cursor = self._db.execute(
            "INSERT INTO games (id, variant, rules, seed, seats, status, result, created, "
            "updated, surface, log) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                number,
                variant,
                json.dumps(rules, ensure_ascii=False),
                seed,
                json.dumps([s.to_json() for s in seats], ensure_ascii=False),
                "playing" if result is None else "finished",
                None if result is None else json.dumps(result, ensure_ascii=False),
                now,
                now,
                surface,
                log,
            ),
        )
        number = cursor.lastrowid
        assert number is not None
        return number

    def add_finished(
        self,
        game: Game,
        seats: Sequence[Seat],
        events: Sequence[str],
        result: dict[str, Any],
        *,
        surface: str = "",
        number: int | None = None,
    ) -> int:
        """Store a whole game at once, finished, in one transaction; return its id.

        ``game`` is the game started or played (its first events give the rules and the seed);
        ``events`` is every event of the game already as JSON text, one string an event,
        beginning with those of ``game``'s log (a simulation encodes them where it played them,
        so the writer does not). A reader never sees the game half stored; an interruption
        stores none of it. ``number``: the id to store it at (one of :meth:`reserve_ids`), so
        that writers in several processes give a run's games the ids of their order; an id
        already taken is an error and nothing is written.
        """
        start = _check_storable(game, seats)
        if len(events) < len(game.log) or not all(isinstance(e, str) for e in events):
            raise RecordsError(
                f"a finished game's events are its {len(game.log)} opening events and the "
                "rest, each as JSON text"
            )
        packed = pack_log(events)  # before the lock is taken
        return self.add_packed(
            game.variant,
            game.seed,
            start["mjk_rules"],
            seats,
            packed,
            result,
            surface=surface,
            number=number,
        )

    def add_packed(
        self,
        variant: str,
        seed: int,
        rules: Any,
        seats: Sequence[Seat],
        log: bytes,
        result: dict[str, Any],
        *,
        surface: str = "",
        number: int | None = None,
    ) -> int:
        """Store a whole finished game whose log is already packed (:func:`pack_log`, where the
        game was played: a Ray task's game comes to the writer as one value), in one transaction
        at id ``number`` as :meth:`add_finished` does; return its id. ``rules``: those of the
        log's ``start_game``. The log is not unpacked here; :meth:`load` checks it."""
        if type(log) is not bytes or not log:
            raise RecordsError("a packed log is the bytes pack_log() made")
        if type(seed) is not int or not isinstance(variant, str) or not seats:
            raise RecordsError("a packed game needs its variant, its seed and its seats")
        if number is not None and (type(number) is not int or number < 1):
            raise RecordsError(f"a game id is a whole number from 1, not {number!r:.30}")
        with self._write():
            try:
                number = self._insert_game(
                    variant, rules, seed, seats, surface, result, number, log
                )
            except sqlite3.IntegrityError:
                raise RecordsError(
                    f"game id {number} is already taken in {self.path}: another writer stored "
                    "a game there"
                ) from None
        return number

    def reserve_ids(self, count: int, first: int | None = None) -> int:
        """Keep ``count`` game ids, from ``first`` (None: the first never given), from being
        given to any game stored without an explicit id; return the first.

        A batch writer reserves a block for its run and stores game ``i`` at ``first + i``
        from whichever process plays it: the ids follow the games' order, and another surface
        writing to the same file meanwhile gets ids past the block.
        """
        if type(count) is not int or count < 0:
            raise RecordsError(f"a number of ids is a whole number, not {count!r:.30}")
        with self._write():
            row = self._db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'games'")
            given = row.fetchone()
            highest = self._db.execute("SELECT COALESCE(MAX(id), 0) FROM games").fetchone()[0]
            seq = max(highest, given[0] if given else 0)
            if first is None:
                first = seq + 1
            last = max(seq, first + count - 1)
            if given:
                self._db.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'games'", (last,))
            else:
                self._db.execute(
                    "INSERT INTO sqlite_sequence (name, seq) VALUES ('games', ?)", (last,)
                )
        return first

    def ids_between(self, first: int, last: int, status: str | None = None) -> list[int]:
        """The ids from ``first`` to ``last`` that hold a game (of ``status`` if given), in
        order."""
        query = "SELECT id FROM games WHERE id BETWEEN ? AND ?"
        parameters: list[Any] = [first, last]
        if status is not None:
            if status not in STATUSES:
                raise RecordsError(
                    f"unknown status {status!r}: expected one of {', '.join(STATUSES)}"
                )
            query += " AND status = ?"
            parameters.append(status)
        return [row[0] for row in self._db.execute(query + " ORDER BY id", parameters)]

    def append_events(self, game_id: int, events: Sequence[Any], start: int) -> None:
        """Store ``events`` as the game's events from index ``start`` on.

        ``start`` must be the number of events stored: a writer that is behind (another
        connection wrote meanwhile) gets an error and nothing is written.
        """
        with self._write():
            self._status(game_id, writable=True)
            self._append(game_id, list(events), start)
            self._db.execute("UPDATE games SET updated = ? WHERE id = ?", (_now(), game_id))

    def _append(self, game_id: int, events: list[Any], start: int) -> None:
        stored = self._db.execute(
            "SELECT COUNT(*) FROM events WHERE game = ?", (game_id,)
        ).fetchone()[0]
        if stored != start:
            raise RecordsError(
                f"game {game_id} has {stored} events stored, not {start}: "
                "another writer changed it; load it again"
            )
        rows = [
            (game_id, start + index, json.dumps(event, ensure_ascii=False))
            for index, event in enumerate(events)
        ]
        self._db.executemany("INSERT INTO events (game, number, event) VALUES (?, ?, ?)", rows)

    def save(self, game_id: int, game: Game) -> None:
        """Store the events of ``game`` not stored yet; finish the record when the game is over."""
        stored = self.event_count(game_id)
        if stored > len(game.log):
            raise RecordsError(
                f"game {game_id} has {stored} events stored, more than the {len(game.log)} "
                "of the game being saved"
            )
        if stored < len(game.log):
            self.append_events(game_id, game.log[stored:], stored)
        if game.over and not self.load(game_id, events=False).finished:
            end = game.log[-1]
            result: dict[str, Any] = {"scores": list(game.scores)}
            if end["type"] == Kind.END_GAME and "mjk_ranking" in end:
                result["ranking"] = end["mjk_ranking"]
            result["rounds"] = game.rounds_played
            self.finish(game_id, result)

    def finish(self, game_id: int, result: dict[str, Any]) -> None:
        """Mark the game finished with its ``result`` (final scores, ranking...)."""
        with self._write():
            self._status(game_id, writable=True)
            self._db.execute(
                "UPDATE games SET status = 'finished', result = ?, updated = ? WHERE id = ?",
                (json.dumps(result, ensure_ascii=False), _now(), game_id),
            )

    def _status(self, game_id: int, writable: bool = False) -> str:
        if type(game_id) is not int:
            raise RecordsError(f"a game id is a whole number, not {game_id!r:.30}")
        row = self._db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise RecordsError(_refusal("refusal.records_no_game", id=game_id, path=str(self.path)))
        status: str = row[0]
        if status not in STATUSES:
            raise RecordsError(self._damaged(game_id, "status", status, "playing or finished"))
        if writable and status == "finished":
            raise RecordsError(f"game {game_id} is finished: nothing more can be stored")
        return status

    # --- reading --------------------------------------------------------------------------------

    def event_count(self, game_id: int) -> int:
        """How many events of the game are stored."""
        self._status(game_id)
        packed = self._packed(game_id)
        if packed is not None:
            return len(packed)
        count: int = self._db.execute(
            "SELECT COUNT(*) FROM events WHERE game = ?", (game_id,)
        ).fetchone()[0]
        return count

    def _packed(self, game_id: int) -> list[str] | None:
        """The events' texts of a game stored whole (None: its events are rows)."""
        if not self._packed_logs:
            return None
        row = self._db.execute("SELECT log FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or row[0] is None:
            return None
        if type(row[0]) is not bytes:
            raise RecordsError(self._damaged(game_id, "log", row[0], "the bytes of a packed log"))
        try:
            return unpack_log(row[0])
        except ValueError as error:
            raise RecordsError(f"{self.path}: game {game_id}: {error}") from None

    def load(self, game_id: int, *, events: bool = True) -> GameRecord:
        """The stored game ``game_id`` (with its events unless ``events=False``)."""
        self._status(game_id)
        # One read transaction: the game's row and its events are seen at the same moment.
        self._db.execute("BEGIN")
        try:
            row = self._db.execute(
                "SELECT id, variant, rules, seed, seats, status, result, created, updated, "
                "surface FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
            log: list[dict[str, Any]] = []
            packed = self._packed(game_id) if events else None
            if packed is not None:
                log = [self._event(text, game_id, n) for n, text in enumerate(packed)]
            elif events:
                for number, text in self._db.execute(
                    "SELECT number, event FROM events WHERE game = ? ORDER BY number", (game_id,)
                ):
                    if number != len(log):
                        raise RecordsError(self._gap(game_id, len(log)))
                    log.append(self._event(text, game_id, number))
        finally:
            self._db.execute("COMMIT")
        return self._record(row, tuple(log))

    def _gap(self, game_id: int, missing: int) -> str:
        """Why event ``missing`` is not where it should be: a number of the wrong type (SQLite
        sorts text after every number), or no such row."""
        wrong = self._db.execute(
            "SELECT number FROM events WHERE game = ? AND typeof(number) != 'integer' LIMIT 1",
            (game_id,),
        ).fetchone()
        if wrong is not None:
            column = f"number of event {missing}"
            return self._damaged(game_id, column, wrong[0], "a whole number")
        return f"game {game_id}: event {missing} is missing"

    def list_games(self, status: str | None = None, limit: int | None = None) -> list[GameRecord]:
        """Stored games, the most recently changed first (without their events)."""
        if status is not None and status not in STATUSES:
            raise RecordsError(f"unknown status {status!r}: expected one of {', '.join(STATUSES)}")
        query = (
            "SELECT id, variant, rules, seed, seats, status, result, created, updated, surface "
            "FROM games"
        )
        parameters: list[Any] = []
        if status is not None:
            query += " WHERE status = ?"
            parameters.append(status)
        query += " ORDER BY updated DESC, id DESC"
        if limit is not None:
            query += " LIMIT ?"
            parameters.append(limit)
        return [self._record(row, ()) for row in self._db.execute(query, parameters)]

    def _record(self, row: Any, events: tuple[dict[str, Any], ...]) -> GameRecord:
        """A games row as a :class:`GameRecord`, each column checked (:meth:`_damaged`)."""
        number = row[0]
        where = f"game {number}"
        text = {}
        for index, column in ((1, "variant"), (5, "status"), (7, "created"), (8, "updated"),
                              (9, "surface")):  # fmt: skip
            if type(row[index]) is not str:
                raise RecordsError(self._damaged(number, column, row[index], "text"))
            text[column] = row[index]
        if text["status"] not in STATUSES:
            raise RecordsError(self._damaged(number, "status", row[5], "playing or finished"))
        if type(row[3]) is not int:
            raise RecordsError(self._damaged(number, "seed", row[3], "a whole number"))
        seats = self._json(row[4], number, "seats")
        if not isinstance(seats, list) or not all(
            isinstance(s, dict)
            and isinstance(s.get("name"), str)
            and (s.get("bot") is None or isinstance(s.get("bot"), str))
            and (s.get("key") is None or isinstance(s.get("key"), str))
            for s in seats
        ):
            raise RecordsError(f"{where}: the seats are not a list of {{name, bot}}")
        rules = self._json(row[2], number, "rules")
        if not isinstance(rules, dict):
            raise RecordsError(self._damaged(number, "rules", row[2], "a JSON object"))
        result = None if row[6] is None else self._json(row[6], number, "result")
        if result is not None and not isinstance(result, dict):
            raise RecordsError(self._damaged(number, "result", row[6], "a JSON object"))
        return GameRecord(
            id=number,
            variant=text["variant"],
            rules=rules,
            seed=row[3],
            seats=tuple(Seat(s["name"], s.get("bot"), s.get("key")) for s in seats),
            status=text["status"],
            result=result,
            created=text["created"],
            updated=text["updated"],
            surface=text["surface"],
            events=events,
        )

    def _damaged(self, game_id: Any, column: str, value: Any, expected: str) -> str:
        """Why a stored value is refused: the game, the column, what it holds and should."""
        if isinstance(value, _Undecodable):
            held = "text that is not UTF-8"
        elif value is None:
            held = "nothing (NULL)"
        else:
            held = {bytes: "bytes", int: "a whole number", float: "a number", str: "text"}.get(
                type(value), type(value).__name__
            )
            if type(value) in (int, float, str):
                held += f" ({value!r:.30})"
        return f"{self.path}: game {game_id}: the {column} column holds {held}, not {expected}"

    def _json(self, text: Any, game_id: Any, column: str) -> Any:
        """The JSON value of a TEXT column (refused: not text, not JSON, not Unicode)."""
        if type(text) is not str:
            raise RecordsError(self._damaged(game_id, column, text, "JSON text"))
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            raise RecordsError(f"{self.path}: game {game_id}, {column} is not valid JSON") from None
        if "\\u" in text and not _is_unicode(value):  # only an escape writes a lone surrogate
            raise RecordsError(
                f"{self.path}: game {game_id}, {column} holds a lone surrogate (an escape "
                "\\ud800-\\udfff alone): not Unicode text"
            )
        return value

    def _event(self, text: Any, game_id: int, number: int) -> dict[str, Any]:
        """Event ``number`` of a game: a JSON object with its type."""
        value = self._json(text, game_id, f"event {number}")
        if not isinstance(value, dict) or not isinstance(value.get("type"), str):
            raise RecordsError(
                f"{self.path}: game {game_id}, event {number} is not an event (a JSON object "
                "with a type)"
            )
        return value


class _Undecodable(bytes):
    """A TEXT value that is not UTF-8 (a damaged row), kept so that the column that holds it
    is named by the check that meets it, instead of failing the whole query."""


def _text(data: bytes) -> str | _Undecodable:
    """How every TEXT value is read: decoded, or marked undecodable."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return _Undecodable(data)


def _is_unicode(value: Any) -> bool:
    """Whether every string in a JSON value is Unicode text (no lone surrogate, which a JSON
    escape can write but no UTF-8 output can print)."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def resume(record: GameRecord) -> Game:
    """The game of a stored record, every event checked again by the engine."""
    from mahjongkit.game.engine import Game

    if not record.events:
        raise RecordsError(f"game {record.id} has no events stored")
    try:
        return Game.replay(list(record.events))
    except MahjongError as error:
        raise RecordsError(f"game {record.id} cannot be replayed: {error}") from None


__all__ += ["resume"]
