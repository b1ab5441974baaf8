"""A win's hand read from the log: its tiles as mpsz codes and its melds in table seats.

A ``hora`` event carries the hand its score was made from (``mjk_score.hand``: the concealed
tiles, each meld written ``KIND:TILES@SEAT`` with the seat by its wind, bonus tiles after a
``+``), which every seat sees once the hand is won. :func:`won_hand` reads it into
:class:`WonHand`, the melds' seats turned into table seats with the round's dealer, and the tile
each meld was called with taken from the winner's own calls earlier in the round, so that a
surface draws the hand without reading notation.

>>> import random
>>> from mahjongkit.bots.policy import play_random
>>> from mahjongkit.game.engine import Game
>>> game = Game("riichi", seed=1, max_rounds=1)
>>> _ = play_random(game, random.Random(1))
>>> index = next(i for i, e in enumerate(game.log) if e["type"] == "hora")
>>> game.log[index]["mjk_score"]["hand"]
'550m99p chow:123s@S chow:067p@S chow:456s@S'
>>> hand = won_hand(game.log, index)
>>> hand.concealed, hand.win_tile
(('0m', '5m', '5m', '9p'), '9p')
>>> hand.melds[1]
WonMeld(kind='chow', tiles=('0p', '6p', '7p'), from_seat=1, called='6p')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.table.events import Kind
from mahjongkit.tiles import Tile, from_mjai, parse_tiles, sort_key
from mahjongkit.valueclass import dataclass

__all__ = ["WonHand", "WonMeld", "won_hand"]

_CALLS = {Kind.CHI: MeldKind.CHOW, Kind.PON: MeldKind.PUNG, Kind.DAIMINKAN: MeldKind.KONG}


@dataclass(frozen=True, slots=True)
class WonMeld:
    """One meld of a winning hand."""

    kind: str
    """The meld's kind (``chow``, ``pung``, ``kong``, ``added-kong``, ``concealed-kong``)."""
    tiles: tuple[str, ...]
    """Its tiles as mpsz codes (``0p`` a red five), in order."""
    from_seat: int | None
    """The table seat it was called from (None: a concealed kong)."""
    called: str | None
    """The code of the tile called for it (None: a concealed kong)."""


@dataclass(frozen=True, slots=True)
class WonHand:
    """A winning hand as its tiles."""

    concealed: tuple[str, ...]
    """The concealed tiles as mpsz codes, sorted, without the winning tile."""
    melds: tuple[WonMeld, ...]
    win_tile: str
    """The tile won on (a bonus tile for a win on bonus tiles alone)."""
    bonus: tuple[str, ...]
    """The bonus tiles (flowers and seasons) set aside, as ``1f``..``4g``."""


def _code(mjai: Any) -> str | None:
    try:
        return str(from_mjai(str(mjai)))
    except MahjongError:
        return None


def _calls(
    events: Sequence[Mapping[str, Any]], index: int, seat: int
) -> tuple[int, list[tuple[MeldKind, tuple[int, ...], str | None, int]]]:
    """The round's dealer and ``seat``'s calls before ``index``: (kind, kinds, called, from)."""
    calls: list[tuple[MeldKind, tuple[int, ...], str | None, int]] = []
    for at in range(index - 1, -1, -1):
        event = events[at]
        kind = event.get("type")
        if kind == Kind.START_KYOKU:
            dealer = event.get("oya")
            return (dealer if type(dealer) is int else 0), calls[::-1]
        target = event.get("target")
        if event.get("actor") != seat or kind not in _CALLS or type(target) is not int:
            continue
        codes = [_code(x) for x in (event.get("pai"), *event.get("consumed", ()))]
        if None in codes:
            continue  # a call the log does not spell: the score's seat stands
        kinds = tuple(sorted(Tile.parse(str(code)).kind for code in codes))
        calls.append((_CALLS[kind], kinds, codes[0], target))
    return 0, calls[::-1]


def won_hand(events: Sequence[Mapping[str, Any]], index: int) -> WonHand | None:
    """The hand of the ``hora`` at ``index`` of a log (a game's events or one seat's view of
    them); None for another event, or a score that holds no hand it can read."""
    event = events[index]
    if event.get("type") != Kind.HORA:
        return None
    seat = int(event["actor"])
    text = (event.get("mjk_score") or {}).get("hand")
    win = _code(event.get("pai"))
    if not isinstance(text, str) or win is None:
        return None
    players = len(event.get("deltas") or ()) or 4
    dealer, calls = _calls(events, index, seat)
    concealed: list[Tile] = []
    bonus: list[Tile] = []
    melds: list[WonMeld] = []
    try:
        for word in text.split():
            if word.startswith("+"):
                bonus.extend(parse_tiles(word[1:]))
            elif ":" in word:
                melds.append(_meld(Meld.parse(word), dealer, players, calls))
            else:
                concealed.extend(parse_tiles(word))
    except MahjongError:
        return None
    if not concealed and not melds:
        return None
    codes = [str(tile) for tile in sorted(concealed, key=sort_key)]
    # The winning tile is shown apart: one copy of it leaves the concealed tiles (a plain five
    # where the hand was read without its red one).
    for candidate in (win, f"5{win[1]}"):
        if candidate in codes:
            codes.remove(candidate)
            break
    return WonHand(tuple(codes), tuple(melds), win, tuple(str(tile) for tile in bonus))


def _meld(
    meld: Meld,
    dealer: int,
    players: int,
    calls: list[tuple[MeldKind, tuple[int, ...], str | None, int]],
) -> WonMeld:
    """A meld of the score, its seat a table seat, matched with the call it was made by (used
    up, so that two like melds take two calls)."""
    tiles = tuple(str(tile) for tile in meld.tiles)
    if meld.kind is MeldKind.CONCEALED_KONG:
        return WonMeld(meld.kind.value, tiles, None, None)
    made_by = MeldKind.PUNG if meld.kind is MeldKind.ADDED_KONG else meld.kind
    size = 3 if made_by is not MeldKind.KONG else 4
    for position, (kind, kinds, called, source) in enumerate(calls):
        if kind is made_by and kinds == meld.kinds[:size]:
            del calls[position]
            return WonMeld(meld.kind.value, tiles, source, called)
    seat = None if meld.from_seat is None else (meld.from_seat + dealer) % players
    return WonMeld(meld.kind.value, tiles, seat, None)
