"""Kongs on one's turn and calls on another seat's discard: made when the meld lowers the
shanten (or keeps it, where the family pays for kongs or a value honour is the yaku) and the
hand keeps a path to a win that counts.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjongkit.bots.efficient.reading import HandReading
from mahjongkit.shapes import HandShape, discard_shanten, shanten
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import NUM_KINDS
from mahjongkit.variants.base import Plan

__all__ = ["CallChooser"]

# The plans as globals: an enum member read off its class is a slow attribute lookup.
_NONE, _YAKU, _MISSING_SUIT = Plan.NONE, Plan.YAKU, Plan.MISSING_SUIT


class CallChooser:
    """Kongs and calls (see the module text)."""

    def _turn_kong(self, reading: HandReading, legal: Sequence[Action]) -> Action | None:
        """A concealed or added kong that keeps the shanten (Sichuan pays for every kong)."""
        counts = reading.counts
        if 4 not in counts:
            # No concealed kong without four tiles held, no added one without a tile of a
            # meld's kind held (a chow's kind as well: this only skips the scan of ``legal``).
            for kind in reading.meld_kinds:
                if counts[kind]:
                    break
            else:
                return None
        before: int | None = None
        for action in legal:
            if action.type not in (A.ANKAN, A.KAKAN):
                continue
            tile = action.tile
            if tile is None and action.consumed:
                # A concealed kong names its four tiles, not one.
                tile = action.consumed[0]
            if tile is None:
                continue
            if before is None:
                before = shanten(counts, reading.melds, reading.shape)
            kind = tile // 4
            if action.type == A.ANKAN:
                after_counts = list(counts)
                after_counts[kind] = 0
                # A concealed kong is one more set and one tile fewer to discard.
                after = shanten(after_counts, reading.melds + 1, reading.shape) - 0
                wanted = after <= before or reading.record.bot_hints.kongs_pay
                if reading.observation.own.riichi:
                    wanted = True  # the engine offers it only when the waits stay the same
            else:
                after_counts = list(counts)
                after_counts[kind] -= 1
                after = shanten(after_counts, reading.melds, reading.shape)
                wanted = after <= before
            if wanted and _keeps_missing_suit(reading, kind):
                return action
        return None

    def claim(self, reading: HandReading, legal: Sequence[Action]) -> Action:
        """A call on another seat's discard, or pass."""
        passing = next((a for a in legal if a.type == A.PASS), legal[0])
        counts = reading.counts
        before: int | None = None
        best: tuple[int, Action] | None = None
        for action in legal:
            if action.type not in (A.PON, A.KAN, A.CHI) or action.tile is None:
                continue
            kind = action.tile // 4
            after_counts = list(counts)
            for tile in action.consumed:
                after_counts[tile // 4] -= 1
            # The value test first: a call that leaves no way to a win is never searched.
            if not self.call_keeps_value(reading, action, kind, after_counts):
                continue
            if before is None:
                before = shanten(counts, reading.melds, reading.shape)
            if action.type == A.KAN:
                after = shanten(after_counts, reading.melds + 1, reading.shape)
            else:
                after = _best_after_discard(after_counts, reading.melds + 1, reading.shape)
            wanted = after < before or (
                action.type == A.KAN and after <= before and reading.record.bot_hints.kongs_pay
            )
            if (
                action.type == A.PON
                and reading.value_honours.get(kind)
                and reading.record.bot_hints.plan is _YAKU
                and after <= before
            ):
                wanted = True
            if wanted and (best is None or after < best[0]):
                best = (after, action)
        return best[1] if best is not None else passing

    def call_keeps_value(
        self, reading: HandReading, action: Action, kind: int, after: list[int]
    ) -> bool:
        """Whether the hand after the call still has a way to a win that counts."""
        aim = reading.record.bot_hints.plan
        if aim is _NONE:
            return True
        meld_kinds = [
            *reading.meld_kinds,
            kind if action.type != A.CHI else min([kind, *(t // 4 for t in action.consumed)]),
        ]
        chow = action.type == A.CHI
        if aim is _MISSING_SUIT:
            return _keeps_missing_suit(reading, kind)
        held = [k for k, c in enumerate(after) if c]
        if aim is _YAKU:
            honours = reading.value_honours
            if not chow and honours.get(kind):
                return True
            if any(honours.get(k) for k in meld_kinds if k >= 27):
                return True
            if any(honours.get(k) and after[k] >= 2 for k in range(27, NUM_KINDS)):
                return True
            if reading.record.bot_hints.open_simples(reading.rules):
                simple_melds = all(
                    k < 27 and k % 9 not in (0, 8) and (not chow or k % 9 <= 5) for k in meld_kinds
                )
                outside = sum(after[k] for k in held if k >= 27 or k % 9 in (0, 8))
                if simple_melds and outside <= 1:
                    return True
            return self._flush_path(meld_kinds, after, limit=2)
        # A minimum (Hong Kong): fan from honour pungs, a flush or all pungs must reach it.
        minimum = reading.record.capabilities.minimum_value(reading.rules)
        honours_fan = sum(reading.value_honours.get(k, 0) for k in meld_kinds if k >= 27)
        honours_fan += sum(
            reading.value_honours.get(k, 0) for k in range(27, NUM_KINDS) if after[k] >= 2
        )
        if reading.record.bot_hints.bonus_toward_minimum(reading.rules):
            honours_fan += self._flower_fan(reading)
        fan = honours_fan
        if self._flush_path(meld_kinds, after, limit=2):
            suited = {k // 9 for k in [*meld_kinds, *held] if k < 27}
            fan += 3 if any(k >= 27 for k in [*meld_kinds, *held]) or len(suited) > 1 else 6
        all_pungs = (
            not chow
            and reading.meld_chows == 0
            and (sum(1 for k in held if after[k] >= 2) + len(meld_kinds) >= 4)
        )
        if all_pungs:
            fan += 3
        return fan >= minimum

    @staticmethod
    def _flower_fan(reading: HandReading) -> int:
        """Fan of the seat's own flowers and seasons (its number is its seat wind's)."""
        own = reading.observation.own
        return sum(1 for t in own.flowers if (t - 4 * NUM_KINDS) % 4 == reading.seat_wind)

    @staticmethod
    def _flush_path(meld_kinds: Sequence[int], after: Sequence[int], limit: int) -> bool:
        """All melds in one suit (or honours) and at most ``limit`` concealed tiles off it."""
        suits = {k // 9 for k in meld_kinds if k < 27}
        if len(suits) > 1:
            return False
        suit = suits.pop() if suits else max(range(3), key=lambda s: sum(after[s * 9 : s * 9 + 9]))
        off = sum(after[:27]) - sum(after[suit * 9 : suit * 9 + 9])
        return off <= limit


def _keeps_missing_suit(reading: HandReading, kind: int) -> bool:
    """Whether a set of ``kind`` stays out of the seat's missing suit (always, without one)."""
    missing = reading.observation.own.missing_suit
    return missing is None or kind // 9 != missing


def _best_after_discard(counts: list[int], melds: int, shape: HandShape) -> int:
    """The lowest shanten after discarding one tile of ``counts``."""
    return min(discard_shanten(counts, melds, shape).values(), default=99)
