"""Where a Sichuan bot's points come from, over duplicate deals, and the decisions behind them.

    PYTHONPATH=src .venv/bin/python bench/sichuan_breakdown.py [--games 300] [--seed 1]
        [--bots defensive,efficient] [--tweak NAME=BOT:ATTR=VALUE] [--rounds 4] [--jobs 1]
        [--json]

The deals are played as by ``bench/strength.py`` (every deal once per rotation of the
line-up, the same walls from every seat). Every payment of the log is put in one part, per
seat: wins by discard and by self-draw (received), deal-ins, others' self-draws paid, kong
money received and paid (wind and rain, and its refunds and hand-overs), and the wall-end
settlements (``ready_check``: not ready pays the ready; ``flower_pig``: still holding the
missing suit; ``tax_refund``: kong money given back), received and paid. The parts of a seat
add up to its points, checked on every game. Wins are also counted by their fan (0 to the cap)
and by the patterns they hold (a one-suit hand, seven pairs, all pungs, roots, self-draw).

The decisions counted, per seat and round: the missing suit declared (how many of its tiles
were held then, and whether it was a suit of fewest tiles), the kongs offered and declined,
and the flush chances (a suit of at least ``--flush-tiles`` tiles held when the missing suit is
declared) and how many of them ended in a one-suit win.

Per bot, each figure is printed per game, and then each bot against the first one, deal by
deal, with the 95% interval of the mean difference.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from mahjongkit.bots import Agent, play
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import Observation
from mahjongkit.sim import game_seed, make_agents
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action

sys.path.insert(0, str(Path(__file__).resolve().parent))  # strength.py beside it, when loaded
from strength import TweakError, Tweaks, _mean, lineups, parse_tweak, tweaked_agent

WIN_PARTS = ("win_discard", "win_self_draw")
"""Received for a win (a robbed kong counts as a discard)."""
LOSS_PARTS = ("deal_in", "paid_self_draw")
KONG_PARTS = ("kong_received", "kong_paid")
WALL_END_REASONS = ("ready_check", "flower_pig", "tax_refund")
PARTS = (
    *WIN_PARTS,
    *LOSS_PARTS,
    *KONG_PARTS,
    *(f"{reason}_{way}" for reason in WALL_END_REASONS for way in ("received", "paid")),
)
"""The parts a seat's points are split into; they add up to its points."""
PATTERNS = ("pure_suit", "seven_pairs", "all_pungs", "root", "self_draw")
"""The win patterns counted (``self_draw``: a win by self-draw, a pattern or not)."""
KONG_ACTIONS = frozenset({A.KAN, A.ANKAN, A.KAKAN})
_KONG_REASONS = frozenset(
    {
        "concealed_kong",
        "exposed_kong",
        "added_kong",
        "fed_kong_flower",
        "robbed_kong_refund",
        "call_transfer",
        "kong_discard_refund",
    }
)
_WINDS = "ESWN"


