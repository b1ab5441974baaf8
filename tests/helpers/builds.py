"""What the compiled and the pure-Python builds must agree on: seeded games and scores.

``python -m tests.helpers.builds`` prints :func:`record` as one JSON object (the pure-Python
side of ``tests/test_native.py`` runs it with ``MAHJONGKIT_PURE=1``).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from mahjongkit.bots.policy import play_random
from mahjongkit.bots.session import run_until
from mahjongkit.game.engine import Game
from mahjongkit.sim import make_agents
from mahjongkit.variants.riichi import score
from tests.helpers.riichi_records import records, to_win

VARIANTS = ("riichi", "hongkong", "sichuan")
SCORED = 400
"""Tenhou wins rescored (the first of the conformance records)."""


def _log(game: Game) -> list[Any]:
    return json.loads(json.dumps(game.log))


def record() -> dict[str, Any]:
    """Every family's seeded games (random players, then efficient and defensive bots), whole
    event logs with every score, and the scores of the first Tenhou wins."""
    games: dict[str, list[Any]] = {}
    for variant in VARIANTS:
        for seed in range(3):
            game = Game(variant, seed=seed, max_rounds=4)
            play_random(game, random.Random(seed))
            games[f"{variant} random {seed}"] = _log(game)
        for seed in range(2):
            game = Game(variant, seed=seed, max_rounds=2)
            game.start()
            agents = make_agents(["efficient", "defensive"] * 2, seed, game.flow.rules)
            run_until(game, agents[: game.players])
            games[f"{variant} bots {seed}"] = _log(game)
    scores = []
    for found in records()[:SCORED]:
        win, rules = to_win(found)
        scores.append(score(win, rules).to_json())
    return {"games": games, "scores": scores}


if __name__ == "__main__":
    json.dump(record(), sys.stdout)
