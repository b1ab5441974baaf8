"""Reading what a person typed into a request: hands, tiles, seats, the family, its rules and
the language. Every refusal is a typed error whose reason is a catalog sentence."""

from __future__ import annotations

from collections.abc import Sequence

from mahjongkit.errors import NotationError
from mahjongkit.lite_typing import Any

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.hand import Hand
    from mahjongkit.tiles import Tile
    from mahjongkit.variants import Variant

MAX_OPTION_DIGITS = 9
"""The longest number an option's value may hold: limits and points stay printable."""

_MJAI_TILE = r"5[mps]r|[1-9][mps]|[ESWNPFC]"
_MJAI_HAND = r"(?:5[mps]r|[1-9][mps]|[ESWNPFC])+"

_SEAT_NAMES = {
    name: seat
    for seat, names in enumerate(
        (
            ("east", "est", "este"),
            ("south", "sud", "sur"),
            ("west", "ouest", "oeste", "o"),
            ("north", "nord", "norte"),
        )
    )
    for name in names
}
"""Seat names a player may type, in English, French and Spanish; ``O`` is Ouest/Oeste (the
letters ``E S W N`` are the notation's own)."""


def mpsz(text: str) -> str:
    """Tiles typed with capital suit letters (``234M456P``) read as mpsz; anything else as is."""
    if text.strip() and all(c.isdigit() or c in "MPSZFG ," for c in text):
        return text.lower()
    return text


def parse_hand(text: str, melds: Sequence[str]) -> Hand:
    """A hand and its melds: mpsz, mjai or Unicode glyphs, melds inline or given apart.

    ``"23m456p11z pung:777z@W"`` is read as ``23m456p11z`` with the meld ``pung:777z@W``.
    """
    import re

    from mahjongkit.hand import Hand
    from mahjongkit.tiles import format_tiles, from_mjai, from_unicode

    words = text.split()
    inline = [w for w in words if ":" in w]
    typed = " ".join(w for w in words if ":" not in w)
    concealed = mpsz(typed)
    if any(0x1F000 <= ord(c) <= 0x1F02B for c in concealed):
        concealed = format_tiles(from_unicode(concealed))
    elif re.fullmatch(_MJAI_HAND, typed.replace(" ", "")) and any(c in "ESWNPFCr" for c in typed):
        # mjai tiles written one after another, e.g. 2m3m4p5p6pEEPPP7s8s9s or 5mr6m7m...
        tiles = [from_mjai(t) for t in re.findall(_MJAI_TILE, typed.replace(" ", ""))]
        concealed = format_tiles(tiles)
    return Hand.parse(concealed, [*inline, *melds])


def one_tile(text: str) -> Tile:
    """One tile as typed: mpsz (``5z``, ``5M``) or mjai (``C``, ``5mr``)."""
    import re

    from mahjongkit.tiles import Tile, from_mjai

    if re.fullmatch(r"5[mps]r|[ESWNPFC]", text.strip()):
        return from_mjai(text.strip())
    return Tile.parse(mpsz(text))


def seat_of(text: str) -> int:
    """A seat as typed: a letter ``E S W N`` or a seat's name (``Sud``, ``Oeste``, ``O``)."""
    from mahjongkit.melds import parse_seat

    name = text.strip().lower()
    if name in _SEAT_NAMES:
        return _SEAT_NAMES[name]
    return parse_seat(text)


def seat_field(text: str | None, flag: str) -> int | None:
    """A seat field's value (None when not given); a refusal names the field as ``flag``."""
    from mahjongkit.i18n import Sentence, reason_of

    if text is None:
        return None
    try:
        return seat_of(text)
    except NotationError as error:
        raise NotationError(
            Sentence("refusal.flag_value", flag=flag, value=text, reason=reason_of(error))
        ) from None


def language(asked: str | None, variant: str, languages: Sequence[str]) -> str:
    """``asked`` as one of ``languages``; English unless another is asked.

    ``FR``, ``fr_FR`` and ``fr_FR.UTF-8`` are French: case and region are forgiven.
    """
    from mahjongkit.i18n import Sentence

    spoken = ", ".join(languages)
    if asked is not None and not asked.strip():
        raise NotationError(Sentence("refusal.lang_empty", variant=variant, languages=spoken))
    if not asked:
        return "en" if "en" in languages else languages[0]
    wanted = asked.split(".")[0].replace("_", "-").lower()
    by_lower = {lang.lower(): lang for lang in languages}
    if wanted in by_lower:
        return by_lower[wanted]
    base = wanted.split("-")[0]
    if base in by_lower:
        return by_lower[base]
    raise NotationError(
        Sentence("refusal.lang_unknown", asked=asked, variant=variant, languages=spoken)
    )


def check_option_size(assignment: str) -> None:
    """Refuse an option whose value holds a number too long to print in a result."""
    from mahjongkit.i18n import Sentence

    digits = longest = 0
    for char in assignment.partition("=")[2]:
        digits = digits + 1 if char.isdigit() else 0
        longest = max(longest, digits)
    if longest > MAX_OPTION_DIGITS:
        name = assignment.partition("=")[0].strip()
        raise NotationError(
            Sentence("refusal.option_digits", name=name, digits=longest, most=MAX_OPTION_DIGITS)
        )


def family_name(variant: str | None) -> str:
    """The family a request names, or the registry's first when it names none."""
    from mahjongkit.variants import VARIANT_NAMES

    return VARIANT_NAMES[0] if variant is None else variant


def variant_rules_language(
    variant_name: str | None, preset: str | None, options: Sequence[str], lang: str | None
) -> tuple[Variant, Any, str]:
    """The family, its rules (a preset, then single options) and the answer's language."""
    from mahjongkit.options import override
    from mahjongkit.variants import find_variant

    name = family_name(variant_name)
    variant = find_variant(name)
    spoken = language(lang, name, variant.languages)
    if preset is not None and not preset.strip():
        from mahjongkit.i18n import Sentence

        presets = ", ".join(variant.presets)
        raise NotationError(Sentence("refusal.rules_empty", variant=name, presets=presets))
    for assignment in options:
        check_option_size(assignment)
    return variant, override(variant.rules(preset), list(options)), spoken
