"""One hand scored under every family, with each family's verdict: a win, no win, or a refusal
(a hand the family cannot hold).

>>> rows = compare(CompareRequest("11223344556677m", win="7m", tsumo=True))
>>> [(row.family, row.status) for row in rows]
[('riichi', 'win'), ('hongkong', 'win'), ('sichuan', 'win')]
"""

from __future__ import annotations

from mahjongkit.api.requests import CompareRequest, ScoreRequest
from mahjongkit.api.scoring import ScoreAnswer, score
from mahjongkit.errors import MahjongError
from mahjongkit.valueclass import dataclass


@dataclass(frozen=True)
class CompareRow:
    """One family's verdict on the hand: its answer, or the refusal of a hand it cannot hold."""

    family: str
    answer: ScoreAnswer | None
    refusal: MahjongError | None = None

    @property
    def status(self) -> str:
        """``win``, ``no_win`` or ``refused``."""
        if self.answer is None:
            return "refused"
        return "win" if self.answer.valid else "no_win"


def compare(request: CompareRequest) -> tuple[CompareRow, ...]:
    """The hand of ``request`` scored under each registered family, in the registry's order."""
    from mahjongkit.variants import VARIANT_NAMES

    rows = []
    for family in VARIANT_NAMES:
        asked = ScoreRequest(
            request.hand,
            variant=family,
            melds=request.melds,
            seat=request.seat,
            round=request.round,
            lang=request.lang,
            win=request.win,
            tsumo=request.tsumo,
            from_seat=request.from_seat,
        )
        try:
            rows.append(CompareRow(family, score(asked)))
        except MahjongError as refusal:
            rows.append(CompareRow(family, None, refusal))
    return tuple(rows)


__all__ = ["CompareRow", "compare"]
