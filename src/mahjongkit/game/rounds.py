"""What each round of a game moved, read from its log: every payment as one line and each seat's
net change.

The engine writes the money of a round into its events: ``reach_accepted`` (a riichi stick
put on the table), ``mjk:payment`` (Sichuan's wind and rain for a kong), ``hora`` (the win's
payment lines, counters among them, the riichi sticks the winner takes, and in ``mjk_lines`` the
kong money a Sichuan win on the discard after a kong hands over) and ``ryukyoku`` (the
end-of-wall settlement). :func:`round_summaries` turns them into :class:`Payment` lines in table
seats, in the order they happened. Where an event's deltas say more than its lines (the ready
and not-ready payments of a Riichi draw, a nagashi mangan, and the moved kong money of a log
written before wins carried it), the difference is itemised from the deltas, so that the lines
of a round always add up, seat by seat, to its net change: the difference between the scores it
started and ended with.

>>> import random
>>> from mahjongkit.bots.policy import play_random
>>> from mahjongkit.game.engine import Game
>>> game = Game("riichi", seed=4, max_rounds=2)
>>> _ = play_random(game, random.Random(4))
>>> first, second = round_summaries(game.log)
>>> [a + b for a, b in zip(first.scores_before, first.deltas)] == list(second.scores_before)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahjongkit.melds import SEAT_LETTERS
from mahjongkit.table.events import Kind
from mahjongkit.valueclass import dataclass

__all__ = [
    "Payment",
    "RoundSummary",
    "event_payments",
    "leftover_payments",
    "payments_at",
    "round_summaries",
]

RIICHI_STICK = "riichi_stick"
"""The reason of a riichi stick put on the table."""
DEPOSITS = "deposits"
"""The reason of the riichi sticks the table hands to a winner (or to first place at the end)."""
READY_PAYMENT = "ready_payment"
"""The reason of the payments between ready and not-ready seats at a Riichi draw."""
CALL_TRANSFER = "call_transfer"
"""Sichuan: the konger hands its kong money to the winner on its discard (呼叫轉移)."""
KONG_REFUND = "kong_discard_refund"
"""Sichuan: the kong money goes back to those who paid it when the discard after it is won on."""
OTHER = "other"
"""The reason of a change no line of its event explains (not expected: the tests look for it)."""


@dataclass(frozen=True, slots=True)
class Payment:
    """One transfer: ``amount`` from ``payer`` to ``payee`` (table seats; None is the table
    itself, where riichi sticks wait), for ``reason`` (a payment reason id of the variant, such
    as ``ron`` or ``exposed_kong``, or one of this module's)."""

    payer: int | None
    payee: int | None
    amount: int
    reason: str
    event: int
    """The index in the log of the event that moved it."""


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """One round: how it started, how it ended, what it moved."""

    number: int
    """1 for the game's first round."""
    start: Mapping[str, Any]
    """Its ``start_kyoku`` event."""
    results: tuple[Mapping[str, Any], ...]
    """Its ``hora`` and ``ryukyoku`` events, in order (a Sichuan round has up to three wins)."""
    payments: tuple[Payment, ...]
    deltas: tuple[int, ...]
    """Each seat's net change: the sum of the round's payments, seat by seat."""
    finished: bool
    """Whether the round has ended (a stored game may stop in the middle of one)."""

    @property
    def dealer(self) -> int:
        """The round's dealer."""
        return int(self.start["oya"])

    @property
    def scores_before(self) -> tuple[int, ...]:
        """The scores the round started with."""
        return tuple(self.start["scores"])

    @property
    def scores_after(self) -> tuple[int, ...]:
        """The scores once its payments are made."""
        return tuple(a + b for a, b in zip(self.scores_before, self.deltas, strict=True))


def _seat_of(name: Any, dealer: int, players: int) -> int | None:
    """The table seat of a payment line's party: a wind of the score (East deals), or a seat
    number; None for the table (Sichuan's pot is -1)."""
    if isinstance(name, str) and name in SEAT_LETTERS[:players]:
        return (SEAT_LETTERS.index(name) + dealer) % players
    if isinstance(name, int) and not isinstance(name, bool) and 0 <= name < players:
        return name
    return None


def _listed(event: Mapping[str, Any], dealer: int, players: int, index: int) -> list[Payment]:
    """The payments an event names itself."""
    kind = event.get("type")
    out: list[Payment] = []
    match kind:
        case Kind.REACH_ACCEPTED:
            for seat, delta in enumerate(event.get("deltas", ())):
                if delta < 0:
                    out.append(Payment(seat, None, -delta, RIICHI_STICK, index))
        case Kind.PAYMENT:
            line = event.get("mjk_kong_income") or {}
            out.append(
                Payment(
                    _seat_of(line.get("payer"), 0, players),
                    _seat_of(line.get("payee"), 0, players),
                    int(line.get("amount", 0)),
                    str(line.get("reason", event.get("reason", OTHER))),
                    index,
                )
            )
        case Kind.HORA:
            score = event.get("mjk_score") or {}
            for line in score.get("payment_lines", ()):
                out.append(
                    Payment(
                        _seat_of(line["payer"], dealer, players),
                        _seat_of(line["payee"], dealer, players),
                        int(line["amount"]),
                        str(line["reason"]),
                        index,
                    )
                )
            taken = int(score.get("deposits") or 0)
            if event.get("mjk_deposits_taken") and taken:
                out.append(Payment(None, int(event["actor"]), taken, DEPOSITS, index))
            out.extend(_table_lines(event, players, index))
        case Kind.RYUKYOKU:
            out.extend(_table_lines(event, players, index))
    return out


def _table_lines(event: Mapping[str, Any], players: int, index: int) -> list[Payment]:
    """An event's ``mjk_lines``: payments its family wrote in table seats."""
    return [
        Payment(
            _seat_of(line["payer"], 0, players),
            _seat_of(line["payee"], 0, players),
            int(line["amount"]),
            str(line["reason"]),
            index,
        )
        for line in event.get("mjk_lines", ())
    ]


def _unlisted_reason(event: Mapping[str, Any]) -> str:
    kind = event.get("type")
    if kind == Kind.RYUKYOKU:
        if event.get("reason") == "nagashimangan":
            return "nagashi_mangan"
        if "tenpai" in event:
            return READY_PAYMENT
    if kind == Kind.HORA and event.get("mjk_kongs_settled"):
        return CALL_TRANSFER
    return OTHER


def _itemised(rest: list[int], reason: str, index: int) -> list[Payment]:
    """Lines for per-seat changes no line named: the table's share first (riichi sticks a
    nagashi mangan takes), then each loser pays each gainer in proportion to the gain."""
    rest = list(rest)
    out: list[Payment] = []
    total = sum(rest)
    if total:
        seat = max(range(len(rest)), key=lambda s: rest[s] if total > 0 else -rest[s])
        if total > 0:
            out.append(Payment(None, seat, total, DEPOSITS, index))
        else:
            out.append(Payment(seat, None, -total, reason, index))
        rest[seat] -= total
    payers = [s for s, x in enumerate(rest) if x < 0]
    payees = [s for s, x in enumerate(rest) if x > 0]
    gained = sum(rest[s] for s in payees)
    shares = [(p, q, -rest[p] * rest[q]) for p in payers for q in payees]
    if all(amount % gained == 0 for _, _, amount in shares):
        out.extend(Payment(p, q, amount // gained, reason, index) for p, q, amount in shares)
        return out
    # Shares that do not divide evenly: each seat's change is one line with the table.
    for seat, amount in enumerate(rest):
        if amount < 0:
            out.append(Payment(seat, None, -amount, reason, index))
        elif amount > 0:
            out.append(Payment(None, seat, amount, reason, index))
    return out


def event_payments(
    event: Mapping[str, Any],
    dealer: int,
    players: int,
    index: int = 0,
    *,
    kong_money_returned: bool = False,
) -> list[Payment]:
    """The payments of one event (none for an event that moves no money); they add up, seat by
    seat, to the event's ``deltas``. ``dealer`` is the round's dealer (a score names seats by
    their wind); ``kong_money_returned``: for a log written before a win carried the kong
    money it moves (``mjk_lines``), the rules give a konger's money back to its payers instead
    of to the winner (Sichuan's ``call_transfer=cancel``)."""
    deltas = list(event.get("deltas") or ())
    if len(deltas) != players:
        return []
    found = _listed(event, dealer, players, index)
    rest = list(deltas)
    for line in found:
        if line.payer is not None:
            rest[line.payer] += line.amount
        if line.payee is not None:
            rest[line.payee] -= line.amount
    if any(rest):
        reason = _unlisted_reason(event)
        if reason == CALL_TRANSFER and kong_money_returned:
            reason = KONG_REFUND
        found.extend(_itemised(rest, reason, index))
    return [line for line in found if line.amount]


def _kong_money_returned(events: Sequence[Mapping[str, Any]]) -> bool:
    """Whether the log's rules give a konger's money back to its payers (read only for logs
    written before a win carried the kong money it moves)."""
    start = events[0] if events else {}
    rules = start.get("mjk_rules") if start.get("type") == Kind.START_GAME else None
    return isinstance(rules, Mapping) and rules.get("call_transfer") == "cancel"


def payments_at(events: Sequence[Mapping[str, Any]], index: int) -> list[Payment]:
    """The payments of the event at ``index`` of a log (a game's events, or one seat's view
    of them), read with its round's dealer: the lines :func:`round_summaries` gives it, adding
    up seat by seat to its ``deltas``. None for an event that moves no money, or one outside a
    round.

    >>> import random
    >>> from mahjongkit.bots.policy import play_random
    >>> from mahjongkit.game.engine import Game
    >>> game = Game("riichi", seed=4, max_rounds=2)
    >>> _ = play_random(game, random.Random(4))
    >>> index = next(i for i, e in enumerate(game.log) if e["type"] == "hora")
    >>> win = game.log[index]
    >>> taken = sum(p.amount for p in payments_at(game.log, index) if p.payee == win["actor"])
    >>> taken == win["deltas"][win["actor"]]
    True
    """
    starts = (events[at] for at in range(index - 1, -1, -1))
    start = next((e for e in starts if e.get("type") == Kind.START_KYOKU), None)
    if start is None:
        return []
    return event_payments(
        events[index],
        int(start["oya"]),
        len(start["scores"]),
        index,
        kong_money_returned=_kong_money_returned(events),
    )


def round_summaries(events: Sequence[Mapping[str, Any]]) -> list[RoundSummary]:
    """Every round of a log (a game's events, or one seat's view of them), in order."""
    players = 0
    returned = _kong_money_returned(events)
    rounds: list[RoundSummary] = []
    start: Mapping[str, Any] | None = None
    results: list[Mapping[str, Any]] = []
    payments: list[Payment] = []
    finished = False

    def close() -> None:
        if start is None:
            return
        deltas = [0] * players
        for line in payments:
            if line.payer is not None:
                deltas[line.payer] -= line.amount
            if line.payee is not None:
                deltas[line.payee] += line.amount
        rounds.append(
            RoundSummary(
                len(rounds) + 1, start, tuple(results), tuple(payments), tuple(deltas), finished
            )
        )

    for index, event in enumerate(events):
        kind = event.get("type")
        if kind == Kind.START_GAME:
            continue
        if kind == Kind.START_KYOKU:
            close()
            start, results, payments, finished = event, [], [], False
            players = len(event["scores"])
            continue
        if start is None:
            continue
        if kind in (Kind.HORA, Kind.RYUKYOKU):
            results.append(event)
        elif kind == Kind.END_KYOKU:
            finished = True
        payments.extend(
            event_payments(event, int(start["oya"]), players, index, kong_money_returned=returned)
        )
    close()
    return rounds


def leftover_payments(events: Sequence[Mapping[str, Any]]) -> list[Payment]:
    """What the game's end moves after its last round (riichi sticks left on the table, given to
    first place under some rules): the difference between ``end_game``'s scores and the last
    round's."""
    if not events or events[-1].get("type") != Kind.END_GAME:
        return []
    rounds = round_summaries(events)
    if not rounds:
        return []
    final = list(events[-1]["scores"])
    before = rounds[-1].scores_after
    if len(final) != len(before):
        return []
    rest = [a - b for a, b in zip(final, before, strict=True)]
    return _itemised(rest, DEPOSITS, len(events) - 1) if any(rest) else []
