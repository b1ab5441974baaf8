"""What a ready Sichuan hand's waits pay, without building a win per wait: a bot's figure.

:func:`wait_points` reads the hand's melds, seat, missing suit and the seats in the game once
per decision and gives a function from the concealed tiles (before the winning tile), the
winning kind and how it is won to what :func:`~mahjongkit.variants.sichuan.scorer.points`
gives for that win: the same readings (four sets and a pair, seven pairs with four of a kind
as two pairs), the same active rows of the fan table (their fan, replacements and absorbed
roots read from :data:`~mahjongkit.variants.sichuan.fan._rows`, never restated), the same best
reading and cap, the same payments (asked of the payments module, once per value). Only the
rows' tests are written here again, over counts; a table row this module does not know, or a
win it does not cover (first turn, a kong's replacement or discard, the last tile, robbing a
kong), gets None, and the bot asks the scorer. Compiled (``native.COMPILED``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mahjongkit.lite_typing import Any
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring.quick_rows import QuickRow, WaitPoints, read_rows, tally_rows
from mahjongkit.tiles import NUM_KINDS
from mahjongkit.variants.sichuan.payments import net, win_payments
from mahjongkit.variants.sichuan.rules import SichuanRules

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from typing import Final

__all__ = ["WaitPoints", "wait_points", "wait_points_of"]

# The rows' tests, by row id: a number each (compiled code compares ints, not strings).
_CODES: Final = {
    "simple": 1,
    "all_pungs": 2,
    "pure_suit": 3,
    "terminals_everywhere": 4,
    "seven_pairs": 5,
    "dragon_seven_pairs": 6,
    "two_five_eight": 7,
    "golden_hook": 8,
    "root": 9,
    "kong_flower": 0,  # how the hand was won beyond a plain self-draw or discard: never here
    "kong_discard": 0,
    "robbing_kong": 0,
    "last_tile_draw": 0,
    "last_discard": 0,
    "self_draw_fan": 10,
    "heavenly": 0,
    "earthly": 0,
    "men_qing": 11,
    "zhong_zhang": 12,
}
_CHOW_KIND: Final = MeldKind.CHOW


_plans: dict[int, tuple[SichuanRules, list[QuickRow] | None]] = {}
"""The active rows under the rules asked for last, by the rules' identity."""


def _plan(rules: SichuanRules) -> list[QuickRow] | None:
    """The active rows of a win under ``rules``, by number; None when one of them is not a
    row this module knows."""
    found = _plans.get(0)
    if found is not None and found[0] is rules:
        return found[1]
    from mahjongkit.variants.sichuan.fan import _rows

    out = read_rows(_rows(rules, True), _CODES)
    _plans[0] = (rules, out)
    return out


