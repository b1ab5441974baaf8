"""Batch simulation: many seeded games between bots, on one process or many, with a summary.

Each game's seed is derived from the run's seed and the game's index by a stable hash
(:func:`game_seed`), and every game is played by a fresh set of agents seeded from the game's
seed, so a game depends on nothing but ``(seed, index)``: the same run on one process or on
eight gives the same games, gathered in index order, hence the same stored logs and the same
summary. Games are stored in the records database (:mod:`mahjongkit.records`) or as JSON lines.

>>> plan = Plan("sichuan", None, seed=1, games=2, bots=("random",), max_rounds=1)
>>> summary = Summary(plan)
>>> for played in run(plan, jobs=1):
...     summary.add(played)
>>> summary.to_json()["games"]
2
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

from mahjongkit.errors import MahjongError

if TYPE_CHECKING:
    from mahjongkit.bots import Agent
    from mahjongkit.records import Records

__all__ = [
    "BOTS",
    "JsonLinesSink",
    "Plan",
    "Played",
    "RecordsSink",
    "SimulationError",
    "Summary",
    "game_seed",
    "make_agents",
    "parse_bots",
    "play_game",
    "run",
]

BOTS = ("random", "efficient", "defensive")
"""The bots a seat may be given."""

Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution, for the confidence intervals."""


