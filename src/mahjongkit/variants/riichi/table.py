"""Riichi at the table: riichi, furiten, dora, abortive draws, liability, the course of a game.

The engine asks; this module answers from the rules object (:mod:`.rules`), so the presets
``ema2012``, ``ema2016`` and ``tenhou`` differ here only through their options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjongkit.game import actions as A
from mahjongkit.game.actions import Action
from mahjongkit.game.flow import Flow, count_kinds
from mahjongkit.game.wall import tile_set
from mahjongkit.melds import MeldKind
from mahjongkit.scoring import Score, Win
from mahjongkit.shapes import RIICHI, shanten, waits
from mahjongkit.tiles import DRAGONS, RED_FIVE_IDS, WINDS, is_terminal_or_honor

if TYPE_CHECKING:
    from mahjongkit.game.engine import Game

_TENPAI_PAYMENT = 3000


_counts = count_kinds


class RiichiFlow(Flow):
    """The hooks of a Riichi table."""

    variant = "riichi"
    dead_wall = 14
    first_indicators = 1
    max_kongs = 4
    takes_deposits = True

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self.kong_indicators = bool(getattr(rules, "kan_dora", True))
        self.riichi_deposit = int(getattr(rules, "riichi_deposit", 1000))

    def option(self, name: str, default: Any) -> Any:
        """A rules option, with the EMA default where a rules object predates it."""
        return getattr(self.rules, name, default)

    # --- set and seats ---

    def tiles(self) -> list[int]:
        """136 tiles (three-player tables drop 2m-8m)."""
        ids = tile_set()
        if self.players == 3:
            ids = [t for t in ids if not 1 <= t // 4 <= 7]
        return ids

    def red(self, tile_id: int) -> bool:
        """Red fives per the rules."""
        return bool(self.option("red_fives", True)) and tile_id in RED_FIVE_IDS

    def starting_scores(self) -> list[int]:
        """The preset's starting points."""
        return [int(self.option("starting_points", 30000))] * self.players

    # --- wins ---

    def score(self, win: Win) -> Score:
        """The Riichi scorer."""
        from mahjongkit.variants.riichi import score

        result: Score = score(win, self.rules)
        return result

    def make_win(
        self,
        game: Game,
        seat: int,
        tile: int,
        *,
        self_draw: bool,
        from_seat: int | None,
        robbing: bool,
    ) -> Win:
        """Adds riichi, ippatsu, dora, counters and deposits to the shared win."""
        from dataclasses import replace

        base = super().make_win(
            game, seat, tile, self_draw=self_draw, from_seat=from_seat, robbing=robbing
        )
        rnd = game.round
        state = rnd.seats[seat]
        riichi = state.riichi
        liable = state.liable
        return replace(
            base,
            riichi=riichi,
            double_riichi=riichi and state.double_riichi,
            ippatsu=riichi and state.ippatsu,
            dora_indicators=tuple(self.tile(t) for t in game.indicator_tiles()),
            ura_indicators=(tuple(self.tile(t) for t in game.ura_tiles()) if riichi else ()),
            honba=rnd.honba,
            deposits=rnd.deposits,
            liable_seat=None if liable is None else (liable - rnd.dealer) % self.players,
            last_tile=game.live_remaining() == 0
            and not robbing
            and not (self_draw and rnd.after_kong),
        )

    def final_score(
        self, game: Game, seat: int, tile: int, discarder: int | None, robbing: bool, first: bool
    ) -> Score:
        """The win's score; where the rules say so a second winner of one discard gets no
        counters or deposits."""
        from dataclasses import replace

        win = self.make_win(
            game, seat, tile, self_draw=discarder is None, from_seat=discarder, robbing=robbing
        )
        if not first and self.option("multiple_ron_bonus", "each_winner") == "first_winner":
            win = replace(win, honba=0, deposits=0)
        return self.score(win)

    def furiten(self, game: Game, seat: int) -> bool:
        """Own-discard, temporary and riichi furiten."""
        state = game.round.seats[seat]
        if state.furiten_temporary or state.furiten_riichi:
            return True
        wanted = self.waits_of(game, seat)
        return any(t // 4 in wanted for t in state.discards)

    def furiten_ends_on_draw(self) -> bool:
        """Tenhou ends temporary furiten on the player's own discard; EMA on the draw."""
        return bool(self.option("temporary_furiten_ends", "draw_or_any_call") != "own_discard")

    def ron_winners(self, game: Game, claimants: list[int], discarder: int) -> list[int] | None:
        """Double ron per the rules; triple ron is an abortive draw where the rules say so."""
        if len(claimants) >= 3 and "triple_ron" in self.option("abortive_draws", ()):
            return None
        limit = self.option("max_ron_winners", None)
        return claimants if limit is None else claimants[: int(limit)]

    def furiten_cleared_by_call(self, caller: int, seat: int) -> bool:
        """EMA 2012: any call ends temporary furiten; EMA 2016: only one's own claim."""
        ends = self.option("temporary_furiten_ends", "draw_or_any_call")
        return ends == "draw_or_any_call" or (ends == "draw_or_own_claim" and caller == seat)

    # --- turn ---

    def allowed_discards(self, game: Game, seat: int) -> list[int]:
        """After riichi only the drawn tile; after a call not the swap-called kinds."""
        state = game.round.seats[seat]
        if state.riichi and state.drawn is not None:
            return [state.drawn]
        return [t for t in state.hand if t // 4 not in state.kuikae]

    def turn_declarations(self, game: Game, seat: int) -> list[Action]:
        """Riichi with each discard that leaves the hand ready; nine terminals abort."""
        rnd = game.round
        state = rnd.seats[seat]
        found: list[Action] = []
        concealed = all(m.kind is MeldKind.CONCEALED_KONG for m in state.melds)
        if (
            concealed
            and not state.riichi
            and state.drawn is not None
            and game.scores[seat] >= self.riichi_deposit
            and game.live_remaining() >= self.players
        ):
            counts = _counts(state.hand)
            melds = len(state.melds)
            # One discard away from ready at best: no discard can leave it ready.
            if shanten(counts, melds, RIICHI) <= 0:
                ready_after: dict[int, bool] = {}
                for tile in sorted(set(state.hand)):
                    kind = tile // 4
                    if kind not in ready_after:
                        counts[kind] -= 1
                        ready_after[kind] = shanten(counts, melds, RIICHI) == 0 and bool(
                            waits(counts, melds, RIICHI)
                        )
                        counts[kind] += 1
                    if ready_after[kind]:
                        found.append(Action(A.RIICHI, seat, tile))
        if (
            rnd.first_go_around
            and not state.discards
            and state.drawn is not None
            and "nine_terminals" in self.option("abortive_draws", ())
            and len({t // 4 for t in state.hand if is_terminal_or_honor(t // 4)}) >= 9
        ):
            found.append(Action(A.ABORT, seat))
        return found

    def concealed_kong_allowed(self, game: Game, seat: int, kind: int) -> bool:
        """After riichi: only with the drawn tile, and only if the waits stay the same."""
        state = game.round.seats[seat]
        if not state.riichi:
            return True
        if state.drawn is None or state.drawn // 4 != kind:
            return False
        before = _counts(state.hand)
        before[kind] -= 1
        after = list(before)
        after[kind] -= 3
        return waits(before, len(state.melds), RIICHI) == waits(after, len(state.melds) + 1, RIICHI)

    def double_riichi_now(self, game: Game, seat: int) -> bool:
        """Riichi on one's first discard of an uninterrupted first go-around."""
        return game.round.first_go_around and not game.round.seats[seat].discards

    # --- calls ---

    def kuikae_after_call(self, action: Action) -> list[int]:
        """Swap-calling: the called kind, and for a chow the kind at its other end."""
        if self.option("swap_calling", True) or action.tile is None:
            return []
        kind = action.tile // 4
        forbidden = [kind]
        if action.type == A.CHI:
            others = sorted(t // 4 for t in action.consumed)
            if others[0] == kind + 1 and (kind + 3) % 9 > kind % 9 and kind % 9 <= 5:
                forbidden.append(kind + 3)
            if others[1] == kind - 1 and kind % 9 >= 3:
                forbidden.append(kind - 3)
        return forbidden

    def chi_allowed(self, game: Game, seat: int, tile: int, consumed: tuple[int, ...]) -> bool:
        """A chow must leave some tile that may be discarded."""
        action = Action(A.CHI, seat, tile, consumed)
        forbidden = set(self.kuikae_after_call(action))
        rest = list(game.round.seats[seat].hand)
        for t in consumed:
            rest.remove(t)
        return any(t // 4 not in forbidden for t in rest)

    def liability(self, game: Game, action: Action, discarder: int) -> int | None:
        """Feeding the third dragon or fourth wind set (R-48)."""
        if action.type not in (A.PON, A.KAN) or action.tile is None:
            return None
        kind = action.tile // 4
        state = game.round.seats[action.seat]
        for group in (DRAGONS, WINDS):
            if kind in group:
                have = sum(
                    1 for m in state.melds if m.kind is not MeldKind.CHOW and m.kind_id() in group
                )
                if have == len(group) - 1:
                    return discarder
        return None

    def may_rob_concealed(self, game: Game, seat: int, tile: int) -> bool:
        """Thirteen Orphans, and only it, may rob a concealed kong where the rules allow (R-19)."""
        return bool(
            self.option("thirteen_orphans_rob_concealed_kong", True)
        ) and self.completes_thirteen_orphans(game, seat, tile)

    def kong_indicator_at_once(self, kind: str) -> bool:
        """Kan dora: at once, or (Tenhou) after the next discard for open and added kongs."""
        if kind == "concealed":
            return True
        return bool(self.option("kan_dora_timing", "immediate") == "immediate")

    def abort_after_discard(self, game: Game) -> str | None:
        """Four winds, four riichi and four kongs, where the rules have them."""
        rnd = game.round
        aborts = set(
            self.option(
                "abortive_draws", ("nine_terminals", "four_winds", "four_riichi", "four_kongs")
            )
        )
        if (
            "four_winds" in aborts
            and rnd.first_go_around
            and all(len(s.discards) == 1 and not s.melds for s in rnd.seats)
        ):
            kinds = {s.discards[0] // 4 for s in rnd.seats}
            if len(kinds) == 1 and next(iter(kinds)) in WINDS:
                return "sufonrenda"
        if "four_riichi" in aborts and all(s.riichi for s in rnd.seats):
            return "suchareach"
        if "four_kongs" in aborts and rnd.kongs == 4:
            owners = {i for i, s in enumerate(rnd.seats) for m in s.melds if m.kind.is_kong}
            if len(owners) > 1:
                return "sukaikan"
        return None

    # --- ends of rounds ---

    def tenpai(self, game: Game, seat: int) -> bool:
        """Ready with a wait that is not wholly in one's own hand and melds."""
        state = game.round.seats[seat]
        counts = _counts(state.hand)
        held = list(counts)
        for meld in state.melds:
            for t in meld.tiles:
                held[t // 4] += 1
        return any(held[k] < 4 for k in waits(counts, len(state.melds), RIICHI))

    def nagashi(self, game: Game, seat: int) -> bool:
        """Only terminals and honours discarded, none of them claimed; where the rules say so,
        a concealed hand (R-33)."""
        state = game.round.seats[seat]
        concealed = all(m.kind is MeldKind.CONCEALED_KONG for m in state.melds)
        return (
            bool(state.discards)
            and all(is_terminal_or_honor(t // 4) for t in state.discards)
            and not any(state.claimed)
            and (concealed or not self.option("nagashi_mangan_concealed_only", True))
        )

    def exhaustive_draw(self, game: Game) -> dict[str, Any]:
        """Nagashi mangan where the rules have it, else ready and not-ready payments."""
        rnd = game.round
        players = self.players
        tenpai = [s for s in range(players) if self.tenpai(game, s)]
        deltas = [0] * players
        nagashi = (
            [s for s in range(players) if self.nagashi(game, s)]
            if self.option("nagashi_mangan", True)
            else []
        )
        if nagashi:
            collects = bool(self.option("nagashi_mangan_collects", True))
            counter = int(self.option("honba_per_payer", 100)) * rnd.honba if collects else 0
            for seat in nagashi:
                dealer = seat == rnd.dealer
                for payer in range(players):
                    if payer == seat:
                        continue
                    amount = (4000 if dealer or payer == rnd.dealer else 2000) + counter
                    deltas[payer] -= amount
                    deltas[seat] += amount
            taken = collects and rnd.deposits > 0
            if taken:
                # Several claimants: the deposits go to the first in turn order from the dealer.
                deltas[nagashi[0]] += rnd.deposits * self.riichi_deposit
            return {
                "type": "ryukyoku",
                "reason": "nagashimangan",
                "deltas": deltas,
                "tenpai": tenpai,
                "nagashi": nagashi,
                "mjk_deposits_taken": taken,
            }
        if 0 < len(tenpai) < players:
            gain = _TENPAI_PAYMENT // len(tenpai)
            loss = _TENPAI_PAYMENT // (players - len(tenpai))
            for seat in range(players):
                deltas[seat] = gain if seat in tenpai else -loss
        return {"type": "ryukyoku", "reason": "exhaustive", "deltas": deltas, "tenpai": tenpai}

    def next_round(self, game: Game) -> tuple[int, int, int, int] | None:
        """Dealer repeats on a dealer win, a ready dealer at a draw, an abortive draw."""
        rnd = game.round
        result = rnd.result or {}
        dealer_keeps = (
            rnd.dealer in result.get("winners", [])
            or result.get("kind") == "abort"
            or (result.get("kind") == "exhaustive" and rnd.dealer in result.get("tenpai", []))
        )
        honba = rnd.honba + 1 if dealer_keeps or result.get("kind") != "win" else 0
        if self.option("bust", False) and min(game.scores) < 0:
            return None
        length = int(self.option("game_length", 2))
        index = rnd.round_wind * self.players + rnd.hand_number
        if not dealer_keeps:
            index += 1
        last = length * self.players
        if index >= last:
            target = int(self.option("return_points", 30000))
            extension = self.option("extension", False)
            if not extension or max(game.scores) >= target or index >= (length + 1) * self.players:
                return None
        if dealer_keeps and index == last - 1 and self.option("agari_yame", False):
            # The dealer who wins the last hand alone in first place may stop; where the game
            # extends until somebody reaches the return score, only once the dealer has.
            top = max(game.scores)
            target = int(self.option("return_points", 30000))
            if (
                game.scores[rnd.dealer] == top
                and game.scores.count(top) == 1
                and rnd.dealer in result.get("winners", [])
                and (not self.option("extension", False) or top >= target)
            ):
                return None
        wind, number = divmod(index, self.players)
        return wind, number, number, honba

    def final_result(self, game: Game) -> dict[str, Any]:
        """Final ranks; leftover deposits and uma per the rules."""
        players = self.players
        scores = list(game.scores)
        order = sorted(range(players), key=lambda s: (-scores[s], s))
        leftover = game.round.deposits * self.riichi_deposit
        if leftover and self.option("leftover_deposits", "winner") != "lost":
            scores[order[0]] += leftover
        uma = list(self.option("uma", (15000, 5000, -5000, -15000)))
        target = int(self.option("return_points", 30000))
        start = self.starting_scores()[0]
        oka = (target - start) * players
        bonus = [
            (uma[rank] if rank < len(uma) else 0) + (oka if rank == 0 else 0)
            for rank in range(players)
        ]
        final = []
        for rank, seat in enumerate(order):
            tied = [r for r, s in enumerate(order) if scores[s] == scores[seat]]
            if self.option("tied_placements", "split") == "split" and len(tied) > 1:
                # Tied players share their placements' uma and oka equally, and the best rank.
                share, place = sum(bonus[r] for r in tied) / len(tied), tied[0]
            else:
                share, place = bonus[rank], rank
            value = scores[seat] - target + share
            final.append(
                {"seat": seat, "rank": place + 1, "points": scores[seat], "result": value / 1000}
            )
        return {"scores": scores, "mjk_ranking": final}


FLOW = RiichiFlow
