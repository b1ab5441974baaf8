"""Sichuan blood battle at the table (issue 6, item 4): exchange three, the missing suit, no
chow, blood battle, wind and rain, the call transfer and the end-of-wall settlement. Rule ids
are the sections of ``RULES-sichuan.md`` (§2-§6) and ``REQUIREMENTS.md`` (S-xx)."""

import pytest

from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.state import Phase
from mahjongkit.table.wall import tile_set
from mahjongkit.variants.sichuan.rules import SichuanRules
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

RULES = SichuanRules.blood_battle()
M, P, S = 0, 1, 2


def sc_game(rules, hands, draws="", *, missing=None, back="", live=None):
    wall = lay_wall(hands, draws, tiles=tile_set(27), back=back, live=live)
    game = new_game("sichuan", rules, wall)
    game.start()
    if missing is not None:
        for seat, suit in enumerate(missing):
            game.apply(Action(A.DECLARE_MISSING, seat, suit=suit))
    return game


# --- exchange three (§2) ---

SWAP_HANDS = ["1111m2468s3579s5p", "234m567m789m123p5p", "2468m13579s2468s", "3579m2468s13579s"]


@pytest.mark.parametrize(("direction", "step"), [("ccw", 1), ("cw", 3), ("across", 2)])
def test_rules_sichuan_2_exchange_three_moves_three_tiles_of_one_suit_the_same_way_for_all(
    direction, step
):
    """§2: every seat gives three tiles of one suit; all tiles move in the table's direction
    (ccw: to the next seat in turn order); then the missing suits are declared."""
    game = sc_game(SichuanRules(huan_san_zhang=direction), SWAP_HANDS)
    assert game.round.phase is Phase.EXCHANGE
    given = {}
    for seat in range(4):
        choice = next(a for a in game.legal_actions(seat) if a.type == A.EXCHANGE)
        assert len({t // 36 for t in choice.consumed}) == 1 and len(choice.consumed) == 3
        given[seat] = choice.consumed
        events = game.apply(choice)
    exchange = only(events, "mjk:exchange")
    assert exchange["receivers"] == [(seat + step) % 4 for seat in range(4)]
    for seat, tiles in given.items():
        receiver = game.round.seats[(seat + step) % 4]
        assert set(tiles) <= set(receiver.hand)
        assert not set(tiles) & set(game.round.seats[seat].hand)
    assert all(len(s.hand) == 13 for s in game.round.seats)
    assert game.round.phase is Phase.DECLARE


def test_rules_sichuan_2_3_without_the_option_the_hand_starts_with_the_declaration():
    """§2: exchange three is off by default; §3: the missing suit is declared by everyone
    before East's first move."""
    game = sc_game(RULES, SWAP_HANDS)
    assert game.round.phase is Phase.DECLARE
    assert game.legal_actions(0) == [Action(A.DECLARE_MISSING, 0, suit=s) for s in (M, P, S)]
    events = []
    for seat, suit in enumerate((P, S, P, P)):
        events += game.apply(Action(A.DECLARE_MISSING, seat, suit=suit))
    assert [(e["actor"], e["suit"]) for e in events_of(events, "mjk:missing")] == [
        (0, P),
        (1, S),
        (2, P),
        (3, P),
    ]
    assert game.round.phase is Phase.TURN and game.round.turn == 0


# --- the missing suit and claims (§3, §4) ---

CLAIM_HANDS = ["4m13579p2468s135s", "2356m2468p1357p9p", "44m179m13p2468s79s", "5689m468p135799s"]


def test_rules_sichuan_3_4_the_missing_suit_goes_first_is_never_claimed_and_there_is_no_chow():
    """§3: while holding its missing suit a player discards it; nobody pungs a tile of their
    missing suit; §4: no chow, even for the next player."""
    game = sc_game(RULES, CLAIM_HANDS, "9s", missing=(M, S, M, P))
    assert {a.tile // 4 for a in game.legal_actions(0) if a.type == A.DISCARD} == {3}  # 4m
    discard(game, 0, "4m")
    assert A.CHI not in types(game, 1)  # 2356m would chow 4m anywhere else
    assert A.PON not in types(game, 2)  # 44m, but m is West's missing suit
    assert game.round.turn == 1  # nobody could claim: South drew


def test_rules_sichuan_4_a_pung_of_a_suit_that_is_not_missing_is_allowed():
    """§4: pung and kong are the calls of Sichuan (the same tiles, suit not missing)."""
    game = sc_game(RULES, CLAIM_HANDS, "9s", missing=(M, S, P, P))
    discard(game, 0, "4m")
    assert A.PON in types(game, 2)


@pytest.mark.parametrize(("south_missing", "offered"), [(S, True), (P, False)])
def test_rules_sichuan_3_no_win_with_the_missing_suit(south_missing, offered):
    """§3: a hand may only win without its missing suit: 5p completes South's hand unless
    pin is the suit South declared missing."""
    game = sc_game(RULES, SWAP_HANDS, "9m", missing=(P, south_missing, P, P))
    discard(game, 0, "5p")
    assert (A.RON in types(game, 1)) is offered


# --- blood battle and wind and rain (§5, §6.1) ---

BLOOD_HANDS = ["13579m1246789s4p", "123m456m789m123p5p", "555s12468m9m1379s", "2468m2468s1379s5p"]


def test_rules_sichuan_5_6_1_blood_battle_a_winner_leaves_and_play_goes_on():
    """§5: a winner leaves the hand; play continues with the next seat after the winner; the
    winner pays nothing for later events (§6.1: a concealed kong is paid 2 x base by each
    player still in the game)."""
    game = sc_game(RULES, BLOOD_HANDS, "9p6p7p8p" + "5s", missing=(P, S, P, P), back="1s9s")
    discard(game, 0, "4p")
    pass_all(game)
    tsumogiri(game, 2)
    discard(game, 3, "5p")
    hora = only(play(game, 1, A.RON), "hora")
    assert hora["deltas"] == [0, 1, 0, -1]  # a simple hand, 0 fan = 1 base, from the discarder
    assert game.round.phase is Phase.TURN and game.round.turn == 2
    assert game.legal_actions(1) == []
    events = play(game, 2, A.ANKAN)
    payments = events_of(events, "mjk:payment")
    total = [sum(p["deltas"][seat] for p in payments) for seat in range(4)]
    assert total == [-2, 0, 4, -2]


def test_rules_sichuan_6_1_an_exposed_kong_is_paid_by_the_discarder():
    """§6.1: a kong on a discard earns 2 x base from the discarder alone, at once."""
    game = sc_game(RULES, BLOOD_HANDS, "9p5s", missing=(P, S, P, P), back="1s9s")
    discard(game, 0, "4p")
    pass_all(game)
    discard(game, 1, "5s")  # South's missing suit
    events = play(game, 2, A.KAN)
    payment = only(events, "mjk:payment")
    assert payment["deltas"] == [0, -2, 2, 0]
    assert payment["reason"] == "exposed_kong"


# --- the call transfer (§6.1) and the end of the wall (§6.2) ---


def call_transfer_game(rules=RULES):
    game = sc_game(rules, SWAP_HANDS, "9m6m4m", missing=(P, S, P, P), back="5m", live=3)
    kong = play(game, 0, A.ANKAN)
    assert [sum(p["deltas"][s] for p in events_of(kong, "mjk:payment")) for s in range(4)] == [
        6,
        -2,
        -2,
        -2,
    ]
    discard(game, 0, "5p")
    return game, play(game, 1, A.RON)


def test_rules_sichuan_6_1_a_win_on_the_discard_after_a_kong_takes_that_kongs_money():
    """§6.1 call transfer (呼叫转移, call_transfer=that_kong): the konger hands that kong's
    money (6) to the winner, on top of the win (kong discard, 1 fan: 2 x base)."""
    _game, events = call_transfer_game()
    hora = only(events, "hora")
    assert "kong_discard" in pattern_ids(hora)
    assert hora["deltas"] == [-2 - 6, 2 + 6, 0, 0]


def test_rules_sichuan_6_1_the_cancel_option_refunds_the_kong_money_instead():
    """§6.1 call_transfer=cancel (Novikov, MIL 2025): the kong money goes back to the payers."""
    _game, events = call_transfer_game(SichuanRules(call_transfer="cancel"))
    assert only(events, "hora")["deltas"] == [-2 - 6, 2 + 2, 2, 2]


def test_rules_sichuan_6_2_kong_money_handed_over_is_not_refunded_again_at_the_wall_end():
    """§6.2 tax refund: a not-ready konger returns the kong money it still holds; money already
    handed to a winner by the call transfer is not returned twice."""
    game, _ = call_transfer_game()
    events = tsumogiri(game, 2)
    draw = only(events, "ryukyoku")
    assert draw["deltas"] == [0, 0, 0, 0]


def test_rules_sichuan_6_2_end_of_wall_settlement_flower_pig_and_ready_check():
    """§6.2: at the wall end a flower pig (still holding its missing suit) pays the cap (16) to
    every other player in the game; not-ready players pay each ready one its best value."""
    rules = SichuanRules(void_discard_rule="lenient")
    hands = ["13579m1246789s4p", "123m456m789m123p5p", "12468m9m1379s357s", "2468m1379s5p8p246s"]
    game = sc_game(rules, hands, "5s" + "1m3m" + "6p", missing=(P, S, P, P), live=4)
    discard(game, 0, "4p")
    pass_all(game)
    tsumogiri(game, 2)
    events = discard(game, 3, "8p")  # the first discard: the missing suit; 5p stays in hand
    events += pass_all(game)
    draw = only(events, "ryukyoku")
    assert draw["reason"] == "exhaustive"
    reasons = {line["reason"] for line in draw["mjk_lines"]}
    assert draw["deltas"] == [16 - 1, 16 + 1 + 1, 16 - 1, -3 * 16]
    assert len(reasons) == 2


def test_rules_sichuan_4_a_passed_win_blocks_discard_wins_until_the_next_draw():
    """RULES-sichuan §4 过水: a player who declines a Hu on a discard may not Hu on a discard
    again until after their own next draw."""
    import random

    from mahjongkit.bots.policy import random_policy
    from mahjongkit.game.engine import Game
    from mahjongkit.table.state import Phase

    rng = random.Random(2)
    checked = 0
    for seed in range(40):
        game = Game("sichuan", seed=seed, max_rounds=1)
        game.start()
        while not game.over:
            seat = game.waiting_for()[0]
            legal = game.legal_actions(seat)
            if any(a.type == "ron" for a in legal):
                game.apply(next(a for a in legal if a.type == "pass"))
                assert game.round.seats[seat].furiten_temporary
                rnd = game.round
                while not game.over and not (rnd.phase is Phase.TURN and rnd.turn == seat):
                    assert all(a.type != "ron" for a in game.legal_actions(seat))
                    who = game.waiting_for()[0]
                    game.apply(random_policy(game, who, rng, win_rate=0.0))
                    rnd = game.round
                checked += 1
                break
            game.apply(random_policy(game, seat, rng, win_rate=0.0))
        if checked >= 3:
            break
    assert checked >= 3
