"""Sichuan money (RULES-sichuan §6, S-02, S-16): wins, wind and rain, the wall-end settlement."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mahjongkit.errors import InvalidHandError
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.options import override
from mahjongkit.scoring import PaymentLine
from mahjongkit.tiles import NUM_KINDS, counts_of, parse_kinds
from mahjongkit.variants.sichuan import SichuanRules, score
from mahjongkit.variants.sichuan.payments import (
    POT,
    REASONS,
    WallEndPlayer,
    best_ready_hand,
    end_of_wall_settlement,
    explain_lines,
    is_flower_pig,
    kong_discard_payments,
    kong_payments,
    net,
    robbed_kong_refund,
    win_payments,
)
from tests.helpers.sichuan import make_win

RULES = SichuanRules.blood_battle()
E, S, W, N = range(4)
ALL = frozenset(range(4))
PLAIN = "123m456m234p678p99p"


def options(*assignments: str) -> SichuanRules:
    return override(RULES, assignments)


def counts(text: str) -> list[int]:
    return counts_of(parse_kinds(text))


def payments_of(concealed: str, rules: SichuanRules = RULES, **kwargs: object) -> dict[int, int]:
    result = score(make_win(concealed, **kwargs), rules)  # type: ignore[arg-type]
    assert result.valid, result.error
    return dict(result.payments)


# --- wins (§6) ----------


def test_rules_sichuan_6_discard_win_the_discarder_alone_pays():
    assert payments_of("123m456m789m234m55m") == {E: -4, S: 4, W: 0, N: 0}


def test_rules_sichuan_6_self_draw_every_player_still_in_the_game_pays():
    assert payments_of("123m456m789m234m55m", tsumo=True) == {E: -4, S: 12, W: -4, N: -4}


def test_rules_sichuan_5_blood_battle_winners_who_left_neither_pay_nor_collect():
    """§5: E has won already: S's self-draw is paid by W and N only."""
    left = frozenset({S, W, N})
    assert payments_of(PLAIN, tsumo=True, in_game=left) == {E: 0, S: 2, W: -1, N: -1}
    result = score(make_win(PLAIN, tsumo=True, in_game=frozenset({S, N})), RULES)
    assert dict(result.payments) == {E: 0, S: 1, W: 0, N: -1}


def test_rules_sichuan_6_robbed_kong_the_konger_pays_as_for_a_discard():
    result = score(make_win(PLAIN, discarder=W, robbing_kong=True), RULES)
    assert dict(result.payments) == {E: 0, S: 2, W: -2, N: 0}
    assert result.lines[0].reason == "robbed_kong_win"


@pytest.mark.parametrize(
    ("bonus", "fan", "each"),
    [("none", 0, 1), ("jiadi", 0, 2), ("jiafan", 1, 2)],
)
def test_rules_sichuan_6_self_draw_bonus_options(bonus, fan, each):
    """§6: 自摸加底 +1 base per payer after doubling; 自摸加番 +1 fan; none by default."""
    result = score(make_win(PLAIN, tsumo=True), options(f"self_draw_bonus={bonus}"))
    assert result.value == fan
    assert dict(result.payments) == {E: -each, S: 3 * each, W: -each, N: -each}


def test_rules_sichuan_6_jiadi_is_added_after_doubling_and_outside_the_cap():
    rules = options("self_draw_bonus=jiadi")
    result = score(make_win("11m22m44m55m77m88m99m", tsumo=True), rules)  # 清七對, 4 fan
    assert dict(result.payments) == {E: -17, S: 51, W: -17, N: -17}
    assert {line.reason for line in result.lines} == {"win_self_draw", "self_draw_base"}


def test_rules_sichuan_6_jiadi_does_not_apply_to_a_discard_win():
    assert payments_of(PLAIN, rules=options("self_draw_bonus=jiadi")) == {E: -1, S: 1, W: 0, N: 0}


