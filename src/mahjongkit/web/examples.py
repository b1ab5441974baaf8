"""Worked examples (the ``mjk`` blocks of the lessons): a command line and the values it must
give, checked against the engine and drawn in the page's language.

A block's command line is read into the typed request it asks
(:func:`mahjongkit.api.request_of_words`) and answered by the API
(:func:`mahjongkit.api.answer_request`, what ``--json`` prints); the drawing reads the request's
fields: the site computes nothing itself.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Sequence
from html import escape
from typing import Any
from urllib.parse import quote

from mahjongkit.api.requests import ScoreRequest, ShantenRequest
from mahjongkit.api.words import answer_request, request_of_words
from mahjongkit.errors import MahjongError, NotationError
from mahjongkit.i18n import Sentence, number, reason_of, say, t, tile_name
from mahjongkit.tiles import parse_tiles
from mahjongkit.valueclass import dataclass, replace
from mahjongkit.web.hands import hand_html
from mahjongkit.web.tiles import tile_images

COMMANDS = ("score", "waits", "shanten")
SITE_FLAGS = ("--json", "--lang")
"""The flags the site adds itself: a command line written on a page may not name them, nor any
shortening of them that the command line's parser would read as one (``--la``, ``--js``)."""
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
        if _names_a_site_flag(word):
            raise NotationError(Sentence("refusal.command_site_flag", flag=word[:40]))
    return words


def _names_a_site_flag(word: str) -> bool:
    """Whether ``word`` is a site flag, its value joined by ``=`` or not, or a shortening of
    one: the command line's parser takes ``--lan`` for ``--lang`` (and refuses ``--la``, which
    ``--last-tile`` shares, for another reason than the site would)."""
    name = word.partition("=")[0]
    return len(name) > 2 and name.startswith("--") and any(f.startswith(name) for f in SITE_FLAGS)


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
    return answer_request(replace(request_of_words(words), lang=lang))


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


def _seat(letter: str | None, lang: str) -> str:
    return t(f"seat.{letter}", lang) if letter in ("E", "S", "W", "N") else str(letter)


def _facts_html(request: ShantenRequest | ScoreRequest, result: dict[str, Any], lang: str) -> str:
    """How the hand was won and the table around it, in words (and the tiles named)."""
    context = result.get("context") or {}
    facts = []
    if isinstance(request, ScoreRequest) and request.win:
        win = request.win
        tile = f"{tile_images([win], lang)} {escape(tile_name(win, lang))}"
        if request.tsumo:
            facts.append(t("learn.example.win_tsumo", lang, tile=tile))
        else:
            source = escape(_seat(context.get("from") or request.from_seat, lang))
            facts.append(t("learn.example.win_ron", lang, tile=tile, seat=source))
    seat = context.get("seat") or request.seat
    if seat:
        facts.append(escape(t("learn.example.seat", lang, seat=_seat(seat, lang))))
    wind = context.get("round") or request.round
    if wind and wind != "E":
        facts.append(escape(t("learn.example.round", lang, wind=_seat(wind, lang))))
    if isinstance(request, ScoreRequest) and (request.riichi or request.double_riichi):
        facts.append(escape(t("learn.example.riichi", lang)))
    if request.missing is not None:
        missing = request.missing
        suit = t(f"tile.suit.{missing}", lang) if missing in ("m", "p", "s") else missing
        facts.append(escape(t("learn.example.missing", lang, suit=suit)))
    if isinstance(request, ScoreRequest) and request.dora:
        codes = [str(tile) for tile in parse_tiles(request.dora)]
        facts.append(f"{escape(t('learn.example.dora', lang))} {tile_images(codes, lang)}")
    if isinstance(request, ScoreRequest) and isinstance(result.get("flowers"), list):
        # The bonus tiles as the answer read them (commas and all).
        codes = [str(code) for code in result["flowers"]]
        if codes:
            facts.append(f"{escape(t('learn.example.flowers', lang))} {tile_images(codes, lang)}")
    if not facts:
        return ""
    return f'<p class="example-facts">{" ".join(facts)}</p>'


def _state(shanten: int, lang: str) -> str:
    if shanten == -1:
        return t("cli.complete", lang)
    return t("cli.ready", lang) if shanten == 0 else t("cli.shanten", lang, n=shanten)


