"""What a ready Hong Kong hand's waits pay, without building a win per wait: a bot's figure.

:func:`wait_points` reads the hand's melds, seat, winds and bonus tiles once per decision and
gives a function from the concealed tiles (before the winning tile), the winning kind and how
it is won to what :func:`~mahjongkit.variants.hongkong.scorer.points` gives for that win: the
same readings (four sets and a pair, thirteen orphans, seven pairs where allowed), the same
active rows of the fan table under the rules (their fan, limit flags and replacements are read
from :func:`~mahjongkit.variants.hongkong.scorer._rows`, never restated), the same best reading
and minimum, the same payments. Only the rows' tests are written here again, over counts
instead of a :class:`~mahjongkit.variants.hongkong.context.WinContext`; a table whose rows this
module does not know (or a win it does not cover: first turn, kong replacement, last tile,
robbing a kong) gets None, and the bot asks the scorer. Compiled (``native.COMPILED``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mahjongkit.lite_typing import Any
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring.quick_rows import QuickRow, WaitPoints, read_rows, tally_rows
from mahjongkit.tiles import FIRST_FLOWER, FIRST_SEASON, NUM_ALL_KINDS, NUM_KINDS
from mahjongkit.variants.hongkong.payments import base_amount
from mahjongkit.variants.hongkong.rules import HongKongRules

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from typing import Final

__all__ = ["WaitPoints", "wait_points", "wait_points_of"]

# The rows' tests, by row id: a number each (compiled code compares ints, not strings).
_CODES: Final = {
    "thirteen_orphans": 1,
    "nine_gates": 2,
    "big_four_winds": 3,
    "all_kongs": 4,
    "heavenly_hand": 0,  # first-turn wins: never asked here
    "earthly_hand": 0,
    "human_hand": 0,
    "all_terminals": 5,
    "all_honours": 6,
    "eight_bonus_tiles": 7,
    "big_three_dragons": 8,
    "all_concealed_pungs": 9,
    "small_four_winds": 10,
    "double_kong_replacement": 0,  # a kong's replacement tile: never asked here
    "pure_one_suit": 11,
    "small_three_dragons": 12,
    "seven_pairs": 13,
    "mixed_one_suit": 14,
    "all_pungs": 15,
    "seven_bonus_tiles": 16,
    "kong_replacement": 0,
    "mixed_terminals": 17,
    "dragon_pung": 18,
    "seat_wind": 19,
    "round_wind": 20,
    "common_hand": 21,
    "concealed_hand": 22,
    "self_draw": 23,
    "robbing_kong": 0,  # robbing a kong: never asked here
    "last_tile": 0,  # the last tile: never asked here
    "chicken_hand": 24,
    "no_flowers": 25,
    "seat_flower": 26,
    "seat_season": 27,
    "flower_set": 28,
    "season_set": 29,
}

_REGULAR: Final = 0
_SEVEN_PAIRS: Final = 1
_ORPHANS: Final = 2
_SHAPE_NAMES: Final = ("regular", "seven_pairs", "thirteen_orphans")
_ORPHAN_KINDS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_CHOW_KIND: Final = MeldKind.CHOW
_CONCEALED_KONG: Final = MeldKind.CONCEALED_KONG


def _plan(rules: HongKongRules, shape: int) -> list[QuickRow] | None:
    """The active rows of a reading of ``shape`` under ``rules``, by number; None when one
    of them is not a row this module knows."""
    from mahjongkit.variants.hongkong.scorer import _rows

    return read_rows(_rows(rules, _SHAPE_NAMES[shape]), _CODES)


_plans: dict[int, tuple[HongKongRules, list[list[QuickRow]] | None]] = {}
"""The rows of each shape under the rules asked for last, by the rules' identity."""


def _plans_of(rules: HongKongRules) -> list[list[QuickRow]] | None:
    found = _plans.get(0)
    if found is not None and found[0] is rules:
        return found[1]
    plans: list[list[QuickRow]] | None = []
    for shape in (_REGULAR, _SEVEN_PAIRS, _ORPHANS):
        rows = _plan(rules, shape)
        if rows is None:
            plans = None
            break
        assert plans is not None
        plans.append(rows)
    _plans[0] = (rules, plans)
    return plans


