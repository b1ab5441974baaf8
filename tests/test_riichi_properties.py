"""Invariants of every answer, on seeded random complete hands under every preset.

- the payments sum to the deposits collected (points only move between seats otherwise);
- the winner's gain is the points plus counters and deposits;
- the fu breakdown adds up to the fu (rounded up), seven pairs excepted (25);
- ``hand_value`` (the fast path) agrees with ``score`` on validity, han, fu and points;
- the explanation renders in every language and the JSON has the public fields.
"""

from __future__ import annotations

import random

from mahjongkit.variants.riichi import LANGUAGES, RiichiRules, hand_value, score
from mahjongkit.variants.riichi.fu import round_fu
from tests.test_riichi_vs_mahjong import ours, random_case

PRESETS = (RiichiRules.ema2012(), RiichiRules.ema2016(), RiichiRules.tenhou())


def test_answers_are_consistent_on_random_hands() -> None:
    rng = random.Random(7)
    checked = wins = 0
    while checked < 3000:
        case = random_case(rng)
        if case is None:
            continue
        case.honba = rng.choice((0, 1, 5))
        win, _ = ours(case)
        for rules in PRESETS:
            result = score(win, rules)
            value = hand_value(win, rules)
            checked += 1
            assert (value is not None) == result.valid, (result.error, win)
            if value is None:
                continue
            wins += 1
            assert (value.han, value.fu, value.points) == (result.value, result.fu, result.points)
            deposits = win.deposits * rules.riichi_deposit
            assert sum(result.payments.values()) == deposits
            counters = sum(line.amount for line in result.lines if line.reason == "counters")
            assert result.payments[win.seat] == result.points + counters + deposits
            if result.fu_breakdown:
                total = sum(item.fu for item in result.fu_breakdown)
                assert round_fu(total) == result.fu, result.fu_breakdown
            if checked % 10 == 0:
                for lang in LANGUAGES:
                    assert result.explain(lang)
                data = result.to_json("fr")
                assert {"valid", "error", "patterns", "han", "fu", "limit", "points"} <= set(data)
    assert wins > 1500
