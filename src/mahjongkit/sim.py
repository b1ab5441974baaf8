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

import contextlib
import hashlib
import json
import math
import os
from collections.abc import Callable, Collection, Generator, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

from mahjongkit.errors import MahjongError

if TYPE_CHECKING:
    from mahjongkit.bots import Agent
    from mahjongkit.game.engine import Game
    from mahjongkit.records import Records

__all__ = [
    "BOTS",
    "JsonLinesSink",
    "Moments",
    "Plan",
    "Played",
    "RecordsSink",
    "SimulationError",
    "Storage",
    "Summary",
    "game_seed",
    "make_agents",
    "parse_bots",
    "play_game",
    "run",
]

BOTS = ("random", "efficient", "defensive")
"""The bots a seat may be given by name (those of :data:`mahjongkit.bots.BOT_NAMES`), or
``mjai:COMMAND``."""

Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution, for the confidence intervals."""


def _refusal(key: str, **values: Any) -> str:
    """A refusal said in every language (a :class:`~mahjongkit.i18n.Sentence`)."""
    from mahjongkit.i18n import Sentence

    return Sentence(key, **values)


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
            _refusal("refusal.sim_bot", bot=repr(spec[:40]), bots=", ".join(BOTS))
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
        raise SimulationError(_refusal("refusal.sim_bot_count", count=len(bots), players=players))
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
    from mahjongkit.bots import make_bot

    agents: list[Agent] = []
    for seat, bot in enumerate(bots):
        if bot.startswith("mjai:"):
            from mahjongkit.bots.mjai_host import MjaiSeat, command_of

            hosting = hosting or Hosting()
            agents.append(
                MjaiSeat(command_of(bot), seat, timeout=hosting.timeout, strict=hosting.strict)
            )
        elif bot in BOTS:
            agents.append(make_bot(bot, game_seed(seed, seat), rules))
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
    """One finished game: its index in the run, its seed, its event log and what it came to.

    The log is kept as JSON text, one string an event (``lines``), encoded where the game was
    played. A game that the process playing it already stored (:class:`Storage`) comes back
    without its log, only with what the summary counts and where it went (``record``, or the
    JSON ``line`` to write): the process that gathers the games does a few small steps each.
    """

    index: int
    seed: int
    bots: tuple[str, ...]
    lines: tuple[str, ...]
    scores: list[int]
    placements: list[int]
    wins: list[int]
    deal_ins: list[int]
    rounds: int
    ranking: Any = None
    """The engine's final ranking (its ``end_game`` event's), if it gave one."""
    faults: tuple[dict[str, int] | None, ...] = ()
    """Per seat, a hosted mjai bot's faults (:data:`~mahjongkit.bots.mjai_host.FAULTS`);
    None for the other seats, empty when no seat is hosted."""
    record: int | None = None
    """The id the game was stored at by the process that played it (None: not stored yet)."""
    line: str | None = None
    """The game as its JSON line (:class:`JsonLinesSink`), made by the process that played it."""
    packed: bytes | None = None
    """The game's log packed for the records (:func:`~mahjongkit.records.pack_log`), made by
    the process that played it (a Ray task)."""

    @property
    def events(self) -> list[dict[str, Any]]:
        """The event log, decoded."""
        return [json.loads(line) for line in self.lines]

    def result(self) -> dict[str, Any]:
        """What is stored as the game's result."""
        found: dict[str, Any] = {"scores": self.scores}
        if self.ranking is not None:
            found["ranking"] = self.ranking
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
            lines=(),
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
    """Each seat's place, 1 the best (:func:`mahjongkit.game.ranking.ranking`)."""
    from mahjongkit.game.ranking import ranking

    places = [0] * len(scores)
    for row in ranking(events[-1] if events else {}, scores):
        places[row["seat"]] = row["rank"]
    return places


def play_game(plan: Plan, index: int) -> Played:
    """Play game ``index`` of ``plan`` to its end (in whichever process calls it)."""
    return _play(plan, index)[1]