class _Hand:
    """A hand's fixed part for one decision: melds, seat, winds, bonus tiles, the rules."""

    __slots__ = (
        "flower_count",
        "flowers",
        "meld_chows",
        "meld_copies",
        "meld_kongs",
        "meld_open",
        "meld_pungs",
        "melds",
        "plans",
        "round_kind",
        "rules",
        "seat",
        "seat_kind",
    )

    def __init__(
        self,
        rules: HongKongRules,
        plans: list[list[QuickRow]],
        melds: list[tuple[bool, int, bool, bool]],
        seat: int,
        round_wind: int,
        flowers: list[int],
    ) -> None:
        self.rules = rules
        self.plans = plans
        self.melds = len(melds)
        self.seat = seat
        self.seat_kind = 27 + seat
        self.round_kind = 27 + round_wind
        self.flowers = flowers
        self.flower_count = len(flowers)
        copies = [0] * NUM_KINDS
        pungs: list[int] = []
        chows = kongs = 0
        concealed_only = True
        for chow, first, concealed, kong in melds:
            if chow:
                chows += 1
                copies[first] += 1
                copies[first + 1] += 1
                copies[first + 2] += 1
            else:
                pungs.append(first)
                copies[first] += 4 if kong else 3
            if kong:
                kongs += 1
            if not concealed:
                concealed_only = False
        self.meld_copies = copies
        self.meld_pungs = pungs
        self.meld_chows = chows
        self.meld_kongs = kongs
        self.meld_open = not concealed_only

    def points(self, counts: Sequence[int], kind: int, self_draw: bool) -> int:
        """What the scorer's ``points`` gives for a win on ``kind`` (``counts``: the concealed
        tiles before it)."""
        hand = list(counts)
        hand[kind] += 1
        copies = self.meld_copies
        total = 0
        for index in range(NUM_KINDS):
            held = hand[index]
            if held + copies[index] > 4:
                return 0  # a fifth copy: no such hand
            total += held
        if total + 3 * self.melds != 14:
            return 0
        facts = _Facts(self, hand, kind, self_draw)
        best_total = best_toward = -1
        plans = self.plans
        regular = plans[_REGULAR]
        for pair in range(NUM_KINDS):
            if hand[pair] < 2:
                continue
            hand[pair] -= 2
            for chows, pung_kinds in _set_readings(hand):
                got_total, got_toward = facts.score(
                    regular, _REGULAR, pung_kinds + self.meld_pungs, chows + self.meld_chows, pair
                )
                if (got_total, got_toward) > (best_total, best_toward):
                    best_total, best_toward = got_total, got_toward
            hand[pair] += 2
        if not self.melds:
            if all(hand[k] for k in _ORPHAN_KINDS) and total == 14 and _only_orphans(hand):
                got_total, got_toward = facts.score(plans[_ORPHANS], _ORPHANS, [], 0, -1)
                if (got_total, got_toward) > (best_total, best_toward):
                    best_total, best_toward = got_total, got_toward
            if self.rules.seven_pairs and all(n == 0 or n == 2 for n in hand):
                got_total, got_toward = facts.score(plans[_SEVEN_PAIRS], _SEVEN_PAIRS, [], 0, -1)
                if (got_total, got_toward) > (best_total, best_toward):
                    best_total, best_toward = got_total, got_toward
        rules = self.rules
        if best_total < 0 or best_toward < rules.min_fan:
            return 0
        base = base_amount(min(best_total, rules.limit), rules)
        # What the winner receives (payments.received): three shares on a self-draw (doubled
        # under the half system), the discarder's double share (plus the others' single ones
        # under the half system) on a discard.
        if rules.payment_system == "full":
            return (rules.players - 1) * base if self_draw else 2 * base
        return (
            (rules.players - 1) * 2 * base if self_draw else 2 * base + (rules.players - 2) * base
        )


def _only_orphans(hand: Sequence[int]) -> bool:
    """Every tile held is a terminal or an honour."""
    for kind in range(NUM_KINDS):
        if hand[kind] and kind < 27 and kind % 9 != 0 and kind % 9 != 8:
            return False
    return True


def _set_readings(hand: list[int]) -> list[tuple[int, list[int]]]:
    """Every way the tiles of ``hand`` split into sets: (chows, the pungs' kinds) each, none
    when they do not (honours only as pungs)."""
    out: list[tuple[int, list[int]]] = []
    _split(hand, 0, 0, [], out)
    return out


