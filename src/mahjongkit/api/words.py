"""The question command line: ``shanten``, ``waits`` and ``score`` with their flags, read into
typed requests (:mod:`mahjongkit.api.requests`).

The lessons, the pattern tables, the calculator's command box and ``POST /api/run`` write their
questions as command lines; the command line itself builds its ``shanten``, ``waits`` and
``score`` subcommands from the same argument lists. argparse's own words are said in the
language :func:`speaking` sets.

>>> request = request_of_words(["score", "234m456p678s33555z", "--win", "5z", "--tsumo"])
>>> type(request).__name__, request.win, request.tsumo
('ScoreRequest', '5z', True)
>>> code, result = answer(["score", "11223344556677m", "--variant", "sichuan", "--win", "7m",
...                        "--tsumo"])
>>> code, result["fan"], result["points"]
(0, 4, 48)
"""

from __future__ import annotations

import argparse
import contextlib
import contextvars
from collections.abc import Iterator, Sequence

from mahjongkit.errors import NotationError
from mahjongkit.lite_typing import Any
from mahjongkit.variants import VARIANT_NAMES

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from typing import NoReturn

    from mahjongkit.api.requests import ScoreRequest, ShantenRequest
    from mahjongkit.i18n import Sentence

QUESTIONS = ("shanten", "waits", "score")
"""The commands that ask a question about a hand."""

MAX_COUNT = 100_000
"""The largest value of a counting flag (``--honba``, ``--games``, ...): far above any real table,
small enough for every total to print."""


class _Families:
    """The registered families' names, read when a parser first checks or lists them (building
    a parser imports no family)."""

    def _names(self) -> tuple[str, ...]:
        from mahjongkit.variants import VARIANT_NAMES

        return tuple(VARIANT_NAMES)

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())

    def __getitem__(self, index: int) -> str:
        return self._names()[index]


FAMILIES: Any = _Families()
"""The choices of ``--variant``."""


def fill_help(text: str) -> str:
    """A help text with its registry lists filled in, read when a help is printed (building a
    parser imports no family): ``{presets}``, each family's rules presets, and ``{languages}``,
    the languages each family explains a hand in."""
    if "{presets}" not in text and "{languages}" not in text:
        return text
    from mahjongkit.variants import VARIANT_NAMES, find_variant

    records = [find_variant(name) for name in VARIANT_NAMES]
    presets = "; ".join(f"{r.name}: {', '.join(r.presets)}" for r in records)
    spoken = "; ".join(f"{r.name}: {' '.join(r.languages)}" for r in records)
    return text.replace("{presets}", presets).replace("{languages}", spoken)


_SPOKEN: contextvars.ContextVar[str] = contextvars.ContextVar("mahjongkit_spoken", default="en")
"""The language the command line speaks while :func:`speaking` runs: argparse's words, the help,
the refusals. English outside it (the site's parser always reads argparse in English)."""


def _argparse_words(message: str) -> str:
    """argparse's gettext: its ``message`` in the language spoken (English costs no import)."""
    lang = _SPOKEN.get()
    if lang == "en":
        return message
    from mahjongkit.i18n.command_line import argparse_text

    return argparse_text(message, lang)


def _argparse_count_words(singular: str, plural: str, count: int) -> str:
    """argparse's ngettext: a count-dependent message in the language spoken."""
    lang = _SPOKEN.get()
    if lang == "en":
        return singular if count == 1 else plural
    from mahjongkit.i18n.command_line import argparse_plural

    return argparse_plural(singular, plural, count, lang)


@contextlib.contextmanager
def speaking(lang: str) -> Any:
    """Within the block, the command line's own words are said in ``lang`` (a language code:
    ``fr``, ``es``; English where a catalog has no translation).

    argparse looks its words up through the ``gettext`` functions it imported; they are
    answered from :mod:`mahjongkit.i18n.command_line` (identical in English, so another parser of
    the same process, in this block or not, reads as argparse wrote it).
    """
    if getattr(argparse, "_", None) is not _argparse_words:
        argparse._ = _argparse_words  # type: ignore[attr-defined]
        argparse.ngettext = _argparse_count_words  # type: ignore[attr-defined]
    token = _SPOKEN.set(lang)
    try:
        yield
    finally:
        _SPOKEN.reset(token)


