"""The efficient and defensive bots make the same decisions, game after game, as they did when
these digests were taken: a change meant to make them cheaper must leave every choice as it
was (compiled or pure, whichever build runs).

Each digest is the SHA-256 of the logs of seeded games with every seat played by one bot (the
workload of ``bench/bot_instructions.py``: the game seeds of seed 1). A digest that moves means
a decision moved; a change of strategy that is meant to move them takes new digests, in the
same commit, with the reason.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from mahjongkit.bots import play
from mahjongkit.game.engine import Game
from mahjongkit.sim import game_seed, make_agents

GAMES = 6
"""Games per family and bot (their seeds: ``game_seed(1, 0..)``)."""
ROUNDS = 4

DIGESTS = {
    ("riichi", "efficient"): "c8fc2ce6da158d26533a0ad0c67f27a441f7343ce69e4049e4ba69bcc54a97a1",
    ("riichi", "defensive"): "4ccbc0ada4049ce1366c423f07d6d8ea45259a853ed8d40cbd634868912360a5",
    ("hongkong", "efficient"): "994ecc2be8e989a25c2125226c0a069f23ad6cf6b77b509a54ff84b1280ad791",
    ("hongkong", "defensive"): "4e2d815c831266153f23ec6e99248cb19e4f667d73f3595f201a0c52b5e14646",
    ("sichuan", "efficient"): "790ff6ae921573ea0e0abb47ef7d0e72fca78a0c31a4af3fa40db546ee1bc2e5",
    ("sichuan", "defensive"): "62e496c2245d2651bbde020a4061c4f0f151a3ce528ad0ee1e673afce1fbc2b9",
}


def decision_digest(variant: str, bot: str, games: int = GAMES, rounds: int = ROUNDS) -> str:
    """The SHA-256 of the logs of ``games`` seeded games with every seat played by ``bot``."""
    digest = hashlib.sha256()
    for index in range(games):
        deal = game_seed(1, index)
        game = Game(variant, seed=deal, max_rounds=rounds)
        play(game, make_agents([bot] * game.players, deal, game.flow.rules))
        digest.update(json.dumps(game.log, sort_keys=True, default=str).encode())
    return digest.hexdigest()


@pytest.mark.parametrize(("variant", "bot"), sorted(DIGESTS))
def test_seeded_games_of_a_bot_make_the_decisions_they_always_made(variant: str, bot: str) -> None:
    assert decision_digest(variant, bot) == DIGESTS[variant, bot]
