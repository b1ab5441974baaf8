"""The candidate rows of a feature int (read through byte tables) are the rows whose needs
and forbids the features satisfy, with the replacements among them, as a row-by-row test says."""

from __future__ import annotations

import random

from mahjongkit.variants.riichi import RiichiRules
from mahjongkit.variants.riichi.compiled import Candidates, Compiled, _compile
from mahjongkit.variants.riichi.features import F_CONCEALED, FEATURES


def _row_by_row(compiled: Compiled, features: int) -> Candidates:
    """Every row tested against the features, every pair of rows for replacements."""
    concealed = bool(features & F_CONCEALED)
    mask = han = yakuman = 0
    tests = []
    for resolved in compiled.rows:
        row = resolved.row
        if row.needs & ~features or row.forbids & features:
            continue
        value = resolved.han_closed if concealed else resolved.han_open
        if not value and not resolved.yakuman:
            continue
        if row.test is None:
            mask |= resolved.bit
            han += value
            yakuman += resolved.yakuman
        else:
            tests.append((resolved.bit, value, resolved.yakuman, row.test))
    present = raw_mask = mask
    for bit, *_ in tests:
        present |= bit
    replacements = []
    for resolved in compiled.rows:
        for other in compiled.rows:
            if resolved.bit & present and resolved.replaces & other.bit & present:
                values = (other.han_closed if concealed else other.han_open, other.yakuman)
                pair = (resolved.bit, other.bit, *values)
                if resolved.bit & raw_mask and other.bit & raw_mask:
                    mask ^= other.bit
                    han -= pair[2]
                    yakuman -= pair[3]
                else:
                    replacements.append(pair)
    return Candidates(raw_mask, mask, han, yakuman, tuple(tests), tuple(replacements))


def test_candidates_equal_a_row_by_row_test() -> None:
    rng = random.Random(7)
    bits = list(FEATURES.values())
    for rules in (RiichiRules.tenhou(), RiichiRules.ema2016(), RiichiRules.ema2012()):
        compiled = _compile(rules)
        for _ in range(3_000):
            features = 0
            for bit in rng.sample(bits, rng.randint(0, 20)):
                features |= bit
            assert compiled.for_features(features) == _row_by_row(compiled, features)
        assert compiled.for_features(0) == _row_by_row(compiled, 0)
        every = sum(bits)
        assert compiled.for_features(every) == _row_by_row(compiled, every)