def asked_language(words: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` of ``words``, wherever it stands (before the command,
    among its flags or after its arguments); None when there is none. Words after ``--`` are
    arguments, not flags."""
    asked = None
    for at, word in enumerate(words):
        if word == "--":
            break
        if word == "--lang" and at + 1 < len(words):
            asked = words[at + 1]
        elif word.startswith("--lang="):
            asked = word.partition("=")[2]
    return asked


def spoken_language(asked: str | None) -> str:
    """The language code of a ``--lang`` value for the command line's own words: ``FR``,
    ``fr_FR.UTF-8`` and ``fr-CA`` are ``fr``; no value is English.

    >>> spoken_language("fr_FR.UTF-8"), spoken_language(None), spoken_language("ES")
    ('fr', 'en', 'es')
    """
    if not asked or not asked.strip():
        return "en"
    wanted = asked.strip().split(".")[0].replace("_", "-").lower()
    return wanted.split("-")[0] or "en"


def said(message: object) -> str:
    """``message`` (a :class:`~mahjongkit.i18n.Sentence` or text) in the language spoken."""
    from mahjongkit.i18n import say

    return say(message, _SPOKEN.get()) if isinstance(message, str) else str(message)


def sentence(key: str, **values: Any) -> Sentence:
    """The :class:`~mahjongkit.i18n.Sentence` ``key`` of the catalogs (imported when needed)."""
    from mahjongkit.i18n import Sentence

    return Sentence(key, **values)


class RaisingParser(argparse.ArgumentParser):
    """A parser for callers inside the program (the site's examples, the lessons): a refusal
    is a :class:`NotationError` to catch, not an exit, and nothing is printed."""

    def error(self, message: str) -> NoReturn:
        raise NotationError(argparsesentence(message))

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        from mahjongkit.i18n import Sentence

        raise NotationError(Sentence("refusal.command_help"))

    def print_help(self, file: Any = None) -> None:
        return None

    def print_version(self, file: Any = None) -> None:
        return None


_TYPE_REASONS: dict[str, Any] = {}
"""The reasons of the flag-value refusals last raised, by their English text: argparse keeps
only the text, and the site says the reason in its reader's language."""


def type_error(reason: Any) -> argparse.ArgumentTypeError:
    """A flag value's refusal whose reason :func:`argparse_sentence` can say in any language."""
    if len(_TYPE_REASONS) > 64:
        _TYPE_REASONS.clear()
    _TYPE_REASONS[str(reason)] = reason
    return argparse.ArgumentTypeError(said(reason))


_ARGPARSE_FORMS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (r"the following arguments are required: (.+)", "refusal.args_required", ("names",)),
    (
        r"argument (\S+): expected (?:one|at least one|at most one|\d+) arguments?",
        "refusal.arg_one_value",
        ("flag",),
    ),
    (
        r"argument (\S+): invalid choice: (.+?) \(choose from (.+)\)",
        "refusal.arg_choice",
        ("flag", "value", "choices"),
    ),
    (r"argument (\S+): not allowed with argument (\S+)", "refusal.arg_conflict", ("flag", "other")),
    (r"unrecognized arguments: (.+)", "refusal.args_unknown", ("words",)),
    (r"ambiguous option: (\S+) could match (.+)", "refusal.arg_ambiguous", ("flag", "matches")),
    (r"argument (\S+): invalid \S+ value: (.+)", "refusal.arg_unreadable", ("flag", "value")),
    (
        r"argument (\S+): ignored explicit argument (.+)",
        "refusal.arg_unreadable",
        ("flag", "value"),
    ),
)


def argparsesentence(message: str) -> Any:
    """An argparse complaint about a command line as a :class:`~mahjongkit.i18n.Sentence`, so
    that the site says it in its reader's language (a form argparse may add later is said as a
    general refusal rather than in English).

    >>> argparsesentence("argument --win: expected one argument").say("fr")
    '--win doit être suivi d’une valeur'
    """
    import re

    from mahjongkit.i18n import Sentence

    for pattern, key, names in _ARGPARSE_FORMS:
        found = re.fullmatch(pattern, message.strip(), re.DOTALL)
        if found:
            return Sentence(key, **dict(zip(names, found.groups(), strict=True)))
    flag, _, reason = message.partition(": ")
    if flag.startswith("argument ") and reason in _TYPE_REASONS:
        return Sentence(
            "refusal.arg_value", flag=flag.removeprefix("argument "), reason=_TYPE_REASONS[reason]
        )
    return Sentence("refusal.command_wrong")


def whole_number(text: str, low: int) -> int:
    from mahjongkit.i18n import Sentence

    if len(text.strip()) > len(str(MAX_COUNT)) + 1:
        raise type_error(
            Sentence("refusal.number_too_long", low=low, high=MAX_COUNT, count=len(text))
        )
    try:
        value = int(text)
    except ValueError:
        raise type_error(Sentence("refusal.whole_number", value=repr(text))) from None
    if value < low:
        raise type_error(Sentence("refusal.number_at_least", low=low, value=value))
    if value > MAX_COUNT:
        raise type_error(Sentence("refusal.number_at_most", high=MAX_COUNT, value=value))
    return value


def nonnegative(text: str) -> int:
    return whole_number(text, 0)


def positive(text: str) -> int:
    return whole_number(text, 1)


class _JoinWords(argparse.Action):
    """HAND typed unquoted, ``234m 456p 678s``, is one hand: the words are joined by spaces."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, " ".join(values))


class _JoinTiles(argparse.Action):
    """A repeatable tile flag: ``--dora 1m --dora 3m`` means ``--dora 1m3m`` (a kan dora adds an
    indicator, it never replaces one)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        before = getattr(namespace, self.dest) or ""
        setattr(namespace, self.dest, f"{before} {values}".strip() if before else str(values))


def option_argument(parser: argparse.ArgumentParser) -> None:
    """``--option NAME=VALUE``, which every command that takes rules has."""
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override one rule option (repeatable)",
    )


def hand_arguments(sub: argparse.ArgumentParser) -> None:
    """The arguments of ``shanten`` and ``waits``."""
    sub.add_argument(
        "hand",
        nargs="+",
        action=_JoinWords,
        help="concealed tiles in mpsz or Unicode glyphs, melds may follow, e.g. "
        "'23m456p11z pung:777z@W'",
    )
    sub.add_argument(
        "--meld",
        action="append",
        default=[],
        metavar="KIND:TILES[@SEAT]",
        help="a declared meld, e.g. pung:777z@W (repeatable)",
    )
    sub.add_argument(
        "--variant", choices=FAMILIES, default=VARIANT_NAMES[0], help="which complete shapes count"
    )
    sub.add_argument(
        "--missing", choices=("m", "p", "s"), help="Sichuan: the declared missing suit"
    )
    sub.add_argument(
        "--visible",
        default="",
        help="tiles seen elsewhere (discards, melds, indicators), for ukeire",
    )
    sub.add_argument(
        "--seat",
        help="the hand's seat for the waits' values, E S W N (default: East, or the first "
        "seat no meld was claimed from)",
    )
    sub.add_argument("--round", default="E", help="the prevalent wind, E S W N")
    sub.add_argument("--rules", help="a rules preset of the variant, for the waits' values")
    option_argument(sub)
    sub.add_argument("--lang", help="language of the text (default en)")
    sub.add_argument("--json", action="store_true", help="print one JSON object")


def score_arguments(score: argparse.ArgumentParser) -> None:
    """The arguments of ``score``."""
    score.add_argument(
        "hand",
        nargs="+",
        action=_JoinWords,
        help="concealed tiles in mpsz, including the winning tile (groups may be apart)",
    )
    score.add_argument(
        "--variant", choices=FAMILIES, default=VARIANT_NAMES[0], help="the rule family"
    )
    score.add_argument(
        "--rules",
        help="a rules preset ({presets}); default: the variant's first",
    )
    option_argument(score)
    score.add_argument("--win", required=True, metavar="TILE", help="the winning tile")
    how = score.add_mutually_exclusive_group()
    how.add_argument("--tsumo", action="store_true", help="won by self-draw")
    how.add_argument(
        "--from",
        dest="from_seat",
        metavar="SEAT",
        help="the seat that discarded the winning tile (default: the previous seat still "
        "in the hand)",
    )
    score.add_argument(
        "--meld",
        action="append",
        default=[],
        metavar="KIND:TILES[@SEAT]",
        help="a declared meld, e.g. pung:777z@W or concealed-kong:1111m (repeatable)",
    )
    score.add_argument("--seat", default="E", help="the winner's seat, E S W N (E deals)")
    score.add_argument("--round", default="E", help="the prevalent wind, E S W N")
    score.add_argument(
        "--dora", default="", action=_JoinTiles, help="dora indicators (Riichi), mpsz, repeatable"
    )
    score.add_argument(
        "--ura",
        default="",
        action=_JoinTiles,
        help="ura dora indicators (Riichi), mpsz, repeatable",
    )
    riichi = score.add_mutually_exclusive_group()
    riichi.add_argument("--riichi", action="store_true", help="the winner declared riichi")
    riichi.add_argument(
        "--double-riichi", action="store_true", help="riichi on the first uninterrupted discard"
    )
    score.add_argument("--ippatsu", action="store_true", help="won within a go-around of riichi")
    score.add_argument("--after-kong", action="store_true", help="won on a kong replacement")
    score.add_argument(
        "--second-kong",
        action="store_true",
        help="won on the replacement of a second consecutive kong (Hong Kong)",
    )
    score.add_argument("--robbing-kong", action="store_true", help="won by robbing a kong")
    score.add_argument(
        "--kong-discard",
        action="store_true",
        help="won on the discard right after a kong (Sichuan)",
    )
    score.add_argument(
        "--last-tile",
        action="store_true",
        help="won on the last wall tile, or the discard after it",
    )
    score.add_argument(
        "--first-turn", action="store_true", help="won in the first uninterrupted go-around"
    )
    score.add_argument("--honba", type=nonnegative, default=0, help="counters")
    score.add_argument("--deposits", type=nonnegative, default=0, help="riichi sticks on the table")
    score.add_argument(
        "--nukidora",
        type=nonnegative,
        default=0,
        help="North tiles set aside (three-player Riichi: --option players=3 --option uma=...)",
    )
    score.add_argument(
        "--flowers",
        default="",
        action=_JoinTiles,
        help="the winner's bonus tiles, e.g. 1f,3g (repeatable)",
    )
    score.add_argument("--missing", choices=("m", "p", "s"), help="Sichuan: the missing suit")
    score.add_argument(
        "--in-game", default="E,S,W,N", help="Sichuan: the seats still playing, e.g. E,S,W"
    )
    score.add_argument(
        "--lang",
        help="language of the explanation, default en ({languages})",
    )
    score.add_argument("--json", action="store_true", help="print one JSON object")


def spoken() -> str:
    """The language argparse's words are said in now (see :func:`speaking`)."""
    return _SPOKEN.get()


def _fields(args: argparse.Namespace) -> dict[str, Any]:
    """The fields every question shares, from its flags (melds written in the hand are read
    by the request)."""
    return {
        "hand": args.hand,
        "variant": args.variant,
        "rules": args.rules,
        "options": tuple(args.option),
        "melds": tuple(args.meld),
        "seat": args.seat,
        "round": args.round,
        "lang": args.lang,
    }


def request_of(args: argparse.Namespace) -> ShantenRequest | ScoreRequest:
    """The request a question's parsed flags ask (``args.command`` names the question)."""
    if args.command == "score":
        return score_request_of(args)
    return hand_request_of(args)


def hand_request_of(args: argparse.Namespace) -> ShantenRequest:
    """The request of ``shanten`` or ``waits`` flags."""
    from mahjongkit.api.requests import ShantenRequest, WaitsRequest

    kind = WaitsRequest if args.command == "waits" else ShantenRequest
    return kind(**_fields(args), missing=args.missing, visible=args.visible)


def score_request_of(args: argparse.Namespace) -> ScoreRequest:
    """The request of ``score`` flags."""
    from mahjongkit.api.requests import ScoreRequest

    return ScoreRequest(
        **_fields(args),
        win=args.win,
        tsumo=args.tsumo,
        from_seat=args.from_seat,
        dora=args.dora,
        ura=args.ura,
        riichi=args.riichi,
        double_riichi=args.double_riichi,
        ippatsu=args.ippatsu,
        after_kong=args.after_kong,
        second_kong=args.second_kong,
        robbing_kong=args.robbing_kong,
        kong_discard=args.kong_discard,
        last_tile=args.last_tile,
        first_turn=args.first_turn,
        honba=args.honba,
        deposits=args.deposits,
        nukidora=args.nukidora,
        flowers=args.flowers,
        missing=args.missing,
        in_game=tuple(s for s in args.in_game.split(",") if s.strip()),
    )


def question_parser(command: str) -> argparse.ArgumentParser:
    """A parser of one question's words (``shanten``, ``waits`` or ``score`` first) that
    raises :class:`~mahjongkit.errors.NotationError` on unusable words."""
    if command not in QUESTIONS:
        raise NotationError(sentence("refusal.command_unknown", name=repr(command[:40])))
    parser = RaisingParser(prog="mahjongkit")
    questions = parser.add_subparsers(dest="command", required=True, parser_class=RaisingParser)
    sub = questions.add_parser(command)
    (score_arguments if command == "score" else hand_arguments)(sub)
    return parser


def parse_words(argv: Sequence[str]) -> argparse.Namespace:
    """The flags of ``shanten|waits|score ARGS`` as the command line reads them (for callers
    that fill a form from a command); unusable words raise
    :class:`~mahjongkit.errors.NotationError`."""
    if isinstance(argv, str) or not all(isinstance(word, str) for word in argv):
        raise NotationError(sentence("refusal.command_words"))
    first = argv[0] if argv else ""
    return question_parser(first).parse_args(list(argv))


def request_of_words(argv: Sequence[str]) -> ShantenRequest | ScoreRequest:
    """The request a question's command line asks."""
    return request_of(parse_words(argv))


_SCORE_SWITCHES = (
    "--riichi",
    "--double-riichi",
    "--ippatsu",
    "--after-kong",
    "--second-kong",
    "--robbing-kong",
    "--kong-discard",
    "--last-tile",
    "--first-turn",
)
"""The on/off flags of ``score``, in the order written (each sets the request field of its
name)."""
_SCORE_VALUES = ("--dora", "--ura")
_SCORE_COUNTS = ("--honba", "--deposits", "--nukidora")


def _field(flag: str) -> str:
    """The request field a flag sets: ``--double-riichi`` sets ``double_riichi``."""
    return flag[2:].replace("-", "_")


def command_words(request: ShantenRequest | ScoreRequest) -> tuple[str, ...]:
    """The command line that asks ``request``: :func:`request_of_words` reads it back to an
    equal request. Only what differs from the command line's defaults is written, hand first,
    then the family and the seat, then how the hand was won and its extras, the language last
    (the drills show a question's command line to the learner).

    >>> from mahjongkit.api.requests import ScoreRequest
    >>> command_words(ScoreRequest("11223344556677m", variant="sichuan", win="7m", tsumo=True))
    ('score', '11223344556677m', '--variant', 'sichuan', '--win', '7m', '--tsumo')
    """
    from mahjongkit.api.requests import ALL_SEATS, ScoreRequest, WaitsRequest

    if isinstance(request, ScoreRequest):
        command = "score"
    else:
        command = "waits" if isinstance(request, WaitsRequest) else "shanten"
    words = [command, request.hand]
    if request.variant is not None:
        words += ["--variant", request.variant]
    if request.rules is not None:
        words += ["--rules", request.rules]
    for option in request.options:
        words += ["--option", option]
    for meld in request.melds:
        words += ["--meld", meld]
    if request.missing is not None:
        words += ["--missing", request.missing]
    if isinstance(request, ScoreRequest):
        words += ["--win", request.win]
    elif request.visible:
        words += ["--visible", request.visible]
    if request.seat is not None:
        words += ["--seat", request.seat]
    if request.round != "E":
        words += ["--round", request.round]
    if isinstance(request, ScoreRequest):
        words += _score_words(request, ALL_SEATS)
    if request.lang is not None:
        words += ["--lang", request.lang]
    return tuple(words)


def _score_words(request: ScoreRequest, all_seats: tuple[str, ...]) -> list[str]:
    """The flags of how a scored hand was won and its extras, after its seat."""
    words = []
    if request.tsumo:
        words.append("--tsumo")
    elif request.from_seat is not None:
        words += ["--from", request.from_seat]
    for flag in _SCORE_VALUES:
        if getattr(request, _field(flag)):
            words += [flag, getattr(request, _field(flag))]
    words += [flag for flag in _SCORE_SWITCHES if getattr(request, _field(flag))]
    for flag in _SCORE_COUNTS:
        if getattr(request, _field(flag)):
            words += [flag, str(getattr(request, _field(flag)))]
    if request.flowers:
        words += ["--flowers", request.flowers]
    if request.in_game != all_seats:
        words += ["--in-game", ",".join(request.in_game)]
    return words


def answer(argv: Sequence[str]) -> tuple[int, dict[str, Any]]:
    """What ``mahjongkit shanten|waits|score ARGS --json`` prints, as an object, with the exit
    code it would return (0, or 1 for a hand that is not a win or not ready).

    Unusable input raises a :class:`~mahjongkit.errors.MahjongError` naming the bad word (exit
    code 2 on the command line).
    """
    return answer_request(request_of_words(argv))


def answer_request(request: ShantenRequest | ScoreRequest) -> tuple[int, dict[str, Any]]:
    """The answer to a typed question as ``--json`` prints it, with the command line's exit
    code: 0, or 1 for a score that is not a win or waits of a hand that is not ready (a
    ``shanten`` question always answers 0). Unusable input raises a
    :class:`~mahjongkit.errors.MahjongError`."""
    from mahjongkit.api.analysis import analyse
    from mahjongkit.api.requests import ScoreRequest, WaitsRequest
    from mahjongkit.api.scoring import score

    if isinstance(request, ScoreRequest):
        scored = score(request)
        return (0 if scored.valid else 1), scored.to_json()
    found = analyse(request)
    code = 0 if found.ready or not isinstance(request, WaitsRequest) else 1
    return code, found.to_json()
