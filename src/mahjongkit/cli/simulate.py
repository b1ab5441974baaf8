"""``simulate``: seeded games between bots on every core or a Ray cluster, with a progress bar
and a table of results with their intervals."""

from __future__ import annotations

import argparse
import contextlib
import sys

from mahjongkit.api.words import said, sentence
from mahjongkit.cli.output import rules_of
from mahjongkit.errors import NotationError
from mahjongkit.lite_typing import Any
from mahjongkit.variants import find_variant

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    pass


def run_simulate(args: argparse.Namespace) -> int:
    import json
    import os
    import time

    from mahjongkit.game.engine import Game
    from mahjongkit.sim import (
        Counters,
        Hosting,
        JsonLinesSink,
        Plan,
        Played,
        RecordsSink,
        SimulationError,
        check_ray,
        parse_bots,
        ray_cluster,
        simulate,
        stored_lines,
    )

    hosted = any(spec.strip().lower().startswith("mjai:") for spec in args.bot)
    family = find_variant(args.variant)
    if hosted and "mjai" in family.protocols and args.rules is None:
        args.rules = family.play_preset  # an mjai bot is told no rules: it plays the usual
    _, rules, lang = rules_of(args)
    if args.jobs is not None and args.jobs < 1:
        raise NotationError(sentence("command.jobs", jobs=args.jobs))
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    players = Game(args.variant, rules, seed=0).players
    bots = parse_bots(args.bot, players)
    if hosted and ("mjai" not in family.protocols or players != 4):
        raise SimulationError(
            sentence("command.mjai_riichi", players=players, variant=args.variant)
        )
    hosting = Hosting(args.mjai_timeout, args.mjai_strict)
    plan = Plan(args.variant, rules, args.seed, args.games, bots, args.max_rounds, hosting)
    address = args.ray or None
    if args.ray is not None:
        check_ray(address)  # before anything is written
    done: dict[int, Played] = {}
    with contextlib.ExitStack() as stack:
        sink: Any
        if args.out is not None:
            from pathlib import Path

            target = Path(args.out)
            if not target.parent.is_dir():
                raise NotationError(
                    sentence("command.out_no_parent", path=args.out, parent=str(target.parent))
                )
            mode = "w"
            if args.resume and target.is_file():
                done, kept = stored_lines(target, plan, bots)
                with target.open("r+b") as cut:
                    cut.truncate(kept)  # a line cut short by the interruption is written again
                mode = "a"
            elif target.is_file() and target.stat().st_size:
                # Written again from its first game: said, since --resume would keep them.
                rewritten = sentence("command.simulate_rewritten", where=args.out)
                print(said(rewritten), file=sys.stderr)
            stream = stack.enter_context(target.open(mode, encoding="utf-8"))
            sink = JsonLinesSink(stream, plan)
        else:
            from mahjongkit.records import Records

            # A commit per game that waits for no disk: thousands of games a minute.
            records = stack.enter_context(Records(args.db, durable=False))
            sink = RecordsSink(records, plan)
            if args.resume:
                done = sink.stored(bots)
        if args.ray is not None:
            cpus = stack.enter_context(ray_cluster(address, cpus=args.jobs))
            jobs = args.jobs if args.jobs is not None else cpus
        began = time.monotonic()
        counters = Counters()
        progress = stack.enter_context(_simulation_progress(args.games - len(done), counters, lang))
        written = [0]

        def count(game: Played) -> None:
            written[0] += 1
            if progress is not None:
                progress(game)

        try:
            summary = simulate(
                plan, jobs, sink, count, done, on_ray=args.ray is not None, counters=counters
            )
        except KeyboardInterrupt:
            if args.out is not None:
                where, kept = args.out, len(done) + written[0]
            else:
                # The processes that played the games stored them, some maybe ahead of the
                # last one handed back here: what counts is what the database holds.
                where, kept = sink.records.path, sink.kept()
            print(
                said(
                    sentence("command.interrupted", kept=kept, games=args.games, where=str(where))
                ),
                file=sys.stderr,
            )
            return 130
        elapsed = time.monotonic() - began
        played = summary.games - len(done)
    found = summary.to_json()
    found["jobs"] = max(1, min(jobs, args.games - len(done)))
    found["elapsed_seconds"] = round(elapsed, 3)
    found["ray"] = None if args.ray is None else (address or "local")
    found["resumed"] = len(done)
    found["games_per_second"] = round(played / elapsed, 3) if elapsed > 0 and played else None
    found["stored"] = str(args.out) if args.out is not None else str(sink.records.path)
    if args.json:
        print(json.dumps(found, ensure_ascii=False))
    else:
        _print_simulation(found, lang)
    return 0


