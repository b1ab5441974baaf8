"""The command line's parser: every subcommand, its flags and its help in the language spoken.

Building it imports nothing of the library beyond the errors and the registry's names: each
command's module is imported when the command runs (:class:`_Run`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from mahjongkit import __version__, native
from mahjongkit.api.words import (
    FAMILIES,
    fill_help,
    hand_arguments,
    nonnegative,
    option_argument,
    positive,
    score_arguments,
    sentence,
    spoken,
    type_error,
    whole_number,
)
from mahjongkit.cli.output import EXPORT_FORMATS, fail
from mahjongkit.errors import MahjongError, NotationError
from mahjongkit.variants import VARIANT_NAMES

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from typing import NoReturn


class _Run:
    """A command's function, named by its module and imported when the
    command runs (the others cost the start-up nothing)."""

    __slots__ = ("module", "name")

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name

    def __call__(self, args: argparse.Namespace) -> int:
        from importlib import import_module

        run: Callable[[argparse.Namespace], int] = getattr(import_module(self.module), self.name)
        return run(args)


EXAMPLE_HAND = "234m456p678s3355z"


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors and exit code 2."""

    def error(self, message: str) -> NoReturn:
        required = argparse._("the following arguments are required: %s")  # type: ignore[attr-defined]
        if message == required % "COMMAND":
            fail(sentence("command.required_command", commands=", ".join(COMMANDS)))
        fail(message)


COMMANDS = (
    "shanten",
    "waits",
    "score",
    "rules",
    "selfplay",
    "replay-check",
    "serve",
    "play",
    "history",
    "show",
    "export",
    "simulate",
    "mjai-bot",
    "convert",
    "train",
)


def _player_seat(text: str) -> int:
    """``--seat``: 0 to 3, or a seat letter or name (E S W N, Sud, Oeste...)."""
    if text.strip().isdigit():
        if len(text.strip()) > 2 or not 0 <= int(text) <= 3:
            raise type_error(sentence("command.seat_range", last=3, value=text.strip()[:20]))
        return int(text)
    try:
        from mahjongkit.api.hands import seat_of

        return seat_of(text)
    except NotationError:
        raise type_error(sentence("command.seat_word", value=repr(text[:20]))) from None


def _mjai_seat(text: str) -> int:
    if text.strip() not in ("0", "1", "2", "3"):
        raise type_error(sentence("command.mjai_seat", value=repr(text[:20])))
    return int(text)


def _port(text: str) -> int:
    value = whole_number(text, 1)
    if value > 65535:
        raise type_error(sentence("command.port", value=value))
    return value


def _seconds(text: str) -> float:
    """A number of seconds above 0 (at most a day)."""
    try:
        value = float(text)
    except ValueError:
        raise type_error(sentence("command.seconds", value=repr(text[:20]))) from None
    if not 0 < value <= 86400:  # a NaN is refused too
        raise type_error(sentence("command.seconds_range", value=text.strip()[:20]))
    return value


def _seed(text: str) -> int:
    from mahjongkit.i18n import Sentence

    if len(text.strip()) > 20:
        raise type_error(Sentence("refusal.seed_too_long", count=len(text)))
    try:
        value = int(text)
    except ValueError:
        raise type_error(Sentence("refusal.whole_number", value=repr(text))) from None
    if value < 0:
        raise type_error(Sentence("refusal.number_at_least", low=0, value=value))
    return value


def _selfplay_arguments(selfplay: argparse.ArgumentParser) -> None:
    """The arguments of ``selfplay``."""
    selfplay.add_argument(
        "--variant", choices=FAMILIES, default=VARIANT_NAMES[0], help="the rule family"
    )
    selfplay.add_argument("--rules", help="a rules preset of the variant")
    option_argument(selfplay)
    selfplay.add_argument("--seed", type=_seed, default=0, help="the first game's seed")
    selfplay.add_argument("--games", type=positive, default=1, help="how many games to play")
    selfplay.add_argument(
        "--json", action="store_true", help="print each game's event log as JSON lines"
    )
    selfplay.add_argument(
        "--tenhou6", metavar="DIR", help="also write each Riichi game as tenhou.net/6 JSON in DIR"
    )
    selfplay.add_argument(
        "--bot",
        choices=("random", "efficient", "defensive"),
        default="random",
        help="random legal players, tile-efficiency players, or efficient players that fold "
        "against a threat",
    )
    selfplay.add_argument(
        "--max-rounds", type=positive, default=None, help="stop each game after this many rounds"
    )
    selfplay.add_argument("--lang", help="language of the game lines (default en)")


