"""Sichuan table rules the engine asks about: exchange three, missing suit, several winners.

Pure functions of the facts they are given; the engine keeps the state.

>>> exchange_receivers("across")
{0: 2, 1: 3, 2: 0, 3: 1}
>>> legal_discards([1, 0, 0, 0, 0, 0, 0, 0, 0, 2] + [0] * 24, missing_suit=0, discards_made=3,
...                rules=SichuanRules.blood_battle())
[0]
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Literal

from mahjongkit.errors import IllegalActionError, InvalidHandError
from mahjongkit.melds import SEAT_LETTERS
from mahjongkit.variants.sichuan.rules import SichuanRules

Direction = Literal["cw", "ccw", "across"]
"""Where each player's three tiles go: ``ccw`` to the next player in turn order (E → S),
``cw`` to the previous one (E → N), ``across`` to the opposite seat (E → W)."""

_STEPS: dict[str, int] = {"ccw": 1, "cw": 3, "across": 2}
_RANDOM_DIRECTIONS: tuple[Direction, ...] = ("ccw", "cw", "across")


def exchange_direction(
    rules: SichuanRules, rng: random.Random, dice_direction: Direction | None = None
) -> Direction | None:
    """The direction of this hand's exchange of three (换三张, §2), or None when it is off.

    ``random`` draws one of the three with ``rng`` (seeded by the engine); ``dice`` takes the
    direction the table's own dice convention gave (``dice_direction``), as no source fixes one.
    """
    mode = rules.huan_san_zhang
    if mode == "off":
        return None
    if mode == "random":
        return rng.choice(_RANDOM_DIRECTIONS)
    if mode == "dice":
        if dice_direction is None:
            raise InvalidHandError(
                "huan_san_zhang=dice: the direction read from the dice must be given"
            )
        return dice_direction
    return mode


def exchange_receivers(direction: Direction) -> dict[int, int]:
    """Giver seat → receiving seat for one exchange direction."""
    if direction not in _STEPS:
        raise InvalidHandError(f"{direction!r} is not an exchange direction: cw, ccw or across")
    step = _STEPS[direction]
    return {seat: (seat + step) % 4 for seat in range(4)}


def check_exchange(counts: Sequence[int], chosen: Sequence[int]) -> None:
    """Raise unless ``chosen`` is three tiles of one suit held in ``counts`` (§2)."""
    if len(chosen) != 3:
        raise IllegalActionError(f"exchange three passes 3 tiles, not {len(chosen)}", "§2")
    if len({kind // 9 for kind in chosen}) != 1 or any(not 0 <= k < 27 for k in chosen):
        raise IllegalActionError("the three tiles exchanged must be of one suit", "§2")
    for kind in set(chosen):
        if counts[kind] < list(chosen).count(kind):
            raise IllegalActionError(f"the hand does not hold the tiles {sorted(chosen)}", "§2")


def legal_discards(
    counts: Sequence[int], missing_suit: int, discards_made: int, rules: SichuanRules
) -> list[int]:
    """The kinds a player may discard (§3).

    While the hand holds a tile of its missing suit, only those may go under
    ``void_discard_rule=strict``; under ``lenient`` only the first discard of the hand must be
    one. ``discards_made`` counts the player's earlier discards.
    """
    held = [kind for kind in range(27) if counts[kind]]
    missing = [kind for kind in held if kind // 9 == missing_suit]
    if missing and (rules.void_discard_rule == "strict" or discards_made == 0):
        return missing
    return held


def may_claim(kind: int, missing_suit: int) -> bool:
    """Whether a player may pung, kong or win on ``kind``: never on its missing suit (§3)."""
    return kind // 9 != missing_suit


def discard_winners(discarder: int, claimants: Collection[int], rules: SichuanRules) -> list[int]:
    """Which of the players claiming a win on one discard win, in turn order from the discarder.

    All of them under ``yipao_duoxiang`` (一炮多响, §4); otherwise only the first in turn order.
    """
    if discarder in claimants:
        raise IllegalActionError(f"{SEAT_LETTERS[discarder]} cannot win on its own discard", "§4")
    ordered = sorted(claimants, key=lambda seat: (seat - discarder) % 4)
    return ordered if rules.yipao_duoxiang else ordered[:1]


def may_rob_kong(rules: SichuanRules, concealed: bool) -> bool:
    """Whether a kong may be robbed: an added kong, when ``rob_kong`` is on (§4)."""
    return rules.rob_kong and not concealed


def next_dealer(dealer: int, first_winners: Sequence[int], discarder: int | None) -> int:
    """The dealer of the next hand (§1.5).

    Nobody won: the dealer stays. The first win of the hand by one player: that player. Several
    players on the first winning discard: the discarder.
    """
    if not first_winners:
        return dealer
    if len(first_winners) == 1:
        return first_winners[0]
    if discarder is None:
        raise InvalidHandError("several first winners need the discarder they won on")
    return discarder
