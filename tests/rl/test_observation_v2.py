"""The ``v2`` observation (issue 36, item 2): decoded back into the game state it came from, it
gives the seat's own hand, shanten, waits and furiten, every pond in order with its tsumogiri
flags, the riichi discards, the melds with the seat each called tile came from, scores and
placements, dora, missing suits and bonus tiles; it holds nothing the seat may not see; the kept
planes equal the planes made from nothing; and ``docs/rl.md`` lists every plane."""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest

from mahjongkit.bots.agents import EfficientAgent
from mahjongkit.game.engine import Game
from mahjongkit.game.ranking import placements
from mahjongkit.rl import ORDER_SCALE, PLANES_V2, SeatPlanesV2, encode_v2, env
from mahjongkit.table import actions as A
from mahjongkit.table.events import Kind
from mahjongkit.table.state import Phase
from mahjongkit.variants import find_variant
from tests.helpers.paths import REPO

FAMILIES = ("riichi", "hongkong", "sichuan")
OWN, BLOCK = 9, 28
TABLE = OWN + 4 * BLOCK
MELD_ROWS = {"chow": 13, "pung": 14, "kong": 15, "added-kong": 16, "concealed-kong": 17}


def _scale(game: Game) -> float:
    return find_variant(game.variant).score_scale


def decode(planes: np.ndarray[Any, Any], seat: int, players: int, scale: float) -> dict[str, Any]:
    """Read the planes back into table facts (absolute seats), as a learner's probe would."""
    counts = planes[0:4].sum(axis=0).astype(int)
    found: dict[str, Any] = {
        "hand": sorted(k for k in range(34) for _ in range(counts[k])),
        "drawn": [int(k) for k in np.flatnonzero(planes[4])],
        "shanten": round(float(planes[6, 0]) * 8) - 1,
        "waits": {int(k) for k in np.flatnonzero(planes[7])},
        "furiten": bool(planes[8, 0]),
        "discards": [],
        "seats": [],
    }
    for offset in range(players):
        index = (seat + offset) % players
        block = planes[OWN + BLOCK * offset : OWN + BLOCK * (offset + 1)]
        for copy_ in range(4):
            for kind in np.flatnonzero(block[1 + copy_]):
                place = round(float(block[1 + copy_, kind]) * ORDER_SCALE) - 1
                found["discards"].append((place, index, int(kind), bool(block[5 + copy_, kind])))
        melds = {
            name: sorted(k for k in range(34) for _ in range(round(block[row, k] * 4)))
            for name, row in MELD_ROWS.items()
        }
        called = sorted(
            (int(k), (index + source) % players)
            for source in (1, 2, 3)
            for k in range(34)
            for _ in range(round(block[17 + source, k] * 4))
        )
        riichi_tiles = np.flatnonzero(block[11])
        suit = np.flatnonzero(block[23])
        found["seats"].append(
            {
                "pond": [round(block[0, k] * 4) for k in range(34)],
                "riichi": bool(block[10, 0]),
                "riichi_discard": [
                    (round(float(block[11, k]) * ORDER_SCALE) - 1, int(k)) for k in riichi_tiles
                ],
                "melds": melds,
                "called": called,
                "won": bool(block[21, 0]),
                "dealer": bool(block[22, 0]),
                "missing_suit": int(suit[0]) // 9 if len(suit) else None,
                "aside": sorted(
                    ("bonus", int(k)) if k < 8 and block[24, k] == 1.0 else ("kind", int(k))
                    for k in np.flatnonzero(block[24])
                    for _ in range(1 if k < 8 and block[24, k] == 1.0 else round(block[24, k] * 4))
                ),
                "hand_size": round(float(block[25, 0]) * 14),
                "score": round((float(block[26, 0]) - 0.5) * 2 * scale),
                "place": round(float(block[27, 0]) * (players - 1)) + 1,
            }
        )
    found["seats"] = [found["seats"][(i - seat) % players] for i in range(players)]
    found["discards"].sort()
    indicators = planes[TABLE]
    found["indicators"] = sorted(k for k in range(34) for _ in range(round(indicators[k] * 4)))
    found["wall"] = round(float(planes[TABLE + 6, 0]) * 136)
    return found


