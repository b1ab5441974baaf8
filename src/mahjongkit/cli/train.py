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

__all__ = ["run_train", "self_play_path"]

COLLECT_SHARE = 0.35
"""The part of ``--minutes`` the teacher's games may take."""
CLONE_UNTIL = 0.6
"""Behaviour cloning ends by this part of ``--minutes`` (0.95 without a self-play round)."""
SELF_PLAY_SHARE = 0.2
"""The part of ``--minutes`` the self-play games may take."""
END = 0.95
"""Everything is done by this part of ``--minutes`` (the rest: writing, measuring)."""


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
    """Collect, clone, write; then self-play, improve, write; print the figures."""
    from mahjongkit.bots.learned import save_model
    from mahjongkit.cli.output import rules_of
    from mahjongkit.rl.learn import clone, collect, improve, self_play, torch_available

    if not torch_available():
        raise MahjongError(
            "train needs PyTorch: pip install 'mahjongkit[train]' (a CPU build is enough)"
        )
    out = Path(args.out)
    _writable(out)
    second = Path(args.self_play_out) if args.self_play_out else self_play_path(args.out)
    if args.self_play_games:
        _writable(second)
        if second.resolve() == out.resolve():
            raise MahjongError("--self-play-out names the same file as --out")
    _, rules, _ = rules_of(args)
    budget = float(args.minutes) * 60.0
    start = time.monotonic()

    def left(until: float) -> float:
        return max(1.0, until * budget - (time.monotonic() - start))

    report: dict[str, Any] = {"variant": args.variant, "seed": args.seed}
    with _progress(args.json) as progress:
        task = progress.add_task("games", total=args.games) if progress else None

        def on_game(games: int, decisions: int) -> None:
            if progress is not None:
                progress.update(task, completed=games, description=f"games ({decisions} decisions)")

        data = collect(
            args.variant,
            args.games,
            args.seed,
            rules=rules,
            teacher=args.teacher,
            seconds=COLLECT_SHARE * budget,
            max_rounds=args.max_rounds,
            on_game=on_game,
        )
        if progress is not None:
            progress.update(task, description="fitting", completed=0, total=None)

        def on_epoch(epoch: int, loss: float, agreement: float) -> None:
            if progress is not None:
                progress.update(
                    task,
                    description=f"fitting: pass {epoch}, loss {loss:.3f}, held out {agreement:.3f}",
                )

        model = clone(
            data,
            args.variant,
            seconds=left(CLONE_UNTIL if args.self_play_games else END),
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
                seconds=SELF_PLAY_SHARE * budget,
                max_rounds=args.max_rounds,
                on_game=on_self_play,
            )
            if progress is not None:
                progress.update(task, description="policy gradient", total=None)
            better = improve(model, played, data, seconds=left(END), seed=args.seed)
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
    figures = report["behaviour_cloning"]
    print(
        f"{report['variant']}: {figures['games']} games, {figures['decisions']} decisions "
        f"learned, {figures['held_out_decisions']} held out; {figures['epochs']} passes in "
        f"{figures['seconds']} s"
    )
    for name in ("train", "held_out"):
        if f"agreement_{name}" in figures:
            print(
                f"  agreement ({name.replace('_', ' ')}): {figures[f'agreement_{name}']:.3f} of "
                f"all decisions, {figures[f'agreement_{name}_choices']:.3f} of those with a "
                f"choice (random: {figures[f'chance_{name}_choices']:.3f})"
            )
    print(f"  wrote {report['model']}")
    if "self_play" in report:
        played = report["self_play"]
        print(
            f"self-play: {played['games']} games, {played['decisions']} decisions with a "
            f"choice, {played['passes']} passes in {played['seconds']} s"
        )
        print(f"  wrote {report['self_play_model']}")
    print(f"{report['seconds']} s in all")
