"""Validation of a Riichi win's description: what makes it impossible before any reading.

Each check returns the reason as a sentence (None: possible). The common case asks little: the
rarer flags (riichi, kongs, last tile, first turn, liability, North tiles set aside) are looked
at only when one is set.
"""

from __future__ import annotations

from mahjongkit.i18n import Sentence, seat_name
from mahjongkit.melds import MeldKind
from mahjongkit.scoring import Win
from mahjongkit.scoring.result import MAX_COUNT
from mahjongkit.tiles import NORTH
from mahjongkit.variants.riichi.rules import RiichiRules
from mahjongkit.variants.seats import previous_seat


def why_impossible(win: Win, rules: RiichiRules) -> str | None:
    """Why the win's description is impossible, or None (the winning tile is checked later)."""
    hand = win.hand
    melds = hand.melds
    players = rules.players
    size = hand.size
    if size != 14:
        return Sentence("riichi.size", concealed=len(hand.concealed), melds=len(melds), size=size)
    seat = win.seat
    if not 0 <= seat < players:
        return Sentence("riichi.no_seat", seat=seat_name(seat), players=players)
    honba, deposits = win.honba, win.deposits
    if not (type(honba) is int and 0 <= honba <= MAX_COUNT):
        return Sentence("riichi.honba_range", value=_count_shown(honba), most=MAX_COUNT)
    if not (type(deposits) is int and 0 <= deposits <= MAX_COUNT):
        return Sentence("riichi.deposits_range", value=_count_shown(deposits), most=MAX_COUNT)
    if not 0 <= win.round_wind < 4:
        return f"prevalent wind {win.round_wind} is not a wind (0..3)"
    if win.win_tile.kind >= 34:
        return Sentence("riichi.bonus_win", tile=str(win.win_tile))
    from_seat = win.from_seat
    if from_seat is not None and not win.self_draw:
        if not 0 <= from_seat < players:
            return Sentence("riichi.no_seat", seat=seat_name(from_seat), players=players)
        if from_seat == seat:
            return Sentence("riichi.own_discard")
    if melds:
        problem = check_melds(win, players)
        if problem is not None:
            return problem
    if win.nukidora:
        return _check_nukidora(win, players)
    if (
        win.riichi
        or win.ippatsu
        or win.double_riichi
        or win.after_kong
        or win.robbing_kong
        or win.last_tile
        or win.first_turn
        or win.liable_seat is not None
    ):
        return check_situation(win, players)
    return None


def _count_shown(value: object) -> object:
    """A refused count as its refusal shows it (Python cannot write a number of over 4,300
    digits: a huge one is named by its size)."""
    if type(value) is int and abs(value) >= 10**9:
        return Sentence("refusal.option_huge", digits=10)
    return value if type(value) is int else f"{value!r:.20}"


_LEFT_OF: dict[tuple[int, int], int] = {}
"""The seat a chow is claimed from, by (players, the claiming seat): a few entries (the seats
are checked against the players before)."""


def check_melds(win: Win, players: int) -> str | None:
    """Each claimed meld's discarder is another seat at the table; a chow's is the previous
    seat, the only one whose discard a chow may claim (as H-03/H-04 say of Hong Kong)."""
    seat = win.seat
    for meld in win.hand.melds:
        claimed = meld.from_seat
        if claimed is None:
            continue
        if claimed == seat:
            return Sentence("riichi.own_meld", meld=str(meld))
        if not 0 <= claimed < players:
            return Sentence("riichi.no_seat", seat=seat_name(claimed), players=players)
        if meld.kind is MeldKind.CHOW:
            try:
                left = _LEFT_OF[players, seat]
            except KeyError:
                left = _LEFT_OF[players, seat] = previous_seat(seat, range(players))
            if claimed != left:
                return Sentence(
                    "riichi.chow_from", meld=str(meld), left=seat_name(left), seat=seat_name(seat)
                )
    return None


def _check_nukidora(win: Win, players: int) -> str | None:
    """The checks of North tiles set aside (then the situation's)."""
    north = win.nukidora
    if players != 3:
        return Sentence("riichi.nukidora_players", north=north)
    if not isinstance(north, int) or north < 0:
        return f"{north!r} North tiles set aside: a count of tiles is a whole number, 0 or more"
    held = win.hand.held_counts[NORTH]
    if north + held > 4:
        return Sentence("riichi.nukidora_too_many", north=north, held=held)
    return check_situation(win, players)


def check_situation(win: Win, players: int) -> str | None:
    """The checks of the rarer flags (riichi, kongs, last tile, first turn, liability)."""
    hand = win.hand
    # Nested by flag, so that the common case (a riichi, perhaps with ippatsu) asks little.
    if win.riichi:
        if hand.melds and not hand.is_concealed:
            open_meld = next(m for m in hand.melds if not m.is_concealed)
            return Sentence("riichi.riichi_open", meld=str(open_meld))
        if win.first_turn:
            return (
                "a first-turn win (R-36…R-38) comes before the winner's first discard, so before "
                "any riichi"
            )
    elif win.ippatsu:
        return Sentence("riichi.ippatsu_alone")
    elif win.double_riichi:
        return Sentence("riichi.double_riichi_alone")
    if win.robbing_kong:
        if win.self_draw:
            return Sentence("riichi.robbing_tsumo")
        if win.last_tile:
            return "a robbed kong tile is never the discard after the last wall tile"
    if win.after_kong:
        if not win.self_draw:
            return Sentence("riichi.after_kong_ron")
        # The replacement of a North set aside (three players) is drawn as a kong's is.
        if not any(meld.is_kong for meld in hand.melds) and not win.nukidora:
            return Sentence("riichi.after_kong_no_kong")
        if win.last_tile:
            return "a kong's replacement tile is never the last wall tile"
    if win.first_turn and hand.melds:
        return "a first-turn win has no melds: any call, a concealed kong too, interrupts it"
    liable = win.liable_seat
    if liable is not None and (liable == win.seat or not 0 <= liable < players):
        return f"seat {liable} cannot be liable for this win"
    return None
