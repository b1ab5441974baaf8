"""Conformance: every real Tenhou win of agari.jsonl, rescored (issue 3, item 7).

Each record carries the hand, how it was won, the indicators and Tenhou's own answer (yaku with
their han, yakuman, fu, points, and the score change of every seat). We rescore it under
``RiichiRules.tenhou()`` (red fives per the record's lobby) and require the same yaku set with the
same han, the same fu, the same points, and the same payment per seat, for every standard
four-player record. Records kept out of the assertion are listed in ``EXCLUDED`` with the reason.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from mahjongkit.scoring import Score, Win
from mahjongkit.variants.riichi import BY_ID, score
from tests.helpers.riichi_records import EXCLUDED_REASONS, exclusion, records, to_win


def tenhou_ids(result: Score, win: Win) -> Counter[int]:
    """Our patterns as Tenhou yaku ids with their han (yakuman: the id with value 0)."""
    found: Counter[int] = Counter()
    for hit in result.patterns:
        row = BY_ID[hit.id]
        assert row.tenhou_id is not None, hit.id
        tenhou_id = row.tenhou_id
        if hit.id == "seat_wind":
            tenhou_id += win.seat
        elif hit.id == "round_wind":
            tenhou_id += win.round_wind
        found[tenhou_id] += 0 if hit.unit == "yakuman" else hit.value
    return found


def expected_ids(record: dict[str, Any]) -> Counter[int]:
    found: Counter[int] = Counter()
    for yaku in record["yaku"]:
        if yaku["han"]:
            found[yaku["id"]] += yaku["han"]
    for yakuman in record["yakuman"]:
        found[yakuman["id"]] += 0
    return found


def mismatches(record: dict[str, Any]) -> list[str]:
    """What differs between our answer and Tenhou's (empty: full agreement)."""
    win, rules = to_win(record)
    result = score(win, rules)
    if not result.valid:
        assert result.error is not None
        return [f"not a win: {result.error.code}: {result.error.message}"]
    problems = []
    ours, theirs = tenhou_ids(result, win), expected_ids(record)
    if ours != theirs:
        problems.append(f"yaku {dict(ours)} != {dict(theirs)}")
    if record["han"] is not None and result.value != record["han"]:
        problems.append(f"han {result.value} != {record['han']}")
    if result.fu != record["fu"]:
        problems.append(f"fu {result.fu} != {record['fu']}")
    if result.points != record["points"]:
        problems.append(f"points {result.points} != {record['points']}")
    players = record["rules"]["players"]
    deltas = [0] * len(record["score_deltas_100"])
    for seat, delta in result.payments.items():
        deltas[(seat + record["dealer"]) % players] = delta // 100
    if deltas != record["score_deltas_100"]:
        problems.append(f"payments {deltas} != {record['score_deltas_100']}")
    return problems


def test_every_standard_four_player_record_agrees_with_tenhou() -> None:
    """Issue 3 item 7: 100% agreement on yaku set, han, fu, points (and payments per seat)."""
    checked = 0
    failures = []
    for record in records():
        if exclusion(record) is not None:
            continue
        checked += 1
        problems = mismatches(record)
        if problems:
            failures.append(f"{record['id']}: {record['concealed']} {problems}")
    assert checked > 6000
    assert not failures, f"{len(failures)} of {checked} disagree:\n" + "\n".join(failures[:20])


def test_three_player_records_agree_with_tenhou() -> None:
    """Three-player Tenhou wins agree too: 1m-9m only (a 1m indicator shows 9m), the self-draw
    share of the missing seat lost, and North tiles set aside counted as dora (kita)."""
    three_player = [record for record in records() if exclusion(record) == "three_player"]
    assert len(three_player) == 5
    assert sum(1 for record in three_player for meld in record["melds"] if meld["type"] == "nuki")
    failures = {record["id"]: mismatches(record) for record in three_player}
    assert not {record: problems for record, problems in failures.items() if problems}


def test_exclusions_are_few_and_named() -> None:
    """Only the listed kinds of record are kept out, and they stay a small minority."""
    kinds = Counter(exclusion(record) for record in records())
    assert set(kinds) <= {None, *EXCLUDED_REASONS}
    assert kinds["three_player"] == 5
    assert kinds["nonstandard"] == 18


def test_special_lobby_records_agree_except_kiriage() -> None:
    """The 18 special-lobby records agree too, with kiriage mangan where their lobby uses it."""
    for record in records():
        if exclusion(record) != "nonstandard":
            continue
        plain = mismatches(record)
        if plain:
            win, rules = to_win(record)
            kiriage = score(win, dataclasses.replace(rules, kiriage_mangan=True))
            assert kiriage.points == record["points"], (record["id"], plain)


def test_tenhou_lists_riichi_on_no_yakuman_hand() -> None:
    """README trap: Tenhou lists no riichi yaku on a yakuman hand; neither do we."""
    yakuman_records = [r for r in records() if r["yakuman"] and exclusion(r) is None]
    assert yakuman_records
    for record in yakuman_records:
        win, rules = to_win(record)
        result = score(win, rules)
        assert "riichi" not in result.pattern_ids()
        assert all(hit.unit == "yakuman" for hit in result.patterns)


def test_r48_liability_records_split_as_tenhou_does() -> None:
    """R-48 on real records: self-draw, the liable seat pays all (counters too); on a discard,
    the liable seat and the discarder pay half each, counters with the liable seat."""
    pao = [r for r in records() if r["pao_who"] is not None and exclusion(r) is None]
    assert len(pao) == 4
    for record in pao:
        assert mismatches(record) == [], record["id"]
