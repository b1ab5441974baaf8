"""What a hand needs, what it waits on, and what each wait is worth or why it cannot win.

The command line, the web calculator and the terminal game ask the same questions here: the
shanten of a hand by shape, its waits and the tiles that improve it, and for each wait the value
of a win on it by discard and by self-draw from a named seat in a named round, scored by the
variant's own scorer. A wait that completes the shape may still be no win (no yaku, below the
minimum, a third suit held); the reason is the scorer's, never decided here.

>>> from mahjongkit.hand import Hand
>>> from mahjongkit.variants import find_variant
>>> hand = Hand.parse("19m19p19s1234567z")
>>> found = analyse_hand(hand, "riichi")
>>> [format_kind(k) for k in found.waits][:3]
['1m', '9m', '1p']
>>> value = score_waits(hand, found.waits[:1], find_variant("riichi"), seat=0)[0]
>>> value.ron.value, value.ron.unit, value.ron.fu
(1, 'yakuman', None)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from mahjongkit.errors import InvalidHandError, NotationError
from mahjongkit.hand import Hand
from mahjongkit.i18n import Sentence
from mahjongkit.scoring import PatternHit, Score, Win
from mahjongkit.shapes import (
    HONG_KONG,
    RIICHI,
    HandShape,
    regular_shanten,
    seven_pairs_shanten,
    shanten,
    sichuan,
    thirteen_orphans_shanten,
    ukeire,
    waits,
)
from mahjongkit.tiles import NUM_KINDS, Tile, format_kind
from mahjongkit.valueclass import dataclass
from mahjongkit.variants import Variant
from mahjongkit.variants.seats import SEAT_LETTERS, previous_seat, seats_in_hand


def hand_shape(variant: str, missing_suit: int | None = None) -> HandShape:
    """The complete shapes ``variant`` accepts (Sichuan: without the missing suit, if given)."""
    if variant == "hongkong":
        return HONG_KONG
    if variant == "sichuan":
        return sichuan(missing_suit)
    return RIICHI


def check_tiles(variant: str, hand: Hand) -> None:
    """Raise :class:`InvalidHandError` if ``hand`` holds a tile ``variant`` is not played with.

    Sichuan is played with the 108 suited tiles: no honour is ever in a Sichuan hand.
    """
    if variant != "sichuan":
        return
    honours = sorted(
        {t.kind for t in (*hand.concealed, *(t for m in hand.melds for t in m.tiles))}
        & set(range(27, NUM_KINDS))
    )
    if honours:
        raise InvalidHandError(Sentence("refusal.sichuan_honour", tile=format_kind(honours[0])))


def default_seat(hand: Hand, seats: Sequence[int]) -> int:
    """The first seat (East if it can) that none of the hand's melds was claimed from."""
    sources = {m.from_seat for m in hand.melds}
    seat = next((s for s in seats if s not in sources), None)
    if seat is None:
        raise InvalidHandError(Sentence("refusal.melds_every_seat"))
    return seat


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """A 14-tile hand after discarding ``discard``: its shanten, waits and improving tiles."""

    discard: int
    shanten: int
    waits: tuple[int, ...]
    ukeire: int
    ukeire_kinds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    """Shanten by shape, waits and ukeire of a 13-tile hand, or the discards of a 14-tile one.

    ``shanten`` is −1 for a complete hand, 0 for a ready one. ``seven_pairs`` and
    ``thirteen_orphans`` are None where the variant (or an open meld) rules the shape out.
    ``waits`` keeps only the tiles not all four of which the hand already holds.
    """

    hand: Hand
    shanten: int
    regular: int
    seven_pairs: int | None
    thirteen_orphans: int | None
    waits: tuple[int, ...]
    ukeire: int
    ukeire_kinds: tuple[int, ...]
    discards: tuple[DiscardOption, ...] = ()

    @property
    def ready(self) -> bool:
        """A 13-tile hand one tile from a win, or a 14-tile hand with a discard that leaves one."""
        if self.hand.size == 13:
            return self.shanten == 0 and bool(self.waits)
        return any(d.shanten == 0 and d.waits for d in self.discards)


