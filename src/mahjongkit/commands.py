"""The commands of the command line (parser, shanten, waits, score, rules, selfplay,
replay-check) and :func:`answer`, the object ``--json`` prints, for callers inside the program.

:mod:`mahjongkit.cli` runs them (and ``serve``, the only command that needs the web extra).

Exit codes: 0 success (a win, for ``score``), 1 a valid question whose answer is "no" (a hand that
is not a win, a hand that is not ready, a replay with mismatches), 2 unusable input (one line on
stderr, no traceback).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Callable, Sequence

from mahjongkit import __version__
from mahjongkit.api.words import (
    FAMILIES,
    asked_language,
    hand_arguments,
    hand_request_of,
    nonnegative,
    option_argument,
    positive,
    said,
    score_arguments,
    score_request_of,
    sentence,
    speaking,
    spoken,
    spoken_language,
    type_error,
    whole_number,
)
from mahjongkit.errors import MahjongError, NotationError
from mahjongkit.lazy import lazy_exports
from mahjongkit.lite_typing import Any

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from typing import NoReturn

    from mahjongkit.tiles import format_kinds

# Start-up: building the parser imports nothing of the library beyond the errors; each command
# imports what it uses (tiles, hands, the catalogs, one variant's scorer), inside its function.
__getattr__ = lazy_exports(__name__, {"format_kinds": "mahjongkit.tiles"})

EXAMPLE_HAND = "234m456p678s3355z"

MAX_MESSAGE = 1000
"""The longest error line printed; a longer one keeps its start and its end (every option of a
family, listed, fits)."""


def _one_line(text: str) -> str:
    """``text`` with line breaks, other control characters and undecodable bytes escaped.

    An error message quotes the user's input, which may hold newlines, NUL or bytes that are not
    UTF-8 (kept by Python as lone surrogates): escaped, the message stays one printable line.
    """
    import unicodedata

    out = []
    for char in text:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:  # a byte the terminal's encoding could not decode
            out.append(f"\\x{code - 0xDC00:02x}")
        elif 0xD800 <= code <= 0xDFFF or unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            out.append(char.encode("unicode_escape").decode("ascii"))
        else:
            out.append(char)
    line = "".join(out)
    if len(line) > MAX_MESSAGE:
        # A pasted file or a 5,000-digit number: its start and the explanation's end suffice.
        head, tail = line[: MAX_MESSAGE // 2], line[-MAX_MESSAGE // 4 :]
        line = f"{head}... ({len(line)} characters) ...{tail}"
    return line


# --- the language of the command line's own words ------------------------------------------------


_OS_REASONS = {
    "ENOENT": "command.no_such_path",
    "EACCES": "command.permission",
    "EPERM": "command.permission",
    "EISDIR": "command.is_folder",
    "ENOTDIR": "command.not_folder",
    "ENOSPC": "command.no_space",
    "EROFS": "command.read_only",
    "EEXIST": "command.exists",
}
"""The system's reasons a user meets most, said in the catalogs' languages (the others are given
as the system words them)."""


def _reason(error: BaseException) -> str:
    """What went wrong, as a :class:`~mahjongkit.i18n.Sentence` where the catalogs can say it."""
    from mahjongkit.i18n import reason_of

    if isinstance(error, OSError) and not isinstance(error, MahjongError):
        import errno

        key = _OS_REASONS.get(errno.errorcode.get(error.errno or 0, ""))
        reason: str = sentence(key) if key else str(error.strerror or error)
        if error.filename is None:
            return reason
        return sentence("command.os_error", reason=reason, path=str(error.filename))
    return reason_of(error)


def error_line(message: object) -> str:
    """The one line a refusal (a message or the error raised) prints on stderr, in the
    language spoken."""
    from mahjongkit.i18n import t

    if isinstance(message, BaseException):
        message = _reason(message)
    return t("command.error", spoken(), message=_one_line(said(message)))


def _fail(message: object) -> NoReturn:
    print(error_line(message), file=sys.stderr)
    raise SystemExit(2)


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors and exit code 2."""

    def error(self, message: str) -> NoReturn:
        required = argparse._("the following arguments are required: %s")  # type: ignore[attr-defined]
        if message == required % "COMMAND":
            _fail(sentence("command.required_command", commands=", ".join(_COMMANDS)))
        _fail(message)