class Recorder:
    """An agent wrapper counting the decisions that drive the points (see the module text)."""

    def __init__(self, agent: Agent, flush_tiles: int) -> None:
        self.agent = agent
        self.flush_tiles = flush_tiles
        self.counts: dict[str, int] = {}
        self.flush_suit: dict[int, int] = {}
        """Per round (its index): the suit of a flush chance seen at the declaration."""
        self.rounds = 0

    def add(self, name: str, amount: int = 1) -> None:
        """Count ``amount`` more of ``name``."""
        self.counts[name] = self.counts.get(name, 0) + amount

    def act(self, observation: Observation) -> Action:
        """The wrapped agent's action, its decision counted."""
        action: Action = self.agent.act(observation)
        legal = observation.legal_actions
        offered = {a.type for a in legal if a.type in KONG_ACTIONS}
        for kind in offered:
            # Per kind of kong (kan: on a discard; ankan: concealed; kakan: added to a pung).
            self.add(f"kong_offered_{kind}")
            if action.type != kind:
                self.add(f"kong_declined_{kind}")
        if action.type == A.DECLARE_MISSING and action.suit is not None:
            self.declared(observation, action.suit)
        return action

    def declared(self, observation: Observation, suit: int) -> None:
        """The missing suit's choice: its tiles held, a fewest suit or not, a flush chance."""
        held = [0, 0, 0]
        for tile in observation.hand:
            if tile // 4 < 27:
                held[tile // 36] += 1
        self.add("declared")
        self.add("missing_tiles", held[suit])
        if held[suit] == min(held):
            self.add("missing_fewest")
        best = max(range(3), key=held.__getitem__)
        if held[best] >= self.flush_tiles and best != suit:
            self.add("flush_chance")
            self.flush_suit[self.rounds] = best
        self.rounds += 1


def _seat_of(letter_or_seat: str | int, dealer: int, players: int) -> int:
    """A payment line's seat: an index, or a wind letter counted from the dealer."""
    if isinstance(letter_or_seat, int):
        return letter_or_seat
    return (_WINDS.index(letter_or_seat) + dealer) % players


def split_log(log: Sequence[Mapping[str, Any]], players: int) -> list[dict[str, Any]]:
    """Per seat: its points by part (:data:`PARTS`), its wins by fan and by pattern, and per
    round (by index) whether it won with a one-suit hand."""
    seats: list[dict[str, Any]] = [
        {
            "parts": dict.fromkeys(PARTS, 0),
            "fan": {},
            "patterns": dict.fromkeys(PATTERNS, 0),
            "pure_rounds": set(),
        }
        for _ in range(players)
    ]
    dealer, round_index = 0, -1
    for event in log:
        kind = event["type"]
        if kind == "start_kyoku":
            dealer, round_index = event["oya"], round_index + 1
        elif kind == "hora":
            _split_win(event, seats, dealer, players, round_index)
        elif kind == "mjk:payment":
            for seat, delta in enumerate(event["deltas"]):
                if delta:
                    seats[seat]["parts"]["kong_received" if delta > 0 else "kong_paid"] += delta
        if kind in ("hora", "ryukyoku"):
            # A win's kong money handed over (call transfer), the wall end's settlements.
            for line in event.get("mjk_lines", []):
                reason = line["reason"]
                payer = _seat_of(line["payer"], dealer, players)
                payee = _seat_of(line["payee"], dealer, players)
                if reason in _KONG_REASONS:
                    seats[payer]["parts"]["kong_paid"] -= line["amount"]
                    seats[payee]["parts"]["kong_received"] += line["amount"]
                else:
                    seats[payer]["parts"][f"{reason}_paid"] -= line["amount"]
                    seats[payee]["parts"][f"{reason}_received"] += line["amount"]
    return seats


def _split_win(
    event: Mapping[str, Any],
    seats: list[dict[str, Any]],
    dealer: int,
    players: int,
    round_index: int,
) -> None:
    """One win's payments put in their parts, and the win counted by fan and pattern."""
    score = event["mjk_score"]
    winner = event["actor"]
    self_draw = event["target"] == winner
    record = seats[winner]
    record["fan"][score["fan"]] = record["fan"].get(score["fan"], 0) + 1
    found = {p["id"] for p in score["patterns"]}
    for pattern in PATTERNS[:-1]:
        if pattern in found:
            record["patterns"][pattern] += 1
    if self_draw:
        record["patterns"]["self_draw"] += 1
    if "pure_suit" in found:
        record["pure_rounds"].add(round_index)
    for line in score["payment_lines"]:
        payer = _seat_of(line["payer"], dealer, players)
        payee = _seat_of(line["payee"], dealer, players)
        amount = line["amount"]
        if line["reason"] in _KONG_REASONS:
            seats[payer]["parts"]["kong_paid"] -= amount
            seats[payee]["parts"]["kong_received"] += amount
        elif self_draw:
            seats[payer]["parts"]["paid_self_draw"] -= amount
            seats[payee]["parts"]["win_self_draw"] += amount
        else:
            seats[payer]["parts"]["deal_in"] -= amount
            seats[payee]["parts"]["win_discard"] += amount


def play_breakdown(
    task: tuple[str, int, int, int | None, tuple[str, ...], Tweaks, int],
) -> dict[str, Any]:
    """One rotation of one deal: per seat, its figures (:func:`split_log` and the
    :class:`Recorder`'s counts); raises if the parts do not add up to a seat's points."""
    variant, seed, index, rounds, lineup, tweaks, flush_tiles = task
    deal = game_seed(seed, index)
    game = Game(variant, seed=deal, max_rounds=rounds)
    plain = [bot if bot not in tweaks else tweaks[bot][0] for bot in lineup]
    agents = make_agents(plain, deal, game.flow.rules)
    for seat, bot in enumerate(lineup):
        if bot in tweaks:
            agents[seat] = tweaked_agent(*tweaks[bot], game.flow.rules)
    recorders = [Recorder(agent, flush_tiles) for agent in agents]
    play(game, recorders)
    split = split_log(game.log, game.players)
    start = game.flow.starting_scores()
    seats = []
    for seat, (found, recorder) in enumerate(zip(split, recorders, strict=True)):
        points = game.scores[seat] - start[seat]
        if sum(found["parts"].values()) != points:
            raise AssertionError(
                f"deal {index} seat {seat}: parts {found['parts']} do not add up to {points}"
            )
        figures: dict[str, float] = {"points": points, **found["parts"]}
        for fan, count in found["fan"].items():
            figures[f"wins_fan_{fan}"] = count
        for pattern, count in found["patterns"].items():
            figures[f"wins_{pattern}"] = count
        figures.update(recorder.counts)
        figures["flush_taken"] = sum(1 for r in recorder.flush_suit if r in found["pure_rounds"])
        figures["wins_pure_suit_unplanned"] = len(found["pure_rounds"] - set(recorder.flush_suit))
        seats.append(figures)
    return {"deal": index, "lineup": list(lineup), "seats": seats}


def breakdown(
    variant: str,
    bots: Sequence[str],
    games: int,
    rounds: int | None,
    seed: int,
    jobs: int,
    tweaks: Tweaks | None = None,
    flush_tiles: int = 9,
) -> dict[str, dict[int, dict[str, float]]]:
    """Per bot, per deal: each figure summed over the bot's seats, per game (divided by the
    number of its seats in the deal's rotations)."""
    players = Game(variant, seed=0).players
    tasks = [
        (variant, seed, index, rounds, lineup, tweaks or {}, flush_tiles)
        for index in range(games)
        for lineup in lineups(bots, players)
    ]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context().Pool(jobs) as pool:
            results = list(pool.imap(play_breakdown, tasks, chunksize=1))
    else:
        results = [play_breakdown(task) for task in tasks]
    sums: dict[str, dict[int, dict[str, float]]] = {bot: {} for bot in dict.fromkeys(bots)}
    seat_games: dict[str, dict[int, int]] = {bot: {} for bot in sums}
    for result in results:
        for bot, figures in zip(result["lineup"], result["seats"], strict=True):
            deal = sums[bot].setdefault(result["deal"], {})
            for name, value in figures.items():
                deal[name] = deal.get(name, 0.0) + value
            seat_games[bot][result["deal"]] = seat_games[bot].get(result["deal"], 0) + 1
    for bot, deals in sums.items():
        for deal, figures in deals.items():
            n = seat_games[bot][deal]
            for name in figures:
                figures[name] /= n
    return sums


def table(sums: Mapping[str, Mapping[int, Mapping[str, float]]]) -> dict[str, Any]:
    """Per figure: each bot's mean per game, and each later bot's paired difference from the
    first (mean and 95% half width over the deals)."""
    bots = list(sums)
    names: list[str] = []
    for deals in sums.values():
        for figures in deals.values():
            names.extend(n for n in figures if n not in names)
    order = ["points", *PARTS]
    names = [n for n in order if n in names] + sorted(n for n in names if n not in order)
    out: dict[str, Any] = {}
    first = sums[bots[0]]
    for name in names:
        row: dict[str, Any] = {}
        for bot in bots:
            values = [figures.get(name, 0.0) for figures in sums[bot].values()]
            row[bot] = round(_mean(values)[0], 4)
        for bot in bots[1:]:
            diffs = [
                figures.get(name, 0.0) - first[deal].get(name, 0.0)
                for deal, figures in sums[bot].items()
                if deal in first
            ]
            mean, half = _mean(diffs)
            row[f"{bot}-{bots[0]}"] = [round(mean, 4), round(half, 4)]
        out[name] = row
    return out


def _print(found: Mapping[str, Mapping[str, Any]], bots: Sequence[str]) -> None:
    header = f"  {'per game':<26}" + "".join(f"{bot:>12}" for bot in bots)
    header += "".join(f"{bot + '-' + bots[0]:>26}" for bot in bots[1:])
    print(header)
    for name, row in found.items():
        line = f"  {name:<26}" + "".join(f"{row[bot]:>12.4f}" for bot in bots)
        for bot in bots[1:]:
            mean, half = row[f"{bot}-{bots[0]}"]
            line += f"{mean:>+16.4f} ±{half:<7.4f}"
        print(line)


def main(argv: Sequence[str] | None = None) -> int:
    """Play the duplicate deals and print the breakdown."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="deals")
    parser.add_argument("--rounds", type=int, default=4, help="rounds per game (0: the rules')")
    parser.add_argument("--bots", default="defensive,efficient")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--variant", default="sichuan")
    parser.add_argument(
        "--flush-tiles", type=int, default=9, help="tiles of one suit that make a flush chance"
    )
    parser.add_argument("--tweak", action="append", default=[], metavar="NAME=BOT:ATTR=VALUE")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.rounds < 0 or args.flush_tiles < 1:
        parser.error("--games, --jobs and --flush-tiles must be at least 1, --rounds at least 0")
    tweaks: Tweaks = {}
    try:
        for spec in args.tweak:
            name, base, settings = parse_tweak(spec, tuple(tweaks))
            tweaks[name] = (base, settings)
    except TweakError as error:
        parser.error(str(error))
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) < 1 or len(set(bots)) != len(bots):
        parser.error("--bots: one bot or more, each once")
    try:
        sums = breakdown(
            args.variant,
            bots,
            args.games,
            args.rounds or None,
            args.seed,
            args.jobs,
            tweaks,
            args.flush_tiles,
        )
    except ValueError as error:
        parser.error(str(error))
    found = table(sums)
    if args.json:
        json.dump(found, sys.stdout, indent=1)
        print()
    else:
        print(f"{args.variant}: {args.games} duplicate deals, seed {args.seed}")
        _print(found, bots)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
