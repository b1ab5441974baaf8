"""Riichi at the table (issue 6, item 2): each test lays out a wall and plays it through
``Game.apply``; rule ids are those of ``REQUIREMENTS.md`` (R-xx) and the rows of
``RULES-riichi.md`` (the presets ema2012, ema2016 and tenhou)."""

import json
from dataclasses import replace

import pytest

from mahjongkit.errors import IllegalActionError
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.variants.riichi.rules import RiichiRules
from tests.helpers.table_scenarios import (
    discard,
    events_of,
    held,
    kind,
    only,
    pass_all,
    pattern_ids,
    play,
    riichi,
    riichi_game,
    tsumogiri,
    types,
)

EMA2012 = RiichiRules.ema2012()
EMA2016 = RiichiRules.ema2016()
TENHOU = RiichiRules.tenhou()
PRESETS = {"ema2012": EMA2012, "ema2016": EMA2016, "tenhou": TENHOU}

READY_E = "123m456p789s1134s"
"""Ready (1,000-point-free pinfu shape) waiting on 2s and 5s."""
J0 = "147m258p369s1234z"
J1 = "258m369p147s5677z"
J2 = "369m147p258s1567z"
J3 = "258m369p147s2344z"
DEAD = "4m7m2p6s" + "8p" + "6m3s5m1p" + "8p"
"""Replacements 4m 7m 2p 6s; dora indicator 8p; ura indicator 8p (nobody holds 9p)."""
RON_9M = "78m234p567p111z55s"
"""South's hand waiting on 6m/9m with a pung of East (the prevalent wind): 1 han 40 fu."""


