"""Three-player Riichi at the table, the preset ``tenhou3`` (issue 36, item 3).

Each test lays out a wall of the 108 tiles and plays it through ``Game.apply``. The rules cited
are those of ``docs/three-player.md``: riichi.wiki's "Sanma" (no chow, 2m-8m removed, North set
aside as a dora, tsumo loss), Tenhou's three-player record ``dnovikoff_sanma2.xml`` in
``../shared/data/riichi/mjlog`` (the ready payment of 2,000, 35,000 / 40,000, the uma), and the
notes of that page where the sources are silent.
"""

from __future__ import annotations

import json
import random

import pytest

from mahjongkit.bots.policy import play_random
from mahjongkit.errors import IllegalActionError, OptionValueError
from mahjongkit.game.engine import Game
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.state import Phase
from mahjongkit.tiles import NORTH
from mahjongkit.valueclass import replace
from mahjongkit.variants.riichi.rules import RiichiRules
from tests.helpers.table_scenarios import (
    discard,
    events_of,
    held,
    only,
    pass_all,
    pattern_ids,
    play,
    riichi,
    sanma_game,
    tsumogiri,
    types,
)

TENHOU3 = RiichiRules.tenhou3()

J0 = "19m147p258s12356z"
J1 = "19m258p369s12367z"
J2 = "19m369p147s15567z"
"""Three hands that make nothing, hold no North and start no chow of each other's discards."""
DEAD = "7s7s7s8s" + "2z"
"""Replacements 7s 7s 7s 8s; dora indicator South (the dora is West)."""


def snapshot(game: Game) -> str:
    return json.dumps(game.snapshot(), sort_keys=True)


def kita(game: Game, seat: int) -> list[dict]:
    return play(game, seat, A.KITA)


# --- the set, the seats, the preset --------------------------------------------------------------


def test_the_preset_is_tenhous_three_player_table() -> None:
    """docs/three-player.md: three seats, 35,000 points returned at 40,000, uma +20/0/-20, the
    ready payment 2,000 in all, North set aside, the four-player abortive draws that three
    players can meet; every other option as the four-player ``tenhou`` preset."""
    rules = TENHOU3
    assert (rules.players, rules.starting_points, rules.return_points) == (3, 35000, 40000)
    assert rules.uma == (20000, 0, -20000) and rules.oka == 15000
    assert rules.north_set_aside and rules.tenpai_payment == 2000
    assert rules.missing_seat_share == "lost"
    assert rules.abortive_draws == ("nine_terminals", "four_kongs")
    four = RiichiRules.tenhou()
    changed = {
        "players", "north_set_aside", "abortive_draws", "starting_points", "return_points", "uma",
        "tenpai_payment",
    }  # fmt: skip
    for name in set(type(rules).__dataclass_fields__) - changed:
        assert getattr(rules, name) == getattr(four, name), name


