"""The numbers a lesson states, and the ``<!-- check: ... -->`` annotations that tie each of them
to the engine (``docs/lessons.md``, "Numbers").

A check is one or more claims separated by ``;``. Each claim computes a value with the engine's
own tables and functions and compares it with the number the lesson writes:

- ``fan FAMILY ID [ID...] = N``: the fan of Hong Kong or Sichuan patterns (the limit, or the
  cap, for a limit hand); ``han ID [ID...] = C/O``: a Riichi yaku's han concealed and open (``-``:
  concealed only); ``yakuman ID = N``; a ``@preset`` after the family or the id picks the rules;
- ``option FAMILY[@preset] NAME = V``: a rules option's default;
- ``base hongkong[@preset] FAN [NAME=VALUE...] = N``: the Hong Kong base amount;
  ``value sichuan FAN [NAME=VALUE...] = N``: what one payer pays for a Sichuan hand;
- ``basic HAN FU = N``, ``ron HAN FU = NON_DEALER/DEALER``, ``tsumo HAN FU = EACH/DEALER``,
  ``tsumo-dealer HAN FU = EACH``: Riichi basic points and payments (``@preset`` after the fu);
  ``ron-raw`` and ``tsumo-raw``: the same multiples of the basic points before rounding up;
- ``kong KIND SEAT [from SEAT] [in SEATS] = PAYMENTS``: Sichuan wind and rain, net by seat;
- ``noten K = GAIN/LOSS``: Riichi's payment at an exhaustive draw with K players ready;
- ``wallend SEAT:TILES/MISSING[+MELD] ... won:SEATS = PAYMENTS``: the Sichuan settlement when
  the wall runs out (a concealed kong among the melds was paid for by all four seats);
  ``deal {kong ...} {score ...} {wallend ...} = PAYMENTS`` sums such parts seat by seat;
- ``score ...`` / ``waits ...`` (a command line as in an ``mjk`` block) ``=> key=value ...``:
  the command's JSON answer; ``fu:ID=N`` reads the lines of the fu breakdown with that id,
  ``fu_raw=N`` their sum before rounding, ``pattern:ID=N`` a pattern's value, and
  ``max_ron=N`` the best value on a discard among the waits.

The numbers a claim asserts are every integer of its expected side.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.melds import MeldKind
from mahjongkit.variants import values
from mahjongkit.web.examples import Example, mismatches, parse_command, run
from mahjongkit.web.lessons import Annotation, read_annotations, without_annotations

SEATS = "ESWN"

_INT = re.compile(r"-?\d+")


@dataclass(frozen=True)
class Claim:
    """One claim of a check: its text, and the integers it asserts."""

    text: str
    asserts: frozenset[int]


ARITHMETIC = (
    "base", "value", "basic", "ron", "ron-raw", "tsumo", "tsumo-raw", "tsumo-dealer", "noten"
)  # fmt: skip
"""Claims whose left side holds numbers too (the fan, han and fu a payment is computed from)."""


def claims(annotation: Annotation) -> list[Claim]:
    """The claims of one ``check`` annotation."""
    found = []
    for part in annotation.body.split(";"):
        text = part.strip()
        if not text:
            continue
        left, right = _split_side(text)
        asserted = {abs(int(n)) for n in _INT.findall(right)}
        if left.split()[:1] and left.split()[0] in ARITHMETIC:
            asserted |= {int(n) for n in re.findall(r"(?<!\w)\d+(?!\w)", left)}
        found.append(Claim(text, frozenset(asserted)))
    return found


def _split_side(text: str) -> tuple[str, str]:
    if "=>" in text:
        left, right = text.split("=>", 1)
    else:
        left, _, right = text.rpartition("=")
    return left.strip(), right.strip()


def _preset(word: str) -> tuple[str, str | None]:
    name, _, preset = word.partition("@")
    return name, preset or None


def _ints(text: str) -> list[int | None]:
    return [None if part.strip() == "-" else int(part) for part in text.split("/")]


def _riichi_han(pattern: str, preset: str | None) -> list[int | None]:
    found = values.pattern_value("riichi", pattern, preset)
    return [found.fan, found.han_open or None]


def _command_check(command: str, expected: str) -> list[str]:
    words = parse_command(command)
    _, result = run(words, "en")
    wanted: dict[str, str] = {}
    problems = []
    for pair in expected.split():
        key, eq, value = pair.partition("=")
        if not eq:
            raise MahjongError(f"{pair!r} is not key=value")
        if key.startswith("fu:"):
            got = sum(
                item["fu"] for item in result.get("fu_breakdown", []) if item["id"] == key[3:]
            )
            if got != int(value):
                problems.append(f"{key}: expected {value}, the engine gives {got}")
        elif key == "fu_raw" or key.startswith("pattern:"):
            if key == "fu_raw":
                got = sum(item["fu"] for item in result.get("fu_breakdown", []))
            else:
                hits = [p for p in result.get("patterns", []) if p["id"] == key[8:]]
                got = sum(p["value"] for p in hits)
            if got != int(value):
                problems.append(f"{key}: expected {value}, the engine gives {got}")
        elif key == "max_ron":
            best = max(
                (d["ron"]["points"] for d in result.get("wait_details", []) if d["ron"]["valid"]),
                default=0,
            )
            if best != int(value):
                problems.append(f"max_ron: expected {value}, the engine gives {best}")
        else:
            wanted[key] = value
    problems += mismatches(Example(words, wanted), result)
    return problems


def evaluate(claim: Claim) -> list[str]:
    """What the engine says differently from ``claim`` (empty when it agrees)."""
    left, right = _split_side(claim.text)
    words = left.split()
    if not words or not right:
        return [f"{claim.text!r}: a claim is 'KIND ARGS = VALUE' (docs/lessons.md)"]
    kind, args = words[0], words[1:]
    got: object
    want: object
    try:
        if kind in ("score", "waits"):
            return [f"{claim.text}: {p}" for p in _command_check(left, right)]
        if kind == "fan":
            family, preset = _preset(args[0])
            want = int(right)
            for pattern in args[1:]:
                got = values.pattern_value(family, pattern, preset).fan
                if got != want:
                    return [f"{claim.text}: {pattern} is {got} fan"]
            return [] if args[1:] else [f"{claim.text}: no pattern named"]
        if kind == "han":
            want = _ints(right)
            for word in args:
                pattern, preset = _preset(word)
                got = _riichi_han(pattern, preset)
                if got != want:
                    return [f"{claim.text}: {pattern} is {got} han (concealed, open)"]
            return [] if args else [f"{claim.text}: no yaku named"]
        if kind == "yakuman":
            pattern, preset = _preset(args[0])
            got, want = values.pattern_value("riichi", pattern, preset).yakuman, int(right)
        elif kind == "option":
            family, preset = _preset(args[0])
            got = values.option_value(family, args[1], preset)
            if isinstance(got, bool):
                want = right.lower() == "true"
            elif isinstance(got, tuple):
                got, want = list(got), [int(v) for v in right.split("/")]
            else:
                want = right if isinstance(got, str) else int(right)
        elif kind in ("base", "value"):
            family, preset = _preset(args[0])
            compute = values.hongkong_base if kind == "base" else values.sichuan_value
            first, _, last = args[1].partition("-")
            fans = range(int(first), int(last or first) + 1)
            got = [compute(fan, preset, args[2:]) for fan in fans]
            want = _ints(right)
        elif kind in ("basic", "ron", "ron-raw", "tsumo", "tsumo-raw", "tsumo-dealer"):
            fu, preset = _preset(args[1])
            han, fu_value = int(args[0]), int(fu)
            want = _ints(right)
            basic = values.riichi_basic(han, fu_value, preset)
            if kind == "basic":
                got = [basic]
            elif kind.endswith("-raw"):
                # Before rounding up to 100: the multiples of the basic points each payer owes.
                got = [basic * 4, basic * 6] if kind == "ron-raw" else [basic, basic * 2]
            elif kind == "ron":
                got = [
                    values.riichi_payment(han, fu_value, dealer=d, preset=preset)
                    for d in (False, True)
                ]
            else:
                shares = values.riichi_self_draw_shares(han, fu_value, kind != "tsumo", preset)
                got = list(shares)
        elif kind == "kong":
            got, want = _kong(args), _payments(right)
        elif kind == "wallend":
            got, want = _wall_end(args), _payments(right)
        elif kind == "deal":
            got, want = _deal(left[len("deal") :]), _payments(right)
        elif kind == "noten":
            from mahjongkit.variants.riichi.rules import RiichiRules

            paid = RiichiRules().tenpai_payment  # what a four-player draw moves in all
            ready = int(args[0])
            got = [paid // ready, paid // (4 - ready)]
            want = _ints(right)
        else:
            return [f"{claim.text!r}: unknown claim kind {kind!r} (docs/lessons.md)"]
    except (MahjongError, IndexError, ValueError, KeyError) as error:
        return [f"{claim.text!r}: {error}"]
    return [] if got == want else [f"{claim.text}: the engine gives {got}"]


def _payments(text: str) -> dict[str, int]:
    found = {}
    for part in text.split(","):
        seat, _, amount = part.partition(":")
        found[seat.strip()] = int(amount)
    return found


def _kong(args: list[str]) -> dict[str, int]:
    from mahjongkit.variants.sichuan.payments import kong_payments, net

    kind = MeldKind(args[0])
    konger = SEATS.index(args[1])
    discarder = None
    in_game = list(range(4))
    rest = args[2:]
    while rest:
        word, value = rest[0], rest[1]
        if word == "from":
            discarder = SEATS.index(value)
        elif word == "in":
            in_game = [SEATS.index(s) for s in value.split(",")]
        else:
            raise ValueError(f"expected 'from SEAT' or 'in SEATS', not {word!r}")
        rest = rest[2:]
    rules = values.family_rules("sichuan")
    lines = kong_payments(kind, konger, in_game, rules, discarder=discarder)
    totals = net(lines)
    return {SEATS[seat]: totals.get(seat, 0) for seat in range(4)}


def _wall_end(args: list[str]) -> dict[str, int]:
    """``SEAT:TILES/MISSING[+MELD...]`` for each seat still playing (a concealed kong among the
    melds earned its wind and rain from all four seats), ``won:SEATS`` for the others."""
    from mahjongkit.hand import Hand
    from mahjongkit.variants.sichuan.payments import (
        WallEndPlayer,
        end_of_wall_settlement,
        kong_payments,
        net,
    )

    rules = values.family_rules("sichuan")
    players = []
    for word in args:
        seat_text, _, rest = word.partition(":")
        if seat_text == "won":
            players += [WallEndPlayer(SEATS.index(s), [0] * 34, won=True) for s in rest.split(",")]
            continue
        seat = SEATS.index(seat_text)
        tiles_missing, *melds = rest.split("+")
        tiles, _, missing = tiles_missing.partition("/")
        hand = Hand.parse(tiles, melds)
        income = []
        for meld in hand.melds:
            if meld.kind is MeldKind.CONCEALED_KONG:
                income += kong_payments(meld.kind, seat, range(4), rules)
        players.append(
            WallEndPlayer(seat, hand.counts, hand.melds, "mps".index(missing), False, income)
        )
    totals = net(end_of_wall_settlement(players, rules))
    return {SEATS[seat]: totals.get(seat, 0) for seat in range(4)}


def _deal(text: str) -> dict[str, int]:
    """The sum, seat by seat, of the payments of ``{claim}`` parts (kong, score, wallend)."""
    totals = dict.fromkeys(SEATS, 0)
    parts = re.findall(r"\{([^}]*)\}", text)
    if not parts:
        raise ValueError("a deal claim sums {kong ...} {score ...} {wallend ...} parts")
    for part in parts:
        words = part.split()
        if words[0] == "kong":
            found = _kong(words[1:])
        elif words[0] == "wallend":
            found = _wall_end(words[1:])
        elif words[0] == "score":
            found = dict(run(parse_command(part), "en")[1]["payments"])
        else:
            raise ValueError(f"a deal part is kong, score or wallend, not {words[0]!r}")
        for seat, amount in found.items():
            totals[seat] += amount
    return totals


# --- the numbers a text states ------------------------------------------------------------------

UNITS = {
    "en": r"fan|han|fu|minipoints|points?|basic points|bases?|yakuman|units?|coins?",
    "fr": r"fan|han|fu|minipoints|points?|bases?|yakuman|pièces?|unités?",
    "es": r"fan|han|fu|minipuntos|puntos?|bases?|yakuman|monedas?|unidades|unidad",
}
"""Words after a number that make it a value the lesson states (a fan, a payment...)."""

WORDS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve thirteen",
    "fr": "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize",
    "es": "cero un dos tres cuatro cinco seis siete ocho nueve diez once doce trece",
}
"""Numbers written as words, 0 to 13 (``une``, ``uno`` and ``una`` are 1 too)."""
_FEMININE = {"une": 1, "uno": 1, "una": 1}
_ARTICLES = frozenset({"un", "une", "uno", "una"})

_BETWEEN = {
    "en": r"(?:extra |more |additional |bonus )?",
    "fr": r"(?:de plus |supplémentaires? )?",
    "es": r"(?:más |extra )?",
}
_RATE = re.compile(r"\b(?:every|each|tous les|toutes les|cada)\s+$", re.I)
"""Before a number, a rate ("every two fan"), not a value the lesson states."""
YEARS = frozenset({2008, 2012, 2015, 2016})
"""Years the lessons name (the EMA rule books), never a value."""

_NUMBER = r"\d{1,3}(?:[ ,.\u00a0\u202f]\d{3})+(?!\d)|\d+"
_STRIP = (
    re.compile(r"`[^`]*`"),
    re.compile(r"\[\[[^\]]*\]\]"),
    re.compile(r"\]\([^)]*\)"),
)


def _number_words(lang: str) -> dict[str, int]:
    found = {word: n for n, word in enumerate(WORDS[lang].split())}
    found.update({w: 1 for w in _FEMININE if lang != "en"})
    return found


def _value(text: str) -> int:
    return int(re.sub(r"[ ,.\u00a0\u202f]", "", text))


def stated_numbers(text: str, lang: str, table: bool = False) -> list[tuple[int, str]]:
    """The values a block of prose states, each with the words around it.

    A value is a number (in digits, or a word from 0 to 13) followed by a unit (fan, han, fu,
    points, bases...), a number of four digits or more that is no year, or a number after an
    equals sign; in a ``table`` whose heading names a unit, every number of its body."""
    for pattern in _STRIP:
        text = pattern.sub(" ", text)
    text = text.replace("**", "").replace("*", "")
    words = _number_words(lang)
    word_alternatives = "|".join(sorted(words, key=len, reverse=True))
    found: list[tuple[int, str]] = []
    unit = rf"(?:[-\s]?{_BETWEEN[lang]}(?:{UNITS[lang]})\b)"
    for match in re.finditer(
        rf"(?<![\w+])({_NUMBER}|{word_alternatives})(?=\s*{unit})", text, re.I
    ):
        raw = match.group(1)
        number = words[raw.lower()] if raw.lower() in words else _value(raw)
        if number in YEARS or _RATE.search(text[: match.start()]):
            continue
        if raw.lower() in _ARTICLES and text[match.end() :].lstrip().lower().startswith("yakuman"):
            continue  # "un yakuman": the article, as "a yakuman" in English
        found.append((number, text[max(0, match.start() - 30) : match.end() + 20]))
    for match in re.finditer(rf"(?<![\w+\-])({_NUMBER})(?!\w)", text):
        number = _value(match.group(1))
        after_equals = text[: match.start()].rstrip().endswith("=")
        if (number >= 1000 and number not in YEARS) or after_equals or table:
            found.append((number, text[max(0, match.start() - 30) : match.end() + 20]))
    return found


@dataclass(frozen=True)
class Block:
    """A paragraph, list item or table of a lesson's source, with its first line (from 1)."""

    text: str
    line: int
    table: bool