def _held_in_melds(hand: Hand, kind: int) -> int:
    return sum(meld.kinds.count(kind) for meld in hand.melds)


def analyse_hand(
    hand: Hand,
    variant: str,
    *,
    missing_suit: int | None = None,
    visible: Sequence[int] | None = None,
) -> HandAnalysis:
    """Shanten, waits and ukeire of ``hand`` under ``variant``'s shapes.

    ``visible`` counts the tiles seen elsewhere (34 entries); the hand's own melds are added to
    it, since their tiles can no longer be drawn. Raises :class:`InvalidHandError` for a hand of
    the wrong size, a tile the variant does not use, or more than four of a tile in all.
    """
    hand.require_size()
    check_tiles(variant, hand)
    shape = hand_shape(variant, missing_suit)
    counts = hand.counts
    melds = len(hand.melds)
    seen = list(visible) if visible is not None else [0] * NUM_KINDS
    for meld in hand.melds:
        for kind in meld.kinds:
            seen[kind] += 1
    for kind, held in enumerate(counts):
        if held + seen[kind] > 4:
            raise InvalidHandError(Sentence("refusal.more_than_four_seen", tile=format_kind(kind)))
    usable = shape.usable(counts)
    value = shanten(counts, melds, shape)
    regular = regular_shanten(usable, melds)
    pairs = (
        seven_pairs_shanten(usable, shape.seven_pairs_quads)
        if melds == 0 and shape.seven_pairs
        else None
    )
    orphans = thirteen_orphans_shanten(counts) if melds == 0 and shape.thirteen_orphans else None
    if hand.size == 13:
        found = ukeire(counts, melds, shape, seen)
        # A wait whose four copies are all in the hand or its melds cannot be won on.
        ready = tuple(
            k for k in waits(counts, melds, shape) if counts[k] + _held_in_melds(hand, k) < 4
        )
        return HandAnalysis(
            hand, value, regular, pairs, orphans, ready, found.tiles, tuple(found.kinds)
        )
    options = []
    for kind in sorted({t.kind for t in hand.concealed}):
        counts[kind] -= 1
        found = ukeire(counts, melds, shape, seen)
        left = [k for k in waits(counts, melds, shape) if counts[k] + _held_in_melds(hand, k) < 4]
        options.append(
            DiscardOption(
                kind, shanten(counts, melds, shape), tuple(left), found.tiles, tuple(found.kinds)
            )
        )
        counts[kind] += 1
    options.sort(key=lambda o: (o.shanten, -o.ukeire))
    best = options[0].ukeire if value >= 0 else 0
    return HandAnalysis(hand, value, regular, pairs, orphans, (), best, (), tuple(options))


@dataclass(frozen=True, slots=True)
class WinOutcome:
    """A win on one wait, by discard or by self-draw: what it is worth, or why it is none.

    A yakuman is counted in yakuman (``value`` 1 for a single one, ``unit`` ``yakuman``, no fu):
    its han play no part in what it pays.
    """

    self_draw: bool
    score: Score

    @property
    def valid(self) -> bool:
        """Whether the tile completes a winning hand this way."""
        return self.score.valid

    @property
    def yakuman(self) -> int:
        """How many yakuman the win counts (0 for an ordinary hand)."""
        return sum(p.value for p in self.score.patterns if p.unit == "yakuman")

    @property
    def value(self) -> int:
        """The yakuman count, else the han or fan after any cap."""
        return self.yakuman or self.score.value

    @property
    def unit(self) -> str:
        """``yakuman``, ``han`` or ``fan``."""
        return "yakuman" if self.yakuman else self.score.unit

    @property
    def fu(self) -> int | None:
        """The fu of an ordinary Riichi hand; None for a yakuman and in fan variants."""
        return None if self.yakuman else self.score.fu

    @property
    def points(self) -> int:
        """The winner's gain before counters and deposits (0 when not a win)."""
        return self.score.points

    @property
    def reason(self) -> str | None:
        """The stable code of why it is no win (``no_yaku``, ``below_minimum_fan``, ...)."""
        return None if self.score.error is None else self.score.error.code

    @property
    def message(self) -> str | None:
        """The scorer's sentence saying why it is no win."""
        return None if self.score.error is None else self.score.error.message