def test_the_set_is_108_tiles_without_2m_to_8m_and_a_red_five_of_circles_and_bamboo() -> None:
    """riichi.wiki Sanma: 2m-8m are removed, 1m and 9m stay; Tenhou's red fives are one 5p and
    one 5s (there is no 5m)."""
    game = Game("riichi", TENHOU3, seed=3)
    tiles = game.flow.tiles()
    assert len(tiles) == 108
    kinds = {t // 4 for t in tiles}
    assert {0, 8} <= kinds and not kinds & set(range(1, 8))
    red = sorted(t for t in tiles if game.flow.red(t))
    assert red == [52, 88]
    assert str(game.flow.tile(52)) == "0p" and str(game.flow.tile(88)) == "0s"


def test_three_seats_are_dealt_from_east_south_and_west() -> None:
    game = Game("riichi", TENHOU3, seed=3)
    events = game.start()
    start = only(events, "start_kyoku")
    assert len(start["tehais"]) == 3 and start["scores"] == [35000] * 3
    assert game.players == 3 and len(game.round.seats) == 3
    # 108 - 3 x 13 dealt - 14 in the dead wall - the dealer's first draw
    assert game.live_remaining() == 54


def test_the_log_records_the_three_player_options_and_a_four_player_log_does_not() -> None:
    """The options added for three players are written only when set: four-player logs read
    exactly as before."""
    three = Game("riichi", TENHOU3, seed=3)
    recorded = only(three.start(), "start_game")["mjk_rules"]
    assert recorded["north_set_aside"] is True and recorded["tenpai_payment"] == 2000
    assert "missing_seat_share" not in recorded
    four = only(Game("riichi", RiichiRules.tenhou(), seed=3).start(), "start_game")["mjk_rules"]
    assert not {"north_set_aside", "tenpai_payment", "missing_seat_share"} & set(four)
    assert Game.replay(json.loads(json.dumps(three.log))).flow.rules == TENHOU3


def test_kita_is_a_three_player_rule() -> None:
    with pytest.raises(OptionValueError, match="three-player tables"):
        replace(RiichiRules.tenhou(), north_set_aside=True)


# --- no chow -------------------------------------------------------------------------------------


def test_no_chow_with_three_players_and_a_chow_attempt_is_refused_unchanged() -> None:
    """riichi.wiki Sanma: players cannot call chii. South could chow East's 3p with 45p; it is
    offered nothing, and a chi it plays anyway is refused with the rule, the game unchanged."""
    south = "45p" + "19m258s369s126z"
    west = "339p19m147s15567z"
    game = sanma_game([J0, south, west], "3p", dead=DEAD)
    discard(game, 0, "3p")
    assert game.round.phase is Phase.CLAIM and A.PON in types(game, 2)
    assert game.legal_actions(1) == []
    before = snapshot(game)
    three = game.round.last_discard
    assert three is not None
    attempt = Action(A.CHI, 1, three, (held(game, 1, "4p"), held(game, 1, "5p")))
    with pytest.raises(IllegalActionError, match="three-player Riichi has no chow") as error:
        game.apply(attempt)
    assert error.value.rule == "three-player Riichi: no chow"
    assert snapshot(game) == before


# --- kita: North set aside -----------------------------------------------------------------------


def test_kita_sets_the_north_aside_and_draws_its_replacement_from_the_dead_wall() -> None:
    """riichi.wiki Sanma: the North is put to the side of the hand like a call and replaced from
    the dead wall; the live wall loses one tile, as for a kong (docs/three-player.md)."""
    east = "19m147p258s12345z"
    game = sanma_game([east, J1, J2], "9p", dead=DEAD)
    north = held(game, 0, "4z")
    assert [a for a in game.legal_actions(0) if a.type == A.KITA] == [Action(A.KITA, 0, north)]
    live = game.live_remaining()
    events = kita(game, 0)
    assert [e["type"] for e in events] == ["nukidora", "mjk:kita_done", "tsumo"]
    assert events[0] == {
        "type": "nukidora", "actor": 0, "pai": "N", "mjk_id": north, "mjk_robbable": False
    }  # fmt: skip
    draw = events[2]
    assert draw["mjk_replacement"] and draw["pai"] == "7s"
    assert game.round.seats[0].flowers == [north] and north not in game.round.seats[0].hand
    assert len(game.round.seats[0].hand) == 14
    assert game.live_remaining() == live - 1
    seen = game.observation(1)
    assert seen.seats[0].flowers == (north,) and seen.visible_counts()[NORTH] == 1
    assert "mjk_robbable" not in seen.events[-3]


def test_the_fifth_replacement_comes_from_the_tiles_that_topped_up_the_dead_wall() -> None:
    """Four Norths and a kong draw five replacements: the dead wall's four, then the tile moved
    to it from the live wall's end (docs/three-player.md); no tile is drawn twice."""
    east = "4444z" + "1111p" + "19m25s9s"
    game = sanma_game([east, J1, J2], "9p", dead=DEAD)
    end = len(game.round.wall) - 14 - 1
    for _ in range(4):
        kita(game, 0)
    assert game.round.seats[0].flowers and len(game.round.seats[0].flowers) == 4
    events = play(game, 0, A.ANKAN)
    draw = events_of(events, "tsumo")[-1]
    assert draw["mjk_id"] == game.round.wall[end]
    drawn = [e["mjk_id"] for e in game.log if e["type"] == "tsumo"]
    assert len(drawn) == len(set(drawn)) == 6
    assert game.live_remaining() == 54 - 5


def test_kita_is_refused_without_a_north_and_the_game_is_unchanged() -> None:
    """Garbage: kita with a tile that is not a North (in the hand or not), at a four-player
    table, or by a fourth seat; each refused with its reason, nothing changed."""
    game = sanma_game([J0, J1, J2], "9p", dead=DEAD)
    before = snapshot(game)
    assert A.KITA not in types(game, 0)
    not_north = held(game, 0, "1z")
    with pytest.raises(IllegalActionError, match="kita sets a North tile aside, and 1z is not one"):
        game.apply(Action(A.KITA, 0, not_north))
    refusal = r"kita is not possible now; seat E may: abort, discard"
    with pytest.raises(IllegalActionError, match=refusal):
        game.apply(Action(A.KITA, 0, 123))
    with pytest.raises(IllegalActionError, match="seat 3 does not exist at a 3-player table"):
        game.apply(Action(A.DISCARD, 3, not_north))
    with pytest.raises(IllegalActionError, match="seat 3 does not exist at a 3-player table"):
        game.apply(Action(A.KITA, 3, 123))
    assert snapshot(game) == before
    assert game.legal_actions(3) == []
    with pytest.raises(IllegalActionError, match="does not exist at a 3-player table"):
        game.observation(3)
    four = Game("riichi", RiichiRules.tenhou(), seed=1)
    four.start()
    seat = four.round.turn
    tile = four.round.seats[seat].hand[0]
    with pytest.raises(IllegalActionError, match="these rules have no kita"):
        four.apply(Action(A.KITA, seat, tile))


def test_after_riichi_only_the_north_just_drawn_is_set_aside() -> None:
    """The hand is fixed after riichi (R-05): a North drawn then may be set aside (the hand
    stays as it was), a North held before may not."""
    east = "123p456p789p23s4z4z"
    game = sanma_game([east, J1, J2], "1z" + "2z7z" + "4z", dead=DEAD)
    riichi(game, 0, "1z")
    pass_all(game)
    tsumogiri(game, 2)
    assert game.round.seats[0].drawn is not None and game.round.seats[0].drawn // 4 == NORTH
    offered = [a for a in game.legal_actions(0) if a.type == A.KITA]
    assert offered == [Action(A.KITA, 0, game.round.seats[0].drawn)]
    held_before = next(
        t for t in game.round.seats[0].hand if t // 4 == NORTH and t != game.round.seats[0].drawn
    )
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="only the North just drawn"):
        game.apply(Action(A.KITA, 0, held_before))
    assert snapshot(game) == before


