"""Hints for one seat's decision, as data: the discards it may make ranked by shanten and useful
tiles, what a ready hand waits on and what each wait is worth (or why it wins nothing), and the
danger of each tile against the declared ready hands. The terminal game and the web table both
show these (:func:`hints_of`), so the same position gets the same hint on either.

Only legal discards are offered: the engine's own list (Sichuan's missing suit while it is
held, the drawn tile after riichi, no swap-called tile), so a hint can always be followed. The
analysis is the library's (:func:`mahjongkit.variants.analysis.analyse_hand` and
:func:`~mahjongkit.variants.analysis.score_waits`); the danger is
:func:`mahjongkit.bots.danger.danger_by_kind`. Everything is read from the seat's
:class:`~mahjongkit.game.observation.Observation` (furiten included) and the game's rules.

>>> from mahjongkit.bots import EfficientAgent
>>> from mahjongkit.game.engine import Game
>>> game = Game("sichuan", seed=5, max_rounds=1)
>>> _ = game.start()
>>> bot = EfficientAgent()
>>> while game.round.phase.value != "turn":
...     _ = game.apply(bot.act(game.observation(game.waiting_for()[0], with_events=False)))
>>> seat = game.waiting_for()[0]
>>> hints = position_hints(game, seat)
>>> missing = game.round.seats[seat].missing_suit
>>> all(d.kind // 9 == missing for d in hints.discards)  # the missing suit goes first
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mahjongkit.bots.danger import Danger, danger_by_kind, riichi_seats
from mahjongkit.errors import MahjongError
from mahjongkit.game.observation import Observation
from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.table import actions as A
from mahjongkit.tiles import Tile
from mahjongkit.valueclass import dataclass
from mahjongkit.variants import find_variant
from mahjongkit.variants.analysis import WaitValue, analyse_hand, score_waits
from mahjongkit.variants.base import HintKind

if TYPE_CHECKING:
    from mahjongkit.game.engine import Game

__all__ = ["DiscardHint", "Hints", "hints_of", "position_hints"]


@dataclass(frozen=True, slots=True)
class DiscardHint:
    """One legal discard: the shanten it leaves, the useful tiles after it and, when it leaves
    the hand ready, the waits."""

    kind: int
    shanten: int
    ukeire: int
    ukeire_kinds: tuple[int, ...]
    waits: tuple[int, ...]
    missing_suit: bool = False
    """A tile of the seat's missing suit (Sichuan): such tiles are listed first."""
    values: tuple[WaitValue, ...] = ()
    """What each wait is worth after this discard (asked for: ``discard_values``)."""
    furiten: bool = False
    """After this discard a wait is among the seat's own discards, under a furiten rule: no
    win on a discard."""


@dataclass(frozen=True, slots=True)
class Hints:
    """What helps the seat decide now.

    ``shanten`` is the hand's (−1 complete, 0 ready; None when the hand cannot be read, such as
    between a call and its discard). A hand about to discard has ``discards``; a hand of 13
    tiles has ``waits`` and their ``values`` when ready, else its ``ukeire``.
    """

    shanten: int | None
    discards: tuple[DiscardHint, ...] = ()
    waits: tuple[int, ...] = ()
    values: tuple[WaitValue, ...] = ()
    ukeire: int = 0
    ukeire_kinds: tuple[int, ...] = ()
    furiten: bool = False
    """A win on a discard is refused now (a wait among the seat's discards, or one passed)."""
    danger: tuple[Danger, ...] = ()
    threats: tuple[int, ...] = ()
    """The other seats with a declared ready hand that ``danger`` is measured against."""
    kinds: tuple[HintKind, ...] = ()
    """The kinds of hint the family offers (:attr:`~mahjongkit.variants.base.Variant.hint_kinds`),
    in the order shown: the fields of the others are left empty, and a surface shows these."""


def _hand(observation: Observation, tile_of: Callable[[int], Tile], tiles: tuple[int, ...]) -> Hand:
    melds = tuple(
        Meld(
            MeldKind(m.kind),
            tuple(tile_of(i) for i in m.tiles),
            None if m.kind == MeldKind.CONCEALED_KONG.value else m.from_seat,
        )
        for m in observation.own.melds
    )
    return Hand(tuple(sorted(tile_of(i) for i in tiles)), melds)