class SimulationError(MahjongError):
    """A simulation that cannot be run as asked: an unknown bot, a wrong number of them, no
    process to run on."""

    code = "simulation"


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``: a stable hash, the same on every
    machine and every process (Python's ``hash`` is salted per process, so it is not used).

    48 bits: a stored log's integers are checked to stay below 10**15 when it is replayed.
    """
    digest = hashlib.sha256(f"mahjongkit-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def _bot_name(spec: str) -> str:
    """A bot spec as stored: a known name in lower case, or ``mjai:COMMAND`` as given."""
    name = spec.strip()
    if name.lower().startswith("mjai:"):
        from mahjongkit.bots.mjai_host import command_of

        name = "mjai:" + name[len("mjai:") :].strip()
        command_of(name)  # a command that cannot be split is refused here
        return name
    if name.lower() not in BOTS:
        raise SimulationError(
            f"unknown bot {spec!r:.40}: expected one of {', '.join(BOTS)} or mjai:COMMAND"
        )
    return name.lower()


def parse_bots(specs: Sequence[str], players: int) -> tuple[str, ...]:
    """The bot of every seat: one spec for all seats or one per seat (``mjai:COMMAND``: an
    external mjai bot, see :mod:`mahjongkit.bots.mjai_host`)."""
    if not specs:
        specs = ("random",)
    bots = tuple(_bot_name(spec) for spec in specs)
    if len(bots) == 1:
        return bots * players
    if len(bots) != players:
        raise SimulationError(
            f"{len(bots)} --bot given for a {players}-seat table: give one for every seat, "
            f"or {players}, one per seat"
        )
    return bots


def make_agents(
    bots: Sequence[str], seed: int, rules: Any = None, hosting: Hosting | None = None
) -> list[Agent]:
    """Fresh agents for one game; a random agent's seed comes from the game's seed and its seat.

    ``rules``: the game's rules object, which the efficient and defensive agents score their
    waits by (None: the variant's defaults). An ``mjai:COMMAND`` seat is a
    :class:`~mahjongkit.bots.mjai_host.MjaiSeat` (its process starts when it is bound to the
    game: :func:`~mahjongkit.bots.mjai_host.hosted`), answering within ``hosting``'s timeout and
    strictness."""
    from mahjongkit.bots import DefensiveAgent, EfficientAgent, RandomAgent

    agents: list[Agent] = []
    for seat, bot in enumerate(bots):
        if bot.startswith("mjai:"):
            from mahjongkit.bots.mjai_host import MjaiSeat, command_of

            hosting = hosting or Hosting()
            agents.append(
                MjaiSeat(command_of(bot), seat, timeout=hosting.timeout, strict=hosting.strict)
            )
        elif bot == "efficient":
            agents.append(EfficientAgent(rules))
        elif bot == "defensive":
            agents.append(DefensiveAgent(rules))
        elif bot == "random":
            agents.append(RandomAgent(game_seed(seed, seat)))
        else:
            raise SimulationError(f"unknown bot {bot!r:.40}: expected one of {', '.join(BOTS)}")
    return agents


@dataclass(frozen=True, slots=True)
class Hosting:
    """How ``mjai:COMMAND`` seats are hosted: seconds for each answer, and whether a fault
    (a late, malformed or illegal answer, a bot that exits) ends the run instead of being
    replaced by the safe default."""

    timeout: float = 5.0
    strict: bool = False


@dataclass(frozen=True, slots=True)
class Plan:
    """What to simulate: the variant, its rules (None: the variant's defaults), the run's seed,
    how many games, the bot of every seat (one name: all seats) and an optional round limit."""

    variant: str
    rules: Any
    seed: int
    games: int
    bots: tuple[str, ...]
    max_rounds: int | None = None
    hosting: Hosting = field(default_factory=Hosting)
    """How ``mjai:COMMAND`` seats are hosted (they are not stored with the games)."""


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game: its index in the run, its seed, its event log and what it came to."""

    index: int
    seed: int
    bots: tuple[str, ...]
    events: list[dict[str, Any]]
    scores: list[int]
    placements: list[int]
    wins: list[int]
    deal_ins: list[int]
    rounds: int
    faults: tuple[dict[str, int] | None, ...] = ()
    """Per seat, a hosted mjai bot's faults (:data:`~mahjongkit.bots.mjai_host.FAULTS`);
    None for the other seats, empty when no seat is hosted."""

    def result(self) -> dict[str, Any]:
        """What is stored as the game's result."""
        end = self.events[-1] if self.events else {}
        found: dict[str, Any] = {"scores": self.scores}
        if end.get("type") == "end_game" and "mjk_ranking" in end:
            found["ranking"] = end["mjk_ranking"]
        found.update(
            rounds=self.rounds,
            placements=self.placements,
            wins=self.wins,
            deal_ins=self.deal_ins,
        )
        if self.faults:
            found["mjai_faults"] = list(self.faults)
        return found


def _from_result(index: int, seed: int, bots: tuple[str, ...], result: Any) -> Played | None:
    """A game already stored, from its result (None: a result this module did not write)."""
    if not isinstance(result, dict):
        return None
    try:
        played = Played(
            index=index,
            seed=seed,
            bots=bots,
            events=[],
            scores=[int(x) for x in result["scores"]],
            placements=[int(x) for x in result["placements"]],
            wins=[int(x) for x in result["wins"]],
            deal_ins=[int(x) for x in result["deal_ins"]],
            rounds=int(result["rounds"]),
            faults=tuple(
                None if f is None else {k: int(v) for k, v in f.items()}
                for f in result.get("mjai_faults", ())
            ),
        )
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    sizes = {len(played.scores), len(played.placements), len(played.wins), len(played.deal_ins)}
    return played if sizes == {len(bots)} else None


def _placements(events: list[dict[str, Any]], scores: list[int]) -> list[int]:
    """Each seat's place, 1 the best: the engine's ranking, else by score (ties: seat order)."""
    end = events[-1] if events else {}
    ranking = end.get("mjk_ranking") if end.get("type") == "end_game" else None
    if isinstance(ranking, list) and len(ranking) == len(scores):
        places = [0] * len(scores)
        for entry in ranking:
            places[entry["seat"]] = entry["rank"]
        if all(places):
            return places
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    places = [0] * len(scores)
    for place, seat in enumerate(order, start=1):
        places[seat] = place
    return places


def play_game(plan: Plan, index: int) -> Played:
    """Play game ``index`` of ``plan`` to its end (in whichever process calls it)."""
    from mahjongkit.bots import play
    from mahjongkit.bots.mjai_host import MjaiSeat, hosted
    from mahjongkit.game.engine import Game

    seed = game_seed(plan.seed, index)
    game = Game(plan.variant, plan.rules, seed=seed, max_rounds=plan.max_rounds)
    bots = plan.bots * game.players if len(plan.bots) == 1 else plan.bots
    agents = make_agents(bots, seed, game.flow.rules, plan.hosting)
    with hosted(game, agents):
        play(game, agents)
    faults: tuple[dict[str, int] | None, ...] = ()
    if any(isinstance(agent, MjaiSeat) for agent in agents):
        faults = tuple(dict(a.faults) if isinstance(a, MjaiSeat) else None for a in agents)
    wins = [0] * game.players
    deal_ins = [0] * game.players
    for event in game.log:
        if event["type"] == "hora":
            wins[event["actor"]] += 1
            if event.get("target") is not None and event["target"] != event["actor"]:
                deal_ins[event["target"]] += 1
    # The log's events are typed dicts; stored and summed up, they are plain JSON objects.
    events = cast("list[dict[str, Any]]", list(game.log))
    scores = list(game.scores)
    return Played(
        index=index,
        seed=seed,
        bots=tuple(bots),
        events=events,
        scores=scores,
        placements=_placements(events, scores),
        wins=wins,
        deal_ins=deal_ins,
        rounds=game.rounds_played,
        faults=faults,
    )


def _play_task(task: tuple[Plan, int]) -> Played:
    return play_game(*task)


def run(plan: Plan, jobs: int | None = None, skip: Collection[int] = ()) -> Iterator[Played]:
    """The games of ``plan`` but those of ``skip``, in index order, played on ``jobs`` processes
    (default: every core). The order and every game are the same whatever ``jobs`` is."""
    if jobs is None:
        jobs = os.cpu_count() or 1
    if type(jobs) is not int or jobs < 1:
        raise SimulationError(f"--jobs is the number of processes, at least 1, not {jobs!r:.20}")
    indices = [i for i in range(plan.games) if i not in skip]
    jobs = min(jobs, len(indices))
    if jobs <= 1:
        for index in indices:
            yield play_game(plan, index)
        return
    import multiprocessing

    with multiprocessing.get_context().Pool(jobs) as pool:
        # imap keeps index order; one game per task keeps the processes evenly busy.
        yield from pool.imap(_play_task, ((plan, i) for i in indices), chunksize=1)


# --- where the games go ------------------------------------------------------------------------


class RecordsSink:
    """Stores each game in a records database: created with its first events, the rest appended,
    then finished with its result (one game never half stored from a reader's view of status)."""

    def __init__(self, records: Records, plan: Plan) -> None:
        self.records = records
        self.plan = plan
        self.ids: list[int] = []
        self.unfinished: dict[int, int] = {}
        """Game index -> id of its record left unfinished by an interrupted run."""

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
            else:
                self.unfinished.setdefault(index, record.id)
        return done

    def __call__(self, played: Played) -> None:
        from mahjongkit.game.engine import Game
        from mahjongkit.records import Seat

        if played.index in self.unfinished:
            number = self.unfinished.pop(played.index)
            count = self.records.event_count(number)
            if list(self.records.load(number).events) != played.events[:count]:
                raise SimulationError(
                    f"game {number} of the records is not game {played.index} of this run"
                )
            self.records.append_events(number, played.events[count:], count)
            self.records.finish(number, played.result())
            self.ids.append(number)
            return
        opening = Game(
            self.plan.variant, self.plan.rules, seed=played.seed, max_rounds=self.plan.max_rounds
        )
        opening.start()
        count = len(opening.log)
        if opening.log != played.events[:count]:
            raise SimulationError(f"game {played.index}: its opening events differ from a replay")
        seats = [Seat(f"{bot}{seat}", bot) for seat, bot in enumerate(played.bots)]
        number = self.records.create_game(opening, seats, surface="simulate")
        self.records.append_events(number, played.events[count:], count)
        self.records.finish(number, played.result())
        self.ids.append(number)


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
                    f"{path}: line {len(done) + 1} is not a game of this run (another seed, "
                    "variant, rules or bots): --resume continues the same command"
                )
            played = _from_result(index, line["seed"], tuple(bots), line.get("result"))
            if played is None:
                break
            done[index] = played
            kept += len(raw)
    return done, kept


class JsonLinesSink:
    """Writes each game as one JSON object per line: rules, seed, bots, events and result."""

    def __init__(self, stream: IO[str], plan: Plan) -> None:
        self.stream = stream
        self.plan = plan

    def __call__(self, played: Played) -> None:
        start = played.events[0] if played.events else {}
        line = {
            "index": played.index,
            "variant": self.plan.variant,
            "rules": start.get("mjk_rules"),
            "seed": played.seed,
            "bots": list(played.bots),
            "events": played.events,
            "result": played.result(),
        }
        self.stream.write(json.dumps(line, ensure_ascii=False) + "\n")


# --- the summary -------------------------------------------------------------------------------


@dataclass(slots=True)
class _Tally:
    games: int = 0
    rounds: int = 0
    wins: int = 0
    deal_ins: int = 0
    scores: list[int] = field(default_factory=list)
    placements: list[int] = field(default_factory=list)
    faults: dict[str, int] | None = None
    """A hosted mjai bot's faults, summed over its games (None: no hosted bot)."""

    def count_faults(self, faults: dict[str, int] | None) -> None:
        if faults is not None:
            total = self.faults if self.faults is not None else {}
            for kind, number in faults.items():
                total[kind] = total.get(kind, 0) + number
            self.faults = total

    def to_json(self) -> dict[str, Any]:
        found = {
            "games": self.games,
            "rounds": self.rounds,
            "wins": self.wins,
            "win_rate": _rate(self.wins, self.rounds),
            "deal_ins": self.deal_ins,
            "deal_in_rate": _rate(self.deal_ins, self.rounds),
            "score": _mean_interval(self.scores),
            "placement": _mean_interval(self.placements),
        }
        if self.faults is not None:
            found["mjai_faults"] = dict(self.faults)
        return found


def _rate(count: int, rounds: int) -> float | None:
    return round(count / rounds, 6) if rounds else None


def _mean_interval(values: Sequence[int]) -> dict[str, float | None]:
    """The mean and its 95% confidence interval (normal approximation; none under two values)."""
    n = len(values)
    if n == 0:
        return {"mean": None, "low": None, "high": None}
    mean = math.fsum(values) / n
    if n < 2:
        return {"mean": round(mean, 6), "low": None, "high": None}
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z_95 * math.sqrt(variance / n)
    return {"mean": round(mean, 6), "low": round(mean - half, 6), "high": round(mean + half, 6)}


class Summary:
    """Per seat and per bot: wins and deal-ins (with their rate per round), the average final
    score and placement with 95% confidence intervals."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.games = 0
        self.rounds = 0
        self.seats: list[_Tally] = []
        self.seat_bots: list[str] = []
        self.bots: dict[str, _Tally] = {}

    def add(self, played: Played) -> None:
        """Count one game."""
        self.games += 1
        self.rounds += played.rounds
        if not self.seats:
            self.seats = [_Tally() for _ in played.bots]
            self.seat_bots = list(played.bots)
        for seat, bot in enumerate(played.bots):
            for tally in (self.seats[seat], self.bots.setdefault(bot, _Tally())):
                tally.games += 1
                tally.rounds += played.rounds
                tally.wins += played.wins[seat]
                tally.deal_ins += played.deal_ins[seat]
                tally.scores.append(played.scores[seat])
                tally.placements.append(played.placements[seat])
                if played.faults:
                    tally.count_faults(played.faults[seat])

    def to_json(self) -> dict[str, Any]:
        """The summary as one object (the same for the same plan, whatever the processes)."""
        seat_names = "ESWN"
        return {
            "variant": self.plan.variant,
            "seed": self.plan.seed,
            "games": self.games,
            "rounds": self.rounds,
            "max_rounds": self.plan.max_rounds,
            "seats": [
                {"seat": seat_names[seat], "bot": self.seat_bots[seat], **tally.to_json()}
                for seat, tally in enumerate(self.seats)
            ],
            "bots": [{"bot": bot, **tally.to_json()} for bot, tally in sorted(self.bots.items())],
        }


def simulate(
    plan: Plan,
    jobs: int | None,
    sink: Callable[[Played], None] | None = None,
    progress: Callable[[Played], None] | None = None,
    done: dict[int, Played] | None = None,
) -> Summary:
    """Run ``plan``: each game handed to ``sink`` (storage) then ``progress``, in index order;
    the summary of the games played (a run interrupted keeps every game already handed on).

    ``done``: games already stored by an interrupted run, counted and not played again.
    """
    summary = Summary(plan)
    done = done or {}
    for index in sorted(done):
        summary.add(done[index])
    for played in run(plan, jobs, skip=done):
        if sink is not None:
            sink(played)
        summary.add(played)
        if progress is not None:
            progress(played)
    return summary


__all__ += ["simulate", "stored_lines"]
