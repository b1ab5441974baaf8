"""Bot strength by duplicate deals, and each bot's cost per decision.

    PYTHONPATH=src .venv/bin/python bench/strength.py [--games 200] [--rounds 4]
        [--variants riichi,hongkong,sichuan] [--bots random,efficient] [--seed 1] [--jobs 2]
    PYTHONPATH=src .venv/bin/python bench/strength.py --cost [--games 6] [--bots ...]
    PYTHONPATH=src .venv/bin/python bench/strength.py --bots defensive,soft \
        --tweak soft=defensive:SOFT_FLOOR=0.5,SOFT_KEEP=0.2 --variants hongkong [--progress 50]

A bot is a name of ``mahjongkit.sim.BOTS``, ``learned:MODEL`` (a model file of
``mahjongkit train``, of the one family it was trained on: name that family alone in
``--variants``), or a version named by ``--tweak NAME=BOT:ATTR=VALUE[,ATTR=VALUE...]``: the
efficient or defensive bot with some of its class settings (upper-case names such as
``SOFT_FLOOR``, switches such as ``HK_CALL_BY_VALUE``) given other values, Python literals of
the setting's own type. Seating ``defensive`` against a tweak of it measures the tweak alone.

Duplicate deals: every deal (a game seed, hence the same walls round after round) is played
once per seat with the line-up rotated, so every bot meets the same tiles from every seat and
the luck of the deal cancels out. The line-up is ``--bots`` repeated to fill the table (two
bots on four seats: A B A B, then B A B A; a turn that brings a line-up back is the same seeded
game, played once). Per family and per bot it prints, each with its 95% confidence interval:
the win rate and the deal-in rate per round played, the average points won or lost per game and
the average placement (1 is first). Then every bot against every one named before it (the
first's pairs first), deal by deal: the mean over deals of the difference of their results on
that deal, whose interval is much narrower than the separate ones' since the deal's luck
cancels. Two bots that play a deal alike play the same game in every line-up (seeded walls,
deterministic bots), so the deal adds exactly 0: the paired line also says on how many deals
the games differed and the mean difference over those alone (the whole run's mean is that times
their share; with more than two bots, a deal counts as differing when any of them played it
otherwise), which tells a change that moves a few deals a lot from one that moves many a
little.

``--cost`` plays ``--games`` games per family with every seat given the same bot and prints
the time the bot takes per decision and the time of a whole decision (observation, bot,
engine), beside the same figures for the random bot: the ratio is what a simulation loses by
using the bot instead of random players.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import math
import re
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from mahjongkit.bots import Agent, DefensiveAgent, EfficientAgent, play
from mahjongkit.bots.efficient import HandReading
from mahjongkit.bots.seating import parse_bots
from mahjongkit.errors import MahjongError
from mahjongkit.game.engine import Game
from mahjongkit.game.ranking import ranking
from mahjongkit.sim import BOTS, Z_95, game_seed, make_agents
from mahjongkit.table import actions as A
from mahjongkit.table.events import Kind

FAMILIES = ("riichi", "hongkong", "sichuan")

TWEAKABLE: dict[str, type[EfficientAgent]] = {
    "efficient": EfficientAgent,
    "defensive": DefensiveAgent,
}
"""The bots a ``--tweak`` may start from, and their classes."""

Tweaks = dict[str, tuple[str, tuple[tuple[str, Any], ...]]]
"""Per tweaked version's name: the bot it starts from and the settings it changes."""

_TWEAK_NAME = re.compile(r"[a-z][a-z0-9_]{0,23}")


class TweakError(ValueError):
    """A ``--tweak`` that cannot be made, said in words."""


def _setting_kinds(value: Any) -> tuple[type, ...]:
    """The types a new value of a setting whose value is ``value`` may have."""
    if isinstance(value, bool):
        return (bool,)
    if isinstance(value, int):
        return (int,)
    if isinstance(value, float):
        return (int, float)
    return (type(value),)


