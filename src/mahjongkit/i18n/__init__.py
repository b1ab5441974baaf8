"""Sentences of the explanations, one table per language, keyed by stable ids.

Pattern names live in each variant's pattern table; this module holds the sentences around them.
A missing translation falls back to English, never to a key.

>>> t("score.total_fan", "fr", fan=3)
'Total : 3 fan'
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjongkit.i18n.messages import TABLES, load_for
from mahjongkit.lite_typing import Any

LANGUAGES = ("en", "fr", "es", "ja", "zh")
"""Languages with sentence tables (pattern tables add their names per variant)."""


def t(key: str, lang: str = "en", /, **values: object) -> str:
    """The sentence ``key`` in ``lang`` with ``values`` filled in."""
    template = _template(key, lang)
    if template is None:
        raise KeyError(key)
    return template.format(**values)


def t_or(key: str, lang: str, default: str, /, **values: object) -> str:
    """The sentence ``key`` in ``lang`` (else English), or ``default`` if no table has it."""
    template = _template(key, lang)
    return template.format(**values) if template else default


def _template(key: str, lang: str) -> str | None:
    """The template of ``key`` in ``lang``, else in English; None if no table has it."""
    table = TABLES.get(lang, TABLES["en"])
    if key not in table:
        # A surface's sentence (the site's, a refusal...): its table joins on first use.
        load_for(key)
    return table.get(key) or TABLES["en"].get(key)


class Sentence(str):
    """A sentence that can be said in every language: its English text, plus the catalog key and
    values it was made from.

    It is a ``str`` (the English text), so code that reads a reason as a string keeps working;
    :meth:`say` gives it in another language. A value may itself be a :class:`Sentence`, a
    mapping of language to name, or a tuple of such parts (said one after another, separated by
    the language's ``list.separator``).

    >>> reason = Sentence("riichi.no_yaku", readings="123m 456p", note="", open="")
    >>> reason.say("fr")
    'la main est complète mais sans yaku : 123m 456p'
    """

    key: str
    values: Mapping[str, Any]

    def __new__(cls, key: str, /, **values: Any) -> Sentence:
        self = super().__new__(cls, _fill(key, "en", values))
        self.key = key
        self.values = values
        return self

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, Any]]:
        # Pickling rebuilds from the key and values, not from the English text.
        return (self.key,), dict(self.values)

    def say(self, lang: str) -> str:
        """The sentence in ``lang`` (English where ``lang`` has no translation)."""
        return str(self) if lang == "en" else _fill(self.key, lang, self.values)


def _fill(key: str, lang: str, values: Mapping[str, Any]) -> str:
    return t(key, lang, **{name: _part(value, lang) for name, value in values.items()})


def _part(value: object, lang: str) -> object:
    if isinstance(value, Sentence):
        return value.say(lang)
    if isinstance(value, Mapping):
        return value.get(lang) or value["en"]
    if isinstance(value, tuple):
        return t("list.separator", lang).join(str(_part(item, lang)) for item in value)
    return value


def say(text: str, lang: str) -> str:
    """``text`` in ``lang`` if it is a :class:`Sentence`, else as it is."""
    return text.say(lang) if isinstance(text, Sentence) else text


def reason_of(error: BaseException) -> str:
    """The reason an error was raised with: its :class:`Sentence` if it was given one (so that it
    can be said in every language), else its text."""
    given = getattr(error, "reason", None)  # an illegal action's, without its rule's tag
    if isinstance(given, Sentence):
        return given
    reason = error.args[0] if len(error.args) == 1 else None
    return reason if isinstance(reason, Sentence) else str(error)


_SEATS = "ESWN"  # the catalog's seat keys (melds.SEAT_LETTERS imports this module: not read here)


def _seat_letter(seat: object) -> str | None:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(_SEATS):
        return _SEATS[seat]
    if isinstance(seat, str) and len(seat) == 1 and seat in _SEATS:
        return seat
    return None


def seat_text(seat: object, lang: str) -> str:
    """A table seat's name in ``lang`` (East, Sud, Oeste...), by its place at the table (0 the
    first dealer) or its letter (``E``, ``S``, ``W``, ``N``); anything else as it is written.

    >>> seat_text(2, "en"), seat_text("N", "fr"), seat_text(7, "en")
    ('West', 'Nord', '7')
    """
    letter = _seat_letter(seat)
    return str(seat) if letter is None else t(f"seat.{letter}", lang)


def seat_name(seat: object) -> object:
    """A seat (0..3, East first) named in every language, for a :class:`Sentence`; a value that
    is no seat is given as it is, so that the sentence shows what was wrong."""
    if isinstance(seat, int) and _seat_letter(seat) is not None:
        return {lang: seat_text(seat, lang) for lang in TABLES}
    return seat


_NUMBER_STYLES = {
    # French typography (Imprimerie nationale): a narrow no-break space between groups of
    # three digits from four digits on, a decimal comma.
    "fr": ("\N{NARROW NO-BREAK SPACE}", ",", 4),
    # Spanish (RAE, Ortografía 2010; Fundéu): the same thin space, but only from five digits on
    # (2000, 16 000), and the decimal comma of Spain.
    "es": ("\N{NARROW NO-BREAK SPACE}", ",", 5),
}
"""Each language's (group separator, decimal sign, fewest digits grouped); English, Japanese and
Chinese keep the plain digits and point the command line has always printed (scripts read
them)."""


def number(value: float, lang: str = "en", digits: int | None = None) -> str:
    r"""``value`` written as ``lang`` writes numbers: ``digits`` decimals for a float (as many as
    Python gives when None), its thousands grouped where the language groups them.

    >>> number(32000, "fr"), number(2000, "es"), number(16000, "es"), number(2.456, "fr", 2)
    ('32\u202f000', '2000', '16\u202f000', '2,46')
    >>> number(-1300, "fr"), number(1300, "en"), number(2.5, "en", 1)
    ('-1\u202f300', '1300', '2.5')
    """
    text = f"{value:.{digits}f}" if digits is not None else str(value)
    style = _NUMBER_STYLES.get(lang)
    if style is None:
        return text
    group, decimal, fewest = style
    sign = "-" if text.startswith("-") else ""
    whole, point, fraction = text.lstrip("-").partition(".")
    if whole.isdigit() and len(whole) >= fewest:
        head = len(whole) % 3 or 3
        groups = [whole[:head], *(whole[at : at + 3] for at in range(head, len(whole), 3))]
        whole = group.join(groups)
    return sign + whole + (decimal + fraction if point else "")


def check_language(lang: str, allowed: tuple[str, ...] = LANGUAGES) -> str:
    """Return ``lang`` if it is one of ``allowed``, else raise a clear error."""
    if lang not in allowed:
        from mahjongkit.errors import NotationError

        raise NotationError(f"unknown language {lang!r}: expected one of {', '.join(allowed)}")
    return lang


def tile_name(code: str, lang: str = "en") -> str:
    """The spoken name of one tile written in mpsz (``5s``, ``0p`` a red five, ``3z``, ``2f``),
    as a text alternative for its picture.

    >>> tile_name("5s", "fr"), tile_name("0p", "es"), tile_name("6z")
    ('cinq de bambou', 'cinco rojo de círculos', 'Green dragon')
    """
    if len(code) != 2 or not code[0].isdigit() or code[1] not in "mpszfg":
        from mahjongkit.errors import NotationError

        raise NotationError(f"{code!r} is not one tile in mpsz (such as 5s, 0p, 3z)")
    digit, suit = code[0], code[1]
    if suit in "mps":
        if digit == "0":
            return t("tile.red", lang, n=t("tile.n.5", lang), suit=t(f"tile.suit.{suit}", lang))
        number = t(f"tile.n.{digit}", lang)
        return t("tile.suited", lang, n=number, suit=t(f"tile.suit.{suit}", lang))
    key = f"tile.{code}"
    if _template(key, "en") is None:
        from mahjongkit.errors import NotationError

        raise NotationError(f"{code!r} is not a tile: honours are 1z-7z, bonus tiles 1f-4f, 1g-4g")
    return t(key, lang)
