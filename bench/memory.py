"""Memory of long self-play: peak RSS after 100 and after 10,000 rounds, beside riichienv.

    .venv/bin/python bench/memory.py [--rounds 100,10000] [--variants riichi,hongkong,sichuan]

Each engine plays single rounds with random legal players (as ``bench/selfplay.py`` does) in a
fresh process of its own, and reports its peak resident set size (``ru_maxrss``) when each
count of rounds is reached. Every round is a new game, so what grows between the two figures is
what the library keeps across games: its caches and tables. The figures should stay flat: the
last within 1.25x of the first.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys

from selfplay import default_rules, play_round  # the same rounds as bench/selfplay.py


def _peak_mib() -> float:
    # Linux reports ru_maxrss in KiB.
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def ours(variant: str, checkpoints: list[int]) -> list[float]:
    """Peak RSS (MiB) of mahjongkit after each checkpoint's number of rounds."""
    rules = default_rules(variant)
    peaks = []
    played = 0
    for checkpoint in checkpoints:
        while played < checkpoint:
            play_round(variant, rules, played)
            played += 1
        peaks.append(_peak_mib())
    return peaks


def theirs(checkpoints: list[int]) -> list[float]:
    """Peak RSS (MiB) of riichienv after each checkpoint's number of rounds."""
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    agent = RandomAgent()
    peaks = []
    played = 0
    for checkpoint in checkpoints:
        while played < checkpoint:
            env = RiichiEnv(seed=played)
            observations = env.reset()
            while not env.done():
                observations = env.step(
                    {player: agent.act(obs) for player, obs in observations.items()}
                )
            played += 1
        peaks.append(_peak_mib())
    return peaks


def _child(engine: str, checkpoints: list[int]) -> list[float] | None:
    """Run one engine in a fresh interpreter; None when it cannot be imported there."""
    done = subprocess.run(
        [sys.executable, __file__, "--child", engine, "--rounds", ",".join(map(str, checkpoints))],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        if "ModuleNotFoundError" in done.stderr:
            return None
        raise RuntimeError(f"{engine}: {done.stderr.strip()[-2000:]}")
    peaks: list[float] = json.loads(done.stdout)
    return peaks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", default="100,10000", help="checkpoints, in rounds")
    parser.add_argument("--variants", default="riichi,hongkong,sichuan")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    checkpoints = sorted(int(n) for n in args.rounds.split(","))
    if args.child:
        if args.child == "riichienv":
            print(json.dumps(theirs(checkpoints)))
        else:
            print(json.dumps(ours(args.child, checkpoints)))
        return
    header = "".join(f"{f'{n:,} rounds':>16}" for n in checkpoints)
    print(f"{'peak RSS (MiB)':28}{header}{'last/first':>12}")
    engines = [*args.variants.split(","), "riichienv"]
    for engine in engines:
        peaks = _child(engine, checkpoints)
        label = "riichienv riichi" if engine == "riichienv" else f"mahjongkit {engine}"
        if peaks is None:
            print(f"{label:28}(not installed)")
            continue
        cells = "".join(f"{peak:16.1f}" for peak in peaks)
        print(f"{label:28}{cells}{peaks[-1] / peaks[0]:11.2f}x")


if __name__ == "__main__":
    main()
