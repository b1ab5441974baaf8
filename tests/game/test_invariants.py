"""The table's invariants over full-length seeded games of every family (issue 11, item 13).

The games and checks are those of ``bench/soak.py``: tiles conserved and never drawn twice,
points zero-sum, replay equal to live play, events that survive JSON, observations that hide
what they must, illegal actions refused without a trace. The bugs the soak found first each
keep a regression test of their own.
"""

from __future__ import annotations

import json
import random
from functools import cache
from types import SimpleNamespace
from typing import Any

import pytest
from bench.soak import Checker, soak_game

from mahjongkit.bots.policy import play_random
from mahjongkit.game.engine import Game

QUICK = ["ema2012", "ema2016", "tenhou", "sanma", "tenhou3", "sichuan", "sichuan-exchange"]
"""Families whose full games take about a second with every check."""
HONG_KONG_ROUNDS = 6
"""A full Hong Kong game of random players lasts about 500 hands (the dealer keeps the deal
on a draw): the soak plays them whole, the suite plays this many hands."""



@cache
def soaked(family: str, seed: int) -> dict[str, Any]:
    """One game of ``family`` with every check (played once per session)."""
    rounds = HONG_KONG_ROUNDS if family == "hongkong" else None
    return soak_game(family, seed, max_rounds=rounds, replay_rate=0.01, edit_rate=0.02)


def kinds(result: dict[str, Any]) -> list[str]:
    return sorted(result["counts"])


def tile_failures(result: dict[str, Any]) -> list[str]:
    return [k for k in kinds(result) if k.startswith(("[tiles]", "[drawn twice]"))]




@pytest.mark.parametrize("family", QUICK)
def test_full_games_keep_points_replay_tiles_and_refuse_illegal_actions(family):
    result = soaked(family, 0)
    assert result["over"] and result["rounds"] >= 4
    assert kinds(result) == []


def test_hong_kong_hands_keep_points_replay_and_refuse_illegal_actions():
    result = soaked("hongkong", 0)
    assert result["over"] and result["rounds"] == HONG_KONG_ROUNDS
    assert kinds(result) == []


@pytest.mark.parametrize("family", QUICK)
@pytest.mark.parametrize("seed", [1, 2])
def test_no_physical_tile_is_ever_drawn_twice_over_full_games(family, seed):
    result = soak_game(family, seed, tiles_only=True)
    assert result["over"] and result["rounds"] >= 4
    assert tile_failures(result) == []


def test_hong_kong_never_draws_a_tile_twice():
    """Issue 11 item 6: a last live flower was replaced from a slot already drawn."""
    result = soak_game("hongkong", 0, tiles_only=True, max_rounds=40)
    assert result["over"] and result["rounds"] == 40
    assert tile_failures(result) == []


def test_hong_kong_selfplay_seed_3_sets_no_flower_aside_twice():
    """Issue 11 item 6: ``selfplay --seed 3 --max-rounds 1`` set the same flower aside twice."""
    game = Game("hongkong", seed=3, max_rounds=1)
    play_random(game, random.Random(3))
    checker = Checker("hongkong", "hongkong", 3, deposit=0)
    checker.events(game, game.snapshot())
    flowers = [e["mjk_id"] for e in game.log if e["type"] == "mjk:flower"]
    assert len(flowers) == len(set(flowers))
    assert checker.failures == []


def test_the_tile_check_catches_a_tile_drawn_twice():
    game = Game("riichi", seed=5, max_rounds=1)
    play_random(game, random.Random(5))
    log = json.loads(json.dumps(game.log))
    draws = [e for e in log if e["type"] == "tsumo"]
    draws[3]["mjk_id"] = draws[1]["mjk_id"]
    checker = Checker("ema2012", "riichi", 5, deposit=1000)
    checker.events(SimpleNamespace(log=log), game.snapshot())
    found = [f for f in checker.failures if f["check"] != "json"]
    assert [f["check"] for f in found] == ["drawn twice"]
    assert found[0]["message"].startswith(f"tsumo by seat {draws[3]['actor']}: id ")


def test_kakan_hides_from_the_others_whether_the_tile_was_just_drawn():
    """Issue 11 item 10: kakan told every seat whether the added tile was just drawn."""
    leaks = [k for f in QUICK for k in kinds(soaked(f, 0)) if "just drawn" in k]
    assert leaks == []


def test_editing_an_observation_changes_nothing_in_the_game():
    """Observations shared the log's dicts: a seat editing its view changed the game."""
    edits = [k for f in QUICK for k in kinds(soaked(f, 0)) if k.startswith("[edits]")]
    assert edits == []


def test_every_riichi_event_survives_json():
    """start_game's mjk_rules held tuples: the event changed through JSON."""
    families = ["ema2012", "ema2016", "tenhou", "sanma"]
    broken = [k for f in families for k in kinds(soaked(f, 0)) if k.startswith("[json]")]
    assert broken == []
