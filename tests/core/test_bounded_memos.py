"""Every memo of the shapes and of the Riichi scorer stays under its bound, and a memo that
starts afresh gives the same answers."""

from __future__ import annotations

import dataclasses
import random

import pytest

from mahjongkit import shapes
from mahjongkit.hand import Hand
from mahjongkit.scoring import Win
from mahjongkit.tiles import Tile, counts_of
from mahjongkit.variants.riichi import RiichiRules, compiled, features, score


def _random_hands(count: int, size: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [kind for kind in range(34) for _ in range(4)]
    return [counts_of(rng.sample(wall, size)) for _ in range(count)]


def test_shape_memos_stay_under_their_limit_and_answer_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hands = _random_hands(600, 13, seed=3)
    before = [shapes.shanten(counts) for counts in hands]
    monkeypatch.setattr(shapes, "MEMO_LIMIT", 40)
    for table in (shapes._SUIT_IDS, shapes._HONOR_IDS):
        table.clear()
    monkeypatch.setattr(shapes, "_COMBINED", [-1] * len(shapes._COMBINED))
    sizes = []
    after = []
    for counts in hands:
        after.append(shapes.shanten(counts))
        sizes.append(max(len(shapes._SUIT_IDS), len(shapes._HONOR_IDS)))
    assert after == before
    assert max(sizes) <= 40
    # The combinations: a flat table of fixed size, one cell per pair of vector ids.
    assert len(shapes._COMBINED) == 256 * 256
    assert len(shapes._VECTORS) < 1_000  # interned vectors: a fixed domain, not the hands seen


def test_every_discard_memos_stay_under_their_limit_and_answer_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hands = _random_hands(200, 14, seed=5)
    before = [shapes.discard_ukeire(counts) for counts in hands]
    monkeypatch.setattr(shapes, "MEMO_LIMIT", 40)
    shapes._TABLES.clear()
    monkeypatch.setattr(shapes, "_COMBINED", [-1] * len(shapes._COMBINED))
    after = []
    for counts in hands:
        after.append(shapes.discard_ukeire(counts))
        assert len(shapes._TABLES) <= 40
        assert all(len(t.improving) <= shapes._TABLE_DRAWS_LIMIT for t in shapes._TABLES.values())
    assert after == before


def test_the_suffix_and_decomposition_memos_are_bounded() -> None:
    for counts in _random_hands(400, 14, seed=5):
        shapes.regular_shanten(counts)
        shapes.decompositions(counts)
    for memo in (shapes._suffix_vector, shapes._suit_decompositions):
        info = memo.cache_info()
        assert info.maxsize == shapes.SUFFIX_MEMO_SIZE
        assert info.currsize <= info.maxsize


_WINS = (
    ("234m456p678s44555z", "5z", True),
    ("123m456m789m11p999s", "1p", False),
    ("22m345p345p567s888s", "8s", True),
    ("11223344556677z", "7z", False),
    ("19m19p19s12345677z", "7z", True),
)


def _scores(rules: RiichiRules) -> list[tuple[object, ...]]:
    found = []
    for hand, tile, self_draw in _WINS:
        for seat in range(4):
            win = Win(Hand.parse(hand), Tile.parse(tile), self_draw=self_draw, seat=seat)
            result = score(win, rules)
            found.append((result.pattern_ids(), result.value, result.fu, result.points))
    return found


def test_riichi_memos_stay_under_their_limit_and_answer_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = RiichiRules.tenhou()
    before = _scores(rules)
    monkeypatch.setattr(compiled, "MEMO_LIMIT", 3)
    monkeypatch.setattr(features, "SUIT_TABLE_LIMIT", 3)
    table = compiled.compile_rules(rules)
    table.candidates.clear()
    for memo in features.SUIT_FACTS:
        memo.clear()
    assert _scores(rules) == before
    assert len(table.candidates) <= 3
    assert all(len(memo) <= 4 for memo in features.SUIT_FACTS)  # emptied when past the limit


def test_compiled_rules_are_kept_for_a_bounded_number_of_rule_sets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(compiled, "RULES_MEMO_LIMIT", 4)
    base = RiichiRules.tenhou()
    for honba_minimum in range(10):
        rules = dataclasses.replace(base, two_han_minimum_counters=5 + honba_minimum)
        compiled.compile_rules(rules)
        assert len(compiled._COMPILED) <= 4


def test_the_feature_tables_equal_their_definitions() -> None:
    """The import-time tables are built by parts; each entry is what its function gives."""
    assert all(
        features.COUNT_FEATURES[counts] == features._count_features(counts)
        for counts in range(features.PACK_COUNTS + 1)
    )
    for (seat, prevalent), table in features.HONOUR_FEATURES.items():
        assert len(table) == 128
        assert all(
            table[pungs] == features._honour_features(pungs, 27 + seat, 27 + prevalent)
            for pungs in range(128)
        )
    assert len(features.HONOUR_FEATURES) == 16
