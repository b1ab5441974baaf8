"""Worked examples (the ``mjk`` blocks of the lessons): a command line and the values it must
give, checked against the engine and drawn in the page's language.

The answer is the command line's own (:func:`mahjongkit.commands.answer`, what ``--json`` prints):
the site computes nothing itself.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from html import escape
from typing import Any
from urllib.parse import quote

from mahjongkit.commands import answer
from mahjongkit.errors import MahjongError, NotationError
from mahjongkit.i18n import Sentence, reason_of, say, t
from mahjongkit.web.tiles import tile_images, tiles_html

COMMANDS = ("score", "waits", "shanten")
MAX_COMMAND = 400
"""The longest command line read (a hand with four melds and every flag fits in far less)."""


@dataclass(frozen=True, slots=True)
class Example:
    """One ``mjk`` block: the command's words and the expected values by key."""

    words: tuple[str, ...]
    expect: dict[str, str]

    @property
    def command(self) -> str:
        """The command line as written."""
        return " ".join(self.words)


def parse_command(line: str) -> tuple[str, ...]:
    """The words of one command line (``score 123m... --win 5z``), refusing what the site
    adds itself and what the command line does not offer here."""
    if len(line) > MAX_COMMAND:
        raise NotationError(Sentence("refusal.command_long", count=len(line), most=MAX_COMMAND))
    try:
        words = tuple(shlex.split(line))
    except ValueError:
        raise NotationError(Sentence("refusal.command_quotes")) from None
    if not words or words[0] not in COMMANDS:
        first = words[0] if words else ""
        raise NotationError(Sentence("refusal.command_unknown", name=repr(first[:40])))
    for word in words:
        if word in ("--json", "--lang") or word.startswith("--lang="):
            raise NotationError(Sentence("refusal.command_site_flag", flag=word[:40]))
    return words


def parse_block(text: str) -> Example:
    """An ``mjk`` block: a command line, then ``expect key=value ...`` lines."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines:
        raise NotationError("an mjk block is empty")
    words = parse_command(lines[0])
    expect: dict[str, str] = {}
    for line in lines[1:]:
        head, _, rest = line.partition(" ")
        if head != "expect":
            raise NotationError(f"an mjk block line starts with 'expect', not {head!r}")
        for pair in rest.split():
            key, eq, value = pair.partition("=")
            if not eq or not key:
                raise NotationError(f"{pair!r} is not key=value")
            expect[key] = value
    if not expect:
        raise NotationError(f"the example {lines[0]!r} has no expect line")
    return Example(words, expect)


def run(words: tuple[str, ...], lang: str) -> tuple[int, dict[str, Any]]:
    """The command's exit code and JSON answer, in ``lang``."""
    return answer([*words, "--lang", lang])


def _scalar(text: str) -> object:
    try:
        return json.loads(text)
    except ValueError:
        return text


def mismatches(example: Example, result: dict[str, Any]) -> list[str]:
    """Each expected value the engine's answer does not give, said plainly (empty if none)."""
    found = []
    for key, wanted in example.expect.items():
        if key not in result:
            found.append(f"{key}: not in the answer (keys: {', '.join(sorted(result))})")
            continue
        actual = result[key]
        want: object
        have: object
        if key == "patterns":
            want = {p for p in wanted.split(",") if p}
            have = {p["id"] for p in actual}
            ok = want == have
        elif key == "waits":
            want, have = {w for w in wanted.split(",") if w}, set(actual)
            ok = want == have
        elif key == "payments":
            payments: dict[str, object] = {}
            for part in wanted.split(","):
                seat, _, amount = part.partition(":")
                payments[seat] = int(amount) if amount.lstrip("-").isdigit() else amount
            want, have = payments, dict(actual)
            ok = want == have
        else:
            have = actual
            ok = _scalar(wanted) == actual or (isinstance(actual, str) and wanted == actual)
        if not ok:
            shown = sorted(have) if isinstance(have, set) else have
            found.append(f"{key}: expected {wanted}, the engine gives {json.dumps(shown)}")
    return found


# --- drawing -----------------------------------------------------------------------------------


def _flag(words: tuple[str, ...], name: str) -> list[str]:
    values = []
    for index, word in enumerate(words):
        if word == name and index + 1 < len(words):
            values.append(words[index + 1])
        elif word.startswith(name + "="):
            values.append(word.partition("=")[2])
    return values