class Counters:
    """The games and rounds played so far, counted by the processes that play them as each
    ends (a progress bar reads them while the run goes on: it moves with every round, whatever
    order the games are handed back in). Shared memory, so that a pool's workers count too."""

    def __init__(self) -> None:
        import multiprocessing

        self._games = multiprocessing.Value("q", 0)
        self._rounds = multiprocessing.Value("q", 0)

    @property
    def games(self) -> int:
        """Games finished."""
        return int(self._games.value)

    @property
    def rounds(self) -> int:
        """Rounds finished, those of the games still being played included."""
        return int(self._rounds.value)

    def round_over(self, _rounds: int = 0) -> None:
        """One more round is over."""
        with self._rounds.get_lock():
            self._rounds.value += 1

    def game_over(self) -> None:
        """One more game is over."""
        with self._games.get_lock():
            self._games.value += 1


def _play(plan: Plan, index: int, counters: Counters | None = None) -> tuple[Game, Played]:
    """Game ``index`` of ``plan`` played to its end, and what it came to (counted in
    ``counters``, round by round, when given)."""
    from mahjongkit.bots import play
    from mahjongkit.bots.mjai_host import MjaiSeat, hosted
    from mahjongkit.game.engine import Game

    seed = game_seed(plan.seed, index)
    game = Game(plan.variant, plan.rules, seed=seed, max_rounds=plan.max_rounds)
    bots = plan.bots * game.players if len(plan.bots) == 1 else plan.bots
    agents = make_agents(bots, seed, game.flow.rules, plan.hosting)
    with hosted(game, agents):
        play(game, agents, on_round=None if counters is None else counters.round_over)
    if counters is not None:
        counters.game_over()
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
    end = events[-1] if events else {}
    scores = list(game.scores)
    return game, Played(
        index=index,
        seed=seed,
        bots=tuple(bots),
        lines=tuple(_encode(event) for event in events),
        scores=scores,
        placements=_placements(events, scores),
        wins=wins,
        deal_ins=deal_ins,
        rounds=game.rounds_played,
        ranking=end.get("mjk_ranking") if end.get("type") == "end_game" else None,
        faults=faults,
    )


_ENCODER = json.JSONEncoder(ensure_ascii=False)
"""``json.dumps(event, ensure_ascii=False)``'s encoder, made once: ``dumps`` makes one a call,
a quarter of the time of encoding a game's few hundred events."""


def _encode(event: Any) -> str:
    """An event as JSON text, as the records store it."""
    return _ENCODER.encode(event)


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


class _Keeper:
    """Plays games of a plan and keeps them as its :class:`Storage` says (in a worker process,
    or in the one process of ``--jobs 1``), with one records connection for all its games."""

    def __init__(
        self,
        plan: Plan,
        storage: Storage,
        records: Records | None = None,
        counters: Counters | None = None,
    ) -> None:
        self.plan = plan
        self.storage = storage
        self.records = records
        self.counters = counters
        if records is None and storage.records is not None:
            from mahjongkit.records import Records

            # Its own connection: SQLite connections are not shared across a fork. A commit
            # waits for no disk; the write lock is waited for (the records' busy timeout).
            self.records = Records(storage.records, create=False, durable=False)

    def __call__(self, index: int) -> Played:
        game, played = _play(self.plan, index, self.counters)
        if self.records is not None and self.storage.records is not None:
            number = _store(self.records, self.plan, self.storage, played, game)
            return replace(played, lines=(), record=number)
        if self.storage.json_lines:
            return replace(played, lines=(), line=_json_line(self.plan, played))
        if self.storage.packed and index not in self.storage.unfinished:
            from mahjongkit.records import pack_log

            return replace(played, lines=(), packed=pack_log(played.lines))
        return played


_KEEPER: _Keeper | None = None
"""A worker process's keeper (set by :func:`_start_worker`)."""