def _outcome(outcome: dict[str, Any], lang: str) -> str:
    if not outcome["valid"]:
        return t("learn.example.no_win_value", lang, reason=outcome["reason"])
    unit = t(f"unit.{outcome['unit']}", lang)
    value = f"{outcome['value']} {unit}" + (f" {outcome['fu']} fu" if outcome.get("fu") else "")
    points = format_number(outcome["points"], lang)
    return t("learn.example.wait_value", lang, value=value, points=points)


def format_number(value: object, lang: str, signed: bool = False) -> str:
    """A whole number as the page's language writes it (:func:`mahjongkit.i18n.number`: ``25
    000`` in French, ``2000`` but ``16 000`` in Spanish), with a true minus sign, and a plus
    sign when ``signed``; anything else as it is.

    >>> format_number(-25000, "fr"), format_number(1200, "es", signed=True)
    ('−25\u202f000', '+1200')
    """
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    digits = number(abs(value), lang)
    if value < 0:
        return "−" + digits
    return ("+" if signed and value > 0 else "") + digits


def _colon(lang: str) -> str:
    # French sets a (narrow) space before a colon.
    return "\u00a0: " if lang == "fr" else ": "


def score_html(result: dict[str, Any], lang: str) -> str:
    """A ``score`` answer as a learner reads it: the verdict, each pattern and its value, the
    fu, the total, the points and what each seat pays or receives."""
    verdict = t("web.example.valid" if result["valid"] else "web.example.invalid", lang)
    parts = [f'<p class="verdict {"win" if result["valid"] else "no-win"}">{escape(verdict)}</p>']
    if not result["valid"]:
        message = (result.get("error") or {}).get("message", "")
        parts.append(f'<p class="reason">{escape(message)}</p>')
        return "".join(parts)
    lines = []
    for pattern in result["patterns"]:
        count = f" ×{pattern['count']}" if pattern.get("count", 1) > 1 else ""
        unit = t(f"unit.{pattern['unit']}", lang)
        lines.append(
            f'<li data-pattern="{escape(pattern["id"])}"><span>{escape(pattern["name"])}{count}'
            f"</span><span>{pattern['value']} {escape(unit)}</span></li>"
        )
    if result.get("fu_breakdown"):
        items = "".join(
            f"<li>{escape(line['name'])}{_colon(lang)}{line['fu']}</li>"
            for line in result["fu_breakdown"]
        )
        lines.append(
            f'<li class="fu"><span>{escape(t("practice.calc.fu", lang))}<ul>{items}</ul></span>'
            f"<span>{result['fu']} fu</span></li>"
        )
    parts.append(f'<ul class="score-lines">{"".join(lines)}</ul>')
    if result.get("yakuman"):
        total = t("learn.example.total_yakuman", lang, count=result["yakuman"])
    elif "han" in result:  # a family counting han and fu
        total = t("learn.example.total_han", lang, han=result["han"], fu=result["fu"])
    else:
        total = t("learn.example.total_fan", lang, fan=result["fan"])
    if result.get("limit"):
        total += f" · {result['limit']}"
    points = t("learn.example.points", lang, points=format_number(result["points"], lang))
    parts.append(f'<p class="score-total">{escape(total)} — {escape(points)}</p>')
    pays = "".join(
        f'<li data-seat="{seat}">{escape(_seat(seat, lang))} '
        f"{format_number(amount, lang, signed=True)}</li>"
        for seat, amount in (result.get("payments") or {}).items()
    )
    if pays:
        label = escape(t("practice.calc.payments", lang))
        parts.append(f'<ul class="pays" aria-label="{label}">{pays}</ul>')
    return "".join(parts)


def _answer_html(command: str, code: int, result: dict[str, Any], lang: str) -> str:
    if command == "score":
        return score_html(result, lang)
    parts = [
        f"<p><strong>{t('web.example.state', lang)}</strong> : "
        f"{escape(_state(result['shanten'], lang))}</p>".replace(
            " : ", " : " if lang == "fr" else ": "
        )
    ]
    if result["waits"]:
        waits = " ".join(
            f"{tile_images([w], lang)} {escape(tile_name(w, lang))}" for w in result["waits"]
        )
        parts.append(f"<p><strong>{escape(t('learn.example.waits_on', lang))}</strong> {waits}</p>")
    details = []
    for detail in result.get("wait_details", []):
        line = t(
            "learn.example.wait_line",
            lang,
            tile=tile_name(detail["tile"], lang),
            ron=_outcome(detail["ron"], lang),
            tsumo=_outcome(detail["tsumo"], lang),
        )
        details.append(
            f'<li class="wait-value">{tile_images([detail["tile"]], lang)} {escape(line)}</li>'
        )
    if details:
        parts.append(f'<ul class="wait-values">{"".join(details)}</ul>')
    best = [
        o
        for o in result.get("discards", [])[:6]
        if o["shanten"] == result["discards"][0]["shanten"]
    ]
    if best:
        items = "".join(
            f'<li data-tile="{o["discard"]}">{tile_images([o["discard"]], lang)} '
            + escape(
                t(
                    "web.example.discard",
                    lang,
                    tile=tile_name(o["discard"], lang),
                    n=o["shanten"],
                    count=o["ukeire"],
                )
            )
            + "</li>"
            for o in best
        )
        parts.append(f'<ul class="discards">{items}</ul>')
    if "ukeire" in result:
        parts.append(f"<p>{escape(t('web.example.ukeire', lang, count=result['ukeire']))}</p>")
    return "".join(parts)


