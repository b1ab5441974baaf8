"""The shared pattern-table mechanism: the table check and the evaluator."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from mahjongkit.scoring.patterns import (
    BoolOption,
    FanRow,
    IntOption,
    TableError,
    activate,
    best_reading,
    check_table,
    evaluate,
    with_names,
)
from mahjongkit.variants.hongkong import FAN_TABLE
from mahjongkit.variants.hongkong.rules import HongKongRules

NAMES = {"en": {"big": "Big", "small": "Small", "pung": "Pung", "plain": "Plain", "side": "Side"}}


def table(*rows: FanRow[str]) -> tuple[FanRow[str], ...]:
    return with_names(rows, NAMES)


def contains(letter: str):
    return lambda reading: letter in reading


BIG = FanRow(id="big", rule="T-1", fan=5, replaces=("small", "pung"), test=contains("b"))
SMALL = FanRow(id="small", rule="T-2", fan=3, replaces=("pung",), test=contains("s"))
PUNG = FanRow(id="pung", rule="T-3", fan=1, test=lambda reading: reading.count("p"))
PLAIN = FanRow(id="plain", rule="T-4", alone=True, test=lambda reading: True)
SIDE = FanRow(id="side", rule="T-5", fan=1, side=True, test=contains("x"))


def test_replaces_drops_what_a_row_includes_whatever_the_order_of_the_rows():
    for rows in ((BIG, SMALL, PUNG), (PUNG, SMALL, BIG), (SMALL, PUNG, BIG)):
        found = evaluate(activate(table(*rows), None), "bspp", limit_value=13)
        assert [(hit.id, hit.value) for hit in found.hits] == [("big", 5)]
        assert sorted(found.replaced) == [("pung", "big"), ("small", "big")]
        assert found.total == 5


def test_a_row_counts_as_many_times_as_its_predicate_says():
    found = evaluate(activate(table(PUNG), None), "ppp", limit_value=13)
    assert [(hit.id, hit.value, hit.count) for hit in found.hits] == [("pung", 3, 3)]


def test_an_alone_row_counts_only_beside_side_rows():
    rows = activate(table(PUNG, PLAIN, SIDE), None)
    assert [hit.id for hit in evaluate(rows, "x", 13).hits] == ["plain", "side"]
    assert [hit.id for hit in evaluate(rows, "px", 13).hits] == ["pung", "side"]


def test_the_limit_row_reported_is_the_one_with_the_smallest_rank():
    first = FanRow(id="big", rule="T-1", limit=True, limit_rank=2, test=contains("b"))
    second = FanRow(id="small", rule="T-2", limit=True, limit_rank=1, test=contains("s"))
    found = evaluate(activate(table(first, second, PUNG), None), "bsp", limit_value=13)
    assert [(hit.id, hit.value) for hit in found.hits] == [("small", 13)]
    assert found.replaced == (("big", "small"), ("pung", "small"))
    assert found.limit is not None and found.limit.row.id == "small"


def test_values_limits_and_switches_come_from_typed_option_handles():
    row = FanRow(
        id="big",
        rule="T-1",
        fan=IntOption("big_fan"),
        limit=BoolOption("big_limit"),
        limit_rank=1,
        enabled_by=BoolOption("big_on"),
        test=contains("b"),
    )
    rules = SimpleNamespace(big_fan=4, big_limit=False, big_on=True)
    assert evaluate(activate(table(row), rules), "b", 13).total == 4
    assert (
        evaluate(
            activate(table(row), SimpleNamespace(**{**vars(rules), "big_limit": True})), "b", 13
        ).total
        == 13
    )
    assert activate(table(row), SimpleNamespace(**{**vars(rules), "big_on": False})) == ()


def test_the_best_reading_is_the_first_the_key_ranks_highest():
    assert best_reading([(1, "a"), (3, "b"), (3, "c")], key=lambda r: r[0]) == (3, "b")
    assert best_reading([], key=lambda r: r) is None


@pytest.mark.parametrize(
    ("rows", "fragment"),
    [
        ((PUNG, PUNG), "appears twice"),
        ((SMALL,), "'pung', which is not in the table"),
        ((dataclasses.replace(BIG, replaces=("small",)), SMALL, PUNG), "must list pung too"),
        ((dataclasses.replace(PLAIN, replaces=("pung",)), PUNG), "counts only alone"),
        ((FanRow(id="big", rule="T", limit=True, test=bool),), "limit_rank"),
    ],
)
def test_check_table_names_the_row_that_breaks_a_rule(rows, fragment):
    with pytest.raises(TableError, match=fragment):
        check_table(table(*rows))


def test_check_table_refuses_an_unknown_option_and_a_missing_name():
    row = FanRow(id="big", rule="T-1", fan=IntOption("no_such_fan"), test=bool)
    with pytest.raises(TableError, match="no_such_fan"):
        check_table(table(row), HongKongRules)
    with pytest.raises(TableError, match="no name in 'fr'"):
        check_table(table(PUNG), languages=("en", "fr"))
    with pytest.raises(TableError, match="'ghost'"):
        check_table(table(PUNG), names={"en": {"pung": "Pung", "ghost": "Ghost"}})


def test_the_hong_kong_table_passes_the_check_and_would_fail_with_a_chain_cut():
    check_table(FAN_TABLE, HongKongRules)
    broken = [
        dataclasses.replace(row, replaces=("small_three_dragons",))
        if row.id == "big_three_dragons"
        else row
        for row in FAN_TABLE
    ]
    with pytest.raises(TableError, match="big_three_dragons replaces small_three_dragons"):
        check_table(broken, HongKongRules)