def test_a_north_set_aside_is_a_dora_and_a_win_on_its_replacement_is_rinshan() -> None:
    """riichi.wiki Sanma: each North set aside counts as a dora (not a yaku); a win on the
    replacement after it is a win after a kong (rinshan kaihou: Tenhou, docs/three-player.md).
    East: 123p 456p 789p 23s 9s9s; the replacement 1s completes 123s."""
    east = "123p456p789p23s4z9s"
    game = sanma_game([east, J1, J2], "9s", dead="1s7s7s8s" + "2z")
    kita(game, 0)
    assert game.round.seats[0].drawn // 4 == 18  # the 1s
    events = play(game, 0, A.TSUMO)
    hora = only(events, "hora")
    ids = pattern_ids(hora)
    assert {"rinshan", "menzen_tsumo", "ittsu", "nukidora"} <= ids and "dora" not in ids
    nuki = next(p for p in hora["mjk_score"]["patterns"] if p["id"] == "nukidora")
    assert nuki["value"] == 1 and hora["mjk_score"]["nukidora"] == 1


def test_a_north_set_aside_counts_twice_when_west_shows_north() -> None:
    """riichi.wiki Sanma: with West as the indicator, a North set aside is two dora."""
    east = "123p456p789p23s4z9s"
    dead = "1s7s7s8s" + "3z"
    game = sanma_game([east, J1, J2], "9s", dead=dead)
    kita(game, 0)
    hora = only(play(game, 0, A.TSUMO), "hora")
    han = {p["id"]: p["value"] for p in hora["mjk_score"]["patterns"]}
    assert han["nukidora"] == 1 and han["dora"] == 1