@pytest.mark.parametrize(
    ("mode", "expected"),
    [("as_self_draw", {E: -4, S: 12, W: -4, N: -4}), ("as_discard", {E: 0, S: 4, W: -4, N: 0})],
)
def test_rules_sichuan_6_dian_gang_hua_options(mode, expected):
    """§6 點槓花: a win on the replacement of W's fed kong: all pay, or W alone (sc19)."""
    result = score(
        make_win("123m456m789p11p", melds=("kong:5555p@W",), tsumo=True, after_kong=True),
        options(f"dian_gang_hua={mode}", "self_draw_bonus=jiadi"),
    )
    # Under as_discard it is settled as a discard: no self-draw base either.
    bonus = {E: -1, S: 3, W: -1, N: -1} if mode == "as_self_draw" else dict.fromkeys(range(4), 0)
    assert dict(result.payments) == {seat: expected[seat] + bonus[seat] for seat in range(4)}


def test_rules_sichuan_6_dian_gang_hua_on_a_concealed_kong_stays_a_self_draw():
    result = score(
        make_win("123m456m789p11p", melds=("concealed-kong:5555p",), tsumo=True, after_kong=True),
        options("dian_gang_hua=as_discard"),
    )
    assert dict(result.payments) == {E: -4, S: 12, W: -4, N: -4}


def test_rules_sichuan_6_dian_gang_hua_feeder_can_be_named_by_the_engine():
    win = make_win(
        "345m789p11p",
        melds=("kong:5555p@W", "concealed-kong:2222m"),
        tsumo=True,
        after_kong=True,
    )
    rules = options("dian_gang_hua=as_discard")
    # The last kong listed is concealed: by default a self-draw (2 roots + 槓上開花 = 8 each).
    assert dict(score(win, rules).payments) == {E: -8, S: 24, W: -8, N: -8}
    fed = score(replace(win, liable_seat=W), rules)
    assert dict(fed.payments) == {E: 0, S: 8, W: -8, N: 0}


def test_win_payments_refuses_garbage():
    with pytest.raises(InvalidHandError, match="already won"):
        win_payments(S, 4, {E, W}, RULES)
    with pytest.raises(InvalidHandError, match="already won"):
        win_payments(S, 4, {S, W}, RULES, payer=E)
    with pytest.raises(InvalidHandError, match="itself"):
        win_payments(S, 4, ALL, RULES, payer=S)
    with pytest.raises(InvalidHandError, match="not a seat"):
        win_payments(7, 4, ALL, RULES)


# --- wind and rain (§6.1) ----------


def test_rules_sichuan_6_1_concealed_kong_rain_two_bases_from_each_player_in_the_game():
    assert net(kong_payments(MeldKind.CONCEALED_KONG, E, ALL, RULES)) == {E: 6, S: -2, W: -2, N: -2}
    assert net(kong_payments(MeldKind.CONCEALED_KONG, E, {E, N}, RULES)) == {
        E: 2,
        S: 0,
        W: 0,
        N: -2,
    }


@pytest.mark.parametrize(("amount", "paid"), [(2, 2), (1, 1)])
def test_rules_sichuan_6_1_exposed_kong_wind_the_discarder_pays(amount, paid):
    rules = options(f"exposed_kong_payment={amount}", "base=3")
    lines = kong_payments(MeldKind.KONG, E, ALL, rules, discarder=W)
    assert net(lines) == {E: 3 * paid, S: 0, W: -3 * paid, N: 0}
    assert lines[0].reason == "exposed_kong"


@pytest.mark.parametrize(
    ("postponed_pays", "drawn_now", "each"),
    [(True, True, 1), (True, False, 1), (False, True, 1), (False, False, 0)],
)
def test_rules_sichuan_6_1_added_kong_one_base_each_and_the_postponed_kong(
    postponed_pays, drawn_now, each
):
    """§6.1: 補槓 1 base from each; a fourth tile already in hand pays only with the option."""
    rules = options(f"postponed_kong_pays={postponed_pays}")
    lines = kong_payments(MeldKind.ADDED_KONG, S, ALL, rules, drawn_now=drawn_now)
    assert net(lines) == {E: -each, S: 3 * each, W: -each, N: -each}


