"""scoring.quick_rows: a fan table's active rows kept as patterns.tally keeps them, by number."""

from __future__ import annotations

from mahjongkit.scoring.quick_rows import QuickRow, read_rows, tally_rows
from mahjongkit.variants.sichuan.fan import _rows
from mahjongkit.variants.sichuan.rules import SichuanRules


def rows() -> list[QuickRow]:
    """simple (alone), seven pairs 2, dragon seven pairs 3 (replaces seven pairs, absorbs one
    root), root 1, a side row 1, a limit row."""
    simple = QuickRow(1, 0, False, False, True)
    pairs = QuickRow(2, 2, False, False, False)
    dragon = QuickRow(3, 3, False, False, False)
    dragon.replaces = 1 << 1
    dragon.absorbs = [(3, 1)]
    root = QuickRow(4, 1, False, False, False)
    side = QuickRow(5, 1, False, True, False)
    limit = QuickRow(6, 0, True, True, False)
    return [simple, pairs, dragon, root, side, limit]


def test_a_replaced_row_and_absorbed_occurrences_are_not_paid_again():
    """S-09: dragon seven pairs replaces seven pairs and pays one root: two roots leave one."""
    assert tally_rows(rows(), [1, 1, 1, 2, 0, 0], False) == (False, 4, 4)
    assert tally_rows(rows(), [1, 1, 1, 1, 0, 0], False) == (False, 3, 3)


def test_the_alone_row_is_kept_only_beside_side_rows():
    """S-04: the simple hand (0 fan) stands when only side rows hit; side fan count toward a
    minimum only when asked."""
    assert tally_rows(rows(), [1, 0, 0, 0, 1, 0], False) == (False, 1, 0)
    assert tally_rows(rows(), [1, 0, 0, 0, 1, 0], True) == (False, 1, 1)
    assert tally_rows(rows(), [1, 1, 0, 0, 1, 0], False) == (False, 3, 2)


def test_a_limit_row_kept_says_so():
    assert tally_rows(rows(), [1, 1, 0, 0, 0, 1], False) == (True, 0, 0)


def test_rows_are_read_off_the_scorers_active_rows_or_refused_when_one_has_no_number():
    """The fan, replacements and absorbed roots come from the table; an unknown row: None."""
    active = _rows(SichuanRules(), True)
    codes = {item.row.id: index + 1 for index, item in enumerate(active)}
    read = read_rows(active, codes)
    assert read is not None
    by_id = {item.row.id: made for item, made in zip(active, read, strict=True)}
    ids = [item.row.id for item in active]
    assert by_id["dragon_seven_pairs"].replaces == 1 << ids.index("seven_pairs")
    assert by_id["dragon_seven_pairs"].absorbs == [(ids.index("root"), 1)]
    assert by_id["pure_suit"].value == 2 and by_id["simple"].alone
    del codes["root"]
    assert read_rows(active, codes) is None
