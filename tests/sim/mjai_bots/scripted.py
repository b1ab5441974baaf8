"""A small external mjai bot for the hosting tests (standard library only, no mahjongkit).

    scripted.py SEAT [--pids DIR] [--garbage N,...] [--illegal N,...] [--sleep N,...]
                [--sleep-for SECONDS] [--exit-at N] [--exit-code C] [--hang-at N]
                [--ignore-term]

It plays tsumogiri: on its own draw (or after its own ``reach``) it discards the tile it drew,
and answers everything else ``{"type":"none"}``. Lines are counted from 1 (its ``start_game``
is line 1). At the lines listed it misbehaves: ``--garbage`` answers text that is not JSON,
``--illegal`` discards a tile it does not hold, ``--sleep`` answers only after ``--sleep-for``
seconds, ``--exit-at`` exits with ``--exit-code`` instead of answering, ``--hang-at`` stops
answering for good. ``--pids DIR`` writes its process id to DIR/SEAT-PID; ``--ignore-term``
ignores SIGTERM (so that only SIGKILL ends it).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time


def _numbers(text: str) -> set[int]:
    return {int(part) for part in text.split(",") if part}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("seat", type=int)
    parser.add_argument("--pids")
    parser.add_argument("--garbage", type=_numbers, default=set())
    parser.add_argument("--illegal", type=_numbers, default=set())
    parser.add_argument("--sleep", type=_numbers, default=set())
    parser.add_argument("--sleep-for", type=float, default=1.0)
    parser.add_argument("--exit-at", type=int, default=0)
    parser.add_argument("--exit-code", type=int, default=3)
    parser.add_argument("--hang-at", type=int, default=0)
    parser.add_argument("--ignore-term", action="store_true")
    args = parser.parse_args()
    if args.ignore_term:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if args.pids:
        with open(os.path.join(args.pids, f"{args.seat}-{os.getpid()}"), "w") as note:
            note.write(str(os.getpid()))
    seat = args.seat
    drawn = None
    number = 0
    for line in sys.stdin:
        number += 1
        events = json.loads(line)
        answer: dict[str, object] = {"type": "none"}
        for event in events:
            if event.get("type") == "tsumo" and event.get("actor") == seat:
                drawn = event["pai"]
        last = events[-1]
        if last.get("actor") == seat and last.get("type") in ("tsumo", "reach"):
            answer = {"type": "dahai", "actor": seat, "pai": drawn, "tsumogiri": True}
        if number == args.exit_at:
            return args.exit_code
        if number == args.hang_at:
            while True:
                time.sleep(60)
        if number in args.sleep:
            time.sleep(args.sleep_for)
        if number in args.garbage:
            print("this is not json {", flush=True)
            continue
        if number in args.illegal:
            answer = {"type": "dahai", "actor": seat, "pai": "0x", "tsumogiri": False}
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
