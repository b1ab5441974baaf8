"""Riichi scoring throughput on the fixed workload, side by side with `mahjong` and riichienv.

    .venv/bin/python bench/score.py [--repeats 9] [--limit N]
    .venv/bin/python bench/score.py --fresh [--runs 3] [--limit N]

Both engines get the same 20,000 winning hands (``score_hands.jsonl.gz``), converted beforehand
to their own input objects (``Win`` for mahjongkit; tile ids, ``Meld`` and ``HandConfig`` for
``mahjong``'s ``HandCalculator``); only the scoring calls are timed, in this one process. Each
engine returns its full answer (yaku, han, fu, points; for mahjongkit also the payments and
the names). mahjongkit's ``score()`` sets the numbers (han, fu, limit, points) and builds its
rows (pattern lines, payments: memoised objects) and the explanation text (fu breakdown, hand
text, reading) on first read, as riichienv's ``WinResult`` keeps its yaku in Rust and makes the
Python list when ``yaku`` is read: the line "score() + every field read" reads every field of
each result too, which is what a caller printing the explanation pays. ``hand_value()`` is the
same search without the explanation (yaku ids, han, fu, points: what HandCalculator returns too).
mahjongkit's first pass also fills its per-suit tables (suit shapes and their facts, kept
across calls: a few thousand entries, not whole hands) and is shown separately; the figure
compared is the median of the repeats. No whole-hand result is cached across repeats.
Answers are checked against the reference figures of ``score_ref_mahjong.jsonl.gz``.
riichienv (the ``bench`` extra) is timed on the same hands through its Rust ``HandEvaluator``
(tiles, melds and conditions made beforehand; counters left out, as the reference leaves them
out of its points); it counts a four concealed pungs on a pair wait as a double yakuman, which
the reference does not, so a few of its answers disagree.

``--fresh`` measures first passes only: each engine scores the hands once in a process of its
own (a new interpreter per run, inputs converted and modules imported before the clock starts,
so the pass pays every table its engine builds on first use), the engines taking turns for
``--runs`` rounds; the figures are the medians, side by side.
"""

from __future__ import annotations

import argparse
import gc
import gzip
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring import Score, Win
from mahjongkit.tiles import Tile
from mahjongkit.variants.riichi import RiichiRules, hand_value, score

SHARED = Path(__file__).resolve().parents[2] / "shared" / "bench"
RULES = RiichiRules.tenhou()
_MELDS = {
    "chi": MeldKind.CHOW,
    "pon": MeldKind.PUNG,
    "minkan": MeldKind.KONG,
    "ankan": MeldKind.CONCEALED_KONG,
}


def load(limit: int | None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    with gzip.open(SHARED / "score_hands.jsonl.gz", "rt") as lines:
        hands = [json.loads(line) for line in lines]
    with gzip.open(SHARED / "score_ref_mahjong.jsonl.gz", "rt") as lines:
        expected = [json.loads(line) for line in lines]
    return hands[:limit], expected[:limit]


def to_win(record: dict[str, Any]) -> Win:
    """A workload record as our input (``from`` is (caller - discarder) mod 4)."""
    seat = record["seat_wind"]
    melds = tuple(
        Meld(
            _MELDS[meld["type"]],
            tuple(Tile.from_id(t) for t in meld["tiles"]),
            None if meld["type"] == "ankan" else (seat - meld["from"]) % 4,
        )
        for meld in record["melds"]
    )
    return Win(
        hand=Hand(tuple(Tile.from_id(t) for t in record["closed"]), melds),
        win_tile=Tile.from_id(record["win_tile"]),
        self_draw=record["tsumo"],
        seat=seat,
        from_seat=None if record["tsumo"] else (seat + 1) % 4,
        round_wind=record["round_wind"],
        after_kong=record["rinshan"],
        last_tile=record["haitei"] or record["houtei"],
        riichi=record["riichi"] or record["double_riichi"],
        double_riichi=record["double_riichi"],
        ippatsu=record["ippatsu"],
        dora_indicators=tuple(Tile.from_id(t) for t in record["dora"]),
        ura_indicators=tuple(Tile.from_id(t) for t in record["ura"]),
        honba=record["honba"],
        deposits=record["riichi_sticks"],
    )


def theirs_input(record: dict[str, Any]) -> tuple[Any, ...]:
    """A workload record as ``HandCalculator.estimate_hand_value`` arguments."""
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld as TheirMeld

    kinds = {"chi": TheirMeld.CHI, "pon": TheirMeld.PON}
    melds = [
        TheirMeld(
            kinds.get(meld["type"], TheirMeld.KAN),
            meld["tiles"],
            opened=meld["type"] != "ankan",
            called_tile=meld["called"],
        )
        for meld in record["melds"]
    ]
    tiles = record["closed"] + [t for meld in record["melds"] for t in meld["tiles"]]
    config = HandConfig(
        is_tsumo=record["tsumo"],
        is_riichi=record["riichi"],
        is_daburu_riichi=record["double_riichi"],
        is_ippatsu=record["ippatsu"],
        is_rinshan=record["rinshan"],
        is_haitei=record["haitei"],
        is_houtei=record["houtei"],
        player_wind=27 + record["seat_wind"],
        round_wind=27 + record["round_wind"],
        tsumi_number=record["honba"],
        kyoutaku_number=record["riichi_sticks"],
        options=OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False),
    )
    return (tiles, record["win_tile"], melds, record["dora"], config, record["ura"])


