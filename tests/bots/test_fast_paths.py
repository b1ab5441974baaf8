"""The bots' cheap paths give the answers of the slow ones, over seeded games of every family.

* A wait's value: the scorers' ``points`` entry (no explained result) against ``score``.
* The defensive bot's ranking under a threat: only the entries it can choose are worked out
  (``DiscardRanking.choosable``); they must be the whole exact ranking's entries, in its order,
  and a game played over them must be the game played over the whole ranking.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from mahjongkit.bots import DefensiveAgent, play
from mahjongkit.bots.danger import _seen_counts, discard_danger, threats
from mahjongkit.bots.efficient import DiscardRanking, EfficientAgent, HandReading
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import Observation
from mahjongkit.scoring import Win
from mahjongkit.sim import make_agents
from mahjongkit.table.actions import Action
from mahjongkit.variants import find_variant

FAMILIES = ["riichi", "hongkong", "sichuan"]


def _log(game: Game) -> str:
    return json.dumps(game.log, sort_keys=True, default=str)


@pytest.mark.parametrize("variant", FAMILIES)
def test_points_entry_equals_the_scorers_points_at_every_wait_a_bot_values(variant: str) -> None:
    record = find_variant(variant)
    assert record.points is not None
    seen = {"wins": 0, "valid": 0, "not": 0}

    def checked(points: Callable[[Win, Any], int]) -> Callable[[Win, Any], int]:
        def both(win: Win, rules: Any) -> int:
            fast = points(win, rules)
            score = record.score(win, rules)
            assert fast == (score.points if score.valid else 0), (win, score.error)
            seen["wins"] += 1
            seen["valid" if score.valid else "not"] += 1
            return fast

        return both

    for seed in range(4):
        game = Game(variant, seed=seed, max_rounds=3)
        agents = make_agents(["efficient", "defensive"] * 2, seed, game.flow.rules)
        for agent in agents:
            assert isinstance(agent, EfficientAgent)
            agent._prepare(variant)
            assert agent._points is not None
            agent._points = checked(agent._points)
            agent._wait_points = None  # every wait through the points entry
        play(game, agents)
    assert seen["wins"] > (100 if variant == "riichi" else 200) and seen["valid"] > 20, seen
    if variant == "hongkong":
        assert seen["not"] > 20  # ready hands under the three-fan minimum


@pytest.mark.parametrize("variant", ["hongkong", "sichuan"])
def test_the_families_wait_figure_equals_the_points_entry_at_every_wait_a_bot_values(
    variant: str,
) -> None:
    """H-09..H-11, S-02..S-14: the family's wait figure (no win built) gives what a win built
    and scored by the points entry gives, at every wait the bots value in real games."""
    seen = {"asked": 0, "wins": 0}
    for seed in range(4):
        game = Game(variant, seed=seed, max_rounds=3)
        agents = make_agents(["efficient", "defensive"] * 2, seed, game.flow.rules)
        for agent in agents:
            assert isinstance(agent, EfficientAgent)
            agent._prepare(variant)
            assert agent._wait_points is not None

            def both(reading, counts, kind, self_draw, riichi, agent=agent, quick=agent._score_now):
                found = quick(reading, counts, kind, self_draw, riichi)
                assert found == agent._score_by_win(reading, counts, kind, self_draw, riichi)
                seen["asked"] += 1
                seen["wins"] += found[0]
                return found

            agent._score_now = both
        play(game, agents)
    assert seen["asked"] > 200 and seen["wins"] > 20, seen


def test_points_entry_refuses_what_the_scorer_refuses() -> None:
    """An impossible or incomplete win is worth 0 in the points entry, as it is no win."""
    from mahjongkit.hand import Hand
    from mahjongkit.tiles import Tile

    for variant, hand, tile, extra in (
        ("hongkong", "123m456p789s1122z", "2z", {}),  # complete, under three fan
        ("hongkong", "123m456p789s1123z", "3z", {}),  # not complete
        # Robbing a kong is a win on another's tile: never a self-draw.
        ("hongkong", "123m456p789s11222z", "2z", {"robbing_kong": True, "self_draw": True}),
        ("sichuan", "123m456m789p11p22s", "2s", {}),  # three suits
        ("sichuan", "123m456m789p1123p", "3p", {}),  # not complete
        ("riichi", "123m456p789s1122z", "2z", {}),  # complete, no yaku
        ("riichi", "123m456p789s1123z", "3z", {}),  # not complete
        ("riichi", "123m456p789s11222z", "2z", {"robbing_kong": True, "self_draw": True}),
        ("riichi", "123m456p789s11z567m", "5z", {"riichi": True}),  # 5z not held
    ):
        record = find_variant(variant)
        assert record.points is not None
        win = Win(Hand.parse(hand), Tile.parse(tile), seat=1, **extra)
        assert not record.score(win, record.rules()).valid
        assert record.points(win, record.rules()) == 0, (variant, hand)
    record = find_variant("hongkong")
    assert record.points is not None
    win = Win(Hand.parse("111222333m45677m"), Tile.parse("7m"), seat=1, self_draw=True)
    score = record.score(win, record.rules())
    assert score.valid and score.points > 0
    assert record.points(win, record.rules()) == score.points


class _WholeRanking(DefensiveAgent):
    """The defensive bot deciding over the whole exact ranking (the slow path): every kind's
    danger and entry, for pushing (the best band's) and folding (the safest) alike, and in
    Sichuan for a hand no discard makes ready and one with only missing-suit tiles to give."""

    def best_shanten_entries(self, reading: HandReading, legal: Sequence[Action]) -> Any:
        return None

    def nothing_to_weigh(self, reading: HandReading, legal: Sequence[Action]) -> bool:
        return False

    def discard_ranking(self, reading: HandReading, legal: Sequence[Action]) -> Any:
        ranking = super().discard_ranking(reading, legal)
        if ranking is not None:
            whole = ranking

            def everything(danger: Sequence[float]) -> list[Any]:
                return whole.entries(whole.kinds)

            def every_kind() -> list[int]:
                return list(whole.kinds)

            ranking.choosable = everything  # type: ignore[method-assign]
            ranking.first_band = every_kind  # type: ignore[method-assign]
        return ranking


class _Checked:
    """Checks the narrowed ranking against a fresh whole one before each threatened turn."""

    def __init__(self, agent: DefensiveAgent, tally: dict[str, int]) -> None:
        self.agent = agent
        self.tally = tally
        self.efficient = EfficientAgent(agent.rules)

    def act(self, obs: Observation) -> Action:
        agent = self.agent
        found = threats(obs)
        if obs.phase == "turn" and found and not obs.own.riichi:
            agent._prepare(obs.variant)
            ranking = agent.discard_ranking(HandReading(obs, agent.rules), obs.legal_actions)
            if ranking is not None:
                self._compare(obs, ranking, found)
        choice = agent.act(obs)
        if obs.variant == "sichuan" and obs.phase == "turn":
            # Sichuan weighs every turn's discards, threat or none (sichuan_discard).
            self.tally["sichuan_turns"] += 1
            self.tally["moved"] += choice != self.efficient.act(obs)
        return choice

    def _compare(self, obs: Observation, ranking: DiscardRanking, found: Any) -> None:
        agent = self.agent
        whole = agent.discard_options(HandReading(obs, agent.rules), obs.legal_actions)
        danger = discard_danger(obs, agent._furiten_rule(), found, ranking.kinds)
        chosen = ranking.choosable(danger)
        kinds = {entry[1].tile // 4 for entry in chosen if entry[1].tile is not None}
        # The same entries (keys, actions, worths), in the whole ranking's order.
        assert chosen == [e for e in whole if e[1].tile is not None and e[1].tile // 4 in kinds]
        assert chosen[0] == whole[0], obs
        for entry in whole:
            assert entry[1].tile is not None
            assert ranking.band(entry[1].tile // 4) == entry[0][0], obs
        # The safest discard over the whole ranking is among those worked out.
        safest = min(round(danger[e[1].tile // 4], 3) for e in whole if e[1].tile is not None)
        assert any(round(danger[kind], 3) == safest for kind in kinds)
        self.tally["turns"] += 1
        self.tally["narrowed"] += len(chosen) < len(whole)


@pytest.mark.parametrize("variant", FAMILIES)
def test_defence_over_the_entries_it_can_choose_plays_the_whole_rankings_game(
    variant: str,
) -> None:
    tally = {"turns": 0, "narrowed": 0, "sichuan_turns": 0, "moved": 0}
    for seed in range(6):
        logs = []
        for kind in ("fast", "slow"):
            game = Game(variant, seed=seed, max_rounds=3)
            rules = game.flow.rules
            cls = DefensiveAgent if kind == "fast" else _WholeRanking
            agents: list[Any] = [cls(rules) for _ in range(game.players)]
            if kind == "fast":
                agents = [_Checked(a, tally) for a in agents]
            play(game, agents)
            logs.append(_log(game))
        assert logs[0] == logs[1], f"{variant} seed {seed}: the games differ"
    # Threatened turns enough, and the narrowing at work on many of them; in Sichuan, turns
    # enough and the defence moving off the efficient discard on some.
    assert tally["turns"] > 100
    assert tally["narrowed"] > tally["turns"] // 5
    if variant == "sichuan":
        assert tally["sichuan_turns"] // 50 < tally["moved"] < tally["sichuan_turns"] // 2


@pytest.mark.parametrize("variant", FAMILIES)
def test_a_wait_that_wins_nothing_by_self_draw_wins_nothing_by_discard(variant: str) -> None:
    """A wait's value scores its discard win only after its self-draw wins (a self-draw wins
    whenever a discard would): at every wait the bots value, a dead self-draw is a dead
    discard win too."""
    dead = 0

    def probed(agent: EfficientAgent) -> None:
        # The scorer's entry behind the agent's memo: every win a wait's value scores first.
        original = agent._score_now

        def score_now(
            reading: HandReading, counts: list[int], kind: int, tsumo: bool, riichi: bool
        ) -> tuple[bool, int]:
            nonlocal dead
            found = original(reading, counts, kind, tsumo, riichi)
            if tsumo and not (found[0] and found[1] > 0):
                ron = original(reading, counts, kind, False, riichi)
                assert not (ron[0] and ron[1] > 0), reading.observation
                dead += 1
            return found

        agent._score_now = score_now  # type: ignore[method-assign]

    for seed in range(4 if variant != "riichi" else 16):
        game = Game(variant, seed=seed, max_rounds=3)
        agents = make_agents(["efficient", "defensive"] * 2, seed, game.flow.rules)
        for agent in agents:
            assert isinstance(agent, EfficientAgent)
            probed(agent)
        play(game, agents)
    # Riichi: waits without a yaku; Hong Kong: under the three-fan minimum (a complete Sichuan
    # hand always wins).
    assert dead >= {"riichi": 1, "hongkong": 20, "sichuan": 0}[variant]


@pytest.mark.parametrize("variant", FAMILIES)
def test_the_win_a_bot_values_counts_meld_sources_from_the_dealer(variant: str) -> None:
    """Scorers count seats as winds, from the dealer: the win a bot builds to value a wait
    gives its own seat so, and the seat each meld was claimed from too (the table counts them
    from seat 0). Checked at every decision of seeded games where a seat holds a claimed meld
    and the dealer is not seat 0 (where the two counts differ)."""
    checked = 0

    class Probed(DefensiveAgent):
        def turn(self, reading: HandReading, legal: Sequence[Action]) -> Action:
            nonlocal checked
            observation = reading.observation
            claimed = [m for m in observation.own.melds if m.from_seat is not None]
            if claimed and observation.dealer != 0:
                players = len(observation.seats)
                _, melds, fixed = self._win_parts(reading)
                assert fixed["seat"] == (observation.seat - observation.dealer) % players
                sources = [m.from_seat for m in melds if m.from_seat is not None]
                assert sources == [(m.from_seat - observation.dealer) % players for m in claimed]
                assert fixed["seat"] not in sources
                checked += 1
            return super().turn(reading, legal)

    for seed in range(8):
        game = Game(variant, seed=seed, max_rounds=6)
        play(game, [Probed(game.flow.rules) for _ in range(game.players)])
    assert checked > 20


@pytest.mark.parametrize("variant", FAMILIES)
def test_the_first_discard_of_a_hand_not_ready_is_the_whole_rankings_first(variant: str) -> None:
    """A hand no discard leaves ready is decided over the discards of the best shanten alone
    (``_first_not_ready``): at every such turn of seeded games its choice is the first entry
    of the cheap ranking made over every discard, and a game played either way is the same."""
    compared = 0

    class Whole(EfficientAgent):
        def _first_not_ready(self, reading: HandReading, legal: Sequence[Action]) -> Any:
            return None

    class Compared(EfficientAgent):
        def _first_not_ready(self, reading: HandReading, legal: Sequence[Action]) -> Any:
            nonlocal compared
            quick = super()._first_not_ready(reading, legal)
            if quick is not None:
                fresh = HandReading(reading.observation, self.rules)
                options = EfficientAgent.discard_options(self, fresh, legal, exact=False)
                assert options[0][1] is quick, reading.observation
                assert options[0][0][0] >= 1 and options[0][2] == 0
                compared += 1
            return quick

    for seed in range(3):
        logs = []
        for cls in (Compared, Whole):
            game = Game(variant, seed=seed, max_rounds=3)
            agents = [cls(game.flow.rules) for _ in range(game.players)]
            play(game, agents)
            logs.append(_log(game))
        assert logs[0] == logs[1], f"{variant} seed {seed}: the games differ"
    assert compared > {"riichi": 300, "hongkong": 300, "sichuan": 100}[variant]


@pytest.mark.parametrize("variant", FAMILIES)
def test_the_copies_in_sight_a_reading_counts_are_the_dangers_own_count(variant: str) -> None:
    """The defensive bot hands its reading's count of the copies in sight to the danger (one
    count a decision); it must be the one the danger makes from the observation, claimed
    discards and a fourth copy in sight included."""
    checked = capped = 0
    for seed in range(3):
        game = Game(variant, seed=seed, max_rounds=2)
        agents = [EfficientAgent(game.flow.rules) for _ in range(game.players)]
        game.start()
        while not game.over:
            seat = game.waiting_for()[0]
            obs = game.observation(seat, with_events=False)
            if obs.phase in ("turn", "claim"):
                seen = HandReading(obs, agents[seat].rules).seen()
                assert seen == _seen_counts(obs), (variant, seed, obs.hand)
                checked += 1
                capped += 4 in seen
            game.apply(agents[seat].act(obs))
    assert checked > 300 and capped > 50


def _threats_read_in_full(observation: Observation) -> list[tuple[int, float, Any, bool, bool]]:
    """The threats of :func:`threats`, every seat's melds read whatever they show: the
    reference for its shortcut over seats with no meld (issue 35)."""
    from mahjongkit.bots import danger

    record = find_variant(observation.variant)
    shows_value = record.bot_hints.plan is danger.Plan.MINIMUM
    missing_suit = record.capabilities.missing_suit
    out = []
    for seat, info in enumerate(observation.seats):
        if seat == observation.seat or info.won:
            continue
        melds = len(info.melds)
        suits = {m.tiles[0] // 36 for m in info.melds if m.tiles and m.tiles[0] < 108}
        honours = any(m.tiles and 108 <= m.tiles[0] < 136 for m in info.melds)
        suit = next(iter(suits)) if len(suits) == 1 else None
        if shows_value:
            weight = danger._hong_kong_weight(observation, seat) if melds >= 2 else 0.0
            if weight == 0 and observation.wall_remaining < danger.HK_LATE_WALL:
                weight = danger.HK_LATE_THREAT
            if weight > 0:
                pungs = melds >= 2 and all(m.kind != "chow" for m in info.melds)
                out.append((seat, weight, suit, honours, pungs))
        elif info.riichi:
            out.append((seat, danger.RIICHI_THREAT, suit, honours, False))
        elif melds >= 3:
            out.append((seat, danger.OPEN_THREAT, suit, honours, False))
        elif melds >= 2 and (
            suit is not None
            or (not suits and honours)
            or (missing_suit and observation.wall_remaining < 24)
        ):
            out.append((seat, danger.FLUSH_THREAT, suit, honours, False))
        elif missing_suit and danger._sichuan_late_and_clear(observation, info):
            out.append((seat, danger.SICHUAN_LATE_THREAT, suit, honours, False))
    return out


@pytest.mark.parametrize("variant", FAMILIES)
def test_threats_are_those_every_seats_melds_read_in_full_show(variant: str) -> None:
    """:func:`threats` skips the suit reading of a seat with no meld (none threatens but a
    riichi, or Sichuan's late concealed seat): at every decision of seeded games its threats
    are the full reading's, and the games reach seats of every kind (none, a riichi or late
    concealed seat, an open one)."""
    kinds = {"none": 0, "concealed": 0, "open": 0}
    for seed in range(3):
        game = Game(variant, seed=seed, max_rounds=3)
        agents = make_agents(["defensive"] * 4, seed, game.flow.rules)[: game.players]
        game.start()
        while not game.over:
            seat = game.waiting_for()[0]
            obs = game.observation(seat, with_events=False)
            found = [(t.seat, t.weight, t.suit, t.honours, t.pungs) for t in threats(obs)]
            assert found == _threats_read_in_full(obs), (variant, seed, obs.seat)
            if not found:
                kinds["none"] += 1
            for threat_seat, *_ in found:
                kinds["open" if obs.seats[threat_seat].melds else "concealed"] += 1
            game.apply(agents[seat].act(obs))
    wanted = {"riichi": "concealed", "hongkong": "open", "sichuan": "concealed"}[variant]
    assert kinds["none"] > 300 and kinds[wanted] > 10, kinds


def _tiles_counted_apart(
    reading: HandReading, kind: int, kinds: Sequence[int], only: frozenset[int] | None
) -> int:
    """``tiles_of`` as first written: every kind's unseen copies summed, then the discarded
    kind's copies (found by a search and a count of ``kinds``) recounted from the counts."""
    left = reading.left
    total = sum(left[other] for other in kinds if only is None or other in only)
    if kind in kinds and (only is None or kind in only):
        given_up = reading.unseen[kind] - reading.counts[kind] + 1
        total += kinds.count(kind) * (max(given_up, 0) - left[kind])
    return total


