"""Random Riichi wins in tile ids, as both this library and the ``mahjong`` library take them,
and this library's score of one."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring import Win
from mahjongkit.tiles import Tile
from mahjongkit.variants.riichi import RiichiRules, score

TENHOU = RiichiRules.tenhou()


class Case:
    """One random win, in both libraries' terms."""

    __slots__ = ("closed", "dora", "flags", "honba", "melds", "round_wind", "seat", "ura", "win")

    def __init__(self) -> None:
        self.closed: list[int] = []
        self.melds: list[tuple[str, list[int], int]] = []
        """(kind: chi pon minkan ankan kakan, tile ids, called tile id)."""
        self.flags: dict[str, bool] = {}
        self.seat = 0
        self.round_wind = 0
        self.dora: list[int] = []
        self.ura: list[int] = []
        self.honba = 0
        self.win = 0


def _take(pool: list[list[int]], kind: int, rng: random.Random) -> int:
    copies = pool[kind]
    return copies.pop(rng.randrange(len(copies)))


def random_case(rng: random.Random) -> Case | None:
    """A random complete hand with a random but possible way of winning it."""
    pool = [[kind * 4 + copy for copy in range(4)] for kind in range(34)]
    case = Case()
    shape = rng.random()
    if shape < 0.06:
        kinds = rng.sample(range(34), 7)
        if rng.random() < 0.5:
            suit = rng.randrange(3) * 9
            kinds = [*rng.sample(range(suit, suit + 9), 5), *rng.sample(range(27, 34), 2)]
        case.closed = [_take(pool, k, rng) for k in kinds for _ in range(2)]
    elif shape < 0.075:
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        case.closed = [_take(pool, k, rng) for k in [*orphans, rng.choice(orphans)]]
    else:
        # Suits are weighted so that flushes, straights and all-pungs come up often enough.
        favourite = rng.randrange(3) * 9
        sets: list[tuple[str, int]] = []
        for _ in range(4):
            roll = rng.random()
            start = favourite if rng.random() < 0.5 else rng.randrange(3) * 9
            if roll < 0.55:
                sets.append(("chow", start + rng.randrange(7)))
            elif roll < 0.8:
                sets.append(("pung", start + rng.randrange(9)))
            else:
                sets.append(("pung", rng.randrange(27, 34)))
        pair = rng.randrange(27, 34) if rng.random() < 0.3 else favourite + rng.randrange(9)
        demand = Counter()
        for kind, first in sets:
            for k in (first, first + 1, first + 2) if kind == "chow" else (first,) * 3:
                demand[k] += 1
        demand[pair] += 2
        if max(demand.values()) > 4:
            return None
        melds = rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
        for index, (kind, first) in enumerate(sets):
            if index < melds:
                if kind == "chow":
                    tiles = [_take(pool, first + i, rng) for i in range(3)]
                    case.melds.append(("chi", tiles, tiles[rng.randrange(3)]))
                    continue
                meld_kind = "pon"
                if demand[first] == 3 and len(pool[first]) == 4 and rng.random() < 0.35:
                    meld_kind = rng.choice(("minkan", "ankan", "kakan"))
                count = 4 if meld_kind != "pon" else 3
                tiles = [_take(pool, first, rng) for _ in range(count)]
                case.melds.append((meld_kind, tiles, tiles[0]))
            else:
                kinds = [first + i for i in range(3)] if kind == "chow" else [first] * 3
                case.closed.extend(_take(pool, k, rng) for k in kinds)
        case.closed.extend(_take(pool, pair, rng) for _ in range(2))
    case.win = rng.choice(case.closed)
    concealed = all(kind == "ankan" for kind, _, _ in case.melds)
    has_kong = any(kind in ("minkan", "ankan", "kakan") for kind, _, _ in case.melds)
    tsumo = rng.random() < 0.5
    riichi = concealed and rng.random() < 0.45
    double = riichi and rng.random() < 0.1
    rinshan = tsumo and has_kong and rng.random() < 0.3
    last = not rinshan and rng.random() < 0.05
    first_turn = not case.melds and not riichi and tsumo and rng.random() < 0.02
    case.flags = {
        "tsumo": tsumo,
        "riichi": riichi,
        "double": double,
        "ippatsu": riichi and not rinshan and rng.random() < 0.2,
        "rinshan": rinshan,
        "chankan": not tsumo and not last and rng.random() < 0.02,
        "haitei": last and tsumo,
        "houtei": last and not tsumo,
        "first_turn": first_turn,
    }
    case.seat = rng.randrange(4)
    case.round_wind = rng.choice((0, 0, 1, 1, 2))
    left = [tile for copies in pool for tile in copies]
    case.dora = rng.sample(
        left, 1 + len([m for m in case.melds if m[0] != "chi" and m[0] != "pon"])
    )
    case.ura = rng.sample(left, len(case.dora)) if riichi else []
    case.honba = rng.choice((0, 0, 1, 2))
    return case


_OUR_MELDS = {
    "chi": MeldKind.CHOW,
    "pon": MeldKind.PUNG,
    "minkan": MeldKind.KONG,
    "ankan": MeldKind.CONCEALED_KONG,
    "kakan": MeldKind.ADDED_KONG,
}


def ours(case: Case) -> Any:
    def tile(tile_id: int) -> Tile:
        return Tile.from_id(tile_id)

    melds = tuple(
        Meld(
            _OUR_MELDS[kind],
            tuple(map(tile, tiles)),
            None if kind == "ankan" else (case.seat - 1) % 4,  # the previous seat (H-04)
        )
        for kind, tiles, _ in case.melds
    )
    flags = case.flags
    win = Win(
        hand=Hand(tuple(map(tile, case.closed)), melds),
        win_tile=tile(case.win),
        self_draw=flags["tsumo"],
        seat=case.seat,
        from_seat=None if flags["tsumo"] else (case.seat + 1) % 4,
        round_wind=case.round_wind,
        after_kong=flags["rinshan"],
        robbing_kong=flags["chankan"],
        last_tile=flags["haitei"] or flags["houtei"],
        first_turn=flags["first_turn"],
        riichi=flags["riichi"],
        double_riichi=flags["double"],
        ippatsu=flags["ippatsu"],
        dora_indicators=tuple(map(tile, case.dora)),
        ura_indicators=tuple(map(tile, case.ura)),
        honba=case.honba,
    )
    return win, score(win, TENHOU)
