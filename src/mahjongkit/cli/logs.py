"""``replay-check``, ``convert`` and ``mjai-bot``: game records read, replayed through the
engine and written in another format, and a seat played over mjai."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mahjongkit.api.words import FAMILIES, said, sentence
from mahjongkit.cli.output import REPLAY_LANGUAGES, cli_text, language_of, one_line, reason_of_error
from mahjongkit.errors import MahjongError, NotationError
from mahjongkit.variants import variant_for_protocol

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    pass


def _replay_paths(paths: Sequence[str]) -> list[tuple[str, str | None]]:
    """Each path to check, or the reason it cannot be opened; a folder gives its Tenhou logs."""
    from pathlib import Path

    found: list[tuple[str, str | None]] = []
    for path in paths:
        if "\0" in path:
            found.append((path, sentence("command.path_nul")))
            continue
        if not path.strip():
            found.append((path, sentence("command.path_empty")))
            continue
        folder = Path(path)
        try:
            is_folder = folder.is_dir()
        except OSError as error:  # a name too long for the file system, say
            found.append((path, said(reason_of_error(error))))
            continue
        if is_folder:
            logs = sorted(p for p in folder.iterdir() if p.suffix in (".mjlog", ".xml"))
            if not logs:
                found.append((path, sentence("command.folder_no_logs", suffixes=".mjlog or .xml")))
            found.extend((str(p), None) for p in logs)
        elif not folder.exists():
            found.append((path, sentence("command.no_such_path")))
        else:
            found.append((path, None))
    return found


def log_rules_flags(args: argparse.Namespace, variants: Sequence[str]) -> None:
    """``--rules`` and ``--option`` of a command that reads logs, checked before any log is: a
    preset one of ``variants`` has, and options that rules of one of them (that preset's, if
    given) take; the first family's refusal otherwise."""
    from mahjongkit.api.hands import check_option_size
    from mahjongkit.i18n import Sentence
    from mahjongkit.options import override
    from mahjongkit.variants import find_variant

    for assignment in args.option:
        check_option_size(assignment)
    families = [find_variant(v) for v in variants]
    presets = [name for family in families for name in family.presets]
    if args.rules is not None and not args.rules.strip():
        raise NotationError(
            Sentence(
                "refusal.rules_empty", variant=" or ".join(variants), presets=", ".join(presets)
            )
        )
    if args.rules is not None and args.rules not in presets:
        raise NotationError(
            Sentence(
                "refusal.rules_preset",
                name=repr(args.rules[:40]),
                variant=" or ".join(variants),
                presets=", ".join(presets),
            )
        )
    candidates = [
        family.rules(args.rules)
        for family in families
        if args.rules is None or args.rules in family.presets
    ]
    for assignment in args.option:
        refusals = []
        for rules in candidates:
            try:
                override(rules, [assignment])
            except NotationError as error:
                refusals.append(error)
        if len(refusals) == len(candidates):
            raise refusals[0]


def run_replay_check(args: argparse.Namespace) -> int:
    from mahjongkit.formats.tenhou.replay import check_file
    from mahjongkit.i18n import say

    lang = language_of(args, REPLAY_LANGUAGES)
    log_rules_flags(args, (variant_for_protocol("tenhou").name,))
    paths = _replay_paths(args.files)
    rounds = mismatched = skipped = unreadable = 0
    for path, problem in paths:
        try:
            if problem is not None:
                raise NotationError(problem)
            report = check_file(path, rules=args.rules, options=args.option)
        except (MahjongError, OSError) as error:
            # One damaged file is reported and the others are still checked.
            reason = one_line(say(reason_of_error(error), lang))
            print(cli_text("unreadable", lang, path=one_line(path), reason=reason), file=sys.stderr)
            unreadable += 1
            continue
        except _READER_FAILURES as error:
            # A reader that fails without its typed error still costs only this file.
            reason = f"{type(error).__name__}: {one_line(str(error))}"
            print(cli_text("unreadable", lang, path=one_line(path), reason=reason), file=sys.stderr)
            unreadable += 1
            continue
        if report.skipped:
            print(cli_text("skipped", lang, path=one_line(path), reason=say(report.skipped, lang)))
            skipped += 1
            continue
        mismatches = report.mismatches
        rounds += report.checked
        mismatched += len(mismatches)
        print(
            cli_text(
                "checked",
                lang,
                path=one_line(path),
                rounds=report.checked,
                mismatches=len(mismatches),
            )
        )
        for line in mismatches:
            print(f"  {line}")
    if len(paths) > 1:
        print(
            cli_text(
                "summary",
                lang,
                files=len(paths),
                rounds=rounds,
                mismatches=mismatched,
                skipped=skipped,
                unreadable=unreadable,
            )
        )
    return 2 if unreadable else 1 if mismatched else 0