def _top_level_parts(text: str) -> list[str]:
    """``text`` split at the commas outside brackets (a tuple's commas stay in its value)."""
    parts, depth, start = [], 0, 0
    for at, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:at])
            start = at + 1
    parts.append(text[start:])
    return parts


def parse_tweak(
    spec: str, taken: Sequence[str] = ()
) -> tuple[str, str, tuple[tuple[str, Any], ...]]:
    """``NAME=BOT:ATTR=VALUE[,ATTR=VALUE...]`` as (name, bot, settings); raises
    :class:`TweakError` saying what is wrong: a name already a bot's or in ``taken``, a bot that
    cannot be tweaked, a setting the bot does not have (or a method, or a table), a value that
    is not a Python literal of the setting's type, a setting given twice."""
    name, equals, rest = spec.partition("=")
    name = name.strip()
    if not equals or ":" not in rest:
        raise TweakError(f"tweak {spec[:60]!r} is not NAME=BOT:ATTR=VALUE[,ATTR=VALUE...]")
    if not _TWEAK_NAME.fullmatch(name):
        raise TweakError(
            f"tweak name {name[:30]!r}: lower-case letters, digits and _, a letter first"
        )
    if name in BOTS:
        raise TweakError(f"tweak name {name!r} is already a bot's name")
    if name in taken:
        raise TweakError(f"tweak name {name!r} is given twice")
    base, _, body = rest.partition(":")
    base = base.strip()
    if base not in TWEAKABLE:
        raise TweakError(
            f"tweak {name!r}: cannot tweak {base[:30]!r}, only {', '.join(TWEAKABLE)}"
        )
    cls = TWEAKABLE[base]
    settings: dict[str, Any] = {}
    for part in _top_level_parts(body):
        attr, equals, text = part.partition("=")
        attr = attr.strip()
        if not equals or not attr:
            raise TweakError(f"tweak {name!r}: {part[:40]!r} is not ATTR=VALUE")
        if attr in settings:
            raise TweakError(f"tweak {name!r}: {attr} given twice")
        current = getattr(cls, attr, None) if attr.isupper() else None
        if current is None or callable(current) or isinstance(current, (dict, list, set)):
            raise TweakError(f"tweak {name!r}: {base} has no setting {attr[:40]!r}")
        try:
            value = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError):
            raise TweakError(
                f"tweak {name!r}: {attr}={text[:30]!r} is not a Python literal"
            ) from None
        kinds = _setting_kinds(current)
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise TweakError(
                f"tweak {name!r}: {attr} is {type(current).__name__} ({current!r}),"
                f" not {type(value).__name__}"
            )
        if isinstance(current, tuple) and (
            len(cast("tuple[Any, ...]", value)) != len(current)
            or not all(
                isinstance(item, _setting_kinds(was))
                and (not isinstance(item, bool) or isinstance(was, bool))
                for item, was in zip(cast("tuple[Any, ...]", value), current, strict=True)
            )
        ):
            raise TweakError(
                f"tweak {name!r}: {attr} is {len(current)} values like {current!r}"
            )
        if isinstance(current, float):
            value = float(cast("float", value))
        settings[attr] = value
    return name, base, tuple(settings.items())


def tweaked_agent(base: str, settings: Sequence[tuple[str, Any]], rules: Any) -> Agent:
    """A fresh agent of bot ``base`` with ``settings`` in place of its class's values (a
    subclass, so that class methods read them too)."""
    cls = TWEAKABLE[base]
    version = type(f"Tweaked{cls.__name__}", (cls,), dict(settings))
    return cast("Agent", version(rules))


@dataclass
class Tally:
    """One bot's record over the duplicate deals of one family."""

    rounds: int = 0
    wins: int = 0
    deal_ins: int = 0
    points: list[int] = field(default_factory=list)
    placements: list[int] = field(default_factory=list)
    by_deal: dict[int, list[float]] = field(default_factory=dict)
    """Per deal: [points, placement, deal-ins, wins, rounds, seats] summed over its rotations."""
    alike: set[int] = field(default_factory=set)
    """The deals whose every line-up played the same game (the bots played them alike)."""
    breakdown: dict[str, list[float]] = field(default_factory=dict)
    """With ``--breakdown``: the rows of :func:`breakdown_of` summed over the bot's seats."""


