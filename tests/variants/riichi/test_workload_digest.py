"""The scoring workload's answers, pinned: a change to the Riichi scorer's speed (its compiled
one-call path, its memo keys, the answer's layout) must leave every answer as it was.

The digest covers the first hands of ``../shared/bench/score_hands.jsonl.gz`` (what
``bench/score.py`` times): each answer's JSON, its worded explanation in English and Japanese,
and :func:`hand_value`. It was taken on the scorer before the one-call path returned the
answer's state (``bench/score_digest.py --limit 2000`` prints the same digest); the whole
workload's digest is compared by ``bench/score_digest.py`` run on two checkouts.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import pickle
from types import ModuleType

import pytest

from mahjongkit.variants.riichi import compiled, hand_value, score
from tests.helpers.paths import BENCH, REPO

HANDS = 2000
DIGEST = "78e896a8f29e2c002ecef665e36a11fdaefe6affb65523fb7f180e8a3075214e"


def _bench() -> ModuleType:
    """``bench/score.py`` (its workload loader and its conversion to a Win)."""
    spec = importlib.util.spec_from_file_location("score_bench", REPO / "bench" / "score.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not (BENCH / "score_hands.jsonl.gz").exists(), reason="no shared workload")
def test_the_workload_hands_score_as_they_always_did() -> None:
    bench = _bench()
    records, _ = bench.load(HANDS)
    digest = hashlib.sha256()
    for record in records:
        win = bench.to_win(record)
        result = score(win, bench.RULES)
        numbers = (result.valid, result.value, result.fu, result.points, result.limit)
        shown = json.dumps(result.to_json(), sort_keys=True, ensure_ascii=False)
        words = result.explain() + result.explain("ja")
        again = pickle.loads(pickle.dumps(result))
        assert again == result and again.to_json() == result.to_json()
        line = json.dumps(
            [numbers, shown, words, repr(hand_value(win, bench.RULES))], ensure_ascii=False
        )
        digest.update(line.encode())
    assert digest.hexdigest() == DIGEST


@pytest.mark.parametrize("north", [0, 1])
def test_pattern_keys_of_different_readings_differ(north: int) -> None:
    """The pattern lines' memo key is one int while every count fits a byte, a tuple past it:
    two readings differing in any field never share a key (they would share pattern lines)."""
    seen: dict[object, tuple[int, int, int, int, bool]] = {}
    for mask in (0, 1, 1 << 40, (1 << 40) | 6):
        for dora in (0, 1, 255, 256):
            for ura in (0, 3, 255, 256):
                for red in (0, 2, 255, 256):
                    for concealed in (False, True):
                        values = (mask, dora, ura, red, concealed)
                        key = compiled.pattern_key(mask, dora, ura, red, concealed, north)
                        assert seen.setdefault(key, values) == values, key
    assert isinstance(compiled.pattern_key(5, 1, 0, 0, True, north), int)
    assert isinstance(compiled.pattern_key(5, 256, 0, 0, True, north), tuple)


def test_payment_keys_of_different_payments_differ() -> None:
    """The settlement's memo key: one int within the counts' bounds, a tuple past them; two
    wins paid differently never share a key, and a truthy self-draw flag is a self-draw."""
    seen: dict[object, tuple[int, int, bool, int | None, int, int]] = {}
    for basic in (0, 320, 2000, 8000, 16000):
        for seat in range(4):
            for self_draw in (False, True):
                for from_seat in (None, 0, 1, 2, 3):
                    for honba in (0, 1, 100_000, 1 << 17):
                        for deposits in (0, 2, 100_000, 1 << 17):
                            key = compiled.payment_key(
                                basic, seat, self_draw, from_seat, honba, deposits
                            )
                            paid_as = (
                                basic, seat, self_draw, None if self_draw else from_seat, honba,
                                deposits,
                            )  # fmt: skip
                            assert seen.setdefault(key, paid_as) == paid_as, key
    truthy = compiled.payment_key(2000, 1, 2, None, 0, 0)  # type: ignore[arg-type]
    assert truthy == compiled.payment_key(2000, 1, True, 3, 0, 0)
    assert isinstance(truthy, int)
    assert isinstance(compiled.payment_key(2000, 1, True, None, 1 << 17, 0), tuple)