_COMMANDS = (
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
)


# --- hands as typed ----------------------------------------------------------------------------


def _language(args: argparse.Namespace, languages: Sequence[str]) -> str:
    """``--lang`` as one of ``languages``; English unless the user asks for another."""
    from mahjongkit.api.hands import language

    return language(getattr(args, "lang", None), args.variant, languages)


# --- shanten and waits -------------------------------------------------------------------------


def _say(key: str, lang: str, **values: object) -> str:
    """A sentence of the command line's own pages (the ``cli.`` keys of the catalogs)."""
    from mahjongkit.i18n import t

    return t(f"cli.{key}", lang, **values)


def _state(value: int, lang: str) -> str:
    if value == -1:
        return _say("complete", lang)
    return _say("ready", lang) if value == 0 else _say("shanten", lang, n=value)


def _print_shape_line(result: dict[str, Any], lang: str) -> None:
    parts = [_say("regular", lang, n=result["regular"])]
    if result["seven_pairs"] is not None:
        parts.append(_say("seven_pairs", lang, n=result["seven_pairs"]))
    if result["thirteen_orphans"] is not None:
        parts.append(_say("thirteen_orphans", lang, n=result["thirteen_orphans"]))
    print(_say("by_shape", lang, parts=", ".join(parts)))


def _print_waits(result: dict[str, Any], lang: str) -> None:
    from mahjongkit.i18n import number, t

    print(_say("waits", lang, tiles=" ".join(result["waits"])))
    names = {key: t(f"seat.{result[key]}", lang) for key in ("seat", "round", "from")}
    print("  " + _say("context", lang, discarder=names.pop("from"), **names))
    for detail in result.get("wait_details", []):
        parts = []
        for how in ("ron", "tsumo"):
            outcome = detail[how]
            if outcome["valid"]:
                unit = t(f"unit.{outcome['unit']}", lang)
                fu = f" {outcome['fu']} fu" if outcome["fu"] else ""
                points = number(outcome["points"], lang)
                parts.append(f"{how} {outcome['value']} {unit}{fu} = {points}")
            else:
                parts.append(_say("no_win", lang, how=how, reason=outcome["reason"]))
        joined = t("list.separator", lang).join(parts)
        print("  " + t("cli.wait_line", lang, tile=detail["tile"], parts=joined))


def _print_analysis(result: dict[str, Any]) -> None:
    lang = result["lang"]
    print(f"{result['hand']}: {_state(result['shanten'], lang)}")
    _print_shape_line(result, lang)
    if "discards" in result:
        for option in result["discards"]:
            if option["shanten"] == result["discards"][0]["shanten"]:
                print(
                    _say(
                        "discard",
                        lang,
                        tile=option["discard"],
                        n=option["shanten"],
                        count=option["ukeire"],
                        tiles=" ".join(option["ukeire_tiles"]),
                    )
                )
        return
    if result["waits"]:
        _print_waits(result, lang)
    print(_say("ukeire", lang, count=result["ukeire"], tiles=" ".join(result["ukeire_tiles"])))