def _rules_arguments(pages: argparse.ArgumentParser) -> None:
    """The arguments of ``rules``."""
    pages.add_argument(
        "--variant", choices=FAMILIES, default=VARIANT_NAMES[0], help="the rule family"
    )
    pages.add_argument("--rules", help="a rules preset of the variant")
    option_argument(pages)
    pages.add_argument("--lang", help="language of the names (default en)")
    pages.add_argument(
        "--options",
        action="store_true",
        help="print the rule options instead: each one's value under --rules and --option, and "
        "the values it accepts",
    )


def _serve_arguments(serve: argparse.ArgumentParser) -> None:
    """The arguments of ``serve`` (run by :mod:`mahjongkit.cli`, which alone imports the web
    extra)."""
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=_port, default=8000, help="the port to listen on")
    serve.add_argument(
        "--db",
        metavar="PATH",
        help="the SQLite file keeping which chapters each browser has read (default: "
        "mahjongkit/site.sqlite3 in the user's data folder)",
    )
    serve.add_argument(
        "--model",
        action="append",
        default=[],
        metavar="MODEL",
        help="a model file of train that the table offers as a bot (repeatable)",
    )
    serve.add_argument("--lang", help="language of the messages: en, fr, es (default en)")


def _replay_arguments(replay: argparse.ArgumentParser) -> None:
    """The arguments of ``replay-check``."""
    replay.add_argument(
        "files", nargs="+", help="mjlog files (.xml, or gzip .mjlog), or folders holding them"
    )
    replay.add_argument("--lang", help="language of the report (en, fr, es, ja, zh; default en)")
    replay.add_argument(
        "--rules",
        help="a Riichi rules preset to replay under instead of Tenhou's rules of the log's day",
    )
    option_argument(replay)


def _play_bot(text: str) -> str:
    """A ``play --bots`` value: a bot's name, or ``mjai:COMMAND``."""
    from mahjongkit.bots import BOT_NAMES

    if text.strip().lower().startswith("mjai:"):
        from mahjongkit.bots.mjai_host import command_of

        spec = "mjai:" + text.strip()[len("mjai:") :].strip()
        try:
            command_of(spec)
        except MahjongError as error:
            from mahjongkit.i18n import reason_of

            raise type_error(reason_of(error)) from None
        return spec
    if text.strip().lower().startswith("learned:"):
        from mahjongkit.bots.seating import parse_bots

        try:
            return parse_bots([text], 1)[0]  # the model file is read and checked here
        except MahjongError as error:
            from mahjongkit.i18n import reason_of

            raise type_error(reason_of(error)) from None
    if text.strip().lower() not in BOT_NAMES:
        raise type_error(sentence("command.bot", value=repr(text[:40]), bots=", ".join(BOT_NAMES)))
    return text.strip().lower()


def _play_arguments(play: argparse.ArgumentParser) -> None:
    """The arguments of ``play``."""
    play.add_argument("--variant", choices=FAMILIES, help="the rule family (default riichi)")
    play.add_argument("--rules", help="a rules preset of the variant")
    option_argument(play)
    play.add_argument(
        "--seat", type=_player_seat, help="your seat, 0 to 3 or E S W N (default 0, East)"
    )
    play.add_argument(
        "--bots",
        type=_play_bot,
        metavar="{defensive,efficient,random,mjai:COMMAND,learned:MODEL}",
        help="the other seats' bot (default efficient); mjai:COMMAND runs an external mjai bot "
        "at each of them ({seat} in COMMAND is the seat number; Riichi, Tenhou rules by default)"
        "; learned:MODEL plays a model file of train",
    )
    play.add_argument("--seed", type=_seed, help="the game's seed (default 0)")
    play.add_argument("--lang", help="language of the game: en, fr, es (default en)")
    play.add_argument("--db", help="the records database (default: the user's data folder)")
    play.add_argument("--resume", type=positive, metavar="ID", help="continue a stored game")
    play.add_argument("--max-rounds", type=positive, help="end the game after this many rounds")
    play.add_argument(
        "--plain", action="store_true", help="tiles as text (5m) instead of Unicode glyphs"
    )


