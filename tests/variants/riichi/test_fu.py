"""Fu: every component with its reason, rounding, and the options that change them.

The breakdown is part of the answer (DESIGN: "test the breakdown, not only the totals"): each
test checks the items, not just the total.
"""

from __future__ import annotations

import dataclasses

from mahjongkit.scoring import Score
from mahjongkit.variants.riichi import RiichiRules, score
from mahjongkit.variants.riichi.fu import raw_fu, round_fu, set_fu
from tests.helpers.riichi import EMA, TENHOU, scored
from tests.helpers.riichi_records import records, to_win


def items(result: Score) -> list[tuple[str, int]]:
    assert result.valid, result.error
    return [(item.id, item.fu) for item in result.fu_breakdown]


def test_concealed_ron_closed_wait_honour_pung() -> None:
    """Scoring basics: 20 base, +10 concealed ron, concealed honour pung 8, edge wait 2."""
    result = scored("123m456p789s22444z", "3m", riichi=True)
    assert items(result) == [
        ("base", 20),
        ("concealed_ron", 10),
        ("concealed_pung", 8),
        ("edge_wait", 2),
    ]
    assert result.fu == 40
    names = {item.id: item.name("en") for item in result.fu_breakdown}
    assert names["concealed_pung"] == "concealed pung of 4z (terminal or honour)"
    assert names["edge_wait"] == "edge wait on 3m"
    # French and Spanish name the tile: its code alone is what a learner cannot read yet.
    french = "pung caché de Vent du nord (4z, terminale ou honneur)"
    assert result.fu_breakdown[2].name("fr") == french
    assert dict(result.fu_breakdown[3].names)["es"] == "espera de borde en tres de caracteres (3m)"
    assert result.fu_breakdown[3].name("ja") == "辺張待ち 3m"


def test_french_fu_lines_elide_de_before_a_vowel() -> None:
    result = scored("111m456p789s55588p", "8p", tsumo=True)
    lines = [item.name("fr") for item in result.fu_breakdown]
    assert "pung caché d’un de caractères (1m, terminale ou honneur)" in lines
    assert "attente sur la paire de huit de cercles (8p)" in lines


def test_r01_a_pung_completed_by_a_discard_is_open_but_the_hand_stays_concealed() -> None:
    result = scored("111456m222p333s77z", "1m", riichi=True)
    assert ("discard_pung", 4) in items(result)  # terminal pung, open: 4, not 8
    assert ("concealed_ron", 10) in items(result)  # the hand is still concealed
    drawn = scored("111456m222p333s77z", "1m", tsumo=True)
    assert ("concealed_pung", 8) in items(drawn)


def test_kongs_are_four_times_their_pung_and_doubled_when_concealed() -> None:
    result = scored("345m22z", "5m", melds=("kong:1111m@N", "concealed-kong:9999p", "kong:2222s@E"))
    assert items(result) == [
        ("base", 20),
        ("open_kong", 16),
        ("concealed_kong", 32),
        ("open_kong", 8),
    ]
    assert result.fu == 80
    assert set_fu(1, True, False) == 8 and set_fu(0, True, True) == 32


def test_value_pair_each_reason_and_the_double_wind_option() -> None:
    dragon = scored("123m456p789s11155z", "5z", riichi=True)
    assert ("pair_dragon", 2) in items(dragon)
    seat = scored("123m456p789s55533z", "5z")  # West pair for the West seat
    assert ("pair_seat", 2) in items(seat)
    prevalent = scored("123m456p789s55511z", "5z")  # East pair in the East round
    assert ("pair_round", 2) in items(prevalent)
    # East pair for the East seat in the East round: 20+10+8 = 38, +4 = 42 -> 50, +2 -> 40.
    hand = "234m456p789s55511z"
    four = scored(hand, "4m", seat="E", discarder="N")
    assert ("pair_double", 4) in items(four) and four.fu == 50
    rules = dataclasses.replace(EMA, double_wind_pair_fu=2)
    two = scored(hand, "4m", rules, seat="E", discarder="N")
    assert ("pair_double", 2) in items(two) and two.fu == 40
    assert four.points > two.points


def test_r10_pinfu_self_draw_gets_no_self_draw_fu() -> None:
    result = scored("234567m34588p678s", "2m", tsumo=True)
    assert items(result) == [("base", 20)]
    assert result.fu == 20


def test_other_self_draws_get_two() -> None:
    result = scored("234567m34588p678s", "3m", tsumo=True)
    assert items(result) == [("base", 20), ("closed_wait", 2), ("self_draw", 2)]
    assert result.fu == 30


def test_open_hand_without_fu_is_thirty_unless_the_option_is_off() -> None:
    hand, melds = "234567m34588p", ("chi:678s@S",)
    on = scored(hand, "2m", TENHOU, melds=melds)
    assert items(on) == [("base", 20), ("open_no_fu", 2)] and on.fu == 30
    off = scored(hand, "2m", dataclasses.replace(TENHOU, open_pinfu_fu=False), melds=melds)
    assert items(off) == [("base", 20)] and off.fu == 20
    assert off.points == 700 and on.points == 1000  # 1 han 20 fu vs 30 fu


def test_r22_seven_pairs_is_25_whatever_the_pairs() -> None:
    result = scored("1133557799m5577z", "7z", tsumo=True)
    assert items(result) == [("seven_pairs", 25)] and result.fu == 25


def test_rounding_and_raw_totals() -> None:
    assert [round_fu(f) for f in (20, 22, 30, 32, 40, 25, 102)] == [20, 30, 30, 40, 40, 25, 110]
    assert raw_fu(False, True, 0, 0, 0, False, True) == 22
    assert raw_fu(False, False, 0, 0, 0, False, True) == 22
    assert raw_fu(False, False, 0, 0, 0, False, False) == 20


def test_the_breakdown_adds_up_to_the_fu_on_every_real_record() -> None:
    """On the 6,000 Tenhou records: rounding the items' sum gives the fu (kokushi: none)."""
    checked = 0
    for record in records()[::5]:
        if record["rules"]["players"] != 4:
            continue
        win, rules = to_win(record)
        result = score(win, rules)
        if not result.fu_breakdown:
            assert result.fu == 0
            continue
        total = sum(item.fu for item in result.fu_breakdown)
        assert round_fu(total) == result.fu, record["id"]
        checked += 1
    assert checked > 1000


def test_rules_default_is_ema2012() -> None:
    assert RiichiRules() == RiichiRules.ema2012()