def _print_wait_page(result: dict[str, Any]) -> None:
    """What ``waits`` prints: the waits and their values, or why the hand has none."""
    lang = result["lang"]
    if not result["ready"]:
        state = _state(result["shanten"], lang)
        if result["tiles"] == 14:
            best = result["discards"][0]["shanten"] if result["discards"] else result["shanten"]
            state = _state(best, lang)
        print(f"{result['hand']}: " + _say("not_ready", lang, state=state))
        return
    if "discards" in result:
        print(f"{result['hand']}: {_state(result['shanten'], lang)}")
        for option in result["discards"]:
            if option["shanten"] == 0 and option["waits"]:
                tiles = " ".join(option["waits"])
                print(_say("discard_waits", lang, tile=option["discard"], tiles=tiles))
        return
    print(f"{result['hand']}: {_state(result['shanten'], lang)}")
    _print_waits(result, lang)
    print(_say("ukeire", lang, count=result["ukeire"], tiles=" ".join(result["ukeire_tiles"])))


def _cmd_shanten(args: argparse.Namespace) -> int:
    _show_analysis(args, _print_analysis)
    return 0


def _cmd_waits(args: argparse.Namespace) -> int:
    return 0 if _show_analysis(args, _print_wait_page)["ready"] else 1


def _show_analysis(
    args: argparse.Namespace, page: Callable[[dict[str, Any]], None]
) -> dict[str, Any]:
    """Analyse the hand and print it as JSON (``--json``) or as ``page``; return the analysis."""
    from mahjongkit.api.analysis import analyse

    result = analyse(hand_request_of(args)).to_json()
    if args.json:
        import json

        print(json.dumps(result, ensure_ascii=False))
    else:
        page(result)
    return result


# --- score -------------------------------------------------------------------------------------


def _cmd_score(args: argparse.Namespace) -> int:
    from mahjongkit.api.score import score

    found = score(score_request_of(args))
    if args.json:
        import json

        print(json.dumps(found.to_json(), ensure_ascii=False))
    else:
        context = found.context.to_json()
        print(found.score.explain(context["lang"]))
        print(_situation(context, context["lang"]))
    return 0 if found.valid else 1


def _situation(context: dict[str, Any], lang: str) -> str:
    """The line under a score naming what was assumed: seat, round, who discarded, the rules."""
    from mahjongkit.i18n import t

    names = {key: t(f"seat.{context[key]}", lang) for key in ("seat", "round")}
    how = (
        _say("self_draw", lang)
        if context["from"] is None
        else _say("ron_from", lang, discarder=t(f"seat.{context['from']}", lang))
    )
    rules = " ".join([context["rules"], *context["options"]])
    return _say("score_context", lang, how=how, rules=rules, **names)


# --- the other commands ------------------------------------------------------------------------


def _cmd_selfplay(args: argparse.Namespace) -> int:
    import json
    import random

    from mahjongkit.bots import EfficientAgent, make_bot, play
    from mahjongkit.bots.policy import play_random
    from mahjongkit.game.engine import Game
    from mahjongkit.i18n import number, t
    from mahjongkit.variants.seats import SEAT_LETTERS

    _, rules, lang = _variant_rules_language(args)
    for index in range(args.games):
        seed = args.seed + index
        game = Game(args.variant, rules, seed=seed, max_rounds=args.max_rounds)
        if args.bot == "efficient":
            play(game, [EfficientAgent() for _ in range(game.players)])
        elif args.bot == "defensive":
            play(game, [make_bot("defensive", seed, rules) for _ in range(game.players)])
        else:
            play_random(game, random.Random(seed))
        if args.tenhou6:
            from pathlib import Path

            from mahjongkit.formats.tenhou.export import game_to_tenhou6_json

            folder = Path(args.tenhou6)
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / f"game-{seed}.json"
            target.write_text(json.dumps(game_to_tenhou6_json(game), ensure_ascii=False))
        if args.json:
            for event in game.log:
                print(json.dumps(event, ensure_ascii=False))
        else:
            # Each seat by its initial in the language (fr, es: O for Ouest, Oeste).
            scores = " ".join(
                f"{t(f'seat.{SEAT_LETTERS[s]}', lang)[:1]}={number(v, lang)}"
                for s, v in enumerate(game.scores)
            )
            print(
                _say(
                    "game",
                    lang,
                    number=index + 1,
                    seed=seed,
                    rounds=game.rounds_played,
                    scores=scores,
                )
            )
    return 0


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
            found.append((path, said(_reason(error))))
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


