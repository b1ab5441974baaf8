"""Hong Kong payments (issue 4, item 6): the base table (H-16), who pays on a self-draw (H-15)
and on a discard (H-10), full and half liability (§5), and the liability rules of §6."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mahjongkit.variants.hongkong import HongKongRules, base_amount, score
from tests.helpers.wins import cli_arguments, win_from_cli


def run(example: str, *options: str):
    return win_from_cli(cli_arguments(example), "hongkong", *options).score()


def paid(result) -> dict[str, int]:
    return {letter: result.payments.get(seat, 0) for seat, letter in enumerate("ESWN")}


# --- H-16: the base amount ---------------------------------------------------------------------


def test_h16_half_spicy_table():
    rules = HongKongRules()
    table = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]
    assert [base_amount(fan, rules) for fan in range(14)] == table


def test_h16_full_spicy_table_doubles_every_fan():
    rules = HongKongRules(base_table="full_spicy")
    assert [base_amount(fan, rules) for fan in (0, 3, 4, 5, 10, 13)] == [1, 8, 16, 32, 1024, 8192]


def test_h16_odd_doubling_reading():
    """'Doubles every two fan from 8 at 3 fan' read literally: 3:8, 5:16, 7:32, ...; the even fan
    in between pay half as much again."""
    rules = HongKongRules(base_table="odd_doubling")
    assert [base_amount(fan, rules) for fan in range(3, 14)] == [
        8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256,
    ]  # fmt: skip


def test_h16_half_spicy_keeps_doubling_every_two_fan_beyond_13():
    rules = HongKongRules(limit=16)
    assert [base_amount(fan, rules) for fan in (14, 15, 16)] == [512, 768, 1024]
    with pytest.raises(ValueError, match="negative"):
        base_amount(-1, rules)


def test_h16_base_table_option_changes_the_payment():
    """hk17's 11 fan: half-spicy base 192, full-spicy 2048."""
    hand = "555p777p9p9p pung:111p@W pung:333p@N win=9p from=E seat=S"
    assert paid(run(hand))["E"] == -384
    assert paid(run(hand, "base_table=full_spicy"))["E"] == -4096


# --- who pays ------------------------------------------------------------------------------------

MIXED = "123s789s234s22z pung:555s@E win=4s seat=S flowers=3f"
"""混一色: 3 fan on a discard, 4 on a self-draw."""


def test_h15_self_draw_each_of_three_pays_base():
    result = run(MIXED + " tsumo")
    assert paid(result) == {"E": -16, "S": 48, "W": -16, "N": -16}
    assert {line.reason for line in result.lines} == {"self_draw"}


def test_h10_discard_only_the_discarder_pays_double():
    result = run(MIXED + " from=N")
    assert paid(result) == {"E": 0, "S": 16, "W": 0, "N": -16}
    assert [(line.payer, line.amount, line.reason) for line in result.lines] == [(3, 16, "discard")]


def test_rules_hongkong_5_half_liability_discard_everyone_pays_the_discarder_double():
    result = run(MIXED + " from=N", "payment_system=half")
    assert paid(result) == {"E": -8, "S": 32, "W": -8, "N": -16}


def test_rules_hongkong_5_half_liability_self_draw_each_pays_double():
    result = run(MIXED + " tsumo", "payment_system=half")
    assert paid(result) == {"E": -32, "S": 96, "W": -32, "N": -32}


def test_rules_hongkong_1_no_dealer_multiplier():
    """§1: East pays and receives like everyone else."""
    east_wins = run(MIXED.replace("seat=S", "seat=E").replace("@E", "@N") + " tsumo")
    assert paid(east_wins) == {"E": 48, "S": -16, "W": -16, "N": -16}


def test_rules_hongkong_5_2_robbing_the_kong_the_declarer_pays_as_a_discarder():
    result = run(MIXED + " from=W robbing_kong")
    assert paid(result) == {"E": 0, "S": 32, "W": -32, "N": 0}
    assert result.lines[0].reason == "robbed_kong"


