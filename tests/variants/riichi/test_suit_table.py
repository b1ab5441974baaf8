"""The shipped suit table: it is what the code builds, and it gives what the code computes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mahjongkit.hand import Hand
from mahjongkit.scoring import Win
from mahjongkit.tiles import Tile
from mahjongkit.variants.riichi import RiichiRules, features, score, suit_table


@pytest.fixture
def computed(monkeypatch: pytest.MonkeyPatch) -> None:
    """suit_facts computes every suit (never reads the shipped table), from empty memos."""
    monkeypatch.setattr(suit_table, "SHIPPED_AFTER", 10**9)
    monkeypatch.setattr(suit_table, "_computed", 0)
    for table in (*features.SUIT_FACTS, *features.SUIT_INFOS, *features.SUIT_TABLES):
        table.clear()


def test_the_shipped_file_is_what_build_makes() -> None:
    """Regenerate with ``python -m mahjongkit.variants.riichi.suit_table`` when this fails."""
    assert Path(suit_table.PATH).read_bytes() == suit_table.build()


def test_the_table_holds_every_shape_that_can_be_cut() -> None:
    tables = suit_table._load()
    assert tables is not None
    numbered, honours = tables
    assert (len(numbered[0]), len(honours[0])) == (21_743, 498)
    assert list(numbered[0]) == sorted(numbered[0])  # binary search needs sorted keys


def test_shipped_facts_equal_the_computed_ones(computed: None) -> None:
    """What the table gives equals what :func:`features.suit_facts` computes from scratch."""
    tables = suit_table._load()
    assert tables is not None
    numbered_keys, honour_keys = tables[0][0], tables[1][0]
    rng = random.Random(12)
    sample = {suit: rng.sample(list(numbered_keys), 1_500) for suit in range(3)}
    sample[3] = list(honour_keys)
    checked = 0
    for suit, keys in sample.items():
        for key in keys:
            shipped = suit_table.shipped_facts(suit, key)
            assert shipped is not None
            assert shipped == features.suit_facts(suit, key), (suit, key)
            assert suit_table.suit_facts(suit, key) == shipped
            checked += 1
    assert checked == 3 * 1_500 + 498


def test_shapes_that_cannot_be_cut_are_not_shipped() -> None:
    one_tile = 1  # a single 1 of the suit
    seven_pairs_suit = sum(2 << (3 * n) for n in (0, 2, 4, 6, 8))  # 1133557799: ten tiles
    for suit in range(4):
        assert suit_table.shipped_facts(suit, one_tile) is None
    assert suit_table.shipped_facts(0, seven_pairs_suit) is None


def test_a_missing_or_foreign_file_falls_back_to_computing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    foreign = tmp_path / "suit_table.bin"
    foreign.write_bytes(b"not a table")
    monkeypatch.setattr(suit_table, "PATH", str(foreign))
    monkeypatch.setattr(suit_table, "_loaded", None)
    monkeypatch.setattr(suit_table, "_missing", False)
    assert suit_table.shipped_facts(0, 1 | 1 << 3 | 1 << 6) is None
    monkeypatch.setattr(suit_table, "_computed", suit_table.SHIPPED_AFTER)  # reads the table
    for table in features.SUIT_FACTS:
        table.clear()
    win = Win(Hand.parse("234m456p678s44555z"), Tile.parse("5z"), self_draw=True, seat=1)
    result = score(win, RiichiRules.tenhou())
    assert (result.pattern_ids(), result.value, result.fu, result.points) == (
        ["menzen_tsumo", "haku"],
        2,
        30,
        2000,
    )


def test_the_scorer_reads_the_table_after_a_few_computed_suits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(suit_table, "_computed", 0)
    for table in features.SUIT_FACTS:
        table.clear()
    keys = [suit_table._key((1, 1, 1, *([0] * 6))) << (3 * n) for n in range(7)]  # 123..789
    for key in keys[:3]:
        suit_table.suit_facts(0, key)
    assert suit_table._computed == 3
    monkeypatch.setattr(suit_table, "_computed", suit_table.SHIPPED_AFTER)
    for key in keys[3:]:
        assert suit_table.suit_facts(1, key) == suit_table.shipped_facts(1, key)
    assert suit_table._computed == suit_table.SHIPPED_AFTER