def _history_arguments(history: argparse.ArgumentParser) -> None:
    """The arguments of ``history``."""
    history.add_argument("--db", help="the records database (default: the user's data folder)")
    history.add_argument("--status", choices=("playing", "finished"), help="only these games")
    history.add_argument("--limit", type=positive, help="at most this many games")
    history.add_argument("--lang", help="language of the table: en, fr, es (default en)")
    history.add_argument("--json", action="store_true", help="print one JSON array")


def _show_arguments(show: argparse.ArgumentParser) -> None:
    """The arguments of ``show``."""
    show.add_argument("id", type=positive, help="the game's id (mahjongkit history lists them)")
    show.add_argument("--db", help="the records database (default: the user's data folder)")
    show.add_argument("--lang", help="language of the text: en, fr, es (default en)")


def _export_arguments(export: argparse.ArgumentParser) -> None:
    """The arguments of ``export``."""
    export.add_argument("id", type=positive, help="the game's id (mahjongkit history lists them)")
    export.add_argument(
        "--format",
        required=True,
        choices=EXPORT_FORMATS,
        help="jsonl: the engine's events, one JSON object a line; tenhou6: tenhou.net/6 JSON "
        "(Riichi games)",
    )
    export.add_argument("--db", help="the records database (default: the user's data folder)")
    export.add_argument("--out", help="write to this file (default: standard output)")
    export.add_argument("--lang", help="language of the messages: en, fr, es (default en)")


def _mjai_bot_arguments(bot: argparse.ArgumentParser) -> None:
    """The arguments of ``mjai-bot``."""
    bot.add_argument(
        "seat",
        nargs="?",
        type=_mjai_seat,
        help="the bot's seat, 0-3 (default: the id that start_game gives)",
    )
    bot.add_argument(
        "--bot",
        default="efficient",
        help="the bot that plays (any bot simulate knows; learned:MODEL: a model file of train)",
    )
    bot.add_argument("--rules", default="tenhou", help="a Riichi rules preset")
    bot.add_argument("--lang", help="language of the messages: en, fr, es (default en)")


def _convert_arguments(convert: argparse.ArgumentParser) -> None:
    """The arguments of ``convert``."""
    convert.add_argument(
        "files",
        nargs="+",
        help="game logs: Tenhou mjlog (XML), tenhou.net/6 JSON, mjai JSON lines, mahjongkit's "
        "event lines (export --format jsonl) or the games of simulate --out, each plain or "
        "gzipped; the format is recognised. A folder stands for its logs (.xml .mjlog .json "
        ".jsonl .gz, at any depth)",
    )
    convert.add_argument(
        "--to",
        required=True,
        choices=("mjai", "tenhou6", "jsonl"),
        help="the format written",
    )
    convert.add_argument(
        "--out",
        metavar="DIR",
        help="write each log to DIR (NAME.mjai.jsonl, NAME.tenhou6.json or NAME.jsonl) instead "
        "of standard output",
    )
    convert.add_argument(
        "--rules",
        help="a rules preset to play each log under instead of the rules it implies (mjai: "
        "Tenhou's, East-South; Tenhou: those of the log's day; our events: their own)",
    )
    option_argument(convert)
    convert.add_argument("--lang", help="language of the messages: en, fr, es (default en)")