def _start_worker(plan: Plan, storage: Storage, counters: Counters | None = None) -> None:
    """A pool worker's set-up: the plan, the storage and the shared counters once, not with
    every game."""
    global _KEEPER
    import signal

    # Ctrl-C is for the parent, which ends the pool: a worker never dies half way through a
    # commit with a traceback of its own (its game is dropped whole when it is terminated).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _KEEPER = _Keeper(plan, storage, counters=counters)
    if _KEEPER.records is not None:
        from multiprocessing.util import Finalize

        # Closed when the worker leaves a pool that was closed (not when it is terminated).
        Finalize(_KEEPER, _KEEPER.records.close, exitpriority=1)


def _play_chunk(indices: Sequence[int]) -> list[Played]:
    """A worker's task: the games ``indices``, one after another."""
    assert _KEEPER is not None, "a worker is set up by _start_worker"
    return [_KEEPER(index) for index in indices]


MAX_BATCH = 8
"""The most games one task plays (a message to a pool worker, a Ray task): enough to make a
task's overhead (a Ray task's is about a millisecond) small beside its games (a single round
takes several), few enough that the first results come at once, the work spreads evenly and an
interruption loses little (see :func:`chunks`)."""


def chunks(indices: Sequence[int], jobs: int) -> list[list[int]]:
    """``indices`` cut into the tasks of a pool of ``jobs`` processes, in order: each a
    quarter of an even share of the games still to hand out (at most :data:`MAX_BATCH`, at
    least one), so that early tasks save round trips and the last ones are single games: no
    process sits idle at the end while another plays out a long task.

    >>> [len(chunk) for chunk in chunks(range(40), 2)]
    [5, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    if type(jobs) is not int or jobs < 1:
        raise SimulationError(f"tasks are cut for at least 1 process, not {jobs!r:.20}")
    out: list[list[int]] = []
    start = 0
    while start < len(indices):
        size = max(1, min(MAX_BATCH, (len(indices) - start) // (4 * jobs)))
        out.append(list(indices[start : start + size]))
        start += size
    return out


def _prepare(variant: str) -> None:
    """Import the family's parts and read the shipped shape tables now: a run plays far more
    hands than it takes to be worth reading them, and done before the workers fork, the
    modules and tables are one copy that every worker shares (each would otherwise import
    its own, work out its first suits, then read its own tables)."""
    from mahjongkit import shapes
    from mahjongkit.variants import find_variant

    find_variant(variant).import_parts()
    shapes.read_shipped_table_now()
    if variant == "riichi":
        from mahjongkit.variants.riichi import suit_table

        suit_table.read_shipped_table_now()


def run(
    plan: Plan,
    jobs: int | None = None,
    skip: Collection[int] = (),
    storage: Storage | None = None,
    records: Records | None = None,
    counters: Counters | None = None,
) -> Generator[Played, None, None]:
    """The games of ``plan`` but those of ``skip``, in index order, played on ``jobs`` processes
    (default: every core). The order and every game are the same whatever ``jobs`` is.

    ``storage``: each game is kept by the process that plays it (see :class:`Storage`), so
    that this one only gathers small results; ``records``: this process's open connection to
    the storage's database, used when the games are played here (``jobs`` 1); ``counters``:
    counted round by round by whichever process plays each game.
    """
    if jobs is None:
        jobs = os.cpu_count() or 1
    if type(jobs) is not int or jobs < 1:
        raise SimulationError(f"--jobs is the number of processes, at least 1, not {jobs!r:.20}")
    storage = storage or Storage()
    indices = [i for i in range(plan.games) if i not in skip]
    jobs = min(jobs, len(indices))
    if indices:
        _prepare(plan.variant)
    if jobs <= 1:
        keeper = _Keeper(plan, storage, records, counters)
        try:
            for index in indices:
                yield keeper(index)
        finally:
            if records is None and keeper.records is not None:
                keeper.records.close()
        return
    import gc
    import multiprocessing

    # What a game needs is imported once, here, and inherited by the forked workers.
    import mahjongkit.bots.mjai_host  # noqa: F401

    context = multiprocessing.get_context()
    # The objects the workers inherit are left out of their garbage collections: a collection
    # writes to every object it visits, which would copy each inherited page into each worker.
    gc.collect()
    gc.freeze()
    try:
        with context.Pool(jobs, _start_worker, (plan, storage, counters)) as pool:
            # imap keeps the order of the tasks, hence of the games.
            for played in pool.imap(_play_chunk, chunks(indices, jobs)):
                yield from played
            # Every game is in: let the workers close their connections and leave.
            pool.close()
            pool.join()
    finally:
        gc.unfreeze()


# --- on a Ray cluster --------------------------------------------------------------------------

RAY_CONNECT_SECONDS = 10.0
"""How long ``--ray ADDRESS`` waits for the cluster to answer before giving up."""

_RAY_DEFAULT_PORTS = {"ray://": 10001, "": 6379}
"""The port Ray listens on when an address names none: the client server, the head's GCS."""


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise SimulationError(_refusal("refusal.sim_ray_missing")) from None
    return ray