@contextlib.contextmanager
def _simulation_progress(games: int, counters: Any, lang: str) -> Any:
    """A progress bar on a terminal (nothing on a pipe or a file): the games over, the rounds
    over (it moves within the first seconds, however long a game is), games/s from the wall
    time since the start, the time spent and the time left at that rate.

    The counts are read from ``counters`` (counted by the processes playing the games as each
    round and game ends) five times a second, and from the games handed back (all a Ray run
    gives); the generator yields what to call with each game handed back.
    """
    if not sys.stdout.isatty() or games <= 0:
        yield None  # and rich is not even imported (a tenth of a second)
        return
    try:
        from rich.console import Console
    except ImportError:
        yield None
        return
    with _progress_bar(games, counters, lang, Console()) as advance:
        yield advance


@contextlib.contextmanager
def _progress_bar(games: int, counters: Any, lang: str, console: Any) -> Any:
    """:func:`_simulation_progress`'s bar on ``console`` (a test gives its own)."""
    import threading
    import time

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from mahjongkit.i18n import number, t

    bar = Progress(
        BarColumn(bar_width=16),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rounds]}"),
        TextColumn("{task.fields[rate]}"),
        TextColumn("{task.fields[times]}"),
        console=console,
        refresh_per_second=5,
    )
    began = time.monotonic()
    handed = [0, 0]  # games and rounds handed back (a Ray run counts nothing else)
    task = bar.add_task("games", total=games, rounds="", rate="", times="")

    def update() -> None:
        done = max(counters.games, handed[0])
        rounds = max(counters.rounds, handed[1])
        elapsed = time.monotonic() - began
        rate = done / elapsed if done and elapsed > 0 else None
        shown_rate = "-" if rate is None else number(rate, lang, 2)
        left = None if rate is None else (games - done) / rate
        bar.update(
            task,
            completed=done,
            rounds=t("command.progress_rounds", lang, rounds=number(rounds, lang)),
            rate=t("command.progress_rate", lang, rate=shown_rate),
            times=t(
                "command.progress_times",
                lang,
                elapsed=_clock(elapsed),
                left="-:--:--" if left is None else _clock(left),
            ),
        )

    stop = threading.Event()

    def follow() -> None:
        while not stop.wait(0.2):
            update()

    def advance(game: Any) -> None:
        handed[0] += 1
        handed[1] += game.rounds

    update()
    follower = threading.Thread(target=follow, name="simulate-progress", daemon=True)
    with bar:
        follower.start()
        try:
            yield advance
        finally:
            stop.set()
            follower.join()
            update()


def _clock(seconds: float) -> str:
    """A duration as H:MM:SS."""
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def _faults_text(faults: dict[str, int] | None) -> str:
    if faults is None:
        return "-"
    return "/".join(
        str(faults.get(kind, 0)) for kind in ("timeouts", "malformed", "illegal", "exited")
    )