@pytest.mark.parametrize("variant", FAMILIES)
def test_the_unseen_improving_tiles_of_a_discard_are_the_count_made_apart(variant: str) -> None:
    """``HandReading.tiles_of`` counts the discarded kind's copies in the pass over the
    improving kinds: at every discard of seeded games, for its improving kinds (and kinds
    repeated), with and without a plan's kinds, it is the count made apart."""
    checked = recounted = 0
    for seed in range(2):
        game = Game(variant, seed=seed, max_rounds=2)
        agents = [EfficientAgent(game.flow.rules) for _ in range(game.players)]
        game.start()
        while not game.over:
            seat = game.waiting_for()[0]
            obs = game.observation(seat, with_events=False)
            if obs.phase == "turn":
                reading = HandReading(obs, agents[seat].rules)
                for kind, (_, improving) in reading.after_discards().items():
                    for kinds in (improving, (*improving, kind, kind)):
                        for only in (None, frozenset(range(0, 34, 2)), reading.plan):
                            reading.counts[kind] -= 1
                            fast = reading.tiles_of(kind, kinds, only)
                            apart = _tiles_counted_apart(reading, kind, kinds, only)
                            reading.counts[kind] += 1
                            assert fast == apart, (variant, seed, kind, kinds, only)
                            checked += 1
                            recounted += kind in improving
            game.apply(agents[seat].act(obs))
    assert checked > 1000 and recounted > 20, (checked, recounted)