def timed(function: Callable[[Any], Any], inputs: list[Any]) -> tuple[float, list[Any]]:
    """Seconds to answer every input, and the answers (kept, as a caller would keep them).

    The garbage collector stays on while timing, so each engine pays the collections its own
    allocations cause; the collection the set-up (and the previous pass) made due is paid
    before the clock starts, not by whichever engine happens to run next."""
    gc.collect()
    start = time.perf_counter()
    results = [function(item) for item in inputs]
    return time.perf_counter() - start, results


def ours(win: Win) -> Score:
    return score(win, RULES)


def ours_value(win: Win) -> Any:
    return hand_value(win, RULES)


def ours_read(win: Win) -> Score:
    """``score()``, then every field read (the rows and the explanation are made on first
    read)."""
    result = score(win, RULES)
    for name in _FIELDS:
        getattr(result, name)
    dict(result.extra)
    return result


_FIELDS = tuple(field.name for field in fields(Score))


def agreement(results: list[Score], expected: list[dict[str, Any]]) -> int:
    agree = 0
    for result, reference in zip(results, expected, strict=True):
        han = result.value if result.valid else 0
        points = result.points if result.valid else 0
        if (han, result.fu if result.valid else None, points) == (
            reference["han"],
            reference["fu"] if reference["han"] else None,
            reference["points"],
        ):
            agree += 1
    return agree


def their_engine() -> Callable[[tuple[Any, ...]], Any] | None:
    """``HandCalculator.estimate_hand_value`` over prepared arguments (None: not installed)."""
    try:
        from mahjong.hand_calculating.hand import HandCalculator
    except ImportError:
        return None

    def theirs(arguments: tuple[Any, ...]) -> Any:
        tiles, win_tile, melds, dora, config, ura = arguments
        return HandCalculator.estimate_hand_value(
            tiles, win_tile, melds, dora, config, ura_dora_indicators=ura
        )

    return theirs


def riichienv_engine() -> tuple[Callable[[Any], Any], Callable[[Any], Any]] | None:
    """riichienv's input maker and its scoring call (None: not installed)."""
    try:
        from riichienv import _riichienv as core
        from riichienv.hand import WINDS
    except ImportError:
        return None
    kinds = {
        "chi": core.MeldType.Chi,
        "pon": core.MeldType.Pon,
        "minkan": core.MeldType.Daiminkan,
        "ankan": core.MeldType.Ankan,
    }

    def prepare(record: dict[str, Any]) -> tuple[Any, ...]:
        seat = record["seat_wind"]
        melds = [
            core.Meld(
                kinds[meld["type"]],
                meld["tiles"],
                meld["type"] != "ankan",
                -1 if meld["type"] == "ankan" else (seat - meld["from"]) % 4,
            )
            for meld in record["melds"]
        ]
        conditions = core.Conditions(
            tsumo=record["tsumo"],
            riichi=record["riichi"] or record["double_riichi"],
            double_riichi=record["double_riichi"],
            ippatsu=record["ippatsu"],
            haitei=record["haitei"],
            houtei=record["houtei"],
            rinshan=record["rinshan"],
            player_wind=WINDS[seat],
            round_wind=WINDS[record["round_wind"]],
            riichi_sticks=record["riichi_sticks"],
            honba=0,
        )
        indicators = (record["dora"], record["ura"])
        return (record["closed"], melds, record["win_tile"], *indicators, conditions)

    def evaluate(arguments: tuple[Any, ...]) -> Any:
        closed, melds, win_tile, dora, ura, conditions = arguments
        return core.HandEvaluator(closed, melds).calc(win_tile, dora, ura, conditions)

    return prepare, evaluate


