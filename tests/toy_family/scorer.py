"""The toy family's scorer: a complete hand wins, and the win pays a fixed stake."""

from __future__ import annotations

from mahjongkit.scoring.patterns import activate, evaluate
from mahjongkit.scoring.result import PaymentLine, Score, Win
from mahjongkit.shapes import shanten
from tests.toy_family.flow import TOY_SHAPE
from tests.toy_family.patterns import TABLE
from tests.toy_family.rules import ToyRules

REASONS = {"stake": {"en": "Stake"}}
"""The names of the reasons of payment lines."""


def score(win: Win, rules: ToyRules) -> Score:
    """The toy family's result for one win."""
    hand = win.hand
    text = str(hand)
    if shanten(hand.counts, len(hand.melds), TOY_SHAPE) != -1:
        return Score.failure("toy", "not_complete", "the hand is not complete", text)
    found = evaluate(activate(TABLE, rules), win, limit_value=0, unit="fan")
    payers = [s for s in range(rules.players) if s != win.seat]
    if not win.self_draw:
        payers = [win.from_seat if win.from_seat is not None else (win.seat - 1) % 4]
    lines = tuple(
        PaymentLine(payer, win.seat, rules.stake, "stake", REASONS["stake"]) for payer in payers
    )
    payments = {seat: 0 for seat in range(rules.players)}
    for line in lines:
        payments[line.payer] -= line.amount
        payments[line.payee] += line.amount
    return Score(
        variant="toy",
        patterns=found.hits,
        value=found.total,
        raw_value=found.total,
        unit="fan",
        points=rules.stake * len(payers),
        payments=payments,
        lines=lines,
        hand=text,
    )


def points(win: Win, rules: ToyRules) -> int:
    """What the winner receives (0: no win), for the bots."""
    result = score(win, rules)
    return result.points if result.valid else 0
