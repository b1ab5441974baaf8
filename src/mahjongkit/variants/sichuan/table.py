"""Sichuan blood battle at the table: 108 tiles, exchange three, the missing suit, no chow,
play on after a win, kong money as it happens, the end-of-wall settlement.

A game is ``hands_per_game`` hands (an option of the rules): Sichuan has no
prevailing wind. The next dealer is the first winner of the hand (the discarder when several won
on one discard); the dealer stays after a hand nobody won.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import TYPE_CHECKING, Any

from mahjongkit.game import actions as A
from mahjongkit.game.actions import Action
from mahjongkit.game.flow import Flow, count_kinds
from mahjongkit.game.state import Phase
from mahjongkit.game.wall import tile_set
from mahjongkit.melds import MeldKind
from mahjongkit.scoring import PaymentLine, Score, Win
from mahjongkit.shapes import HandShape, sichuan
from mahjongkit.variants.sichuan import flow

if TYPE_CHECKING:
    from mahjongkit.game.engine import Game

_KONG_KINDS = {
    "concealed": MeldKind.CONCEALED_KONG,
    "exposed": MeldKind.KONG,
    "added": MeldKind.ADDED_KONG,
}


def _lines_json(lines: list[PaymentLine]) -> list[dict[str, Any]]:
    return [
        {"payer": x.payer, "payee": x.payee, "amount": x.amount, "reason": x.reason} for x in lines
    ]


def _deltas(lines: list[PaymentLine], players: int) -> list[int]:
    deltas = [0] * players
    for line in lines:
        if 0 <= line.payer < players:
            deltas[line.payer] -= line.amount
        if 0 <= line.payee < players:
            deltas[line.payee] += line.amount
    return deltas


class SichuanFlow(Flow):
    """The hooks of a Sichuan table."""

    variant = "sichuan"
    chow_allowed = False
    calls_on_last_discard = (A.PON,)
    """RULES-sichuan §4: on the last discard only a win or a pung (no kong: no replacement)."""
    max_kongs = 99

    def tiles(self) -> list[int]:
        """108 tiles: three suits, no honours, no bonus tiles."""
        return tile_set(27)

    def shape(self, game: Game, seat: int) -> HandShape:
        """Three suits, the declared missing suit never in a complete hand."""
        return sichuan(game.round.seats[seat].missing_suit)

    def score(self, win: Win) -> Score:
        """The Sichuan scorer."""
        from mahjongkit.variants.sichuan import score

        result: Score = score(win, self.rules)
        return result

    # --- set-up: exchange three, declare the missing suit ---

    def after_deal(self, game: Game, out: list[dict[str, Any]]) -> None:
        """Exchange three (when on), then every seat declares its missing suit."""
        exchange = getattr(self.rules, "huan_san_zhang", "off") != "off"
        phase = Phase.EXCHANGE if exchange else Phase.DECLARE
        game.emit(out, {"type": "mjk:phase", "phase": phase.value})

    def setup_actions(self, game: Game, seat: int) -> list[Action]:
        """Three tiles of one suit to give, or a suit to declare missing."""
        rnd = game.round
        if seat in rnd.responses:
            return []
        if rnd.phase is Phase.DECLARE:
            return [Action(A.DECLARE_MISSING, seat, suit=suit) for suit in range(3)]
        by_suit: dict[int, list[int]] = {}
        for tile in sorted(rnd.seats[seat].hand):
            by_suit.setdefault(tile // 36, []).append(tile)
        found = []
        for tiles in by_suit.values():
            seen: set[tuple[int, ...]] = set()
            for trio in combinations(tiles, 3):
                key = tuple(t // 4 for t in trio)
                if key not in seen:
                    seen.add(key)
                    found.append(Action(A.EXCHANGE, seat, consumed=trio))
        return found

    def play_setup(self, game: Game, out: list[dict[str, Any]], action: Action) -> None:
        """Record a choice; when all four have chosen, carry the phase out."""
        rnd = game.round
        if action.type == A.EXCHANGE:
            game.emit(
                out,
                {
                    "type": "mjk:exchange_choose",
                    "actor": action.seat,
                    "mjk_ids": list(action.consumed),
                },
            )
            if len(rnd.responses) < self.players:
                return
            direction = self._exchange_direction(game)
            receivers = [(seat + direction) % self.players for seat in range(self.players)]
            game.emit(out, {"type": "mjk:exchange", "direction": direction, "receivers": receivers})
            game.emit(out, {"type": "mjk:phase", "phase": Phase.DECLARE.value})
            return
        game.emit(out, {"type": "mjk:declare", "actor": action.seat, "suit": action.suit})
        if len(rnd.responses) < self.players:
            return
        declared = {seat: r["suit"] for seat, r in rnd.responses.items()}
        for seat in range(self.players):
            game.emit(out, {"type": "mjk:missing", "actor": seat, "suit": declared[seat]})
        game.emit(out, {"type": "mjk:phase", "phase": Phase.TURN.value})
        game.draw(out, rnd.dealer)

    def _exchange_direction(self, game: Game) -> int:
        rng = random.Random(f"{game.seed}:{game.rounds_played}:exchange")
        # Dice directions are not modelled by the table: a "dice" table uses a seeded one too.
        direction = flow.exchange_direction(
            self.rules, rng, dice_direction=rng.choice(("ccw", "cw", "across"))
        )
        return {"ccw": 1, "cw": 3, "across": 2}[direction or "ccw"]

    # --- play ---

    def may_claim(self, game: Game, seat: int, tile: int) -> bool:
        """No pung or kong of one's missing suit."""
        missing = game.round.seats[seat].missing_suit
        return missing is None or flow.may_claim(tile // 4, missing)

    def allowed_discards(self, game: Game, seat: int) -> list[int]:
        """While holding the missing suit, discard it first (§3)."""
        state = game.round.seats[seat]
        if state.missing_suit is None:
            return list(state.hand)
        counts = count_kinds(state.hand)
        kinds = set(
            flow.legal_discards(counts, state.missing_suit, len(state.discards), self.rules)
        )
        return [t for t in state.hand if t // 4 in kinds]

    def concealed_kong_allowed(self, game: Game, seat: int, kind: int) -> bool:
        """No kong of the missing suit."""
        return kind // 9 != game.round.seats[seat].missing_suit

    def may_add_kong(self, game: Game, seat: int, tile: int) -> bool:
        """Added kongs are fine (the pung was never of the missing suit)."""
        return True

    def furiten(self, game: Game, seat: int) -> bool:
        """A passed Hu (过水, §4): after declining a win on a discard, no win on a discard until
        one's own next draw."""
        return game.round.seats[seat].furiten_temporary

    def ron_winners(self, game: Game, claimants: list[int], discarder: int) -> list[int] | None:
        """Several winners on one discard where the rules allow (一炮多响)."""
        return flow.discard_winners(discarder, claimants, self.rules)

    def continues_after_win(self, game: Game) -> bool:
        """Blood battle: play on until three have won."""
        return len(game.round.winners) < self.players - 1

    def _in_game(self, game: Game) -> list[int]:
        return [s for s in range(self.players) if not game.round.seats[s].won]

    def _moved_kongs(
        self, game: Game, discarder: int | None, robbing: bool, first: bool
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """(the latest kong's income records, all income records) of a konger whose discard
        right after a kong is won on; empty otherwise (a robbed kong was never paid, since kong
        money follows the rob window)."""
        rnd = game.round
        if not first or discarder is None or not rnd.kong_discard or robbing:
            return [], []
        records = rnd.kong_income.get(discarder, [])
        if not records:
            return [], []
        latest = records[-1]["kong"]
        return [x for x in records if x["kong"] == latest], list(records)

    def extra_win_deltas(
        self, game: Game, seat: int, discarder: int | None, robbing: bool, first: bool
    ) -> list[int]:
        """The kong money a win on the discard right after a kong moves (槓上炮, §6.1)."""
        from mahjongkit.variants.sichuan import payments

        this_kong, income = self._moved_kongs(game, discarder, robbing, first)
        if not this_kong or discarder is None:
            return [0] * self.players
        lines = payments.kong_discard_payments(
            discarder,
            [seat],
            [self._line(x) for x in this_kong],
            self.rules,
            all_kongs=[self._line(x) for x in income],
        )
        return _deltas(lines, self.players)

    def settled_kongs(
        self, game: Game, seat: int, discarder: int | None, robbing: bool, first: bool
    ) -> list[int]:
        """Kong money handed to the winner or refunded is gone from the konger's income."""
        this_kong, income = self._moved_kongs(game, discarder, robbing, first)
        moved = income if getattr(self.rules, "call_transfer", "") == "all_kongs" else this_kong
        return sorted({x["kong"] for x in moved})

    @staticmethod
    def _line(record: dict[str, Any]) -> PaymentLine:
        return PaymentLine(record["payer"], record["payee"], record["amount"], record["reason"])

    def kong_payments(
        self, game: Game, seat: int, kind: str, fed_by: int | None, drawn_now: bool
    ) -> list[dict[str, Any]]:
        """Wind and rain, paid at once (§6.1)."""
        from mahjongkit.variants.sichuan import payments

        lines = payments.kong_payments(
            _KONG_KINDS[kind],
            seat,
            self._in_game(game),
            self.rules,
            discarder=fed_by,
            drawn_now=drawn_now,
        )
        events = []
        for line in lines:
            record = {**_lines_json([line])[0], "kong": game.round.kongs}
            events.append(
                {
                    "type": "mjk:payment",
                    "reason": line.reason,
                    "deltas": _deltas([line], self.players),
                    "mjk_payee": line.payee,
                    "mjk_kong_income": record,
                }
            )
        return events

    def exhaustive_draw(self, game: Game) -> dict[str, Any]:
        """Flower pig, ready-hand check and tax refund (§6.2)."""
        from mahjongkit.variants.sichuan import payments

        rnd = game.round
        players = []
        for seat, state in enumerate(rnd.seats):
            counts = count_kinds(state.hand)
            players.append(
                payments.WallEndPlayer(
                    seat=seat,
                    concealed=counts,
                    melds=tuple(self.meld(m) for m in state.melds),
                    missing_suit=state.missing_suit,
                    won=state.won,
                    kong_income=tuple(self._line(x) for x in rnd.kong_income.get(seat, [])),
                )
            )
        lines = payments.end_of_wall_settlement(players, self.rules)
        return {
            "type": "ryukyoku",
            "reason": "exhaustive",
            "deltas": _deltas(lines, self.players),
            "mjk_lines": _lines_json(lines),
        }

    def next_round(self, game: Game) -> tuple[int, int, int, int] | None:
        """The first winner deals next (the discarder after a multiple win); else the dealer."""
        rnd = game.round
        played = game.rounds_played
        hands = int(self.rules.hands_per_game)
        if played >= hands:
            return None
        starts = [i for i, e in enumerate(game.log) if e["type"] == "start_kyoku"]
        wins = [e for e in game.log[starts[-1] if starts else 0 :] if e["type"] == "hora"]
        first_winners: list[int] = []
        discarder = None
        if wins:
            first = wins[0]
            # The first win and any other win on the same discard (one event batch).
            first_winners = [
                w["actor"]
                for w in wins
                if w["target"] == first["target"]
                and w["pai"] == first["pai"]
                and w["actor"] != w["target"]
                and first["actor"] != first["target"]
            ] or [first["actor"]]
            discarder = None if first["actor"] == first["target"] else first["target"]
        dealer = flow.next_dealer(rnd.dealer, first_winners, discarder)
        return 0, played, dealer, 0


FLOW = SichuanFlow