def riichienv_agreement(
    records: list[dict[str, Any]], answers: list[Any], expected: list[dict[str, Any]]
) -> int:
    """riichienv's answers whose han and points (counters left out) are the reference's."""
    agree = 0
    for record, answer, reference in zip(records, answers, expected, strict=True):
        points = han = 0
        if answer.is_win:
            han = answer.han
            if not record["tsumo"]:
                points = answer.ron_agari
            elif record["seat_wind"] == 0:
                points = 3 * answer.tsumo_agari_ko
            else:
                points = answer.tsumo_agari_oya + 2 * answer.tsumo_agari_ko
        agree += (han, points) == (reference["han"], reference["points"])
    return agree


def first_pass_child(engine: str, limit: int | None) -> None:
    """One engine's first pass in this (fresh) process, printed as one JSON line."""
    records, expected = load(limit)
    if engine == "ours":
        wins = [to_win(record) for record in records]
        elapsed, results = timed(ours, wins)
        agree = agreement(results, expected)
    elif engine == "riichienv":
        peer = riichienv_engine()
        if peer is None:
            raise SystemExit("riichienv is not installed")
        prepare, evaluate = peer
        elapsed, answers = timed(evaluate, [prepare(record) for record in records])
        agree = riichienv_agreement(records, answers, expected)
    else:
        theirs = their_engine()
        if theirs is None:
            raise SystemExit("mahjong (PyPI) is not installed")
        inputs = [theirs_input(record) for record in records]
        elapsed, answers = timed(theirs, inputs)
        agree = sum(
            (
                answer.han or 0,
                (answer.cost["main"] + 2 * answer.cost["additional"]) if answer.cost else 0,
            )
            == (reference["han"], reference["points"])
            for answer, reference in zip(answers, expected, strict=True)
        )
    print(json.dumps({"seconds": elapsed, "hands": len(records), "agree": agree}))


