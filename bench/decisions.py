"""Decisions per second extracted from the shared Tenhou games by ``mahjongkit.rl.decisions``.

    .venv/bin/python bench/decisions.py [--data ../shared/data] [--repeat 1] [--json]

Every standard four-player record under ``riichi/mjlog`` (three-player and special-lobby records
are refused by ``decisions`` and counted apart) is read, each round played through the engine
with its passes, and every decision encoded (``v1`` planes and the action mask). The figure is
decisions/s over the whole run, with the decisions by kind beside it (passes included).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

from mahjongkit.rl import DecisionsError, decisions

_DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=_DEFAULT_DATA, help="the shared data folder")
    parser.add_argument("--repeat", type=int, default=1, help="passes over the files")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    folder = args.data / "riichi" / "mjlog"
    files = sorted(p for p in folder.iterdir() if p.suffix in (".xml", ".mjlog"))
    kinds: Counter[str] = Counter()
    refused = 0
    seconds = 0.0
    for _ in range(args.repeat):
        for path in files:
            start = time.perf_counter()
            try:
                for decision in decisions(path):
                    kinds[decision.engine_action.type] += 1
            except DecisionsError:
                refused += 1
            seconds += time.perf_counter() - start
    total = sum(kinds.values())
    figures = {
        "files": len(files) * args.repeat,
        "refused_files": refused,
        "decisions": total,
        "decisions_per_second": total / seconds if seconds else 0.0,
        "by_kind": dict(kinds.most_common()),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(
        f"decisions from {figures['files'] - refused} Tenhou games ({refused} refused: "
        f"three-player or special lobby): {total} in {seconds:.1f} s, "
        f"{figures['decisions_per_second']:.0f} decisions/s"
    )
    print("  by kind: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))


if __name__ == "__main__":
    main()
