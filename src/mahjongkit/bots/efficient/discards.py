"""Which tile to give up: shanten first, then the unseen tiles that improve the hand, less a
value for what the family's plan keeps, plus a bonus for what it wants gone; a ready hand is
weighed by what its waits pay.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from mahjongkit.bots.efficient.reading import HandReading
from mahjongkit.bots.efficient.search import (
    Entry,
    best_shanten_keys,
    contenders,
    entry_key,
    first_and_close,
    keep_value,
    quiet_bound,
    read_discards,
)
from mahjongkit.bots.efficient.value import WinValuer
from mahjongkit.table.actions import Action

__all__ = ["DiscardChooser", "DiscardRanking", "Entry"]


class DiscardChooser(WinValuer):
    """The discards of a decision, ranked (see the module text)."""

    def keep_value(self, reading: HandReading, kind: int) -> float:
        """How much the hand loses by giving up one tile of ``kind`` beyond its shanten and
        improving tiles, in units of improving tiles (negative: the plan wants it gone):
        :func:`~mahjongkit.bots.efficient.search.keep_value`."""
        return keep_value(reading, kind)

    def wants_riichi(self, reading: HandReading, discard: Action, worth: int) -> bool:
        """Declare riichi on a live wait unless the hand already pays a mangan or more per
        win without it (``worth``: the hand's value with riichi, 0 if not ready)."""
        assert discard.tile is not None
        kind = discard.tile // 4
        counts = list(reading.counts)
        counts[kind] -= 1
        after, waits = reading.after_discards((kind,))[kind]
        live = reading.tiles_of(kind, waits, None) if after == 0 else 0
        if live <= 0 or worth <= 0:
            return False
        mangan = 12000 if reading.seat_wind == 0 else 8000
        # The wins with riichi, when all are scored, bound those without it: most hands are
        # found to pay less than a mangan without scoring them again.
        furiten_rule = self._flow is not None and self._flow.pond_furiten
        bound = quiet_bound(reading, counts, kind, furiten_rule, self._wins)
        if 0 <= bound < mangan * live:
            return True
        quiet = self.ready_value(reading, counts, kind, False)
        return quiet / live < mangan

    def discard_options(
        self, reading: HandReading, legal: Sequence[Action], exact: bool = True
    ) -> list[tuple[tuple[float, ...], Action, int]]:
        """Every discard kind, best first, with its sort key and (ready hands) its value: the
        key is (effective shanten, the value of the tile given up less the improving tiles or
        the wait's worth), smallest first. ``exact=False``: only the first entry is sure to be
        the one the exact order puts first; discards that cannot come first keep a rough key
        (their improving tiles and wait values are not worked out), and when only one discard
        leaves a ready hand that wins something, only whether it wins at all is worked out (its
        figure is then some win's, not the sum over the waits)."""
        found = reading.options.get(exact)
        if found is not None and found[0] is legal:
            return found[1]
        out = self._discard_options(reading, legal, exact)
        reading.options[exact] = (legal, out)
        return out

    def _discard_options(
        self, reading: HandReading, legal: Sequence[Action], exact: bool
    ) -> list[tuple[tuple[float, ...], Action, int]]:
        if exact:
            ranking = self.discard_ranking(reading, legal)
            return [] if ranking is None else ranking.entries(ranking.kinds)
        found = self._discards(reading, legal)
        if found is None:
            return []
        by_kind, riichi_kinds = found
        if _nothing_to_weigh(reading, by_kind, riichi_kinds):
            return [((0.0, 0.0), action, 0) for action in by_kind.values()]
        first, best, close = self._first_and_close(reading, by_kind)
        worths: dict[int, int] = {}
        # Only the first entry counts: the improving draws and the wait values of discards
        # that cannot come first are never worked out (their keys stay rough).
        close = self._contenders(reading, first, best, close, riichi_kinds, worths)
        table = reading.after_discards(close)
        ready = sum(1 for kind in close if table[kind][0] == 0)
        plan = reading.plan
        out: list[tuple[tuple[float, ...], Action, int]] = []
        for value, kind, keep in first:
            if kind not in close:
                out.append(((float(value), keep), by_kind[kind], 0))
                continue
            key, worth = self._entry_key(
                reading, kind, value, keep, riichi_kinds, worths.get(kind), ready > 1, table, plan
            )
            out.append((key, by_kind[kind], worth))
        out.sort(key=lambda entry: entry[0])
        return out

    @staticmethod
    def _discards(
        reading: HandReading, legal: Sequence[Action]
    ) -> tuple[dict[int, Action], set[int]] | None:
        """The discard of each kind the hand may give up, and the kinds riichi may be declared
        with (None: no discard is legal); read once per decision."""
        known = reading.discards
        if known is not None and known[0] is legal:
            found: tuple[dict[int, Action], set[int]] | None = known[1]
            return found
        found = DiscardChooser._read_discards(reading, legal)
        reading.discards = (legal, found)
        reading.weighed = None
        return found

    @staticmethod
    def _read_discards(
        reading: HandReading, legal: Sequence[Action]
    ) -> tuple[dict[int, Action], set[int]] | None:
        return read_discards(legal, reading.observation.own.drawn)

    def _first_and_close(
        self, reading: HandReading, by_kind: dict[int, Action]
    ) -> tuple[list[tuple[int, int, float]], int, list[int]]:
        """(shanten after, kind, keep value) of every discard, the best shanten, and the kinds
        weighed exactly: those of the best shanten, and one step back from a ready hand (it may
        be dead) or for a tile the plan must shed (the missing suit). Worked out once per
        decision (``by_kind``: what :meth:`_discards` read)."""
        if reading.weighed is None:
            reading.weighed = first_and_close(reading, by_kind)
        return reading.weighed

    def _entry_key(
        self,
        reading: HandReading,
        kind: int,
        value: int,
        keep: float,
        riichi_kinds: set[int],
        worth: int | None,
        exact: bool,
        table: dict[int, tuple[int, tuple[int, ...]]],
        plan: frozenset[int] | None,
    ) -> tuple[tuple[float, ...], int]:
        """The sort key and worth of a discard weighed exactly: ``worth`` is its wait value
        when already known, ``exact`` whether an unknown one is summed over the waits (else
        only whether it wins is sure, see :meth:`ready_value`); ``table`` holds its improving
        draws (:meth:`HandReading.after_discards`), ``plan`` the reading's."""
        furiten_rule = self._flow is not None and self._flow.pond_furiten
        return entry_key(
            reading,
            kind,
            value,
            keep,
            riichi_kinds,
            worth,
            exact,
            table,
            plan,
            furiten_rule,
            self._wins,
            self._score_now,
        )

    def discard_ranking(
        self, reading: HandReading, legal: Sequence[Action]
    ) -> DiscardRanking | None:
        """The exact ranking of this decision's discards (:meth:`discard_options`), each entry
        worked out only when asked (None: no discard is legal)."""
        found = self._discards(reading, legal)
        if found is None:
            return None
        by_kind, riichi_kinds = found
        first, _, close = self._first_and_close(reading, by_kind)
        ranking = DiscardRanking(self, reading, by_kind, riichi_kinds, first, close)
        ranking.legal = legal
        reading.ranking = ranking
        return ranking

    def _contenders(
        self,
        reading: HandReading,
        first: list[tuple[int, int, float]],
        best: int,
        close: list[int],
        riichi_kinds: set[int],
        worths: dict[int, int],
    ) -> list[int]:
        """The discards of ``close`` that may come first (see :meth:`discard_options`); the
        values of the ready ones found on the way go into ``worths``. A discard one step
        further than the best never comes first; when a ready discard wins something, only the
        ready ones can; and of those, the exact sum over the waits is needed only when two or
        more win something (one that wins nothing is known after its waits are tried)."""
        furiten_rule = self._flow is not None and self._flow.pond_furiten
        return contenders(
            reading,
            first,
            best,
            close,
            riichi_kinds,
            worths,
            furiten_rule,
            self._wins,
            self._score_now,
        )

    def best_discard(
        self, reading: HandReading, legal: Sequence[Action]
    ) -> tuple[Action, int] | None:
        """The discard this agent plays and, when it leaves a ready hand, its value."""
        ranking = reading.ranking
        if ranking is not None and ranking.legal is legal:
            # The exact ranking's first entry, already worked out, is the cheap one's (its
            # value is the exact sum, positive exactly when the cheap figure is), unless
            # nothing needed weighing (then the cheap choice is the first discard read).
            found = self._discards(reading, legal)
            assert found is not None
            if not _nothing_to_weigh(reading, found[0], found[1]):
                _, action, worth = ranking.top()
                return action, worth
        elif reading.options.get(False) is None:
            quick = self._first_not_ready(reading, legal)
            if quick is not None:
                return quick, 0
        options = self.discard_options(reading, legal, exact=False)
        if not options:
            return None
        _, action, worth = options[0]
        return action, worth

    def _first_not_ready(self, reading: HandReading, legal: Sequence[Action]) -> Action | None:
        """The first discard of :meth:`discard_options` (``exact=False``) when no discard
        leaves a ready hand (see :meth:`best_shanten_entries`); None when some discard is
        ready, or nothing needs weighing (the whole ranking then decides)."""
        entries = self.best_shanten_entries(reading, legal)
        return entries[0][1] if entries else None

    def nothing_to_weigh(self, reading: HandReading, legal: Sequence[Action]) -> bool:
        """Whether every legal discard leaves the same usable hand (one kind, or only tiles
        of the missing suit) with no riichi to weigh: the efficient choice is then the first
        discard read, and no ranking is made."""
        found = self._discards(reading, legal)
        return found is not None and _nothing_to_weigh(reading, found[0], found[1])

    def best_shanten_entries(
        self, reading: HandReading, legal: Sequence[Action]
    ) -> list[Entry] | None:
        """When no discard leaves a ready hand, the entries of the discards of the best
        shanten in the order :meth:`discard_options` puts them, which is where it starts:
        every other discard is one step further (a discard raises the shanten by one at
        most), so it sorts after them and its keep value is never needed. None when some
        discard is ready, or nothing needs weighing (the whole ranking then decides)."""
        found = self._discards(reading, legal)
        if found is None or _nothing_to_weigh(reading, found[0], found[1]):
            return None
        return best_shanten_keys(reading, found[0])


def _nothing_to_weigh(
    reading: HandReading, discards: Collection[int], riichi_kinds: Collection[int]
) -> bool:
    """One kind to give (riichi), or only tiles of the missing suit, any of which leaves the
    same usable hand, and no riichi to weigh: the choice needs no ranking."""
    if riichi_kinds:
        return False
    missing = reading.observation.own.missing_suit
    return len(discards) == 1 or all(k < 27 and k // 9 == missing for k in discards)


class DiscardRanking:
    """The discards of one decision in the exact order of
    :meth:`~mahjongkit.bots.efficient.discards.DiscardChooser.discard_options`, each entry worked
    out when first asked: a caller that can choose only among some discards pays only for those
    (and for the shanten and keep value of all).

    ``kinds``: the kinds that may be discarded. :meth:`band` is the first field of a kind's key
    (its shanten, 1.5 for a dead wait) without its improving tiles or the sum over its waits;
    :meth:`entries` gives the entries of some kinds in the order the whole ranking puts them.
    """

    def __init__(
        self,
        agent: DiscardChooser,
        reading: HandReading,
        by_kind: dict[int, Action],
        riichi_kinds: set[int],
        first: list[tuple[int, int, float]],
        close: list[int],
    ) -> None:
        self.agent = agent
        self.reading = reading
        self.by_kind = by_kind
        self.riichi_kinds = riichi_kinds
        self.kinds = [kind for _, kind, _ in first]
        self.close = set(close)
        self._first = {kind: (value, keep) for value, kind, keep in first}
        self._index = {kind: index for index, kind in enumerate(self.kinds)}
        self._entries: dict[int, Entry] = {}
        self._bands: dict[int, float] = {}
        self._first_band: list[int] | None = None
        self._top: Entry | None = None
        self.legal: Sequence[Action] = ()
        """The legal actions the ranking was made of."""

    def band(self, kind: int) -> float:
        """``entry[0][0]`` of ``kind``: for a ready discard, only whether its wait wins is
        worked out."""
        found = self._bands.get(kind)
        if found is None:
            value, _ = self._first[kind]
            if kind in self._entries:
                found = self._entries[kind][0][0]
            elif value != 0 or kind not in self.close:
                found = float(value)
            else:
                reading = self.reading
                counts = reading.counts
                counts[kind] -= 1
                # Positive exactly when the sum over the waits is (ready_value).
                wins = self.agent.ready_value(
                    reading, counts, kind, kind in self.riichi_kinds, False
                )
                counts[kind] += 1
                found = 0.0 if wins > 0 else 1.5
            self._bands[kind] = found
        return found

    def entries(self, kinds: Collection[int]) -> list[Entry]:
        """The entries of ``kinds`` (kinds that may be discarded), in the ranking's order."""
        entries = self._entries
        close = self.close
        missing = [k for k in kinds if k not in entries and k in close]
        if missing:
            reading = self.reading
            # The improving draws (ready: the waits) of the discards to weigh, searched together.
            table = reading.after_discards(missing)
            plan = reading.plan
            agent = self.agent
            for kind in missing:
                value, keep = self._first[kind]
                key, worth = agent._entry_key(
                    reading, kind, value, keep, self.riichi_kinds, None, True, table, plan
                )
                entries[kind] = (key, self.by_kind[kind], worth)
        for kind in kinds:
            if kind not in entries:
                value, keep = self._first[kind]
                entries[kind] = ((float(value), keep), self.by_kind[kind], 0)
        index = self._index
        return [entries[k] for k in sorted(kinds, key=lambda k: (entries[k][0], index[k]))]

    def first_band(self) -> list[int]:
        """The kinds whose key starts as the best one's: the first entry is among them."""
        found = self._first_band
        if found is None:
            ready = [k for k in self.kinds if k in self.close and self._first[k][0] == 0]
            if ready:
                self.reading.after_discards(ready)  # their waits, searched together
            bands = [self.band(kind) for kind in self.kinds]
            low = min(bands)
            found = [k for k, band in zip(self.kinds, bands, strict=True) if band == low]
            self._first_band = found
        return found

    def choosable(self, danger: Sequence[float]) -> list[Entry]:
        """The entries a defence may choose, in the ranking's order: every discard of the
        first one's band (the first among them) and the safest discards (the least ``danger``
        to three places, given for every kind of :attr:`kinds`). Any choice among the best
        shanten's discards, or of the safest tile by its rank, made over the whole ranking
        is the same made over these."""
        low = min(round(danger[kind], 3) for kind in self.kinds)
        safest = [kind for kind in self.kinds if round(danger[kind], 3) == low]
        return self.entries(list(dict.fromkeys([*self.first_band(), *safest])))

    def top(self) -> Entry:
        """The first entry of the ranking."""
        if self._top is None:
            self._top = self.entries(self.first_band())[0]
        return self._top