def test_rules_hongkong_5_2_6_robbing_the_kong_counted_as_a_self_draw_paid_by_the_declarer():
    """§5.2 / §6 (Y) 搶槓當自摸，開槓的一家包: three shares, all from the declarer."""
    result = run(MIXED + " from=W robbing_kong", "rob_kong_payment=kong_declarer_pays_all")
    assert paid(result) == {"E": 0, "S": 48, "W": -48, "N": 0}


# --- §6 liability --------------------------------------------------------------------------------

EXPOSED = "9s9s chow:123m@E chow:456p@E pung:777z@W pung:666z@N win=9s seat=S"
"""Four claimed sets, the fourth (666z) from North; 2 dragon pungs + no flowers."""


def test_rules_hongkong_6_twelve_tiles_liability_on_a_self_draw():
    result = run(EXPOSED + " tsumo")
    assert paid(result) == {"E": 0, "S": 48, "W": 0, "N": -48}
    assert {line.reason for line in result.lines} == {"twelve_tiles"}


def test_rules_hongkong_6_twelve_tiles_liability_not_on_a_discard():
    result = run(EXPOSED + " from=E", "bonus_counts_toward_minimum=true")
    assert paid(result) == {"E": -16, "S": 16, "W": 0, "N": 0}


def test_rules_hongkong_6_twelve_tiles_liability_not_with_a_concealed_kong():
    hand = "9s9s chow:123m@E concealed-kong:2222p pung:777z@W pung:666z@N win=9s seat=S tsumo"
    assert paid(run(hand)) == {"E": -16, "S": 48, "W": -16, "N": -16}


def test_rules_hongkong_6_kong_replacement_liability_both_sides():
    """槓上開花包自摸: the discarder of a claimed kong pays all; never for a concealed kong."""
    # 槓上開花 2 + 混一色 3 + 門風 1 = 6 fan, base 32.
    hand = "123s789s55s222z kong:4444s@W win=5s tsumo after_kong seat=S flowers=1f"
    assert paid(run(hand)) == {"E": -32, "S": 96, "W": -32, "N": -32}
    liable = run(hand, "kong_replacement_liability=true")
    assert paid(liable) == {"E": 0, "S": 96, "W": -96, "N": 0}
    assert {line.reason for line in liable.lines} == {"kong_replacement"}
    # A concealed kong has no discarder to blame (and keeps the concealed hand: 7 fan, base 48).
    concealed = hand.replace("kong:4444s@W", "concealed-kong:4444s")
    assert paid(run(concealed, "kong_replacement_liability=true")) == {
        "E": -48, "S": 144, "W": -48, "N": -48,
    }  # fmt: skip


BIG_DRAGONS = "234m9p9p pung:555z@W pung:666z@N pung:777z@E win=9p seat=S"
"""大三元 (8) + no flowers = 9 fan, base 96; the third dragon set came from East."""


def test_rules_hongkong_6_big_three_dragons_feeder_pays_all_on_a_self_draw():
    plain = run(BIG_DRAGONS + " tsumo")
    assert paid(plain) == {"E": -128, "S": 384, "W": -128, "N": -128}  # 10 fan, base 128
    liable = run(BIG_DRAGONS + " tsumo", "big_hand_liability=true")
    assert paid(liable) == {"E": -384, "S": 384, "W": 0, "N": 0}
    assert {line.reason for line in liable.lines} == {"big_dragons"}


def test_rules_hongkong_6_big_three_dragons_feeder_on_another_seats_discard():
    """On a discard the discarder keeps its own share; the feeder takes the others' shares (none
    under full liability, one share under half liability)."""
    full = run(BIG_DRAGONS + " from=W", "big_hand_liability=true")
    assert paid(full) == {"E": 0, "S": 192, "W": -192, "N": 0}
    half = run(BIG_DRAGONS + " from=W", "big_hand_liability=true", "payment_system=half")
    assert paid(half) == {"E": -192, "S": 384, "W": -192, "N": 0}


def test_rules_hongkong_6_big_four_winds_feeder_pays_all():
    hand = "5m5m pung:111z@W pung:222z@N pung:333z@N pung:444z@E win=5m tsumo seat=S"
    assert paid(run(hand, "big_hand_liability=true")) == {"E": -1152, "S": 1152, "W": 0, "N": 0}


