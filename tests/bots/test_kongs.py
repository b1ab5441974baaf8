"""The bots' concealed kongs: the engine offers one by its four tiles, no single tile named, and
a bot weighs it like any other kong (it used to pass every such offer over, in every family)."""

from __future__ import annotations

import pytest

from mahjongkit.bots import DefensiveAgent, EfficientAgent, play
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import Observation
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from tests.bots.test_strong_bots import discards, ids, observation, seat


def _offered(variant: str, hand_text: str, kong_text: str):
    """Seat 0 to play ``hand_text`` (four of ``kong_text`` among it), offered their concealed
    kong the way the engine offers it; nobody else has shown anything."""
    used: dict[int, int] = {}
    four = ids(kong_text * 4, used)
    rest = ids(hand_text, used)
    hand = tuple(sorted((*four, *rest)))
    kong = Action(A.ANKAN, 0, None, four)
    others = [seat(missing=2 if variant == "sichuan" else None) for _ in range(3)]
    mine = seat(hand, missing=2 if variant == "sichuan" else None)
    return observation(variant, 0, [mine, *others], [*discards(0, hand), kong], wall=60), kong


@pytest.mark.parametrize("variant", ["riichi", "hongkong"])
@pytest.mark.parametrize("agent", [EfficientAgent, DefensiveAgent])
def test_a_kong_that_keeps_the_shanten_is_declared(variant: str, agent: type) -> None:
    """2222m 456p 678p 99p 1z 5z: the four 2m are a set of their own, the kong leaves the
    hand one step from ready as it was, and it is declared."""
    obs, kong = _offered(variant, "456p678p99p15z", "2m")
    assert kong.tile is None
    assert agent().act(obs) == kong


@pytest.mark.parametrize("variant", ["riichi", "hongkong"])
def test_a_kong_that_breaks_the_hands_runs_is_refused(variant: str) -> None:
    """1 2222 34m 456p 99p 1z 5z: the 2m belong to the runs 123m and 234m, a kong of them
    sets the hand a step back, and the bot discards instead."""
    obs, kong = _offered(variant, "134m456p99p15z", "2m")
    choice = EfficientAgent().act(obs)
    assert choice != kong and choice.type == A.DISCARD


def test_bots_declare_concealed_kongs_in_seeded_games() -> None:
    """Over seeded games of every family, efficient bots take some of the concealed kongs
    they are offered (none was taken before)."""
    seen = {"offered": 0, "taken": 0}

    class Counted(EfficientAgent):
        def act(self, obs: Observation) -> Action:
            action = super().act(obs)
            if any(a.type == A.ANKAN for a in obs.legal_actions):
                seen["offered"] += 1
                seen["taken"] += action.type == A.ANKAN
            return action

    for variant in ("riichi", "hongkong", "sichuan"):
        for game_seed in range(8):
            game = Game(variant, seed=game_seed, max_rounds=2)
            play(game, [Counted(game.flow.rules) for _ in range(game.players)])
    assert seen["offered"] > 5 and seen["taken"] > 0, seen
