"""Every decision of a recorded game, as a learner sees it: the seat, the encoded observation,
the legal mask and the action index taken.

A recorded game is played again through the engine (each event checked), and each decision is
taken where the engine asks for it: so every claim window gives one decision per seat that could
claim, those that let the tile go included (``pass``). Sources:

- our event logs: a list of events (``Game.log``, a stored record's ``events``), a
  :class:`~mahjongkit.game.engine.Game`, a :class:`~mahjongkit.records.GameRecord`, a JSON-lines
  file of events (``mahjongkit export ID --format jsonl``), or a records database (every game);
- Tenhou records: an mjlog file (``.mjlog``, ``.xml``, gzip or not), a tenhou.net/6 JSON file,
  or a parsed :class:`~mahjongkit.formats.tenhou.records.MjlogGame` (one game per round);
- mjai logs (JSON lines whose draws and discards carry no ``mjk_id``): read back through the
  engine by :func:`mahjongkit.formats.mjai.read_mjai`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit.errors import IllegalActionError, MahjongError
from mahjongkit.game.engine import Game
from mahjongkit.rl.encoder import SCORE_SCALES
from mahjongkit.rl.encoders import ENCODERS, SeatPlanes
from mahjongkit.rl.spaces import ActionCodec, layout_for
from mahjongkit.table.actions import Action
from mahjongkit.table.events import Kind
from mahjongkit.valueclass import dataclass

__all__ = ["Decision", "DecisionsError", "decisions"]


class DecisionsError(IllegalActionError):
    """A source of decisions that cannot be read or played again (which, and why)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One seat's decision at one moment of a recorded game."""

    game: int
    """Which game of the source (0-based; a Tenhou record gives one per round)."""
    seat: int
    observation: npt.NDArray[np.float32]
    """The encoder's planes for the seat (``v1``: 56 x 34, ``v2``: 136 x 34)."""
    action_mask: npt.NDArray[np.int8]
    action: int
    """The index taken (one of the mask's ones)."""
    engine_action: Action
    """The action as the engine played it."""
    phase: str
    """The table's phase: ``turn``, ``claim``, ``rob``, ``exchange`` or ``declare``."""


class _Recorder(Game):
    """A game that notes, before each decision it applies, what the deciding seat saw."""

    sink: list[Decision]
    number: int = 0
    encoder: str = "v1"
    codecs: dict[str, ActionCodec]

    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, **options)
        self.seat_planes: dict[int, SeatPlanes] = {}
        """Each seat's planes, kept up to date as the record is played again."""

    def apply(self, action: object) -> list[Any]:
        """Note the decision, then play it."""
        seat = action.seat if isinstance(action, Action) else None
        codec = self.codecs.get(self.variant)
        if codec is None:
            red = bool(getattr(self.flow.rules, "red_fives", False))
            layout = layout_for(self.variant, self.flow.rules)  # kita where North is set aside
            codec = self.codecs[self.variant] = ActionCodec(layout, red)
        red = bool(getattr(self.flow.rules, "red_fives", False))
        if isinstance(action, Action) and type(seat) is int and 0 <= seat < self.players:
            phase = self.round.phase.value
            planes = self.seat_planes.get(seat)
            if planes is None:
                planes = self.seat_planes[seat] = ENCODERS[self.encoder].make(
                    seat, SCORE_SCALES[self.variant], red
                )
            legal = self.legal_actions(seat)
            observation = planes.planes(self, bool(legal))  # from the table, as the env does
            mask, chosen = codec.table(legal, self.round.seats[seat].drawn)
            index = codec.index(action)
            if index not in chosen:
                raise DecisionsError(
                    f"seat {seat} played {action.to_json()}, which the engine does not offer"
                )
            self.sink.append(
                Decision(
                    self.number,
                    seat,
                    observation,
                    mask,
                    index,
                    action,
                    phase,
                )
            )
        return super().apply(action)


def _replayed(
    events: list[Any], number: int, rules: Any = None, encoder: str = "v1"
) -> list[Decision]:
    sink: list[Decision] = []
    _Recorder.sink = sink
    _Recorder.number = number
    _Recorder.encoder = encoder
    _Recorder.codecs = {}
    try:
        _Recorder.replay(events, rules=rules)
    except MahjongError as error:
        raise DecisionsError(f"game {number}: {error}") from None
    return sink


def decisions(
    source: Any, *, encoder: str = "v1", rules: Any = None, options: Iterable[str] = ()
) -> Iterator[Decision]:
    """Every decision of ``source`` (see the module's description), in the order played.

    Each game is played under the rules its log implies (a Tenhou record: Tenhou's of its
    day; mjai: Tenhou's, East-South; our events: those they carry), or under ``rules`` (a
    rules object or a preset's name); each ``NAME=VALUE`` of ``options`` then overrides one
    option, as ``convert --rules --option`` does.
    """
    from mahjongkit.formats.rules import engine_log_rules

    if encoder not in ENCODERS:
        raise DecisionsError(
            f"unknown encoder {encoder!r:.40}: expected one of {', '.join(ENCODERS)}"
        )
    if isinstance(options, str | bytes) or not isinstance(options, Iterable):
        raise DecisionsError(
            f"options are a list of NAME=VALUE strings, not {type(options).__name__}"
        )
    chosen = _Chosen(rules, tuple(options))
    for number, (events, own) in enumerate(_games_of(source, chosen)):
        # Our own logs are played under the rules chosen here; the others were read under them.
        try:
            replay_rules = engine_log_rules(events, rules, chosen.options) if own else None
        except MahjongError as error:
            raise DecisionsError(f"game {number}: {error}") from None
        yield from _replayed(events, number, replay_rules, encoder)