def _split(
    hand: list[int], start: int, chows: int, pungs: list[int], out: list[tuple[int, list[int]]]
) -> None:
    kind = start
    while kind < NUM_KINDS and hand[kind] == 0:
        kind += 1
    if kind == NUM_KINDS:
        out.append((chows, list(pungs)))
        return
    if hand[kind] >= 3:
        hand[kind] -= 3
        pungs.append(kind)
        _split(hand, kind, chows, pungs, out)
        pungs.pop()
        hand[kind] += 3
    if kind < 27 and kind % 9 <= 6 and hand[kind + 1] and hand[kind + 2]:
        hand[kind] -= 1
        hand[kind + 1] -= 1
        hand[kind + 2] -= 1
        _split(hand, kind, chows + 1, pungs, out)
        hand[kind] += 1
        hand[kind + 1] += 1
        hand[kind + 2] += 1


class _Facts:
    """What every reading of one win shares: the tiles in all (melds included), the suits."""

    __slots__ = (
        "all_terminals",
        "hand",
        "has_honour",
        "kind",
        "owner",
        "self_draw",
        "suits",
        "terminals_or_honours",
        "whole",
    )

    def __init__(self, owner: _Hand, hand: list[int], kind: int, self_draw: bool) -> None:
        self.owner = owner
        self.hand = hand
        self.kind = kind
        self.self_draw = self_draw
        copies = owner.meld_copies
        whole = [hand[k] + copies[k] for k in range(NUM_KINDS)]
        self.whole = whole
        suits = 0
        honour = False
        terminals = True
        outside = True
        for index in range(NUM_KINDS):
            if not whole[index]:
                continue
            if index >= 27:
                honour = True
                terminals = False
            else:
                suits |= 1 << (index // 9)
                if index % 9 != 0 and index % 9 != 8:
                    terminals = False
                    outside = False
        self.suits = suits
        self.has_honour = honour
        self.all_terminals = terminals
        self.terminals_or_honours = outside

    def score(
        self,
        rows: list[QuickRow],
        shape: int,
        pungs: list[int],
        chows: int,
        pair: int,
    ) -> tuple[int, int]:
        """(total, toward the minimum) of one reading, as the scorer's ``points`` keys it:
        ``pungs`` the kinds of every pung and kong (the concealed part's first, then the
        melds'), ``chows`` every chow, ``pair`` the pair's kind (−1: not a regular reading)."""
        counts = [self._test(row.code, shape, pungs, chows, pair) for row in rows]
        rules = self.owner.rules
        limit, total, toward = tally_rows(rows, counts, rules.bonus_counts_toward_minimum)
        if limit:
            return rules.limit, rules.limit
        return total, toward

    def _test(
        self,
        code: int,
        shape: int,
        pungs: list[int],
        chows: int,
        pair: int,
    ) -> int:
        """How many times the row of ``code`` applies to the reading (see :meth:`score`)."""
        owner = self.owner
        regular = shape == _REGULAR
        if code == 0:
            return 0
        if code == 1:
            return 1 if shape == _ORPHANS else 0
        if code == 2:
            if owner.melds or not regular or not self._pure():
                return 0
            start = _first_kind(self.whole) // 9 * 9
            if owner.rules.nine_gates_strict:
                for index in range(9):
                    held = self.whole[start + index] - (1 if start + index == self.kind else 0)
                    if held != _GATES[index]:
                        return 0
                return 1
            for index in range(9):
                if self.whole[start + index] < _GATES[index]:
                    return 0
            return 1
        if code == 3:
            return 1 if _winds(pungs) == 4 else 0
        if code == 4:
            # Only declared melds are kongs: four of them.
            return 1 if regular and owner.meld_kongs == 4 else 0
        if code == 5:
            return 1 if self.all_terminals else 0
        if code == 6:
            return 1 if self.suits == 0 else 0
        if code == 7:
            return 1 if owner.flower_count == 8 else 0
        if code == 8:
            return 1 if _dragons(pungs) == 3 else 0
        if code == 9:
            return (
                1
                if regular
                and chows == 0
                and not owner.meld_open
                and (self.self_draw or pair == self.kind)
                else 0
            )
        if code == 10:
            return 1 if _winds(pungs) == 3 and 27 <= pair <= 30 else 0
        if code == 11:
            return 1 if self._pure() else 0
        if code == 12:
            return 1 if _dragons(pungs) == 2 and pair >= 31 else 0
        if code == 13:
            return 1 if shape == _SEVEN_PAIRS else 0
        if code == 14:
            return 1 if _one_suit(self.suits) and self.has_honour else 0
        if code == 15:
            return 1 if regular and chows == 0 else 0
        if code == 16:
            return 1 if owner.flower_count == 7 else 0
        if code == 17:
            return 1 if shape != _ORPHANS and self.terminals_or_honours else 0
        if code == 18:
            return _dragons(pungs)
        if code == 19:
            return 1 if owner.seat_kind in pungs else 0
        if code == 20:
            return 1 if owner.round_kind in pungs else 0
        if code == 21:
            if not regular or pungs or pair < 0:
                return 0
            if owner.rules.common_hand_suited_pair:
                return 1 if pair < 27 else 0
            scoring = pair >= 31 or pair == owner.seat_kind or pair == owner.round_kind
            return 0 if scoring else 1
        if code == 22:
            if owner.meld_open:
                return 0
            return 1 if owner.rules.concealed_hand_on_self_draw or not self.self_draw else 0
        if code == 23:
            return 1 if self.self_draw else 0
        if code == 24:
            return 1 if regular else 0  # the chicken hand, kept alone: any regular reading
        if code == 25:
            return 1 if owner.flower_count == 0 else 0
        if code == 26:
            return 1 if FIRST_FLOWER + owner.seat in owner.flowers else 0
        if code == 27:
            return 1 if FIRST_SEASON + owner.seat in owner.flowers else 0
        if code == 28:
            return 1 if all(FIRST_FLOWER + n in owner.flowers for n in range(4)) else 0
        if code == 29:
            return 1 if all(FIRST_SEASON + n in owner.flowers for n in range(4)) else 0
        return 0

    def _pure(self) -> bool:
        return _one_suit(self.suits) and not self.has_honour


def _one_suit(suits: int) -> bool:
    return suits == 1 or suits == 2 or suits == 4


def _first_kind(whole: Sequence[int]) -> int:
    for kind in range(NUM_KINDS):
        if whole[kind]:
            return kind
    return 0


def _winds(pungs: Sequence[int]) -> int:
    return sum(1 for kind in pungs if 27 <= kind <= 30)


def _dragons(pungs: Sequence[int]) -> int:
    return sum(1 for kind in pungs if kind >= 31)


def wait_points(
    rules: object, melds: Sequence[Meld], seat: int, round_wind: int, flowers: Sequence[int]
) -> WaitPoints | None:
    """What each win of a hand with ``melds`` (seats counted as winds, from the dealer) pays the
    winner at wind ``seat`` in the round of ``round_wind`` holding bonus tiles of kinds
    ``flowers``, under ``rules``, won plainly (not on the first turn, a kong's replacement, the
    last tile nor by robbing a kong): a function of (concealed counts before the winning tile,
    winning kind, self-draw) giving :func:`~mahjongkit.variants.hongkong.scorer.points`' figure.
    None when the scorer must be asked instead (a table row or a win this module does not
    cover)."""
    if not isinstance(rules, HongKongRules) or rules.players != 4:
        return None
    if not 0 <= seat < 4 or not 0 <= round_wind < 4:
        return None
    bonus = list(flowers)
    if len(set(bonus)) != len(bonus) or any(not NUM_KINDS <= k < NUM_ALL_KINDS for k in bonus):
        return None
    if bonus and not rules.flowers:
        return None
    plans = _plans_of(rules)
    if plans is None:
        return None
    read: list[tuple[bool, int, bool, bool]] = []
    left = (seat - 1) % 4
    for meld in melds:
        if meld.from_seat == seat or (
            meld.kind is _CHOW_KIND and meld.from_seat not in (None, left)
        ):
            return None  # a win the scorer refuses: it says so
        read.append((meld.kind is _CHOW_KIND, meld.first, meld.is_concealed, meld.is_kong))
    return _Hand(rules, plans, read, seat, round_wind, bonus).points


def wait_points_of(
    rules: object, melds: Sequence[Meld], fixed: Mapping[str, Any]
) -> WaitPoints | None:
    """:func:`wait_points` from a win's fixed fields by name (``seat``, ``round_wind``,
    ``flowers`` as tiles): the family record's ``wait_points`` entry."""
    seat = fixed.get("seat", 0)
    round_wind = fixed.get("round_wind", 0)
    if not isinstance(seat, int) or not isinstance(round_wind, int):
        return None
    return wait_points(
        rules, melds, seat, round_wind, [tile.kind for tile in fixed.get("flowers", ())]
    )
