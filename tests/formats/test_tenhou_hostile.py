"""Hostile input to the Tenhou readers (issue 11, item 9).

Whatever a file holds, reading it gives a record or a NotationError naming what was wrong and
where: never an IndexError, OverflowError, RecursionError, StopIteration or TypeError. One test
per case met in practice, then mutations of the real records for each reader.
"""

from __future__ import annotations

import copy
import gzip
import json
import re
import xml.etree.ElementTree as ElementTree
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.errors import MahjongError, NotationError
from mahjongkit.formats.tenhou import (
    MjlogGame,
    RoundScript,
    game_to_tenhou6,
    read_mjlog,
    read_tenhou6,
    round_to_tenhou6,
)
from mahjongkit.formats.tenhou.replay import check_record
from tests.helpers.paths import DATA

MJLOG_DIR = DATA / "riichi" / "mjlog"
EXAMPLE = MJLOG_DIR / "dnovikoff_example.xml"
RECORDS = sorted(p for p in MJLOG_DIR.iterdir() if p.suffix in (".xml", ".mjlog"))


@cache
def xml_text(path: Path) -> str:
    data = path.read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode("utf-8")


@cache
def tenhou6_text() -> str:
    return json.dumps(game_to_tenhou6(read_mjlog(EXAMPLE)), ensure_ascii=False)


def tenhou6_data() -> dict[str, object]:
    data: dict[str, object] = json.loads(tenhou6_text())
    return data


def with_first(text: str, pattern: str, replacement: str) -> str:
    changed, count = re.subn(pattern, replacement, text, count=1)
    assert count == 1, pattern
    return changed


def use_everything(record: MjlogGame) -> None:
    """What a caller does with a record: follow each round, write it back, name its rounds."""
    for game_round in record.rounds:
        assert game_round.name
        RoundScript.from_round(game_round)
        if game_round.players == 4:
            round_to_tenhou6(game_round)


# --- mjlog: one test per case -------------------------------------------------------------------


@pytest.mark.parametrize("index", [16, 17, 255, -1])
def test_an_init_seed_round_index_outside_0_15_is_refused(index: int) -> None:
    text = with_first(xml_text(EXAMPLE), r'seed="\d+,', f'seed="{index},')
    with pytest.raises(NotationError, match=rf"<INIT .*'seed' round index {index} .*0\.\.15"):
        read_mjlog(text)


@pytest.mark.parametrize("value", ["inf", "nan", "1e400", "-inf"])
def test_owari_holding_inf_nan_or_1e400_is_refused(value: str) -> None:
    text = with_first(xml_text(EXAMPLE), r'owari="[\d.-]+,', f'owari="{value},')
    with pytest.raises(NotationError, match=rf"<AGARI .*'owari' must be finite .*{value}"):
        read_mjlog(text)


def test_a_number_of_thousands_of_digits_is_refused_without_being_printed() -> None:
    text = with_first(xml_text(EXAMPLE), r'ten="\d+,', f'ten="{"9" * 5000},')
    with pytest.raises(NotationError, match=r"'ten' must be an integer, not '9999.*\.\.\.$"):
        read_mjlog(text)


@pytest.mark.parametrize(
    ("pattern", "replacement", "words"),
    [
        (r'ba="\d+,', 'ba="5000,', "'ba' counters 5000 is outside 0..999"),
        (r'sc="\d+,', 'sc="9000000,', "score 900000000 is outside"),
        (r'ten="40,', 'ten="4000,', "'ten' fu 4000 is outside 0..200"),
        (r'yaku="1,1,', 'yaku="1,1000,', "'yaku' han 1000 is outside 0..99"),
        (r'<T(\d+)/>', r"<T1360/>", "tile id 1360 is outside 0..135"),
    ],
)
def test_scores_counts_and_ids_are_bounded(pattern: str, replacement: str, words: str) -> None:
    with pytest.raises(NotationError, match=re.escape(words)):
        read_mjlog(with_first(xml_text(EXAMPLE), pattern, replacement))


