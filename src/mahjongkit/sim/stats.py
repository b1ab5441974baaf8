"""The summary of a run: per seat and per bot, wins and deal-ins, the average score and
placement with 95% confidence intervals, in constant memory and the same whatever order the
games came in."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from mahjongkit.melds import SEAT_LETTERS
from mahjongkit.sim.plan import Plan, Played
from mahjongkit.valueclass import dataclass, field

__all__ = ["Z_95", "Moments", "Summary"]


Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution, for the confidence intervals."""


@dataclass(slots=True)
class Moments:
    """The count, sum and sum of squares of whole numbers (scores, placements): their mean and
    its interval in constant memory over a run of any length, and, the sums being exact, the
    same whatever order the numbers came in (a resumed run counts its stored games first)."""

    count: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        """Count one number."""
        self.count += 1
        self.total += value
        self.squares += value * value

    def interval(self) -> dict[str, float | None]:
        """The mean and its 95% confidence interval (normal approximation; none under two
        numbers)."""
        n = self.count
        if n == 0:
            return {"mean": None, "low": None, "high": None}
        mean = self.total / n
        if n < 2:
            return {"mean": round(mean, 6), "low": None, "high": None}
        # The sample variance as one exact fraction, divided once.
        variance = (n * self.squares - self.total * self.total) / (n * (n - 1))
        half = Z_95 * math.sqrt(variance / n)
        return {
            "mean": round(mean, 6),
            "low": round(mean - half, 6),
            "high": round(mean + half, 6),
        }


@dataclass(slots=True)
class _Tally:
    games: int = 0
    rounds: int = 0
    wins: int = 0
    deal_ins: int = 0
    scores: Moments = field(default_factory=Moments)
    placements: Moments = field(default_factory=Moments)
    faults: dict[str, int] | None = None
    """A hosted mjai bot's faults, summed over its games (None: no hosted bot)."""

    def count_faults(self, faults: dict[str, int] | None) -> None:
        if faults is not None:
            total = self.faults if self.faults is not None else {}
            for kind, number in faults.items():
                total[kind] = total.get(kind, 0) + number
            self.faults = total

    def to_json(self) -> dict[str, Any]:
        found = {
            "games": self.games,
            "rounds": self.rounds,
            "wins": self.wins,
            "win_rate": _rate(self.wins, self.rounds),
            "deal_ins": self.deal_ins,
            "deal_in_rate": _rate(self.deal_ins, self.rounds),
            "score": self.scores.interval(),
            "placement": self.placements.interval(),
        }
        if self.faults is not None:
            found["mjai_faults"] = dict(self.faults)
        return found


def _rate(count: int, rounds: int) -> float | None:
    return round(count / rounds, 6) if rounds else None


def _mean_interval(values: Sequence[int]) -> dict[str, float | None]:
    """The mean of ``values`` and its 95% confidence interval (see :class:`Moments`)."""
    moments = Moments()
    for value in values:
        moments.add(value)
    return moments.interval()


class Summary:
    """Per seat and per bot: wins and deal-ins (with their rate per round), the average final
    score and placement with 95% confidence intervals."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.games = 0
        self.rounds = 0
        self.seats: list[_Tally] = []
        self.seat_bots: list[str] = []
        self.bots: dict[str, _Tally] = {}

    def add(self, played: Played) -> None:
        """Count one game."""
        self.games += 1
        self.rounds += played.rounds
        if not self.seats:
            self.seats = [_Tally() for _ in played.bots]
            self.seat_bots = list(played.bots)
        for seat, bot in enumerate(played.bots):
            for tally in (self.seats[seat], self.bots.setdefault(bot, _Tally())):
                tally.games += 1
                tally.rounds += played.rounds
                tally.wins += played.wins[seat]
                tally.deal_ins += played.deal_ins[seat]
                tally.scores.add(played.scores[seat])
                tally.placements.add(played.placements[seat])
                if played.faults:
                    tally.count_faults(played.faults[seat])

    def to_json(self) -> dict[str, Any]:
        """The summary as one object (the same for the same plan, whatever the processes)."""
        seat_names = SEAT_LETTERS
        return {
            "variant": self.plan.variant,
            "seed": self.plan.seed,
            "games": self.games,
            "rounds": self.rounds,
            "max_rounds": self.plan.max_rounds,
            "seats": [
                {"seat": seat_names[seat], "bot": self.seat_bots[seat], **tally.to_json()}
                for seat, tally in enumerate(self.seats)
            ],
            "bots": [{"bot": bot, **tally.to_json()} for bot, tally in sorted(self.bots.items())],
        }
