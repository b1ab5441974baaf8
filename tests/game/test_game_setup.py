"""A game's set-up, made once per round in self-play: the rules' class checked without a
preset built, tile names and recorded options kept by the rules object (issue 35)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from mahjongkit.errors import IllegalActionError, NotationError
from mahjongkit.game.engine import Game
from mahjongkit.options import recorded
from mahjongkit.table.wall import deal
from mahjongkit.tiles import RED_FIVE_IDS, to_mjai
from mahjongkit.variants import find_variant
from mahjongkit.variants.riichi.rules import RiichiRules
from mahjongkit.variants.sichuan.rules import SichuanRules


def test_a_games_rules_are_checked_by_class_without_building_a_preset() -> None:
    made: list[str] = []

    def tenhou() -> RiichiRules:
        made.append("tenhou")
        return RiichiRules.tenhou()

    record = dataclasses.replace(find_variant("riichi"), presets={"tenhou": tenhou})
    rules = RiichiRules.ema2016()
    for _ in range(3):
        assert record.make_flow(rules).rules is rules
    assert len(made) <= 1  # the class learnt once (the first factory may be shared)
    with pytest.raises(NotationError, match="played under RiichiRules, not SichuanRules"):
        record.make_flow(SichuanRules.blood_battle())
    assert record.make_flow(None).rules == RiichiRules.tenhou()  # the default preset


def test_a_game_under_the_wrong_rules_class_is_refused_in_words() -> None:
    with pytest.raises((IllegalActionError, NotationError), match="not SichuanRules"):
        Game("riichi", SichuanRules.blood_battle())


def test_games_under_alternating_rules_name_and_record_by_their_own_rules() -> None:
    """Red fives named as the game's own rules say, and its options recorded, however the
    games before it were played (the names are kept by the last rules object)."""
    red = RiichiRules.tenhou()
    plain = dataclasses.replace(red, red_fives=False)
    red_dealt = 0
    for seed in range(6):
        for rules in (red, plain, red, red, plain):
            game = Game("riichi", rules, seed=seed)
            events = game.start()
            start, kyoku = events[0], events[1]
            assert json.dumps(start["mjk_rules"]) == json.dumps(recorded(rules))
            hands = deal(kyoku["mjk_wall"], kyoku["oya"], game.players)
            names = [[to_mjai(game.flow.tile(t)) for t in hand] for hand in hands]
            assert kyoku["tehais"] == names
            dealt = [t for hand in hands for t in hand if t in RED_FIVE_IDS]
            red_dealt += bool(dealt) and rules is red
            assert any(name.endswith("r") for row in names for name in row) == (
                bool(dealt) and rules.red_fives
            )
    assert red_dealt > 0
