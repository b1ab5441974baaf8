"""The measurements behind the Sichuan defensive bot's tables, from games of efficient bots.

    PYTHONPATH=src .venv/bin/python bench/sichuan_costs.py paid [--games 2000] [--seed 21]
    PYTHONPATH=src .venv/bin/python bench/sichuan_costs.py worth [--games 2500] [--seed 31]
    PYTHONPATH=src .venv/bin/python bench/sichuan_costs.py dodged [--games 600] [--seed 5]
        [--jobs 2] [--json]

With no measure named, all three run in turn, each with its own games and seed.

``paid``: for every discard of a suit some seat still playing may win on (``--all-suits``: of
every suit, as the bot's table was read), what it paid in deal-ins and in kongs made on it (each
counted at ``--kong-cost`` points), averaged by wall step, danger band and copies of the kind
out of sight, the rows of ``DefensiveAgent.SICHUAN_PAID``.

``worth``: for every discard decision, the seat's result over the rest of the round, fitted by
least squares per wall step against the ready hand's wait value and, one step or more from
ready, against the improving tiles: the slopes are ``DefensiveAgent.SICHUAN_WORTH``.

``dodged``: where an efficient discard deals in, or has a kong made on it, the game is copied
and the best other discard of the same shanten is played instead; both copies are played to the
end of the round by the same bots. The seat's gain over the payment it dodged is the share
``DefensiveAgent.SICHUAN_DODGED`` stands for.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from mahjongkit.bots import EfficientAgent
from mahjongkit.bots.danger import discard_danger, threats
from mahjongkit.bots.defensive import DefensiveAgent
from mahjongkit.bots.efficient import HandReading
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import Observation
from mahjongkit.sim import Z_95, game_seed
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action

STEPS = len(DefensiveAgent.SICHUAN_PAID)
_step = DefensiveAgent.sichuan_step


def _agents(game: Game) -> list[EfficientAgent]:
    return [EfficientAgent(game.flow.rules) for _ in range(game.players)]


def _decisions(
    game: Game, agents: Sequence[EfficientAgent]
) -> Iterator[tuple[int, Observation, Action]]:
    """Play ``game`` to its end, yielding (seat, observation, action) before each action."""
    game.start()
    while not game.over:
        waiting = game.waiting_for()
        if not waiting:
            return
        seat = waiting[0]
        observation = game.observation(seat, with_events=False)
        action = agents[seat].act(observation)
        yield seat, observation, action
        game.apply(action)


def _turn_discards(
    game: Game, agents: Sequence[EfficientAgent]
) -> Iterator[tuple[int, Observation, Action, int]]:
    """The discards of :func:`_decisions` made on a seat's turn, each with its kind."""
    for seat, observation, action in _decisions(game, agents):
        if observation.phase == "turn" and action.type == A.DISCARD and action.tile is not None:
            yield seat, observation, action, action.tile // 4


def _ranking(agent: EfficientAgent, observation: Observation) -> tuple[HandReading, Any] | None:
    """The hand reading and the efficient bot's discard ranking of a turn (None: no discard)."""
    reading = HandReading(observation, agent.rules)
    ranking = agent.discard_ranking(reading, observation.legal_actions)
    return None if ranking is None else (reading, ranking)


def _after_discard(log: Sequence[Mapping[str, Any]], start: int, seat: int) -> tuple[int, int]:
    """(points ``seat`` paid in deal-ins, kongs made on its discard) from the events logged
    after ``start`` (the discard) to the next draw or the seat's next discard (after a chain
    of pungs), whichever comes first."""
    paid = kongs = 0
    # A kong's replacement draw is logged as a draw too: the kong comes before it.
    for event in log[start + 1 :]:
        kind = event["type"]
        if kind in ("tsumo", "end_kyoku") or (kind == "dahai" and event["actor"] == seat):
            break
        if kind == "hora" and event["target"] == seat and event["actor"] != seat:
            paid -= event["deltas"][seat]
        elif kind == "daiminkan" and event["target"] == seat:
            kongs += 1
    return paid, kongs


def _rest_of_round(log: Sequence[Mapping[str, Any]], start: int, seat: int) -> int:
    """What ``seat`` won or lost from the event at ``start`` to the round's end."""
    total = 0
    for event in log[start:]:
        deltas = event.get("deltas")
        if deltas:
            total += deltas[seat]
        if event["type"] == "end_kyoku":
            break
    return total


def _open_suit(observation: Observation, kind: int) -> bool:
    """Whether some other seat still playing may win on ``kind`` (not its missing suit)."""
    return any(
        seat != observation.seat and not info.won and info.missing_suit != kind // 9
        for seat, info in enumerate(observation.seats)
    )