def blocks(source: str) -> Iterator[Block]:
    """The prose blocks of a lesson (fenced blocks and headings left out)."""
    lines = source.splitlines()
    current: list[str] = []
    start = 0
    fenced = False
    for number, line in enumerate([*lines, ""], start=1):
        if line.strip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        if line.strip() and not line.startswith("#"):
            if not current:
                start = number
            current.append(line)
            continue
        if current:
            body = "\n".join(current)
            yield Block(body, start, current[0].lstrip().startswith("|"))
            current = []


_NUMERIC_CELL = re.compile(r"[+\-−–]?\d[\d\s,.\u00a0\u202f/+\-−–×()]*")
_TABLE_UNITS = re.compile(
    r"\b(fan|han|fu|points|puntos|montant|amount|cantidad|base|bases|basic)\b", re.I
)


def unchecked_numbers(source: str, lang: str) -> list[str]:
    """Each value a lesson states that no check of its block asserts, with its line."""
    problems = []
    for block in blocks(source):
        found, _ = read_annotations(block.text)
        asserted: set[int] = set()
        for annotation in found:
            if annotation.kind == "check":
                for claim in claims(annotation):
                    asserted |= claim.asserts
        prose = without_annotations(block.text)
        if block.table:
            rows = prose.splitlines()
            heading = rows[0] if rows else ""
            units = bool(_TABLE_UNITS.search(heading))
            numbers = stated_numbers(heading, lang)
            for row in rows[2:]:
                for cell in row.strip().strip("|").split("|"):
                    # Under a unit heading, a cell of numbers alone states values ("2 / 4").
                    numeric = units and _NUMERIC_CELL.fullmatch(cell.strip()) is not None
                    numbers += stated_numbers(cell, lang, table=numeric)
        else:
            numbers = stated_numbers(prose, lang)
        for number, context in numbers:
            if number not in asserted:
                problems.append(f"line {block.line}: {number} in {' '.join(context.split())!r}")
    return problems


def check_annotations(source: str) -> Iterator[tuple[int, Claim]]:
    """Every claim of a lesson, with the line of its annotation."""
    found, _ = read_annotations(source)
    for annotation in found:
        if annotation.kind == "check":
            for claim in claims(annotation):
                yield annotation.line, claim


def cited_ids(source: str) -> list[str]:
    """The requirement ids the ``teaches`` annotations of a lesson cite, in order."""
    found, _ = read_annotations(source)
    return [
        word.strip(",")
        for annotation in found
        if annotation.kind == "teaches"
        for word in annotation.body.split()
    ]


def explanation_text(result: dict[str, Any]) -> str:
    """Every sentence of a command's answer a page shows (explanations, names, reasons)."""
    parts = [str(result.get("explanation", "")), str(result.get("reason") or "")]
    for pattern in result.get("patterns", []):
        parts.append(str(pattern.get("name", "")))
    return "\n".join(parts)
