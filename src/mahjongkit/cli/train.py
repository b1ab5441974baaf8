"""``train``: a policy learned from a bot's games, then improved by self-play; the work is
:mod:`mahjongkit.rl.learn`'s, this module shares out the time, shows the progress and prints
the figures."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.valueclass import dataclass

__all__ = ["Schedule", "run_train", "schedule", "self_play_path"]

COLLECT_SHARE = 0.35
"""The part of ``--minutes`` the teacher's games may take (0.3 when the improved model is
gated)."""
CLONE_UNTIL = 0.6
"""Behaviour cloning ends by this part of ``--minutes`` (0.95 without a self-play round, 0.5
when the improved model is gated)."""
SELF_PLAY_SHARE = 0.2
"""The part of ``--minutes`` the self-play games may take (0.45 with ``--improve``)."""
END = 0.95
"""Everything is done by this part of ``--minutes`` (the rest: writing, measuring)."""


GATE_ROUNDS = 4
"""Rounds a game of the duel that gates the improved model (fewer with ``--max-rounds``)."""


@dataclass(frozen=True)
class Schedule:
    """When each step of a run ends, as parts of ``--minutes`` (the self-play games: the part
    they may take)."""

    collect: float
    clone_until: float
    self_play: float
    improve_until: float


def schedule(improve_only: bool, self_play: bool, gated: bool) -> Schedule:
    """The parts of ``--minutes`` each step may take; the duel of a gated run takes the time
    from ``improve_until`` to :data:`END`."""
    if improve_only:
        return Schedule(0.0, 0.0, 0.45 if gated else 0.6, 0.7 if gated else END)
    if not self_play:
        return Schedule(COLLECT_SHARE, END, 0.0, END)
    if gated:
        return Schedule(0.3, 0.5, SELF_PLAY_SHARE, 0.8)
    return Schedule(COLLECT_SHARE, CLONE_UNTIL, SELF_PLAY_SHARE, END)


def self_play_path(out: str) -> Path:
    """The improved model's default file: ``MODEL`` with ``-selfplay`` before its suffix."""
    path = Path(out)
    return path.with_name(f"{path.stem}-selfplay{path.suffix or '.npz'}")


def _writable(path: Path) -> None:
    if path.is_dir():
        raise MahjongError(f"{str(path)[:120]}: a folder, not a model file")
    if not path.parent.is_dir():
        raise MahjongError(f"{str(path.parent)[:120]}: no such folder")


@contextmanager
def _progress(quiet: bool) -> Iterator[Any]:
    """A rich progress line on a terminal (nothing on a pipe, a file or with --json)."""
    if quiet or not sys.stdout.isatty():
        yield None
        return
    from rich.progress import Progress

    with Progress(transient=True) as progress:
        yield progress


