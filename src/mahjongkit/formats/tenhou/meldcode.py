"""Tenhou's 16-bit meld codes: the ``m`` attribute of ``<N>`` and ``<AGARI>``.

:func:`decode_meld` turns a code into a :class:`TenhouMeld` (its :class:`CallType`, every tile id,
the called tile and the seat it came from); :func:`encode_meld` is its inverse. A code no meld has
raises :class:`~mahjongkit.errors.NotationError` naming the code and what contradicts it.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from mahjongkit.errors import NotationError
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.tiles import NORTH, Tile
from mahjongkit.valueclass import dataclass


class CallType(Enum):
    """What a ``<N>`` tag declares."""

    CHI = "chi"
    PON = "pon"
    KAKAN = "kakan"
    """An added kong: the fourth tile laid on an exposed pon."""
    DAIMINKAN = "daiminkan"
    """An exposed kong on another seat's discard."""
    ANKAN = "ankan"
    NUKI = "nuki"
    """A north tile set aside (three-player games); it is replaced like a kong."""

    @property
    def takes_replacement(self) -> bool:
        """A replacement tile is drawn from the dead wall after this call."""
        return self in (CallType.KAKAN, CallType.DAIMINKAN, CallType.ANKAN, CallType.NUKI)

    @property
    def claims_discard(self) -> bool:
        """The call takes the last discard of another seat."""
        return self in (CallType.CHI, CallType.PON, CallType.DAIMINKAN)


_CORE_KIND = {
    CallType.CHI: MeldKind.CHOW,
    CallType.PON: MeldKind.PUNG,
    CallType.KAKAN: MeldKind.ADDED_KONG,
    CallType.DAIMINKAN: MeldKind.KONG,
    CallType.ANKAN: MeldKind.CONCEALED_KONG,
}


@dataclass(frozen=True, slots=True)
class TenhouMeld:
    """A decoded 16-bit meld code.

    ``tiles`` are all the meld's ids in ascending order (four for a kong, one for a nuki);
    ``called`` the tile taken from another seat (for a kakan, the one claimed for the original
    pon; ``None`` for an ankan or nuki); ``added`` the tile a kakan adds; ``relative`` where the
    called tile came from: 0 own, 1 the next seat (right), 2 across, 3 the previous seat (left).
    """

    type: CallType
    code: int
    tiles: tuple[int, ...]
    called: int | None
    relative: int
    added: int | None = None

    @property
    def kind(self) -> int:
        """The tile kind of a pon, kong or nuki; the lowest kind of a chi."""
        return self.tiles[0] // 4

    def consumed(self) -> tuple[int, ...]:
        """The tiles that leave the caller's concealed hand when the call is made."""
        if self.type is CallType.KAKAN:
            return (self.added,) if self.added is not None else ()
        return tuple(t for t in self.tiles if t != self.called)

    def from_seat(self, caller: int) -> int | None:
        """The absolute seat the called tile came from (``None`` for an ankan or nuki).

        Tenhou counts the offset modulo four even in three-player games.
        """
        if self.called is None:
            return None
        return (caller + self.relative) % 4

    def to_meld(self, caller: int, red_fives: bool = True) -> Meld:
        """The core :class:`~mahjongkit.melds.Meld` (a nuki has none: NotationError)."""
        core = _CORE_KIND.get(self.type)
        if core is None:
            raise NotationError(f"meld code {self.code}: a {self.type.value} is not a set")
        tiles = tuple(Tile.from_id(t, red_fives) for t in self.tiles)
        return Meld(core, tiles, self.from_seat(caller))


def decode_meld(code: int) -> TenhouMeld:
    """Decode the ``m`` attribute of ``<N>`` (and of ``<AGARI>``).

    The low two bits give the relative seat the tile came from. Then bit 2 marks a chi, bit 3 a
    pon, bit 4 an added kong, bit 5 a nuki; none of them, a kong (exposed from another seat,
    concealed from the own hand). A chi keeps ``lowest * 3 + called index`` above bit 10 (the
    lowest tile counted over 7 starts per suit) and each tile's copy in bits 3-8; a pon or added
    kong keeps ``kind * 3 + called index`` above bit 9 and the copy left out of the pon in bits
    5-6; a kong or nuki keeps one of its tile ids above bit 8.

    >>> m = decode_meld(51722)
    >>> m.type.value, m.tiles, m.called, m.relative
    ('pon', (133, 134, 135), 135, 2)
    >>> decode_meld(31008).type.value, decode_meld(31008).tiles
    ('nuki', (121,))
    """
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code <= 0xFFFF:
        raise NotationError(f"meld code {code!r} is not a 16-bit number")
    relative = code & 3
    if code & 0x4:
        return _decode_chi(code, relative)
    if code & 0x18:
        return _decode_pon_or_kakan(code, relative)
    if code & 0x20:
        tile = code >> 8
        if tile // 4 != NORTH or relative or code & 0xC0:
            raise NotationError(f"meld code {code}: a nuki sets aside a north tile, not id {tile}")
        return TenhouMeld(CallType.NUKI, code, (tile,), None, 0)
    tile = code >> 8
    if tile >= 136 or code & 0xDC:
        raise NotationError(f"meld code {code}: no kong of tile id {tile} has this code")
    tiles = tuple(range(tile - tile % 4, tile - tile % 4 + 4))
    if relative == 0:
        return TenhouMeld(CallType.ANKAN, code, tiles, None, 0)
    return TenhouMeld(CallType.DAIMINKAN, code, tiles, tile, relative)


