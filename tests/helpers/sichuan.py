"""Shared builder of the Sichuan scoring tests: a win with South winning on East's discard."""

from __future__ import annotations

from mahjongkit.scoring import Win
from tests.helpers.wins import make_win as shared_make_win

E, S, W, N = range(4)


def make_win(
    concealed: str,
    win: str | None = None,
    melds: tuple[str, ...] = (),
    seat: int = S,
    discarder: int | None = E,
    tsumo: bool = False,
    **flags: object,
) -> Win:
    """A Sichuan win: ``concealed`` includes the winning tile (by default its last tile); a
    ``discarder`` of None on a discard leaves the win without one."""
    if discarder is None and not tsumo:
        flags["from_seat"] = None
    return shared_make_win(
        concealed,
        win,
        melds=melds,
        seat=seat,
        discarder=discarder,
        tsumo=tsumo,
        variant="sichuan",
        **flags,
    )