def _simulate_arguments(simulate: argparse.ArgumentParser) -> None:
    """The arguments of ``simulate``."""
    simulate.add_argument(
        "--variant", choices=FAMILIES, default=VARIANT_NAMES[0], help="the rule family"
    )
    simulate.add_argument("--rules", help="a rules preset of the variant")
    simulate.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override one rule option (repeatable)",
    )
    simulate.add_argument("--games", type=positive, required=True, help="how many games")
    simulate.add_argument(
        "--seed", type=_seed, default=0, help="the run's seed: the same seed, the same games"
    )
    simulate.add_argument(
        "--jobs",
        type=nonnegative,
        help="how many processes (default: every core); the results do not depend on it",
    )
    simulate.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SPEC",
        help="random, efficient, defensive, mjai:COMMAND (an external mjai bot; {seat} in "
        "COMMAND is the seat) or learned:MODEL (a model file of train): once for every seat, "
        "or once per seat (default random)",
    )
    simulate.add_argument(
        "--mjai-timeout",
        type=_seconds,
        default=5.0,
        metavar="SECONDS",
        help="seconds an mjai:COMMAND bot has for each answer (default 5; 30 for its first)",
    )
    simulate.add_argument(
        "--mjai-strict",
        action="store_true",
        help="end the run with an error at an mjai bot's first late, malformed or illegal "
        "answer, or its exit, instead of playing the safe default",
    )
    simulate.add_argument(
        "--max-rounds", type=positive, default=None, help="end each game after this many rounds"
    )
    where = simulate.add_mutually_exclusive_group()
    where.add_argument("--db", help="the records database (default: the user's data folder)")
    where.add_argument("--out", metavar="FILE.jsonl", help="write the games as JSON lines instead")
    simulate.add_argument(
        "--resume",
        action="store_true",
        help="an interrupted run: keep the games it stored (--db or --out) and play the rest; "
        "give the same flags again",
    )
    simulate.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="play the games as Ray tasks: on a local instance, or on the cluster at ADDRESS "
        "(HOST:PORT, ray://HOST:PORT or auto); the same games as --jobs 1; --jobs is then how "
        "many at once (needs mahjongkit[ray])",
    )
    simulate.add_argument("--json", action="store_true", help="print the summary as one object")
    simulate.add_argument(
        "--lang", help="language of the progress, the summary and the messages: en, fr, es"
    )


def _minutes(text: str) -> float:
    """A ``train --minutes`` value: a positive number of minutes, at most a day."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 24 * 60:  # also refuses nan and inf
        raise type_error(sentence("command.minutes", value=repr(text[:40])))
    return value


def _layers(text: str) -> tuple[int, ...]:
    """A ``train --hidden`` value: one to four widths of 1 to 2048, comma-separated."""
    try:
        widths = tuple(int(part) for part in text.split(","))
    except ValueError:
        widths = ()
    if not 1 <= len(widths) <= 4 or not all(1 <= w <= 2048 for w in widths):
        raise type_error(sentence("command.hidden", value=repr(text[:40])))
    return widths


class _Noted(argparse.Action):
    """Stores a flag's value and notes its name in ``given``: a command can then tell a flag
    that was typed from one left at its default (``train --improve`` refuses the ones it
    would ignore)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)
        namespace.given = {*getattr(namespace, "given", ()), self.dest}


def _train_arguments(train: argparse.ArgumentParser) -> None:
    """The arguments of ``train``."""
    train.add_argument(
        "--variant", choices=FAMILIES, default=VARIANT_NAMES[0], help="the rule family"
    )
    train.add_argument("--rules", help="a rules preset of the variant")
    option_argument(train)
    train.add_argument(
        "--games",
        type=positive,
        default=200,
        action=_Noted,
        help="games of the teacher bot at every seat to learn from (fewer if the time runs out)",
    )
    train.add_argument(
        "--minutes",
        type=_minutes,
        default=10.0,
        help="the time the whole training may take, in minutes: the games, the fitting and "
        "the self-play round",
    )
    train.add_argument(
        "--seed", type=_seed, default=0, help="the run's seed: the same seed, the same games"
    )
    train.add_argument(
        "--out", required=True, metavar="MODEL", help="the model file written (.npz)"
    )
    train.add_argument(
        "--self-play-games",
        type=nonnegative,
        default=40,
        help="games of the learned policy against itself for one round of improvement, "
        "written to --self-play-out (0: none)",
    )
    train.add_argument(
        "--self-play-out",
        metavar="MODEL",
        help="the improved model file (default: MODEL with -selfplay before its suffix)",
    )
    train.add_argument(
        "--improve",
        metavar="FROM_MODEL",
        help="run only the self-play round, from this model file (of train) instead of a "
        "teacher's games; the improved model is written to --out",
    )
    train.add_argument(
        "--self-play-opponent",
        choices=("efficient", "defensive"),
        help="a bot that takes every other seat of the self-play games (default: the policy "
        "plays all four)",
    )
    train.add_argument(
        "--gate-deals",
        type=nonnegative,
        default=200,
        help="duplicate deals the improved model plays against the model it started from; "
        "the better of the two is written (0: keep the improved one unchecked)",
    )
    train.add_argument(
        "--teacher",
        choices=("defensive", "efficient"),
        default="defensive",
        action=_Noted,
        help="the bot whose decisions are learned",
    )
    train.add_argument(
        "--hidden",
        type=_layers,
        default=(256, 256),
        action=_Noted,
        metavar="N,N",
        help="the widths of the hidden layers",
    )
    train.add_argument(
        "--max-rounds", type=positive, default=None, help="end each game after this many rounds"
    )
    train.add_argument("--json", action="store_true", help="print the figures as one object")
    train.add_argument(
        "--lang", help="language of the progress, the summary and the messages: en, fr, es"
    )


