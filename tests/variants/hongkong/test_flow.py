"""Hong Kong old style at the table (issue 6, item 3): bonus tiles, the 3-fan minimum, head
bump, robbing a kong, dealer rotation and the four prevailing winds. Rule ids are those of
``REQUIREMENTS.md`` (H-xx) and the sections of ``RULES-hongkong.md``."""

import pytest

from mahjongkit.game.engine import Game
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.wall import tile_set
from mahjongkit.variants.hongkong.rules import HongKongRules
from tests.helpers.table_scenarios import (
    discard,
    events_of,
    lay_wall,
    new_game,
    only,
    pass_all,
    pattern_ids,
    play,
    tsumogiri,
    types,
)

OLD_STYLE = HongKongRules.old_style()
NO_FLOWERS = HongKongRules.no_flowers()
J0 = "147m258p369s1234z"
J1 = "258m369p147s5677z"
J2 = "369m147p258s1567z"
J3 = "258m369p147s2344z"


def hk_game(rules, hands, draws="", *, back="", live=None, start=None, scores=None):
    tiles = tile_set(bonus=rules.flowers)
    wall = lay_wall(hands, draws, tiles=tiles, back=back, live=live)
    game = new_game("hongkong", rules, wall)
    if start is None:
        game.start()
    else:
        game.start_at(
            honba=0, deposits=0, scores=scores or [0, 0, 0, 0], single_round=False, **start
        )
    return game


# --- bonus tiles (H-02) ----------------------------------------------------------------------


def test_h02_rules_hongkong_1_bonus_tiles_drawn_in_play_are_set_aside_and_replaced_from_the_back():
    """H-02, RULES-hongkong.md §1: a drawn flower or season is set aside face up and replaced
    by a tile from the back of the wall; the live wall ends one tile earlier."""
    game = hk_game(OLD_STYLE, [J0, J1, J2, J3], "1f" + "9p", back="5m" + "8s")
    wall = game.round.wall
    east = game.round.seats[0]
    assert east.flowers == [136]
    assert east.drawn == wall[-1] and wall[-1] // 4 == 4  # the 5m from the back
    assert all(t < 136 for t in east.hand) and len(east.hand) == 14
    live_before = game.live_remaining()
    discard(game, 0, "5m")
    pass_all(game)
    assert game.round.seats[1].drawn is not None and game.live_remaining() == live_before - 1


def test_h02_a_bonus_tile_replacement_that_is_a_bonus_tile_is_replaced_again():
    """H-02: the replacement of a bonus tile can itself be one; it is set aside too."""
    game = hk_game(OLD_STYLE, [J0, J1, J2, J3], "1g", back="2g" + "7s")
    east = game.round.seats[0]
    assert sorted(east.flowers) == [140, 141]
    assert east.drawn is not None and east.drawn // 4 == 24  # the 7s, the second from the back
    flowers = [e["actor"] for e in events_of(game.log, "mjk:flower")]
    assert flowers == [0, 0]


# --- the minimum (H-11) -----------------------------------------------------------------------

COMMON_HAND = "123m456p789s11s34s"
"""All chows and a scoring-free pair, concealed: common hand 1 + concealed 1 = 2 fan on a
discard; with the self-draw fan 3."""
MIXED_ONE_SUIT = "123m456m11m34m777z"
"""Characters and honours: mixed one suit (3) + red dragon pung (1), waiting on 2m/5m."""


def test_h11_a_complete_hand_below_three_fan_cannot_win_on_a_discard():
    """H-11: a complete hand worth fewer than 3 fan may not be declared: no ron offered."""
    game = hk_game(NO_FLOWERS, [J0, COMMON_HAND, J2, J3], "9p9p9p2s")
    tsumogiri(game, 3)
    discard(game, 3, "2s")
    assert A.RON not in types(game, 1)
    assert game.round.turn == 0  # nobody could claim: East drew at once


def test_h09_h11_the_same_hand_self_drawn_reaches_three_fan():
    """H-09, H-11: the self-draw fan brings the same hand to the minimum."""
    game = hk_game(NO_FLOWERS, [J0, COMMON_HAND, J2, J3], "9p" + "5s")
    discard(game, 0, "9p")
    pass_all(game)
    assert A.TSUMO in types(game, 1)
    hora = only(play(game, 1, A.TSUMO), "hora")
    assert hora["mjk_score"]["fan"] == 3
    assert {"common_hand", "concealed_hand", "self_draw"} <= pattern_ids(hora)


def test_h10_h11_h16_a_three_fan_hand_wins_on_a_discard_and_the_discarder_alone_pays():
    """H-10, H-11, H-16: mixed one suit wins on a discard; only the discarder pays, 2 x base."""
    game = hk_game(NO_FLOWERS, [J0, MIXED_ONE_SUIT, J2, J3], "9p9p9p5m")
    tsumogiri(game, 3)
    discard(game, 3, "5m")
    assert A.RON in types(game, 1)
    hora = only(play(game, 1, A.RON), "hora")
    assert pattern_ids(hora) == {"mixed_one_suit", "dragon_pung", "concealed_hand"}
    assert hora["mjk_score"]["fan"] == 5
    assert hora["deltas"] == [0, 2 * 24, 0, -2 * 24]  # base(5 fan) = 24


# --- one discard, two winners (H-03, RULES-hongkong.md §2) --------------------------------------

EAST = "147m258p369s3467z"
NORTH_5M = "678m999m5m111z222z"