@pytest.mark.parametrize("reader", [read_mjlog, read_tenhou6])
def test_a_path_holding_nul_is_named(reader: object, tmp_path: Path) -> None:
    with pytest.raises(NotationError, match="holds a NUL"):
        reader(str(tmp_path / "game\0.xml"))  # type: ignore[operator]
    with pytest.raises(NotationError, match="holds a NUL"):
        reader(tmp_path / "game\0.json")  # type: ignore[operator]


@pytest.mark.parametrize("source", [5, 2.5, None, ["<mjloggm/>"], object()])
def test_readers_given_other_types_name_the_type(source: object) -> None:
    kind = type(source).__name__
    with pytest.raises(NotationError, match=f"an mjlog source is .*not {kind}"):
        read_mjlog(source)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=f"a tenhou.net/6 source is .*not {kind}"):
        read_tenhou6(source)  # type: ignore[arg-type]


# --- tenhou.net/6: one test per case ------------------------------------------------------------


@pytest.mark.parametrize("depth", [5_000, 100_000])
def test_tenhou6_json_nested_deeply_is_refused(depth: int) -> None:
    text = tenhou6_text().replace('"log": [', '"log": [' + "[" * depth + "]" * depth + ",", 1)
    with pytest.raises(NotationError, match="nested too deeply"):
        read_tenhou6(text)


@pytest.mark.parametrize("constant", ["Infinity", "-Infinity", "NaN"])
def test_tenhou6_infinity_and_nan_are_refused(constant: str) -> None:
    data = tenhou6_data()
    data["sc"] = [25000, 5.0, 25000, 5.0, 25000, -5.0, 25000, -5.0]
    text = json.dumps(data, ensure_ascii=False).replace("5.0", constant, 1)
    with pytest.raises(NotationError, match=f"holds {constant}"):
        read_tenhou6(text)


@pytest.mark.parametrize("value", [float("inf"), float("nan"), 10**400, 1e300])
def test_tenhou6_final_scores_must_be_finite_and_bounded(value: float) -> None:
    data = tenhou6_data()
    data["sc"] = [value, 5.0, 25000, 5.0, 25000, -5.0, 25000, -5.0]
    with pytest.raises(NotationError, match=r"'sc' lists .*finite numbers of at most 10000000"):
        read_tenhou6(data)


@pytest.mark.parametrize(
    ("where", "value", "words"),
    [
        ((0, 0, 0), 16, "round index 16 is outside 0..15"),
        ((0, 0, 0), 10**5000, "round index a number of more than 12 digits is outside 0..15"),
        ((0, 0, 1), 1000, "counters 1000 is outside 0..999"),
        ((0, 1, 2), 10**30, "score a number of more than 12 digits is beyond 10000000"),
        ((0, 1, 2), -10**7 - 1, "score -10000001 is beyond 10000000"),
        ((0, 6, 0), 2.0, "seat 0 gives 2.0"),
        ((0, 6, 0), True, "seat 0 gives True"),
        ((0, 6, 0), 10**4000, "seat 0 gives a number of more than 12 digits"),
        ((0, 4, 0), 10**4000, "a number of more than 12 digits is not a tenhou.net/6 tile"),
    ],
    ids=["round", "huge-round", "counters", "score", "low-score", "float", "bool", "huge-give",
         "huge-tile"],
)
def test_tenhou6_huge_and_mistyped_numbers_are_refused(
    where: tuple[int, int, int], value: object, words: str
) -> None:
    data = tenhou6_data()
    log = data["log"]
    assert isinstance(log, list)
    number, item, position = where
    log[number][item][position] = value
    with pytest.raises(NotationError, match=re.escape(words)):
        read_tenhou6(data)


def test_tenhou6_nine_terminals_with_no_draw_is_refused() -> None:
    data = tenhou6_data()
    log = data["log"]
    assert isinstance(log, list)
    entry = log[0]
    for seat in range(4):
        entry[5 + 3 * seat] = []
        entry[6 + 3 * seat] = []
    entry[16] = ["九種九牌"]
    with pytest.raises(NotationError, match=r"log\[0\]: nine terminals .* no seat drew"):
        read_tenhou6(data)