def command_html(command: str, lang: str) -> str:
    """The command line behind a "show as command" toggle, with a button that copies it."""
    line = f"mahjongkit {command}"
    return (
        f'<details class="command"><summary>{escape(t("learn.example.show_command", lang))}'
        f"</summary><pre><code>{escape(line)}</code></pre>"
        f'<button type="button" class="secondary small" data-copy="{escape(line)}" '
        f'data-done="{escape(t("learn.example.copied", lang))}" hidden>'
        f"{escape(t('learn.example.copy', lang))}</button></details>"
    )


def example_html(words: tuple[str, ...], lang: str, label: str | None = None) -> str:
    """The example drawn: the hand as tiles in its sets, how it was won in words, the engine's
    answer in ``lang`` (or why the engine refuses the input), a link that opens it in the
    calculator and the command line behind a toggle."""
    try:
        request = request_of_words(words)
        code, result = answer_request(replace(request, lang=lang))
        return answered_html(words, request, code, result, lang, label)
    except MahjongError as error:
        message = say(reason_of(error), lang)
        return (
            _figure_head(lang, label) + f'<p class="refused" role="alert">'
            f"{escape(t('web.example.refused', lang, message=message))}</p>"
            f"{command_html(' '.join(words), lang)}</figure>"
        )


def _figure_head(lang: str, label: str | None) -> str:
    heading = escape(label or t("web.example.label", lang))
    return f'<figure class="example"><figcaption>{heading}</figcaption>'


def answered_html(
    words: Sequence[str],
    request: ShantenRequest | ScoreRequest,
    code: int,
    result: dict[str, Any],
    lang: str,
    label: str | None = None,
) -> str:
    """:func:`example_html` of a question already read (``request``, from the command line
    ``words``) and answered in ``lang`` (``code`` and ``result``, as
    :func:`~mahjongkit.api.answer_request` gives them): nothing is read or answered again.
    Raises :class:`~mahjongkit.errors.MahjongError` where the hand cannot be drawn."""
    command = " ".join(words)
    head = _figure_head(lang, label)
    drawn = _example_hand(request, result, lang)
    opener = (
        f'<p class="open-calc"><a class="button secondary small" '
        f'href="/{lang}/calculator?q={quote(command)}">{escape(t("practice.open", lang))}</a></p>'
    )
    return (
        head
        + drawn
        + _facts_html(request, result, lang)
        + f'<div class="answer"><h3 class="answer-title">'
        f"{t('web.example.answer', lang)}</h3>"
        f"{_answer_html(words[0], code, result, lang)}</div>{opener}{command_html(command, lang)}"
        "</figure>"
    )


def _example_hand(request: ShantenRequest | ScoreRequest, result: dict[str, Any], lang: str) -> str:
    reading = result.get("reading") if isinstance(result.get("reading"), str) else None
    label = escape(t("learn.example.hand", lang))
    drawn = example_hand(request, lang, reading)
    return f'<div class="example-hand" role="group" aria-label="{label}">{drawn}</div>'


def example_hand(
    request: ShantenRequest | ScoreRequest, lang: str, reading: str | None = None
) -> str:
    """The hand of a question drawn as tiles: its sets (the engine's ``reading`` when given),
    its called sets (written in the hand or as melds) and, for a score, the winning tile
    marked."""
    hand = request.hand.split()
    concealed = " ".join(w for w in hand if ":" not in w)
    melds = [w for w in hand if ":" in w] + list(request.melds)
    win = (request.win or None) if isinstance(request, ScoreRequest) else None
    return hand_html(concealed, melds, lang, win, reading)
