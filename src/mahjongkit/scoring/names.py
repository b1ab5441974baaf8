"""Names in several languages, and the pattern names each variant registers.

A result names its own patterns (:class:`~mahjongkit.scoring.PatternHit` carries its names, and
a :class:`~mahjongkit.scoring.Score` the names of the patterns it dropped). A variant also
registers the names of its whole table here, for the scores that leave their dropped patterns
unnamed: the scoring layer never imports a variant to find a name.
"""

from __future__ import annotations

from collections.abc import Mapping

Names = Mapping[str, str]
"""A name in every language: language code -> text."""

_REGISTERED: dict[str, Mapping[str, Names]] = {}


def name_in(names: Names, lang: str) -> str:
    """The name in ``lang``, else English.

    >>> name_in({"en": "Pure one suit", "zh": "清一色"}, "fr")
    'Pure one suit'
    """
    return names.get(lang) or names["en"]


def register_pattern_names(variant: str, names: Mapping[str, Names]) -> None:
    """Record the names of every pattern of ``variant`` by stable id (done by the variant)."""
    _REGISTERED[variant] = names


def registered_name(variant: str, pattern: str, lang: str) -> str:
    """The registered name of ``pattern`` in ``lang``, or the id when ``variant`` has none.

    >>> registered_name("no_such_variant", "pinfu", "en")
    'pinfu'
    """
    names = _REGISTERED.get(variant, {}).get(pattern)
    return name_in(names, lang) if names else pattern