# --- mutations of the real records --------------------------------------------------------------

NUMBERS = st.one_of(
    st.integers(-3, 140).map(str),
    st.sampled_from(["", "16", "65536", "1e400", "inf", "nan", "-1", "9" * 30, "x", "1,,2"]),
)


@st.composite
def mutated_mjlog(draw: st.DrawFn) -> str:
    """A real record with a few elements dropped, duplicated, moved or given other numbers."""
    root = ElementTree.fromstring(xml_text(draw(st.sampled_from(RECORDS))))
    for _ in range(draw(st.integers(1, 4))):
        children = list(root)
        element = children[draw(st.integers(0, len(children) - 1))]
        change = draw(st.sampled_from(["drop", "copy", "move", "attribute", "number", "tile"]))
        if change == "drop":
            root.remove(element)
        elif change == "copy":
            root.insert(children.index(element), copy.deepcopy(element))
        elif change == "move":
            root.remove(element)
            root.insert(draw(st.integers(0, len(children) - 1)), element)
        elif change == "tile" and element.tag[1:].isdigit():
            element.tag = draw(st.sampled_from("DEFGTUVW")) + str(draw(st.integers(0, 140)))
        elif element.attrib:
            name = draw(st.sampled_from(sorted(element.attrib)))
            parts = element.attrib[name].split(",")
            if change == "attribute":
                del element.attrib[name]
            else:
                parts[draw(st.integers(0, len(parts) - 1))] = draw(NUMBERS)
                element.set(name, ",".join(parts))
    text = ElementTree.tostring(root, encoding="unicode")
    return text[: draw(st.integers(len(text) // 2, len(text)))] if draw(st.booleans()) else text


@settings(max_examples=200, deadline=None)
@given(mutated_mjlog())
def test_mutated_mjlog_records_read_or_give_a_typed_error(text: str) -> None:
    try:
        record = read_mjlog(text)
    except NotationError as error:
        assert str(error)
        return
    try:
        use_everything(record)
    except NotationError as error:
        assert str(error)


@settings(max_examples=30, deadline=None)
@given(mutated_mjlog())
def test_mutated_mjlog_records_replay_or_report(text: str) -> None:
    try:
        record = read_mjlog(text)
    except NotationError:
        return
    report = check_record(record)
    assert report.skipped is not None or len(report.rounds) == len(record.rounds)


JSON_VALUES = st.one_of(
    st.integers(-5, 60),
    st.sampled_from([10**30, 2.5, True, None, "", "r60", "p111111", "和了", "九種九牌", [], {}]),
    st.lists(st.integers(0, 60), max_size=4),
)


@st.composite
def mutated_tenhou6(draw: st.DrawFn) -> dict[str, object]:
    """The tenhou.net/6 JSON of a real game with a few items replaced, dropped or repeated."""
    data = tenhou6_data()
    for _ in range(draw(st.integers(1, 3))):
        node: object = data["log"]
        # Walk down a few levels of the log to the list to change.
        while isinstance(node, list) and node and draw(st.integers(0, 3)):
            child = node[draw(st.integers(0, len(node) - 1))]
            if not isinstance(child, list) or not child:
                break
            node = child
        if not isinstance(node, list) or not node:
            continue
        index = draw(st.integers(0, len(node) - 1))
        change = draw(st.sampled_from(["replace", "drop", "repeat"]))
        if change == "replace":
            node[index] = draw(JSON_VALUES)
        elif change == "drop":
            del node[index]
        else:
            node.insert(index, copy.deepcopy(node[index]))
    return data


@settings(max_examples=200, deadline=None)
@given(mutated_tenhou6(), st.booleans())
def test_mutated_tenhou6_games_read_or_give_a_typed_error(
    data: dict[str, object], as_text: bool
) -> None:
    source: str | dict[str, object] = json.dumps(data, ensure_ascii=False) if as_text else data
    try:
        record = read_tenhou6(source)
    except NotationError as error:
        assert str(error)
        return
    try:
        use_everything(record)
        game_to_tenhou6(record)
    except MahjongError as error:
        assert str(error)
