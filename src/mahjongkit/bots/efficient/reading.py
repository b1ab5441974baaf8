"""What an agent reads off its observation once per decision (:class:`HandReading`): counts,
melds, the tiles unseen, the shanten and improving tiles of each discard, the value honours
and dora, the plan the family's hints call for.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import sub
from typing import Any, Protocol

from mahjongkit.game.observation import Observation
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.shapes import discard_shanten, discard_ukeire
from mahjongkit.table.actions import Action
from mahjongkit.tiles import (
    COPIES,
    DRAGONS,
    NUM_BONUS,
    NUM_KINDS,
    NUM_PHYSICAL,
    RED_FIVE_IDS,
    Tile,
    counts_of_ids,
    dora_after,
)
from mahjongkit.variants import find_variant
from mahjongkit.variants.base import BotHints, Capabilities, Plan, Variant

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from typing import Final

__all__ = ["HandReading", "Ranked"]


class Ranked(Protocol):
    """What a reading keeps of the exact ranking of its discards
    (:class:`~mahjongkit.bots.efficient.discards.DiscardRanking`), to play its first entry."""

    legal: Sequence[Action]

    def top(self) -> tuple[tuple[float, ...], Action, int]:
        """The first entry: sort key, action, wait value."""
        ...


_MINIMUM: Final = Plan.MINIMUM
_MISSING_SUIT: Final = Plan.MISSING_SUIT
"""The one-suit plans, as Final names (an enum member read off its class is a slow lookup;
compiled, a C static)."""
_CONCEALED_KONG: Final = MeldKind.CONCEALED_KONG.value
_CHOW: Final = MeldKind.CHOW.value
_RED_FIVES: Final = tuple(RED_FIVE_IDS)
_DRAGONS: Final = tuple(DRAGONS)
_OUTSIDE_KINDS: Final = tuple(k for k in range(NUM_KINDS) if k >= 27 or k % 9 in (0, 8))
_KINDS_AND_BONUS: Final = (NUM_PHYSICAL + NUM_BONUS) // COPIES
"""Values of ``tile >> 2`` over every physical id: the kinds, then two for the bonus tiles."""


class HandReading:
    """What an agent reads off its observation once per decision: counts, melds, the tiles
    still unseen, the honour kinds worth a fan or a han to this seat, the dora kinds.

    ``record``: the family's record (None: looked up by the observation's variant); its
    capabilities and bot hints say what to read."""

    def __init__(self, observation: Observation, rules: Any, record: Variant | None = None) -> None:
        self.observation = observation
        if record is None:
            record = find_variant(observation.variant)
        self.record = record
        """The family's record: its capabilities and bot hints say what to read."""
        capabilities = record.capabilities
        hints = record.bot_hints
        own = observation.own
        hand = self.hand = list(observation.hand)
        self.counts = counts_of_ids(hand)
        self._held = tuple(self.counts)
        self.red_kinds: tuple[int, ...] = ()
        """The kinds of the red fives held."""
        for red in _RED_FIVES:
            if red in hand:
                self.red_kinds += (red >> 2,)
        melds = own.melds
        self.melds = len(melds)
        self.shape = observation.hand_shape
        concealed_kong = _CONCEALED_KONG
        self.open = any(m.kind != concealed_kong for m in melds)
        players = len(observation.seats)
        seat_wind = self.seat_wind = (observation.seat - observation.dealer) % players
        round_wind = self.round_wind = observation.round_wind
        self.value_honours: dict[int, int] = {}
        if capabilities.honours:
            honours = self.value_honours
            for dragon in _DRAGONS:
                honours[dragon] = 1
            for wind in {27 + seat_wind, 27 + round_wind}:
                honours[wind] = honours.get(wind, 0) + 1
            if seat_wind == round_wind:
                honours[27 + seat_wind] = hints.double_wind
        self.dora = [0] * NUM_KINDS
        if capabilities.dora:
            for indicator in observation.dora_indicators:
                if indicator < 4 * NUM_KINDS:
                    self.dora[dora_after(indicator // 4)] += 1
        self.meld_kinds = [m.tiles[0] // 4 for m in melds if m.tiles]
        chow = _CHOW
        self.meld_chows = sum(1 for m in melds if m.kind == chow)
        self.rules = rules
        self.hk_plan: tuple[int, int, bool, bool] | None = None
        """A minimum to reach (Hong Kong): the main suit, the tiles off it, whether a flush
        and whether all pungs are in reach (worked out on the first discard weighed)."""
        self._tally: list[int] | None = None
        self._honours: int | None = None
        self._unseen: list[int] | None = None
        self._left: list[int] | None = None
        """Per kind: the unseen copies not in the hand (at least 0)."""
        self._plan: frozenset[int] | None = None
        self._plan_known = False
        self.options: dict[
            bool, tuple[Sequence[Action], list[tuple[tuple[float, ...], Action, int]]]
        ] = {}
        """The discard rankings made this decision (exact and cheap), with the actions they
        were made of."""
        self.score_context = -1
        """The agent's number for this decision's scoring context (−1: not asked yet)."""
        self.win_parts: tuple[list[Tile], tuple[Meld, ...], Any] | None = None
        self.discards: tuple[Sequence[Action], Any] | None = None
        """The discard of each kind and the riichi kinds, with the legal actions they were
        read from; then every discard's shanten and keep value (worked out once)."""
        self.weighed: tuple[list[tuple[int, int, float]], int, list[int]] | None = None
        self.ranking: Ranked | None = None
        """The exact ranking made this decision, if one was asked for."""

    @property
    def variant(self) -> str:
        """The family's name."""
        return self.record.name

    @property
    def capabilities(self) -> Capabilities:
        """What the family's table has."""
        return self.record.capabilities

    @property
    def hints(self) -> BotHints:
        """How the family is played."""
        return self.record.bot_hints

    @property
    def unseen(self) -> list[int]:
        """Per kind: the copies not in sight on the table (the hand's own tiles still counted
        in; the loops that count improving tiles take them off)."""
        found = self._unseen
        if found is None:
            # Bonus tiles (never discarded or melded) would fall past the last kind.
            left = [COPIES] * _KINDS_AND_BONUS
            observation = self.observation
            for info in observation.seats:
                for tile in info.discards:
                    left[tile >> 2] -= 1
                for meld in info.melds:
                    for tile in meld.tiles:
                        left[tile >> 2] -= 1
                    # A claimed discard stays in its pond and is in the meld too: one tile.
                    if meld.called is not None:
                        left[meld.called >> 2] += 1
            for tile in observation.dora_indicators:
                left[tile >> 2] -= 1
            del left[NUM_KINDS:]
            found = self._unseen = left
        return found

    @property
    def plan(self) -> frozenset[int] | None:
        """The kinds a one-suit plan can use (None: no such plan): draws of others do not
        count as improving the hand."""
        plan = self._plan
        aim = self.record.bot_hints.plan
        if not self._plan_known and aim is not _MINIMUM and aim is not _MISSING_SUIT:
            self._plan_known = True  # no one-suit plan narrows the draws (Riichi)
        if not self._plan_known:
            tally = self.suit_tally()
            main = max(range(3), key=lambda s: tally[s])
            total = sum(tally) + self.honour_count()
            suited = range(main * 9, main * 9 + 9)
            if aim is _MINIMUM and total - tally[main] - self.honour_count() <= 3:
                plan = frozenset((*suited, *range(27, NUM_KINDS)))
            elif aim is _MISSING_SUIT and tally[main] >= 11:
                plan = frozenset(suited)
            self._plan, self._plan_known = plan, True
        return plan

    _after: dict[int, tuple[int, tuple[int, ...]]] | None = None
    _shanten_after: dict[int, int] | None = None

    def shanten_after(self) -> dict[int, int]:
        """Per kind held: the shanten after discarding it (worked out once per decision)."""
        if self._shanten_after is None:
            self._shanten_after = discard_shanten(self.counts, self.melds, self.shape)
        return self._shanten_after

    def after_discards(
        self, kinds: Sequence[int] | None = None
    ) -> dict[int, tuple[int, tuple[int, ...]]]:
        """Per kind held (of ``kinds`` at least, when given): the shanten after discarding it
        and the kinds that would then improve the hand. Each kind is worked out once per
        decision; the improving draws of discards nobody asks about are never searched."""
        if self._after is None:
            self._after = {}
        wanted = [k for k in range(NUM_KINDS) if self.counts[k]] if kinds is None else list(kinds)
        missing = [k for k in wanted if k not in self._after and self.counts[k]]
        if missing:
            self._after.update(discard_ukeire(self.counts, self.melds, self.shape, missing))
        return self._after

    @property
    def left(self) -> list[int]:
        """Per kind: the unseen copies not in the hand (at least 0)."""
        left = self._left
        if left is None:
            # A hand's own copies are never in sight: never fewer unseen than held.
            left = self._left = list(map(sub, self.unseen, self._held))
        return left

    def seen(self) -> list[int]:
        """Per kind: the copies in sight to this seat, its own hand included (at most four)."""
        return [COPIES - n for n in self.left]

    def tiles_of(self, kind: int, kinds: Sequence[int], only: frozenset[int] | None) -> int:
        """Unseen tiles of ``kinds`` once one tile of ``kind`` is discarded (only those of
        ``only``, when given)."""
        left = self._left
        if left is None:
            left = self.left
        total = 0
        copies = 0  # how often the discarded kind is among those counted
        if only is None:
            for other in kinds:
                total += left[other]
                if other == kind:
                    copies += 1
        else:
            for other in kinds:
                if other in only:
                    total += left[other]
                    if other == kind:
                        copies += 1
        if copies:
            # The discarded kind is read off the counts as they stand: a caller weighing the
            # discard may have taken the tile off already.
            given_up = self.unseen[kind] - self.counts[kind] + 1
            total += copies * ((given_up if given_up > 0 else 0) - left[kind])
        return total

    def suit_tally(self) -> list[int]:
        """Tiles of each suit (m, p, s) in the hand and its melds (not to be changed)."""
        if self._tally is not None:
            return self._tally
        tally = [sum(self.counts[s * 9 : s * 9 + 9]) for s in range(3)]
        for meld in self.observation.own.melds:
            suit = meld.tiles[0] // 36
            if suit < 3:
                tally[suit] += 3
        self._tally = tally
        return tally

    _tanyao: bool | None = None

    def tanyao_in_reach(self) -> bool:
        """Riichi: all simples is allowed with these melds and at most three terminal or
        honour tiles are held, none in a meld."""
        if self._tanyao is None:
            tanyao_ok = not self.open or self.record.bot_hints.open_simples(self.rules)
            self._tanyao = bool(
                tanyao_ok
                and self.outside_count() <= 3
                and not any(k >= 27 or k % 9 in (0, 8) for k in self.meld_kinds)
            )
        return self._tanyao

    _pairs: int | None = None

    def pair_count(self) -> int:
        """Kinds held twice or more."""
        if self._pairs is None:
            counts = self.counts
            self._pairs = NUM_KINDS - counts.count(0) - counts.count(1)
        return self._pairs

    _outside: int | None = None

    def outside_count(self) -> int:
        """Terminal and honour tiles in the hand (not its melds)."""
        if self._outside is None:
            counts = self.counts
            self._outside = sum(counts[k] for k in _OUTSIDE_KINDS)
        return self._outside

    def honour_count(self) -> int:
        """Honour tiles in the hand and its melds."""
        if self._honours is None:
            self._honours = sum(self.counts[27:]) + sum(3 for k in self.meld_kinds if k >= 27)
        return self._honours
