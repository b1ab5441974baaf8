"""Game logs from one format to another: Tenhou mjlog, tenhou.net/6 JSON, mjai JSON lines,
mahjongkit's own event lines (what ``export --format jsonl`` writes) and the game lines of
``simulate --out`` (one game a line), each as it is or gzipped; a folder is read file by file.

Every input becomes an engine :class:`~mahjongkit.game.engine.Game` first, played decision by
decision and checked against the input on the way; every output is written from that game. So a
converted log has every event the engine emits (each dora and kan dora, the ura indicators,
every score change), and a log that does not replay is refused with the first disagreement.
"""

from __future__ import annotations

import gzip
import io
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from mahjongkit.errors import MahjongError, NotationError
from mahjongkit.formats.rules import engine_log_rules
from mahjongkit.game.engine import Game
from mahjongkit.table.events import Kind

__all__ = [
    "FORMATS",
    "LOG_ENDINGS",
    "SUFFIXES",
    "convert",
    "detect",
    "load_game",
    "load_games",
    "log_files",
    "write_game",
]

FORMATS = ("mjai", "tenhou6", "jsonl")
"""The formats :func:`write_game` writes."""
SUFFIXES = {"mjai": ".mjai.jsonl", "tenhou6": ".tenhou6.json", "jsonl": ".jsonl"}
"""The file name ending of each output format."""

LOG_ENDINGS = (".xml", ".mjlog", ".json", ".jsonl", ".gz")
"""The file name endings of the logs a folder is read for (other files in it are left out)."""

_MAX_SIZE = 64 << 20
_GZIP = b"\x1f\x8b"


def _refusal(key: str, **values: Any) -> str:
    """A refusal said in every language (a :class:`~mahjongkit.i18n.Sentence`)."""
    from mahjongkit.i18n import Sentence

    return Sentence(key, **values)


def detect(data: bytes) -> str:
    """The format of a log's bytes: ``mjlog``, ``tenhou6``, ``jsonl`` (engine events),
    ``mjai`` or ``simulate`` (the game lines of ``simulate --out``); a gzipped log is read
    through; :class:`~mahjongkit.errors.NotationError` for anything else."""
    if data[:2] == _GZIP:
        data = _gunzip(data)
    if data.lstrip()[:1] == b"<":
        return "mjlog"
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise NotationError(_refusal("refusal.log_encoding")) from None
    stripped = text.strip()
    if not stripped:
        raise NotationError(_refusal("refusal.log_empty"))
    if stripped[0] == "[":
        return "mjai"
    if stripped[0] != "{":
        raise NotationError(_refusal("refusal.log_begins", start=repr(stripped[:20])))
    first = stripped.splitlines()[0]
    try:
        whole = json.loads(stripped)
    except (ValueError, RecursionError):
        whole = None
    if isinstance(whole, dict) and "log" in whole:
        return "tenhou6"
    try:
        head = json.loads(first)
    except (ValueError, RecursionError):
        raise NotationError("not a game log: the first line is not JSON") from None
    if isinstance(head, dict) and isinstance(head.get("events"), list) and "variant" in head:
        return "simulate"
    if not isinstance(head, dict) or head.get("type") != Kind.START_GAME:
        raise NotationError(_refusal("refusal.log_start_game"))
    return "jsonl" if "mjk_seed" in head else "mjai"


def _gunzip(data: bytes) -> bytes:
    """The bytes a gzip file holds, refused past the size limit (a small file may unpack to
    gigabytes)."""
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as unpacked:
            inner = unpacked.read(_MAX_SIZE + 1)
    except (OSError, EOFError, ValueError) as error:
        raise NotationError(f"a damaged gzip file: {error}") from None
    if len(inner) > _MAX_SIZE:
        raise NotationError(f"the gzipped log unpacks to more than {_MAX_SIZE >> 20} MB")
    return inner


def _read(path: str | Path) -> bytes:
    """A log file's bytes, unpacked if gzipped."""
    source = Path(path)
    if source.stat().st_size > _MAX_SIZE:
        raise NotationError(f"{source}: larger than {_MAX_SIZE >> 20} MB")
    data = source.read_bytes()
    return _gunzip(data) if data[:2] == _GZIP else data


def log_files(path: str | Path) -> list[Path]:
    """The log files ``path`` names: itself, or for a folder every file under it whose name
    ends with one of :data:`LOG_ENDINGS` (hidden files and folders left out), in name order."""
    source = Path(path)
    if not source.is_dir():
        return [source]
    found = [
        file
        for file in source.rglob("*")
        if file.is_file()
        and file.name.lower().endswith(LOG_ENDINGS)
        and not any(part.startswith(".") for part in file.relative_to(source).parts)
    ]
    return sorted(found, key=lambda file: file.relative_to(source).parts)