def _print_simulation(found: dict[str, Any], lang: str = "en", console: Any = None) -> None:
    """The summary of a run: one line of what was played, then a table of every seat (and
    every bot, when several) that 80 columns hold: the means with the half-width of their 95%
    intervals (``27600.0 ± 5339.5``), the numbers never cut."""
    import textwrap

    from mahjongkit.i18n import number, t, t_or

    def interval(value: dict[str, Any], digits: int) -> str:
        if value["mean"] is None:
            return "-"
        mean = number(value["mean"], lang, digits)
        if value["low"] is None:
            return mean
        # The normal interval is symmetric: its half-width says it in half the room.
        return f"{mean} ± {number((value['high'] - value['low']) / 2, lang, digits)}"

    keys = ["seat", "bot", "wins", "deal_ins", "score", "placement"]
    entries = [*found["seats"], *(found["bots"] if len(found["bots"]) > 1 else [])]
    # Riichi's scores are hundreds of points: a tenth of one says nothing there.
    means = [abs(entry["score"]["mean"] or 0) for entry in entries]
    score_digits = 0 if means and max(means) >= 1000 else 1
    rows: list[list[str]] = [
        [
            t_or(f"seat.{entry['seat']}", lang, entry["seat"])
            if "seat" in entry
            else t("command.col.all", lang),
            entry["bot"],
            number(entry["wins"], lang),
            number(entry["deal_ins"], lang),
            interval(entry["score"], score_digits),
            interval(entry["placement"], 2),
        ]
        for entry in entries
    ]
    if any("mjai_faults" in entry for entry in entries):
        # Hosted mjai bots: late, malformed and illegal answers, and exits.
        keys.append("faults")
        for row, entry in zip(rows, entries, strict=True):
            row.append(_faults_text(entry.get("mjai_faults")))
    columns = [t(f"command.col.{key}", lang) for key in keys]
    print(_simulation_title(found, lang))
    try:
        from rich import box
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        print("\t".join(columns))
        for row in rows:
            print("\t".join(row))
        print(t("command.simulate_caption", lang))
        if "faults" in keys:
            print(t("command.simulate_faults", lang))
        return
    # No rules between the columns: the room goes to the numbers.
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for at, (key, column) in enumerate(zip(keys, columns, strict=True)):
        cells = [row[at] for row in rows]
        if key == "bot":
            # A bot's name stays whole (efficient, defensive); an mjai command folds.
            longest = max(map(len, cells))
            table.add_column(column, overflow="fold", min_width=longest if longest <= 9 else 6)
            continue
        # A number is never cut (rich breaks lines at a narrow no-break space too): its column
        # is as wide as its longest cell, and a longer heading goes over several lines.
        widest = max(len(cell) for cell in cells)
        heading = "\n".join(
            textwrap.wrap(column, max(widest, 1), break_long_words=False, break_on_hyphens=False)
        )
        table.add_column(
            heading, justify="left" if key == "seat" else "right", no_wrap=True, min_width=widest
        )
    for row in rows:
        table.add_row(*row)
    console = console or Console()
    console.print(table)
    console.print(t("command.simulate_caption", lang), highlight=False)
    if "faults" in keys:
        console.print(t("command.simulate_faults", lang), highlight=False)


def _simulation_title(found: dict[str, Any], lang: str) -> str:
    """The line above the summary: what was played, how fast, where it is stored."""
    from mahjongkit.i18n import number, t, t_or

    if found["ray"] is None:
        key = "command.simulate_process" if found["jobs"] == 1 else "command.simulate_processes"
        where = t(key, lang, count=found["jobs"])
    else:
        where = t("command.simulate_ray", lang, count=found["jobs"], address=found["ray"])
    played = found["games"] - found["resumed"]
    rate = found["games_per_second"]
    if played == 0:
        # A resumed run that had every game already: nothing was played, no rate to give.
        return t("command.simulate_done", lang, games=number(found["games"], lang),
                 where=found["stored"])  # fmt: skip
    title = t(
        "command.simulate_title",
        lang,
        variant=t_or(f"play.variant.{found['variant']}", lang, found["variant"]),
        games=number(found["games"], lang),
        rounds=number(found["rounds"], lang),
        seed=found["seed"],
        where=where,
        rate="-" if rate is None else number(rate, lang, 2),
        stored=found["stored"],
    )
    if found["resumed"]:
        resumed = t(
            "command.simulate_resumed",
            lang,
            count=number(found["resumed"], lang),
            played=number(played, lang),
        )
        title += f" ({resumed})"
    return title
