"""Shared builders of the Riichi scoring tests: the presets, a win and its score by name."""

from __future__ import annotations

from typing import Any

from mahjongkit.hand import Hand
from mahjongkit.melds import parse_seat
from mahjongkit.scoring import Score, Win
from mahjongkit.tiles import Tile, parse_tiles
from mahjongkit.variants.riichi import RiichiRules, score

EMA = RiichiRules.ema2012()
EMA16 = RiichiRules.ema2016()
TENHOU = RiichiRules.tenhou()


def make_win(
    hand: str,
    win: str,
    *,
    melds: tuple[str, ...] = (),
    tsumo: bool = False,
    seat: str = "W",
    round_wind: str = "E",
    discarder: str | None = None,
    dora: str = "",
    ura: str = "",
    **flags: Any,
) -> Win:
    """A Win from the notation of the command line (seat W, prevalent E, ron from the left)."""
    seat_index = parse_seat(seat)
    if flags.get("double_riichi"):
        flags.setdefault("riichi", True)
    return Win(
        hand=Hand.parse(hand, melds),
        win_tile=Tile.parse(win),
        self_draw=tsumo,
        seat=seat_index,
        from_seat=None if tsumo else parse_seat(discarder or "NESW"[seat_index]),
        round_wind=parse_seat(round_wind),
        dora_indicators=tuple(parse_tiles(dora)),
        ura_indicators=tuple(parse_tiles(ura)),
        **flags,
    )


def scored(hand: str, win: str, rules: RiichiRules = EMA, **kwargs: Any) -> Score:
    return score(make_win(hand, win, **kwargs), rules)


def yaku(result: Score) -> dict[str, int]:
    """Pattern id -> value (han, or yakuman count), bonus han included."""
    assert result.valid, result.error
    return {hit.id: hit.value for hit in result.patterns}
