"""Invariants of every answer, on seeded random complete hands under every preset.

- the payments sum to the deposits collected (points only move between seats otherwise);
- the winner's gain is the points plus counters and deposits;
- the fu breakdown adds up to the fu (rounded up), seven pairs excepted (25);
- ``hand_value`` (the fast path) agrees with ``score`` on validity, han, fu and points;
- the explanation renders in every language and the JSON has the public fields.
"""

from __future__ import annotations

import random

from mahjongkit.variants.riichi import LANGUAGES, RiichiRules, hand_value, score
from mahjongkit.variants.riichi.fu import round_fu
from tests.helpers.riichi_cases import ours, random_case

PRESETS = (RiichiRules.ema2012(), RiichiRules.ema2016(), RiichiRules.tenhou())


def test_answers_are_consistent_on_random_hands() -> None:
    rng = random.Random(7)
    checked = wins = 0
    while checked < 3000:
        case = random_case(rng)
        if case is None:
            continue
        case.honba = rng.choice((0, 1, 5))
        win, _ = ours(case)
        for rules in PRESETS:
            result = score(win, rules)
            value = hand_value(win, rules)
            checked += 1
            assert (value is not None) == result.valid, (result.error, win)
            if value is None:
                continue
            wins += 1
            assert (value.han, value.fu, value.points) == (result.value, result.fu, result.points)
            deposits = win.deposits * rules.riichi_deposit
            assert sum(result.payments.values()) == deposits
            counters = sum(line.amount for line in result.lines if line.reason == "counters")
            assert result.payments[win.seat] == result.points + counters + deposits
            if result.fu_breakdown:
                total = sum(item.fu for item in result.fu_breakdown)
                assert round_fu(total) == result.fu, result.fu_breakdown
            if checked % 10 == 0:
                for lang in LANGUAGES:
                    assert result.explain(lang)
                data = result.to_json("fr")
                assert {"valid", "error", "patterns", "han", "fu", "limit", "points"} <= set(data)
    assert wins > 1500


def test_a_riichi_score_reads_copies_pickles_and_compares_like_any_score() -> None:
    """The answer keeps its numbers in one tuple and builds its explanation when read: every
    field reads the same as on a Score built field by field, and survives replace, copy and
    pickle (payments included, whose read-only view cannot be pickled as such)."""
    import copy
    import dataclasses
    import pickle

    from mahjongkit.scoring import Score

    rng = random.Random(11)
    seen = 0
    while seen < 200:
        case = random_case(rng)
        if case is None:
            continue
        win, _ = ours(case)
        result = score(win, RiichiRules.tenhou())
        if not result.valid:
            continue
        seen += 1
        values = {f.name: getattr(result, f.name) for f in dataclasses.fields(Score)}
        plain = Score(**values)
        assert [getattr(plain, name) for name in values] == list(values.values())
        assert result.to_json() == plain.to_json()
        for twin in (
            dataclasses.replace(result),
            copy.copy(result),
            copy.deepcopy(result),
            pickle.loads(pickle.dumps(result)),
        ):
            assert twin == result
            assert twin.to_json() == result.to_json()
        changed = dataclasses.replace(result, points=result.points + 100)
        assert changed.points == result.points + 100 and changed.hand == result.hand
        assert changed != result


def test_a_kept_answer_leaves_the_garbage_collector_little_to_follow() -> None:
    """Callers keep answers by the thousand (a bench, a game log, a study). What a Riichi answer
    keeps of its reading (the sets, the wait, the counts, the gain) is ints, strings and None
    in one state object, beside two shared objects (the win, the compiled rules), so a kept
    answer is two objects for the collector (the answer and its state), with a few edges each.
    Holding a part object or a named tuple there would make every later collection walk it
    again: this checks the reading of every shape (sets, seven pairs, orphans, several
    decompositions). The pattern lines and payments are the memo's shared rows, read later."""
    import gc

    from mahjongkit.hand import Hand
    from mahjongkit.scoring import Win
    from mahjongkit.tiles import Tile
    from mahjongkit.variants.riichi.compiled import compile_rules
    from mahjongkit.variants.riichi.readings import WonReading

    hands = [
        ("234m456p678s44555z", "5z", 2000),  # sets: haku, menzen tsumo, 2 han 30 fu
        ("1122m3344p5566s77z", "7z", 3200),  # seven pairs, tsumo, 25 fu
        ("19m19p19s12345677z", "7z", 32000),  # thirteen orphans
        ("11123455678999m", "9m", 32000),  # nine gates: more than one decomposition
    ]
    rules = RiichiRules.tenhou()
    results = []
    for tiles, win_tile, points in hands:
        win = Win(Hand.parse(tiles), Tile.parse(win_tile), self_draw=True, seat=1)
        result = score(win, rules)
        assert result.valid, result.error
        assert result.points == points, tiles
        results.append(result)
    for result, (tiles, win_tile, _) in zip(results, hands, strict=True):
        state = result._state  # type: ignore[attr-defined]
        assert type(state) is WonReading
        reading = state.reading()
        assert all(not gc.is_tracked(item) for item in reading), reading
        assert not gc.is_tracked(state.points) and state.points == result.points
        assert state.compiled is compile_rules(rules)
        win = state.win
        assert str(win.hand) == tiles and str(win.win_tile) == win_tile
        # Rows read later are the memo's shared ones: a second answer reads the same objects.
        again = score(win, rules)
        assert again._state is not state and again._state.reading() == reading  # type: ignore[attr-defined]
        assert again.patterns is result.patterns and again.payments is result.payments