def _help_words(text: str) -> str:
    """A help text (given in English) in the language spoken."""
    lang = spoken()
    if lang == "en":
        return text
    from mahjongkit.i18n.command_help import help_text

    return help_text(text, lang)


class _Help(argparse.HelpFormatter):
    """argparse's help layout in the language spoken, its width read without importing
    :mod:`shutil` (a tenth of the start-up of a command that never prints its help)."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        super().__init__(
            prog, indent_increment, max_help_position, _help_width() if width is None else width
        )

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return None if action.help is None else fill_help(_help_words(action.help))

    def add_text(self, text: str | None) -> None:
        super().add_text(_help_words(text) if text else text)

    def start_section(self, heading: str | None) -> None:
        if heading and spoken() == "fr":
            heading += "\N{NO-BREAK SPACE}"  # French sets a space before the colon argparse adds
        super().start_section(heading)


class _DefaultsHelp(_Help):
    """:class:`_Help` that also shows each flag's default, unless its help already says it or
    it has none worth saying (None, an empty text, off)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = super()._get_help_string(action)
        if text is None or "%(default)" in text or "default" in (action.help or "").lower():
            return text
        if action.default in (None, argparse.SUPPRESS, False, "", []):
            return text
        if action.option_strings or action.nargs in (argparse.OPTIONAL, argparse.ZERO_OR_MORE):
            text += _help_words(" (default: %(default)s)")
        return text


def _help_width() -> int:
    """The width argparse would take: ``COLUMNS``, else the terminal's, else 80; less 2."""
    import os

    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
        columns = columns or 80
    return columns - 2


_HAND_HELP = {
    "shanten": "Shanten of a hand, by shape, with its waits and ukeire.",
    "waits": "Waits of a ready hand, what a win on each is worth or why it is none "
    "(exit 1 when the hand is not ready).",
}


_Subcommand = tuple[
    str,
    str,
    "str | None",
    Callable[[argparse.ArgumentParser], None],
    "Callable[[argparse.Namespace], int] | None",
    bool,
]
"""A subcommand: its name, help line and description, what adds its arguments, what runs it
(None for ``serve``, run by :mod:`mahjongkit.cli`) and whether its help shows defaults. A plain
tuple: a named tuple class would cost the start-up its creation."""