def test_a_seat_may_win_on_the_north_set_aside_without_robbing_the_kong() -> None:
    """Tenhou: a ron on the North set aside is allowed and is no chankan (docs/three-player.md);
    the seat that set it aside pays as a discarder would. South waits on North (seven pairs)."""
    east = "19m147p258s12345z"
    south = "11p33p55p77p99p22s4z"
    game = sanma_game([east, south, J2], "9p", dead=DEAD)
    events = kita(game, 0)
    assert [e["type"] for e in events] == ["nukidora"]
    assert events[0]["mjk_robbable"] and game.round.phase is Phase.ROB
    assert types(game, 1) == {A.RON, A.PASS} and game.legal_actions(2) == []
    hora = only(play(game, 1, A.RON), "hora")
    assert hora["target"] == 0 and hora["pai"] == "N"
    ids = pattern_ids(hora)
    assert "chiitoitsu" in ids and "chankan" not in ids
    assert hora["deltas"][0] < 0 and hora["deltas"][2] == 0
    assert game.round.seats[0].flowers == []


def test_a_win_passed_on_the_north_set_aside_is_temporary_furiten() -> None:
    """As a robbing win passed up: the seat may not win on a discard until its own discard
    (Tenhou's temporary furiten, docs/three-player.md)."""
    east = "19m147p258s12344z"
    south = "11p33p55p77p99p22s4z"
    game = sanma_game([east, south, J2], "9p", dead=DEAD)
    kita(game, 0)
    play(game, 1, A.PASS)
    assert game.round.phase is Phase.TURN and game.round.seats[1].furiten_temporary
    events = discard(game, 0, "4z")
    assert events[0]["type"] == "dahai" and events[0]["mjk_waiting"] == [1]
    assert not events_of(events, "mjk:respond") and events[-1]["type"] == "tsumo"
    assert game.round.turn == 1  # the North went by: South was not asked


def test_a_north_set_aside_ends_every_ippatsu() -> None:
    """riichi.wiki Sanma: kita invalidates ippatsu (as a kong does, R-06)."""
    south = "123p456p789p23s1z9s"
    game = sanma_game([J0, south, J2], "9p" + "9s" + "4z", dead=DEAD)
    tsumogiri(game, 1)
    riichi(game, 1, "1z")
    pass_all(game)
    assert game.round.seats[1].ippatsu
    assert game.round.turn == 2 and game.round.seats[2].drawn // 4 == NORTH
    kita(game, 2)
    assert not game.round.seats[1].ippatsu


# --- what the hand pays --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("share", "deltas"), [("lost", [-6000, 9000, -3000]), ("split", [-7500, 12000, -4500])]
)
def test_a_self_drawn_haneman_loses_or_splits_the_missing_seats_share(share, deltas) -> None:
    """Tenhou's tsumo loss (riichi.wiki Sanma: no change for the missing player): a non-dealer
    haneman self-draw is 6,000 from the dealer and 3,000 from the other, 9,000 in all; with
    ``missing_seat_share=split`` the missing 3,000 is shared: 7,500 and 4,500. South: half
    flush, three concealed pungs, self-draw (6 han)."""
    rules = replace(TENHOU3, missing_seat_share=share)
    south = "111p555p999p23p11z"
    game = sanma_game([J0, south, J2], "7z2z3z7z" + "4p", rules=rules, dead=DEAD)
    tsumogiri(game, 4)  # past the first go-around (no blessing of earth)
    hora = only(play(game, 1, A.TSUMO), "hora")
    assert hora["mjk_score"]["limit_id"] == "haneman"
    assert hora["deltas"] == deltas