def _log_rules_flags(args: argparse.Namespace, variants: Sequence[str]) -> None:
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


def _cmd_replay_check(args: argparse.Namespace) -> int:
    from mahjongkit.formats.tenhou.replay import check_file
    from mahjongkit.i18n import say

    lang = _language(args, _REPLAY_LANGUAGES)
    _log_rules_flags(args, ("riichi",))
    paths = _replay_paths(args.files)
    rounds = mismatched = skipped = unreadable = 0
    for path, problem in paths:
        try:
            if problem is not None:
                raise NotationError(problem)
            report = check_file(path, rules=args.rules, options=args.option)
        except (MahjongError, OSError) as error:
            # One damaged file is reported and the others are still checked.
            reason = _one_line(say(_reason(error), lang))
            print(_say("unreadable", lang, path=_one_line(path), reason=reason), file=sys.stderr)
            unreadable += 1
            continue
        except _READER_FAILURES as error:
            # A reader that fails without its typed error still costs only this file.
            reason = f"{type(error).__name__}: {_one_line(str(error))}"
            print(_say("unreadable", lang, path=_one_line(path), reason=reason), file=sys.stderr)
            unreadable += 1
            continue
        if report.skipped:
            print(_say("skipped", lang, path=_one_line(path), reason=say(report.skipped, lang)))
            skipped += 1
            continue
        mismatches = report.mismatches
        rounds += report.checked
        mismatched += len(mismatches)
        print(
            _say(
                "checked",
                lang,
                path=_one_line(path),
                rounds=report.checked,
                mismatches=len(mismatches),
            )
        )
        for line in mismatches:
            print(f"  {line}")
    if len(paths) > 1:
        print(
            _say(
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


_REPLAY_LANGUAGES = ("en", "fr", "es", "ja", "zh")
"""The languages of replay-check's own words (a reader's reasons stay as it gives them)."""

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


_PLAY_LANGUAGES = ("en", "fr", "es")
"""The languages of the terminal game."""


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


def _need_terminal(lang: str, records: Any) -> None:
    """``play`` draws a screen: refused, before any game is stored, unless its input and output
    are a terminal."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        from mahjongkit.i18n import t

        records.close()
        _fail(t("play.needs_terminal", lang))


def _cmd_play(args: argparse.Namespace) -> int:
    try:
        import textual  # noqa: F401
    except ImportError:
        _fail(sentence("command.tui_missing"))
    from mahjongkit.records import Records
    from mahjongkit.tui.session import Session

    resuming = args.resume is not None
    variant_given = args.variant
    args.variant = args.variant or "riichi"
    lang = _language(args, _PLAY_LANGUAGES)
    if resuming:
        given = [
            flag
            for flag, value in (
                ("--variant", variant_given),
                ("--rules", args.rules),
                ("--option", args.option),
                ("--seed", args.seed),
                ("--seat", args.seat),
                ("--bots", args.bots),
                ("--max-rounds", args.max_rounds),
            )
            if value not in (None, [])
        ]
        if given:
            raise NotationError(sentence("command.resume_fixed", flags=", ".join(given)))
        records = Records(args.db, create=False)
        _need_terminal(lang, records)
        session = Session.resume_record(records, args.resume)
    else:
        from mahjongkit.game.engine import Game

        if (args.bots or "").startswith("mjai:") and args.variant == "riichi" and not args.rules:
            args.rules = "tenhou"  # an mjai bot is told no rules: it plays Tenhou's
        _, rules, _ = _variant_rules_language(argparse.Namespace(**{**vars(args), "lang": None}))
        seat = 0 if args.seat is None else args.seat
        game = Game(args.variant, rules, seed=args.seed or 0, max_rounds=args.max_rounds)
        if seat >= game.players:
            raise NotationError(sentence("command.play_seat", seat=seat, last=game.players - 1))
        records = Records(args.db)
        _need_terminal(lang, records)
        session = Session.start(game, seat, args.bots or "efficient", records, rules)
    from mahjongkit.tui.app import PlayApp

    try:
        PlayApp(session, lang, glyphs=not args.plain).run()
    finally:
        try:
            session.save()
        finally:
            session.close()
            records.close()
    return 0


def _cmd_history(args: argparse.Namespace) -> int:
    import json

    from mahjongkit.i18n import t, t_or
    from mahjongkit.records import Records

    lang = _language(args, _PLAY_LANGUAGES)
    with Records(args.db, read_only=True) as records:
        games = records.list_games(status=args.status, limit=args.limit)
        path = str(records.path)
    if args.json:
        # The same values in every language: ids, the family's and the state's own names.
        listed = [
            {
                "id": game.id,
                "variant": game.variant,
                "status": game.status,
                "seats": ", ".join(s.name + (f" ({s.bot})" if s.bot else "") for s in game.seats),
                "seat_list": [
                    {"name": s.name, "bot": s.bot, "person": s.bot is None} for s in game.seats
                ],
                "scores": (game.result or {}).get("scores"),
                "result": " ".join(str(x) for x in (game.result or {}).get("scores") or ()),
                "updated": game.updated,
            }
            for game in games
        ]
        print(json.dumps(listed, ensure_ascii=False))
        return 0
    if not games:
        print(t("play.history.empty", lang, path=path))
        return 0
    columns = ("id", "variant", "status", "seats", "result", "updated")
    rows = [
        (
            str(game.id),
            t_or(f"play.variant.{game.variant}", lang, game.variant),
            t_or(f"play.status.{game.status}", lang, game.status),
            _seats_in_short(game.seats, lang),
            _scores_in_two_lines((game.result or {}).get("scores"), lang),
            game.updated[:10] + "\n" + game.updated[11:16],  # the UTC day, then the time
        )
        for game in games
    ]
    try:
        from rich.console import Console
    except ImportError:
        for row in rows:
            print("\t".join(cell.replace("\n", " ") for cell in row))
        return 0
    _print_history(rows, [t(f"play.history.{c}", lang) for c in columns], path, lang, Console())
    return 0


def _print_history(
    rows: Sequence[Sequence[str]], headings: Sequence[str], path: str, lang: str, console: Any
) -> None:
    """The stored games as a table that 80 columns hold: the seats in short, the scores two to
    a line, the day above the time."""
    from rich import box
    from rich.table import Table

    from mahjongkit.i18n import t

    table = Table(title=t("play.history.title", lang, path=path), box=box.SIMPLE_HEAD)
    for at, heading in enumerate(headings):
        seats = at == 3
        table.add_column(heading, justify="right" if at == 0 else "left", no_wrap=not seats,
                         overflow="fold", ratio=1 if seats else None)  # fmt: skip
    for row in rows:
        table.add_row(*row)
    console.print(table)


def _seats_in_short(seats: Sequence[Any], lang: str) -> str:
    """The seats of a stored game in short, one a line: each person by name, marked as the
    player, then the bots, one kind after another with their count (``player0 (you)``,
    ``efficient ×3``)."""
    from mahjongkit.i18n import t

    people = [f"{seat.name} ({t('play.you', lang)})" for seat in seats if seat.bot is None]
    kinds: dict[str, int] = {}
    for seat in seats:
        if seat.bot is not None:
            kinds[seat.bot] = kinds.get(seat.bot, 0) + 1
    bots = [name if count == 1 else f"{name} ×{count}" for name, count in kinds.items()]
    return "\n".join(people + bots)  # one a line: a narrow column never cuts one in two


def _scores_in_two_lines(scores: Sequence[int] | None, lang: str) -> str:
    """Final scores in seat order, two to a line (East South, then West North)."""
    from mahjongkit.i18n import number

    if not scores:
        return ""
    shown = [number(score, lang) for score in scores]
    return "\n".join(" ".join(shown[at : at + 2]) for at in range(0, len(shown), 2))


def _cmd_show(args: argparse.Namespace) -> int:
    from mahjongkit.formats.text import record_text
    from mahjongkit.records import Records

    lang = _language(args, _PLAY_LANGUAGES)
    with Records(args.db, read_only=True) as records:
        record = records.load(args.id)
    sys.stdout.write(record_text(record, lang))
    return 0


EXPORT_FORMATS = ("jsonl", "tenhou6")


def _cmd_export(args: argparse.Namespace) -> int:
    import json

    from mahjongkit.records import Records, RecordsError, resume

    with Records(args.db, read_only=True) as records:
        record = records.load(args.id)
    if args.format == "jsonl":
        text = "".join(json.dumps(event, ensure_ascii=False) + "\n" for event in record.events)
    else:
        if record.variant != "riichi":
            raise RecordsError(
                sentence("command.export_riichi", id=record.id, variant=record.variant)
            )
        from mahjongkit.formats.tenhou.export import game_to_tenhou6_json

        exported = game_to_tenhou6_json(resume(record), ("mahjongkit", f"game {record.id}"))
        text = json.dumps(exported, ensure_ascii=False) + "\n"
    if args.out is None:
        sys.stdout.write(text)
        return 0
    from pathlib import Path

    out = Path(args.out)
    if out.is_dir():
        raise MahjongError(sentence("command.out_folder", path=str(out)))
    if not out.parent.is_dir():
        raise MahjongError(
            sentence("command.out_no_parent", path=str(out), parent=str(out.parent))
        )
    out.write_text(text, encoding="utf-8")
    return 0


def _cmd_mjai_bot(args: argparse.Namespace) -> int:
    from mahjongkit.bots.mjai_bot import MjaiBot, serve
    from mahjongkit.sim import BOTS
    from mahjongkit.variants import find_variant

    if args.bot not in BOTS:
        raise NotationError(
            sentence("command.bot_name", value=repr(args.bot[:40]), bots=", ".join(BOTS))
        )
    rules = find_variant("riichi").rules(args.rules)
    bot = MjaiBot(args.bot, args.seat, rules)
    serve(bot, sys.stdin, sys.stdout)
    return 0


def _mjai_seat(text: str) -> int:
    if text.strip() not in ("0", "1", "2", "3"):
        raise type_error(sentence("command.mjai_seat", value=repr(text[:20])))
    return int(text)


def _cmd_convert(args: argparse.Namespace) -> int:
    from pathlib import Path

    from mahjongkit.formats.convert import (
        LOG_ENDINGS,
        SUFFIXES,
        load_games,
        log_files,
        write_game,
    )

    _log_rules_flags(args, tuple(FAMILIES))
    out = Path(args.out) if args.out is not None else None
    if out is not None:
        if out.exists() and not out.is_dir():
            raise MahjongError(sentence("command.out_file", path=str(out)))
        out.mkdir(parents=True, exist_ok=True)  # an OSError (no right to) is one line too
    failed = 0
    for name in args.files:
        given = Path(name)
        if not given.exists():
            print(f"{_one_line(name)}: {said(sentence('command.no_such_file'))}", file=sys.stderr)
            failed += 1
            continue
        paths = log_files(given)
        if not paths:
            none = sentence("command.folder_no_logs", suffixes=", ".join(LOG_ENDINGS))
            print(f"{_one_line(name)}: {said(none)}", file=sys.stderr)
            failed += 1
        for path in paths:
            # A file of a folder is written under the same relative name in --out.
            where = path.relative_to(given).parent if given.is_dir() else Path()
            try:
                games = list(load_games(path, rules=args.rules, options=args.option))
            except MahjongError as error:
                games = [(None, error)]
            except (OSError, UnicodeDecodeError) as error:
                games = [(None, MahjongError(said(_reason(error))))]
            for label, game in games:
                shown = f"{path}: {label}" if label else str(path)
                if isinstance(game, MahjongError):
                    # One bad log is reported on one line; the others are still converted.
                    print(f"{_one_line(shown)}: {_one_line(said(_reason(game)))}", file=sys.stderr)
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


def _cmd_simulate(args: argparse.Namespace) -> int:
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
    if hosted and args.variant == "riichi" and args.rules is None:
        args.rules = "tenhou"  # an mjai bot is told no rules: it plays Tenhou's
    _, rules, lang = _variant_rules_language(args)
    if args.jobs is not None and args.jobs < 1:
        raise NotationError(sentence("command.jobs", jobs=args.jobs))
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    players = Game(args.variant, rules, seed=0).players
    bots = parse_bots(args.bot, players)
    if hosted and (args.variant != "riichi" or players != 4):
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


def _cmd_rules(args: argparse.Namespace) -> int:
    from mahjongkit.variants import rules_page

    _, rules, lang = _variant_rules_language(args)
    if args.options:
        from mahjongkit.options import options_page

        sys.stdout.write(options_page(rules))
        return 0
    print(rules_page(args.variant, rules, lang))
    return 0


def _port(text: str) -> int:
    value = whole_number(text, 1)
    if value > 65535:
        raise type_error(sentence("command.port", value=value))
    return value


def _variant_rules_language(args: argparse.Namespace) -> tuple[Any, Any, str]:
    """The variant, its rules (``--rules`` preset, ``--option`` overrides) and the language."""
    from mahjongkit.api.hands import variant_rules_language

    lang = getattr(args, "lang", None)
    return variant_rules_language(args.variant, args.rules, args.option, lang)


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
    selfplay.add_argument("--variant", choices=FAMILIES, default="riichi", help="the rule family")
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
    pages.add_argument("--variant", choices=FAMILIES, default="riichi", help="the rule family")
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
    if text.strip().lower() not in BOT_NAMES:
        raise type_error(
            sentence("command.bot", value=repr(text[:40]), bots=", ".join(BOT_NAMES))
        )
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
        metavar="{defensive,efficient,random,mjai:COMMAND}",
        help="the other seats' bot (default efficient); mjai:COMMAND runs an external mjai bot "
        "at each of them ({seat} in COMMAND is the seat number; Riichi, Tenhou rules by default)",
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
        "--bot", default="efficient", help="the bot that plays (any bot simulate knows)"
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
    simulate.add_argument("--variant", choices=FAMILIES, default="riichi", help="the rule family")
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
        help="random, efficient, defensive or mjai:COMMAND (an external mjai bot; {seat} in "
        "COMMAND is the seat): once for every seat, or once per seat (default random)",
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


def _help_words(text: str) -> str:
    """A help text (given in English) in the language spoken."""
    lang = spoken()
    if lang == "en":
        return text
    from mahjongkit.i18n.command_line import help_text

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
        return None if action.help is None else _help_words(action.help)

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
    ("shanten", _HAND_HELP["shanten"], _HAND_HELP["shanten"], hand_arguments, _cmd_shanten, True),
    ("waits", _HAND_HELP["waits"], _HAND_HELP["waits"], hand_arguments, _cmd_waits, True),
    (
        "score",
        "Score a winning hand and explain the result.",
        "Score a winning hand and explain the result (exit 1 when it is not a win).",
        score_arguments,
        _cmd_score,
        True,
    ),
    (
        "selfplay",
        "Play seeded games with random legal or tile-efficiency players; print the scores.",
        "Play seeded games with four bots of one kind and print each game's rounds and final "
        "scores (one line a game; --json: every event). A Hong Kong game between random players "
        "may last hundreds of rounds: they rarely reach the 3-fan minimum.",
        _selfplay_arguments,
        _cmd_selfplay,
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
        _cmd_rules,
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
        _cmd_replay_check,
        False,
    ),
    (
        "play",
        "Play in the terminal against bots (needs mahjongkit[tui]); games are stored.",
        "Play Riichi, Hong Kong or Sichuan in the terminal against bots. Every game "
        "is stored in the records database; --resume ID continues an unfinished one.",
        _play_arguments,
        _cmd_play,
        False,
    ),
    (
        "history",
        "List the games stored in the records.",
        "List the games stored in the records database (newest first): id, family, state, "
        "seats, final scores. --json gives stable values (ids as numbers, family and state as "
        "ids) for scripts.",
        _history_arguments,
        _cmd_history,
        False,
    ),
    (
        "show",
        "Print a stored game as text, round by round.",
        "Print a stored game as text, round by round: the scores at each start, the wins and "
        "draws, every payment.",
        _show_arguments,
        _cmd_show,
        False,
    ),
    (
        "export",
        "Write a stored game as JSON lines of its events or as tenhou.net/6 JSON.",
        "Write a stored game as JSON lines of its engine events (any family) or as tenhou.net/6 "
        "JSON (Riichi games), to standard output or --out FILE.",
        _export_arguments,
        _cmd_export,
        False,
    ),
    (
        "mjai-bot",
        "Play one seat of an mjai game (mjai.app dialect) on standard input and output.",
        "Play one seat of an mjai game: each input line is a JSON array of the events since "
        "the last answer, and each is answered with one JSON object (an action or "
        '{"type":"none"}). See docs/mjai.md.',
        _mjai_bot_arguments,
        _cmd_mjai_bot,
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
        _cmd_convert,
        False,
    ),
    (
        "simulate",
        "Play many seeded games between bots on every core; store them; sum them up.",
        "Play many seeded games between bots on one or many processes (the same games "
        "whatever the number), store every game in the records database or as JSON lines, and "
        "print per seat and bot: wins, deal-ins, average score and placement with 95% "
        "confidence intervals.",
        _simulate_arguments,
        _cmd_simulate,
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
    "mjai-bot": "riichi",
    "convert": "convert",
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
    if only not in _COMMANDS:
        only = None
    parser = parser_class(
        prog="mahjongkit",
        description="Mahjong hands for Riichi, Hong Kong and Sichuan: shanten, waits, scores, "
        "rule pages, self-play and Tenhou replay checks.",
        epilog="Exit codes: 0 success, 1 a well-formed question whose answer is no, "
        "2 unusable input.",
        formatter_class=_Help,
    )
    parser.add_argument("--version", action="version", version=f"mahjongkit {__version__}")
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
    return argv[at] if len(argv) > at and argv[at] in _COMMANDS else None


def refuse_unknown_command(argv: Sequence[str]) -> None:
    """Refuse a mistyped command's name, naming the command it is closest to (``scroe``: did
    you mean score?)."""
    at = _command_word(argv)
    if len(argv) <= at or argv[at].startswith("-") or argv[at] in _COMMANDS:
        return
    import difflib

    name = argv[at]
    close = difflib.get_close_matches(name.lower(), _COMMANDS, n=1, cutoff=0.6)
    commands = ", ".join(_COMMANDS)
    if close:
        _fail(sentence("command.unknown", name=repr(name[:40]), guess=close[0], commands=commands))
    _fail(sentence("command.unknown_no_guess", name=repr(name[:40]), commands=commands))


def _tolerant_streams() -> None:
    """Let a terminal that cannot show a character get an escape instead of a traceback."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            # A closed or detached stream has nothing to print to anyway.
            with contextlib.suppress(ValueError, io.UnsupportedOperation):
                stream.reconfigure(errors="backslashreplace")


__all__ = [
    "EXAMPLE_HAND",
    "asked_language",
    "build_parser",
    "error_line",
    "format_kinds",
    "speaking",
    "spoken_language",
]