def load_games(
    path: str | Path, *, rules: Any = None, options: Iterable[str] = ()
) -> Iterator[tuple[str | None, Game | MahjongError]]:
    """Every game a log file holds, each with its label, or the error that refuses it: a log
    of one game gives one (label None); a ``simulate --out`` file one a line, labelled
    ``game N`` by its index, so that one bad game leaves the others readable. ``rules`` and
    ``options`` as :func:`load_game` takes them."""
    data = _read(path)
    kind = detect(data)
    if kind == "simulate":
        yield from _simulated(data, rules, options)
        return
    try:
        yield None, _one_game(data, kind, Path(path).name, rules, options)
    except MahjongError as error:
        yield None, error


def load_game(path: str | Path, *, rules: Any = None, options: Iterable[str] = ()) -> Game:
    """The engine game a log file holds, whichever of the formats it is in (gzipped or not);
    a file of several games (``simulate --out``) is refused: :func:`load_games` reads it.

    It is played under the rules the log implies (a Tenhou record: Tenhou's rules of the day
    its log id, in the file or its name, dates; mjai: see
    :func:`~mahjongkit.formats.mjai.read_mjai`; mahjongkit's events: the rules they carry), or
    under ``rules`` (a rules object or a preset's name); each ``NAME=VALUE`` of ``options``
    then overrides one option (:func:`mahjongkit.formats.rules.log_rules`).
    """
    data = _read(path)
    kind = detect(data)
    if kind == "simulate":
        raise NotationError("a file of simulate --out holds several games: read it with load_games")
    return _one_game(data, kind, Path(path).name, rules, options)


def _simulated(
    data: bytes, rules: Any, options: Iterable[str]
) -> Iterator[tuple[str, Game | MahjongError]]:
    """The games of a ``simulate --out`` file, one a line (see :func:`load_games`)."""
    for number, line in enumerate(data.decode("utf-8-sig").splitlines(), start=1):
        if not line.strip():
            continue
        label = f"line {number}"
        try:
            stored = json.loads(line)
        except (ValueError, RecursionError) as error:
            yield label, NotationError(f"not JSON ({error})")
            continue
        if not isinstance(stored, dict) or not isinstance(stored.get("events"), list):
            yield label, NotationError("not a game of simulate --out (an object with its events)")
            continue
        if type(stored.get("index")) is int:
            label = f"game {stored['index']}"
        try:
            events = stored["events"]
            yield label, Game.replay(events, rules=engine_log_rules(events, rules, options))
        except MahjongError as error:
            yield label, error


def _one_game(data: bytes, kind: str, name: str, rules: Any, options: Iterable[str]) -> Game:
    """The game of a log of one game, of the format :func:`detect` found; ``name`` is the
    file's (a Tenhou log id in it dates the rules)."""
    if kind == "mjlog":
        from mahjongkit.formats.tenhou.mjlog import read_mjlog
        from mahjongkit.formats.tenhou.replay import record_game, record_played

        record = read_mjlog(data)
        played = record_played(record, name)
        return record_game(record, played=played, rules=rules, options=options)
    text = data.decode("utf-8-sig")
    if kind == "tenhou6":
        from mahjongkit.formats.tenhou.replay import record_game, record_played
        from mahjongkit.formats.tenhou.tenhou6 import read_tenhou6

        record = read_tenhou6(text)
        played = record_played(record, name)
        return record_game(record, played=played, rules=rules, options=options)
    if kind == "mjai":
        from mahjongkit.formats.mjai import read_mjai

        return read_mjai(text, rules, options=options)
    events: list[Any] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                events.append(json.loads(line))
            except (ValueError, RecursionError) as error:
                raise NotationError(
                    _refusal("refusal.log_line_json", line=number, reason=str(error))
                ) from None
    try:
        return Game.replay(events, rules=engine_log_rules(events, rules, options))
    except MahjongError as error:
        raise NotationError(str(error)) from None


def write_game(game: Game, to: str) -> str:
    """A game as text in format ``to`` (one of :data:`FORMATS`)."""
    if to == "mjai":
        from mahjongkit.formats.mjai import to_mjai

        return "".join(
            json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n"
            for e in to_mjai(game.log)
        )
    if to == "tenhou6":
        from mahjongkit.formats.tenhou.export import game_to_tenhou6_json

        return json.dumps(game_to_tenhou6_json(game), ensure_ascii=False) + "\n"
    if to == "jsonl":
        return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in game.log)
    raise NotationError(f"unknown output format {to!r:.20}: expected {', '.join(FORMATS)}")


def convert(path: str | Path, to: str, *, rules: Any = None, options: Iterable[str] = ()) -> str:
    """The log in ``path`` written in format ``to`` (every game of a file of several, one
    after the other), played under ``rules`` and ``options`` as :func:`load_game` plays it;
    the first game that does not replay raises."""
    texts = []
    for _, game in load_games(path, rules=rules, options=options):
        if isinstance(game, MahjongError):
            raise game
        texts.append(write_game(game, to))
    return "".join(texts)
