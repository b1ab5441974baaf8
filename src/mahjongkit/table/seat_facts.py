"""The facts every surface asks of any seat, in any family, read through from the family's own
state of it (:class:`~mahjongkit.table.view.SeatView`'s ``riichi`` and ``missing_suit``).

The base of :class:`~mahjongkit.table.state.SeatState`, apart so that the shared state names no
family's field (``tests/table/test_state.py``). Both are native classes when compiled
(:mod:`mahjongkit.native`): the compiled engine reads a seat's fields at a fixed offset.

>>> from mahjongkit.table.view import SeatExtra
>>> SeatFacts(SeatExtra()).riichi, SeatFacts(None).missing_suit
(False, None)
"""

from __future__ import annotations

from typing import Any

from mahjongkit.lite_typing import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class SeatFacts:
    """A seat's :attr:`extra` (its family's own state of it, a
    :class:`~mahjongkit.table.view.SeatExtra`), and the two facts every reader asks of it."""

    def __init__(self, extra: Any = None) -> None:
        self.extra: Any = extra
        """The family's own state of the seat: its flow's
        :attr:`~mahjongkit.table.flow.Flow.SeatExtra`, kept by its folds."""

    @property
    def riichi(self) -> bool:
        """The seat declared a ready hand, which the others see (Riichi's riichi)."""
        extra = self.extra
        return False if extra is None else bool(extra.riichi)

    @property
    def missing_suit(self) -> int | None:
        """The suit the seat must be rid of, once declared (Sichuan)."""
        extra = self.extra
        return None if extra is None else extra.missing_suit
