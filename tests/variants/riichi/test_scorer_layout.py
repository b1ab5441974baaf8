"""The Riichi scorer's modules: old import paths, the search's positional tuples, typed errors."""

from __future__ import annotations

import dataclasses

import pytest

from mahjongkit.errors import InvalidHandError
from mahjongkit.hand import Hand
from mahjongkit.scoring import Win
from mahjongkit.tiles import Tile
from mahjongkit.variants.riichi import (
    RiichiRules,
    answer,
    compiled,
    context,
    features,
    payments_for,
    score,
    scorer,
    search,
)

NAMES_BEFORE_THE_SPLIT = (
    "CHOW_FEATURES_MEMO", "COUNT_FEATURES", "Candidate", "Candidates", "Compiled", "F_AFTER_KONG",
    "F_CONCEALED", "F_DEALER", "F_DISCARD", "F_DOUBLE_RIICHI", "F_FIRST_TURN", "F_FOUR_KONGS",
    "F_IPPATSU", "F_LAST_TILE", "F_NON_DEALER", "F_NO_MELDS", "F_OPEN", "F_ORPHANS", "F_REGULAR",
    "F_RIICHI", "F_ROBBING_KONG", "F_SELF_DRAW", "F_SEVEN_PAIRS", "F_THREE_CHOWS", "F_THREE_KONGS",
    "F_THREE_PUNGS", "FuItem", "HIDDEN_FEATURES", "HONOUR_FEATURES", "Hand", "HandValue",
    "KANCHAN", "Meld", "MeldFact", "MeldKind", "Names", "ORPHANS", "ORPHANS_WAIT", "PACKED_BITS",
    "PACK_CHOWS", "PACK_COUNTS", "PACK_FU", "PACK_HIDDEN", "PACK_INSIDE", "PACK_PAIR",
    "PACK_PEIKOU", "PACK_PUNGS", "PENCHAN", "PUNG_FEATURES_MEMO", "Part", "PatternHit",
    "PaymentLine", "Predicate", "REGULAR", "RYANMEN", "RiichiRules", "RiichiScore", "SEVEN_PAIRS",
    "SEVEN_PAIRS_FU", "SEVEN_PAIRS_WAIT", "SHANPON", "SPECIAL_MORE_CUTS", "SPECIAL_ORPHANS",
    "SPECIAL_PAIRS", "SPECIAL_PAIR_BITS", "SUIT_FACTS", "SUIT_OF_KIND", "Score", "Settlement",
    "Situation", "TABLE", "TANKI", "TERMINALS_AND_HONORS", "TILE_FEATURES", "Tile", "Tried",
    "VARIANT_NAME", "WAIT_FEATURES", "WAIT_NAMES", "Win", "WinContext", "Yaku", "_BONUS_ROWS",
    "_CHOW_TEXT", "_COMPILED", "_DORA_OF", "_DORA_OF_THREE_PLAYERS", "_EXPLAIN", "_EXPLAINED",
    "_FIELD_NAMES", "_HALF_PUNG_FU", "_HONOUR_FACTS", "_MAN_FACTS", "_MELD_FACTS", "_MELD_TEXT",
    "_MEMO_LIMIT", "_NORTH", "_NO_FU", "_ONE_PAIR_SUIT", "_ORPHANS_READING", "_ORPHANS_WAITS",
    "_ORPHAN_KINDS", "_PAIR_KIND", "_PAIR_TEXT", "_PIN_FACTS", "_PUNG_FU", "_PUNG_TEXT",
    "_RawReading", "_Reading", "_Resolved", "_SEAT_TABLES", "_SEVEN_PAIRS_READING",
    "_SEVEN_PAIRS_WAITS", "_SOU_FACTS", "_STORED", "_UNSET", "_WAIT_FU", "_bits", "_bonus_hit",
    "_build", "_check", "_check_nukidora", "_check_situation", "_closest_split", "_compile",
    "_context", "_describe", "_error", "_extra", "_fu_breakdown", "_hand_text", "_last",
    "_liable_basic", "_meld_fact", "_meld_text", "_named", "_new_score", "_new_tuple", "_no_win",
    "_parts", "_patterns", "_replaced", "_search", "_seat_tables", "_set_patterns", "_set_reading",
    "_set_settlement", "_set_win", "_settle", "_situations", "_stored", "_with_nukidora",
    "_yakuman_rows", "basic_points", "breakdown", "chow_features", "compile_rules", "dora_after",
    "format_kinds", "hand_value", "has_yaku", "limit_names", "pair_features_table",
    "pair_fu_table", "payments_for", "pung_features", "remember_set_features", "score", "set_fu",
    "seven_pairs_breakdown", "shanten", "suit_facts", "suit_info", "tile_flags", "total_points",
    "wait_values", "waits",
)
"""Every name ``scorer`` held when it was one module (the standard library's left out)."""


