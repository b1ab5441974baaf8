"""Names in several languages.

A result names its own patterns (:class:`~mahjongkit.scoring.PatternHit` carries its names, and
a :class:`~mahjongkit.scoring.Score` the names of the patterns it dropped): the scoring layer
never asks a variant for a name.
"""

from __future__ import annotations

from collections.abc import Mapping

Names = Mapping[str, str]
"""A name in every language: language code -> text."""



def name_in(names: Names, lang: str) -> str:
    """The name in ``lang``, else English.

    >>> name_in({"en": "Pure one suit", "zh": "清一色"}, "fr")
    'Pure one suit'
    """
    return names.get(lang) or names["en"]
