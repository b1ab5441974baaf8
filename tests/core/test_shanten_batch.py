"""The batch shanten over a NumPy array gives the scalar function's numbers, row by row
(issue 35, item 3: shanten, a batch API over an array of 34-counts)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit import shanten_batch as batch_module
from mahjongkit.shapes import HONG_KONG, RIICHI, HandShape, shanten, sichuan
from mahjongkit.tiles import NUM_KINDS, counts_of, parse_kinds

np = pytest.importorskip("numpy")
shanten_batch = batch_module.shanten_batch

SHAPES = [RIICHI, HONG_KONG, sichuan(), sichuan(0), sichuan(2)]


def _counts(text: str) -> list[int]:
    return counts_of(parse_kinds(text))


@st.composite
def hands(draw: st.DrawFn, tiles: st.SearchStrategy[int]) -> list[int]:
    """Counts of ``tiles`` tiles drawn from the 136 (never a fifth copy)."""
    size = draw(tiles)
    picked = draw(st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True))
    counts = [0] * NUM_KINDS
    for tile in picked:
        counts[tile // 4] += 1
    return counts


@settings(max_examples=60, deadline=None)
@given(
    st.lists(hands(st.sampled_from([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])), min_size=1, max_size=40),
    st.integers(0, 4),
    st.sampled_from(SHAPES),
)
def test_every_row_is_the_scalar_shanten(rows: list[list[int]], melds: int, shape: HandShape):
    got = shanten_batch(np.array(rows, np.uint8), melds, shape)
    assert got.dtype == np.int8 and got.shape == (len(rows),)
    assert got.tolist() == [shanten(row, melds, shape) for row in rows]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(st.integers(0, 4), min_size=34, max_size=34), min_size=1, max_size=20))
def test_any_counts_even_beyond_the_table_are_the_scalar_shanten(rows: list[list[int]]):
    """Suits of more than 14 tiles are not in the shipped table: those rows go to the scalar
    function, the others stay table look-ups, and each row is in its place."""
    for shape in (RIICHI, sichuan(1)):
        got = shanten_batch(np.array(rows, np.int64), 0, shape).tolist()
        assert got == [shanten(row, 0, shape) for row in rows]


def test_known_hands_per_shape() -> None:
    rows = np.array(
        [
            _counts("123m456p789s1122z"),  # ready, waits 1z 2z
            _counts("19m19p19s1234567z"),  # thirteen orphans, ready for 13 sides
            _counts("1133557799m11p2s"),  # seven pairs ready; regular 3-shanten
            _counts("11223344556677m"),  # complete: seven pairs and regular
            _counts("1111223344556m"),  # Sichuan: four of a kind as two pairs
        ]
    )
    assert shanten_batch(rows).tolist() == [0, 0, 0, -1, 0]
    assert shanten_batch(rows, shape=HONG_KONG).tolist() == [0, 0, 3, -1, 0]
    # Sichuan has no thirteen orphans: the orphans count as a regular hand, six from ready.
    assert shanten_batch(rows, shape=sichuan()).tolist() == [0, 6, 0, -1, 0]


def test_melds_per_row() -> None:
    """Each row's melds set the sets it wants; with a meld, seven pairs no longer counts."""
    pairs = _counts("1133557799m11p2s")
    rows = np.array([pairs, pairs, _counts("123m11p"), _counts("123m11p")])
    # Seven pairs ready; with one meld, three sets and a pair from 13 tiles of pairs: three
    # draws (shanten 2).
    # 123m 11p is complete beside three melds, and a set short of complete beside two.
    assert shanten_batch(rows, np.array([0, 1, 2, 3])).tolist() == [0, 2, 2, -1]


def test_the_missing_suit_is_only_thrown_away() -> None:
    rows = np.array([_counts("1m1112345678999p")])
    # Without the 1m, the nine gates are ready; without the pins, one lone 1m is left.
    assert shanten_batch(rows, shape=sichuan(0)).tolist() == [0]
    assert shanten_batch(rows, shape=sichuan(1)).tolist() == [shanten(_counts("1m"), 0, RIICHI)]
    assert rows[0].tolist() == _counts("1m1112345678999p")  # the caller's array is left alone


def test_an_empty_batch() -> None:
    got = shanten_batch(np.zeros((0, 34), np.uint8))
    assert got.shape == (0,) and got.dtype == np.int8


def test_without_the_shipped_table_the_scalar_function_answers(monkeypatch) -> None:
    monkeypatch.setattr(batch_module, "batch_tables", lambda: None)
    monkeypatch.setattr(batch_module, "_loaded", [])
    rows = np.array([_counts("123m456p789s1122z"), _counts("1133557799m11p2s")])
    assert shanten_batch(rows).tolist() == [0, 0]


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        (np.zeros((3, 33), np.uint8), r"shape \(N, 34\), got \(3, 33\)"),
        (np.zeros(34, np.uint8), r"shape \(N, 34\), got \(34,\)"),
        (np.zeros((2, 34), np.float64), "integers .* got dtype float64"),
        (np.array([["1m"] * 34]), "integers .* got dtype <U2"),
        (np.full((2, 34), 5, np.int64), r"0-4 copies of a kind; row 0 holds \[5, 5"),
        (np.array([[0] * 34, [0] * 33 + [-1]]), r"row 1 holds \[0, .* -1\]"),
        ("123m", r"shape \(N, 34\), got \(\)"),
    ],
)
def test_garbage_counts_are_refused_by_name(counts, message) -> None:
    with pytest.raises(ValueError, match=message):
        shanten_batch(counts)


@pytest.mark.parametrize(
    ("melds", "message"),
    [
        (5, "melds must be 0-4, got 5"),
        (-1, "melds must be 0-4, got -1"),
        (True, "melds must be an int 0-4 or 2 of them"),
        (np.array([0, 1, 2]), r"2 of them, got int64 of shape \(3,\)"),
        (np.array([0.0, 1.0]), "2 of them, got float64"),
        (np.array([0, 7]), r"melds must be 0-4, got \[0, 7\]"),
        ("2", "melds must be an int 0-4 or 2 of them"),
    ],
)
def test_garbage_melds_are_refused_by_name(melds, message) -> None:
    with pytest.raises(ValueError, match=message):
        shanten_batch(np.zeros((2, 34), np.uint8), melds)


def test_a_shape_that_is_not_one_is_refused() -> None:
    with pytest.raises(ValueError, match="shape must be a HandShape, got str"):
        shanten_batch(np.zeros((1, 34), np.uint8), 0, "riichi")  # type: ignore[arg-type]


def test_the_core_does_not_import_numpy() -> None:
    code = "import sys, mahjongkit.shapes, mahjongkit.api; print('numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
