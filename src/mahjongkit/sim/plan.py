"""What to simulate and one game of it: the plan, a game played to its end by fresh agents, and
what it came to (its log as JSON text, scores, placements, wins, deal-ins)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, cast

from mahjongkit.bots.seating import Hosting, game_seed, make_agents
from mahjongkit.table.events import Kind
from mahjongkit.valueclass import dataclass, field

if TYPE_CHECKING:
    from mahjongkit.game.engine import Game


__all__ = ["Counters", "Plan", "Played", "play_game"]


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
        if event["type"] == Kind.HORA:
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
        ranking=end.get("mjk_ranking") if end.get("type") == Kind.END_GAME else None,
        faults=faults,
    )


_ENCODER = json.JSONEncoder(ensure_ascii=False)
"""``json.dumps(event, ensure_ascii=False)``'s encoder, made once: ``dumps`` makes one a call,
a quarter of the time of encoding a game's few hundred events."""

_MAKE_ENCODER: Any = getattr(json.encoder, "c_make_encoder", None)  # None without CPython's _json
_C_ENCODE: Any = (
    None
    if _MAKE_ENCODER is None
    else _MAKE_ENCODER(
        None,  # no circular check: an event is a tree of plain values
        _ENCODER.default,
        json.encoder.encode_basestring,  # ensure_ascii=False's string encoder
        None,
        ": ",
        ", ",
        False,
        False,
        True,
    )
)
"""The C encoder :data:`_ENCODER` makes at every call, made once: called directly it skips
``encode``'s Python frames and its per-call set-up (twice as fast on a game's events), and
gives the same text."""


def _encode(event: Any) -> str:
    """An event as JSON text, as the records store it."""
    if _C_ENCODE is None:
        return _ENCODER.encode(event)
    return "".join(_C_ENCODE(event, 0))