@dataclass(frozen=True, slots=True)
class WaitValue:
    """One wait of a ready hand and what a win on it is worth by discard and by self-draw."""

    kind: int
    ron: WinOutcome
    tsumo: WinOutcome

    @property
    def tile(self) -> str:
        """The wait in mpsz."""
        return format_kind(self.kind)


def score_waits(
    hand: Hand,
    kinds: Iterable[int],
    variant: Variant,
    rules: Any = None,
    *,
    seat: int,
    round_wind: int = 0,
    discarder: int | None = None,
    missing_suit: int | None = None,
) -> tuple[WaitValue, ...]:
    """Score a win on each of ``kinds`` for ``seat`` in the ``round_wind`` round.

    ``rules`` defaults to the variant's default preset; ``discarder`` (who deals in the ron)
    defaults to the previous seat at the table. The hand is the 13 tiles before the win.
    """
    rules = variant.rules() if rules is None else rules
    seats = seats_in_hand(rules)
    if seat not in seats:
        raise NotationError(
            Sentence(
                "refusal.seat_not_at_table_of",
                seat=SEAT_LETTERS[seat],
                players=len(seats),
                seats=", ".join(SEAT_LETTERS[s] for s in seats),
            )
        )
    if discarder is None:
        discarder = previous_seat(seat, seats)
    if discarder == seat:
        raise NotationError(Sentence("refusal.discarder_is_winner"))
    values = []
    for kind in kinds:
        tile = Tile(kind)
        outcomes = []
        for self_draw in (False, True):
            win = Win(
                hand=hand.with_tile(tile),
                win_tile=tile,
                self_draw=self_draw,
                seat=seat,
                from_seat=None if self_draw else discarder,
                round_wind=round_wind,
                missing_suit=missing_suit,
            )
            outcomes.append(WinOutcome(self_draw, variant.score(win, rules)))
        values.append(WaitValue(kind, outcomes[0], outcomes[1]))
    return tuple(values)


@dataclass(frozen=True, slots=True)
class ReachOption:
    """A discard of a 14-tile hand rated by the value its likely completions reach.

    The completions are the winning hands reached by the shortest paths: each draw lowers the
    shanten and each discard keeps the lowest shanten, until a wait completes the hand. Each is
    scored by the variant's own scorer as a win by discard and as a self-draw. ``best`` is the
    highest value among them (fan or han before any cap; in Hong Kong the fan toward the
    minimum), ``best_patterns`` the patterns of that win. ``winning`` counts the completions
    that are wins by discard (Hong Kong: at or above the 3-fan minimum), ``winning_self_draw``
    those that are wins by self-draw; ``possible`` is every pattern id some completion scores.
    ``completions`` is 0 when the hand is further from ready than the search looks (then
    nothing is known of its value).
    """

    discard: int
    shanten: int
    completions: int
    winning: int
    winning_self_draw: int
    best: int
    best_patterns: tuple[PatternHit, ...]
    possible: tuple[str, ...]

    @property
    def keeps_a_win(self) -> bool:
        """Whether some likely completion wins by discard (Hong Kong: reaches the minimum)."""
        return self.winning > 0

    @property
    def keeps_a_self_draw(self) -> bool:
        """Whether some likely completion wins, at least by self-draw."""
        return self.winning > 0 or self.winning_self_draw > 0


MAX_REACH_SHANTEN = 2
"""The farthest from ready a discard's completions are searched (each step multiplies them)."""


