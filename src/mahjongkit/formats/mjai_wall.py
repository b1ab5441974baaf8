"""The wall an mjai round implies, laid out from its events (mjai logs carry tile names only).

:func:`round_wall` follows a round's events, places every tile they show where the deal, the
draws, the replacement draws and the indicators put it, fills the tiles nobody sees (a seat's
view of the round, where others' hands are ``"?"``: a riichi seat gets a ready hand of unseen
tiles) and gives the wall as :class:`~mahjongkit.formats.replay.RoundWall` lays it out, so the
engine deals the very round. :mod:`mahjongkit.formats.mjai` reads logs with it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mahjongkit.errors import NotationError
from mahjongkit.formats.replay import DEAD_WALL, RoundWall
from mahjongkit.game.engine import Game
from mahjongkit.table.events import Kind
from mahjongkit.tiles import to_mjai as tile_name
from mahjongkit.valueclass import dataclass, field

__all__ = ["DEAL", "HIDDEN", "at_event", "mjai_name", "round_wall"]

HIDDEN = "?"
"""A tile a seat's view does not show."""
DEAL = 13
"""Tiles dealt to each seat."""
_REPLACEMENTS = 4
"""Replacement draws of a round's kongs at most (each North set aside allows one more)."""


def mjai_name(game: Game, tile: int) -> str:
    """The mjai name of a physical tile id under the game's rules."""
    return tile_name(game.flow.tile(tile))


def at_event(index: int, event: Mapping[str, Any]) -> str:
    """An event named for a message: ``event 12 (dahai)``."""
    return f"event {index} ({event.get('type')})"


@dataclass
class _Slot:
    """One tile a seat held at some point: dealt or drawn; ``name`` once it is known."""

    name: str | None


@dataclass
class _Seat:
    slots: list[_Slot] = field(default_factory=list)
    held: list[int] = field(default_factory=list)
    drawn: int | None = None
    riichi: bool = False
    ready: bool = False
    unseen_at_riichi: set[int] = field(default_factory=set)
    """The slots of its hand nobody had seen when it declared riichi."""