def paid_rows(task: tuple[int, int, float, bool]) -> list[tuple[int, int, int, float]]:
    """(wall step, danger band, copies out of sight, points paid) of every discard of one game
    of a suit some seat still playing may win on (``all_suits``: of every suit)."""
    seed, index, kong_cost, all_suits = task
    game = Game("sichuan", seed=game_seed(seed, index))
    agents = _agents(game)
    marks = []
    for seat, observation, action in _decisions(game, agents):
        if action.type != A.DISCARD or action.tile is None:
            continue
        kind = action.tile // 4
        if not all_suits and not _open_suit(observation, kind):
            continue  # the bot costs these at nothing (no seat still playing may win on them)
        found = threats(observation)
        danger = discard_danger(observation, False, found, [kind])[kind] if found else None
        left = HandReading(observation, agents[seat].rules).left[kind]
        key = (_step(observation.wall_remaining), DefensiveAgent.sichuan_band(danger), left)
        marks.append((key, seat, len(game.log)))
    rows = []
    for (step, band, left), seat, start in marks:
        paid, kongs = _after_discard(game.log, start, seat)
        rows.append((step, band, min(left, 3), paid + kong_cost * kongs))
    return rows


def worth_rows(task: tuple[int, int]) -> list[tuple[int, float, float, int]]:
    """(wall step, shanten after, wait value or improving tiles, rest of the round) of every
    discard decision of one game."""
    seed, index = task
    game = Game("sichuan", seed=game_seed(seed, index))
    agents = _agents(game)
    marks = []
    for seat, observation, _, kind in _turn_discards(game, agents):
        found = _ranking(agents[seat], observation)
        if found is None:
            continue
        reading, ranking = found
        key, _, value = ranking.entries([kind])[0]
        if key[0] == 0:
            measure = float(value)
        elif key[0] == 1.5:
            continue  # a dead wait
        else:
            measure = float(DefensiveAgent._improving(reading, kind))
        marks.append(((_step(observation.wall_remaining), key[0], measure), seat, len(game.log)))
    return [(*mark, _rest_of_round(game.log, start, seat)) for mark, seat, start in marks]


def _play_until(
    game: Game, agents: Sequence[EfficientAgent], discard: Action, ends: tuple[str, ...]
) -> int:
    """Play ``discard`` in ``game``, then the game on until it logs an event of a type in
    ``ends``; the index of the discard's event (the first its play logs)."""
    start = len(game.log)
    game.apply(discard)
    while not game.over and not any(e["type"] in ends for e in game.log[start + 1 :]):
        waiting = game.waiting_for()
        if not waiting:
            break
        who = waiting[0]
        game.apply(agents[who].act(game.observation(who, with_events=False)))
    return start


def _play_round(game: Game, agents: Sequence[EfficientAgent], seat: int, discard: Action) -> int:
    """Play ``discard`` in ``game``, then the game to the end of its round; what ``seat`` won
    or lost from the discard on."""
    start = _play_until(game, agents, discard, ("end_kyoku",))
    return _rest_of_round(game.log, start, seat)


def _fed(
    game: Game, agents: Sequence[EfficientAgent], seat: int, discard: Action
) -> tuple[int, int]:
    """Play ``discard`` in ``game``, then the game to the next draw: what the discard fed
    (points paid in deal-ins, kongs made on it)."""
    start = _play_until(game, agents, discard, ("tsumo", "end_kyoku"))
    return _after_discard(game.log, start, seat)