def test_every_name_of_the_single_module_scorer_is_still_importable_from_it() -> None:
    missing = [name for name in NAMES_BEFORE_THE_SPLIT if not hasattr(scorer, name)]
    assert missing == []


def test_scorer_reexports_the_parts_objects_not_copies() -> None:
    assert scorer.RiichiScore is answer.RiichiScore
    assert scorer.compile_rules is compiled.compile_rules
    assert scorer._search is search.best_reading
    assert scorer._COMPILED is compiled._COMPILED
    assert scorer.WinContext is features.WinContext


def test_context_keeps_every_public_name_of_features() -> None:
    public = [name for name in vars(features) if not name.startswith("_")]
    assert [name for name in public if getattr(context, name) is not getattr(features, name)] == []
    assert context.F_RIICHI == features.F_RIICHI != 0


def test_the_search_unpacks_the_search_tables_fields_in_their_order() -> None:
    code = search.best_reading.__code__
    arguments = code.co_argcount
    unpacked = code.co_varnames[arguments : arguments + len(compiled.SearchTables._fields)]
    assert unpacked == compiled.SearchTables._fields


def test_hot_tuple_is_the_search_tables_as_a_plain_tuple() -> None:
    table = compiled.compile_rules(RiichiRules.tenhou())
    assert type(table.hot) is tuple
    assert table.tables is not None
    assert table.hot == tuple(table.tables)
    assert table.tables.red_fives is True
    assert table.tables.candidates_table is table.candidates


def test_reading_indices_name_the_fields_the_search_puts_there() -> None:
    hand = Hand.parse("234m456p678s44555z")
    win = Win(hand, Tile.parse("5z"), self_draw=True, seat=1, dora_indicators=(Tile.parse("3z"),))
    raw = search.best_reading(win, compiled.compile_rules(RiichiRules.ema2012()), None)
    assert raw is not None
    reading = search.named(raw, hand)
    for name in ("mask", "basic", "yakuman", "han", "fu", "limit", "parts"):
        index = getattr(search, "R_" + name.upper())
        assert reading._fields[index] == name
    assert (raw[search.R_HAN], raw[search.R_FU], raw[search.R_BASIC]) == (4, 30, 1920)
    assert raw[: search.R_PATTERN_KEY_END] == reading[:5]
    assert reading._fields[search.R_PATTERN_KEY_END - 1] == "concealed"
    assert score(win, RiichiRules.ema2012()).points == 7900


def test_payments_for_a_discard_win_without_a_discarder_is_a_typed_error() -> None:
    with pytest.raises(InvalidHandError, match="from_seat is None for winner 2") as caught:
        payments_for(960, 2, False, None, RiichiRules.ema2012())
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("winner", "from_seat", "message"),
    [
        (4, 1, "winner seat 4 does not exist with 4 players"),
        (-1, 1, "winner seat -1 does not exist"),
        (1, 1, "discarder seat 1 cannot pay winner 1"),
        (1, 4, "discarder seat 4 cannot pay winner 1"),
    ],
)
def test_payments_for_seats_that_cannot_pay_are_typed_errors(
    winner: int, from_seat: int, message: str
) -> None:
    with pytest.raises(InvalidHandError, match=message):
        payments_for(960, winner, False, from_seat, RiichiRules.ema2012())


def test_payments_for_three_players_has_no_fourth_seat() -> None:
    three = dataclasses.replace(RiichiRules.tenhou(), players=3, uma=(15000, 0, -15000))
    with pytest.raises(InvalidHandError, match=r"discarder seat 3 .* among 0\.\.2"):
        payments_for(960, 1, False, 3, three)
    assert payments_for(960, 1, False, 2, three).deltas == {2: -3900, 1: 3900}
