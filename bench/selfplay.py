"""One Riichi round with random legal players: rounds per second, side by side with riichienv.

    .venv/bin/python bench/selfplay.py [--rounds 300]

mahjongkit plays single rounds (East 1, tenhou preset) with uniformly random legal players,
legal actions recomputed at every decision, the full event log kept. When the `riichienv`
package (Rust core) is installed, its default single-round game is played the same way with its
own RandomAgent in the same process. Figures are rounds/s; compare them as a ratio.
"""

from __future__ import annotations

import argparse
import random
import time

from mahjongkit.bots.policy import random_policy
from mahjongkit.game.engine import Game
from mahjongkit.variants.riichi.rules import RiichiRules


def ours(rounds: int) -> float:
    rules = RiichiRules.tenhou()
    start = time.perf_counter()
    for seed in range(rounds):
        rng = random.Random(seed)
        game = Game("riichi", rules, seed=seed)
        game.start_at(
            round_wind=0, hand_number=0, dealer=0, honba=0, deposits=0, scores=[25000] * 4
        )
        while True:
            seats = game.waiting_for()
            if not seats:
                break
            game.apply(random_policy(game, seats[0], rng, efficient=False))
    return rounds / (time.perf_counter() - start)


def theirs(rounds: int) -> float | None:
    try:
        from riichienv import RiichiEnv
        from riichienv.agents import RandomAgent
    except ImportError:
        return None
    agent = RandomAgent()
    start = time.perf_counter()
    for seed in range(rounds):
        env = RiichiEnv(seed=seed)
        observations = env.reset()
        while not env.done():
            observations = env.step(
                {player: agent.act(obs) for player, obs in observations.items()}
            )
    return rounds / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args()
    mine = ours(args.rounds)
    print(f"mahjongkit      {mine:10,.1f} rounds/s")
    other = theirs(args.rounds)
    if other is None:
        print("riichienv is not installed: no side-by-side figure")
        return
    print(f"riichienv 0.4   {other:10,.1f} rounds/s")
    print(f"ratio mahjongkit/riichienv: {mine / other:.2f}x")


if __name__ == "__main__":
    main()