@dataclass(frozen=True, slots=True)
class _Chosen:
    """The ``rules`` and ``options`` given to :func:`decisions`."""

    rules: Any
    options: tuple[str, ...]


def _games_of(source: Any, chosen: _Chosen) -> Iterator[tuple[list[Any], bool]]:
    """The engine event logs of a source, one per game, each with whether it is our own log
    (not yet played under the chosen rules)."""
    from mahjongkit.formats.tenhou.records import MjlogGame

    if isinstance(source, Game):
        yield list(source.log), True
        return
    if isinstance(source, MjlogGame):
        yield from _tenhou(source, chosen)
        return
    events = getattr(source, "events", None)
    if isinstance(events, tuple | list) and hasattr(source, "variant"):  # a GameRecord
        yield list(events), True
        return
    if isinstance(source, str | Path):
        yield from _file(Path(source), chosen)
        return
    if isinstance(source, list | tuple):
        if _is_mjai(list(source)):
            yield _mjai(list(source), chosen), False
        else:
            yield list(source), True
        return
    raise DecisionsError(
        "decisions() reads an event log (a list of events, a Game, a stored record), a Tenhou "
        f"record or a path to a log file, not {type(source).__name__}"
    )


def _tenhou(record: Any, chosen: _Chosen, name: str = "") -> Iterator[tuple[list[Any], bool]]:
    """A Tenhou record's rounds, under the rules of the day its log id (or ``name``) gives,
    or the rules chosen."""
    from mahjongkit.formats.tenhou.replay import record_played, round_games

    played = record_played(record, name)
    try:
        for _, game in round_games(
            record, played=played, rules=chosen.rules, options=chosen.options
        ):
            yield list(game.log), False
    except MahjongError as error:
        raise DecisionsError(f"Tenhou record: {error}") from None


def _file(path: Path, chosen: _Chosen) -> Iterator[tuple[list[Any], bool]]:
    if not path.is_file():
        raise DecisionsError(f"{path}: no such file")
    suffixes = [s.lower() for s in path.suffixes]
    try:
        if suffixes and suffixes[-1] in (".sqlite3", ".sqlite", ".db"):
            yield from ((events, True) for events in _database(path))
            return
        if any(s in (".mjlog", ".xml") for s in suffixes):
            from mahjongkit.formats.tenhou.mjlog import read_mjlog

            yield from _tenhou(read_mjlog(path), chosen, path.name)
            return
        if suffixes and suffixes[-1] == ".json":
            from mahjongkit.formats.tenhou.tenhou6 import read_tenhou6

            yield from _tenhou(read_tenhou6(path), chosen, path.name)
            return
        yield from _json_lines(path, chosen)
    except DecisionsError:
        raise
    except MahjongError as error:
        raise DecisionsError(f"{path}: {error}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise DecisionsError(f"{path}: cannot be read ({error})") from None


def _json_lines(path: Path, chosen: _Chosen) -> Iterator[tuple[list[Any], bool]]:
    """A file of JSON lines: our events (several games may follow one another) or mjai's."""
    games: list[list[Any]] = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                event = json.loads(line)
            except ValueError as error:
                raise DecisionsError(f"{path}, line {number}: not JSON ({error})") from None
            if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                raise DecisionsError(
                    f"{path}, line {number}: an event is a JSON object with a type"
                )
            if event["type"] == Kind.START_GAME or not games:
                games.append([])
            games[-1].append(event)
    if not games:
        raise DecisionsError(f"{path}: no events")
    for events in games:
        yield (_mjai(events, chosen), False) if _is_mjai(events) else (events, True)


def _database(path: Path) -> Iterator[list[Any]]:
    from mahjongkit.records import Records

    with Records(path, create=False) as records:
        numbers = [record.id for record in records.list_games()]
        for number in sorted(numbers):
            yield list(records.load(number).events)


def _is_mjai(events: list[Any]) -> bool:
    """An mjai log rather than the engine's own events: its draws and discards name their tile
    by mjai notation alone (the engine's carry the tile's id, ``mjk_id``, too)."""
    for event in events:
        if isinstance(event, dict) and event.get("type") in (Kind.TSUMO, Kind.DAHAI):
            return "mjk_id" not in event
    return False


def _mjai(events: list[Any], chosen: _Chosen) -> list[Any]:
    """An mjai log as the engine's events, each checked by playing it through the engine."""
    from mahjongkit.formats.mjai import read_mjai

    try:
        return list(read_mjai(events, chosen.rules, options=chosen.options).log)
    except MahjongError as error:
        raise DecisionsError(f"an mjai log the engine cannot follow: {error}") from None
