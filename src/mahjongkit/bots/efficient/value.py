"""What a ready hand is worth: its unseen winning tiles times what each win pays, asked of
the family's scorer (or its points entry) and kept in a small memo between decisions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mahjongkit.bots.efficient.reading import HandReading
from mahjongkit.bots.efficient.search import WinMemo, ready_value
from mahjongkit.errors import MahjongError
from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring import Win
from mahjongkit.table.flow import Flow
from mahjongkit.tiles import NUM_KINDS, Tile
from mahjongkit.variants import find_variant
from mahjongkit.variants.base import Lazy, Variant

__all__ = ["WinValuer"]

_PLAIN_TILES = tuple(Tile(kind) for kind in range(NUM_KINDS))
"""The plain tile of each kind (a winning tile)."""


class WinValuer:
    """The family's scorer and table hooks under the agent's rules, and the scored-win memo.

    ``rules``: the game's rules object (None: the variant's defaults, read on the first
    decision).
    """

    def __init__(self, rules: Any = None) -> None:
        self.rules = rules
        self._variant: str | None = None
        self._record: Variant | None = None
        self._flow: Flow[Any] | None = None
        self._wins = WinMemo()
        """The scored wins (:class:`~mahjongkit.bots.efficient.search.WinMemo`)."""
        self._scorer: Any = None
        self._points: Callable[[Win, Any], int] | None = None
        """The family's points entry (no explained result), when it has one."""
        self._wait_points: Callable[[Any, tuple[Meld, ...], Any], Any] | None = None
        """The family's entry for what a hand's waits pay (no win built per wait), if any."""
        self._waits: tuple[HandReading | None, Callable[[list[int], int, bool], int] | None] = (
            None,
            None,
        )
        """The decision's reading and what its waits pay (None: ask :attr:`_points`)."""
        self._hand_made: tuple[HandReading, tuple[bytes, int], Hand] | None = None
        """The last hand built to score a win: (reading, concealed counts and winning kind)."""
        self._tiles: dict[int, Tile] = {}
        """The tile value of each physical id met, under the flow's rules (red fives)."""
        self._melds: dict[tuple[str, tuple[int, ...], int | None], Meld] = {}
        """The meld value of each meld met (kind, physical ids, the seat it came from)."""

    def _prepare(self, variant: str) -> None:
        """Read the family's record, scorer and table hooks (once per family)."""
        if self._variant == variant:
            return
        record = find_variant(variant)
        if self.rules is None or (self._variant is not None and self._variant != variant):
            self.rules = record.rules() if self.rules is None else self.rules
        self._flow = record.make_flow(self.rules)
        self.rules = self._flow.rules
        self._scorer = record.score
        points = record.points
        self._points = points.resolve() if isinstance(points, Lazy) else points
        waits = record.wait_points
        self._wait_points = waits.resolve() if isinstance(waits, Lazy) else waits
        self._waits = (None, None)
        self._variant = variant
        self._record = record
        self._wins.clear()
        self._tiles.clear()
        self._melds.clear()

    def ready_value(
        self,
        reading: HandReading,
        counts: list[int],
        discarded: int,
        riichi: bool,
        exact: bool = True,
    ) -> int:
        """Unseen winning tiles times what each win pays (by discard where it may win by
        discard, else by self-draw); 0 for a hand that wins nothing. ``counts``: the hand once
        one tile of ``discarded`` is given up. ``riichi``: riichi may be declared with this
        discard (a concealed Riichi hand then has a yaku). ``exact=False``: stop at the first
        wait that wins (by self-draw first, which wins whenever a discard would), its unseen
        tiles times its points: positive exactly when the exact figure is."""
        furiten_rule = self._flow is not None and self._flow.pond_furiten
        return ready_value(
            reading, counts, discarded, riichi, exact, furiten_rule, self._wins, self._score_now
        )

    def _win_parts(self, reading: HandReading) -> tuple[list[Tile], tuple[Meld, ...], Any]:
        """The hand's concealed tiles as tiles (red fives kept), its melds, and the win's fixed
        fields (worked out once per decision)."""
        parts = reading.win_parts
        if parts is None:
            observation = reading.observation
            own = observation.own
            players = len(observation.seats)
            tile = self._tile
            fixed = {
                "seat": reading.seat_wind,
                "round_wind": reading.round_wind,
                "dora_indicators": tuple(
                    tile(t) for t in observation.dora_indicators if t < 4 * NUM_KINDS
                ),
                "flowers": tuple(tile(t) for t in own.flowers),
                "missing_suit": own.missing_suit,
                "honba": observation.honba,
                "in_game": frozenset(range(players)),
            }
            melds: list[Meld] = []
            for meld in own.melds:
                # Scorers count seats as winds, from the dealer, like the win's seat.
                seat = (
                    (meld.from_seat - observation.dealer) % players
                    if meld.from_seat is not None and meld.kind != MeldKind.CONCEALED_KONG.value
                    else None
                )
                key = (meld.kind, tuple(meld.tiles), seat)
                made = self._melds.get(key)
                if made is None:
                    made = self._melds[key] = Meld(
                        MeldKind(meld.kind),
                        tuple(tile(x) for x in meld.tiles),
                        seat,
                    )
                melds.append(made)
            parts = reading.win_parts = (
                [tile(t) for t in reading.hand if t < 4 * NUM_KINDS],
                tuple(melds),
                fixed,
            )
        return parts

    def _tile(self, tile_id: int) -> Tile:
        """The tile value of a physical id, made once and kept (a value is the same whichever
        decision asks)."""
        found = self._tiles.get(tile_id)
        if found is None:
            flow = self._flow
            assert flow is not None
            found = self._tiles[tile_id] = flow.tile(tile_id)
        return found

    def _score_now(
        self, reading: HandReading, counts: list[int], kind: int, self_draw: bool, riichi: bool
    ) -> tuple[bool, int]:
        if not riichi and self._wait_points is not None:
            known, waits = self._waits
            if known is not reading:
                _, melds, fixed = self._win_parts(reading)
                waits = self._wait_points(self.rules, melds, fixed)
                self._waits = (reading, waits)
            if waits is not None:
                # The family's figure for a plain win, the same as its points entry's.
                found = waits(counts, kind, self_draw)
                return (found > 0, found)
        return self._score_by_win(reading, counts, kind, self_draw, riichi)

    def _score_by_win(
        self, reading: HandReading, counts: list[int], kind: int, self_draw: bool, riichi: bool
    ) -> tuple[bool, int]:
        """:meth:`_score_now` through a :class:`Win` and the family's points entry (or its
        scorer): every win the family's wait figure does not cover."""
        tiles, melds, fixed = self._win_parts(reading)
        players = len(reading.observation.seats)
        discarder = None if self_draw else (reading.seat_wind - 1) % players
        win_tile = _PLAIN_TILES[kind]
        key = (bytes(counts), kind)
        made = self._hand_made
        try:
            if made is not None and made[0] is reading and made[1] == key:
                # A wait is scored by self-draw, then on a discard: the same hand both times.
                hand = made[2]
            else:
                # The concealed tiles as the hand holds them (red fives kept), then the winning
                # tile.
                wanted = list(counts)
                kept: list[Tile] = []
                for tile in tiles:
                    kind_held = tile.kind
                    if wanted[kind_held] > 0:
                        wanted[kind_held] -= 1
                        kept.append(tile)
                hand = Hand((*kept, win_tile), melds)
                self._hand_made = (reading, key, hand)
            win = Win(
                hand=hand,
                win_tile=win_tile,
                self_draw=self_draw,
                from_seat=discarder,
                riichi=riichi,
                **fixed,
            )
            if self._points is not None:
                found = int(self._points(win, self.rules))
                return (found > 0, found)
            score = self._scorer(win, self.rules)
        except MahjongError:
            return (False, 0)
        return (bool(score.valid), int(score.points))