def test_rules_sichuan_6_1_kong_money_is_outside_the_cap():
    rules = options("fan_cap=0", "base=5")
    assert net(kong_payments(MeldKind.CONCEALED_KONG, E, ALL, rules))[E] == 30


def test_rules_sichuan_6_1_robbed_kong_refund_undoes_its_money():
    lines = kong_payments(MeldKind.ADDED_KONG, W, ALL, RULES)
    refund = robbed_kong_refund(lines)
    assert net([*lines, *refund]) == dict.fromkeys(range(4), 0)
    assert {line.reason for line in refund} == {"robbed_kong_refund"}


@pytest.mark.parametrize(
    ("kind", "kwargs", "words"),
    [
        (MeldKind.PUNG, {}, "not a kong"),
        (MeldKind.KONG, {}, "needs the seat"),
        (MeldKind.KONG, {"discarder": E}, "another player"),
        (MeldKind.CONCEALED_KONG, {"discarder": W}, "takes no discard"),
        (MeldKind.KONG, {"discarder": 9}, "not a seat"),
    ],
)
def test_kong_payments_refuse_garbage(kind, kwargs, words):
    with pytest.raises(InvalidHandError, match=words):
        kong_payments(kind, E, ALL, RULES, **kwargs)


def test_a_konger_who_already_won_is_refused():
    with pytest.raises(InvalidHandError, match="already won"):
        kong_payments(MeldKind.CONCEALED_KONG, E, {S, W, N}, RULES)


# --- 槓上炮: call transfer or refund (§6.1) ----------


def _two_kongs() -> tuple[list[PaymentLine], list[PaymentLine]]:
    first = kong_payments(MeldKind.KONG, E, ALL, RULES, discarder=N)  # 2 from N
    second = kong_payments(MeldKind.CONCEALED_KONG, E, ALL, RULES)  # 2 from each
    return first, second


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        ("that_kong", {E: -6, S: 6, W: 0, N: 0}),
        ("all_kongs", {E: -8, S: 8, W: 0, N: 0}),
        ("cancel", {E: -6, S: 2, W: 2, N: 2}),
    ],
)
def test_rules_sichuan_6_1_call_transfer_options(mode, expected):
    first, second = _two_kongs()
    lines = kong_discard_payments(
        E, [S], second, options(f"call_transfer={mode}"), all_kongs=first + second
    )
    assert net(lines) == expected


@pytest.mark.parametrize(
    ("split", "expected"),
    [("first_winner", {E: -6, S: 6, W: 0, N: 0}), ("each_winner", {E: -12, S: 6, W: 0, N: 6})],
)
def test_rules_sichuan_6_1_call_transfer_with_two_winners(split, expected):
    _, second = _two_kongs()
    rules = options(f"call_transfer_split={split}")
    assert net(kong_discard_payments(E, [N, S], second, rules)) == expected


def test_call_transfer_refuses_garbage():
    _, second = _two_kongs()
    with pytest.raises(InvalidHandError, match="at least one"):
        kong_discard_payments(E, [], second, RULES)
    with pytest.raises(InvalidHandError, match="own discard"):
        kong_discard_payments(E, [E], second, RULES)
    with pytest.raises(InvalidHandError, match="not the konger"):
        kong_discard_payments(S, [W], second, RULES)


# --- the end of the wall (§6.2) ----------

# E has won. S is a flower pig (missing s, still holds 33s). W is ready: waits 1m (a root, 1 fan,
# worth 2), 4m and 2p (0 fan). N is not ready and collected 2 from each of E, S, W for a
# concealed kong.
N_KONG = kong_payments(MeldKind.CONCEALED_KONG, N, ALL, RULES)
TABLE = [
    WallEndPlayer(E, [0] * NUM_KINDS, won=True),
    WallEndPlayer(S, counts("123m456m789m11p33s"), missing_suit=2),
    WallEndPlayer(W, counts("111m23m456p789p22p"), missing_suit=2),
    WallEndPlayer(
        N,
        counts("124679m1389p"),
        (Meld.parse("concealed-kong:5555p"),),
        missing_suit=2,
        kong_income=tuple(N_KONG),
    ),
]