def dodged_rows(task: tuple[int, int, float]) -> list[tuple[str, float, int]]:
    """("deal-in" or "kong", the payment dodged in points, the round result the other discard
    gained) where an efficient discard of one game fed either and a discard of the same
    shanten was left; a fed kong counts ``kong_cost`` points."""
    seed, index, kong_cost = task
    game = Game("sichuan", seed=game_seed(seed, index))
    agents = _agents(game)
    rows: list[tuple[str, float, int]] = []
    for seat, observation, action, kind in _turn_discards(game, agents):
        paid, kongs = _fed(copy.deepcopy(game), agents, seat, action)
        if not paid and not kongs:
            continue
        found = _ranking(agents[seat], observation)
        if found is None:
            continue
        _, ranking = found
        band = ranking.entries([kind])[0][0][0]
        entries = ranking.entries(ranking.kinds)
        others = [e for e in entries if e[1].tile is not None and e[1].tile // 4 != kind]
        other = next((e[1] for e in others if e[0][0] == band), None)
        if other is None:
            continue
        gain = _play_round(copy.deepcopy(game), agents, seat, other) - _play_round(
            copy.deepcopy(game), agents, seat, action
        )
        if paid:
            rows.append(("deal-in", float(paid), gain))
        else:
            rows.append(("kong", kong_cost * kongs, gain))
    return rows


def _run(work: Callable[[Any], list[Any]], tasks: list[Any], jobs: int) -> list[Any]:
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context().Pool(jobs) as pool:
            return [row for rows in pool.imap(work, tasks, chunksize=2) for row in rows]
    return [row for task in tasks for row in work(task)]


def _mean(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half width of its 95% interval."""
    n = len(values)
    mean = math.fsum(values) / n if n else math.nan
    if n < 2:
        return mean, math.nan
    spread = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z_95 * math.sqrt(spread / n)


def paid_table(rows: Sequence[tuple[int, int, int, float]]) -> list[list[list[dict[str, Any]]]]:
    """Per wall step, danger band and copies out of sight: discards and mean points paid."""
    cells: dict[tuple[int, int, int], list[float]] = {}
    for step, band, left, paid in rows:
        cells.setdefault((step, band, left), []).append(paid)
    return [
        [
            [
                {"n": len(cells.get((s, b, c), ())), "paid": _mean(cells.get((s, b, c), []))[0]}
                for c in range(4)
            ]
            for b in range(4)
        ]
        for s in range(STEPS)
    ]


def _least_squares(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The slope of ``ys`` against ``xs`` (NaN when ``xs`` do not vary)."""
    n = len(xs)
    if n < 2:
        return math.nan
    mx, my = math.fsum(xs) / n, math.fsum(ys) / n
    sxx = math.fsum((x - mx) ** 2 for x in xs)
    sxy = math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    return sxy / sxx if sxx else math.nan


def worth_table(rows: Sequence[tuple[int, float, float, int]]) -> list[dict[str, Any]]:
    """Per wall step: the slopes for a ready hand's wait value, and the improving tiles one
    step from ready and further, with the decisions each is fitted over."""
    out = []
    for step in range(STEPS):
        fitted: dict[str, Any] = {"step": step}
        tests: tuple[tuple[str, Callable[[float], bool]], ...] = (
            ("ready", lambda s: s == 0),
            ("one_step", lambda s: s == 1),
            ("further", lambda s: s >= 2),
        )
        for name, test in tests:
            chosen = [(x, y) for st, s, x, y in rows if st == step and test(s)]
            fitted[name] = _least_squares([x for x, _ in chosen], [float(y) for _, y in chosen])
            fitted[name + "_n"] = len(chosen)
        out.append(fitted)
    return out


def dodged_table(rows: Sequence[tuple[str, float, int]]) -> dict[str, dict[str, float]]:
    """Per payment dodged (deal-in, kong): cases, mean payment, mean gain with its interval,
    and the share of the payment the gain is."""
    out = {}
    for what in ("deal-in", "kong"):
        chosen = [row for row in rows if row[0] == what]
        gain, half = _mean([float(row[2]) for row in chosen])
        paid, _ = _mean([row[1] for row in chosen])
        share = gain / paid if chosen and paid else math.nan
        out[what] = {"n": len(chosen), "paid": paid, "gain": gain, "gain_95": half, "share": share}
    return out


DEFAULTS = {"paid": (2000, 21), "worth": (2500, 31), "dodged": (600, 5)}
"""Games and seed of each measure, as measured for the bot's tables."""


def measure(
    name: str, games: int, seed: int, jobs: int, kong_cost: float, all_suits: bool = False
) -> Any:
    """The table of one measure (see the module text)."""
    if name == "paid":
        tasks: list[Any] = [(seed, index, kong_cost, all_suits) for index in range(games)]
        return paid_table(_run(paid_rows, tasks, jobs))
    if name == "worth":
        return worth_table(_run(worth_rows, [(seed, index) for index in range(games)], jobs))
    tasks = [(seed, index, kong_cost) for index in range(games)]
    return dodged_table(_run(dodged_rows, tasks, jobs))


def _print(name: str, table: Any) -> None:
    if name == "paid":
        for step, bands in enumerate(table):
            for band, cells in enumerate(bands):
                text = "  ".join(f"{c['paid']:.3f} ({c['n']})" for c in cells)
                print(f"  wall step {step} band {band}: {text}")
    elif name == "worth":
        for row in table:
            print(
                f"  wall step {row['step']}: ready {row['ready']:.3f} ({row['ready_n']}),"
                f" one step {row['one_step']:.3f} ({row['one_step_n']}),"
                f" further {row['further']:.3f} ({row['further_n']})"
            )
    else:
        for what, row in table.items():
            print(
                f"  {what}: {row['n']} dodged, paid {row['paid']:.2f},"
                f" gain {row['gain']:+.2f} ± {row['gain_95']:.2f}, share {row['share']:.2f}"
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("measure", nargs="?", choices=(*DEFAULTS, "all"), default="all")
    parser.add_argument("--games", type=int, default=None, help="efficient games to play")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--kong-cost", type=float, default=2.7, help="points a fed kong costs")
    parser.add_argument(
        "--all-suits",
        action="store_true",
        help="paid: count the discards of suits no seat still playing may win on too",
    )
    parser.add_argument("--json", action="store_true", help="print the tables as JSON")
    args = parser.parse_args(argv)
    if (args.games is not None and args.games < 1) or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    names = list(DEFAULTS) if args.measure == "all" else [args.measure]
    tables = {}
    for name in names:
        games, seed = DEFAULTS[name]
        games = games if args.games is None else args.games
        seed = seed if args.seed is None else args.seed
        tables[name] = measure(name, games, seed, args.jobs, args.kong_cost, args.all_suits)
        if not args.json:
            print(f"sichuan {name}: {games} efficient games, seed {seed}", flush=True)
            _print(name, tables[name])
    if args.json:
        print(json.dumps(tables if args.measure == "all" else tables[names[0]], allow_nan=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
