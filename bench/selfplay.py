"""Self-play with random legal players: rounds and games per second, side by side with riichienv.

    .venv/bin/python bench/selfplay.py [--rounds 300] [--games 20] [--json]

Every player picks uniformly among its legal actions (a win whenever one is offered), legal
actions are asked for at every decision and the whole event log is kept. Measured, in one
process, in this order:

- Riichi single rounds (East 1, tenhou preset) and full east-south games (tenhou preset);
- when the `riichienv` package (Rust core) is installed, its single-round game and its
  east-south game (``game_mode=2``), played by its own RandomAgent;
- Hong Kong (old style) and Sichuan (blood battle) single rounds, for scale.

Figures are rounds/s or games/s with the decisions per round beside them (so that a faster
figure is seen to do the same work); compare mahjongkit and riichienv as a ratio, never as
seconds. The two engines are timed in alternating blocks of seeds (``--blocks``), so that a
change in the machine's load falls on both alike.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from mahjongkit.bots.policy import random_policy
from mahjongkit.game.engine import Game
from mahjongkit.variants import find_variant


def _play(game: Game, rng: random.Random) -> int:
    # The engine's cost alone, as riichienv's loop below times its own: the library's loop
    # (bots.policy.play_random over bots.session.run_seats, with its stop, cap and progress
    # checks) adds 1.0% of the instructions of a round (22.52M against 22.30M, callgrind).
    decisions = 0
    while True:
        seats = game.waiting_for()
        if not seats:
            return decisions
        game.apply(random_policy(game, seats[0], rng, efficient=False))
        decisions += 1


class Tally:
    """Time and work summed over blocks of seeds."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.count = 0
        self.rounds = 0
        self.decisions = 0

    def figure(self) -> dict[str, float]:
        """Per second, with the work done per round."""
        return {
            "per_second": self.count / self.seconds,
            "rounds_per_count": self.rounds / self.count,
            "decisions_per_round": self.decisions / self.rounds,
        }


def default_rules(variant: str) -> Any:
    """The rules self-play uses: Riichi's tenhou preset, else the family's default."""
    record = find_variant(variant)
    return record.rules("tenhou") if variant == "riichi" else record.rules()


def play_round(variant: str, rules: Any, seed: int) -> int:
    """One round (East 1) with random legal players; the decisions it took."""
    game = Game(variant, rules, seed=seed)
    game.start_at(
        round_wind=0,
        hand_number=0,
        dealer=0,
        honba=0,
        deposits=0,
        scores=game.flow.starting_scores(),
    )
    return _play(game, random.Random(seed))


def ours_rounds(variant: str, seeds: range, tally: Tally) -> None:
    """Single rounds (East 1) of ``variant`` under its default preset (Riichi: tenhou)."""
    rules = default_rules(variant)
    decisions = 0
    start = time.perf_counter()
    for seed in seeds:
        decisions += play_round(variant, rules, seed)
    tally.seconds += time.perf_counter() - start
    tally.count += len(seeds)
    tally.rounds += len(seeds)
    tally.decisions += decisions


def ours_games(seeds: range, tally: Tally) -> None:
    """Full east-south Riichi games (tenhou preset)."""
    rules = find_variant("riichi").rules("tenhou")
    decisions = rounds = 0
    start = time.perf_counter()
    for seed in seeds:
        game = Game("riichi", rules, seed=seed)
        game.start()
        decisions += _play(game, random.Random(seed))
        rounds += game.rounds_played
    tally.seconds += time.perf_counter() - start
    tally.count += len(seeds)
    tally.rounds += rounds
    tally.decisions += decisions


def riichienv_installed() -> bool:
    """Whether the peer can be measured."""
    try:
        import riichienv  # noqa: F401
    except ImportError:
        return False
    return True


def theirs(seeds: range, game_mode: int | None, tally: Tally) -> None:
    """riichienv's single round (``game_mode=None``) or east-south game (2).

    A step gives the actions of every seat asked at once (a claim window is one step), so its
    steps per round are not our decisions per round; its rounds per game are not reported."""
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    agent = RandomAgent()
    steps = 0
    start = time.perf_counter()
    for seed in seeds:
        options = {} if game_mode is None else {"game_mode": game_mode}
        env = RiichiEnv(seed=seed, **options)
        observations = env.reset()
        while not env.done():
            observations = env.step(
                {player: agent.act(obs) for player, obs in observations.items()}
            )
            steps += 1
    tally.seconds += time.perf_counter() - start
    tally.count += len(seeds)
    tally.rounds += len(seeds)
    tally.decisions += steps


def _blocks(total: int, blocks: int) -> list[range]:
    size = max(1, total // blocks)
    return [range(start, min(total, start + size)) for start in range(0, total, size)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300, help="single rounds per figure")
    parser.add_argument("--games", type=int, default=20, help="east-south games per figure")
    parser.add_argument("--blocks", type=int, default=5, help="alternations of the engines")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()

    peer = riichienv_installed()
    tallies = {name: Tally() for name in ("riichi_round", "riichienv_round")}
    for seeds in _blocks(args.rounds, args.blocks):
        ours_rounds("riichi", seeds, tallies["riichi_round"])
        if peer:
            theirs(seeds, None, tallies["riichienv_round"])
    tallies |= {name: Tally() for name in ("riichi_game", "riichienv_game")}
    for seeds in _blocks(args.games, args.blocks):
        ours_games(seeds, tallies["riichi_game"])
        if peer:
            theirs(seeds, 2, tallies["riichienv_game"])
    for variant in ("hongkong", "sichuan"):
        tallies[f"{variant}_round"] = Tally()
        ours_rounds(variant, range(args.rounds), tallies[f"{variant}_round"])

    figures: dict[str, Any] = {
        name: tally.figure() if tally.count else None for name, tally in tallies.items()
    }
    for ours, theirs_name in (
        ("riichi_round", "riichienv_round"),
        ("riichi_game", "riichienv_game"),
    ):
        if figures[theirs_name] is not None:
            figures[ours]["ratio_to_riichienv"] = (
                figures[ours]["per_second"] / figures[theirs_name]["per_second"]
            )
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    rows = [
        ("mahjongkit Riichi round", "riichi_round", "rounds/s"),
        ("riichienv round", "riichienv_round", "rounds/s"),
        ("mahjongkit Riichi east-south game", "riichi_game", "games/s"),
        ("riichienv east-south game", "riichienv_game", "games/s"),
        ("mahjongkit Hong Kong round", "hongkong_round", "rounds/s"),
        ("mahjongkit Sichuan round", "sichuan_round", "rounds/s"),
    ]
    for label, key, unit in rows:
        figure = figures[key]
        if figure is None:
            print(f"{label:36} (riichienv is not installed)")
            continue
        work = figure["decisions_per_round"]
        name = "steps" if key.startswith("riichienv") else "decisions"
        ratio = figure.get("ratio_to_riichienv")
        per = "game" if key == "riichienv_game" else "round"
        line = f"{label:36} {figure['per_second']:9.1f} {unit:9} {work:6.1f} {name}/{per}"
        if key == "riichi_game":
            line += f" ({figure['rounds_per_count']:.1f} rounds/game)"
        print(line + (f"   ratio {ratio:.2f}x" if ratio is not None else ""))


if __name__ == "__main__":
    main()
