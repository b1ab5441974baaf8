"""The mahjongkit command line: a thin surface over the library.

Exit codes: 0 success (a win, for ``score``), 1 a valid question whose answer is "no" (a hand that
is not a win, a hand that is not ready, a replay with mismatches), 2 unusable input (one line on
stderr, no traceback).

The package is cut along the commands: :mod:`~mahjongkit.cli.parser` (every subcommand's flags
and help), :mod:`~mahjongkit.cli.output` (refusals, languages), and one module per group of
commands: :mod:`~mahjongkit.cli.questions` (shanten, waits, score, rules),
:mod:`~mahjongkit.cli.games` (selfplay, play, history, show, export),
:mod:`~mahjongkit.cli.logs` (replay-check, convert, mjai-bot) and
:mod:`~mahjongkit.cli.simulate`. Every question is asked of :mod:`mahjongkit.api`; ``serve`` is
run here, the only place that imports the web extra (lazily: the command line stays light
without it).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mahjongkit.api.words import answer, asked_language, speaking, spoken_language
from mahjongkit.cli.output import error_line, tolerant_streams
from mahjongkit.cli.parser import EXAMPLE_HAND, build_parser, command_of, refuse_unknown_command
from mahjongkit.errors import MahjongError
from mahjongkit.lazy import lazy_exports

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.tiles import format_kinds

# Start-up: the command line imports only what the command it runs uses.
__getattr__ = lazy_exports(__name__, {"format_kinds": "mahjongkit.tiles"})


def run_serve(args: argparse.Namespace) -> int:
    """``serve``: the learning site on HOST:PORT, until interrupted."""
    try:
        import uvicorn

        from mahjongkit.web import create_app, default_db_path
    except ImportError as missing:
        from mahjongkit.i18n import Sentence

        raise MahjongError(
            Sentence("command.web_missing", module=str(missing.name or missing))
        ) from None
    from pathlib import Path

    db = Path(args.db) if args.db else default_db_path()
    limits = None
    if args.model:
        from mahjongkit.bots.seating import parse_bots
        from mahjongkit.web.table import Limits

        # Each file is read and checked before the site starts.
        paths = parse_bots([f"learned:{path}" for path in args.model], len(args.model))
        limits = Limits(models=tuple(str(Path(p[len("learned:") :]).resolve()) for p in paths))
    app = create_app(db, table_limits=limits)
    host = f"[{args.host}]" if ":" in args.host else args.host
    from mahjongkit.i18n import t

    lang = spoken_language(args.lang)
    print(t("command.serving", lang, address=f"http://{host}:{args.port}/", db=str(db)))
    sys.stdout.flush()
    try:
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    except KeyboardInterrupt:
        # Ctrl-C before uvicorn has set its own handlers (it is still starting): stop
        # quietly, as it does once started, with the shell's code for an interrupt.
        return 130
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code.

    ``--lang`` may stand anywhere, before the command too: argparse's words, the help and every
    refusal are then said in that language.
    """
    tolerant_streams()
    words = sys.argv[1:] if argv is None else list(argv)
    asked = asked_language(words)
    with speaking(spoken_language(asked)):
        refuse_unknown_command(words)
        # Only the invoked command's flags are built: the others cost a start-up nothing.
        parser = build_parser(only=command_of(words))
        args = parser.parse_args(words)
        if asked is not None:
            args.lang = asked  # the last --lang, wherever it stood
        try:
            code: int = run_serve(args) if args.command == "serve" else args.run(args)
        except MahjongError as error:
            print(error_line(error), file=sys.stderr)
            return 2
        except BrokenPipeError:
            return 0
        except KeyboardInterrupt:
            # Ctrl-C stops any command quietly, with the shell's code for an interrupt.
            return 130
        except OSError as error:
            print(error_line(error), file=sys.stderr)
            return 2
        return code


__all__ = ["EXAMPLE_HAND", "answer", "build_parser", "format_kinds", "main"]
