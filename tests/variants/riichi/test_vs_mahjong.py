"""Differential test: random winning hands scored by us and by the PyPI ``mahjong`` library.

Issue 3 item 7: at least 20,000 seeded random winning hands per run, agreeing on validity (no
yaku), han, fu, points and the yaku set. ``mahjong`` 2.1.0 is configured as Tenhou plays (red
fives, open tanyao, counted yakuman, no double yakuman), and we score under
``RiichiRules.tenhou()``. Documented option differences, none of them exercised by the generator:

* renhou: not a yaku in ``tenhou()``; ``mahjong`` only knows it as an opt-in flag;
* double yakuman for a single pattern: ``tenhou()`` has none; ``mahjong``'s default has four,
  switched off here (``has_double_yakuman=False``);
* ``mahjong`` does not check that a robbed kong tile or a first-turn win is possible; the
  generator only produces situations that are.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from mahjongkit.hand import Hand
from mahjongkit.scoring import Win
from mahjongkit.tiles import Tile
from mahjongkit.variants.riichi import BY_ID, RiichiRules
from tests.helpers.riichi_cases import Case, ours, random_case

mahjong = pytest.importorskip("mahjong", reason="the mahjong PyPI library is a test dependency")

from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules  # noqa: E402
from mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID  # noqa: E402
from mahjong.meld import Meld as TheirMeld  # noqa: E402

HANDS = 20_000
SEED = 20240603
TENHOU = RiichiRules.tenhou()
THEIR_OPTIONS = OptionalRules(
    has_open_tanyao=True,
    has_aka_dora=True,
    has_double_yakuman=False,
    fu_for_open_pinfu=True,
)
BONUS_IDS = {52, 53, 54}


def theirs(case: Case) -> Any:
    melds = []
    for kind, tiles, called in case.melds:
        their_kind = {"chi": TheirMeld.CHI, "pon": TheirMeld.PON}.get(kind, TheirMeld.KAN)
        if kind == "kakan":
            their_kind = TheirMeld.SHOUMINKAN
        melds.append(TheirMeld(their_kind, tiles, opened=kind != "ankan", called_tile=called))
    flags = case.flags
    dealer = case.seat == 0
    config = HandConfig(
        is_tsumo=flags["tsumo"],
        is_riichi=flags["riichi"] and not flags["double"],
        is_daburu_riichi=flags["double"],
        is_ippatsu=flags["ippatsu"],
        is_rinshan=flags["rinshan"],
        is_chankan=flags["chankan"],
        is_haitei=flags["haitei"],
        is_houtei=flags["houtei"],
        is_tenhou=flags["first_turn"] and dealer,
        is_chiihou=flags["first_turn"] and not dealer,
        player_wind=27 + case.seat,
        round_wind=27 + case.round_wind,
        tsumi_number=case.honba,
        options=THEIR_OPTIONS,
    )
    all_tiles = case.closed + [t for _, tiles, _ in case.melds for t in tiles]
    return HandCalculator.estimate_hand_value(
        all_tiles, case.win, melds, case.dora, config, ura_dora_indicators=case.ura
    )


def our_yaku(win: Win, result: Any) -> Counter[int]:
    found: Counter[int] = Counter()
    for hit in result.patterns:
        tenhou_id = BY_ID[hit.id].tenhou_id
        if tenhou_id in BONUS_IDS:
            continue
        if hit.id == "seat_wind":
            tenhou_id += win.seat
        elif hit.id == "round_wind":
            tenhou_id += win.round_wind
        found[tenhou_id] += 1
    return found


def their_yaku(answer: Any) -> Counter[int]:
    found: Counter[int] = Counter()
    for yaku in answer.yaku:
        tenhou_id = YAKU_ID_TO_TENHOU_ID.get(yaku.yaku_id)
        if tenhou_id not in BONUS_IDS:
            found[tenhou_id] += 1
    return found


def describe(case: Case) -> str:
    hand = Hand(tuple(map(Tile.from_id, case.closed)))
    melds = [f"{kind}:{Hand(tuple(map(Tile.from_id, tiles)))}" for kind, tiles, _ in case.melds]
    flags = [name for name, on in case.flags.items() if on]
    return (
        f"{hand} {melds} win {Tile.from_id(case.win)} {flags} seat {case.seat} "
        f"round {case.round_wind} dora {case.dora} ura {case.ura} honba {case.honba}"
    )


def compare(case: Case) -> tuple[Any, list[str]]:
    """Our score and what differs from theirs."""
    win, mine = ours(case)
    return mine, differences(win, mine, theirs(case))


def differences(win: Win, mine: Any, answer: Any) -> list[str]:
    if answer.error:
        if mine.valid:
            return [f"they say {answer.error}, we score {mine.value} han"]
        return []
    if not mine.valid:
        return [f"we say {mine.error}, they score {answer.han} han"]
    problems = []
    their_points = answer.cost["main"] + 2 * answer.cost["additional"]
    if (mine.value, mine.fu, mine.points) != (answer.han, answer.fu, their_points):
        problems.append(
            f"han/fu/points {mine.value}/{mine.fu}/{mine.points} != "
            f"{answer.han}/{answer.fu}/{their_points}"
        )
    if our_yaku(win, mine) != their_yaku(answer):
        problems.append(f"yaku {mine.pattern_ids()} != {[y.name for y in answer.yaku]}")
    return problems


def test_random_winning_hands_agree_with_the_mahjong_library() -> None:
    """At least 20,000 seeded random wins: same validity, han, fu, points and yaku."""
    rng = random.Random(SEED)
    compared = valid = 0
    failures = []
    kinds: Counter[str] = Counter()
    while compared < HANDS:
        case = random_case(rng)
        if case is None:
            continue
        compared += 1
        mine, problems = compare(case)
        if mine.valid:
            valid += 1
            kinds.update(mine.pattern_ids())
        if problems:
            failures.append(f"{describe(case)}: {problems}")
    assert not failures, f"{len(failures)} of {compared} disagree:\n" + "\n".join(failures[:10])
    # The generator must exercise most of the table, or agreement means little.
    assert valid > HANDS // 2
    expected = {
        *("pinfu", "iipeikou", "sanshoku", "ittsu", "chanta", "junchan", "toitoi", "sanankou"),
        *("honitsu", "chinitsu", "chiitoitsu", "kokushi", "suuankou", "rinshan", "haitei"),
        *("houtei", "chankan", "double_riichi", "ippatsu", "tenhou", "chiihou"),
    }
    assert expected <= set(kinds), expected - set(kinds)