def truth(game: Game, seat: int) -> dict[str, Any]:
    """The same facts read from the engine itself (its log, its round state)."""
    rnd = game.round
    start = max(i for i, e in enumerate(game.log) if e["type"] == Kind.START_KYOKU)
    dahai = [e for e in game.log[start:] if e["type"] == Kind.DAHAI]
    discards = sorted(
        (place, e["actor"], e["mjk_id"] // 4, bool(e["tsumogiri"]))  # type: ignore[typeddict-item]
        for place, e in enumerate(dahai)
    )
    own = rnd.seats[seat]
    facts = game.hand_facts(seat)
    waiting = len(own.hand) % 3 == 1
    out: dict[str, Any] = {
        "hand": sorted(t // 4 for t in own.hand if t < 136),
        "drawn": [own.drawn // 4] if own.drawn is not None and own.drawn < 136 else [],
        "waits": set(facts.waits) if waiting else set(),
        "furiten": waiting and bool(game.flow.furiten(game, seat)),
        "discards": discards,
        "seats": [],
        "indicators": sorted(t // 4 for t in game.indicator_tiles()),
        "wall": min(game.live_remaining(), 136),
    }
    if len(own.hand) % 3 != 0:
        out["shanten"] = min(game.shanten_of(seat), 7)
    places = placements(game.scores)
    reach = [
        next(j for j in range(i, len(game.log)) if game.log[j]["type"] == Kind.DAHAI)
        for i, e in enumerate(game.log)
        if i > start and e["type"] == Kind.REACH
    ]
    riichi_of = {game.log[j]["actor"]: game.log[j] for j in reach}  # type: ignore[typeddict-item]
    for index, state in enumerate(rnd.seats):
        melds: dict[str, list[int]] = {name: [] for name in MELD_ROWS}
        called = []
        for meld in state.melds:
            melds[meld.kind.value].extend(t // 4 for t in meld.tiles)
            if meld.called is not None and meld.from_seat is not None:
                called.append((meld.called // 4, meld.from_seat))
        pond = [0] * 34
        for tile in state.discards:
            pond[tile // 4] += 1
        declared = riichi_of.get(index)
        riichi_discard = []
        if declared is not None:
            place = next(p for p, e in enumerate(dahai) if e is declared)
            riichi_discard = [(place, declared["mjk_id"] // 4)]  # type: ignore[typeddict-item]
        hidden = rnd.phase is Phase.DECLARE and index != seat
        out["seats"].append(
            {
                "pond": pond,
                "riichi": state.riichi,
                "riichi_discard": riichi_discard,
                "melds": {k: sorted(v) for k, v in melds.items()},
                "called": sorted(called),
                "won": state.won,
                "dealer": index == rnd.dealer,
                "missing_suit": None if hidden else state.missing_suit,
                "aside": sorted(
                    ("bonus", t - 136) if t >= 136 else ("kind", t // 4) for t in state.flowers
                ),
                "hand_size": min(len(state.hand), 14),
                "score": game.scores[index],
                "place": places[index],
            }
        )
    return out


def _game(family: str, seed: int, preset: str | None = None) -> Game:
    record = find_variant(family)
    rules = record.rules(preset) if preset else record.table_rules()
    game = Game(family, rules, seed=seed, max_rounds=2)
    game.start()
    return game


def _move(game: Game, rng: random.Random, bot: EfficientAgent) -> None:
    """Mostly the efficiency bot (calls, riichi and wins happen), sometimes a random move."""
    seat = game.waiting_for()[0]
    legal = game.legal_actions(seat)
    if rng.random() < 0.75:
        game.apply(bot.act(game.observation(seat, with_events=False)))
    else:
        game.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(
    ("family", "preset"), [*((f, None) for f in FAMILIES), ("riichi", "tenhou3")]
)
def test_planes_decode_back_into_the_game_state(family: str, preset: str | None) -> None:
    seen = {"looks": 0, "melds": 0, "called": 0, "riichi": 0, "tsumogiri": 0, "flowers": 0}
    seen.update({"won": 0, "waits": 0, "missing": 0, "furiten": 0})
    bot = EfficientAgent()
    for seed in (1, 2):
        game = _game(family, seed, preset)
        rng = random.Random(seed)
        while not game.over:
            for looker in range(game.players):
                planes = encode_v2(game.observation(looker, with_events=False), _scale(game))
                assert planes.shape == (len(PLANES_V2), 34) and planes.dtype == np.float32
                assert planes.min() >= 0.0 and planes.max() <= 1.0
                found = decode(planes, looker, game.players, _scale(game))
                expected = truth(game, looker)
                if "shanten" not in expected:
                    found.pop("shanten")
                assert found == expected, (seed, looker, game.round.phase)
                seen["looks"] += 1
                seen["tsumogiri"] += sum(d[3] for d in found["discards"])
                seen["waits"] += bool(found["waits"])
                seen["furiten"] += found["furiten"]
                for info in found["seats"]:
                    seen["melds"] += sum(len(v) for v in info["melds"].values())
                    seen["called"] += len(info["called"])
                    seen["riichi"] += bool(info["riichi_discard"])
                    seen["flowers"] += len(info["aside"])
                    seen["won"] += info["won"]
                    seen["missing"] += info["missing_suit"] is not None
            _move(game, rng, bot)
    # The games went through what the planes show.
    assert seen["looks"] > 300 and seen["melds"] and seen["tsumogiri"]
    assert seen["called"] or preset == "tenhou3"  # no chi at three, pon seldom
    assert seen["waits"]
    if family == "riichi":
        assert seen["riichi"] and seen["furiten"]
    if family == "hongkong" or preset == "tenhou3":
        assert seen["flowers"]  # bonus tiles, Norths set aside
    if family == "sichuan":
        assert seen["missing"] and seen["won"]


@pytest.mark.parametrize("family", FAMILIES)
def test_let_go_since_riichi_and_claimed_discards(family: str) -> None:
    """The rows that read across seats: the kinds let go since a seat's riichi discard, and a
    pond's discards another seat called."""
    bot = EfficientAgent()
    game = _game(family, 3)
    rng = random.Random(3)
    checked = 0
    while not game.over:
        seat = game.waiting_for()[0]
        seen = game.observation(seat, with_events=False)
        planes = encode_v2(seen, _scale(game))
        for offset in range(game.players):
            index = (seat + offset) % game.players
            block = planes[OWN + BLOCK * offset : OWN + BLOCK * (offset + 1)]
            assert set(np.flatnonzero(block[12])) == seen.passed_since_riichi(index)
            claimed = [0] * 34
            for other in game.round.seats:
                for meld in other.melds:
                    if meld.from_seat == index and meld.called is not None:
                        claimed[meld.called // 4] += 1
            assert [round(v * 4) for v in block[9]] == claimed
            checked += sum(claimed)
        _move(game, rng, bot)
    assert checked


@pytest.mark.parametrize("family", FAMILIES)
def test_planes_hold_nothing_the_seat_may_not_see(family: str) -> None:
    """Another seat's concealed tiles and the wall's order do not reach the planes; the same
    swap in the observer's own hand does."""
    game = _game(family, 5)
    rng = random.Random(5)
    while len(game.round.seats[0].discards) < 6 or game.round.phase is not Phase.TURN:
        seat = game.waiting_for()[0]
        keep = [a for a in game.legal_actions(seat) if a.type in (A.PASS, A.DISCARD)]
        game.apply(keep[rng.randrange(len(keep))] if keep else game.legal_actions(seat)[0])
    rnd = game.round
    observer = (rnd.turn + 1) % game.players
    live = range(rnd.live_next, rnd.live_next + game.live_remaining())

    def planes_of(twin: Game) -> np.ndarray[Any, Any]:
        return encode_v2(twin.observation(observer, with_events=False), _scale(twin))

    def swapped(seat: int) -> Game:
        twin = copy.deepcopy(game)
        hand, wall = twin.round.seats[seat].hand, twin.round.wall
        held = next(i for i, t in enumerate(hand) if t != twin.round.seats[seat].drawn)
        spot = next(i for i in live if wall[i] // 4 != hand[held] // 4 and wall[i] < 136)
        hand[held], wall[spot] = wall[spot], hand[held]
        wall[live.start : live.stop] = wall[live.start : live.stop][::-1]
        return twin

    before = planes_of(game)
    for other in range(game.players):
        if other != observer:
            assert np.array_equal(before, planes_of(swapped(other)))
    assert not np.array_equal(before, planes_of(swapped(observer)))


@pytest.mark.parametrize(
    ("family", "preset"), [*((f, None) for f in FAMILIES), ("riichi", "tenhou3")]
)
def test_kept_planes_equal_planes_made_from_nothing(family: str, preset: str | None) -> None:
    """Seats look at irregular moments (so a look catches up over many events), across rounds
    and games, with one kept encoder per seat."""
    bot = EfficientAgent()
    kept: list[SeatPlanesV2] = []
    looks = 0
    for seed in (6, 7):
        game = _game(family, seed, preset)
        kept = kept or [SeatPlanesV2(s, _scale(game)) for s in range(game.players)]
        rng = random.Random(seed)
        while not game.over:
            for seat in range(game.players):
                if rng.random() < 0.4:
                    seen = game.observation(seat, with_events=False)
                    fresh = encode_v2(seen, _scale(game))
                    assert np.array_equal(kept[seat].planes(seen), fresh)
                    looks += 1
            _move(game, rng, bot)
    assert looks > 200


def test_the_environment_gives_v2_when_asked() -> None:
    table = env("riichi", encoder="v2", max_rounds=1)
    table.reset(seed=4)
    observation = table.last()[0]["observation"]
    assert observation.shape == (len(PLANES_V2), 34) == (136, 34)
    seat = int(table.agent_selection.split("_")[1])
    expected = encode_v2(table.game.observation(seat, with_events=False), 100_000.0)
    assert np.array_equal(observation, expected)


def test_docs_list_every_plane_of_v2_in_order() -> None:
    text = (REPO / "docs" / "rl.md").read_text(encoding="utf-8")
    section = text.split("## Observation encoder `v2`", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:4] for line in section.splitlines() if line.startswith("| ")]
    listed = [
        f"{part.strip()}: {meaning.strip()}" if part.strip().startswith("seat") else meaning.strip()
        for plane, part, meaning in rows
        if plane.strip().isdigit()
    ]
    assert listed == list(PLANES_V2)


def test_planes_refuse_another_seats_observation_and_what_is_no_observation() -> None:
    from mahjongkit.errors import MahjongError
    from mahjongkit.rl import SeatPlanesV1

    game = _game("riichi", 1)
    seen = game.observation(1, with_events=False)
    for planes in (SeatPlanesV2(0, 1e5), SeatPlanesV1(0, 1e5)):
        with pytest.raises(MahjongError, match="these planes are seat 0's, not seat 1's"):
            planes.planes(seen)
        with pytest.raises(MahjongError, match="from an Observation or a Game, not dict"):
            planes.planes({"seat": 0})  # type: ignore[arg-type]
    # Seat 1 has nothing to do in the dealer's first turn: a caller saying otherwise is wrong.
    with pytest.raises(MahjongError, match="seat 1 has 0 legal actions, not has_legal=True"):
        SeatPlanesV2(1, 1e5).planes(seen, True)


def test_decisions_give_the_v2_planes_the_environment_gave() -> None:
    from mahjongkit.rl import decisions

    table = env("sichuan", encoder="v2", max_rounds=1)
    table.reset(seed=12)
    rng = random.Random(12)
    played = []
    while table.agents:
        observation, _, terminated, _, _ = table.last()
        if terminated:
            table.step(None)
            continue
        index = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        played.append((observation["observation"], index))
        table.step(index)
    found = list(decisions(table.game, encoder="v2"))
    assert len(found) == len(played) > 30
    for decision, (planes, index) in zip(found, played, strict=True):
        assert decision.action == index and np.array_equal(decision.observation, planes)