@pytest.mark.parametrize(("multiple", "winners"), [(False, [3]), (True, [3, 1])])
def test_rules_hongkong_2_head_bump_or_multiple_winners(multiple, winners):
    """RULES-hongkong.md §2: by default only the claimant nearest the discarder in turn order
    wins (head bump: West discards, North is nearer than South), whatever the order of the
    answers; the option lets every claimant win."""
    rules = HongKongRules(flowers=False, multiple_winners=multiple)
    hands = [EAST, MIXED_ONE_SUIT, "369m147p258s3456z", NORTH_5M]
    game = hk_game(rules, hands, "9p9p5m")
    tsumogiri(game, 2)
    discard(game, 2, "5m")
    assert A.RON in types(game, 1) and A.RON in types(game, 3)
    events = play(game, 1, A.RON) + play(game, 3, A.RON)
    assert [e["actor"] for e in events_of(events, "hora")] == winners
    assert game.scores[2] < 0 and sum(game.scores) == 0


# --- robbing the kong (H-13) -------------------------------------------------------------------


def test_h13_robbing_an_added_kong():
    """H-13: the tile added to a pung passes a claim window; a player it completes wins on it
    (+1 fan), and the kong's declarer pays as a discarder."""
    south = "88p258m369s147s12z"
    north = "123p456p79p11p555z"
    hands = [J0, south, "369m147p258s3456z", north]
    game = hk_game(NO_FLOWERS, hands, "9p" + "4m4m4m" + "8p")
    discard(game, 0, "8p")
    if A.RON in types(game, 3):
        game.apply(Action(A.PASS, 3))
    play(game, 1, A.PON)
    discard(game, 1, "1z")
    pass_all(game)
    tsumogiri(game, 3)
    assert A.KAKAN in types(game, 1)
    events = play(game, 1, A.KAKAN)
    assert A.RON in types(game, 3)
    hora = only(events + play(game, 3, A.RON), "hora")
    assert "robbing_kong" in pattern_ids(hora)
    assert hora["target"] == 1 and hora["deltas"][1] < 0 and hora["deltas"][0] == 0


# --- dealer rotation, four prevailing winds (RULES-hongkong.md §1) -----------------------------

NEXT_WINS = [J0, MIXED_ONE_SUIT, J2, J3]
"""In deal order from the dealer: the dealer's right-hand neighbour wins on the fourth discard."""


def next_player_wins(rules, **start):
    game = hk_game(rules, NEXT_WINS, "9p9p9p5m", start=start)
    tsumogiri(game, 3)
    discard(game, game.round.turn, "5m")
    return game, play(game, (game.round.dealer + 1) % 4, A.RON)


def test_rules_hongkong_1_a_non_dealer_win_passes_the_deal_and_east_4_leads_to_south_1():
    """RULES-hongkong.md §1: the deal passes counter-clockwise; after every seat has dealt, the
    prevailing wind moves on."""
    _game, events = next_player_wins(NO_FLOWERS, round_wind=0, hand_number=3, dealer=3)
    assert only(events, "hora")["actor"] == 0
    following = only(events, "start_kyoku")
    assert (following["bakaze"], following["kyoku"], following["oya"]) == ("S", 1, 0)


def test_rules_hongkong_1_the_game_ends_after_the_north_round():
    """RULES-hongkong.md §1: four prevailing winds; North 4 passing the deal ends the game."""
    game, events = next_player_wins(NO_FLOWERS, round_wind=3, hand_number=3, dealer=3)
    assert not events_of(events, "start_kyoku")
    end = only(events, "end_game")
    assert game.over and end["scores"] == game.scores and sum(game.scores) == 0


def test_rules_hongkong_1_a_dealer_win_keeps_the_deal():
    """RULES-hongkong.md §1 (dealer_repeats_on_win): the dealer who wins deals again."""
    game = hk_game(
        NO_FLOWERS,
        [MIXED_ONE_SUIT, J0, J2, J3],
        "5m",
        start={"round_wind": 1, "hand_number": 2, "dealer": 2},
    )
    events = play(game, 2, A.TSUMO)
    following = only(events, "start_kyoku")
    assert (following["bakaze"], following["kyoku"], following["oya"]) == ("S", 3, 2)


@pytest.mark.parametrize(("repeats", "next_dealer"), [(True, 1), (False, 2)])
def test_rules_hongkong_1_a_drawn_hand_keeps_the_deal_unless_the_table_passes_it(
    repeats, next_dealer
):
    """RULES-hongkong.md §1 (dealer_repeats_on_draw): a drawn hand pays nothing and is replayed
    by the same dealer; some tables pass the deal instead."""
    rules = HongKongRules(flowers=False, dealer_repeats_on_draw=repeats)
    game = hk_game(
        rules,
        [J0, J1, J2, J3],
        "6m6m6m7m",
        live=4,
        start={"round_wind": 0, "hand_number": 1, "dealer": 1},
    )
    events = tsumogiri(game, 4)
    assert only(events, "ryukyoku")["deltas"] == [0, 0, 0, 0]
    assert only(events, "start_kyoku")["oya"] == next_dealer


def test_game_replays_to_the_same_state():
    """Issue 6 item 5: a Hong Kong log with a bonus tile replays to the same state."""
    game = hk_game(OLD_STYLE, [J0, J1, J2, J3], "1f" + "9p", back="5m" + "8s")
    discard(game, 0, "5m")
    pass_all(game)
    assert Game.replay(game.log, rules=OLD_STYLE).snapshot() == game.snapshot()