def settle(rules: SichuanRules = RULES, table: list[WallEndPlayer] = TABLE) -> list[PaymentLine]:
    return end_of_wall_settlement(table, rules)


def test_rules_sichuan_6_2_ready_hand_value_is_the_best_wait_without_situational_fan():
    ready = best_ready_hand(TABLE[2].concealed, (), 2, RULES)
    assert ready is not None
    assert ready.wait == 0 and ready.value == 2  # 1m: 111m 123m, a root
    assert ready.fan.ids == ["root"]
    assert best_ready_hand(TABLE[3].concealed, TABLE[3].melds, 2, RULES) is None
    assert best_ready_hand(TABLE[1].concealed, (), 2, RULES) is None  # a pig is not ready


def test_rules_sichuan_6_2_a_wait_on_a_tile_all_four_of_which_you_hold_is_no_wait():
    """§6.2 (Novikov's exhaustive wait): no fifth copy to win on."""
    assert best_ready_hand(counts("1111m234p456p789p"), (), 2, RULES) is None
    ready = best_ready_hand(counts("1111m234m456p789p"), (), 2, RULES)
    assert ready is not None and ready.wait == 3  # 4m: 111m 123m 44m, a root
    # Three 1p in a pung and one concealed: the single wait on 1p has no tile left.
    melded = (Meld.parse("pung:111p@W"),)
    assert best_ready_hand(counts("111m234m789p1p"), melded, 2, RULES) is None
    assert best_ready_hand(counts("111m234m789p1p"), (Meld.parse("pung:222p@W"),), 2, RULES)


def test_rules_sichuan_6_2_settlement_in_order_pig_ready_check_refund():
    """§6.2: 查花豬 → 查大叫 → 退稅, winners taking no part (but refunded)."""
    lines = settle()
    reasons = [line.reason for line in lines]
    assert reasons == sorted(reasons, key=["flower_pig", "ready_check", "tax_refund"].index)
    assert [(ln.payer, ln.payee, ln.amount, ln.reason) for ln in lines] == [
        (S, W, 16, "flower_pig"),
        (S, N, 16, "flower_pig"),
        (N, W, 2, "ready_check"),
        (N, E, 2, "tax_refund"),
        (N, S, 2, "tax_refund"),
        (N, W, 2, "tax_refund"),
    ]
    assert net(lines) == {E: 2, S: -30, W: 20, N: 8}


def test_rules_sichuan_6_2_flower_pig_cap_to_ready_only():
    lines = settle(options("flower_pig=cap_to_ready_only"))
    assert [(ln.payer, ln.payee) for ln in lines if ln.reason == "flower_pig"] == [(S, W)]


def test_rules_sichuan_6_2_flower_pig_fixed_penalty_to_the_pot():
    lines = settle(options("flower_pig=fixed_penalty_48_to_pot", "base=2"))
    pig = [ln for ln in lines if ln.reason == "flower_pig"]
    assert [(ln.payer, ln.payee, ln.amount) for ln in pig] == [(S, POT, 96)]
    assert sum(net(lines).values()) == -96  # the penalty leaves the table
    assert "the pot" in explain_lines(lines, "en") and "le pot" in explain_lines(lines, "fr")
    smaller = settle(options("flower_pig=fixed_penalty_48_to_pot", "flower_pig_penalty=10"))
    assert [ln.amount for ln in smaller if ln.reason == "flower_pig"] == [10]


def test_rules_sichuan_6_2_flower_pig_pays_the_cap_of_the_rules():
    lines = settle(options("fan_cap=3"))
    assert {ln.amount for ln in lines if ln.reason == "flower_pig"} == {8}


