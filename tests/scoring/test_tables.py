"""Every variant's pattern table passes the shared table checks.

The tables are not checked when imported (a one-shot command would pay for it), so this test is
what keeps them sound.
"""

from __future__ import annotations

import pytest

from mahjongkit.scoring.patterns import TableError, with_names
from mahjongkit.valueclass import replace
from mahjongkit.variants.hongkong import fan as hongkong_fan
from mahjongkit.variants.riichi import yaku as riichi_yaku
from mahjongkit.variants.sichuan import fan as sichuan_fan


@pytest.mark.parametrize(
    "table", [riichi_yaku, hongkong_fan, sichuan_fan], ids=lambda m: m.__name__
)
def test_every_variant_table_passes_the_checks(table):
    table.check()


def test_a_broken_riichi_table_is_caught(monkeypatch):
    """A row replacing one that itself replaces breaks the Riichi search: check() names it."""
    rows = list(riichi_yaku.TABLE)
    chained = next(row for row in rows if row.replaces)
    included = riichi_yaku.BY_ID[chained.replaces[0]]
    rows[rows.index(included)] = replace(included, replaces=(chained.id,))
    monkeypatch.setattr(riichi_yaku, "TABLE", tuple(rows))
    with pytest.raises(TableError):
        riichi_yaku.check()


def test_a_missing_name_is_caught(monkeypatch):
    """A Hong Kong row without its French name fails the check, naming the row."""
    first = hongkong_fan.FAN_TABLE[0]
    unnamed = with_names([first], {"en": {first.id: "x"}})[0]
    monkeypatch.setattr(hongkong_fan, "FAN_TABLE", (unnamed, *hongkong_fan.FAN_TABLE[1:]))
    with pytest.raises(TableError, match=first.id):
        hongkong_fan.check()