def test_the_bound_read_off_the_wins_with_riichi_is_never_under_the_hand_without_it() -> None:
    """Riichi adds a han to every reading of a win: the wait value a hand would have without
    riichi is never more than the bound read off its wins with riichi already scored
    (``quiet_bound``), so declaring riichi on that bound under a mangan a tile decides as the
    value itself would. Checked at every riichi weighed in seeded games, where the bound is
    found and where it is not (some win with riichi not scored yet)."""
    from mahjongkit.bots.efficient.search import quiet_bound

    seen = {"bound": 0, "unknown": 0, "under": 0}

    class Probed(DefensiveAgent):
        def wants_riichi(self, reading: HandReading, discard: Action, worth: int) -> bool:
            assert discard.tile is not None
            kind = discard.tile // 4
            counts = list(reading.counts)
            counts[kind] -= 1
            assert self._flow is not None
            bound = quiet_bound(reading, counts, kind, self._flow.pond_furiten, self._wins)
            quiet = self.ready_value(reading, counts, kind, False)
            if bound < 0:
                seen["unknown"] += 1
            else:
                assert quiet <= bound, (quiet, bound, reading.observation)
                seen["bound"] += 1
                seen["under"] += quiet < bound
            return super().wants_riichi(reading, discard, worth)

    for seed in range(10):
        game = Game("riichi", seed=seed, max_rounds=4)
        play(game, [Probed(game.flow.rules) for _ in range(game.players)])
    assert seen["bound"] > 10 and seen["unknown"] > 3 and seen["under"] > 5, seen
