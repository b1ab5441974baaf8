"""Sichuan options (RULES-sichuan §8): the preset, overriding, and the table-rule switches.

The money and fan switches are tested on both sides in ``test_payments.py`` and
``test_fan.py``; this file covers the preset and the switches of the table flow.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from mahjongkit.errors import IllegalActionError, InvalidHandError, NotationError
from mahjongkit.options import override
from mahjongkit.tiles import counts_of, parse_kinds
from mahjongkit.variants import find_variant
from mahjongkit.variants.sichuan import VARIANT, SichuanRules
from mahjongkit.variants.sichuan.flow import (
    check_exchange,
    discard_winners,
    exchange_direction,
    exchange_receivers,
    legal_discards,
    may_claim,
    may_rob_kong,
    next_dealer,
)
from tests.helpers.paths import REPO, SPEC

RULES = SichuanRules.blood_battle()
E, S, W, N = range(4)
RULES_BOOK = SPEC / "RULES-sichuan.md"


def options(*assignments: str) -> SichuanRules:
    return override(RULES, assignments)


def test_s03_rules_sichuan_8_preset_is_the_recommended_defaults():
    """§8 (starred values) and S-03 (cap 4)."""
    assert dataclasses.asdict(RULES) == {
        "players": 4,
        "base": 1,
        "fan_cap": 4,
        "self_draw_bonus": "none",
        "huan_san_zhang": "off",
        "void_discard_rule": "strict",
        "yipao_duoxiang": True,
        "rob_kong": True,
        "call_transfer": "that_kong",
        "call_transfer_split": "first_winner",
        "dian_gang_hua": "as_self_draw",
        "flower_pig": "cap_to_all_non_pig",
        "flower_pig_penalty": 48,
        "cha_da_jiao_as": "discard",
        "exposed_kong_payment": 2,
        "postponed_kong_pays": True,
        "refund_to_players_who_won": True,
        "men_qing_zhong_zhang": False,
        "yao_jiu_jiang_dui": True,
        "tian_di_hu": True,
        "hands_per_game": 4,
    }


def test_rules_sichuan_8_every_switch_is_an_option():
    section = RULES_BOOK.read_text(encoding="utf-8").split("## 8.")[1]
    names = {field.name for field in dataclasses.fields(SichuanRules)}
    for switch in (
        "fan_cap",
        "self_draw_bonus",
        "huan_san_zhang",
        "void_discard_rule",
        "yipao_duoxiang",
        "rob_kong",
        "call_transfer",
        "dian_gang_hua",
        "flower_pig",
        "cha_da_jiao_as",
        "men_qing_zhong_zhang",
        "yao_jiu_jiang_dui",
        "exposed_kong_payment",
        "postponed_kong_pays",
        "refund_to_players_who_won",
    ):
        assert switch in section and switch in names, switch
    assert "tian_di_hu" in section and "tian_di_hu" in names


def test_every_option_is_exercised_by_a_test_on_both_sides():
    """Each option's name appears in an override of the Sichuan tests (both values tested there)."""
    paths = {
        *(REPO / "tests").rglob("test_sichuan_*.py"),
        *(REPO / "tests").rglob("sichuan/test_*.py"),
    }
    text = "".join(path.read_text(encoding="utf-8") for path in sorted(paths))
    for field in dataclasses.fields(SichuanRules):
        assert f'"{field.name}=' in text or f"{field.name}={{" in text, field.name


def test_variant_registry_and_presets():
    assert find_variant("sichuan") is VARIANT
    assert VARIANT.languages == ("zh", "en", "fr", "es")
    assert VARIANT.rules() == RULES
    assert options("players=4").players == 4
    mil = VARIANT.rules("mil_sbr")
    assert (mil.fan_cap, mil.self_draw_bonus, mil.call_transfer) == (3, "jiadi", "cancel")
    assert mil.postponed_kong_pays is False


@pytest.mark.parametrize(
    ("assignment", "words"),
    [
        ("fan_cap=lots", "integer"),
        ("fan_cap=-1", "the fan_cap option is a whole number from 0 to 30, not -1"),
        ("fan_cap=99", "the fan_cap option is a whole number from 0 to 30, not 99"),
        ("hands_per_game=0", "the hands_per_game option is a whole number from 1 to 100"),
        ("self_draw_bonus=double", "none, jiadi, jiafan"),
        ("call_transfer=maybe", "that_kong"),
        ("rob_kong=perhaps", "true or false"),
        ("no_such_option=1", "unknown option"),
        ("base=0.5", "integer"),
        ("players=3", "the players option can only be 4 at this table, not 3"),
    ],
)
def test_bad_option_values_are_refused_by_name(assignment, words):
    with pytest.raises(NotationError, match=words):
        options(assignment)


# --- exchange three (§2) ------------------------------------------------------------------------


def test_rules_sichuan_2_huan_san_zhang_off_by_default():
    assert exchange_direction(RULES, random.Random(1)) is None


@pytest.mark.parametrize("direction", ["cw", "ccw", "across"])
def test_rules_sichuan_2_huan_san_zhang_fixed_directions(direction):
    rules = options(f"huan_san_zhang={direction}")
    assert exchange_direction(rules, random.Random(1)) == direction


def test_rules_sichuan_2_huan_san_zhang_random_is_seeded_and_uses_all_three():
    rules = options("huan_san_zhang=random")
    seen = [exchange_direction(rules, random.Random(seed)) for seed in range(60)]
    assert set(seen) == {"cw", "ccw", "across"}
    assert seen == [exchange_direction(rules, random.Random(seed)) for seed in range(60)]


