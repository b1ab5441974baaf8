"""The shipped suit vectors (``shape_table.bin``) are what the code works out (issue 12, item 4).

Rebuilding the whole table takes half a minute; the tests check a spread of it, every suit of a
few tiles, and what happens when the file is missing or not ours.
"""

from __future__ import annotations

from itertools import islice, product
from pathlib import Path

import pytest

from mahjongkit import shape_table, shapes
from mahjongkit.tiles import counts_of, parse_kinds


@pytest.fixture(scope="module")
def shipped() -> shapes.ShapeTable:
    loaded = shapes.read_shape_table()
    assert loaded is not None, "shape_table.bin is missing: python -m mahjongkit.shape_table"
    return loaded


def _suits():
    for reversed_counts in product(range(5), repeat=9):
        counts = reversed_counts[::-1]
        if sum(counts) <= shape_table.MAX_TILES:
            yield counts


def test_the_file_holds_every_suit_and_only_those(shipped) -> None:
    index = shipped.numbers
    assert shipped.suits == 126  # the distinct vectors of the 405,350 suits
    assert len(index) == 5**9
    assert sum(1 for entry in index if entry != shape_table.NONE) == 405_350


def test_a_spread_of_suits_has_the_vector_the_code_works_out(shipped) -> None:
    vectors, index = shipped.vectors, shipped.numbers
    checked = 0
    for number, counts in enumerate(_suits()):
        if number % 97 and sum(counts) > 4:
            continue
        assert vectors[index[shape_table.key_of(counts)]] == shapes.suit_vector(counts), counts
        checked += 1
    assert checked > 4000


def test_suits_of_more_than_fourteen_tiles_have_no_entry(shipped) -> None:
    index = shipped.numbers
    assert index[shape_table.key_of((4, 4, 4, 3, 0, 0, 0, 0, 0))] == shape_table.NONE


def test_every_pair_of_vectors_has_the_combination_the_code_works_out(shipped) -> None:
    """The vectors are closed under combining (the suits', the honours', and what combining
    them reaches), and each pair's shipped combination is the one worked out."""
    vectors, count = shipped.vectors, len(shipped.vectors)
    assert count == 180 and len(set(vectors)) == count
    assert set(shapes.honour_vectors()) <= set(vectors)
    for a, first in enumerate(vectors):
        for b, second in enumerate(vectors):
            number = shipped.pairs[a * count + b]
            assert vectors[number] == shapes.combined_vector(first, second), (first, second)


def test_reading_the_table_fills_every_combination(monkeypatch) -> None:
    """Once read, every pair of vectors is combined by a look-up in the flat table (a fixed
    size, whatever the memos' bound): no combination is worked out on the hot path."""
    hands = ["123456789m1122z", "1133557799m11p2s", "19m19p19s1234567z", "147m258p369s1234z"]
    worked_out = [shapes.discard_shanten(counts_of(parse_kinds(h))) for h in hands]
    monkeypatch.setattr(shapes, "MEMO_LIMIT", 1000)
    monkeypatch.setattr(shapes, "_COMBINED", [-1] * len(shapes._COMBINED))
    monkeypatch.setattr(shapes, "_shipped", None)
    assert shapes.read_shipped_table_now()
    ids = shapes._shipped[0]
    assert sum(1 for found in shapes._COMBINED if found >= 0) == 180 * 180
    assert len(shapes._COMBINED) == 256 * 256
    calls: list[tuple[int, int]] = []

    def combine(first: int, second: int, calls: list[tuple[int, int]] = calls) -> int:
        calls.append((first, second))
        return 0

    monkeypatch.setattr(shapes, "_combine", combine)
    shapes._TABLES.clear()  # every suit table made afresh, from the filled table
    monkeypatch.setattr(shapes, "_last_setup", None)
    assert [shapes.discard_shanten(counts_of(parse_kinds(h))) for h in hands] == worked_out
    assert calls == [] and len(ids) == 180


