"""Environment steps per second with random legal actions, per family, beside riichienv's.

    .venv/bin/python bench/rl_steps.py [--rounds 100] [--blocks 4] [--encoder v1] [--json]

mahjongkit: the PettingZoo AEC environment (``mahjongkit.rl.env``), one round per game
(``max_rounds=1``; Riichi under the tenhou preset), each step being ``last()`` (the observation of
the encoder chosen, ``v1`` by default, and the action mask of the seat to act) and ``step()`` with
an index drawn among the mask's ones. riichienv (when installed, the ``bench`` extra): its own
environment playing single rounds, each seat asked getting ``encode()`` (its 74 x 34 features),
``mask()`` and a random legal action, so that both do the same work per decision. A riichienv step
answers every seat asked at once, so its figure is decisions/s (the seats' answers counted), and so
is ours. Compare the two as a ratio; the engines are timed in alternating blocks of seeds so that
load falls on both alike.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import numpy as np

from mahjongkit.rl import env


def ours(family: str, seeds: range, encoder: str = "v1") -> tuple[float, int]:
    """Seconds and decisions of single rounds of ``family`` played through the AEC env."""
    table = env(family, max_rounds=1, encoder=encoder)
    decisions = 0
    start = time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        table.reset(seed=seed)
        while table.agents:
            observation, _, terminated, _, _ = table.last()
            if terminated:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[rng.randrange(len(legal))]))
            decisions += 1
    return time.perf_counter() - start, decisions


def theirs(seeds: range) -> tuple[float, int]:
    """Seconds and decisions of riichienv single rounds, encoding and masking every decision."""
    from riichienv import RiichiEnv

    decisions = 0
    start = time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        game = RiichiEnv(seed=seed)
        observations = game.reset()
        while not game.done():
            actions = {}
            for player, seen in observations.items():
                seen.encode()
                seen.mask()
                legal = seen.legal_actions()
                actions[player] = legal[rng.randrange(len(legal))]
                decisions += 1
            observations = game.step(actions)
    return time.perf_counter() - start, decisions


def _installed() -> bool:
    try:
        import riichienv  # noqa: F401
    except ImportError:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100, help="single rounds per figure")
    parser.add_argument("--blocks", type=int, default=4, help="alternations of the engines")
    parser.add_argument("--encoder", default="v1", help="the observation encoder (v1, v2)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    peer = _installed()
    totals: dict[str, list[float]] = {
        name: [0.0, 0.0] for name in ("riichi", "riichienv", "hongkong", "sichuan")
    }
    size = max(1, args.rounds // args.blocks)
    for first in range(0, args.rounds, size):
        seeds = range(first, min(args.rounds, first + size))
        for name in ("riichi", "hongkong", "sichuan"):
            seconds, decisions = ours(name, seeds, args.encoder)
            totals[name][0] += seconds
            totals[name][1] += decisions
        if peer:
            seconds, decisions = theirs(seeds)
            totals["riichienv"][0] += seconds
            totals["riichienv"][1] += decisions
    figures: dict[str, Any] = {
        name: ({"steps_per_second": n / s, "steps_per_round": n / args.rounds} if s else None)
        for name, (s, n) in totals.items()
    }
    if figures["riichienv"] is not None:
        figures["riichi"]["ratio_to_riichienv"] = (
            figures["riichi"]["steps_per_second"] / figures["riichienv"]["steps_per_second"]
        )
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    labels = {
        "riichi": f"mahjongkit Riichi (AEC env, {args.encoder})",
        "riichienv": "riichienv (encode + mask)",
        "hongkong": f"mahjongkit Hong Kong (AEC env, {args.encoder})",
        "sichuan": f"mahjongkit Sichuan (AEC env, {args.encoder})",
    }
    for name, label in labels.items():
        figure = figures[name]
        if figure is None:
            print(f"{label:38} (riichienv is not installed)")
            continue
        line = (
            f"{label:38} {figure['steps_per_second']:9.0f} steps/s "
            f"{figure['steps_per_round']:6.1f} steps/round"
        )
        ratio = figure.get("ratio_to_riichienv")
        print(line + (f"   ratio {ratio:.2f}x" if ratio is not None else ""))


if __name__ == "__main__":
    main()