class _Hand:
    """A hand's fixed part for one decision: melds, seat, missing suit, the seats paying."""

    __slots__ = (
        "concealed_only",
        "golden",
        "meld_copies",
        "meld_kinds",
        "melds",
        "missing",
        "paid",
        "payer",
        "players",
        "rows",
        "rules",
        "seat",
    )

    def __init__(
        self,
        rules: SichuanRules,
        rows: list[QuickRow],
        melds: Sequence[Meld],
        seat: int,
        missing: int | None,
        players: frozenset[int],
        payer: int,
    ) -> None:
        self.rules = rules
        self.rows = rows
        self.melds = len(melds)
        self.seat = seat
        self.missing = -1 if missing is None else missing
        self.players = players
        self.payer = payer
        copies = [0] * NUM_KINDS
        for meld in melds:
            for kind in meld.kinds:
                copies[kind] += 1
        self.meld_copies = copies
        self.meld_kinds = [meld.first for meld in melds]  # no chow: pungs and kongs
        self.concealed_only = all(meld.kind is MeldKind.CONCEALED_KONG for meld in melds)
        self.golden = len(melds) == 4 and not any(meld.is_concealed for meld in melds)
        self.paid: dict[int, int] = {}
        """What the winner nets for a hand value, by value and self-draw (value × 2 + 1)."""

    def points(self, counts: Sequence[int], kind: int, self_draw: bool) -> int:
        """What the scorer's ``points`` gives for a win on ``kind`` (``counts``: the concealed
        tiles before it)."""
        hand = list(counts)
        hand[kind] += 1
        copies = self.meld_copies
        whole = [0] * NUM_KINDS
        tiles = 0
        suits = 0
        for index in range(NUM_KINDS):
            held = hand[index]
            total = held + copies[index]
            if total > 4:
                return 0  # a fifth copy: no such hand
            if total:
                if index >= 27:
                    return 0  # an honour: not a Sichuan hand
                suits |= 1 << (index // 9)
            whole[index] = total
            tiles += held
        if tiles + 3 * self.melds != 14:
            return 0
        missing = self.missing
        if missing < 0:
            if suits == 7:
                return 0  # all three suits
        elif (suits >> missing) & 1:
            return 0  # a tile of the missing suit
        best = -1
        for pair in range(27):
            if hand[pair] < 2:
                continue
            hand[pair] -= 2
            for chows, pungs in _set_readings(hand):
                fan = self._fan(whole, chows, pungs, pair, self_draw, suits)
                if fan > best:
                    best = fan
            hand[pair] += 2
        if not self.melds and all(n == 0 or n == 2 or n == 4 for n in hand):
            fan = self._fan(whole, [], [], -1, self_draw, suits)
            if fan > best:
                best = fan
        if best < 0:
            return 0
        key = best * 2 + (1 if self_draw else 0)
        found = self.paid.get(key)
        if found is None:
            rules = self.rules
            lines = win_payments(
                self.seat,
                rules.hand_value(best),
                self.players,
                rules,
                None if self_draw else self.payer,
                None,
            )
            found = self.paid[key] = net(lines)[self.seat]
        return found

    def _fan(
        self,
        whole: list[int],
        chows: list[int],
        pungs: list[int],
        pair: int,
        self_draw: bool,
        suits: int,
    ) -> int:
        """The fan (after the cap) of one reading: ``pair`` −1 for seven pairs, else the pair
        of four sets, ``chows`` the concealed chows' first kinds and ``pungs`` the concealed
        pungs' (every meld a pung or a kong)."""
        rows = self.rows
        counts = [self._test(row.code, whole, chows, pungs, pair, self_draw, suits) for row in rows]
        limit, total, _ = tally_rows(rows, counts, True)
        cap = self.rules.fan_cap
        return cap if limit or total > cap else total

    def _test(
        self,
        code: int,
        whole: list[int],
        chows: list[int],
        pungs: list[int],
        pair: int,
        self_draw: bool,
        suits: int,
    ) -> int:
        """How many times the row of ``code`` applies to the reading (see :meth:`_fan`)."""
        standard = pair >= 0
        if code == 1:
            return 1  # the simple hand, kept alone: any reading
        if code == 2:
            return 1 if standard and not chows else 0
        if code == 3:
            return 1 if suits == 1 or suits == 2 or suits == 4 else 0
        if code == 4:
            return 1 if standard and self._terminals_everywhere(chows, pungs, pair) else 0
        if code == 5:
            return 0 if standard else 1
        if code == 6:
            return 1 if not standard and 4 in whole else 0
        if code == 7:
            if not standard or chows:
                return 0
            for index in range(27):
                if whole[index] and index % 9 != 1 and index % 9 != 4 and index % 9 != 7:
                    return 0
            return 1
        if code == 8:
            return 1 if self.golden else 0
        if code == 9:
            return whole.count(4)
        if code == 10:
            return 1 if self_draw and self.rules.self_draw_bonus == "jiafan" else 0
        if code == 11:
            return 1 if self.concealed_only else 0
        if code == 12:
            for index in range(27):
                if whole[index] and (index % 9 == 0 or index % 9 == 8):
                    return 0
            return 1
        return 0

    def _terminals_everywhere(self, chows: list[int], pungs: list[int], pair: int) -> bool:
        """Every set and the pair holds a 1 or a 9: the pair, the pungs and kongs (melds
        included), the chows (a 123 or a 789)."""
        if pair % 9 != 0 and pair % 9 != 8:
            return False
        for kind in pungs:
            if kind % 9 != 0 and kind % 9 != 8:
                return False
        for kind in self.meld_kinds:
            if kind % 9 != 0 and kind % 9 != 8:
                return False
        return all(first % 9 == 0 or first % 9 == 6 for first in chows)


def _set_readings(hand: list[int]) -> list[tuple[list[int], list[int]]]:
    """Every way the tiles of ``hand`` split into sets: (the chows' first kinds, the pungs'
    kinds) each."""
    out: list[tuple[list[int], list[int]]] = []
    _split(hand, 0, [], [], out)
    return out


def _split(
    hand: list[int],
    start: int,
    chows: list[int],
    pungs: list[int],
    out: list[tuple[list[int], list[int]]],
) -> None:
    kind = start
    while kind < 27 and hand[kind] == 0:
        kind += 1
    if kind >= 27:
        out.append((list(chows), list(pungs)))
        return
    if hand[kind] >= 3:
        hand[kind] -= 3
        pungs.append(kind)
        _split(hand, kind, chows, pungs, out)
        pungs.pop()
        hand[kind] += 3
    if kind % 9 <= 6 and hand[kind + 1] and hand[kind + 2]:
        hand[kind] -= 1
        hand[kind + 1] -= 1
        hand[kind + 2] -= 1
        chows.append(kind)
        _split(hand, kind, chows, pungs, out)
        chows.pop()
        hand[kind] += 1
        hand[kind + 1] += 1
        hand[kind + 2] += 1


def wait_points(
    rules: object,
    melds: Sequence[Meld],
    seat: int,
    missing_suit: int | None,
    in_game: frozenset[int],
) -> WaitPoints | None:
    """What each win of a hand with ``melds`` pays the winner at ``seat`` (counted from the
    dealer) with ``missing_suit`` declared (None: not yet), ``in_game`` the seats still
    playing, under ``rules``, won plainly (a self-draw every other seat in the game pays, or a
    discard from the seat before): a function of (concealed counts before the winning tile,
    winning kind, self-draw) giving :func:`~mahjongkit.variants.sichuan.scorer.points`'
    figure. None when the scorer must be asked instead."""
    if not isinstance(rules, SichuanRules) or rules.players != 4:
        return None
    if not 0 <= seat < 4 or seat not in in_game or any(not 0 <= s < 4 for s in in_game):
        return None
    if missing_suit is not None and missing_suit not in (0, 1, 2):
        return None
    payer = (seat - 1) % 4
    if payer not in in_game:
        return None  # the scorer refuses a discard from a seat out of the game: it says so
    if any(meld.kind is _CHOW_KIND for meld in melds):
        return None
    rows = _plan(rules)
    if rows is None:
        return None
    return _Hand(rules, rows, melds, seat, missing_suit, in_game, payer).points


def wait_points_of(
    rules: object, melds: Sequence[Meld], fixed: Mapping[str, Any]
) -> WaitPoints | None:
    """:func:`wait_points` from a win's fixed fields by name (``seat``, ``missing_suit``,
    ``in_game``; no bonus tiles): the family record's ``wait_points`` entry."""
    seat = fixed.get("seat", 0)
    missing = fixed.get("missing_suit")
    in_game = fixed.get("in_game", frozenset(range(4)))
    if not isinstance(seat, int) or not (missing is None or isinstance(missing, int)):
        return None
    if not isinstance(in_game, frozenset) or fixed.get("flowers"):
        return None
    return wait_points(rules, melds, seat, missing, in_game)