class _Layout:
    """Follows a round's events and places every tile it shows into the wall."""

    def __init__(self, names: list[str], viewer: int | None, players: int) -> None:
        self.names = names
        self.viewer = viewer
        self.players = players
        self.seats = [_Seat() for _ in range(players)]
        self.live: list[_Slot] = []
        self.replacements: list[_Slot] = []
        self.indicators: list[str] = []
        self.uras: list[str] = []
        self.after_kan: int | None = None
        self.north = 0
        """Norths set aside in the round (each one more replacement draw)."""
        self.pool: Counter[str] = Counter()
        self.shown_after_riichi: list[Counter[str]] = [Counter() for _ in range(players)]
        """Per seat, the tiles of its unseen hand that it shows after its riichi (a concealed
        kong): its made-up ready hand must hold them."""

    def take(self, seat: int, name: Any, where: str, *, not_drawn: bool = False) -> _Slot:
        """The slot of ``seat``'s hand a tile named ``name`` leaves from."""
        state = self.seats[seat]
        if not isinstance(name, str) or name == HIDDEN:
            raise NotationError(f"{where}: a tile name is expected, not {name!r:.20}")
        candidates = [i for i in state.held if not (not_drawn and i == state.drawn)]
        chosen = next((i for i in candidates if state.slots[i].name == name), None)
        if chosen is None:
            chosen = next((i for i in candidates if state.slots[i].name is None), None)
            if chosen in state.unseen_at_riichi:
                self.shown_after_riichi[seat][name] += 1
        if chosen is None and not_drawn:
            chosen = next((i for i in state.held if state.slots[i].name == name), None)
        if chosen is None:
            raise NotationError(f"{where}: seat {seat} does not hold {name}")
        state.held.remove(chosen)
        if state.drawn == chosen:
            state.drawn = None
        state.slots[chosen].name = name
        return state.slots[chosen]

    def follow(self, events: Sequence[Mapping[str, Any]], start: int, end: int) -> None:
        first = events[start]
        tehais = first.get("tehais")
        if not isinstance(tehais, list) or len(tehais) != self.players:
            raise NotationError(
                f"{at_event(start, first)}: tehais must be {self.players} hands, one per seat"
            )
        for seat, hand in enumerate(tehais):
            if not isinstance(hand, list) or len(hand) != DEAL:
                raise NotationError(f"{at_event(start, first)}: hand {seat} must be 13 tiles")
            for name in hand:
                self.seats[seat].held.append(len(self.seats[seat].slots))
                self.seats[seat].slots.append(_Slot(self.known(name)))
        marker = first.get("dora_marker")
        if isinstance(marker, str):
            self.indicators.append(marker)
        for index in range(start + 1, end):
            self.step(events, index)

    def known(self, name: Any) -> str | None:
        if name == HIDDEN:
            return None
        if not isinstance(name, str) or name not in self.names:
            raise NotationError(f"{name!r:.20} is not a tile of this game")
        return name

    def actor(self, index: int, event: Mapping[str, Any]) -> int:
        actor = event.get("actor")
        if type(actor) is not int or not 0 <= actor < self.players:
            raise NotationError(
                f"{at_event(index, event)}: actor must be a seat 0-{self.players - 1}, "
                f"not {actor!r:.10}"
            )
        return actor

    def step(self, events: Sequence[Mapping[str, Any]], index: int) -> None:
        event = events[index]
        kind = event.get("type")
        follow = _FOLLOWS.get(kind) if isinstance(kind, str) else None
        if follow is not None:
            follow(self, index, event)

    def draw(self, index: int, event: Mapping[str, Any]) -> None:
        """A draw: the next live tile, or the replacement tile after a kan."""
        seat = self.actor(index, event)
        state = self.seats[seat]
        slot = _Slot(self.known(event.get("pai")))
        state.held.append(len(state.slots))
        state.drawn = len(state.slots)
        state.slots.append(slot)
        (self.replacements if self.after_kan == seat else self.live).append(slot)
        self.after_kan = None

    def discard(self, index: int, event: Mapping[str, Any]) -> None:
        """A discard: the drawn tile where the log says ``tsumogiri``, else one from the hand."""
        where = at_event(index, event)
        seat = self.actor(index, event)
        state = self.seats[seat]
        tsumogiri = event.get("tsumogiri")
        if tsumogiri is True and state.drawn is not None:
            slot = state.slots[state.drawn]
            if slot.name not in (None, event.get("pai")):
                raise NotationError(
                    f"{where}: seat {seat} drew {slot.name}, not {event.get('pai')}"
                )
            state.held.remove(state.drawn)
            slot.name = self.known(event.get("pai"))
            state.drawn = None
        else:
            self.take(seat, event.get("pai"), where, not_drawn=tsumogiri is False)
        state.drawn = None
        if state.riichi and not state.ready and self.viewer not in (None, seat):
            self.make_ready(seat)

    def call(self, index: int, event: Mapping[str, Any]) -> None:
        """A chi, pon or open kan: the tiles it shows leave the caller's hand."""
        where = at_event(index, event)
        seat = self.actor(index, event)
        consumed = event.get("consumed")
        if not isinstance(consumed, list):
            raise NotationError(f"{where}: consumed must be a list of tiles")
        for name in consumed:
            self.take(seat, name, where)
        if event.get("type") == Kind.DAIMINKAN:
            self.after_kan = seat

    def concealed_kan(self, index: int, event: Mapping[str, Any]) -> None:
        """A concealed kan: its four tiles leave the hand; a replacement draw follows."""
        where = at_event(index, event)
        seat = self.actor(index, event)
        consumed = event.get("consumed")
        if not isinstance(consumed, list) or len(consumed) != 4:
            raise NotationError(f"{where}: consumed must be four tiles")
        for name in consumed:
            self.take(seat, name, where)
        self.after_kan = seat

    def added_kan(self, index: int, event: Mapping[str, Any]) -> None:
        """A tile added to a pon: it leaves the hand; a replacement draw follows."""
        seat = self.actor(index, event)
        self.take(seat, event.get("pai"), at_event(index, event))
        self.after_kan = seat

    def set_aside(self, index: int, event: Mapping[str, Any]) -> None:
        """A North set aside (``nukidora``): it leaves the hand; a replacement draw follows."""
        seat = self.actor(index, event)
        self.take(seat, event.get("pai"), at_event(index, event))
        self.after_kan = seat
        self.north += 1

    def riichi(self, index: int, event: Mapping[str, Any]) -> None:
        """A riichi: the seat's hidden tiles may have to make a ready hand."""
        self.seats[self.actor(index, event)].riichi = True

    def indicator(self, index: int, event: Mapping[str, Any]) -> None:
        """A new dora indicator, turned after a kan."""
        marker = event.get("dora_marker")
        if not isinstance(marker, str):
            raise NotationError(f"{at_event(index, event)}: dora_marker must be a tile")
        self.indicators.append(self.known(marker) or marker)

    def win(self, index: int, event: Mapping[str, Any]) -> None:
        """A win: the ura indicators a riichi winner shows (the first winner's)."""
        uras = event.get("uradora_markers", event.get("ura_markers"))
        if isinstance(uras, list) and uras and not self.uras:
            self.uras = [n for n in uras if isinstance(n, str)]

    def make_ready(self, seat: int) -> None:
        """Give a seat that declared riichi (its tiles unseen) a ready hand of unseen tiles."""
        state = self.seats[seat]
        state.ready = True
        hidden = [i for i in state.held if state.slots[i].name is None]
        state.unseen_at_riichi = set(hidden)
        if len(hidden) % 3 != 1:
            return
        # Tiles it shows later (the three of a concealed kong made on a draw) are its own; the
        # rest is a ready hand kept apart from them, so that the kong leaves the waits as they
        # were (the only kong riichi allows).
        # (At most three: riichi allows a concealed kong only with the tile just drawn.)
        shown = [n for n, k in self.shown_after_riichi[seat].items() for _ in range(min(k, 3))]
        if len(shown) % 3 or len(shown) >= len(hidden):
            shown = []
        pool = Counter(self.pool)  # the tiles nobody sees (``shown`` are seen, so not in it)
        for name in set(shown):
            for near in _neighbours(name):
                pool[near] = 0
        chosen = _ready_hand(+pool, len(hidden) - len(shown))
        if chosen is None:
            return
        for slot_index, name in zip(hidden, [*shown, *chosen], strict=True):
            state.slots[slot_index].name = name
        self.pool.subtract(chosen)

    def used(self) -> Counter[str]:
        names: Counter[str] = Counter()
        for state in self.seats:
            names.update(s.name for s in state.slots if s.name is not None)
        names.update(self.indicators)
        names.update(self.uras)
        return names