def _decode_chi(code: int, relative: int) -> TenhouMeld:
    if relative != 3:
        raise NotationError(
            f"meld code {code}: a chi is called from the previous seat (relative 3), "
            f"not relative {relative}"
        )
    if code & 0x200:
        raise NotationError(f"meld code {code}: bit 9 of a chi is always clear")
    pattern, called_index = divmod(code >> 10, 3)
    suit, start = divmod(pattern, 7)
    if suit > 2:
        raise NotationError(f"meld code {code}: chi pattern {pattern} is beyond the 21 runs")
    lowest = suit * 9 + start
    tiles = tuple((lowest + i) * 4 + ((code >> (3 + 2 * i)) & 3) for i in range(3))
    return TenhouMeld(CallType.CHI, code, tiles, tiles[called_index], relative)


def _decode_pon_or_kakan(code: int, relative: int) -> TenhouMeld:
    if code & 0x18 == 0x18 or code & 0x180:
        raise NotationError(f"meld code {code}: pon and added-kong bits contradict each other")
    kind, called_index = divmod(code >> 9, 3)
    if kind >= 34:
        raise NotationError(f"meld code {code}: tile kind {kind} is out of range 0..33")
    if relative == 0:
        raise NotationError(f"meld code {code}: a pon is called from another seat (relative 0)")
    left_out = kind * 4 + ((code >> 5) & 3)
    pon = tuple(t for t in range(kind * 4, kind * 4 + 4) if t != left_out)
    if code & 0x8:
        return TenhouMeld(CallType.PON, code, pon, pon[called_index], relative)
    everything = tuple(range(kind * 4, kind * 4 + 4))
    return TenhouMeld(CallType.KAKAN, code, everything, pon[called_index], relative, left_out)


def encode_meld(
    call: CallType,
    tiles: Sequence[int],
    called: int | None = None,
    relative: int = 0,
    added: int | None = None,
) -> TenhouMeld:
    """Build the meld (and its 16-bit code) from its tiles: the inverse of :func:`decode_meld`.

    ``tiles`` are all the meld's ids (four for a kong, including a kakan's ``added`` tile).

    >>> encode_meld(CallType.PON, (133, 134, 135), called=135, relative=2).code
    51722
    """
    ordered = tuple(sorted(tiles))
    size = {CallType.CHI: 3, CallType.PON: 3, CallType.NUKI: 1}.get(call, 4)
    if len(ordered) != size or not all(0 <= t < 136 for t in ordered):
        raise NotationError(f"a {call.value} has {size} tile ids in 0..135, not {list(tiles)}")
    if call is CallType.CHI:
        lowest = ordered[0] // 4
        if called not in ordered or [t // 4 for t in ordered] != [lowest, lowest + 1, lowest + 2]:
            raise NotationError(f"{list(tiles)} calling {called} is not a chi")
        pattern = lowest // 9 * 7 + lowest % 9
        copies = sum((t % 4) << (3 + 2 * i) for i, t in enumerate(ordered))
        code = (pattern * 3 + ordered.index(called)) << 10 | copies | 0x4 | 3
    elif call in (CallType.PON, CallType.KAKAN):
        pon = tuple(t for t in ordered if t != added)
        if called not in pon or len({t // 4 for t in ordered}) != 1 or len(pon) != 3:
            raise NotationError(f"{list(tiles)} calling {called} is not a {call.value}")
        left_out = ({0, 1, 2, 3} - {t % 4 for t in pon}).pop()
        flag = 0x8 if call is CallType.PON else 0x10
        code = (pon[0] // 4 * 3 + pon.index(called)) << 9 | left_out << 5 | flag | relative
    elif call is CallType.NUKI:
        code = ordered[0] << 8 | 0x20
    else:
        if len({t // 4 for t in ordered}) != 1:
            raise NotationError(f"{list(tiles)} is not a kong")
        tile = ordered[0] if call is CallType.ANKAN else called
        code = (tile if tile is not None else -1) << 8 | relative
    try:
        return decode_meld(code)
    except NotationError:
        raise NotationError(
            f"no {call.value} of {list(tiles)} called from relative seat {relative}"
        ) from None