_READER_FAILURES = (
    ArithmeticError,
    AttributeError,
    EOFError,
    IndexError,
    KeyError,
    RecursionError,
    StopIteration,
    TypeError,
    UnicodeError,
    ValueError,
)
"""What a log reader may raise on a damaged file when it misses a case: reported per file."""


def run_mjai_bot(args: argparse.Namespace) -> int:
    from mahjongkit.bots.mjai_bot import MjaiBot, serve
    from mahjongkit.sim import BOTS

    if args.bot.strip().lower().startswith("learned:"):
        from mahjongkit.bots.seating import parse_bots

        args.bot = parse_bots([args.bot], 1)[0]  # the model file is read and checked here
    elif args.bot not in BOTS:
        raise NotationError(
            sentence("command.bot_name", value=repr(args.bot[:40]), bots=", ".join(BOTS))
        )
    rules = variant_for_protocol("mjai").rules(args.rules)
    bot = MjaiBot(args.bot, args.seat, rules)
    serve(bot, sys.stdin, sys.stdout)
    return 0


def run_convert(args: argparse.Namespace) -> int:
    from pathlib import Path

    from mahjongkit.formats.convert import (
        LOG_ENDINGS,
        SUFFIXES,
        load_games,
        log_files,
        write_game,
    )

    log_rules_flags(args, tuple(FAMILIES))
    out = Path(args.out) if args.out is not None else None
    if out is not None:
        if out.exists() and not out.is_dir():
            raise MahjongError(sentence("command.out_file", path=str(out)))
        out.mkdir(parents=True, exist_ok=True)  # an OSError (no right to) is one line too
    failed = 0
    for name in args.files:
        given = Path(name)
        if not given.exists():
            print(f"{one_line(name)}: {said(sentence('command.no_such_file'))}", file=sys.stderr)
            failed += 1
            continue
        paths = log_files(given)
        if not paths:
            none = sentence("command.folder_no_logs", suffixes=", ".join(LOG_ENDINGS))
            print(f"{one_line(name)}: {said(none)}", file=sys.stderr)
            failed += 1
        for path in paths:
            # A file of a folder is written under the same relative name in --out.
            where = path.relative_to(given).parent if given.is_dir() else Path()
            try:
                games = list(load_games(path, rules=args.rules, options=args.option))
            except MahjongError as error:
                games = [(None, error)]
            except (OSError, UnicodeDecodeError) as error:
                games = [(None, MahjongError(said(reason_of_error(error))))]
            for label, game in games:
                shown = f"{path}: {label}" if label else str(path)
                if isinstance(game, MahjongError):
                    # One bad log is reported on one line; the others are still converted.
                    print(
                        f"{one_line(shown)}: {one_line(said(reason_of_error(game)))}",
                        file=sys.stderr,
                    )
                    failed += 1
                    continue
                text = write_game(game, args.to)
                if out is None:
                    sys.stdout.write(text)
                    continue
                stem = _log_stem(path.name) + (f".{label.split()[-1]}" if label else "")
                (out / where).mkdir(parents=True, exist_ok=True)
                target = out / where / f"{stem}{SUFFIXES[args.to]}"
                target.write_text(text, encoding="utf-8")
                converted = sentence("command.converted", source=str(path), target=str(target))
                print(said(converted))
    return 2 if failed else 0


def _log_stem(name: str) -> str:
    """A log file's name without its format's ending (``.mjlog.gz``, ``.mjai.jsonl``...)."""
    if name.endswith(".gz"):
        name = name[: -len(".gz")]
    for ending in (".mjai.jsonl", ".tenhou6.json", ".jsonl", ".json", ".xml", ".mjlog"):
        if name.endswith(ending):
            return name[: -len(ending)]
    return name