def _ray_endpoint(address: str) -> tuple[str, int]:
    """The host and port of a Ray address (``HOST[:PORT]`` or ``ray://HOST[:PORT]``)."""
    scheme = "ray://" if address.startswith("ray://") else ""
    rest = address[len(scheme) :]
    host, colon, port = rest.rpartition(":")
    if not colon:
        host, port = rest, str(_RAY_DEFAULT_PORTS[scheme])
    host = host.strip("[]")
    if not host or "/" in host or not port.isdigit() or not 0 < int(port) < 65536:
        raise SimulationError(_refusal("refusal.sim_ray_address", address=repr(address[:60])))
    return host, int(port)


def _check_reachable(address: str, timeout: float) -> None:
    """Refuse an address nothing listens at, within ``timeout`` seconds (Ray itself would retry
    for minutes)."""
    import socket

    host, port = _ray_endpoint(address)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as error:
        reason = (
            _refusal("refusal.sim_ray_timeout")
            if isinstance(error, TimeoutError)
            else (error.strerror or str(error) or type(error).__name__)
        )
        raise SimulationError(
            _refusal(
                "refusal.sim_ray_unreachable",
                address=address,
                host=host,
                port=port,
                reason=reason,
            )
        ) from None


def check_ray(address: str | None, timeout: float = RAY_CONNECT_SECONDS) -> None:
    """Refuse at once a ``--ray`` that cannot work: Ray not installed, an address malformed or
    that nothing answers at."""
    _import_ray()
    if address is not None and address != "auto":
        _check_reachable(address, timeout)


@contextlib.contextmanager
def _quiet_connect(timeout: float | None) -> Iterator[list[str]]:
    """Ray's connection attempts bounded to about ``timeout`` seconds if given (a port that
    answers but is no Ray head is otherwise retried for a long while), and the warnings its C++
    core writes to the standard error meanwhile kept back: a failure is told in one line. Yields
    a list that gets the last warning, if any, once the block is left."""
    wait = "RAY_gcs_server_port_wait_time_s"
    before = os.environ.get(wait)
    if before is None and timeout is not None:
        os.environ[wait] = str(max(1, round(timeout)))
    import tempfile

    try:
        with tempfile.TemporaryFile() as kept:
            saved = os.dup(2)
            os.dup2(kept.fileno(), 2)
            said: list[str] = []
            try:
                yield said
            finally:
                os.dup2(saved, 2)
                os.close(saved)
                kept.seek(0)
                lines = kept.read()[-4000:].decode(errors="replace").splitlines()
                # "[time W pid tid] file.cc:210: message": the message is the part worth telling.
                said.extend(line.split("] ", 1)[-1].split(": ", 1)[-1] for line in lines[-1:])
    finally:
        if before is None:
            os.environ.pop(wait, None)  # only what was set here


