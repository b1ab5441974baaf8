"""The former name of :mod:`~mahjongkit.variants.riichi.features`, kept importable.

The yaku table and code written against the old path import the feature bits and the context
from here; everything public in ``features`` is the same object here.
"""

from mahjongkit.variants.riichi.features import *  # noqa: F403
