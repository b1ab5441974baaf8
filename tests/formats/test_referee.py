"""Mixed tables under an outside referee: mahjongkit's mjai bot at two seats, the ``mjai``
package's rule-based bot at the other two, libriichi (Mortal's referee, as mjai.app runs it)
checking every move (R-05 riichi, furiten by ``passed_tile_furiten``, kuikae, every call and
win). ``./dev test`` installs the referee: these tests are never skipped."""

from __future__ import annotations

import json

import pytest

from mahjongkit.bots.mjai_bot import MjaiBot
from mahjongkit.formats.mjai import read_mjai
from tests.helpers.benches import load_bench
from tests.helpers.libriichi import RULEBASE, referee_game

SEEDS = (2026120401, 2026120402, 2026120403, 2026120404)
"""Fresh seeds: none of them was ever played to tune a bot."""


@pytest.mark.parametrize("seed", SEEDS)
def test_mixed_table_under_libriichi_has_no_rejected_action(seed):
    """Every answer of our bots (defensive, efficient) is one libriichi accepts, and the
    engine replays libriichi's own log of the game, payment by payment, to the same end."""
    bots = ["defensive", RULEBASE, "efficient", RULEBASE]
    if seed % 2:
        bots = bots[1:] + bots[:1]
    refereed = referee_game(seed, bots)
    assert refereed.rejects == []
    assert sum(e["type"] == "dahai" for e in refereed.log) > 100
    assert read_mjai(refereed.log).over


class _ThrowsAwayATileItDoesNotHold:
    """Our efficient bot, except that its fifth discard names a tile it does not hold."""

    def __init__(self) -> None:
        self.bot = MjaiBot("efficient")
        self.discards = 0

    def __call__(self, line: str) -> str:
        answer = json.loads(self.bot.react(line))
        if answer["type"] == "dahai":
            self.discards += 1
            if self.discards == 5:
                answer["pai"] = "C" if answer["pai"] != "C" else "P"
                answer["tsumogiri"] = False
        return json.dumps(answer)


def test_the_harness_sees_the_referee_reject_an_action():
    """libriichi plays on after an illegal action: the harness counts its report, so a bot
    that breaks a rule fails the test above."""
    broken = _ThrowsAwayATileItDoesNotHold()
    refereed = referee_game(SEEDS[0], ["efficient", broken, "efficient", RULEBASE])
    assert len(refereed.rejects) >= 1
    assert "Dahai" in refereed.rejects[0] and "actor: 1" in refereed.rejects[0]


def test_bench_lineup_seats_two_of_ours_and_two_rule_based_bots_and_swaps():
    bench = load_bench("referee")
    assert bench.lineup(0, ["defensive", "efficient"]) == [
        "defensive",
        RULEBASE,
        "efficient",
        RULEBASE,
    ]
    assert bench.lineup(1, ["defensive", "efficient"]) == [
        RULEBASE,
        "defensive",
        RULEBASE,
        "efficient",
    ]
    assert bench.placements([25000, 30000, 25000, 20000]) == [2, 1, 3, 4]
