"""Game logs from one format to another: Tenhou mjlog, tenhou.net/6 JSON, mjai JSON lines and
mahjongkit's own event lines (what ``export --format jsonl`` writes).

Every input becomes an engine :class:`~mahjongkit.game.engine.Game` first, played decision by
decision and checked against the input on the way; every output is written from that game. So a
converted log has every event the engine emits (each dora and kan dora, the ura indicators,
every score change), and a log that does not replay is refused with the first disagreement.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mahjongkit.errors import MahjongError, NotationError
from mahjongkit.formats.rules import engine_log_rules
from mahjongkit.game.engine import Game

__all__ = [
    "FORMATS",
    "SUFFIXES",
    "convert",
    "convert_each",
    "detect",
    "load_game",
    "load_games",
    "write_game",
]

FORMATS = ("mjai", "tenhou6", "jsonl")
"""The formats :func:`write_game` writes."""
SUFFIXES = {"mjai": ".mjai.jsonl", "tenhou6": ".tenhou6.json", "jsonl": ".jsonl"}
"""The file name ending of each output format."""

_MAX_SIZE = 64 << 20


def _refusal(key: str, **values: Any) -> str:
    """A refusal said in every language (a :class:`~mahjongkit.i18n.Sentence`)."""
    from mahjongkit.i18n import Sentence

    return Sentence(key, **values)


def detect(data: bytes) -> str:
    """The format of a log's bytes: ``mjlog``, ``tenhou6``, ``jsonl`` (engine events) or
    ``mjai``; :class:`~mahjongkit.errors.NotationError` for anything else."""
    if data[:2] == b"\x1f\x8b" or data.lstrip()[:1] == b"<":
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
        raise NotationError(_refusal("refusal.log_first_line")) from None
    if isinstance(head, dict) and isinstance(head.get("events"), list) and "index" in head:
        return "games"  # what simulate --out writes: a game a line
    if not isinstance(head, dict) or head.get("type") != "start_game":
        raise NotationError(_refusal("refusal.log_start_game"))
    return "jsonl" if "mjk_seed" in head else "mjai"


def load_games(
    path: str | Path, *, rules: Any = None, options: Iterable[str] = ()
) -> list[tuple[str, Game]]:
    """Every engine game a file holds, each with the label of its place in the file: ``""``
    for a game log, ``-N`` for game N of a file of games (what ``simulate --out`` writes, one
    game a line), played under ``rules`` and ``options`` as :func:`load_game` plays a log."""
    source = Path(path)
    if source.stat().st_size > _MAX_SIZE:
        raise NotationError(_refusal("refusal.log_size", path=str(source), most=_MAX_SIZE >> 20))
    data = source.read_bytes()
    kind = detect(data)
    if kind != "games":
        return [("", _game_of(data, kind, source, rules, options))]
    games = []
    for number, line in enumerate(data.decode("utf-8-sig").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            played = json.loads(line)
        except (ValueError, RecursionError) as error:
            raise NotationError(
                _refusal("refusal.log_line_json", line=number, reason=str(error))
            ) from None
        if not isinstance(played, dict) or not isinstance(played.get("events"), list):
            raise NotationError(_refusal("refusal.log_line_game", line=number))
        events = played["events"]
        try:
            game = Game.replay(events, rules=engine_log_rules(events, rules, options))
        except MahjongError as error:
            raise NotationError(
                _refusal("refusal.log_line_replay", line=number, reason=str(error))
            ) from None
        games.append((f"-{played.get('index', number - 1)}", game))
    return games


def load_game(path: str | Path, *, rules: Any = None, options: Iterable[str] = ()) -> Game:
    """The engine game a log file holds, whichever of the formats it is in (the first of a
    file of games).

    It is played under the rules the log implies (a Tenhou record: Tenhou's rules of the day
    its log id, in the file or its name, dates; mjai: see
    :func:`~mahjongkit.formats.mjai.read_mjai`; mahjongkit's events: the rules they carry), or
    under ``rules`` (a rules object or a preset's name); each ``NAME=VALUE`` of ``options``
    then overrides one option (:func:`mahjongkit.formats.rules.log_rules`).
    """
    return load_games(path, rules=rules, options=options)[0][1]


def _game_of(data: bytes, kind: str, source: Path, rules: Any, options: Iterable[str]) -> Game:
    """The engine game of one log's bytes, in format ``kind`` (see :func:`detect`)."""
    if kind == "mjlog":
        from mahjongkit.formats.tenhou.mjlog import read_mjlog
        from mahjongkit.formats.tenhou.replay import record_game, record_played

        if data[:2] == b"\x1f\x8b":
            try:
                data = gzip.decompress(data)
            except (OSError, EOFError) as error:
                raise NotationError(_refusal("refusal.log_gzip", reason=str(error))) from None
        record = read_mjlog(data)
        played = record_played(record, source.name)
        return record_game(record, played=played, rules=rules, options=options)
    text = data.decode("utf-8-sig")
    if kind == "tenhou6":
        from mahjongkit.formats.tenhou.replay import record_game, record_played
        from mahjongkit.formats.tenhou.tenhou6 import read_tenhou6

        record = read_tenhou6(text)
        played = record_played(record, source.name)
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
    """The log in ``path`` written in format ``to`` (played under ``rules`` and ``options`` as
    :func:`load_game` plays it; every game of a file of games, one after another)."""
    return "".join(text for _, text in convert_each(path, to, rules=rules, options=options))


def convert_each(
    path: str | Path, to: str, *, rules: Any = None, options: Iterable[str] = ()
) -> list[tuple[str, str]]:
    """Each game of ``path`` written in format ``to``, with its label (see :func:`load_games`)."""
    games = load_games(path, rules=rules, options=options)
    return [(label, write_game(game, to)) for label, game in games]