def test_rules_hongkong_6_explicit_liable_seat_from_the_table_engine():
    from dataclasses import replace

    win = win_from_cli(cli_arguments(MIXED + " tsumo"), "hongkong").win
    result = score(replace(win, liable_seat=2), HongKongRules())
    assert paid(result) == {"E": 0, "S": 48, "W": -48, "N": 0}


# --- properties ----------------------------------------------------------------------------------

HANDS = [
    MIXED,
    "123m456p789s234s55m win=4s seat=S",
    "555p777p9p9p pung:111p@W pung:333p@N win=9p seat=S",
    "234m9p9p pung:555z@W pung:666z@N pung:777z@E win=9p seat=S",
    "9s9s chow:123m@E chow:456p@E pung:777z@W pung:666z@N win=9s seat=S",
]


@settings(max_examples=60, deadline=None)
@given(
    hand=st.sampled_from(HANDS),
    how=st.sampled_from(["tsumo", "from=W", "from=N", "from=W robbing_kong"]),
    system=st.sampled_from(["full", "half"]),
    table=st.sampled_from(["half_spicy", "full_spicy", "odd_doubling"]),
    robbed=st.sampled_from(["discarder", "kong_declarer_pays_all"]),
    liability=st.booleans(),
)
def test_payments_sum_to_zero_and_the_winner_gets_the_points(
    hand, how, system, table, robbed, liability
):
    win = win_from_cli(cli_arguments(hand), "hongkong").win
    held = sum(1 for t in win.hand.concealed if t.kind == win.win_tile.kind)
    # H-13: the robbed tile is the fourth of a pung, so the robber holds no other copy.
    assume("robbing" not in how or held == 1)
    result = run(
        f"{hand} {how}",
        f"payment_system={system}",
        f"base_table={table}",
        f"rob_kong_payment={robbed}",
        f"big_hand_liability={liability}",
        "min_fan=0",
    )
    assert result.valid
    assert sum(result.payments.values()) == 0
    assert result.payments[1] == result.points > 0
    assert all(line.payee == 1 and line.amount > 0 for line in result.lines)
    assert sum(p.value for p in result.patterns) == result.raw_value


# --- what the winner receives (the points a bot weighs) -----------------------------------------


@pytest.mark.parametrize("system", ["full", "half"])
@pytest.mark.parametrize("robbed", ["discarder", "kong_declarer_pays_all"])
def test_h10_h15_what_the_winner_receives_is_the_settlements_sum_liable_or_not(
    system: str, robbed: str
) -> None:
    """``received`` (what ``points`` gives a bot) is the sum of the settlement's lines for a
    self-draw, a discard, a robbed kong and a liable seat, under both payment systems (H-10,
    H-15, §5, §6): a liability moves a share to another payer, never changes the sum."""
    from mahjongkit.hand import Hand
    from mahjongkit.scoring import Win
    from mahjongkit.tiles import Tile
    from mahjongkit.variants.hongkong.payments import received, settle

    rules = HongKongRules(payment_system=system, rob_kong_payment=robbed)
    hand = Hand.parse("123m456p789s2z", ["pung:555s@E"])
    checked = set()
    for winner in range(4):
        for how in ("self_draw", "discard", "robbed"):
            for liable in (None, *(s for s in range(4) if s != winner)):
                for fan in (0, 3, 7, 13):
                    from_seat = None if how == "self_draw" else (winner + 1) % 4
                    win = Win(
                        hand.with_tile(Tile.parse("2z")),
                        Tile.parse("2z"),
                        self_draw=how == "self_draw",
                        seat=winner,
                        from_seat=from_seat,
                        robbing_kong=how == "robbed",
                        liable_seat=liable,
                    )
                    settled = settle(win, fan, rules, frozenset({"mixed_one_suit"}))
                    assert received(win, fan, rules) == settled.points, (how, liable, fan)
                    checked.add(settled.points)
    base = base_amount(7, rules)
    # Full: three shares of base on a self-draw, twice base from the discarder; half: twice
    # base from each on a self-draw, and the two others' base beside the discarder's double.
    assert ({3 * base, 2 * base} if system == "full" else {6 * base, 4 * base}) <= checked