def riichi_tiles(game, seat):
    return sorted({a.tile // 4 for a in game.legal_actions(seat) if a.type == A.RIICHI})


def start_of_next_round(events):
    return only(events, "start_kyoku")


# --- riichi (R-05, R-06, R-07) ---------------------------------------------------------------


def test_r05_riichi_is_offered_with_the_discards_that_keep_the_hand_ready_and_costs_1000():
    """R-05: riichi needs a ready concealed hand; the 1,000 deposit is paid once the discard
    passes and stays on the table."""
    game = riichi_game(EMA2012, [READY_E, J1, J2, J3], "9m", dead=DEAD)
    assert riichi_tiles(game, 0) == [8]  # only discarding the 9m keeps the hand ready
    events = riichi(game, 0, "9m")
    accepted = only(events, "reach_accepted")
    assert accepted["deltas"] == [-1000, 0, 0, 0]
    assert game.scores == [29000, 30000, 30000, 30000]
    assert game.round.deposits == 1
    assert game.round.seats[0].riichi


@pytest.mark.parametrize(("points", "offered"), [(999, False), (1000, True)])
def test_r05_riichi_needs_1000_points(points, offered):
    """R-05: a player with fewer than 1,000 points cannot declare riichi."""
    scores = [points, 40000, 40000, 40000 - points]
    game = riichi_game(EMA2012, [READY_E, J1, J2, J3], "9m", dead=DEAD, scores=scores)
    assert (A.RIICHI in types(game, 0)) is offered


@pytest.mark.parametrize(("live", "offered"), [(4, False), (5, True)])
def test_r05_riichi_needs_four_tiles_left_to_draw(live, offered):
    """R-05: riichi is declared only with at least four live tiles left after the draw."""
    game = riichi_game(EMA2012, [READY_E, J1, J2, J3], "9m", dead=DEAD, live=live)
    assert game.live_remaining() == live - 1
    assert (A.RIICHI in types(game, 0)) is offered


def test_r05_riichi_needs_a_concealed_hand():
    """R-05: after a pung the same ready shape may not declare riichi."""
    south = "99m23m456p789p11s9s"
    game = riichi_game(EMA2012, [J0, south, J2, J3], "9m" + "8s8s8s" + "1z", dead=DEAD)
    discard(game, 0, "9m")
    play(game, 1, A.PON)
    discard(game, 1, "9s")  # now ready on 1m/4m, but open
    pass_all(game)
    tsumogiri(game, 3)
    assert game.round.turn == 1 and game.round.seats[1].drawn is not None
    assert A.RIICHI not in types(game, 1)


def test_r05_riichi_is_not_accepted_when_its_discard_is_won_on():
    """R-05: the deposit is paid only when the riichi discard is not won on; the ron is paid as
    usual (1 han 40 fu: 1,300)."""
    game = riichi_game(TENHOU, [READY_E, RON_9M, J2, J3], "9m", dead=DEAD)
    riichi(game, 0, "9m")
    assert A.RON in types(game, 1)
    events = play(game, 1, A.RON)
    assert not events_of(events, "reach_accepted")
    hora = only(events, "hora")
    assert hora["deltas"] == [-1300, 1300, 0, 0]
    assert hora["mjk_score"]["han"] == 1 and hora["mjk_score"]["fu"] == 40
    assert game.scores[:2] == [25000 - 1300, 25000 + 1300]


def test_r05_r06_ippatsu_and_its_payment():
    """R-05, R-06: riichi on the second turn, self-draw within the go-around: riichi, ippatsu,
    menzen tsumo, pinfu = 4 han 20 fu, dealer: 2,600 all, plus the own deposit back."""
    draws = "9m" + "1p9s3z" + "9m" + "8p8p9p" + "2s"
    game = riichi_game(EMA2012, [READY_E, J1, J2, J3], draws, dead=DEAD)
    discard(game, 0, "9m")
    pass_all(game)
    tsumogiri(game, 3)
    events = riichi(game, 0, "9m")
    assert only(events, "reach")["mjk_double"] is False
    pass_all(game)
    tsumogiri(game, 3)
    hora = only(play(game, 0, A.TSUMO), "hora")
    assert pattern_ids(hora) == {"riichi", "ippatsu", "menzen_tsumo", "pinfu"}
    assert hora["deltas"] == [7800 + 1000, -2600, -2600, -2600]


def test_r06_a_call_cancels_ippatsu():
    """R-06: any call in the go-around after riichi cancels ippatsu."""
    draws = "9m" + "1p9s3z" + "9m" + "8p4z" + "2s"
    game = riichi_game(EMA2012, [READY_E, J1, J2, J3], draws, dead=DEAD)
    discard(game, 0, "9m")
    pass_all(game)
    tsumogiri(game, 3)
    riichi(game, 0, "9m")
    pass_all(game)
    tsumogiri(game, 1)  # South
    discard(game, 2, "4z")  # West's drawn 4z
    play(game, 3, A.PON)  # North pungs it
    discard(game, 3, "2m")
    pass_all(game)
    hora = only(play(game, 0, A.TSUMO), "hora")
    assert "ippatsu" not in pattern_ids(hora)
    assert {"riichi", "menzen_tsumo", "pinfu"} <= pattern_ids(hora)


def test_r07_double_riichi_on_the_first_uninterrupted_turn():
    """R-07: riichi on the very first discard is a double riichi (2 han, not riichi's 1)."""
    draws = "9m" + "1p9s3z" + "2s"
    game = riichi_game(EMA2012, [READY_E, J1, J2, J3], draws, dead=DEAD)
    assert only(riichi(game, 0, "9m"), "reach")["mjk_double"] is True
    pass_all(game)
    tsumogiri(game, 3)
    hora = only(play(game, 0, A.TSUMO), "hora")
    assert "double_riichi" in pattern_ids(hora) and "riichi" not in pattern_ids(hora)


# --- furiten ---------------------------------------------------------------------------------

SOUTH_2S_5S = "258m369p147s2556s"
WEST_22S = "369m147p2258s567z"


@pytest.mark.parametrize("preset", PRESETS)
def test_furiten_on_ones_own_discards(preset):
    """RULES-riichi.md furiten: a wait among one's own discards forbids ron (not self-draw)."""
    game = riichi_game(PRESETS[preset], [READY_E, SOUTH_2S_5S, J2, J3], "5s1z", dead=DEAD)
    assert A.TSUMO in types(game, 0)
    discard(game, 0, "5s")  # the hand stays ready on 2s/5s, with 5s in its river
    pass_all(game)
    discard(game, 1, "2s")
    assert A.RON not in types(game, 0)


@pytest.mark.parametrize("preset", PRESETS)
def test_temporary_furiten_after_passing_a_win(preset):
    """RULES-riichi.md 'Temporary furiten ends': a passed win blocks ron until the player's own
    next turn (draw or discard, by preset), then ron is possible again."""
    draws = "9m" + "1z1z1z" + "3z" + "2z"
    game = riichi_game(PRESETS[preset], [READY_E, SOUTH_2S_5S, J2, J3], draws, dead=DEAD)
    discard(game, 0, "9m")
    pass_all(game)
    discard(game, 1, "2s")
    assert A.RON in types(game, 0)
    pass_all(game)
    discard(game, 2, "5s")
    assert A.RON not in types(game, 0)
    pass_all(game)
    tsumogiri(game, 2)  # North, then East's own turn
    discard(game, 1, "5s")
    assert A.RON in types(game, 0)


@pytest.mark.parametrize(
    ("preset", "cleared"), [("ema2012", True), ("ema2016", False), ("tenhou", False)]
)
def test_temporary_furiten_and_another_players_call(preset, cleared):
    """RULES-riichi.md: EMA 2012 ends temporary furiten at any call; EMA 2016 only at one's
    own claim; Tenhou only at one's own discard."""
    draws = "9m" + "1z"
    game = riichi_game(PRESETS[preset], [READY_E, SOUTH_2S_5S, WEST_22S, J3], draws, dead=DEAD)
    discard(game, 0, "9m")
    pass_all(game)
    discard(game, 1, "2s")
    game.apply(Action(A.PASS, 0))  # East lets the 2s go
    play(game, 2, A.PON)
    discard(game, 2, "5s")
    assert (A.RON in types(game, 0)) is cleared


@pytest.mark.parametrize("preset", PRESETS)
def test_furiten_after_riichi_lasts_the_whole_hand_but_self_draw_wins(preset):
    """RULES-riichi.md furiten: a win passed after riichi forbids ron for the rest of the hand;
    a self-draw still wins."""
    draws = "9m" + "1z1z1z" + "3z" + "2z3z4z" + "2s"
    game = riichi_game(PRESETS[preset], [READY_E, SOUTH_2S_5S, J2, J3], draws, dead=DEAD)
    riichi(game, 0, "9m")
    pass_all(game)
    discard(game, 1, "2s")
    game.apply(Action(A.PASS, 0))
    pass_all(game)
    discard(game, 2, "5s")
    assert A.RON not in types(game, 0)
    pass_all(game)
    tsumogiri(game, 2)  # North, then East (in riichi) discards its draw
    discard(game, 1, "5s")
    assert A.RON not in types(game, 0)
    pass_all(game)
    tsumogiri(game, 2)
    assert A.TSUMO in types(game, 0)


OPEN_1M_4M_7M = "23456m44p678s68p1z"
"""South: a chi of 6p-7p-8p (from East's 7p) leaves 23456m 44p 678s, waiting on 1m-4m-7m; 4m
and 7m make open All Simples, 1m makes no yaku at all."""
EAST_7P = "147m2578p369s234z"
WEST_1M = "169m147p258s1567z"
NORTH_7M = "578m369p147s2344z"


def _open_hand_sees_1m_then_7m(rules, *, skip_1m=False):
    """South chis East's 7p and discards East; West discards 1m (or its 9m), North then 7m."""
    game = riichi_game(rules, [EAST_7P, OPEN_1M_4M_7M, WEST_1M, NORTH_7M], "9s2z3z", dead=DEAD)
    discard(game, 0, "7p")
    play(game, 1, A.CHI)
    discard(game, 1, "1z")
    pass_all(game)
    discard(game, 2, "9m" if skip_1m else "1m")
    assert A.RON not in types(game, 1)  # 1m: a complete shape, but no yaku
    pass_all(game)
    discard(game, 3, "7m")
    return game


@pytest.mark.parametrize("preset", ["ema2016", "tenhou"])
def test_a_wait_let_go_by_makes_furiten_though_it_could_not_win(preset):
    """RULES-riichi.md temporary furiten, option ``passed_tile_furiten="wait"``: furiten follows
    the waits, not the offers. The 1m completes South's shape (no yaku, so no ron is offered);
    once it goes by, the 7m that would make All Simples may not be won on either."""
    assert A.RON not in types(_open_hand_sees_1m_then_7m(PRESETS[preset]), 1)


@pytest.mark.parametrize("preset", ["ema2016", "tenhou"])
def test_the_7m_is_won_on_when_no_wait_went_by_or_only_offers_count(preset):
    """The same 7m is a win (R-09 open All Simples in these presets) when West lets no wait go
    by, and under ``passed_tile_furiten="offered_win"`` even after the 1m."""
    rules = PRESETS[preset]
    assert A.RON in types(_open_hand_sees_1m_then_7m(rules, skip_1m=True), 1)
    offers_only = replace(rules, passed_tile_furiten="offered_win")
    assert A.RON in types(_open_hand_sees_1m_then_7m(offers_only), 1)


def test_a_wait_let_go_by_leaves_no_trace_in_what_the_others_see():
    """Who waits on a discard is secret (``mjk_waiting``): no seat's view of the log holds it."""
    game = _open_hand_sees_1m_then_7m(TENHOU)
    marked = [e for e in game.log if e.get("mjk_waiting")]
    assert [(e["pai"], list(e["mjk_waiting"])) for e in marked] == [("1m", [1]), ("7m", [1])]
    for seat in range(4):
        assert not any("mjk_waiting" in e for e in game.visible_log(seat))


# --- refusals name their rule (issue 28, item 4) ----------------------------------------------


def refusal(game, action):
    """The engine's refusal of ``action``; the game is left exactly as it was."""
    before = json.dumps(game.snapshot(), sort_keys=True, default=str)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    assert json.dumps(game.snapshot(), sort_keys=True, default=str) == before
    message = str(caught.value)
    assert "may:" not in message  # the reason, not a list of what else is allowed
    return message, caught.value.rule


def test_r05_a_riichi_whose_discard_leaves_the_hand_not_ready_says_so():
    """R-05: riichi needs a hand ready after its discard; the refusal names the discards that
    would do and cites R-05."""
    game = riichi_game(EMA2012, [READY_E, J1, J2, J3], "9m", dead=DEAD)
    message, rule = refusal(game, Action(A.RIICHI, 0, held(game, 0, "1m")))
    assert "discarding 1m leaves the hand not ready (1 tile from ready)" in message
    assert "riichi is possible discarding 9m" in message
    assert rule.startswith("R-05")


@pytest.mark.parametrize(("points", "says"), [(900, "the seat has 900")])
def test_r05_a_riichi_without_the_deposit_says_what_is_missing(points, says):
    """R-05: the 1,000-point deposit; the refusal gives the seat's points."""
    scores = [points, 40000, 40000, 40000 - points]
    game = riichi_game(EMA2012, [READY_E, J1, J2, J3], "9m", dead=DEAD, scores=scores)
    message, rule = refusal(game, Action(A.RIICHI, 0, held(game, 0, "9m")))
    assert "riichi puts 1,000 points on the table" in message and says in message
    assert rule.startswith("R-05")


def test_r05_after_riichi_only_the_drawn_tile_goes():
    """R-05: once riichi is declared, a discard other than the drawn tile is refused so."""
    game = riichi_game(EMA2012, [READY_E, J1, J2, J3], "9m1z1z1z2z", dead=DEAD)
    riichi(game, 0, "9m")
    pass_all(game)
    tsumogiri(game, 3)
    message, rule = refusal(game, Action(A.DISCARD, 0, held(game, 0, "1m")))
    assert "after riichi only the tile just drawn (2z) may be discarded, not 1m" in message
    assert rule.startswith("R-05")


SOUTH_CHI_56P = "23456m456p6789s1z"
"""South: a chi of 7p with 5p-6p forbids, without swap-calling, the 7p and the 4p it holds."""


@pytest.mark.parametrize(("preset", "refused"), [("tenhou", True), ("ema2012", False)])
def test_kuikae_discard_right_after_a_chow_is_refused_by_name(preset, refused):
    """RULES-riichi.md swap-calling (option ``swap_calling``): without it, the other end of the
    chow (4p after 5p-6p + 7p) may not be discarded at once; EMA 2012 allows it."""
    hands = [EAST_7P, SOUTH_CHI_56P, WEST_1M, NORTH_7M]
    game = riichi_game(PRESETS[preset], hands, "9s", dead=DEAD)
    discard(game, 0, "7p")
    game.apply(
        next(
            a
            for a in game.legal_actions(1)
            if a.type == A.CHI and sorted(t // 4 for t in a.consumed) == [kind("5p"), kind("6p")]
        )
    )
    four = Action(A.DISCARD, 1, held(game, 1, "4p"))
    if not refused:
        game.apply(four)
        return
    message, rule = refusal(game, four)
    assert "4p may not be discarded right after the call: swap-calling (kuikae)" in message
    assert "4p or 7p" in message or "7p or 4p" in message
    assert rule == "kuikae (option swap_calling)"


def test_a_ron_in_temporary_furiten_names_the_furiten():
    """RULES-riichi.md temporary furiten: the refused ron says which furiten blocks it. (East's
    7m keeps the claim window open: South may chi it.)"""
    game = riichi_game(TENHOU, [EAST_7P, OPEN_1M_4M_7M, WEST_1M, NORTH_7M], "9s2z3z4z", dead=DEAD)
    discard(game, 0, "7p")
    play(game, 1, A.CHI)
    discard(game, 1, "1z")
    pass_all(game)
    discard(game, 2, "1m")
    pass_all(game)
    tsumogiri(game, 1)
    discard(game, 0, "7m")
    assert types(game, 1) == {A.CHI, A.PASS}
    message, rule = refusal(game, Action(A.RON, 1, game.round.last_discard))
    assert "seat S is furiten: a winning tile went by since its last turn" in message
    assert rule.startswith("furiten")


def test_a_ron_on_a_wait_in_ones_own_pond_names_the_tile():
    """RULES-riichi.md furiten: a wait among one's own discards; the refusal names it (West
    may pon the 2s: the claim window stays open)."""
    game = riichi_game(EMA2012, [READY_E, SOUTH_2S_5S, WEST_22S, J3], "5s1z", dead=DEAD)
    discard(game, 0, "5s")
    pass_all(game)
    discard(game, 1, "2s")
    message, _rule = refusal(game, Action(A.RON, 0, game.round.last_discard))
    assert "seat E is furiten: its wait 5s is among its own discards" in message


RIICHI_6S_9S = "333m456p678s5578s"
"""East, ready on 6s (riichi, All Simples, Pure Double Chow) and 9s (riichi alone)."""
SOUTH_9S_6S = "9s6s258m369p147s15z"
LEFT_W = "369m147p258s2567z"
LEFT_N = "258m369p147s2344z"


@pytest.mark.parametrize(("option", "furiten"), [("wait", True), ("offered_win", False)])
def test_riichi_furiten_follows_a_passed_wait_that_scored_too_little(option, furiten):
    """RULES-riichi.md furiten after riichi, with the two-han minimum of five counters (EMA
    2012): the 9s gives riichi alone, one han, so no ron is offered; letting it go by still makes
    the riichi hand furiten for good under ``passed_tile_furiten="wait"``, and the 6s (three han
    of yaku) is then refused, two turns later."""
    rules = replace(EMA2012, passed_tile_furiten=option)
    draws = "1z1z1z2z" + "3z3z3z4z" + "4z" + "5z5z6z7z" + "9p"
    game = riichi_game(
        rules, [RIICHI_6S_9S, SOUTH_9S_6S, LEFT_W, LEFT_N], draws, dead=DEAD, start={"honba": 5}
    )
    tsumogiri(game, 4)
    riichi(game, 0, "3z")
    pass_all(game)
    tsumogiri(game, 3)
    tsumogiri(game, 1)  # East's draw after riichi: ippatsu is over
    discard(game, 1, "9s")
    assert A.RON not in types(game, 0)
    pass_all(game)
    tsumogiri(game, 3)
    discard(game, 1, "6s")
    assert (A.RON not in types(game, 0)) is furiten


# --- dora ------------------------------------------------------------------------------------

KONG_DEAD = "1z2z3z4z" + "4m" + "7m"
"""Replacements 1z 2z 3z 4z; first indicator 4m, the kong's indicator 7m."""
SOUTH_888P = "888p258m3p147s567z"
SOUTH_88P = "88p258m3p147s567z1z"


@pytest.mark.parametrize(
    ("preset", "at_once"), [("ema2012", True), ("ema2016", True), ("tenhou", False)]
)
def test_kan_dora_of_an_exposed_kong(preset, at_once):
    """RULES-riichi.md 'Kan dora': EMA turns it at once; Tenhou after the kong player's discard."""
    game = riichi_game(PRESETS[preset], [READY_E, SOUTH_888P, J2, J3], "8p", dead=KONG_DEAD)
    discard(game, 0, "8p")
    events = play(game, 1, A.KAN)
    assert [e["type"] for e in events if e["type"] in ("dora", "mjk:pending_dora")] == (
        ["dora"] if at_once else ["mjk:pending_dora"]
    )
    assert len(game.indicator_tiles()) == (2 if at_once else 1)
    replacement = only(events, "tsumo")
    assert replacement["pai"] == "E" and replacement.get("mjk_replacement")
    after = discard(game, 1, "1z")
    assert [e["type"] for e in after].count("dora") == (0 if at_once else 1)
    assert [t // 4 for t in game.indicator_tiles()] == [3, 6]  # 4m, 7m


@pytest.mark.parametrize(("preset", "at_once"), [("ema2012", True), ("tenhou", False)])
def test_kan_dora_of_an_added_kong(preset, at_once):
    """RULES-riichi.md 'Kan dora': an added kong like an exposed one."""
    draws = "8p" + "9m9m9m" + "8p"
    game = riichi_game(PRESETS[preset], [READY_E, SOUTH_88P, J2, J3], draws, dead=KONG_DEAD)
    discard(game, 0, "8p")
    play(game, 1, A.PON)
    discard(game, 1, "1z")
    pass_all(game)
    tsumogiri(game, 3)
    events = play(game, 1, A.KAKAN)
    assert ("dora" in [e["type"] for e in events]) is at_once
    discard(game, 1, "1z")
    assert len(game.indicator_tiles()) == 2


def test_kan_dora_of_a_concealed_kong_is_turned_at_once_even_under_tenhou():
    """RULES-riichi.md 'Kan dora': Tenhou turns a concealed kong's indicator at once."""
    east = "8888p258m147s567z"
    game = riichi_game(TENHOU, [east, J1, J2, J3], "9m", dead=KONG_DEAD)
    events = play(game, 0, A.ANKAN)
    assert only(events, "dora")["dora_marker"] == "7m"
    assert len(game.indicator_tiles()) == 2


URA_DEAD = "4m7m2p6s" + "8p" + "6m3s5m1p" + "3s"
"""As DEAD, but the ura indicator 3s makes East's 4s an ura dora."""


@pytest.mark.parametrize("declare", [True, False])
def test_r05_ura_dora_count_only_for_a_riichi_winner(declare):
    """RULES-riichi.md / R-05: ura dora (under the indicators) are counted with riichi only."""
    draws = "9m" + "1p9s3z" + "2s"
    game = riichi_game(EMA2012, [READY_E, J1, J2, J3], draws, dead=URA_DEAD)
    (riichi if declare else discard)(game, 0, "9m")
    pass_all(game)
    tsumogiri(game, 3)
    hora = only(play(game, 0, A.TSUMO), "hora")
    if declare:
        assert hora["uradora_markers"] == ["3s"]
        assert "ura_dora" in pattern_ids(hora)
    else:
        assert "uradora_markers" not in hora
        assert "ura_dora" not in pattern_ids(hora)


# --- last tile (R-20, R-21) ------------------------------------------------------------------


def test_r20_self_draw_on_the_last_tile_is_haitei():
    """R-20: a self-draw on the last live tile."""
    game = riichi_game(EMA2012, [READY_E, J1, J2, J3], "9m1p9s3z2s", dead=DEAD, live=5)
    discard(game, 0, "9m")
    pass_all(game)
    tsumogiri(game, 3)
    assert game.live_remaining() == 0
    hora = only(play(game, 0, A.TSUMO), "hora")
    assert "haitei" in pattern_ids(hora)


def test_r21_the_discard_after_the_last_tile_is_houtei_and_may_be_claimed_only_for_a_win():
    """R-21: a win on the last discard is houtei; nobody may pung that discard."""
    game = riichi_game(EMA2012, [READY_E, J1, WEST_22S, J3], "9m1p9s2s", dead=DEAD, live=4)
    discard(game, 0, "9m")
    pass_all(game)
    tsumogiri(game, 2)
    assert game.live_remaining() == 0
    discard(game, 3, "2s")
    assert A.PON not in types(game, 2)
    hora = only(play(game, 0, A.RON), "hora")
    assert "houtei" in pattern_ids(hora)


# --- abortive draws --------------------------------------------------------------------------

NINE = "19m19p19s12345z5m5p"
"""Eleven different terminals and honours, not ready."""


@pytest.mark.parametrize(
    ("preset", "offered"), [("ema2012", True), ("ema2016", False), ("tenhou", True)]
)
def test_nine_terminals_abort_on_the_first_turn(preset, offered):
    """RULES-riichi.md 'Abortive draws': nine different terminals and honours on the first
    uninterrupted turn (ema2012, tenhou; not ema2016); the dealer repeats with a counter."""
    game = riichi_game(
        PRESETS[preset], [NINE, "23m456p5678s2367p", "234m3456789p222s", "44m567p345678s66s"]
    )
    assert (A.ABORT in types(game, 0)) is offered
    if offered:
        events = play(game, 0, A.ABORT)
        assert only(events, "ryukyoku")["reason"] == "kyushukyuhai"
        following = start_of_next_round(events)
        assert (following["oya"], following["honba"]) == (0, 1)


def test_nine_terminals_not_offered_after_a_call_interrupts_the_first_go_around():
    """RULES-riichi.md 'Abortive draws': only on the first uninterrupted turn."""
    north = "99m258p369s12367z"
    game = riichi_game(EMA2012, ["9m47m258p369s1234z", NINE, J3, north], "5z6z")
    discard(game, 0, "9m")
    play(game, 3, A.PON)
    discard(game, 3, "1z")
    pass_all(game)
    tsumogiri(game, 1)
    assert game.round.turn == 1
    assert A.ABORT not in types(game, 1)


@pytest.mark.parametrize(
    ("preset", "aborts"), [("ema2012", True), ("ema2016", False), ("tenhou", True)]
)
def test_four_winds_on_the_first_go_around(preset, aborts):
    """RULES-riichi.md 'Abortive draws': the same wind discarded by all four on the first
    go-around."""
    hands = ["123m456p789s1z134s", "258m369p147s1677z", J2, "258m369p147s1344z"]
    game = riichi_game(PRESETS[preset], hands, "9p9p8s8s")
    events = []
    for seat in range(4):
        events += discard(game, seat, "1z")
        events += pass_all(game)
    draws = events_of(events, "ryukyoku")
    assert [e["reason"] for e in draws] == (["sufonrenda"] if aborts else [])


FOUR_READY = ["123m456p789s1134s", "234m567p678s2233z", "345m678p123s5566z", "567m123p345s7788p"]


@pytest.mark.parametrize(
    ("preset", "aborts"), [("ema2012", True), ("ema2016", False), ("tenhou", True)]
)
def test_four_riichi(preset, aborts):
    """RULES-riichi.md 'Abortive draws': four riichi; the four deposits stay on the table."""
    game = riichi_game(PRESETS[preset], FOUR_READY, "9m9m9m1m")
    events = []
    for seat, tile in enumerate(("9m", "9m", "9m", "1m")):
        events += riichi(game, seat, tile)
        events += pass_all(game)
    assert len(events_of(events, "reach_accepted")) == 4
    draws = events_of(events, "ryukyoku")
    assert [e["reason"] for e in draws] == (["suchareach"] if aborts else [])
    if aborts:
        assert start_of_next_round(events)["kyotaku"] == 4


@pytest.mark.parametrize(
    ("preset", "aborts"), [("ema2012", True), ("ema2016", False), ("tenhou", True)]
)
def test_four_kongs_by_two_players(preset, aborts):
    """RULES-riichi.md 'Abortive draws': the fourth kong, made by a second player, aborts after
    its discard."""
    east = "1111m2222m3333m9p"
    south = "4444m258p369s567z"
    hands = [east, south, "147p258s369p1234z", "258p369s147s2344z"]
    game = riichi_game(PRESETS[preset], hands, "9s9s", dead="1z2z3z4z")
    for _ in range(3):
        play(game, 0, A.ANKAN)
    discard(game, 0, "9p")
    pass_all(game)
    play(game, 1, A.ANKAN)
    assert game.round.kongs == 4
    events = discard(game, 1, "5z") + pass_all(game)
    assert [e["reason"] for e in events_of(events, "ryukyoku")] == (["sukaikan"] if aborts else [])


TRIPLE = ["9m148m258p369s147z", "78m234p567p111z55s", "78m345p678p555z66s", "78m456s789s666z33p"]


@pytest.mark.parametrize(("preset", "winners"), [("ema2012", 3), ("ema2016", 3), ("tenhou", 0)])
def test_triple_ron(preset, winners):
    """RULES-riichi.md 'Multiple ron': triple ron pays three winners under EMA; under Tenhou it
    is an abortive draw (sanchaho)."""
    game = riichi_game(PRESETS[preset], TRIPLE, "2z" + "3z3z3z" + "4z", dead="1p1p1p9p9p")
    discard(game, 0, "2z")
    pass_all(game)
    tsumogiri(game, 3)
    events = discard(game, 0, "9m")
    for seat in (3, 2, 1):
        events += game.apply(Action(A.RON, seat, held_last(game)))
    wins = events_of(events, "hora")
    assert sorted(e["actor"] for e in wins) == [1, 2, 3][:winners] if winners else wins == []
    if not winners:
        assert only(events, "ryukyoku")["reason"] == "sanchaho"
    else:
        assert sum(e["deltas"][0] for e in wins) < 0 and all(e["target"] == 0 for e in wins)


def held_last(game):
    return game.round.last_discard


# --- exhaustive draws ------------------------------------------------------------------------


def test_r33_nagashi_mangan_per_preset():
    """R-33: at an exhaustive draw, a player whose discards were all unclaimed terminals and
    honours is paid a self-drawn mangan (ema2012, tenhou); ema2016 has no nagashi mangan and
    pays the ready hands instead (3,000 to the one ready player)."""
    results = {}
    for name, rules in PRESETS.items():
        game = riichi_game(rules, [READY_E, J1, J2, J3], "6p9p5m7m3m4p8m7m", dead=DEAD, live=8)
        events = []
        for _ in range(2):
            events += tsumogiri(game, 1)
            events += discard(game, 1, "5z" if not game.round.seats[1].discards else "6z")
            events += pass_all(game)
            events += tsumogiri(game, 2)
        results[name] = only(events, "ryukyoku")
    assert results["ema2012"]["reason"] == "nagashimangan"
    assert results["ema2012"]["deltas"] == [-4000, 8000, -2000, -2000]
    assert results["tenhou"]["deltas"] == [-4000, 8000, -2000, -2000]
    assert results["ema2016"]["reason"] == "exhaustive"
    assert results["ema2016"]["deltas"] == [3000, -1000, -1000, -1000]


def test_r33_nagashi_mangan_collects_counters_and_deposits():
    """R-33: nagashi mangan is paid as a self-drawn mangan plus counters and riichi deposits."""
    game = riichi_game(
        EMA2012,
        [READY_E, J1, J2, J3],
        "6p9p5m7m3m4p8m7m",
        dead=DEAD,
        live=8,
        start={"honba": 1, "deposits": 1},
    )
    events = []
    for _ in range(2):
        events += tsumogiri(game, 1)
        events += discard(game, 1, "5z" if not game.round.seats[1].discards else "6z")
        events += pass_all(game)
        events += tsumogiri(game, 2)
    assert only(events, "ryukyoku")["deltas"] == [-4100, 8000 + 300 + 1000, -2100, -2100]


@pytest.mark.parametrize(
    ("hands", "deltas"),
    [
        ([READY_E, J1, J2, J3], [3000, -1000, -1000, -1000]),
        ([READY_E, J1, FOUR_READY[2], J0], [1500, -1500, 1500, -1500]),
        ([READY_E, FOUR_READY[1], J2, FOUR_READY[3]], [1000, 1000, -3000, 1000]),
        ([J0, J1, J2, J3], [0, 0, 0, 0]),
    ],
)
def test_ready_and_not_ready_payments_at_an_exhaustive_draw(hands, deltas):
    """RULES-riichi.md: at an exhaustive draw the not-ready players pay 3,000 split among the
    ready ones; the dealer keeps the deal when ready, and a counter is added either way."""
    game = riichi_game(EMA2016, hands, "9p7m7m9p", dead="1z", live=4)
    events = tsumogiri(game, 4)
    draw = only(events, "ryukyoku")
    assert draw["reason"] == "exhaustive"
    assert draw["deltas"] == deltas
    following = start_of_next_round(events)
    assert following["honba"] == 1
    assert following["oya"] == (0 if deltas[0] > 0 else 1)


# --- liability (R-48) ------------------------------------------------------------------------

DRAGONS_SOUTH = "556677z123m4p1p9s9m"


@pytest.mark.parametrize("self_draw", [True, False])
def test_r48_liability_for_big_three_dragons(self_draw):
    """R-48: the player who fed the third dragon pung pays the whole yakuman on a self-draw and
    half of it on a win on another player's discard (the discarder pays the other half)."""
    hands = ["5z258m369p147s234z", DRAGONS_SOUTH, "6z258m369p147s234z", "7z369m147p258s134z"]
    draws = "2p2p2p2p" + ("5p5p5p4p" if self_draw else "4p")
    game = riichi_game(EMA2012, hands, draws, dead="8p8p8p8p")
    discard(game, 0, "5z")
    play(game, 1, A.PON)
    discard(game, 1, "1p")
    pass_all(game)
    discard(game, 2, "6z")
    play(game, 1, A.PON)
    discard(game, 1, "9s")
    pass_all(game)
    tsumogiri(game, 1)
    discard(game, 3, "7z")
    play(game, 1, A.PON)
    discard(game, 1, "9m")
    pass_all(game)
    assert game.round.seats[1].liable == 3
    if self_draw:
        tsumogiri(game, 3)
        hora = only(play(game, 1, A.TSUMO), "hora")
        assert hora["deltas"] == [0, 32000, 0, -32000]
    else:
        discard(game, 2, "4p")
        hora = only(play(game, 1, A.RON), "hora")
        assert hora["deltas"] == [0, 32000, -16000, -16000]
    assert "daisangen" in pattern_ids(hora)


# --- counters, dealer repeats, the end of the game -------------------------------------------


def test_a_dealer_win_repeats_the_deal_with_one_more_counter():
    """RULES-riichi.md 'Counters': a dealer win keeps the deal and adds a counter."""
    game = riichi_game(EMA2012, [READY_E, J1, J2, J3], "2s", dead=DEAD)
    events = play(game, 0, A.TSUMO)
    assert only(events, "end_kyoku")["mjk_result"]["winners"] == [0]
    following = start_of_next_round(events)
    assert (following["oya"], following["kyoku"], following["honba"]) == (0, 1, 1)


def test_counters_are_paid_and_a_non_dealer_win_passes_the_deal():
    """RULES-riichi.md 'Counters': 300 per counter on a win on a discard, from the discarder;
    a non-dealer win passes the deal and clears the counters."""
    game = riichi_game(
        TENHOU,
        [READY_E, RON_9M, J2, J3],
        "9m",
        dead=DEAD,
        scores=[25000] * 4,
        start={"honba": 2, "deposits": 1},
    )
    game.stop_after_round = False
    discard(game, 0, "9m")
    events = play(game, 1, A.RON)
    hora = only(events, "hora")
    assert hora["deltas"] == [-1300 - 600, 1300 + 600 + 1000, 0, 0]
    following = start_of_next_round(events)
    assert (following["oya"], following["kyoku"], following["honba"], following["kyotaku"]) == (
        1,
        2,
        0,
        0,
    )


ALL_NOT_READY = [J0, J1, J2, J3]


def last_hand(rules, scores, deposits=0):
    game = riichi_game(
        rules,
        ALL_NOT_READY,
        "6p6p7m7m",
        dead="1z",
        live=4,
        scores=scores,
        start={"round_wind": 1, "hand_number": 3, "dealer": 3, "deposits": deposits},
    )
    game.stop_after_round = False
    return game


def ranking(event):
    return {r["seat"]: (r["rank"], r["result"]) for r in event["mjk_ranking"]}


def test_the_game_ends_after_south_4_with_uma_ema():
    """RULES-riichi.md 'Uma', 'Starting points': EMA: 30,000 returned, no oka, uma
    +15/+5/-5/-15; South 4 ends the game when the dealer does not keep the deal."""
    game = last_hand(EMA2012, [42000, 31000, 27000, 20000])
    events = tsumogiri(game, 4)
    end = only(events, "end_game")
    assert ranking(end) == {0: (1, 27.0), 1: (2, 6.0), 2: (3, -8.0), 3: (4, -25.0)}
    assert game.over


def test_the_game_ends_with_oka_and_leftover_deposits_to_first_place_tenhou():
    """RULES-riichi.md: Tenhou starts at 25,000 and returns 30,000 (oka 20,000 to first), uma
    +20/+10/-10/-20, and deposits left on the table go to first place."""
    game = last_hand(TENHOU, [35000, 30000, 19000, 15000], deposits=1)
    end = only(tsumogiri(game, 4), "end_game")
    assert end["scores"] == [36000, 30000, 19000, 15000]
    assert ranking(end) == {0: (1, 46.0), 1: (2, 10.0), 2: (3, -21.0), 3: (4, -35.0)}


def test_tenhou_extends_into_west_when_nobody_reached_30000():
    """RULES-riichi.md 'Extension': under Tenhou, below the return score everywhere, South 4 is
    followed by West 1; EMA ends the game."""
    for rules, extended in ((TENHOU, True), (EMA2012, False)):
        game = last_hand(rules, [29000, 27000, 24000, 20000])
        events = tsumogiri(game, 4)
        if extended:
            following = start_of_next_round(events)
            assert (following["bakaze"], following["kyoku"], following["oya"]) == ("W", 1, 0)
        else:
            only(events, "end_game")


@pytest.mark.parametrize(
    ("preset", "results"),
    [
        # EMA: two players tied for second share (+5 and -5) / 2 = 0 each.
        ("ema2012", [(1, 15.0 + 10.0), (2, 0.0), (2, 0.0), (4, -15.0 - 10.0)]),
        # Tenhou: ties go by seat order from the first dealer.
        ("tenhou", [(1, 20.0 + 10.0 + 20.0), (2, 10.0 - 5.0), (3, -10.0 - 5.0), (4, -20.0 - 20.0)]),
    ],
)
def test_tied_final_scores_share_or_follow_seat_order(preset, results):
    """RULES-riichi: uma by placement; tied players under EMA share their placements."""
    from mahjongkit.game.engine import Game
    from mahjongkit.variants.riichi.rules import RiichiRules

    rules = getattr(RiichiRules, preset)()
    scores = {"ema2012": [40000, 30000, 30000, 20000], "tenhou": [40000, 25000, 25000, 10000]}
    game = Game("riichi", rules, seed=1)
    game.start_at(round_wind=0, hand_number=0, dealer=0, honba=0, deposits=0, scores=scores[preset])
    ranking = game.flow.final_result(game)["mjk_ranking"]
    assert [(r["rank"], r["result"]) for r in ranking] == results