def test_rules_sichuan_2_huan_san_zhang_dice_needs_the_table_convention():
    rules = options("huan_san_zhang=dice")
    assert exchange_direction(rules, random.Random(0), dice_direction="cw") == "cw"
    with pytest.raises(InvalidHandError, match="dice"):
        exchange_direction(rules, random.Random(0))


def test_rules_sichuan_2_exchange_receivers_follow_turn_order():
    assert exchange_receivers("ccw") == {E: S, S: W, W: N, N: E}
    assert exchange_receivers("cw") == {E: N, S: E, W: S, N: W}
    assert exchange_receivers("across") == {E: W, S: N, W: E, N: S}
    with pytest.raises(InvalidHandError, match="direction"):
        exchange_receivers("up")  # type: ignore[arg-type]


def test_rules_sichuan_2_check_exchange_three_tiles_of_one_suit_held():
    hand = counts_of(parse_kinds("1123m456p789s"))
    check_exchange(hand, [0, 0, 1])
    for chosen, words in (([0, 1], "3 tiles"), ([0, 1, 9], "one suit"), ([4, 5, 6], "hold")):
        with pytest.raises(IllegalActionError, match=words):
            check_exchange(hand, chosen)


# --- the missing suit (§3) ------------------------------------------------------------------------

HAND = counts_of(parse_kinds("19m2345p6789s"))


@pytest.mark.parametrize(
    ("rule", "made", "allowed"),
    [
        ("strict", 0, [0, 8]),
        ("strict", 5, [0, 8]),
        ("lenient", 0, [0, 8]),
        ("lenient", 5, [0, 8, 10, 11, 12, 13, 23, 24, 25, 26]),
    ],
)
def test_rules_sichuan_3_void_discard_rule_strict_or_lenient(rule, made, allowed):
    rules = options(f"void_discard_rule={rule}")
    assert legal_discards(HAND, 0, made, rules) == allowed


def test_rules_sichuan_3_without_missing_suit_tiles_any_tile_may_go():
    hand = counts_of(parse_kinds("2345p6789s"))
    assert legal_discards(hand, 0, 0, RULES) == [10, 11, 12, 13, 23, 24, 25, 26]


def test_rules_sichuan_3_no_claim_on_the_missing_suit():
    assert not may_claim(4, 0) and may_claim(13, 0)


# --- several winners, robbing, next dealer (§4, §1.5) --------------------------------------------


@pytest.mark.parametrize(("on", "winners"), [(True, [W, N, E]), (False, [W])])
def test_rules_sichuan_4_yipao_duoxiang_all_winners_or_the_first_in_turn_order(on, winners):
    rules = options(f"yipao_duoxiang={on}")
    assert discard_winners(S, {E, N, W}, rules) == winners


def test_the_discarder_cannot_win_on_its_own_discard():
    with pytest.raises(IllegalActionError, match="own discard"):
        discard_winners(S, {S, W}, RULES)


@pytest.mark.parametrize(("on", "robbable"), [(True, True), (False, False)])
def test_rules_sichuan_4_rob_kong_switch(on, robbable):
    rules = options(f"rob_kong={on}")
    assert may_rob_kong(rules, concealed=False) is robbable
    assert may_rob_kong(rules, concealed=True) is False


def test_rules_sichuan_4_rob_kong_off_refuses_a_robbing_win():
    from mahjongkit.variants.sichuan import score
    from tests.helpers.sichuan import make_win

    win = make_win("123m456m234p678p99p", robbing_kong=True)
    assert score(win, RULES).valid
    refused = score(win, options("rob_kong=false"))
    assert refused.error is not None and "rob_kong" in refused.error.message


def test_rules_sichuan_1_5_next_dealer():
    """§1.5: nobody won, the dealer stays; one first winner deals; several, the discarder."""
    assert next_dealer(E, [], None) == E
    assert next_dealer(E, [W], S) == W
    assert next_dealer(E, [W, N], S) == S
    with pytest.raises(InvalidHandError, match="discarder"):
        next_dealer(E, [W, N], None)


@pytest.mark.parametrize("hands", [1, 3])
def test_a_game_at_the_table_lasts_hands_per_game_hands(hands):
    """hands_per_game: the sources set no game length; the table plays that many hands."""
    import random

    from mahjongkit.bots.policy import play_random
    from mahjongkit.game.engine import Game
    from mahjongkit.options import override

    rules = override(RULES, [f"hands_per_game={hands}"])
    game = Game("sichuan", rules, seed=hands)
    play_random(game, random.Random(hands))
    assert game.over and game.rounds_played == hands


@pytest.mark.parametrize("rule", ["strict", "lenient"])
def test_rules_sichuan_3_the_tiles_offered_are_those_of_the_kinds_legal_discards_allows(rule):
    # The table reads the allowed tiles off the hand in one pass (void_first): the same tiles,
    # in hand order, as the kinds legal_discards gives, for any hand, missing suit and turn.
    from mahjongkit.tiles import counts_of_ids
    from mahjongkit.variants.sichuan.flow_turn import void_first

    rules = options(f"void_discard_rule={rule}")
    rng = random.Random(3)
    for _ in range(400):
        hand = rng.sample(range(108), rng.randrange(1, 15))
        missing = rng.randrange(3)
        made = rng.choice([0, 0, 1, 4])
        kinds = set(legal_discards(counts_of_ids(hand), missing, made, rules))
        expected = [t for t in hand if t // 4 in kinds]
        must_void = rule == "strict" or made == 0
        assert void_first(hand, missing, must_void) == expected
