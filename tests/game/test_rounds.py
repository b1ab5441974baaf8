"""Round summaries read from a game's log: every payment a line (riichi sticks, counters, kong
money, wins, the end-of-wall settlement), adding up seat by seat to the round's change."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from mahjongkit.bots import EfficientAgent, play
from mahjongkit.bots.policy import play_random, random_policy
from mahjongkit.game.engine import Game
from mahjongkit.game.rounds import (
    CALL_TRANSFER,
    DEPOSITS,
    KONG_REFUND,
    OTHER,
    READY_PAYMENT,
    RIICHI_STICK,
    Payment,
    event_payments,
    leftover_payments,
    round_summaries,
)
from mahjongkit.variants import find_variant


def _games(variant: str, seeds: range, rules: object = None) -> Iterator[Game]:
    for seed in seeds:
        game = Game(variant, rules, seed=seed, max_rounds=4)
        if seed % 2:
            play(game, [EfficientAgent() for _ in range(game.players)])
        else:
            play_random(game, random.Random(seed))
        yield game


def _net(payments: tuple[Payment, ...] | list[Payment], players: int) -> list[int]:
    net = [0] * players
    for line in payments:
        if line.payer is not None:
            net[line.payer] -= line.amount
        if line.payee is not None:
            net[line.payee] += line.amount
    return net


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
def test_each_rounds_lines_add_up_to_the_change_between_its_start_and_the_next(variant):
    reasons = find_variant(variant).payment_reasons
    for game in _games(variant, range(8)):
        starts = [list(e["scores"]) for e in game.log if e["type"] == "start_kyoku"]
        summaries = round_summaries(game.log)
        assert [s.number for s in summaries] == list(range(1, len(starts) + 1))
        last = [e["scores"] for e in game.log if e["type"] in ("hora", "ryukyoku")][-1]
        for summary, after in zip(summaries, [*starts[1:], last], strict=True):
            assert summary.finished
            assert list(summary.scores_after) == list(after), (game.seed, summary.number)
            assert _net(summary.payments, game.players) == list(summary.deltas)
            for line in summary.payments:
                # Every line is named: by the variant, or by the summary's own reasons.
                assert line.reason != OTHER, (game.seed, line)
                assert line.amount > 0 and line.payer != line.payee
                assert line.reason in reasons or line.reason in (
                    RIICHI_STICK,
                    DEPOSITS,
                    READY_PAYMENT,
                ), line
        # The final table adds what the end moves (leftover sticks) to the last round's scores.
        final = game.log[-1]
        assert final["type"] == "end_game"
        moved = _net(leftover_payments(game.log), game.players)
        ends = summaries[-1].scores_after
        assert [a + b for a, b in zip(ends, moved, strict=True)] == list(final["scores"])


def test_riichi_sticks_are_lines_of_the_round_they_are_put_down_and_taken_in():
    """R-05: a riichi costs a 1,000-point stick; the next winner takes every stick on the table.
    A seat that declared riichi and lost the hand shows both its stick and its payment."""
    checked = 0
    for game in _games("riichi", range(30)):
        for summary in round_summaries(game.log):
            sticks = [p for p in summary.payments if p.reason == RIICHI_STICK]
            declared = {
                e["actor"]
                for e in _round_events(game, summary.number)
                if e["type"] == "reach_accepted"
            }
            assert {p.payer for p in sticks} == declared
            assert all(p.payee is None and p.amount == 1000 for p in sticks)
            wins = [e for e in summary.results if e["type"] == "hora"]
            taken = [p for p in summary.payments if p.reason == DEPOSITS]
            if wins and (summary.start["kyotaku"] or sticks):
                on_table = 1000 * summary.start["kyotaku"] + 1000 * len(sticks)
                assert [(p.payer, p.payee, p.amount) for p in taken] == [
                    (None, wins[0]["actor"], on_table)
                ]
                losers = declared - {wins[0]["actor"]}
                for seat in losers:
                    paid = sum(p.amount for p in summary.payments if p.payer == seat)
                    assert -summary.deltas[seat] == paid >= 1000
                    checked += 1
        if checked >= 2:
            return
    raise AssertionError("no round where a riichi player lost the hand in the seeds tried")


def _round_events(game: Game, number: int) -> list[dict]:
    found, count = [], 0
    for event in game.log:
        if event["type"] == "start_kyoku":
            count += 1
        elif count == number:
            found.append(event)
    return found


def test_a_riichi_draw_itemises_the_ready_and_not_ready_payments():
    """The Riichi exhaustive draw: 3,000 points from the not-ready seats to the ready ones."""
    for game in _games("riichi", range(20)):
        for summary in round_summaries(game.log):
            draw = [e for e in summary.results if e["type"] == "ryukyoku"]
            if not draw or not 0 < len(draw[0].get("tenpai", [])) < 4:
                continue
            ready = set(draw[0]["tenpai"])
            lines = [p for p in summary.payments if p.reason == READY_PAYMENT]
            assert lines and all(p.payer not in ready and p.payee in ready for p in lines)
            assert sum(p.amount for p in lines) == 3000
            return
    raise AssertionError("no draw with ready and not-ready seats in the seeds tried")


def test_sichuan_kong_money_is_itemised_when_it_is_paid():
    """S-16: wind and rain (刮風下雨) are paid at the kong, by each seat still in the hand."""
    for game in _games("sichuan", range(10)):
        for index, event in enumerate(game.log):
            if event["type"] != "mjk:payment":
                continue
            income = event["mjk_kong_income"]
            assert event_payments(event, 0, 4, index) == [
                Payment(income["payer"], income["payee"], income["amount"], event["reason"], index)
            ]
            summary = next(
                s for s in round_summaries(game.log) if any(p.event == index for p in s.payments)
            )
            assert any(p.event == index and p.reason == event["reason"] for p in summary.payments)
            return
    raise AssertionError("no kong paid in the seeds tried")


@pytest.mark.parametrize(
    ("transfer", "reason"), [("that_kong", CALL_TRANSFER), ("cancel", KONG_REFUND)]
)
def test_a_win_on_the_discard_after_a_kong_moves_the_kong_money_as_a_line(transfer, reason):
    """Sichuan 槓上炮 (call_transfer option): the konger's money for that kong goes to the
    winner (呼叫轉移), or back to whoever paid it (cancel), as the win's own lines."""
    rules = replace(find_variant("sichuan").rules(), call_transfer=transfer)
    for game in _games("sichuan", range(60), rules):
        for index, event in enumerate(game.log):
            settled = event.get("mjk_kongs_settled") if event["type"] == "hora" else None
            if not settled:
                continue
            konger = settled["seat"]
            income = [
                e["mjk_kong_income"]
                for e in game.log[:index]
                if e["type"] == "mjk:payment"
                and e["mjk_kong_income"]["payee"] == konger
                and e["mjk_kong_income"]["kong"] in settled["kongs"]
            ]
            lines = [p for p in event_payments(
                event, _dealer_at(game, index), 4, index,
                kong_money_returned=transfer == "cancel"
            ) if p.reason == reason]  # fmt: skip
            assert lines and all(p.payer == konger for p in lines)
            assert sum(p.amount for p in lines) == sum(x["amount"] for x in income)
            if transfer == "cancel":
                assert sorted(p.payee for p in lines) == sorted(x["payer"] for x in income)
            else:
                assert {p.payee for p in lines} == {event["actor"]}
            # The engine writes the transfer in the hora itself (mjk_lines, table seats): read
            # without the rules, the lines are the same, and the log replays.
            written = event["mjk_lines"]
            assert [(p.payer, p.payee, p.amount, p.reason) for p in lines] == [
                (x["payer"], x["payee"], x["amount"], x["reason"]) for x in written
            ]
            found = event_payments(event, _dealer_at(game, index), 4, index)
            assert [p for p in found if p.reason == reason] == lines
            assert _net(found, 4) == event["deltas"]
            assert Game.replay(game.log).log == game.log
            return
    pytest.skip("no win on the discard after a kong in the seeds tried")


def _dealer_at(game: Game, index: int) -> int:
    return [e["oya"] for e in game.log[:index] if e["type"] == "start_kyoku"][-1]


def test_an_unfinished_round_is_summarised_up_to_its_last_event():
    game = Game("riichi", seed=3, max_rounds=1)
    game.start()
    rng = random.Random(3)
    for _ in range(12):
        game.apply(random_policy(game, game.waiting_for()[0], rng))
    (summary,) = round_summaries(game.log)
    assert not summary.finished and summary.results == ()
    assert summary.scores_before == tuple(game.log[1]["scores"])
    assert list(summary.scores_after) == list(game.scores)
    assert leftover_payments(game.log) == []


def test_garbage_logs_give_no_summary_rather_than_an_error():
    assert round_summaries([]) == []
    assert round_summaries([{"type": "dahai", "actor": 0, "pai": "1m"}]) == []
    assert event_payments({"type": "hora", "deltas": [1, -1]}, 0, 4) == []
    assert event_payments({"type": "dahai"}, 0, 4) == []
    assert leftover_payments([{"type": "end_game", "scores": [0, 0, 0, 0]}]) == []