def reachable_values(
    hand: Hand,
    variant: Variant,
    rules: Any = None,
    *,
    seat: int = 0,
    round_wind: int = 0,
    missing_suit: int | None = None,
    flowers: Sequence[Tile] = (),
    max_shanten: int = MAX_REACH_SHANTEN,
) -> tuple[ReachOption, ...]:
    """Each discard of the 14-tile ``hand`` rated by what its likely completions are worth.

    A learner of Hong Kong old style must keep a path to the 3-fan minimum open: a discard with
    the best shanten and ukeire may leave only hands below it. This scores the completions of
    each discard (see :class:`ReachOption`) under ``rules`` (default preset if None) as a win by
    discard from the seat before ``seat``. Discards further than ``max_shanten`` from ready are
    listed with no completion. Raises :class:`InvalidHandError` for a hand of the wrong size.
    """
    hand.require_size((14,))
    check_tiles(variant.name, hand)
    rules = variant.rules() if rules is None else rules
    shape = hand_shape(variant.name, missing_suit)
    melds = len(hand.melds)
    in_melds = [0] * NUM_KINDS
    for meld in hand.melds:
        for kind in meld.kinds:
            in_melds[kind] += 1
    seats = seats_in_hand(rules)
    discarder = previous_seat(seat, seats)
    scored: dict[tuple[int | bool, ...], Score] = {}
    found: dict[tuple[int, ...], frozenset[tuple[int, ...]]] = {}

    def room(counts: Sequence[int], kind: int) -> bool:
        return counts[kind] + in_melds[kind] < 4

    def completions(counts: tuple[int, ...], steps: int) -> frozenset[tuple[int, ...]]:
        # The complete hands (counts with the winning kind last) reached from 13 tiles.
        if counts in found:
            return found[counts]
        reached: set[tuple[int, ...]] = set()
        if steps == 0:
            for kind in waits(counts, melds, shape):
                if room(counts, kind):
                    done = list(counts)
                    done[kind] += 1
                    reached.add((*done, kind))
        else:
            for kind in ukeire(counts, melds, shape, in_melds).kinds:
                drawn = list(counts)
                drawn[kind] += 1
                for out in {k for k in range(NUM_KINDS) if drawn[k]}:
                    drawn[out] -= 1
                    if shanten(drawn, melds, shape) == steps - 1:
                        reached |= completions(tuple(drawn), steps - 1)
                    drawn[out] += 1
        found[counts] = frozenset(reached)
        return found[counts]

    def value(complete: tuple[int, ...], self_draw: bool) -> Score:
        if (*complete, self_draw) not in scored:
            *counts, kind = complete
            tiles = tuple(Tile(k) for k in range(NUM_KINDS) for _ in range(counts[k]))
            win = Win(
                hand=Hand(tiles, hand.melds),
                win_tile=Tile(kind),
                self_draw=self_draw,
                seat=seat,
                from_seat=None if self_draw else discarder,
                round_wind=round_wind,
                missing_suit=missing_suit,
                flowers=tuple(flowers),
            )
            scored[(*complete, self_draw)] = variant.score(win, rules)
        return scored[(*complete, self_draw)]

    options = []
    counts = hand.counts[:NUM_KINDS]
    for kind in sorted({t.kind for t in hand.concealed}):
        counts[kind] -= 1
        steps = shanten(counts, melds, shape)
        reached = completions(tuple(counts), steps) if 0 <= steps <= max_shanten else frozenset()
        ron = [value(c, False) for c in sorted(reached)]
        tsumo = [value(c, True) for c in sorted(reached)]
        best = max((*ron, *tsumo), key=lambda s: (s.valid, _toward(s), s.raw_value), default=None)
        possible = sorted({p.id for s in (*ron, *tsumo) for p in s.patterns})
        options.append(
            ReachOption(
                discard=kind,
                shanten=steps,
                completions=len(reached),
                winning=sum(s.valid for s in ron),
                winning_self_draw=sum(s.valid for s in tsumo),
                best=_toward(best) if best is not None else 0,
                best_patterns=best.patterns if best is not None else (),
                possible=tuple(possible),
            )
        )
        counts[kind] += 1
    return tuple(options)


def _toward(score: Score) -> int:
    # Hong Kong counts the minimum without the bonus-tile fan; other variants count the total.
    return int(score.extra.get("fan_toward_minimum", score.raw_value))


__all__ = [
    "DiscardOption",
    "HandAnalysis",
    "ReachOption",
    "WaitValue",
    "WinOutcome",
    "analyse_hand",
    "check_tiles",
    "default_seat",
    "hand_shape",
    "previous_seat",
    "reachable_values",
    "score_waits",
    "seats_in_hand",
]
