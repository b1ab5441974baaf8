"""Every Sichuan example of ``shared/data/sichuan/examples.jsonl``: wins and settlement events."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, MeldKind, parse_seat
from mahjongkit.options import override
from mahjongkit.scoring import PaymentLine, Win
from mahjongkit.tiles import NUM_KINDS, Tile, counts_of, parse_kinds
from mahjongkit.variants.sichuan import SichuanRules, score
from mahjongkit.variants.sichuan.flow import discard_winners
from mahjongkit.variants.sichuan.payments import (
    WallEndPlayer,
    best_ready_hand,
    end_of_wall_settlement,
    kong_discard_payments,
    kong_payments,
    net,
    pay,
    win_payments,
)
from tests.helpers.paths import DATA

EXAMPLES_FILE = DATA / "sichuan" / "examples.jsonl"
EXAMPLES = [
    json.loads(line) for line in EXAMPLES_FILE.read_text(encoding="utf-8").splitlines() if line
]
WINS = [e for e in EXAMPLES if not e["how_won"].startswith("n/a")]
EVENTS = {e["id"]: e for e in EXAMPLES if e["how_won"].startswith("n/a")}
E, S, W, N = range(4)
ALL = frozenset(range(4))

_MELD_KINDS = {
    "pung": "pung",
    "exposed_kong": "kong",
    "added_kong": "added-kong",
    "concealed_kong": "concealed-kong",
}
_HOW = {
    "discard": {},
    "self_draw": {"self_draw": True},
    "kong_replacement": {"self_draw": True, "after_kong": True},
    "kong_discard": {"kong_discard": True},
    "last_tile_draw": {"self_draw": True, "last_tile": True},
    "last_discard": {"last_tile": True},
    "robbing_kong": {"robbing_kong": True},
}


def rules_of(example: dict[str, Any]) -> SichuanRules:
    rules = SichuanRules.blood_battle()
    return override(rules, [f"{k}={str(v).lower()}" for k, v in example["rules"].items()])


def win_of(example: dict[str, Any]) -> Win:
    melds = []
    for meld in example["melds"]:
        text = f"{_MELD_KINDS[meld['type']]}:{meld['tiles']}"
        if meld.get("from"):
            text += f"@{meld['from']}"
        melds.append(Meld.parse(text))
    hand = Hand.parse(example["concealed"] + example["winning_tile"], melds)
    how = dict(_HOW[example["how_won"]])
    discarder = example.get("discarder")
    return Win(
        hand=hand,
        win_tile=Tile.parse(example["winning_tile"]),
        seat=parse_seat(example["winner"]),
        from_seat=None if how.get("self_draw") else parse_seat(discarder),
        in_game=frozenset(parse_seat(s) for s in example["players_in_game"]),
        **how,  # type: ignore[arg-type]
    )


def by_letter(totals: dict[int, int]) -> dict[str, int]:
    return {"ESWN"[seat]: amount for seat, amount in totals.items()}


@pytest.mark.parametrize("example", WINS, ids=lambda e: e["id"])
def test_win_example_patterns_fan_value(example):
    """S-01 … S-15 on each worked win: patterns, raw and capped fan, hand value."""
    result = score(win_of(example), rules_of(example))
    assert result.valid, result.error
    expected = Counter()
    for pattern in example["patterns"]:
        expected[pattern["name"].split()[0]] += pattern["fan"]
    found = Counter({hit.names["zh"]: hit.value for hit in result.patterns})
    assert found == expected
    assert result.raw_value == example["raw_fan"]
    assert result.value == example["expected_total_fan"]
    assert result.extra["hand_value"] == example["hand_value"]


@pytest.mark.parametrize("example", [e for e in WINS if e["id"] != "sc20"], ids=lambda e: e["id"])
def test_rules_sichuan_6_win_example_payments(example):
    """§6: who pays the win (sc20 adds kong money, see below)."""
    result = score(win_of(example), rules_of(example))
    assert by_letter(dict(result.payments)) == example["payments"]


def _sc20_lines(rules: SichuanRules) -> list[PaymentLine]:
    example = next(e for e in WINS if e["id"] == "sc20")
    kong = kong_payments(MeldKind.CONCEALED_KONG, E, ALL, rules)
    result = score(win_of(example), rules)
    transfer = kong_discard_payments(E, [S], kong, rules)
    return [*kong, *result.lines, *transfer]


def test_rules_sichuan_6_1_sc20_kong_discard_with_call_transfer():
    """§6.1 呼叫轉移: E's concealed-kong income (6) goes to S, who won on E's next discard."""
    example = next(e for e in WINS if e["id"] == "sc20")
    lines = _sc20_lines(rules_of(example))
    assert by_letter(net(lines)) == example["payments"]
    # The win with the transfer alone: E -8, S +8 (notes of sc20).
    assert by_letter(net(lines[3:])) == {"E": -8, "S": 8, "W": 0, "N": 0}


def test_sc20_under_novikov_and_mil_the_kong_money_is_cancelled():
    """sc20 notes: under call_transfer=cancel the net is E -2, S +2, W 0, N 0."""
    example = next(e for e in WINS if e["id"] == "sc20")
    rules = override(rules_of(example), ["call_transfer=cancel"])
    assert by_letter(net(_sc20_lines(rules))) == {"E": -2, "S": 2, "W": 0, "N": 0}


def test_sc19_default_dian_gang_hua_is_a_self_draw():
    """sc19 with the default 點槓花 as self-draw: everyone still in the game pays 4."""
    example = next(e for e in WINS if e["id"] == "sc19")
    rules = override(rules_of(example), ["dian_gang_hua=as_self_draw"])
    result = score(win_of(example), rules)
    assert by_letter(dict(result.payments)) == {"E": -4, "S": 12, "W": -4, "N": -4}


# --- settlement events -------------------------------------------------------------------------


def _sc26(rules: SichuanRules) -> list[PaymentLine]:
    return kong_payments(MeldKind.CONCEALED_KONG, E, ALL, rules)


def _sc28(rules: SichuanRules) -> list[PaymentLine]:
    return kong_payments(MeldKind.ADDED_KONG, E, ALL, rules, drawn_now=True)


def _sc29(rules: SichuanRules) -> list[PaymentLine]:
    return kong_payments(MeldKind.KONG, E, ALL, rules, discarder=W)


def _counts(text: str) -> list[int]:
    return counts_of(parse_kinds(text))


def _sc31(rules: SichuanRules) -> list[PaymentLine]:
    # E won earlier; W's concealed kong of 5s was paid 2 each by E, S and N while all were in.
    w_income = kong_payments(MeldKind.CONCEALED_KONG, W, ALL, rules)
    players = [
        WallEndPlayer(E, [0] * NUM_KINDS, won=True),
        WallEndPlayer(S, _counts("1234679m135789p"), missing_suit=2),
        WallEndPlayer(
            W,
            _counts("124679m1389s"),
            (Meld.parse("concealed-kong:5555s"),),
            missing_suit=1,
            kong_income=tuple(w_income),
        ),
        WallEndPlayer(N, _counts("1234679s135789p"), missing_suit=0),
    ]
    for player in players[1:]:
        assert best_ready_hand(player.concealed, player.melds, player.missing_suit, rules) is None
    return end_of_wall_settlement(players, rules)


def _sc32(rules: SichuanRules) -> list[PaymentLine]:
    winners = discard_winners(E, {S, W}, rules)
    assert winners == [S, W]
    hands = {S: "123p456p789p34p11p", W: "123m456m789m11m55p"}
    lines: list[PaymentLine] = []
    for winner in winners:
        win = Win(Hand.parse(hands[winner] + "5p"), Tile.parse("5p"), seat=winner, from_seat=E)
        result = score(win, rules)
        assert result.valid
        lines.extend(result.lines)
    assert [line.amount for line in lines] == [4, 1]
    return lines


EVENT_CHECKS: dict[str, Callable[[SichuanRules], list[PaymentLine]]] = {
    "sc26": _sc26,
    "sc28": _sc28,
    "sc29": _sc29,
    "sc31": _sc31,
    "sc32": _sc32,
}


def test_every_event_example_has_a_check():
    assert set(EVENT_CHECKS) == set(EVENTS)


@pytest.mark.parametrize("example_id", sorted(EVENT_CHECKS))
def test_rules_sichuan_4_6_1_6_2_event_example_payments(example_id):
    """§6.1 wind and rain, §6.2 退稅, §4 一炮多響: the net payments of each event."""
    example = EVENTS[example_id]
    lines = EVENT_CHECKS[example_id](rules_of(example))
    assert by_letter(net(lines)) == example["payments"]


def test_sc31_refund_lines_are_tax_refunds():
    lines = _sc31(rules_of(EVENTS["sc31"]))
    assert {line.reason for line in lines} == {"tax_refund"}
    assert sorted((line.payer, line.payee, line.amount) for line in lines) == [
        (W, E, 2),
        (W, S, 2),
        (W, N, 2),
    ]


def test_sc31_without_refund_to_players_who_won_e_gets_nothing():
    rules = override(rules_of(EVENTS["sc31"]), ["refund_to_players_who_won=no"])
    assert by_letter(net(_sc31(rules))) == {"E": 0, "S": 2, "W": -4, "N": 2}


def test_win_payments_function_matches_the_scorer():
    """The engine may call win_payments directly: same lines as the scorer's."""
    example = next(e for e in WINS if e["id"] == "sc25")
    result = score(win_of(example), rules_of(example))
    lines = win_payments(S, 16, ALL, rules_of(example))
    assert lines == list(result.lines)
    assert lines[0] == pay(W, S, 16, "win_self_draw")
