"""What the bots carry from one decision to the next gives the answers a fresh start would.

The discard search keeps per-suit tables (a suit the last draw and discard left alone is found
again with its improving draws), the last hand's setup, and the agent keeps the wins it has
scored. At every turn of seeded games in every family, the carried search must equal shanten and
improving draws asked afresh of every discard, and the carried wait values those of an agent
that has scored nothing yet.
"""

from __future__ import annotations

from typing import Any

import pytest

from mahjongkit.bots import play
from mahjongkit.bots.efficient import EfficientAgent, HandReading
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import Observation
from mahjongkit.shapes import discard_shanten, discard_ukeire
from mahjongkit.sim import make_agents
from mahjongkit.table.actions import Action
from mahjongkit.tiles import counts_of_ids
from tests.helpers.shapes_reference import every_discard


class _Checked:
    """An agent whose every turn is checked against a fresh search before it acts."""

    def __init__(self, agent: Any, rules: Any, tally: dict[str, int]) -> None:
        self.agent = agent
        self.rules = rules
        self.tally = tally

    def act(self, obs: Observation) -> Action:
        melds = len(obs.own.melds)
        counts = counts_of_ids(obs.hand)
        if obs.phase == "turn" and sum(counts) == 14 - 3 * melds:
            shape = obs.hand_shape
            fresh = every_discard(counts, melds, shape)
            # The agent's own reading first (what it plays by), then the library's answers.
            reading = HandReading(obs, self.agent.rules)
            assert reading.shanten_after() == {k: v[0] for k, v in fresh.items()}, obs
            assert reading.after_discards() == fresh, obs
            assert discard_ukeire(counts, melds, shape) == fresh, obs
            assert discard_shanten(counts, melds, shape) == {k: v[0] for k, v in fresh.items()}
            ready = [kind for kind, (after, _) in fresh.items() if after == 0]
            if ready:
                self._check_values(obs, reading, ready)
            self.tally["turns"] += 1
        return self.agent.act(obs)

    def _check_values(self, obs: Observation, reading: HandReading, ready: list[int]) -> None:
        """The agent's wait values, from its carried memo, against an agent with none."""
        blank = EfficientAgent(self.rules)
        blank._prepare(obs.variant)
        self.agent._prepare(obs.variant)
        blank_reading = HandReading(obs, blank.rules)
        for kind in ready:
            counts = list(reading.counts)
            counts[kind] -= 1
            carried = self.agent.ready_value(reading, counts, kind, False)
            assert carried == blank.ready_value(blank_reading, counts, kind, False), obs
            self.tally["values"] += 1


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
def test_carried_search_equals_a_fresh_one_at_every_turn(variant: str) -> None:
    tally = {"turns": 0, "values": 0}
    for seed in (3, 11, 12):
        game = Game(variant, seed=seed, max_rounds=2)
        bots = ["efficient", "defensive"] * 2
        agents = make_agents(bots[: game.players], seed, game.flow.rules)
        play(game, [_Checked(a, game.flow.rules, tally) for a in agents])  # type: ignore[arg-type]
    # Enough turns, and ready hands among them, for a stale carried answer to show.
    assert tally["turns"] > 150
    assert tally["values"] > 5