_SUBCOMMANDS: tuple[_Subcommand, ...] = (
    (
        "shanten",
        _HAND_HELP["shanten"],
        _HAND_HELP["shanten"],
        hand_arguments,
        _Run("mahjongkit.cli.questions", "run_shanten"),
        True,
    ),
    (
        "waits",
        _HAND_HELP["waits"],
        _HAND_HELP["waits"],
        hand_arguments,
        _Run("mahjongkit.cli.questions", "run_waits"),
        True,
    ),
    (
        "score",
        "Score a winning hand and explain the result.",
        "Score a winning hand and explain the result (exit 1 when it is not a win).",
        score_arguments,
        _Run("mahjongkit.cli.questions", "run_score"),
        True,
    ),
    (
        "selfplay",
        "Play seeded games with random legal or tile-efficiency players; print the scores.",
        "Play seeded games with four bots of one kind and print each game's rounds and final "
        "scores (one line a game; --json: every event). A Hong Kong game between random players "
        "may last hundreds of rounds: they rarely reach the 3-fan minimum.",
        _selfplay_arguments,
        _Run("mahjongkit.cli.games", "run_selfplay"),
        True,
    ),
    (
        "rules",
        "Print a variant's pattern table (names, values, examples), or with --options its "
        "rule options and their ranges, as Markdown.",
        "Print a variant's pattern table as Markdown: every pattern's name in the language "
        "asked, its value, what it replaces and an example in the command line's notation, under "
        "the preset and options given. With --options: every rule option, its default and its "
        "range.",
        _rules_arguments,
        _Run("mahjongkit.cli.questions", "run_rules"),
        True,
    ),
    (
        "serve",
        "Start the learning site (lessons, pattern tables, glossary) in English, French "
        "and Spanish; needs the web extra: pip install 'mahjongkit[web]'.",
        "Start the learning site on HOST:PORT: lessons, pattern tables, a glossary, a hand "
        "calculator and a table against bots, in English, French and Spanish. The reading "
        "progress is kept in --db; the games played on the site go to records.sqlite3 beside "
        "it (with records.sqlite3.secret). Needs the web extra: pip install 'mahjongkit[web]'.",
        _serve_arguments,
        None,
        True,
    ),
    (
        "replay-check",
        "Replay Tenhou mjlog files through the engine and list every mismatch.",
        "Replay Tenhou mjlog files (or every .mjlog and .xml of a folder) through the engine and "
        "list every mismatch, then sum up (exit 1 on a mismatch, 2 on an unreadable file).",
        _replay_arguments,
        _Run("mahjongkit.cli.logs", "run_replay_check"),
        False,
    ),
    (
        "play",
        "Play in the terminal against bots (needs mahjongkit[tui]); games are stored.",
        "Play Riichi, Hong Kong or Sichuan in the terminal against bots. Every game "
        "is stored in the records database; --resume ID continues an unfinished one.",
        _play_arguments,
        _Run("mahjongkit.cli.games", "run_play"),
        False,
    ),
    (
        "history",
        "List the games stored in the records.",
        "List the games stored in the records database (newest first): id, family, state, "
        "seats, final scores. --json gives stable values (ids as numbers, family and state as "
        "ids) for scripts.",
        _history_arguments,
        _Run("mahjongkit.cli.games", "run_history"),
        False,
    ),
    (
        "show",
        "Print a stored game as text, round by round.",
        "Print a stored game as text, round by round: the scores at each start, the wins and "
        "draws, every payment.",
        _show_arguments,
        _Run("mahjongkit.cli.games", "run_show"),
        False,
    ),
    (
        "export",
        "Write a stored game as JSON lines of its events or as tenhou.net/6 JSON.",
        "Write a stored game as JSON lines of its engine events (any family) or as tenhou.net/6 "
        "JSON (Riichi games), to standard output or --out FILE.",
        _export_arguments,
        _Run("mahjongkit.cli.games", "run_export"),
        False,
    ),
    (
        "mjai-bot",
        "Play one seat of an mjai game (mjai.app dialect) on standard input and output.",
        "Play one seat of an mjai game: each input line is a JSON array of the events since "
        "the last answer, and each is answered with one JSON object (an action or "
        '{"type":"none"}). See docs/mjai.md.',
        _mjai_bot_arguments,
        _Run("mahjongkit.cli.logs", "run_mjai_bot"),
        True,
    ),
    (
        "convert",
        "Convert game logs between Tenhou mjlog, tenhou.net/6, mjai and mahjongkit's events.",
        "Convert game logs between Tenhou mjlog (XML), tenhou.net/6 JSON, mjai JSON lines and "
        "mahjongkit's event lines; the games of simulate --out, gzipped logs and folders of "
        "logs are read too. Each log is replayed through the engine on the way; a log that "
        "does not replay is reported on one line (exit 2) and the others are converted.",
        _convert_arguments,
        _Run("mahjongkit.cli.logs", "run_convert"),
        False,
    ),
    (
        "train",
        "Train a policy from a bot's self-play (needs mahjongkit[train]); write a model "
        "file that learned:PATH plays.",
        "Train a small policy network: seeded games of the teacher bot at every seat, behaviour "
        "cloning of its decisions (agreement measured on the last tenth of the games), then one "
        "round of self-play improvement by policy gradient. Each model is a NumPy file that "
        "simulate, play and mjai-bot play as --bot learned:MODEL without PyTorch. Needs "
        "PyTorch: pip install 'mahjongkit[train]'.",
        _train_arguments,
        _Run("mahjongkit.cli.train", "run_train"),
        True,
    ),
    (
        "simulate",
        "Play many seeded games between bots on every core; store them; sum them up.",
        "Play many seeded games between bots on one or many processes (the same games "
        "whatever the number), store every game in the records database or as JSON lines, and "
        "print per seat and bot: wins, deal-ins, average score and placement with 95% "
        "confidence intervals.",
        _simulate_arguments,
        _Run("mahjongkit.cli.simulate", "run_simulate"),
        False,
    ),
)
"""The subcommands, in the order the help lists them."""


