"""The environment's observations, masks and rewards over seeded games, pinned as digests.

Each digest covers every step of a few seeded single-round games with random legal actions:
the acting agent's planes and mask, another seat's view of the same moment (its planes, an
empty mask), the rewards and flags ``last()`` gives, and the final rewards. They were taken
before the environment's step was made faster, so a faster path that changes one cell, one
mask bit or one reward, or the dtype of either array, fails here. An encoder's layout is kept
for good under its name (:mod:`mahjongkit.rl.encoders`), and the engine's seeded games do not
change (the golden logs), so these values only move with a new encoder name.
"""

from __future__ import annotations

import hashlib
import random

import numpy as np
import pytest

from mahjongkit.rl import env

PINNED = {
    ("riichi", "v1"): "9c5c9a653fb64a29",
    ("riichi", "v2"): "a1121029a55c9324",
    ("hongkong", "v1"): "f1a27d57faaad7f3",
    ("hongkong", "v2"): "9530827da412b90a",
    ("sichuan", "v1"): "71a5290ddcf1987e",
    ("sichuan", "v2"): "1cd87a2d068fb91b",
}
SEEDS = range(3)


def episode_digest(family: str, encoder: str, seeds: range) -> str:
    """The first 16 hex digits of a SHA-256 over seeded games of the AEC environment."""
    digest = hashlib.sha256()
    table = env(family, max_rounds=1, encoder=encoder)
    agents = table.possible_agents
    for seed in seeds:
        rng = random.Random(seed)
        table.reset(seed=seed)
        while table.agents:
            agent = table.agent_selection
            seen, reward, terminated, truncated, _ = table.last()
            planes, mask = seen["observation"], seen["action_mask"]
            digest.update(f"{agent} {planes.dtype} {mask.dtype} {planes.shape}".encode())
            digest.update(planes.tobytes())
            digest.update(mask.tobytes())
            digest.update(repr((reward, terminated, truncated)).encode())
            other = table.observe(agents[(agents.index(agent) + 1) % len(agents)])
            digest.update(other["observation"].tobytes())
            digest.update(other["action_mask"].tobytes())
            if terminated:
                table.step(None)
                continue
            legal = np.flatnonzero(mask)
            table.step(int(legal[rng.randrange(len(legal))]))
        digest.update(repr(sorted(table.rewards.items())).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("family", "encoder"), sorted(PINNED))
def test_env_steps_give_the_pinned_observations_masks_and_rewards(
    family: str, encoder: str
) -> None:
    assert episode_digest(family, encoder, SEEDS) == PINNED[family, encoder]