def fresh(runs: int, limit: int | None, src: Path) -> None:
    """Both engines' first passes, each run in a new interpreter, side by side (``src``: the
    mahjongkit sources the children import)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(src), env.get("PYTHONPATH")]))
    engines = ["ours", "theirs"] + (["riichienv"] if riichienv_engine() else [])
    seconds: dict[str, list[float]] = {engine: [] for engine in engines}
    last: dict[str, dict[str, Any]] = {}
    for number in range(runs):
        order = engines if number % 2 == 0 else engines[::-1]
        for engine in order:
            command = [sys.executable, __file__, "--child", engine]
            if limit is not None:
                command += ["--limit", str(limit)]
            done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                raise SystemExit(f"{engine} first pass failed: {done.stderr.strip()}")
            last[engine] = json.loads(done.stdout.strip().splitlines()[-1])
            seconds[engine].append(last[engine]["seconds"])
    n = last["ours"]["hands"]
    rates = {engine: n / statistics.median(values) for engine, values in seconds.items()}
    print(f"hands: {n}; first pass in a fresh process, median of {runs} runs each")
    labels = {
        "ours": "mahjongkit score()",
        "theirs": "mahjong HandCalculator",
        "riichienv": "riichienv HandEvaluator",
    }
    for engine in engines:
        label = labels[engine]
        spread = ", ".join(f"{n / s:,.0f}" for s in seconds[engine])
        print(
            f"{label:24} {rates[engine]:10,.0f} hands/s   agreement with reference "
            f"{last[engine]['agree']}/{n}   (runs: {spread})"
        )
    print(f"ratio first pass mahjongkit / mahjong: {rates['ours'] / rates['theirs']:.2f}x")
    if "riichienv" in rates:
        print(f"ratio first pass mahjongkit / riichienv: {rates['ours'] / rates['riichienv']:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument(
        "--fresh", action="store_true", help="first passes only, each in a new process"
    )
    parser.add_argument("--runs", type=int, default=3, help="--fresh: processes per engine")
    parser.add_argument(
        "--src",
        type=Path,
        default=Path(__file__).resolve().parents[1] / "src",
        help="--fresh: the mahjongkit sources to run (another checkout's, to compare)",
    )
    parser.add_argument("--child", choices=("ours", "theirs", "riichienv"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        first_pass_child(args.child, args.limit)
        return
    if args.fresh:
        fresh(args.runs, args.limit, args.src)
        return
    records, expected = load(args.limit)
    n = len(records)
    wins = [to_win(record) for record in records]
    theirs = their_engine()
    inputs = [theirs_input(record) for record in records] if theirs else []

    first, results = timed(ours, wins)
    agree = agreement(results, expected)
    # The engines take turns in each round, so that both see the same load on a shared
    # machine, and the order turns from round to round, so that none always runs first (on
    # caches the other engine just filled); each figure is the median over the rounds.
    passes: list[tuple[str, Callable[[Any], Any], list[Any]]] = [
        ("score", ours, wins),
        ("read", ours_read, wins),
        ("value", ours_value, wins),
    ]
    if theirs is not None:
        passes.append(("theirs", theirs, inputs))
    peer = riichienv_engine()
    if peer is not None:
        passes.append(("riichienv", peer[1], [peer[0](record) for record in records]))
    rounds: dict[str, list[float]] = {name: [] for name, _, _ in passes}
    answers: dict[str, list[Any]] = {}  # the last ones, checked against the reference below
    for number in range(args.repeats):
        turn = number % len(passes)
        for name, function, items in passes[turn:] + passes[:turn]:
            answers.pop(name, None)
            elapsed, found = timed(function, items)
            rounds[name].append(elapsed)
            if name in ("value", "theirs", "riichienv"):
                answers[name] = found
            del found
    values = answers.get("value", [])
    their_results = answers.get("theirs", [])
    rate, read_rate, value_rate = (
        n / statistics.median(rounds[name]) for name in ("score", "read", "value")
    )
    value_agree = sum(
        (v.han if v else 0, v.points if v else 0) == (reference["han"], reference["points"])
        for v, reference in zip(values, expected, strict=True)
    )
    print(f"hands: {n}")
    print(f"mahjongkit score()      first pass (fills tables): {n / first:10,.0f} hands/s")
    print(
        f"mahjongkit score()      median of {args.repeats}:{' ' * 16}{rate:10,.0f} hands/s"
        f"   agreement with reference {agree}/{n}"
    )
    print(f"mahjongkit score() + every field read, median: {' ' * 6}{read_rate:10,.0f} hands/s")
    print(
        f"mahjongkit hand_value() median of {args.repeats}:{' ' * 16}{value_rate:10,.0f} hands/s"
        f"   agreement with reference {value_agree}/{n}"
    )
    if peer is not None:
        peer_rate = n / statistics.median(rounds["riichienv"])
        peer_agree = riichienv_agreement(records, answers["riichienv"], expected)
        print(
            f"riichienv HandEvaluator median of {args.repeats}:{' ' * 16}{peer_rate:10,.0f} "
            f"hands/s   agreement with reference {peer_agree}/{n}"
        )
        print(
            f"ratio to riichienv: score() {rate / peer_rate:.2f}x, hand_value() "
            f"{value_rate / peer_rate:.2f}x, every field read {read_rate / peer_rate:.2f}x"
        )
    if theirs is None:
        print("mahjong (PyPI) is not installed: no side-by-side figure")
        return
    their_agree = sum(
        (
            answer.han or 0,
            (answer.cost["main"] + 2 * answer.cost["additional"]) if answer.cost else 0,
        )
        == (reference["han"], reference["points"])
        for answer, reference in zip(their_results, expected, strict=True)
    )
    their_rate = n / statistics.median(rounds["theirs"])
    print(
        f"mahjong HandCalculator  median of {args.repeats}:{' ' * 16}{their_rate:10,.0f} hands/s"
        f"   agreement with reference {their_agree}/{n}"
    )
    print(
        f"ratio score() / HandCalculator: {rate / their_rate:.1f}x (first pass "
        f"{n / first / their_rate:.1f}x; every field read {read_rate / their_rate:.1f}x); "
        f"hand_value() / HandCalculator: {value_rate / their_rate:.1f}x"
    )
    # How much the machine's load moved the figures: the ratio within each round, where both
    # engines ran within seconds of each other.
    per_round = sorted(t / s for t, s in zip(rounds["theirs"], rounds["score"], strict=True))
    print(
        f"score() / HandCalculator round by round: {per_round[0]:.1f}x to {per_round[-1]:.1f}x "
        f"(a spread wider than a few tenths means the machine was busy: see "
        f"bench/score_instructions.py for a load-independent ratio)"
    )


if __name__ == "__main__":
    main()