def run_train(args: argparse.Namespace) -> int:
    """Collect, clone, write; then self-play, improve, gate, write; print the figures (with
    ``--improve``: only the second half, from a model file)."""
    from mahjongkit.bots.learned import PolicyModel, load_model, save_model
    from mahjongkit.cli.output import rules_of
    from mahjongkit.rl.learn import (
        clone,
        collect,
        duel,
        gate_keeps,
        improve,
        self_play,
        torch_available,
    )

    if not torch_available():
        raise MahjongError(
            "train needs PyTorch: pip install 'mahjongkit[train]' (a CPU build is enough)"
        )
    out = Path(args.out)
    _writable(out)
    if args.improve:
        if not args.self_play_games:
            raise MahjongError("--improve needs --self-play-games of at least 1")
        ignored = sorted(getattr(args, "given", set()) & {"games", "teacher", "hidden"})
        if ignored:
            flags = ", ".join(f"--{name}" for name in ignored)
            raise MahjongError(
                f"--improve starts from a trained model, so {flags} (for a teacher's games) "
                "would be ignored: leave them out"
            )
        if Path(args.improve).resolve() == out.resolve():
            raise MahjongError("--out names the model --improve starts from: write another file")
        second = out
        model = load_model(args.improve, args.variant)
    else:
        second = Path(args.self_play_out) if args.self_play_out else self_play_path(args.out)
        if args.self_play_games:
            _writable(second)
            if second.resolve() == out.resolve():
                raise MahjongError("--self-play-out names the same file as --out")
    _, rules, _ = rules_of(args)
    budget = float(args.minutes) * 60.0
    plan = schedule(bool(args.improve), bool(args.self_play_games), args.gate_deals > 0)
    start = time.monotonic()

    def left(until: float) -> float:
        return max(1.0, until * budget - (time.monotonic() - start))

    report: dict[str, Any] = {"variant": args.variant, "seed": args.seed}
    data = None
    with _progress(args.json) as progress:
        task = progress.add_task("games", total=args.games) if progress else None
        if args.improve:
            report["start_model"] = str(args.improve)
        else:

            def on_game(games: int, decisions: int) -> None:
                if progress is not None:
                    progress.update(
                        task, completed=games, description=f"games ({decisions} decisions)"
                    )

            data = collect(
                args.variant,
                args.games,
                args.seed,
                rules=rules,
                teacher=args.teacher,
                seconds=plan.collect * budget,
                max_rounds=args.max_rounds,
                on_game=on_game,
            )
            if progress is not None:
                progress.update(task, description="fitting", completed=0, total=None)

            def on_epoch(epoch: int, loss: float, agreement: float) -> None:
                if progress is not None:
                    progress.update(
                        task,
                        description=f"fitting: pass {epoch}, loss {loss:.3f}, "
                        f"held out {agreement:.3f}",
                    )

            model = clone(
                data,
                args.variant,
                seconds=left(plan.clone_until),
                seed=args.seed,
                hidden=args.hidden,
                on_epoch=on_epoch,
                extra={"teacher": args.teacher, "rules": args.rules, "options": list(args.option)},
            )
            save_model(out, model)
            report["model"] = str(out)
            report["behaviour_cloning"] = model.training
        if args.self_play_games:
            if progress is not None:
                progress.update(
                    task, description="self-play", completed=0, total=args.self_play_games
                )

            def on_self_play(games: int, decisions: int) -> None:
                if progress is not None:
                    progress.update(task, completed=games)

            played = self_play(
                model,
                args.variant,
                args.self_play_games,
                args.seed,
                rules=rules,
                seconds=plan.self_play * budget,
                max_rounds=args.max_rounds,
                opponent=args.self_play_opponent,
                on_game=on_self_play,
            )
            if progress is not None:
                progress.update(task, description="policy gradient", total=None)
            better = improve(
                model,
                played,
                data,
                seconds=left(plan.improve_until),
                seed=args.seed,
                extra={"opponent": args.self_play_opponent},
            )
            if args.gate_deals:
                if progress is not None:
                    progress.update(task, description="improved against the start", total=None)
                # Deals of their own: neither the games learnt from nor bench/strength.py's.
                gate = duel(
                    better,
                    model,
                    args.variant,
                    args.gate_deals,
                    args.seed + 7_777,
                    rules=rules,
                    max_rounds=min(GATE_ROUNDS, args.max_rounds or GATE_ROUNDS),
                    seconds=left(END),
                )
                gate["kept"] = "improved" if gate_keeps(*gate["points"]) else "start"
                figures = better.training
                figures["self_play"]["gate"] = gate
                header = {**better.header, "training": figures}
                kept = better if gate["kept"] == "improved" else model
                better = PolicyModel(kept.weights, header, kept.kind_weights)
            save_model(second, better)
            report["self_play_model"] = str(second)
            report["self_play"] = better.training["self_play"]
    report["seconds"] = round(time.monotonic() - start, 1)
    _print(report, args.json)
    return 0


def _print(report: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(report, sort_keys=True))
        return
    figures = report.get("behaviour_cloning")
    if figures is None:
        print(f"{report['variant']}: improving {report['start_model']}")
    else:
        print(
            f"{report['variant']}: {figures['games']} games, {figures['decisions']} decisions "
            f"learned, {figures['held_out_decisions']} held out; {figures['epochs']} passes in "
            f"{figures['seconds']} s"
        )
        for name in ("train", "held_out"):
            if f"agreement_{name}" in figures:
                print(
                    f"  agreement ({name.replace('_', ' ')}): "
                    f"{figures[f'agreement_{name}']:.3f} of all decisions, "
                    f"{figures[f'agreement_{name}_choices']:.3f} of those with a choice "
                    f"(random: {figures[f'chance_{name}_choices']:.3f})"
                )
        print(f"  wrote {report['model']}")
    if "self_play" in report:
        played = report["self_play"]
        print(
            f"self-play: {played['games']} games, {played['decisions']} decisions with a "
            f"choice, {played['passes']} passes in {played['seconds']} s; the baseline "
            f"explains {played.get('baseline_explained', float('nan')):.3f} of the returns' "
            f"variance"
        )
        gate = played.get("gate")
        if gate is not None:
            mean, half = gate["points"]
            print(
                f"  improved against the start over {gate['deals']} duplicate deals: "
                f"{mean:+.0f} ± {half:.0f} points a game (improved {gate['candidate_points']:+.0f}"
                f", start {gate['incumbent_points']:+.0f}); kept the {gate['kept']} model"
            )
        print(f"  wrote {report['self_play_model']}")
    print(f"{report['seconds']} s in all")
