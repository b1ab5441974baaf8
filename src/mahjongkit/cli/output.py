"""What the commands share: one-line refusals in the language spoken, the language and rules a
command's flags ask for, the languages and formats commands offer, and streams that never fail
on a character."""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Sequence

from mahjongkit.api.words import said, sentence, spoken
from mahjongkit.errors import MahjongError
from mahjongkit.lite_typing import Any

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from typing import NoReturn


REPLAY_LANGUAGES = ("en", "fr", "es", "ja", "zh")
"""The languages of replay-check's own words (a reader's reasons stay as it gives them)."""

PLAY_LANGUAGES = ("en", "fr", "es")
"""The languages of the terminal game."""

EXPORT_FORMATS = ("jsonl", "tenhou6")
"""The formats ``export`` writes a stored game in."""

MAX_MESSAGE = 1000
"""The longest error line printed; a longer one keeps its start and its end (every option of a
family, listed, fits)."""


def one_line(text: str) -> str:
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


def reason_of_error(error: BaseException) -> str:
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
        message = reason_of_error(message)
    return t("command.error", spoken(), message=one_line(said(message)))


def fail(message: object) -> NoReturn:
    print(error_line(message), file=sys.stderr)
    raise SystemExit(2)


def language_of(args: argparse.Namespace, languages: Sequence[str]) -> str:
    """``--lang`` as one of ``languages``; English unless the user asks for another."""
    from mahjongkit.api.hands import language

    return language(getattr(args, "lang", None), args.variant, languages)


def cli_text(key: str, lang: str, **values: object) -> str:
    """A sentence of the command line's own pages (the ``cli.`` keys of the catalogs)."""
    from mahjongkit.i18n import t

    return t(f"cli.{key}", lang, **values)


def rules_of(args: argparse.Namespace) -> tuple[Any, Any, str]:
    """The variant, its rules (``--rules`` preset, ``--option`` overrides) and the language."""
    from mahjongkit.api.hands import variant_rules_language

    lang = getattr(args, "lang", None)
    return variant_rules_language(args.variant, args.rules, args.option, lang)


def tolerant_streams() -> None:
    """Let a terminal that cannot show a character get an escape instead of a traceback."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            # A closed or detached stream has nothing to print to anyway.
            with contextlib.suppress(ValueError, io.UnsupportedOperation):
                stream.reconfigure(errors="backslashreplace")