def _hand_words(words: tuple[str, ...]) -> list[str]:
    hand = []
    for word in words[1:]:
        if word.startswith("-"):
            break
        hand.append(word)
    return hand


def _hand_html(words: tuple[str, ...], lang: str) -> str:
    hand = _hand_words(words)
    concealed = " ".join(w for w in hand if ":" not in w)
    melds = [w for w in hand if ":" in w] + _flag(words, "--meld")
    rows = [f"<dt>{t('web.example.hand', lang)}</dt><dd>{tiles_html(concealed, lang)}</dd>"]
    if melds:
        rows.append(
            f"<dt>{t('web.example.melds', lang)}</dt><dd>{tiles_html(' '.join(melds), lang)}</dd>"
        )
    for win in _flag(words, "--win"):
        rows.append(f"<dt>{t('web.example.win', lang)}</dt><dd>{tiles_html(win, lang)}</dd>")
    return '<dl class="hand">' + "".join(rows) + "</dl>"


def _state(shanten: int, lang: str) -> str:
    if shanten == -1:
        return t("cli.complete", lang)
    return t("cli.ready", lang) if shanten == 0 else t("cli.shanten", lang, n=shanten)


def _outcome(outcome: dict[str, Any], lang: str) -> str:
    if not outcome["valid"]:
        return f"{t('web.example.no_win', lang)} ({outcome['reason']})"
    unit = t(f"unit.{outcome['unit']}", lang)
    fu = f" {outcome['fu']} fu" if outcome.get("fu") else ""
    return f"{outcome['value']} {unit}{fu} = {outcome['points']}"


def _answer_html(command: str, code: int, result: dict[str, Any], lang: str) -> str:
    if command == "score":
        verdict = t("web.example.valid" if result["valid"] else "web.example.invalid", lang)
        lines = result["explanation"].splitlines()
        body = "".join(f"<li>{escape(line)}</li>" for line in lines)
        return f'<p class="verdict">{escape(verdict)}</p><ul class="explanation">{body}</ul>'
    parts = [
        f"<p><strong>{t('web.example.state', lang)}</strong>: "
        f"{escape(_state(result['shanten'], lang))}</p>"
    ]
    if result["waits"]:
        parts.append(
            f"<p><strong>{t('web.example.waits', lang)}</strong>: "
            f"{tile_images(result['waits'], lang)} <code>{' '.join(result['waits'])}</code></p>"
        )
    for detail in result.get("wait_details", []):
        line = t(
            "web.example.wait_value",
            lang,
            tile=detail["tile"],
            ron=_outcome(detail["ron"], lang),
            tsumo=_outcome(detail["tsumo"], lang),
        )
        parts.append(f'<p class="wait-value">{escape(line)}</p>')
    for option in result.get("discards", [])[:6]:
        if option["shanten"] == result["discards"][0]["shanten"]:
            line = t(
                "web.example.discard",
                lang,
                tile=option["discard"],
                n=option["shanten"],
                count=option["ukeire"],
            )
            parts.append(f"<p>{escape(line)}</p>")
    parts.append(f"<p>{escape(t('web.example.ukeire', lang, count=result['ukeire']))}</p>")
    return "".join(parts)


def example_html(words: tuple[str, ...], lang: str, label: str | None = None) -> str:
    """The example drawn: the hand as tiles with its notation, the command, and the engine's
    answer in ``lang`` (or why the engine refuses the input)."""
    command = " ".join(words)
    heading = escape(label or t("web.example.label", lang))
    head = (
        f'<figure class="example"><figcaption>{heading}</figcaption>'
        f"<p><strong>{t('web.example.command', lang)}</strong>: "
        f"<code>mahjongkit {escape(command)}</code></p>"
    )
    try:
        drawn = _hand_html(words, lang)
        code, result = run(words, lang)
    except MahjongError as error:
        message = say(reason_of(error), lang)
        return (
            head + f'<p class="refused" role="alert">'
            f"{escape(t('web.example.refused', lang, message=message))}</p></figure>"
        )
    opener = (
        f'<p class="open-calc"><a href="/{lang}/calculator?q={quote(command)}">'
        f"{escape(t('practice.open', lang))}</a></p>"
    )
    return (
        head + drawn + f'<div class="answer"><h3 class="answer-title">'
        f"{t('web.example.answer', lang)}</h3>"
        f"{_answer_html(words[0], code, result, lang)}</div>{opener}</figure>"
    )