_FOLLOWS: dict[str, Callable[[_Layout, int, Mapping[str, Any]], None]] = {
    Kind.TSUMO: _Layout.draw,
    Kind.DAHAI: _Layout.discard,
    Kind.CHI: _Layout.call,
    Kind.PON: _Layout.call,
    Kind.DAIMINKAN: _Layout.call,
    Kind.ANKAN: _Layout.concealed_kan,
    Kind.KAKAN: _Layout.added_kan,
    Kind.NUKIDORA: _Layout.set_aside,
    Kind.REACH: _Layout.riichi,
    Kind.DORA: _Layout.indicator,
    Kind.HORA: _Layout.win,
}
"""What each event shows of the round's tiles (the others show none)."""


def _neighbours(name: str) -> list[str]:
    """The tile names a set or a wait may join to ``name`` (itself and two either side in its
    suit, red fives included; an honour only itself)."""
    if len(name) < 2 or name[1] not in "mps" or not name[0].isdigit():
        return [name]
    low, suit = int(name[0]), name[1]
    out = [f"{n}{suit}" for n in range(max(1, low - 2), min(9, low + 2) + 1)]
    return [*out, f"5{suit}r"] if f"5{suit}" in out else out


def _ready_hand(pool: Counter[str], size: int) -> list[str] | None:
    """``size`` tiles (3n + 1) from ``pool`` one tile from a win: n sets and a single, else
    (13 tiles) six pairs and a single."""
    kinds = [n for n in sorted(pool) if not n.endswith("r")]
    left = Counter(pool)
    hand: list[str] = []
    runs = [[f"{low + k}{suit}" for k in range(3)] for suit in "mps" for low in range(1, 8)]
    groups = [[n] * 3 for n in kinds] + runs
    progress = True
    while len(hand) < size - 1 and progress:
        progress = False
        for group in groups:
            if len(hand) < size - 1 and all(left[n] >= group.count(n) for n in group):
                hand.extend(group)
                left.subtract(group)
                progress = True
    if len(hand) == size - 1:
        single = next((n for n in kinds if left[n] > 0 and hand.count(n) < 3), None)
        if single is not None:
            return [*hand, single]
    if size == 13:
        pairs = [n for n in kinds if pool[n] >= 2][:6]
        single = next((n for n in kinds if pool[n] >= 1 and n not in pairs), None)
        if len(pairs) == 6 and single is not None:
            return [n for n in pairs for _ in range(2)] + [single]
    return None


