"""What the library's bots know of Hong Kong beyond its rules: the fan a hand heads for.

:func:`fan_path` is the hook :attr:`~mahjongkit.variants.base.BotHints.fan_path` names: the
defensive bot breaks a tie between discards of the same shanten by it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["fan_path"]

_HONOURS = range(27, 34)


def fan_path(
    counts: Sequence[int], meld_kinds: Sequence[int], chows: int, value_honours: Mapping[int, int]
) -> float:
    """The fan a hand heads for: ``counts``, its concealed tiles per kind (the 34 kinds);
    ``meld_kinds``, the first kind of each meld shown; ``chows``, how many of them are chows;
    ``value_honours``, the fan a set of each honour kind is worth to the seat.

    Counted: each value honour held as a pair or more, or shown (a fan each, ``RULES-hongkong``
    §4); a one-suit hand (H-11: a mixed one, with honours, three fan, enough for the minimum; a
    pure one six), whole with no suited tile off its suit and half with one or two; all pungs
    (three fan) with four pairs or sets of a kind and no chow.

    >>> # 111m 22m 222s 77z 7p8p 7s9s, the red dragon worth a fan: all pungs and the dragon pair.
    >>> counts = [0] * 34
    >>> for kind, n in ((0, 3), (1, 2), (15, 1), (16, 1), (19, 3), (24, 1), (26, 1), (33, 2)):
    ...     counts[kind] = n
    >>> fan_path(counts, [], 0, {33: 1})
    4.0
    """
    fan = float(sum(value_honours.get(k, 0) for k in meld_kinds if k >= 27))
    fan += sum(value_honours.get(k, 0) for k in _HONOURS if counts[k] >= 2)
    suits = {k // 9 for k in meld_kinds if k < 27}
    if len(suits) <= 1:
        tally = [sum(counts[s * 9 : s * 9 + 9]) for s in range(3)]
        main = suits.pop() if suits else max(range(3), key=tally.__getitem__)
        off = sum(tally) - tally[main]
        if off <= 2:
            mixed = any(k >= 27 for k in meld_kinds) or any(counts[k] for k in _HONOURS)
            fan += (3.0 if mixed else 6.0) * (1.0 if off == 0 else 0.5)
    sets = sum(1 for k in range(34) if counts[k] >= 2) + len(meld_kinds)
    if chows == 0 and sets >= 4:
        fan += 3.0
    return fan
