"""A win's hand read from the log (mahjongkit.game.wins): the tiles and melds the table held,
in table seats, with the tile each meld was called with."""

from __future__ import annotations

import pytest

from mahjongkit.bots import EfficientAgent, play
from mahjongkit.game.engine import Game
from mahjongkit.game.rounds import payments_at
from mahjongkit.game.wins import WonHand, WonMeld, won_hand


def _code(game: Game, tile_id: int) -> str:
    return str(game.flow.tile(tile_id))


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
def test_the_hand_is_the_one_the_table_held(variant: str) -> None:
    """Every win of seeded games: the melds (kind, tiles, the seat and tile called) and the
    concealed tiles are the winner's at the table just before the win, seen by every seat."""
    checked = called = 0
    for seed in range(8):
        game = Game(variant, seed=seed, max_rounds=2)
        play(game, [EfficientAgent() for _ in range(game.players)])
        for index, event in enumerate(game.log):
            if event["type"] != "hora" or checked >= 12:
                continue
            seat = event["actor"]
            table = game.observation_at(seat, index)
            hand = won_hand(game.log, index)
            assert hand is not None
            melds = sorted(
                (
                    meld.kind,
                    tuple(sorted(_code(game, x) for x in meld.tiles)),
                    meld.from_seat,
                    None if meld.called is None else _code(game, meld.called),
                )
                for meld in table.own.melds
            )
            read = sorted(
                (m.kind, tuple(sorted(m.tiles)), m.from_seat, m.called) for m in hand.melds
            )
            assert read == melds
            held = [_code(game, x) for x in table.hand]
            if event["actor"] != event["target"]:
                held.append(hand.win_tile)  # won on a discard: not in the hand before
            assert sorted([*hand.concealed, hand.win_tile]) == sorted(held)
            assert sorted(hand.bonus) == sorted(_code(game, x) for x in table.own.flowers)
            # Another seat's view of the log reads the same hand: the calls are public.
            view = game.observation(seat ^ 1).events
            at = [i for i, e in enumerate(view) if e["type"] == "hora"]
            mine = [i for i, e in enumerate(game.log[: index + 1]) if e["type"] == "hora"]
            assert won_hand(view, at[len(mine) - 1]) == hand
            checked += 1
            called += bool(hand.melds)
    assert checked >= 8 and called >= 3


def test_garbage_gives_no_hand_rather_than_an_error() -> None:
    start = {"type": "start_kyoku", "oya": 1, "scores": [0, 0, 0, 0]}
    win = {"type": "hora", "actor": 0, "target": 0, "pai": "5m", "deltas": [3, -1, -1, -1]}
    assert won_hand([start, {"type": "dahai", "actor": 0, "pai": "5m"}], 1) is None
    assert won_hand([start, win], 1) is None  # no score
    for text in ("", "pung:33", "xyz", "123m pung:555z@Q", 7):
        assert won_hand([start, {**win, "mjk_score": {"hand": text}}], 1) is None, text
    assert won_hand([start, {**win, "pai": "??", "mjk_score": {"hand": "55m"}}], 1) is None
    assert payments_at([start, {"type": "hora", "deltas": [1, -1]}], 1) == []
    assert payments_at([{"type": "dahai"}], 0) == []


def test_a_meld_without_its_call_in_the_log_takes_its_seat_from_the_score() -> None:
    """A log cut to the win itself: the seat the score names (by wind, East the dealer)."""
    start = {"type": "start_kyoku", "oya": 1, "scores": [0, 0, 0, 0]}
    score = {"hand": "234m456p678s55z pung:777z@W"}
    win = {"type": "hora", "actor": 2, "target": 2, "pai": "P", "deltas": [0] * 4}
    hand = won_hand([start, {**win, "mjk_score": score}], 1)
    assert hand == WonHand(
        ("2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "5z"),
        (WonMeld("pung", ("7z", "7z", "7z"), 3, None),),
        "5z",
        (),
    )