def round_wall(
    probe: Game, events: list[dict[str, Any]], start: int, end: int, viewer: int | None
) -> list[int]:
    """The wall of the round ``events[start:end]`` shows (unseen tiles filled in)."""
    tiles = sorted(probe.flow.tiles())
    players = probe.players
    names = sorted({mjai_name(probe, t) for t in tiles})
    by_name: dict[str, list[int]] = {}
    for tile in tiles:
        by_name.setdefault(mjai_name(probe, tile), []).append(tile)
    layout = _Layout(names, viewer, players)
    layout.follow(events, start, end)
    if viewer is not None and any(s.riichi for s in layout.seats):
        # Again, now knowing every tile the view shows: a riichi seat's ready hand is made of
        # tiles nobody sees, whatever the round shows later.
        used = layout.used()
        shown = layout.shown_after_riichi
        layout = _Layout(names, viewer, players)
        layout.pool = Counter({n: len(ids) - used[n] for n, ids in by_name.items()})
        layout.shown_after_riichi = shown
        layout.follow(events, start, end)
    free = {name: list(ids) for name, ids in by_name.items()}

    def tile_of(name: str | None) -> int | None:
        if name is None:
            return None
        if not free.get(name):
            raise NotationError(
                f"round at event {start}: more {name} tiles are shown than the set holds"
            )
        return free[name].pop(0)

    first = events[start]
    dealer = first.get("oya")
    if type(dealer) is not int or not 0 <= dealer < players:
        raise NotationError(f"{at_event(start, first)}: oya must be a seat 0-{players - 1}")
    # Ids are given out in the order of the wall (the deal from the dealer on, the live draws,
    # the dead wall's pieces), so that the same log always gives the same wall.
    deal: list[tuple[int | None, ...]] = [()] * players
    for offset in range(players):
        seat = (dealer + offset) % players
        deal[seat] = tuple(tile_of(layout.seats[seat].slots[k].name) for k in range(DEAL))
    live: list[int | None] = []
    for number, slot in enumerate(layout.live):
        if DEAL * players + number >= len(tiles) - DEAD_WALL:
            raise NotationError(f"round at event {start}: more draws than the live wall holds")
        live.append(tile_of(slot.name))
    if len(layout.replacements) > _REPLACEMENTS + layout.north or len(layout.indicators) > 5:
        raise NotationError(f"round at event {start}: more than four kans")
    replacements = [tile_of(slot.name) for slot in layout.replacements]
    indicators = [tile_of(name) for name in layout.indicators]
    uras = [tile_of(name) for name in layout.uras]
    wall = RoundWall(
        tiles=tuple(tiles),
        dealer=dealer,
        deal=tuple(deal),
        live=tuple(live),
        replacements=tuple(replacements),
        indicators=tuple(indicators),
        uras=tuple(uras),
    ).engine_wall()
    if sorted(wall) != tiles:
        raise NotationError(f"round at event {start}: the tiles shown do not make one set")
    return wall
