"""Where the games go: the records database (stored whole, resumable) or a JSON lines file,
and what an interrupted run left there."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

from mahjongkit.bots.seating import SimulationError, _refusal, game_seed
from mahjongkit.sim.plan import Plan, Played, _encode, _from_result
from mahjongkit.valueclass import dataclass, field

if TYPE_CHECKING:
    from mahjongkit.game.engine import Game
    from mahjongkit.records import Records


__all__ = ["JsonLinesSink", "RecordsSink", "Storage", "stored_lines"]


@dataclass(frozen=True, slots=True)
class Storage:
    """Where the process that plays a game keeps it (told to every process once).

    ``records``: the records database each game is stored in, game ``i`` at id ``first + i``
    (a block :meth:`~mahjongkit.records.Records.reserve_ids` kept for the run), but for the
    games of ``unfinished`` (index -> id of a record an older version's interrupted run left
    half stored), which are completed there. ``json_lines``: the game comes back as its JSON
    line, ready to write. ``packed``: its log comes back packed for the records (where the
    database cannot be reached: a Ray task), but for the games of ``unfinished``. None of
    these: the game comes back with its whole log.
    """

    records: Path | None = None
    first: int = 1
    unfinished: dict[int, int] = field(default_factory=dict)
    json_lines: bool = False
    packed: bool = False


class RecordsSink:
    """Stores each game in a records database, whole and finished in one transaction (an
    interruption stores none of the game it cuts), at the id of its index in a block kept for
    the run (:meth:`prepare`); a game an older run left half stored is completed on ``--resume``
    rather than stored twice.

    With :class:`Storage` the processes that play the games store them, each on its own
    connection; this sink then only notes their ids (a Ray task's game, played where the
    database may not be, is stored here)."""

    def __init__(self, records: Records, plan: Plan) -> None:
        self.records = records
        self.plan = plan
        self.unfinished: dict[int, int] = {}
        """Game index -> id of its record left unfinished by an interrupted run."""
        self.found: dict[int, int] = {}
        """Game index -> id of its record already stored (finished or not)."""
        self.storage: Storage | None = None
        self.rules: Any = None
        """The rules every game of the plan records (worked out once)."""

    def stored(self, bots: Sequence[str]) -> dict[int, Played]:
        """The games of this plan already finished in the database (by index), for ``--resume``;
        those left half stored are noted, to be completed rather than stored twice."""
        seeds = {game_seed(self.plan.seed, i): i for i in range(self.plan.games)}
        rules = _opening_rules(self.plan)
        done: dict[int, Played] = {}
        for record in sorted(self.records.list_games(), key=lambda r: r.id):
            index = seeds.get(record.seed)
            if (
                index is None
                or record.surface != "simulate"
                or record.variant != self.plan.variant
                or [seat.bot for seat in record.seats] != list(bots)
                or record.rules != rules
                or index in done
            ):
                continue
            if record.finished:
                played = _from_result(index, record.seed, tuple(bots), record.result)
                if played is not None:
                    done[index] = played
                    self.unfinished.pop(index, None)
                    self.found[index] = record.id
            else:
                self.unfinished.setdefault(index, record.id)
                self.found.setdefault(index, record.id)
        return done

    def prepare(self) -> Storage:
        """Where this run's games go: the block of ids of an interrupted run of the same plan
        (its games are at ``first + index``) if its free ids are still free, else a new block
        of one id per game, kept from other writers."""
        games = self.plan.games
        firsts = {number - index for index, number in self.found.items()}
        first: int | None = None
        if len(firsts) == 1:
            (candidate,) = firsts
            taken = self.records.ids_between(candidate, candidate + games - 1)
            if candidate >= 1 and len(taken) == len(self.found):
                first = candidate  # every other id of the block is free
        first = self.records.reserve_ids(games, first)
        self.storage = Storage(self.records.path, first, dict(self.unfinished))
        return self.storage

    def kept(self) -> int:
        """How many games of this run are stored finished (after an interruption: by whichever
        process stored them)."""
        if self.storage is None:
            return 0
        first = self.storage.first
        kept = set(self.records.ids_between(first, first + self.plan.games - 1, "finished"))
        # Those stored before this run, in another block (an older version's or a block that
        # was taken meanwhile), count too.
        for number in self.found.values():
            if number not in kept and self.records.load(number, events=False).finished:
                kept.add(number)
        return len(kept)

    def __call__(self, played: Played) -> None:
        if played.record is not None:
            return  # stored by the process that played it
        storage = self.storage if self.storage is not None else self.prepare()
        if played.packed is not None:
            from mahjongkit.records import Seat

            if self.rules is None:
                self.rules = _opening_rules(self.plan)
            seats = [Seat(f"{bot}{seat}", bot) for seat, bot in enumerate(played.bots)]
            self.records.add_packed(
                self.plan.variant,
                played.seed,
                self.rules,
                seats,
                played.packed,
                played.result(),
                surface="simulate",
                number=storage.first + played.index,
            )
            return
        _store(self.records, self.plan, storage, played)


def _store(
    records: Records, plan: Plan, storage: Storage, played: Played, game: Game | None = None
) -> int:
    """Store ``played`` (its whole log) as its storage says; its id. ``game``: the game itself,
    when it was played here (else its opening is dealt again, to give the record its rules)."""
    from mahjongkit.game.engine import Game
    from mahjongkit.records import Seat

    number = storage.unfinished.get(played.index)
    if number is not None:
        count = records.event_count(number)
        stored = [_encode(event) for event in records.load(number).events]
        if stored != list(played.lines[:count]):
            raise SimulationError(
                f"game {number} of the records is not game {played.index} of this run"
            )
        records.append_events(number, played.events[count:], count)
        records.finish(number, played.result())
        return number
    if game is None:
        game = Game(plan.variant, plan.rules, seed=played.seed, max_rounds=plan.max_rounds)
        game.start()
        count = len(game.log)
        if [_encode(event) for event in game.log] != list(played.lines[:count]):
            raise SimulationError(f"game {played.index}: its opening events differ from a replay")
    seats = [Seat(f"{bot}{seat}", bot) for seat, bot in enumerate(played.bots)]
    return records.add_finished(
        game,
        seats,
        played.lines,
        played.result(),
        surface="simulate",
        number=storage.first + played.index,
    )


def _opening_rules(plan: Plan) -> Any:
    """The rules a game of ``plan`` records in its first event."""
    from mahjongkit.game.engine import Game

    game = Game(plan.variant, plan.rules, seed=0, max_rounds=plan.max_rounds)
    game.start()
    start = cast("dict[str, Any]", game.log[0])
    return json.loads(json.dumps(start["mjk_rules"]))


def stored_lines(path: Path, plan: Plan, bots: Sequence[str]) -> tuple[dict[int, Played], int]:
    """The games of ``plan`` already written to the JSON lines file ``path`` (for ``--resume``)
    and the length in bytes of its whole lines: a line cut by an interruption is dropped."""
    seeds = {game_seed(plan.seed, i): i for i in range(plan.games)}
    rules = _opening_rules(plan)
    done: dict[int, Played] = {}
    kept = 0
    with path.open("rb") as stream:
        for raw in stream:
            if not raw.endswith(b"\n"):
                break
            try:
                line = json.loads(raw)
            except ValueError:
                break
            if not isinstance(line, dict):
                break
            index = seeds.get(line.get("seed"))  # type: ignore[arg-type]
            if (
                index is None
                or line.get("index") != index
                or line.get("variant") != plan.variant
                or line.get("bots") != list(bots)
                or line.get("rules") != rules
            ):
                raise SimulationError(
                    _refusal("refusal.sim_resume_other", path=str(path), line=len(done) + 1)
                )
            played = _from_result(index, line["seed"], tuple(bots), line.get("result"))
            if played is None:
                break
            done[index] = played
            kept += len(raw)
    return done, kept


class JsonLinesSink:
    """Writes each game as one JSON object per line: rules, seed, bots, events and result (the
    line made by the process that played the game, with :meth:`prepare`'s storage)."""

    def __init__(self, stream: IO[str], plan: Plan) -> None:
        self.stream = stream
        self.plan = plan

    def prepare(self) -> Storage:
        """The processes that play the games make their lines."""
        return Storage(json_lines=True)

    def __call__(self, played: Played) -> None:
        line = played.line if played.line is not None else _json_line(self.plan, played)
        self.stream.write(line)


def _json_line(plan: Plan, played: Played) -> str:
    """The game's line of a JSON lines file, its newline included."""
    start = json.loads(played.lines[0]) if played.lines else {}
    head = {
        "index": played.index,
        "variant": plan.variant,
        "rules": start.get("mjk_rules"),
        "seed": played.seed,
        "bots": list(played.bots),
    }
    tail = {"result": played.result()}
    # The events spliced in as encoded: the same text json.dumps would give for the object.
    text = json.dumps(head, ensure_ascii=False)[:-1] + ', "events": ['
    return text + ", ".join(played.lines) + "], " + json.dumps(tail, ensure_ascii=False)[1:] + "\n"
