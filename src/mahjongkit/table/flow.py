"""A family's rules at the table: what differs between Riichi, Hong Kong and Sichuan play.

The engine (:mod:`mahjongkit.game.engine`) owns the mechanics every family shares: the wall,
draws, discards, claim windows and their priority, kongs and replacement draws, robbing a kong,
and folding events into state. A :class:`Flow` answers the rule questions: which tiles, who may
win or claim what, who wins on a shared discard, what a win or a draw pays, what comes next.
Each family subclasses it in ``variants/<name>/flow.py`` and its registry record
(:class:`~mahjongkit.variants.base.Variant`) names the subclass.
"""

from __future__ import annotations

from abc import abstractmethod

from mahjongkit.scoring import Score, Win
from mahjongkit.table.hooks import Defaults, Fold, R, TableRules, WinClaim
from mahjongkit.table.view import HandFacts, TableView
from mahjongkit.tiles import counts_of_ids

__all__ = ["Flow", "Fold", "HandFacts", "TableRules", "WinClaim", "count_kinds"]

count_kinds = counts_of_ids
"""34-entry kind counts of physical ids (kept under its table name)."""


class Flow(Defaults[R]):
    """What a family's author writes: three hooks, and what the family declares.

    Every other hook has the answer of a family without that rule
    (:class:`~mahjongkit.table.hooks.Defaults`, grouped as here); override the few your rules
    change. Hooks read a :class:`~mahjongkit.table.view.TableView` and never change it; those
    that make something happen return or yield events, which the engine folds and records.

    **The set.** Declare ``variant`` (the registry name), and where they differ from none:
    ``dead_wall``, ``bonus_tiles``, ``first_indicators``; write :meth:`tiles`. A hand shape
    other than Riichi's is :meth:`~Defaults.shape`; one that depends on the seat (Sichuan's
    missing suit) also declares ``shape_by_seat = True``.

    **Claims.** ``chow_allowed``, ``max_kongs``, ``calls_on_last_discard``, ``pond_furiten``;
    hooks such as :meth:`~Defaults.furiten`, :meth:`~Defaults.may_claim`,
    :meth:`~Defaults.allowed_discards`, :meth:`~Defaults.ron_winners`.

    **Wins and money.** Write :meth:`score`; ``takes_deposits``; hooks such as
    :meth:`~Defaults.make_win`, :meth:`~Defaults.final_score`, :meth:`~Defaults.deltas`.

    **The course of a round.** Write :meth:`next_round`. The family's own state lives in the
    dataclasses it declares as ``SeatExtra`` and ``RoundExtra``, changed only by the folds of
    its own events (``folds``) and by the fold hooks (``on_draw``, ``on_discard``, ...) that
    the shared events call; a declaration made with a discard is :meth:`~Defaults.declare`;
    a wall run dry, :meth:`~Defaults.exhaustive_draw`.

    **Set-up.** Phases before the first draw (Sichuan's exchange and missing suit):
    :meth:`~Defaults.after_deal`, :meth:`~Defaults.setup_actions`, :meth:`~Defaults.play_setup`.
    """

    @abstractmethod
    def tiles(self) -> list[int]:
        """The physical ids the wall is made of."""

    @abstractmethod
    def score(self, win: Win) -> Score:
        """The family's scorer: what ``win`` is worth and pays, or why it is no win."""

    @abstractmethod
    def next_round(self, view: TableView) -> tuple[int, int, int, int] | None:
        """(round wind, hand number, dealer, honba) of the next round, or None at the end."""