@pytest.mark.parametrize(
    ("mode", "bonus", "value"),
    [
        ("discard", "jiadi", 2),
        ("self_draw", "none", 2),
        ("self_draw", "jiadi", 3),
        ("self_draw", "jiafan", 4),
    ],
)
def test_rules_sichuan_6_2_ready_check_as_discard_or_self_draw(mode, bonus, value):
    rules = options(f"cha_da_jiao_as={mode}", f"self_draw_bonus={bonus}")
    check = [ln for ln in settle(rules) if ln.reason == "ready_check"]
    assert [(ln.payer, ln.payee, ln.amount) for ln in check] == [(N, W, value)]


def test_rules_sichuan_6_2_refund_to_players_who_won_option():
    kept = settle(options("refund_to_players_who_won=no"))
    assert [(ln.payer, ln.payee) for ln in kept if ln.reason == "tax_refund"] == [(N, S), (N, W)]


def test_rules_sichuan_6_2_a_ready_player_keeps_its_kong_money():
    table = list(TABLE)
    table[2] = table[2]._replace(
        kong_income=tuple(kong_payments(MeldKind.KONG, W, ALL, RULES, discarder=E))
    )
    assert not [ln for ln in settle(table=table) if ln.reason == "tax_refund" and ln.payer == W]


def test_rules_sichuan_6_2_a_flower_pig_also_refunds_its_kong_money():
    table = list(TABLE)
    table[1] = table[1]._replace(
        kong_income=tuple(kong_payments(MeldKind.KONG, S, ALL, RULES, discarder=W))
    )
    refunds = [ln for ln in settle(table=table) if ln.reason == "tax_refund" and ln.payer == S]
    assert [(ln.payee, ln.amount) for ln in refunds] == [(W, 2)]


def test_settlement_accepts_plain_tuples():
    plain = [tuple(player) for player in TABLE]
    assert end_of_wall_settlement(plain, RULES) == settle()


def test_rules_sichuan_6_2_is_flower_pig_reads_melds_and_the_three_suits_rule():
    assert is_flower_pig(counts("123m"), (Meld.parse("pung:111s@W"),), 2)
    assert not is_flower_pig(counts("123m456p"), (), 2)
    assert is_flower_pig(counts("1m1p1s"), (), None)
    assert not is_flower_pig(counts("1m1p"), (), None)


@pytest.mark.parametrize(
    ("player", "words"),
    [
        (WallEndPlayer(S, [0] * 10), "34 counts"),
        (WallEndPlayer(S, counts("123m456m789m11p3s")), "12 tiles"),
        (WallEndPlayer(S, counts("123m456m789m11p1z3s")), "honours"),
        (WallEndPlayer(S, counts("123m456m789m11p33s"), missing_suit=5), "missing suit"),
        (WallEndPlayer(9, counts("123m456m789m11p33s")), "not a seat"),
        (
            WallEndPlayer(S, counts("123m456m789m11p33s"), kong_income=(N_KONG[0],)),
            "kong income",
        ),
    ],
)
def test_settlement_refuses_garbage(player, words):
    with pytest.raises(InvalidHandError, match=words):
        end_of_wall_settlement([player], RULES)


def test_settlement_refuses_a_seat_twice():
    with pytest.raises(InvalidHandError, match="twice"):
        end_of_wall_settlement([TABLE[1], TABLE[1]], RULES)


# --- explanation and properties ----------


def test_every_reason_is_named_in_the_four_languages():
    for reason, names in REASONS.items():
        assert set(names) == {"zh", "en", "fr", "es"}, reason


@pytest.mark.parametrize(
    ("lang", "words"),
    [("zh", "查花豬"), ("en", "flower pig"), ("fr", "cochon"), ("es", "cerdo")],
)
def test_settlement_explained_with_each_line_and_its_reason(lang, words):
    text = explain_lines(settle(), lang)
    assert words in text
    assert len(text.splitlines()) == len(settle()) + 4  # every line, then every seat


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([MeldKind.CONCEALED_KONG, MeldKind.KONG, MeldKind.ADDED_KONG]),
    st.sets(st.integers(0, 3), min_size=2),
    st.integers(0, 3),
    st.integers(1, 5),
)
def test_property_kong_money_is_zero_sum_and_only_among_players_in_game(kind, in_game, k, base):
    konger = sorted(in_game)[k % len(in_game)]
    others = sorted(in_game - {konger})
    discarder = others[0] if kind is MeldKind.KONG else None
    lines = kong_payments(kind, konger, in_game, options(f"base={base}"), discarder=discarder)
    totals = net(lines)
    assert sum(totals.values()) == 0
    assert all(totals[seat] == 0 for seat in range(4) if seat not in in_game)
    assert totals[konger] > 0


