"""The Tenhou win records of ``data/riichi/agari.jsonl``, read as wins of this library."""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from typing import Any

import pytest

from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring import Win
from mahjongkit.tiles import Tile
from mahjongkit.variants.riichi import RiichiRules
from tests.helpers.paths import DATA

AGARI = DATA / "riichi" / "agari.jsonl"

EXCLUDED_REASONS = {
    "three_player": "three-player game: checked by test_three_player_records_agree_with_tenhou",
    "nonstandard": "special lobby (chip, ratio or custom rules; some use kiriage mangan)",
}
"""Why a record is kept out of the 100% assertion (each kind is listed and counted below)."""

_MELD_KINDS = {
    "chi": MeldKind.CHOW,
    "pon": MeldKind.PUNG,
    "minkan": MeldKind.KONG,
    "ankan": MeldKind.CONCEALED_KONG,
    "kakan": MeldKind.ADDED_KONG,
}


@cache
def records() -> list[dict[str, Any]]:
    if not AGARI.exists():
        pytest.skip(f"{AGARI} is missing")
    with AGARI.open() as lines:
        return [json.loads(line) for line in lines]


def exclusion(record: dict[str, Any]) -> str | None:
    rules = record["rules"]
    if rules["players"] != 4:
        return "three_player"
    if rules["nonstandard"]:
        return "nonstandard"
    return None


def to_win(record: dict[str, Any]) -> tuple[Win, RiichiRules]:
    """The record as a Win (seats as winds: 0 = the dealer) and the lobby's rules."""
    aka = record["rules"]["aka"]
    players = record["rules"]["players"]
    dealer = record["dealer"]
    seat = (record["winner"] - dealer) % players

    def tile(tile_id: int) -> Tile:
        return Tile.from_id(tile_id, red_fives=aka)

    melds = []
    north_set_aside = 0
    for meld in record["melds"]:
        if meld["type"] == "nuki":  # three players: a North tile set aside (kita)
            north_set_aside += 1
            continue
        kind = _MELD_KINDS[meld["type"]]
        from_seat = None
        if kind is not MeldKind.CONCEALED_KONG:
            from_seat = (seat + meld["from_rel"]) % players
        melds.append(Meld(kind, tuple(tile(t) for t in meld["tiles_136"]), from_seat))
    situational = record["situational"]
    second_ron = "multiple_ron_second" in record["categories"]
    win = Win(
        hand=Hand(tuple(tile(t) for t in record["concealed_136"]), tuple(melds)),
        win_tile=tile(record["win_tile_136"]),
        self_draw=record["is_tsumo"],
        seat=seat,
        from_seat=None if record["is_tsumo"] else (record["from_who"] - dealer) % players,
        round_wind="ESWN".index(record["round_wind"]),
        after_kong=situational["rinshan"],
        robbing_kong=situational["chankan"],
        last_tile=situational["haitei"] or situational["houtei"],
        first_turn=situational["tenhou"] or situational["chiihou"] or situational["renhou"],
        riichi=record["riichi"] or record["double_riichi"],
        double_riichi=record["double_riichi"],
        ippatsu=record["ippatsu"],
        dora_indicators=tuple(tile(t) for t in record["dora_indicators_136"]),
        ura_indicators=tuple(tile(t) for t in record["ura_indicators_136"]),
        # The second winner of a double ron gets no counters (they go to the first winner).
        honba=0 if second_ron else record["honba"],
        deposits=record["riichi_sticks"],
        liable_seat=None if record["pao_who"] is None else (record["pao_who"] - dealer) % players,
        nukidora=north_set_aside,
    )
    rules = dataclasses.replace(
        RiichiRules.tenhou(), red_fives=aka, open_tanyao=record["rules"]["kuitan"]
    )
    if players == 3:
        # The uma plays no part in a hand's score; the rules want one entry per player.
        rules = dataclasses.replace(rules, players=3, uma=(15000, 0, -15000))
    return win, rules