def _seen_elsewhere(observation: Observation) -> list[int]:
    """Tiles in sight outside the hand and its own melds (ponds, others' melds, indicators),
    each tile once: the analysis adds the hand's melds itself. A discard the seat called is in
    the discarder's pond and in the seat's meld; counted in both, it would make a fifth copy."""
    seen = observation.visible_counts()
    for meld in observation.own.melds:
        for tile in meld.tiles:
            seen[tile // 4] -= 1
    return seen


def position_hints(
    game: Game, seat: int, *, riichi: bool = False, discard_values: bool = False
) -> Hints:
    """The hints of ``seat`` now (:func:`hints_of` its observation, under the game's rules)."""
    return hints_of(
        game.observation(seat, with_events=False),
        game.flow.rules,
        riichi=riichi,
        discard_values=discard_values,
    )


def hints_of(
    observation: Observation,
    rules: Any = None,
    *,
    riichi: bool = False,
    discard_values: bool = False,
) -> Hints:
    """The hints of the seat that sees ``observation``, under ``rules`` (None: the variant's
    defaults). ``riichi``: the seat is choosing the tile to declare riichi with, so the
    discards offered are the riichi ones. ``discard_values``: each discard that leaves the hand
    ready has its waits valued too (a score per wait: asked only by a surface that shows it)."""
    seat = observation.seat
    record = find_variant(observation.variant)
    flow = record.make_flow(rules)  # read for its tiles (red fives) and its rules alone
    tile_of, rules = flow.tile, flow.rules
    kinds = record.hint_kinds
    offered = set(kinds)
    danger: tuple[Danger, ...] = ()
    threats: tuple[int, ...] = ()
    if HintKind.DANGER in offered:
        danger, threats = tuple(danger_by_kind(observation)), tuple(riichi_seats(observation))
    hand = _hand(observation, tile_of, observation.hand)
    missing = observation.own.missing_suit
    if hand.size not in (13, 14):
        return Hints(None, danger=danger, threats=threats, kinds=kinds)
    try:
        found = analyse_hand(
            hand,
            observation.variant,
            missing_suit=missing,
            visible=_seen_elsewhere(observation),
        )
    except MahjongError:
        return Hints(None, danger=danger, threats=threats, kinds=kinds)
    furiten_rule = HintKind.FURITEN in offered
    values_offered = HintKind.VALUES in offered
    missing_first = HintKind.MISSING_SUIT in offered and missing is not None

    def values_of(tiles: tuple[int, ...], waits: tuple[int, ...]) -> tuple[WaitValue, ...]:
        if not values_offered:
            return ()
        try:
            return tuple(
                score_waits(
                    _hand(observation, tile_of, tiles),
                    waits,
                    record,
                    rules,
                    seat=(seat - observation.dealer) % len(observation.seats),
                    round_wind=observation.round_wind,
                    missing_suit=missing,
                )
            )
        except MahjongError:
            return ()

    if hand.size == 14 and HintKind.DISCARDS in offered:
        kind_of_action = A.RIICHI if riichi else A.DISCARD
        legal = {
            a.tile // 4
            for a in observation.legal_actions
            if a.type == kind_of_action and a.tile is not None
        }
        own_discards = {x // 4 for x in observation.own.discards}
        options = []
        for o in found.discards:
            if o.discard not in legal:
                continue
            values: tuple[WaitValue, ...] = ()
            if discard_values and o.shanten == 0 and o.waits:
                kept = list(observation.hand)
                kept.remove(next(x for x in kept if x // 4 == o.discard))
                values = values_of(tuple(kept), o.waits)
            options.append(
                DiscardHint(
                    o.discard,
                    o.shanten,
                    o.ukeire,
                    o.ukeire_kinds,
                    o.waits,
                    missing_first and o.discard // 9 == missing and o.discard < 27,
                    values,
                    furiten_rule and bool((own_discards | {o.discard}) & set(o.waits)),
                )
            )
        # The analysis ranks by shanten and useful tiles; a missing-suit tile must go first.
        options.sort(key=lambda o: not o.missing_suit)
        return Hints(found.shanten, tuple(options), danger=danger, threats=threats, kinds=kinds)
    waits = found.waits if HintKind.WAITS in offered and hand.size == 13 else ()
    shanten_offered = HintKind.SHANTEN in offered
    return Hints(
        found.shanten,
        waits=waits,
        values=values_of(observation.hand, waits) if waits else (),
        ukeire=found.ukeire if shanten_offered else 0,
        ukeire_kinds=found.ukeire_kinds if shanten_offered else (),
        furiten=furiten_rule and observation.furiten if waits else False,
        danger=danger,
        threats=threats,
        kinds=kinds,
    )