@contextlib.contextmanager
def ray_cluster(
    address: str | None = None, cpus: int | None = None, timeout: float = RAY_CONNECT_SECONDS
) -> Iterator[int]:
    """Connected to Ray for the block; yields the cluster's CPU count.

    ``address`` None starts a local instance (``cpus`` CPUs, default every core) and stops it
    after; an address (``HOST:PORT``, ``ray://HOST:PORT``, ``auto``) joins that cluster, shipping
    this very mahjongkit to its workers so that they play the same games as this process. If this
    process is already connected (``ray.init`` called by a program using this module), that
    connection is used and left open.
    """
    ray = _import_ray()
    if ray.is_initialized():
        yield max(1, int(ray.cluster_resources().get("CPU", 1)))
        return
    import logging

    options: dict[str, Any] = {
        "logging_level": logging.ERROR,
        "log_to_driver": False,
        "include_dashboard": False,
    }
    if address is None:
        # "local": a new instance even where RAY_ADDRESS names a cluster (--ray auto joins it).
        options.update(address="local", num_cpus=cpus)
    else:
        if address != "auto":
            _check_reachable(address, timeout)
        import mahjongkit

        options["address"] = address
        options["runtime_env"] = {"py_modules": [os.path.dirname(mahjongkit.__file__)]}
        del options["include_dashboard"]
    try:
        with _quiet_connect(None if address is None else timeout) as said:
            ray.init(**options)
    except (ConnectionError, RuntimeError, ValueError) as error:
        why = f"{error}" + (f" ({said[-1]})" if said else "")
        if address is None:
            raise SimulationError(_refusal("refusal.sim_ray_local", why=why)) from None
        raise SimulationError(_refusal("refusal.sim_ray_join", address=address, why=why)) from None
    try:
        yield max(1, int(ray.cluster_resources().get("CPU", 1)))
    finally:
        ray.shutdown()


def _play_batch(plan: Plan, indices: Sequence[int], storage: Storage | None = None) -> list[Played]:
    """The games ``indices`` of ``plan``, played one after another and kept as ``storage``
    says (a Ray task's work: never a records connection, the database may be elsewhere)."""
    _prepare(plan.variant)  # once per Ray worker process: later tasks find them read
    keeper = _Keeper(plan, replace(storage or Storage(), records=None))
    return [keeper(index) for index in indices]


def run_ray(
    plan: Plan,
    concurrency: int,
    skip: Collection[int] = (),
    batch: int | None = None,
    storage: Storage | None = None,
) -> Generator[Played, None, None]:
    """The games of ``plan`` but those of ``skip``, in index order, played as Ray tasks on the
    cluster this process is connected to (see :func:`ray_cluster`); ``storage``: what the tasks
    make of each game (its JSON line or its packed log: see :class:`Storage`).

    Games go in batches of ``batch`` (default: the guided sizes of :func:`chunks`, at most
    :data:`MAX_BATCH`, the last ones single games); at most twice ``concurrency`` batches are
    pending or waiting for their turn at once, so however long the run, at most
    ``2 * concurrency`` times the largest batch games are held. Closing the generator (an
    interruption) cancels the tasks still running.
    """
    ray = _import_ray()
    if type(concurrency) is not int or concurrency < 1:
        raise SimulationError(
            f"--jobs is the number of games at once, at least 1, not {concurrency!r:.20}"
        )
    indices = [i for i in range(plan.games) if i not in skip]
    if batch is None:
        batches = chunks(indices, concurrency)  # guided, as on a pool: single games last
    else:
        batches = [indices[at : at + batch] for at in range(0, len(indices), batch)]
    task = ray.remote(num_cpus=1, max_retries=2)(_play_batch)
    shared = ray.put(plan)
    kept = ray.put(storage)
    limit = 2 * concurrency
    pending: dict[Any, int] = {}
    ready: dict[int, list[Played]] = {}
    submitted = turn = 0
    try:
        while turn < len(batches):
            while submitted < len(batches) and len(pending) + len(ready) < limit:
                pending[task.remote(shared, batches[submitted], kept)] = submitted
                submitted += 1
            if turn not in ready:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    ready[pending.pop(ref)] = ray.get(ref)
                continue
            yield from ready.pop(turn)
            turn += 1
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)