def _wilson(count: int, n: int) -> tuple[float, float, float]:
    """A rate and its 95% Wilson interval."""
    if n == 0:
        return (math.nan, math.nan, math.nan)
    p = count / n
    z2 = Z_95 * Z_95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z_95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (p, centre - half, centre + half)


def _mean(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half width of its 95% interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan)
    mean = math.fsum(values) / n
    if n < 2:
        return (mean, math.nan)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, Z_95 * math.sqrt(variance / n))


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The line-up of every rotation: ``bots`` repeated over the seats, turned one seat on,
    each line-up once. Bots and walls are seeded, so a rotation that brings back an earlier
    line-up (two bots on four seats: A B A B after two turns) would replay the same games:
    it is left out, which halves such a run and keeps the intervals from counting a game
    twice."""
    base = [bots[i % len(bots)] for i in range(players)]
    rotations = (
        tuple(base[(seat - shift) % players] for seat in range(players)) for shift in range(players)
    )
    return list(dict.fromkeys(rotations))


FAR, NEAR, READY, DRAW_ONLY, NO_WIN = (
    "two or more from ready",
    "one from ready",
    "ready, can win",
    "ready, self-draw only",
    "ready, no win counts",
)
"""How near a win that counts a hand is after a discard (:func:`hand_state`)."""
UNKNOWN = "no discard yet"
_CALLS = (Kind.CHI, Kind.PON, Kind.DAIMINKAN)


def hand_state(probe: EfficientAgent, observation: Any, kind: int) -> str:
    """How near a win that counts the seat's hand is once a tile of ``kind`` is discarded:
    :data:`FAR`, :data:`NEAR`, or ready and able to win on a discard (:data:`READY`), by
    self-draw alone (:data:`DRAW_ONLY`: a discard win would be under the family's minimum) or
    not at all (:data:`NO_WIN`: every wait under the minimum, e.g. Hong Kong's three fan).
    ``probe``: an efficient agent under the game's rules, whose scorer values the waits."""
    probe._prepare(observation.variant)
    reading = HandReading(observation, probe.rules, probe._record)
    after, waits = reading.after_discards((kind,))[kind]
    if after >= 2:
        return FAR
    if after == 1:
        return NEAR
    counts = list(reading.counts)
    counts[kind] -= 1
    by_draw = False
    for wait in waits:
        if probe._score_now(reading, counts, wait, False, False)[0]:
            return READY
        by_draw = by_draw or probe._score_now(reading, counts, wait, True, False)[0]
    return DRAW_ONLY if by_draw else NO_WIN


class _Watched:
    """An agent that also notes, after each discard it chooses, how near a win that counts its
    hand is (:func:`hand_state`), with the length of the game's log then."""

    def __init__(self, agent: Agent, game: Game) -> None:
        self.agent = agent
        self.game = game
        self.states: list[tuple[int, str]] = []
        self._probe = EfficientAgent(game.flow.rules)

    def act(self, observation: Any) -> Any:
        action = self.agent.act(observation)
        if action.type == A.DISCARD and action.tile is not None:
            state = hand_state(self._probe, observation, action.tile // 4)
            self.states.append((len(self.game.log), state))
        return action


def fan_band(fan: int) -> str:
    """The size a win is counted under in the breakdown: 3 to 7 fan each, then 8-9, 10+."""
    if fan >= 10:
        return "10+"
    if fan >= 8:
        return "8-9"
    return str(fan)


def breakdown_of(
    log: Sequence[dict[str, Any]], states: Sequence[Sequence[tuple[int, str]]]
) -> list[dict[str, list[float]]]:
    """Per seat, where its points came from in a played game's ``log``: rows ``[count,
    points]`` keyed by what happened: wins on a discard and by self-draw, deal-ins and
    self-draws paid, each by the win's fan (:func:`fan_band`); the seat's hand (``states``:
    per seat, the log's length and :func:`hand_state` after each discard it chose) when another
    seat won, and at an exhaustive draw; its calls, and how the rounds it called in ended; and
    the rounds played."""
    players = len(states)
    rows: list[dict[str, list[float]]] = [{} for _ in range(players)]

    def add(seat: int, key: str, points: float = 0.0, count: int = 1) -> None:
        row = rows[seat].setdefault(key, [0.0, 0.0])
        row[0] += count
        row[1] += points

    def state_at(seat: int, at: int, since: int) -> str:
        found = UNKNOWN
        for length, state in states[seat]:
            if length > at:
                break
            if length >= since:
                found = state
        return found

    start = 0
    called = [0] * players
    outcome: list[str | None] = [None] * players
    round_points = [0.0] * players
    for at, event in enumerate(log):
        kind = event["type"]
        if kind == Kind.START_KYOKU:
            start, called = at, [0] * players
            outcome, round_points = [None] * players, [0.0] * players
        elif kind in _CALLS:
            called[event["actor"]] += 1
            add(event["actor"], "calls made")
        elif kind == Kind.HORA:
            deltas = event["deltas"]
            winner, target = event["actor"], event.get("target")
            fan = int((event.get("mjk_score") or {}).get("fan") or 0)
            band = fan_band(fan)
            self_draw = target is None or target == winner
            for seat in range(players):
                round_points[seat] += deltas[seat]
                if seat == winner:
                    how = "won by self-draw" if self_draw else "won on a discard"
                    add(seat, f"{how}, fan {band}", deltas[seat])
                    outcome[seat] = "won"
                    continue
                if not self_draw and seat == target:
                    add(seat, f"dealt in, fan {band}", deltas[seat])
                    outcome[seat] = "dealt in"
                elif self_draw:
                    add(seat, f"paid a self-draw, fan {band}", deltas[seat])
                add(seat, f"another won | was {state_at(seat, at, start)}", deltas[seat])
        elif "deltas" in event:
            for seat in range(players):
                round_points[seat] += event["deltas"][seat]
                add(seat, "other payments", event["deltas"][seat], 0)
        if kind == Kind.RYUKYOKU:
            for seat in range(players):
                add(seat, f"draw | was {state_at(seat, at, start)}")
        if kind == Kind.END_KYOKU:
            for seat in range(players):
                add(seat, "rounds")
                if called[seat]:
                    how = outcome[seat] or f"not won, {state_at(seat, at, start)}"
                    add(seat, f"called in the round | {how}", round_points[seat])
    return rows


def play_deal(
    task: tuple[str, int, int, int | None, tuple[str, ...]]
    | tuple[str, int, int, int | None, tuple[str, ...], Tweaks]
    | tuple[str, int, int, int | None, tuple[str, ...], Tweaks, bool],
) -> dict[str, Any]:
    """Play one rotation of one deal (the simulator's game ``index`` of the run seeded
    ``seed``, the same walls and agents' seeds); per seat: wins, deal-ins, points won or lost,
    placement, and the rounds; and a digest of the game's log (equal digests: the same game).
    A sixth item of the task names the tweaked versions seated (:data:`Tweaks`); a seventh,
    true, adds each seat's ``breakdown`` (:func:`breakdown_of`)."""
    variant, seed, index, rounds, lineup = task[:5]
    tweaks: Tweaks = task[5] if len(task) > 5 else {}  # type: ignore[misc]
    watch = len(task) > 6 and bool(task[6])  # type: ignore[misc]
    deal = game_seed(seed, index)
    game = Game(variant, seed=deal, max_rounds=rounds)
    plain = [bot if bot not in tweaks else tweaks[bot][0] for bot in lineup]
    agents = make_agents(plain, deal, game.flow.rules)
    for seat, bot in enumerate(lineup):
        if bot in tweaks:
            agents[seat] = tweaked_agent(*tweaks[bot], game.flow.rules)
    watched: list[_Watched] = []
    if watch:
        watched = [_Watched(agent, game) for agent in agents]
        agents = list(watched)
    play(game, agents)
    wins = [0] * game.players
    deal_ins = [0] * game.players
    digest = hashlib.sha256()
    for event in game.log:
        digest.update(json.dumps(event, sort_keys=True, default=str).encode())
        if event["type"] == Kind.HORA:
            wins[event["actor"]] += 1
            if event.get("target") is not None and event["target"] != event["actor"]:
                deal_ins[event["target"]] += 1
    scores = list(game.scores)
    places = [0] * game.players
    for row in ranking(dict(game.log[-1]) if game.log else {}, scores):
        places[row["seat"]] = row["rank"]
    start = Game(variant, seed=0).flow.starting_scores()
    found: dict[str, Any] = {}
    if watch:
        found["breakdown"] = breakdown_of(game.log, [w.states for w in watched])
    return {
        **found,
        "deal": index,
        "lineup": list(lineup),
        "rounds": game.rounds_played,
        "wins": wins,
        "deal_ins": deal_ins,
        "points": [score - first for score, first in zip(scores, start, strict=True)],
        "placements": places,
        "digest": digest.hexdigest()[:16],
    }


def strength(
    variant: str,
    bots: Sequence[str],
    games: int,
    rounds: int | None,
    seed: int,
    jobs: int,
    tweaks: Tweaks | None = None,
    progress: int = 0,
    watch: bool = False,
) -> dict[str, Tally]:
    """Every bot's tally over ``games`` duplicate deals of ``variant`` (``tweaks``: the
    tweaked versions among ``bots``; ``progress``: every this many deals, the paired points
    so far on standard error; 0: none; ``watch``: each tally's breakdown too, see
    :func:`breakdown_of`)."""
    players = Game(variant, seed=0).players
    tasks = [
        (variant, seed, index, rounds, lineup, tweaks or {}, watch)
        for index in range(games)
        for lineup in lineups(bots, players)
    ]
    tallies: dict[str, Tally] = {bot: Tally() for bot in dict.fromkeys(bots)}
    digests: dict[int, set[str]] = {}
    per_deal = len(lineups(bots, players))

    def take(results: Iterable[dict[str, Any]]) -> None:
        for done, result in enumerate(results, 1):
            _add(tallies, digests, result)
            if progress and done % (progress * per_deal) == 0:
                _report(variant, tallies, digests, done // per_deal)

    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context().Pool(jobs) as pool:
            take(pool.imap(play_deal, tasks, chunksize=1))
    else:
        take(play_deal(task) for task in tasks)
    _mark_alike(tallies, digests)
    return tallies


def _add(tallies: dict[str, Tally], digests: dict[int, set[str]], result: dict[str, Any]) -> None:
    """One rotation's result added to its bots' tallies."""
    digests.setdefault(result["deal"], set()).add(result["digest"])
    for seat, bot in enumerate(result["lineup"]):
        tally = tallies[bot]
        tally.rounds += result["rounds"]
        tally.wins += result["wins"][seat]
        tally.deal_ins += result["deal_ins"][seat]
        tally.points.append(result["points"][seat])
        tally.placements.append(result["placements"][seat])
        deal = tally.by_deal.setdefault(result["deal"], [0.0] * 6)
        deal[0] += result["points"][seat]
        deal[1] += result["placements"][seat]
        deal[2] += result["deal_ins"][seat]
        deal[3] += result["wins"][seat]
        deal[4] += result["rounds"]
        deal[5] += 1
        for key, (count, points) in result.get("breakdown", [{}] * (seat + 1))[seat].items():
            row = tally.breakdown.setdefault(key, [0.0, 0.0])
            row[0] += count
            row[1] += points


def _mark_alike(tallies: dict[str, Tally], digests: dict[int, set[str]]) -> None:
    for tally in tallies.values():
        tally.alike = {deal for deal, found in digests.items() if len(found) == 1}


def _report(
    variant: str, tallies: dict[str, Tally], digests: dict[int, set[str]], deals: int
) -> None:
    """The paired points so far, on standard error (a long run can be read while it goes)."""
    _mark_alike(tallies, digests)
    names = list(tallies)
    for other in names[1:]:
        row = paired(tallies[names[0]], tallies[other])
        print(
            f"{variant} after {deals} deals: {other}-{names[0]} points"
            f" {row['points'][0]:+.2f} ±{row['points'][1]:.2f}",
            file=sys.stderr,
            flush=True,
        )


def paired(first: Tally, other: Tally) -> dict[str, Any]:
    """``other`` against ``first`` deal by deal (the same walls from the same seats, so the
    luck of the deal cancels): the mean difference per game in points and placement, and per
    round in deal-in and win rate, each with the half width of its 95% interval; the deals
    compared, those whose games differed, and the points' mean difference over those alone
    (``points_where_differed``; the deals played alike add exactly 0)."""
    rows: dict[str, list[float]] = {"points": [], "placement": [], "deal_in": [], "win": []}
    differed: list[float] = []
    for deal, mine in other.by_deal.items():
        base = first.by_deal.get(deal)
        if base is None:
            continue
        points = mine[0] / mine[5] - base[0] / base[5]
        if deal not in first.alike:
            differed.append(points)
        rows["points"].append(points)
        rows["placement"].append(mine[1] / mine[5] - base[1] / base[5])
        rows["deal_in"].append(mine[2] / mine[4] - base[2] / base[4])
        rows["win"].append(mine[3] / mine[4] - base[3] / base[4])
    out = {}
    for name, values in rows.items():
        mean, half = _mean(values)
        # Sichuan wins pay a few points: a tenth of one is a real difference.
        digits = 2 if name == "points" else 4
        out[name] = [round(mean, digits), round(half, digits)]
    mean, half = _mean(differed)
    out["deals"] = [len(rows["points"]), len(differed)]
    out["points_where_differed"] = [round(mean, 2), round(half, 2)]
    return out


def _tally_json(tally: Tally) -> dict[str, Any]:
    win = _wilson(tally.wins, tally.rounds)
    deal_in = _wilson(tally.deal_ins, tally.rounds)
    points = _mean(tally.points)
    places = _mean(tally.placements)
    return {
        "seat_rounds": tally.rounds,
        "seat_games": len(tally.points),
        "win_rate": [round(x, 4) for x in win],
        "deal_in_rate": [round(x, 4) for x in deal_in],
        "points": [round(points[0], 1), round(points[1], 1)],
        "placement": [round(places[0], 3), round(places[1], 3)],
    }


def _print_strength(variant: str, found: dict[str, dict[str, Any]]) -> None:
    print(f"\n{variant}")
    print(
        f"  {'bot':<10} {'win rate':>22} {'deal-in rate':>22} {'points/game':>18} {'placement':>16}"
    )
    for bot, row in found.items():
        win, deal, points, place = (
            row["win_rate"],
            row["deal_in_rate"],
            row["points"],
            row["placement"],
        )
        print(
            f"  {bot:<10} {win[0]:>7.3f} [{win[1]:.3f},{win[2]:.3f}]"
            f" {deal[0]:>7.3f} [{deal[1]:.3f},{deal[2]:.3f}]"
            f" {points[0]:>9.1f} ±{points[1]:<7.1f}"
            f" {place[0]:>7.3f} ±{place[1]:.3f}"
        )


def _print_breakdown(variant: str, tallies: dict[str, Tally]) -> None:
    """Every bot's breakdown rows per game played (count, points), and the later bots' points
    less the first's."""
    names = list(tallies)
    games = {name: max(1, len(tally.points)) for name, tally in tallies.items()}
    keys = sorted({key for tally in tallies.values() for key in tally.breakdown}, key=_row_order)
    print(f"\n{variant} breakdown, per game (count, points)")
    head = "".join(f" {name[:18]:>20}" for name in names)
    diffs = "".join(f" {name[:8] + '-' + names[0][:8]:>18}" for name in names[1:])
    print(f"  {'':<52}{head}{diffs}")
    for key in keys:
        cells, points = "", []
        for name in names:
            count, total = tallies[name].breakdown.get(key, [0.0, 0.0])
            points.append(total / games[name])
            cells += f" {count / games[name]:>9.3f} {total / games[name]:>+9.2f} "
        gaps = "".join(f" {p - points[0]:>+18.2f}" for p in points[1:])
        print(f"  {key[:52]:<52}{cells}{gaps}")


def _row_order(key: str) -> tuple[int, str, int]:
    """Breakdown rows grouped by what happened, each by fan or by hand."""
    groups = (
        "won on",
        "won by",
        "dealt in",
        "paid a",
        "another won",
        "draw",
        "calls made",
        "called in",
        "other",
        "rounds",
    )
    group = next((i for i, start in enumerate(groups) if key.startswith(start)), len(groups))
    head, _, band = key.rpartition("fan ")
    number = int(band.rstrip("+").split("-")[0]) if head and band[:1].isdigit() else 0
    return (group, head, number)


class _Timed:
    """An agent wrapper that adds up the time spent choosing."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.seconds = 0.0
        self.decisions = 0

    def act(self, observation: Any) -> Any:
        start = time.perf_counter()
        action = self.agent.act(observation)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def cost(variant: str, bot: str, games: int, rounds: int | None, seed: int) -> dict[str, float]:
    """Microseconds per decision: the bot's own choice, and the whole decision with the
    observation and the engine, for ``games`` games with every seat played by ``bot``."""
    agent_seconds = 0.0
    total = 0.0
    decisions = 0
    for index in range(games):
        deal = game_seed(seed, index)
        game = Game(variant, seed=deal, max_rounds=rounds)
        timed = [_Timed(a) for a in make_agents([bot] * game.players, deal, game.flow.rules)]
        start = time.perf_counter()
        play(game, timed)
        total += time.perf_counter() - start
        agent_seconds += sum(t.seconds for t in timed)
        decisions += sum(t.decisions for t in timed)
    return {
        "decisions": decisions,
        "bot_us": round(agent_seconds / decisions * 1e6, 1),
        "decision_us": round(total / decisions * 1e6, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the duplicate-deal comparison, or with ``--cost`` the cost per decision."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="deals per family")
    parser.add_argument("--rounds", type=int, default=4, help="rounds per game (0: the rules')")
    parser.add_argument("--variants", default=",".join(FAMILIES))
    parser.add_argument("--bots", default="random,efficient")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cost", action="store_true", help="time each bot per decision")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--breakdown",
        action="store_true",
        help="also where each bot's points came from: wins, deal-ins and self-draws by fan,"
        " its hand when another won, its calls",
    )
    parser.add_argument(
        "--progress",
        type=int,
        default=0,
        metavar="DEALS",
        help="every this many deals, the paired points so far on standard error",
    )
    parser.add_argument(
        "--tweak",
        action="append",
        default=[],
        metavar="NAME=BOT:ATTR=VALUE[,ATTR=VALUE...]",
        help="a version of the efficient or defensive bot with other settings, seated by NAME",
    )
    args = parser.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    tweaks: Tweaks = {}
    for spec in args.tweak:
        try:
            name, start_bot, settings = parse_tweak(spec, list(tweaks))
        except TweakError as error:
            parser.error(str(error))
        tweaks[name] = (start_bot, settings)
    for name in tweaks:
        if name not in bots:
            parser.error(f"tweak {name!r} is not seated: name it in --bots")
    if len(set(bots)) != len(bots):
        parser.error("a bot is named twice in --bots: each version once")
    if tweaks and args.cost:
        parser.error("--cost times the named bots only, not tweaks")
    for number, bot in enumerate(bots):
        if bot in tweaks:
            continue
        if bot.startswith("learned:"):
            try:
                bots[number] = parse_bots([bot], 1)[0]  # the model file is read and checked
            except MahjongError as error:
                parser.error(str(error))
        elif bot not in BOTS:
            parser.error(
                f"unknown bot {bot!r}: expected one of {', '.join(BOTS)}, learned:MODEL"
                " or a --tweak's name"
            )
    for variant in variants:
        if variant not in FAMILIES:
            parser.error(f"unknown family {variant!r}: expected one of {', '.join(FAMILIES)}")
    if args.games < 1 or args.jobs < 1 or args.rounds < 0:
        parser.error("--games and --jobs are at least 1, --rounds at least 0")
    if args.progress < 0:
        parser.error("--progress is a number of deals, 0 for none")
    rounds = args.rounds or None
    out: dict[str, Any] = {}
    if args.cost:
        for variant in variants:
            rows: dict[str, dict[str, Any]] = {}
            for bot in dict.fromkeys(["random", *bots]):
                rows[bot] = cost(variant, bot, args.games, rounds, args.seed)
            base = rows["random"]["decision_us"]
            for row in rows.values():
                row["ratio_to_random"] = round(row["decision_us"] / base, 2)
            out[variant] = rows
            if not args.json:
                print(f"\n{variant} ({args.games} games, {args.rounds or 'full'} rounds)")
                print(
                    f"  {'bot':<10} {'decisions':>9} {'bot us':>9} "
                    f"{'decision us':>12} {'x random':>9}"
                )
                for bot, row in rows.items():
                    print(
                        f"  {bot:<10} {row['decisions']:>9} {row['bot_us']:>9.1f}"
                        f" {row['decision_us']:>12.1f} {row['ratio_to_random']:>9.2f}"
                    )
    else:
        for variant in variants:
            started = time.perf_counter()
            tallies = strength(
                variant,
                bots,
                args.games,
                rounds,
                args.seed,
                args.jobs,
                tweaks,
                args.progress,
                args.breakdown,
            )
            found: dict[str, Any] = {bot: _tally_json(t) for bot, t in tallies.items()}
            names = list(tallies)
            # Every later bot against every earlier one, the first's pairs first.
            pairs = {
                f"{names[later]}-{names[earlier]}": paired(
                    tallies[names[earlier]], tallies[names[later]]
                )
                for earlier in range(len(names))
                for later in range(earlier + 1, len(names))
            }
            out[variant] = {**found, "paired": pairs} if pairs else found
            if args.breakdown:
                out[variant]["breakdown"] = {
                    name: {key: [round(x, 2) for x in row] for key, row in t.breakdown.items()}
                    for name, t in tallies.items()
                }
            if tweaks:
                out[variant]["tweaks"] = {
                    name: {"bot": start_bot, "settings": dict(settings)}
                    for name, (start_bot, settings) in tweaks.items()
                    if name in tallies
                }
            if not args.json:
                _print_strength(variant, found)
                for name, row in pairs.items():
                    print(
                        f"  {name} by deal: points {row['points'][0]:+.2f} ±{row['points'][1]:.2f}"
                        f", placement {row['placement'][0]:+.3f} ±{row['placement'][1]:.3f}"
                        f", deal-in {row['deal_in'][0]:+.4f} ±{row['deal_in'][1]:.4f}"
                        f", win {row['win'][0]:+.4f} ±{row['win'][1]:.4f}"
                    )
                    compared, differed = row["deals"]
                    where = row["points_where_differed"]
                    print(
                        f"    games differed on {differed:.0f} of {compared:.0f} deals;"
                        f" points there {where[0]:+.2f} ±{where[1]:.2f}"
                    )
                players = Game(variant, seed=0).players
                elapsed = time.perf_counter() - started
                seatings = len(lineups(bots, players))
                print(f"  ({args.games} deals x {seatings} line-ups, {elapsed:.0f} s)")
                if args.breakdown:
                    _print_breakdown(variant, tallies)
    if args.json:
        print(json.dumps(out, default=repr))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