_VARIANT_OF = {
    "serve": "serve",
    "replay-check": "replay-check",
    "history": "history",
    "show": "show",
    "export": "export",
    "convert": "convert",
    "mjai-bot": "mjai-bot",
}
"""The ``variant`` default of the commands that take no ``--variant`` (error messages name it)."""


def build_parser(
    parser_class: type[_Parser] = _Parser, only: str | None = None
) -> argparse.ArgumentParser:
    """The argument parser of every subcommand.

    With ``only`` (a subcommand's name), the other subcommands are left out: the command line
    builds only the parser of the command it runs, because each parser argparse makes costs a
    one-shot command its start-up. Without it (no command, or a mistyped one) every subcommand
    is listed, in the help and as the choices of an error.
    """
    if only not in COMMANDS:
        only = None
    parser = parser_class(
        prog="mahjongkit",
        description="Mahjong hands for Riichi, Hong Kong and Sichuan: shanten, waits, scores, "
        "rule pages, self-play and Tenhou replay checks.",
        epilog="Exit codes: 0 success, 1 a well-formed question whose answer is no, "
        "2 unusable input.",
        formatter_class=_Help,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"mahjongkit {__version__}, {_help_words(native.describe())}",
    )
    parser.add_argument(
        "--lang",
        default=argparse.SUPPRESS,
        help="the language of the answers and messages: en, fr, es (ja, zh for some commands); "
        "also accepted anywhere after the command",
    )
    commands = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=parser_class
    )
    for name, help_text, description, arguments, run, defaults in _SUBCOMMANDS:
        if only not in (None, name):
            continue
        sub = commands.add_parser(
            name,
            help=help_text,
            description=description,
            formatter_class=_DefaultsHelp if defaults else _Help,
        )
        arguments(sub)
        sub.set_defaults(run=run)
        if name in _VARIANT_OF:
            sub.set_defaults(variant=_VARIANT_OF[name])
    return parser


def _command_word(argv: Sequence[str]) -> int:
    """Where the command's name stands in ``argv``: first, or after a leading ``--lang``."""
    if argv and argv[0] == "--lang":
        return 2
    return 1 if argv and argv[0].startswith("--lang=") else 0


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` runs, when its first word names one (a ``--lang`` may come first).

    Another flag first (``--help``, ``--version``) is the whole program's: its parser is built
    whole.
    """
    at = _command_word(argv)
    return argv[at] if len(argv) > at and argv[at] in COMMANDS else None


def refuse_unknown_command(argv: Sequence[str]) -> None:
    """Refuse a mistyped command's name, naming the command it is closest to (``scroe``: did
    you mean score?)."""
    at = _command_word(argv)
    if len(argv) <= at or argv[at].startswith("-") or argv[at] in COMMANDS:
        return
    import difflib

    name = argv[at]
    close = difflib.get_close_matches(name.lower(), COMMANDS, n=1, cutoff=0.6)
    commands = ", ".join(COMMANDS)
    if close:
        fail(sentence("command.unknown", name=repr(name[:40]), guess=close[0], commands=commands))
    fail(sentence("command.unknown_no_guess", name=repr(name[:40]), commands=commands))