@pytest.mark.parametrize(
    ("ready", "deltas"),
    [([1], [-1000, 2000, -1000]), ([0, 1], [1000, 1000, -2000]), ([], [0, 0, 0])],
)
def test_the_exhaustive_draw_moves_2000_in_all(ready, deltas) -> None:
    """Tenhou's three-player record (dnovikoff_sanma2.xml, East 2, 1 counter): the only ready
    seat receives 1,000 from each of the two others; two ready seats 1,000 each from the third
    (option tenpai_payment, 2,000)."""
    hands = [J0, J1, J2]
    for seat in ready:
        hands[seat] = ["123p456p789p11s23s", "123s456s789s99p23p"][seat]
    game = sanma_game(hands, "2p3p5s", live=3)
    events = tsumogiri(game, 3)
    draw = only(events, "ryukyoku")
    assert draw["reason"] == "exhaustive" and sorted(draw["tenpai"]) == ready
    assert draw["deltas"] == deltas


def test_three_riichi_and_three_first_winds_are_no_abortive_draw() -> None:
    """Four riichi and four winds take four seats: with three, play goes on."""
    hands = ["123p456p789p11s23s", "123s456s789s99p23p", "111m999m555z66z77z"]
    every = ("nine_terminals", "four_winds", "four_riichi", "four_kongs")
    rules = replace(TENHOU3, abortive_draws=every)
    game = sanma_game(hands, "1z1z1z", rules=rules, dead=DEAD)
    for seat in range(3):
        riichi(game, seat, "1z")
        pass_all(game)
    assert all(game.round.seats[s].riichi for s in range(3))
    assert not events_of(game.log, "ryukyoku") and game.round.phase is Phase.TURN


# --- the course of the game ----------------------------------------------------------------------


def test_a_game_is_east_and_south_of_three_hands_and_the_deal_passes_east_south_west() -> None:
    game = Game("riichi", TENHOU3, seed=11)
    play_random(game, random.Random(11))
    starts = [e for e in game.log if e["type"] == "start_kyoku"]
    assert {e["oya"] for e in starts} <= {0, 1, 2}
    assert all(e["kyoku"] <= 3 for e in starts)
    assert {e["bakaze"] for e in starts} <= {"E", "S", "W"}
    end = game.log[-1]
    assert end["type"] == "end_game" and sum(end["scores"]) == 105000


def test_the_final_ranking_pays_oka_15000_and_uma_20_0_minus_20_as_tenhou() -> None:
    """Tenhou's three-player record dnovikoff_sanma2.xml ended on a bust at 83,100, 27,400 and
    -5,500 with the results +79.0, -13.0, -66.0: (score - 40,000) / 1,000 with 15 of oka and an
    uma of +20 / 0 / -20, Tenhou rounding each and giving first place what balances them."""
    game = Game("riichi", TENHOU3, seed=1)
    game.start_at(round_wind=0, hand_number=2, dealer=2, honba=0, deposits=0,
                  scores=[27400, 83100, -5500])  # fmt: skip
    final = game.flow.final_result(game)
    results = {row["seat"]: row["result"] for row in final["mjk_ranking"]}
    assert results == {1: 78.1, 0: -12.6, 2: -65.5}
    tenhou = {1: 79.0, 0: -13.0, 2: -66.0}
    assert all(abs(results[s] - tenhou[s]) <= 1 for s in tenhou)
    assert round(results[0]) == tenhou[0] and results[2] - 0.5 == tenhou[2]


@pytest.mark.parametrize("seed", range(6))
def test_bots_play_tenhou3_games_to_their_end_and_the_logs_replay(seed) -> None:
    game = Game("riichi", TENHOU3, seed=seed)
    play_random(game, random.Random(seed))
    assert game.over and sum(game.scores) == 105000
    log = json.loads(json.dumps(game.log))
    assert Game.replay(log).snapshot() == game.snapshot()