@st.composite
def ready_hands(draw: st.DrawFn, missing: int) -> list[int]:
    """Four sets and a pair without the missing suit, less one tile: a ready hand."""
    kinds = [kind for kind in range(27) if kind // 9 != missing]
    starts = [kind for kind in kinds if kind % 9 < 7]
    hand = [0] * NUM_KINDS
    for _ in range(4):
        if draw(st.booleans()):
            first = draw(st.sampled_from(starts))
            for kind in (first, first + 1, first + 2):
                hand[kind] += 1
        else:
            hand[draw(st.sampled_from(kinds))] += 3
    hand[draw(st.sampled_from(kinds))] += 2
    assume(max(hand) <= 4)
    hand[draw(st.sampled_from([k for k in kinds if hand[k]]))] -= 1
    return hand


@st.composite
def wall_ends(draw: st.DrawFn) -> list[WallEndPlayer]:
    wall = [kind for kind in range(27) for _ in range(4)]
    ids = draw(st.permutations(range(len(wall))))
    won = draw(st.lists(st.booleans(), min_size=4, max_size=4).filter(lambda w: sum(w) <= 2))
    players = []
    for seat in range(4):
        hand = counts_of(wall[i] for i in ids[seat * 13 : seat * 13 + 13])
        missing = draw(st.integers(0, 2))
        # Most real hands have shed their missing suit by the wall end: usually drop it.
        if draw(st.booleans()):
            hand = [0 if kind // 9 == missing else n for kind, n in enumerate(hand)]
            short = 13 - sum(hand)
            for kind in range(27):
                while short and kind // 9 != missing and hand[kind] < 4:
                    hand[kind] += 1
                    short -= 1
        if draw(st.integers(0, 2)) == 0:
            hand = draw(ready_hands(missing))
        players.append(WallEndPlayer(seat, hand, (), missing, won[seat]))
    in_game = {p.seat for p in players if not p.won}
    incomes = {seat: [] for seat in range(4)}
    for seat in sorted(in_game):
        if draw(st.booleans()):
            for line in kong_payments(MeldKind.CONCEALED_KONG, seat, in_game | {seat}, RULES):
                incomes[seat].append(line)
    return [p._replace(kong_income=tuple(incomes[p.seat])) for p in players]


@settings(max_examples=60, deadline=None)
@given(wall_ends(), st.sampled_from(["cap_to_all_non_pig", "cap_to_ready_only"]))
def test_property_settlement_is_zero_sum_and_winners_only_get_refunds(players, pig_rule):
    lines = end_of_wall_settlement(players, options(f"flower_pig={pig_rule}"))
    totals = net(lines)
    assert sum(totals.values()) == 0
    pigs = {p.seat for p in players if not p.won and is_flower_pig(p.concealed, (), p.missing_suit)}
    ready = {
        p.seat
        for p in players
        if not p.won and best_ready_hand(p.concealed, (), p.missing_suit, RULES) is not None
    }
    for line in lines:
        assert line.payer not in ready and line.payer not in (p.seat for p in players if p.won)
        assert line.payee not in pigs or line.reason == "tax_refund"
        if line.reason != "tax_refund":
            assert line.payee not in (p.seat for p in players if p.won)


def _every_kind_ready_hand(
    concealed: list[int], melds: tuple[Meld, ...], missing: int | None, rules: SichuanRules
) -> tuple[int, int] | None:
    """The best (value, wait) found by scoring every kind that completes the hand: the slow
    reading of §6.2 that ``best_ready_hand`` answers without trying each kind of a hand not
    ready."""
    from mahjongkit.hand import Hand
    from mahjongkit.shapes import is_complete, sichuan
    from mahjongkit.tiles import Tile
    from mahjongkit.variants.sichuan.fan import NO_SITUATION, best_fan

    if is_flower_pig(concealed, melds, missing):
        return None
    held = list(concealed)
    for meld in melds:
        for kind in meld.kinds:
            held[kind] += 1
    best: tuple[int, int] | None = None
    for wait in range(27):
        trial = list(concealed)
        trial[wait] += 1
        if held[wait] >= 4 or is_flower_pig(trial, melds, missing):
            continue
        if not is_complete(trial, len(melds), sichuan(missing)):
            continue
        tiles = tuple(Tile(k) for k in range(NUM_KINDS) for _ in range(trial[k]))
        fan = best_fan(Hand(tiles, melds), wait, rules, NO_SITUATION, situational=False)
        if fan is not None and (best is None or rules.hand_value(fan.fan) > best[0]):
            best = (rules.hand_value(fan.fan), wait)
    return best


def _wall_end_hands(seed: int) -> list[tuple[list[int], tuple[Meld, ...], int | None]]:
    """Thirteen-tile hands of two suits: random ones (mostly not ready) and complete ones less a
    tile (ready), some with a pung laid down."""
    import random

    rng = random.Random(seed)
    hands: list[tuple[list[int], tuple[Meld, ...], int | None]] = []
    for _ in range(150):
        missing = rng.choice([0, 1, 2, None])
        suits = [s for s in range(3) if s != missing][:2]
        kinds = [k for k in range(27) if k // 9 in suits]
        hand = [0] * NUM_KINDS
        if rng.random() < 0.5:
            wall = [k for k in kinds for _ in range(4)]
            for kind in rng.sample(wall, 13):
                hand[kind] += 1
        else:  # four sets and a pair, one tile out
            for _ in range(4):
                start = rng.choice([k for k in kinds if k % 9 <= 6])
                for kind in [start] * 3 if rng.random() < 0.4 else [start, start + 1, start + 2]:
                    hand[kind] += 1
            hand[rng.choice(kinds)] += 2
            if max(hand) > 4:
                continue
            hand[rng.choice([k for k in kinds if hand[k]])] -= 1
        melds: tuple[Meld, ...] = ()
        pung = [k for k in kinds if hand[k] >= 3]
        if pung and rng.random() < 0.3:
            hand[pung[0]] -= 3
            digit, suit = str(pung[0] % 9 + 1), "mps"[pung[0] // 9]
            melds = (Meld.parse(f"pung:{digit * 3}{suit}@W"),)
        hands.append((hand, melds, missing))
    return hands


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rules_sichuan_6_2_ready_hand_found_is_the_one_every_kind_tried_finds(seed):
    """§6.2: the wait and value of the best ready hand, for ready and not-ready hands alike."""
    hands = _wall_end_hands(seed)
    ready = 0
    for concealed, melds, missing in hands:
        found = best_ready_hand(concealed, melds, missing, RULES)
        expected = _every_kind_ready_hand(concealed, melds, missing, RULES)
        assert (None if found is None else (found.value, found.wait)) == expected, (
            concealed,
            melds,
            missing,
        )
        ready += found is not None
    assert 20 <= ready <= len(hands) - 20  # both kinds of hand were met


def test_rules_sichuan_6_2_a_hand_not_ready_costs_one_shanten(monkeypatch):
    """§6.2's check asks each not-ready seat once, not once per kind it could draw."""
    import mahjongkit.variants.sichuan.payments as module

    calls: list[int] = []
    real = module.shanten

    def counted(*args: object) -> int:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(module, "shanten", counted)
    assert best_ready_hand(counts("1357m2468p159p13m"), (), 2, RULES) is None
    assert len(calls) == 1
    calls.clear()
    assert best_ready_hand(counts("1111m234m456p789p"), (), 2, RULES) is not None
    assert len(calls) > 1  # a ready hand still tries its waits
