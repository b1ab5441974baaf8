"""The Riichi answers to the scoring workload, as one digest: what a change to the scorer's speed
must leave alone.

    .venv/bin/python bench/score_digest.py [--limit N] [--src PATH] [--write FILE]

Scores every hand of ``../shared/bench/score_hands.jsonl.gz`` (as ``bench/score.py`` builds
them) with :func:`score` and :func:`hand_value`, and hashes, hand by hand, the answer's JSON and
its worded explanation in English and Japanese, and the hand value. Run it on two checkouts
(``--src``, or ``PYTHONPATH``) and compare the digests; ``--write`` keeps every line, to find
the first hand that differs with ``diff``. Each answer is read twice, once before its
explanation is built and once after, and pickled, so a lazily built field that differs from its
eager value shows.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--src", type=Path, default=None, help="the mahjongkit sources to run")
    parser.add_argument("--write", type=Path, default=None, help="keep each hand's line here")
    args = parser.parse_args()
    if args.src is not None:
        sys.path.insert(0, str(args.src.resolve()))
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from mahjongkit.variants.riichi import hand_value, score
    from score import RULES, load, to_win

    records, _ = load(args.limit)
    digest = hashlib.sha256()
    lines = []
    for record in records:
        win = to_win(record)
        result = score(win, RULES)
        numbers = (result.valid, result.value, result.fu, result.points, result.limit)
        shown = json.dumps(result.to_json(), sort_keys=True, ensure_ascii=False)
        words = result.explain() + result.explain("ja")
        again = pickle.loads(pickle.dumps(result))
        copied = json.dumps(again.to_json(), sort_keys=True, ensure_ascii=False)
        if copied != shown or again != result:
            raise SystemExit(f"a pickled answer differs from its source: {record}")
        line = json.dumps([numbers, shown, words, repr(hand_value(win, RULES))], ensure_ascii=False)
        digest.update(line.encode())
        lines.append(line)
    if args.write is not None:
        args.write.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"hands: {len(records)}  digest: {digest.hexdigest()}")


if __name__ == "__main__":
    main()