# --- where the games go ------------------------------------------------------------------------


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


# --- the summary -------------------------------------------------------------------------------


@dataclass(slots=True)
class Moments:
    """The count, sum and sum of squares of whole numbers (scores, placements): their mean and
    its interval in constant memory over a run of any length, and, the sums being exact, the
    same whatever order the numbers came in (a resumed run counts its stored games first)."""

    count: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        """Count one number."""
        self.count += 1
        self.total += value
        self.squares += value * value

    def interval(self) -> dict[str, float | None]:
        """The mean and its 95% confidence interval (normal approximation; none under two
        numbers)."""
        n = self.count
        if n == 0:
            return {"mean": None, "low": None, "high": None}
        mean = self.total / n
        if n < 2:
            return {"mean": round(mean, 6), "low": None, "high": None}
        # The sample variance as one exact fraction, divided once.
        variance = (n * self.squares - self.total * self.total) / (n * (n - 1))
        half = Z_95 * math.sqrt(variance / n)
        return {
            "mean": round(mean, 6),
            "low": round(mean - half, 6),
            "high": round(mean + half, 6),
        }


@dataclass(slots=True)
class _Tally:
    games: int = 0
    rounds: int = 0
    wins: int = 0
    deal_ins: int = 0
    scores: Moments = field(default_factory=Moments)
    placements: Moments = field(default_factory=Moments)
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
            "score": self.scores.interval(),
            "placement": self.placements.interval(),
        }
        if self.faults is not None:
            found["mjai_faults"] = dict(self.faults)
        return found


def _rate(count: int, rounds: int) -> float | None:
    return round(count / rounds, 6) if rounds else None


def _mean_interval(values: Sequence[int]) -> dict[str, float | None]:
    """The mean of ``values`` and its 95% confidence interval (see :class:`Moments`)."""
    moments = Moments()
    for value in values:
        moments.add(value)
    return moments.interval()


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
                tally.scores.add(played.scores[seat])
                tally.placements.add(played.placements[seat])
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
    on_ray: bool = False,
    counters: Counters | None = None,
) -> Summary:
    """Run ``plan``: each game handed to ``sink`` (storage) then ``progress``, in index order;
    the summary of the games played (a run interrupted keeps every game already handed on).
    ``counters`` are counted round by round as the games are played (not on Ray, whose tasks
    may run on other machines).

    A sink with a ``prepare()`` method (:class:`RecordsSink`, :class:`JsonLinesSink`) has the
    processes that play the games store them or make their lines (see :class:`Storage`).

    ``done``: games already stored by an interrupted run, counted and not played again.
    ``on_ray``: the games are Ray tasks (inside :func:`ray_cluster`), ``jobs`` of them at once.
    """
    summary = Summary(plan)
    done = done or {}
    for index in sorted(done):
        summary.add(done[index])
    prepare = getattr(sink, "prepare", None)
    storage: Storage | None = prepare() if prepare is not None else None
    if on_ray:
        # A Ray task may run on another machine than the database: it sends each game's line
        # or packed log, which this process writes.
        if storage is not None and storage.records is not None:
            storage = replace(storage, records=None, packed=True)
        games = run_ray(plan, jobs or 1, skip=done, storage=storage)
    else:
        records = sink.records if isinstance(sink, RecordsSink) else None
        games = run(plan, jobs, skip=done, storage=storage, records=records, counters=counters)
    # Closed on the way out of an interruption, not when its traceback is let go: the processes
    # or the Ray tasks stop before the caller moves on (and before its Ray connection closes).
    with contextlib.closing(games):
        for played in games:
            if sink is not None:
                sink(played)
            summary.add(played)
            if progress is not None:
                progress(played)
    return summary


__all__ += ["Counters", "check_ray", "ray_cluster", "run_ray", "simulate", "stored_lines"]