def test_the_flat_combinations_are_the_vectors_combined(shipped) -> None:
    """Each filled cell of the flat table (first << 8 | second) is the two vectors combined."""
    assert shapes.read_shipped_table_now()
    vectors, combined = shapes._VECTORS, shapes._COMBINED
    filled = [(cell, found) for cell, found in enumerate(combined) if found >= 0]
    assert len(filled) >= 180 * 180
    for cell, found in filled[::37]:
        first, second = cell >> 8, cell & 255
        assert vectors[found] == shapes.combined_vector(vectors[first], vectors[second])


def test_a_table_whose_numbers_point_past_its_vectors_is_refused(tmp_path) -> None:
    import zlib

    data = Path(shapes.SHAPE_TABLE_PATH).read_bytes()
    count = data[6]
    body = bytearray(zlib.decompress(data[7 + count * 10 :]))
    body[-1] = count  # a combination numbered past the last vector
    bad = tmp_path / "bad.bin"
    bad.write_bytes(data[: 7 + count * 10] + zlib.compress(bytes(body)))
    assert shapes.read_shape_table(str(bad)) is None
    old = tmp_path / "old.bin"
    old.write_bytes(data[:4] + bytes([1]) + data[5:])  # another format
    assert shapes.read_shape_table(str(old)) is None


def test_a_missing_or_foreign_file_is_refused(tmp_path) -> None:
    assert shapes.read_shape_table(str(tmp_path / "absent.bin")) is None
    foreign = tmp_path / "foreign.bin"
    foreign.write_bytes(b"SQLite format 3\x00" + bytes(100))
    assert shapes.read_shape_table(str(foreign)) is None
    cut = tmp_path / "cut.bin"
    cut.write_bytes(Path(shapes.SHAPE_TABLE_PATH).read_bytes()[:500])
    assert shapes.read_shape_table(str(cut)) is None


def test_shanten_read_from_the_table_equals_shanten_worked_out(monkeypatch) -> None:
    hands = [
        "123456789m1122z",
        "1133557799m11p2s",
        "19m19p19s1234567z",
        "2223334445556m",
        "1112345678999p",
        "147m258p369s1234z",
    ]
    worked_out = [shapes.shanten(counts_of(parse_kinds(h))) for h in hands]
    # Forget every suit and read them all from the table.
    monkeypatch.setattr(shapes, "_SUIT_IDS", {})
    monkeypatch.setattr(shapes, "_COMBINED", [-1] * len(shapes._COMBINED))
    monkeypatch.setattr(shapes, "_worked_out", shapes.SHIPPED_AFTER + 1)
    monkeypatch.setattr(shapes, "_shipped", None)
    assert (
        [shapes.shanten(counts_of(parse_kinds(h))) for h in hands]
        == worked_out
        == [
            0,
            0,
            0,
            0,
            0,
            6,
        ]
    )
    assert shapes._shipped not in (None, False)


def test_the_counting_order_is_the_keys_order() -> None:
    first = list(islice(_suits(), 3))
    assert [shape_table.key_of(c) for c in first] == [0, 1, 2]


def test_a_suit_tables_held_and_nearby_kinds_are_those_of_its_counts() -> None:
    """A suit table reads its held kinds, the kinds within two of one held and those with the
    terminals from tables by the kinds held: for every set of kinds a suit may hold (one or
    two copies, honours too), they are the ones its counts give."""
    for bits in range(512):
        for copies in (1, 2):
            key = bytes(copies if bits >> n & 1 else 0 for n in range(9))
            table = shapes._SuitTable(key, False)
            held = tuple(n for n in range(9) if key[n])
            near = tuple(n for n in range(9) if any(abs(n - h) <= 2 for h in held))
            assert table.held == held, key
            assert table.near == near, key
            assert table.near_orphans == tuple(sorted({*near, 0, 8})), key
            if bits < 128:
                honours = shapes._SuitTable(key[:7], True)
                assert honours.held == honours.near == tuple(n for n in range(7) if key[n])
                assert honours.near_orphans == tuple(range(7))
