"""Soak the table: full-length seeded games per rule family, every invariant checked at every step.

    PYTHONPATH=src .venv/bin/python bench/soak.py [--games 1000] [--seed 0] [--jobs 2]
        [--variants ema2012,ema2016,tenhou,sanma,tenhou3,hongkong,sichuan,sichuan-exchange]
        [--max-rounds R] [--json]

Seeded random players choose among the legal actions (a win most of the time, a discard that
lowers the shanten often, calls, kongs and riichi now and then) so that every path of the table
is walked. After every action the script checks, reading the game only through ``snapshot()``,
``observation()``, ``log`` and ``Game.replay``:

- tiles: every physical id of the set is in exactly one place (not yet drawn, a hand, a meld, a
  pond, the bonus tiles set aside, or won on by robbing a kong) and no id is drawn twice;
- points: each event's deltas sum to zero (riichi deposits put on and taken off the table
  aside), its scores are the scores before plus its deltas, a round keeps points plus deposits;
- replay: ``Game.replay(log)`` gives the live snapshot and waiting seats, at each round's end and
  at random points;
- JSON: every event survives ``json.loads(json.dumps(event, allow_nan=False))`` unchanged;
- observations hide what they must (another seat's concealed tiles and draws, the wall, the
  seed, private answers, secret fields) and are unaffected by edits of what was given;
- a rejected random illegal action raises the library's typed error and changes nothing.

It prints, per family, games, rounds, actions checked and failures (variant, seed, action index
and message), and exits 1 on any failure. A full Hong Kong game of random players lasts hundreds
of hands (the dealer keeps the deal after a draw, and the 3-fan minimum makes wins rare):
``--max-rounds`` ends each game after that many hands.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import dataclasses
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from multiprocessing import Pool
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.game.engine import Game
from mahjongkit.shapes import shanten
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import counts_of_ids
from mahjongkit.variants.riichi.rules import RiichiRules
from mahjongkit.variants.sichuan.rules import SichuanRules

Event = dict[str, Any]
Json = dict[str, Any]


def _three_player() -> RiichiRules:
    """Three-player Riichi on Tenhou's table rules (35,000 start, 40,000 return)."""
    return dataclasses.replace(
        RiichiRules.tenhou(),
        players=3,
        uma=(15000, 0, -15000),
        starting_points=35000,
        return_points=40000,
        max_ron_winners=2,
    )


FAMILIES: dict[str, tuple[str, Callable[[], Any]]] = {
    "ema2012": ("riichi", RiichiRules.ema2012),
    "ema2016": ("riichi", RiichiRules.ema2016),
    "tenhou": ("riichi", RiichiRules.tenhou),
    "sanma": ("riichi", _three_player),
    "tenhou3": ("riichi", RiichiRules.tenhou3),
    "hongkong": ("hongkong", lambda: None),
    "sichuan": ("sichuan", SichuanRules.blood_battle),
    "sichuan-exchange": (
        "sichuan",
        lambda: dataclasses.replace(SichuanRules.blood_battle(), huan_san_zhang="random"),
    ),
}
"""Family name → (variant, rules factory; None rules: the variant's default)."""

PRIVATE_EVENTS = ("mjk:respond", "mjk:exchange_choose", "mjk:declare")
"""Events only their actor may see."""
SECRET_FIELDS = ("mjk_wall", "mjk_seed", "mjk_ids", "mjk_robbable", "mjk_missed_win")
"""Event fields no seat may see."""
DRAW_EVENTS = ("tsumo", "mjk:deal_replacement")
HIDDEN = "?"
MAX_ACTIONS = 400_000
"""A game this long is stuck: reported as a failure."""
REPLAYED_ROUNDS = 16
"""Every round's end is replayed up to this many rounds; later ones at this rate per round."""
MAX_EDITS = 20
"""Observations edited, and replays at random points, per game at most (each replays the
whole log)."""
DIGITS = re.compile(r"-?\d+")
TILE_NAMES = re.compile(r"\(\w\w?\)")


# --- reading the game ------------------------------------------------------------------------


def observe(game: Game, seat: int) -> Json:
    """The observation of ``seat`` as the JSON object surfaces send."""
    return game.observation(seat).to_json()


def physical_places(snapshot: Json) -> Counter[int]:
    """Every id the snapshot places at the table: hands, melds, unclaimed discards, flowers."""
    placed: Counter[int] = Counter()
    for seat in snapshot["round"]["seats"]:
        placed.update(seat["hand"])
        placed.update(seat["flowers"])
        for meld in seat["melds"]:
            placed.update(meld["tiles"])
        placed.update(
            t for t, claimed in zip(seat["discards"], seat["claimed"], strict=True) if not claimed
        )
    return placed


# --- the players ---------------------------------------------------------------------------


def choose(game: Game, seat: int, rng: random.Random) -> Action:
    """A seeded choice among the legal actions, biased so that every path is walked.

    Wins are taken nine times in ten; claims are made a third of the time; a kong, a riichi,
    setting a bonus tile aside are mostly taken; discards lower the shanten four times in five.
    """
    legal = game.legal_actions(seat)
    by_type: dict[str, list[Action]] = {}
    for action in legal:
        by_type.setdefault(action.type, []).append(action)
    wins = by_type.get(A.TSUMO, []) + by_type.get(A.RON, [])
    if wins and rng.random() < 0.9:
        return rng.choice(wins)
    if A.EXCHANGE in by_type or A.DECLARE_MISSING in by_type:
        return rng.choice(legal)
    if A.PASS in by_type:  # a claim window or a kong that can be robbed
        calls = [a for a in legal if a.type in (A.PON, A.KAN, A.CHI)]
        return rng.choice(calls) if calls and rng.random() < 0.35 else by_type[A.PASS][0]
    for kind, rate in (
        (A.FLOWER, 1.0),
        (A.KITA, 0.8),
        (A.ANKAN, 0.6),
        (A.KAKAN, 0.6),
        (A.ABORT, 0.3),
    ):
        if kind in by_type and rng.random() < rate:
            return rng.choice(by_type[kind])
    discards = by_type.get(A.DISCARD, []) + by_type.get(A.RIICHI, [])
    if not discards:
        return rng.choice(legal)
    if A.RIICHI in by_type and rng.random() < 0.7:
        discards = by_type[A.RIICHI]
    if rng.random() < 0.8:
        mine = game.observation(seat, with_events=False)
        counts = counts_of_ids(mine.hand)
        melds = len(mine.own.melds)
        scored: list[tuple[int, Action]] = []
        for action in discards:
            assert action.tile is not None
            counts[action.tile // 4] -= 1
            scored.append((shanten(counts, melds, mine.hand_shape), action))
            counts[action.tile // 4] += 1
        best = min(value for value, _ in scored)
        discards = [a for value, a in scored if value == best]
    return rng.choice(discards)


def illegal_action(game: Game, snapshot: Json, rng: random.Random) -> Action:
    """A random action that cannot be legal now: a seat that is not asked, a tile it does not
    hold, or a type that is not among its choices."""
    players = game.players
    waiting = game.waiting_for()
    idle = [s for s in range(players) if s not in waiting]
    tile = rng.randrange(144)
    if idle and rng.random() < 0.3:
        return Action(rng.choice(A.ACTION_TYPES), rng.choice(idle), tile)
    seat = rng.choice(waiting) if waiting else rng.randrange(players)
    hand = snapshot["round"]["seats"][seat]["hand"]
    if rng.random() < 0.4:
        absent = [t for t in range(144) if t not in hand]
        return Action(rng.choice((A.DISCARD, A.RIICHI)), seat, rng.choice(absent))
    present = {a.type for a in game.legal_actions(seat)}
    kinds = [k for k in A.ACTION_TYPES if k not in present]
    kind = rng.choice(kinds)
    consumed = tuple(rng.sample(hand, min(len(hand), rng.choice((0, 2, 3)))))
    return Action(kind, seat, tile, consumed, rng.choice((None, 0, 1, 2)))


# --- the checks ----------------------------------------------------------------------------


class Checker:
    """Follows one game step by step and records every broken invariant."""

    def __init__(self, family: str, variant: str, seed: int, deposit: int) -> None:
        self.family = family
        self.variant = variant
        self.seed = seed
        self.deposit = deposit
        """Points of one riichi deposit (0 where the family has none)."""
        self.index = 0
        """The number of the action being checked (0: the start of the game)."""
        self.failures: list[Json] = []
        self.counts: Counter[str] = Counter()
        self.wall: list[int] = []
        self.tile_set: set[int] | None = None
        self.drawn: set[int] = set()
        self.robbed: list[int] = []
        self.flowers: set[int] = set()
        self.scores: list[int] = []
        self.round_total: int | None = None
        self.seen_events = 0
        self.seen_views: dict[int, int] = {}

    def fail(self, check: str, message: str) -> None:
        """Record one broken invariant: the first of each kind in a game, and how often."""
        kind = signature(check, message)
        self.counts[kind] += 1
        if self.counts[kind] == 1:
            self.failures.append(
                {
                    "family": self.family,
                    "variant": self.variant,
                    "seed": self.seed,
                    "action": self.index,
                    "check": check,
                    "message": message,
                    "kind": kind,
                }
            )

    # Events ------------------------------------------------------------------------------------

    def events(self, game: Game, snapshot: Json) -> None:
        """Fold the new events of the log into the tile and point accounts."""
        new = game.log[self.seen_events :]
        self.seen_events = len(game.log)
        for event in new:
            self.json_round_trip(event)
            kind = event.get("type")
            if kind == "start_kyoku":
                self.start_round(event, len(snapshot["round"]["seats"]))
            elif kind in DRAW_EVENTS:
                tile = event.get("mjk_id")
                if not isinstance(tile, int) or tile not in self.wall:
                    self.fail("tiles", f"{kind} of {tile!r}, not a tile of this round's wall")
                    continue
                if tile in self.drawn:
                    self.fail(
                        "drawn twice",
                        f"{kind} by seat {event.get('actor')}: id {tile} ({event.get('pai')}) "
                        "was already drawn this round",
                    )
                self.drawn.add(tile)
            elif kind == "mjk:flower":
                tile = event.get("mjk_id")
                if tile in self.flowers:
                    self.fail(
                        "drawn twice",
                        f"seat {event.get('actor')} sets bonus tile {tile} aside a second time "
                        "this round",
                    )
                if isinstance(tile, int):
                    self.flowers.add(tile)
            elif kind == "hora" and isinstance(event.get("mjk_robbed"), dict):
                self.robbed.append(event["mjk_robbed"]["tile"])
            self.points(event)

    def json_round_trip(self, event: Event) -> None:
        """The event survives strict JSON unchanged."""
        try:
            back = json.loads(json.dumps(event, allow_nan=False))
        except (TypeError, ValueError) as error:
            self.fail("json", f"{event.get('type')}: {type(error).__name__}: {error}")
            return
        if back != event:
            self.fail("json", f"{event.get('type')} changes through JSON at {diff(back, event)}")

    def start_round(self, event: Event, players: int) -> None:
        """A new wall: nothing drawn but the deal."""
        self.wall = list(event.get("mjk_wall", []))
        if len(set(self.wall)) != len(self.wall):
            self.fail("tiles", "the wall repeats a tile")
        if self.tile_set is None:
            self.tile_set = set(self.wall)
        elif set(self.wall) != self.tile_set:
            self.fail("tiles", "this round's wall is not the set of the first round")
        self.drawn = set(self.wall[: 13 * players])
        self.robbed = []
        self.flowers = set()
        self.scores = list(event["scores"])
        self.round_total = sum(self.scores) + self.deposit * event["kyotaku"]

    def points(self, event: Event) -> None:
        """Deltas sum to zero but for deposits; scores follow the deltas."""
        kind = event.get("type")
        deltas = event.get("deltas")
        if kind == "end_game" or not isinstance(deltas, list):
            return
        expected = 0
        if kind == "reach_accepted":
            expected = -self.deposit
        if event.get("mjk_deposits_taken"):
            expected += self.on_table
        if sum(deltas) != expected:
            self.fail("zero-sum", f"{kind} deltas {deltas} sum to {sum(deltas)}, not {expected}")
        self.scores = [s + d for s, d in zip(self.scores, deltas, strict=False)]
        if "scores" in event and event["scores"] != self.scores:
            self.fail("zero-sum", f"{kind} scores {event['scores']} are not {self.scores}")
        if kind == "reach_accepted":
            self.on_table += self.deposit
        if event.get("mjk_deposits_taken"):
            self.on_table = 0

    on_table = 0
    """Points of the deposits on the table, as the events say."""

    # State ---------------------------------------------------------------------------------

    def state(self, game: Game, snapshot: Json) -> None:
        """Tiles conserved, points kept within the round."""
        rnd = snapshot["round"]
        if not rnd["wall"]:
            return
        placed = physical_places(snapshot)
        placed.update(self.robbed)
        twice = sorted(t for t, n in placed.items() if n > 1)
        if twice:
            self.fail("tiles", f"ids {twice} are in two places at once")
        if set(placed) != self.drawn:
            lost = sorted(self.drawn - set(placed))
            extra = sorted(set(placed) - self.drawn)
            self.fail("tiles", f"drawn but nowhere: {lost}; in play but never drawn: {extra}")
        if rnd["wall"] != self.wall:
            self.fail("tiles", "the wall changed during the round")
        if snapshot["scores"] != self.scores and not snapshot["over"]:
            self.fail("zero-sum", f"scores {snapshot['scores']} are not {self.scores}")
        if rnd["phase"] == "round_over" and self.round_total is not None:
            total = sum(snapshot["scores"]) + self.deposit * rnd["deposits"]
            if total != self.round_total:
                self.fail(
                    "zero-sum",
                    f"the round ends with {total} points and deposits, began with "
                    f"{self.round_total}",
                )
            self.round_total = None

    def replay(self, game: Game, snapshot: Json) -> None:
        """Folding the log again rebuilds the live game."""
        try:
            again = Game.replay(game.log)
        except Exception as error:
            self.fail("replay", f"replay raised {type(error).__name__}: {error}")
            return
        if again.snapshot() != snapshot:
            where = diff(again.snapshot(), snapshot)
            self.fail("replay", f"the replayed snapshot differs: {where}")
        elif again.waiting_for() != game.waiting_for():
            self.fail("replay", "the replayed game waits for other seats")

    # Observations --------------------------------------------------------------------------

    def views(self, game: Game, snapshot: Json) -> list[Json]:
        """Each seat's observation hides what it must."""
        views = []
        players = game.players
        for seat in range(players):
            view = observe(game, seat)
            views.append(view)
            self.hides(view, seat, snapshot)
        return views

    def hides(self, view: Json, seat: int, snapshot: Json) -> None:
        """What ``seat`` must not see is absent from ``view``."""
        leaked = secret_keys({k: v for k, v in view.items() if k != "events"})
        if leaked:
            self.fail("observation", f"seat {seat} sees the fields {sorted(leaked)}")
        for other, public in enumerate(view["seats"]):
            if other == seat:
                mine = sorted(snapshot["round"]["seats"][seat]["hand"])
                if public.get("hand") != mine:
                    self.fail("observation", f"seat {seat} is shown a hand that is not its own")
                continue
            shown = {k for k in ("hand", "drawn", "exchange", "kuikae") if k in public}
            if shown:
                self.fail("observation", f"seat {seat} sees seat {other}'s {sorted(shown)}")
            if snapshot["round"]["phase"] == "declare" and public.get("missing_suit") is not None:
                self.fail("observation", f"seat {seat} sees seat {other}'s suit before it is shown")
        for action in view["legal_actions"]:
            if action.get("seat") != seat:
                self.fail("observation", f"seat {seat} is offered an action of another seat")
        events = view["events"]
        start = self.seen_views.get(seat, 0)
        if len(events) < start:
            self.fail("observation", f"seat {seat}'s events shrank from {start} to {len(events)}")
        self.seen_views[seat] = len(events)
        for event in events[start:]:
            self.event_hides(event, seat)

    def event_hides(self, event: Event, seat: int) -> None:
        """One event as ``seat`` sees it."""
        kind = event.get("type")
        mine = event.get("actor") == seat
        leaked = secret_keys(event)
        if leaked:
            self.fail("observation", f"seat {seat} sees {sorted(leaked)} in {kind}")
        if kind in PRIVATE_EVENTS and not mine:
            self.fail("observation", f"seat {seat} sees seat {event.get('actor')}'s {kind}")
        if kind in DRAW_EVENTS and not mine:
            for name in ("pai", "mjk_id"):
                if event.get(name, HIDDEN) != HIDDEN:
                    self.fail("observation", f"seat {seat} sees the {name} of another's {kind}")
        if kind == "kakan" and not mine and event.get("mjk_drawn_now", HIDDEN) != HIDDEN:
            self.fail(
                "observation",
                f"seat {seat} is told whether seat {event.get('actor')}'s added tile was just "
                "drawn (kakan mjk_drawn_now)",
            )
        if kind == "start_kyoku":
            for other, hand in enumerate(event.get("tehais", [])):
                if other != seat and set(hand) != {HIDDEN}:
                    self.fail("observation", f"seat {seat} sees seat {other}'s dealt tiles")

    def edits(self, game: Game, seat: int) -> None:
        """Changing what a seat was given changes nothing in the game.

        The edits are made on the game being played: a leak changes it, and the checks that
        follow (the snapshot here, the replays later) see it.
        """
        twin = game
        before = twin.snapshot()
        log_text = json.dumps(game.log)
        expected = [copy.deepcopy(observe(twin, other)) for other in range(twin.players)]
        given = twin.observation(seat)
        # An immutable value refuses the edits: that is the point.
        with contextlib.suppress(AttributeError, TypeError, dataclasses.FrozenInstanceError):
            vandalise(given)
        vandalise(given.to_json())
        if twin.snapshot() != before:
            self.fail("edits", f"editing seat {seat}'s observation changed the snapshot")
        if json.dumps(twin.log) != log_text:
            self.fail("edits", f"editing seat {seat}'s observation changed the game's log")
        for other in range(twin.players):
            now = observe(twin, other)
            if now != expected[other]:
                self.fail(
                    "edits",
                    f"editing seat {seat}'s observation changed seat {other}'s: "
                    f"{diff(now, expected[other])}",
                )

    def illegal(self, game: Game, rng: random.Random) -> None:
        """A random illegal action is refused with a typed error and changes nothing."""
        before = game.snapshot()
        logged = len(game.log)
        action = illegal_action(game, before, rng)
        try:
            game.apply(action)
        except MahjongError:
            pass
        except Exception as error:
            self.fail("illegal", f"{action} raised {type(error).__name__}: {error}")
        else:
            self.fail("illegal", f"{action} was accepted")
            return
        if len(game.log) != logged or game.snapshot() != before:
            self.fail("illegal", f"the refused {action} changed the game")


def signature(check: str, message: str) -> str:
    """The kind of a failure: its check and message with the numbers left out."""
    return f"[{check}] " + DIGITS.sub("N", TILE_NAMES.sub("(T)", message))[:110]


def secret_keys(value: Any) -> set[str]:
    """The secret field names (and any ``wall``) anywhere inside ``value``."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.update(k for k in item if k in SECRET_FIELDS or k == "wall")
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def vandalise(value: Any) -> None:
    """Change every container inside ``value`` in place (dicts and lists, deeply); the frozen
    ones refuse, which is what they are for."""
    stack = [value]
    while stack:
        item = stack.pop()
        with contextlib.suppress(TypeError):
            if isinstance(item, dict):
                stack.extend(item.values())
                for key in list(item):
                    if isinstance(item[key], int | str) and not isinstance(item[key], bool):
                        item[key] = "vandalised"
                item["vandalised"] = True
            elif isinstance(item, list):
                stack.extend(item)
                item.append("vandalised")


def diff(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON values first differ (for messages)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return diff(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return diff(x, y, f"{path}[{i}]")
    return f"{path or '.'}: {str(a)[:80]} != {str(b)[:80]}"


# --- one game --------------------------------------------------------------------------------


def make_game(family: str, seed: int, max_rounds: int | None = None) -> Game:
    """A game of ``family`` on ``seed`` (full length unless ``max_rounds``)."""
    variant, rules = FAMILIES[family]
    return Game(variant, rules(), seed=seed, max_rounds=max_rounds)


def soak_game(
    family: str,
    seed: int,
    *,
    max_rounds: int | None = None,
    replay_rate: float = 0.002,
    edit_rate: float = 0.02,
    tiles_only: bool = False,
) -> Json:
    """Play one seeded game of ``family`` with every check at every step; its results.

    ``tiles_only`` checks the tiles alone (conserved, never drawn twice): a fast property.
    """
    variant, factory = FAMILIES[family]
    rules = factory()
    game = Game(variant, rules, seed=seed, max_rounds=max_rounds)
    deposit = int(getattr(rules, "riichi_deposit", 0)) if variant == "riichi" else 0
    checker = Checker(family, game.variant, seed, deposit)
    rng = random.Random(f"soak:{family}:{seed}")
    try:
        game.start()
    except Exception as error:
        checker.fail("crash", f"start raised {type(error).__name__}: {error}")
        return result(checker, game)
    replays = edits = 0
    while True:
        snapshot = game.snapshot()
        checker.events(game, snapshot)
        checker.state(game, snapshot)
        if tiles_only:
            if game.over or not game.waiting_for() or checker.index >= MAX_ACTIONS:
                break
            checker.index += 1
            game.apply(choose(game, rng.choice(game.waiting_for()), rng))
            continue
        checker.views(game, snapshot)
        phase = snapshot["round"]["phase"]
        # A replay folds the whole log: at every round's end of the first rounds and at the end,
        # then less often, so that a Hong Kong game of 250 hands is not quadratic.
        ended = phase == "round_over" and rng.random() < REPLAYED_ROUNDS / max(
            REPLAYED_ROUNDS, snapshot["rounds_played"]
        )
        at_random = replays < MAX_EDITS and rng.random() < replay_rate
        replays += at_random
        if phase == "game_over" or ended or at_random:
            checker.replay(game, snapshot)
        if edits < MAX_EDITS and rng.random() < edit_rate:
            edits += 1
            checker.edits(game, rng.randrange(game.players))
        if game.over:
            break
        seats = game.waiting_for()
        if not seats:
            checker.fail("stuck", "no seat can act but the game is not over")
            break
        if checker.index >= MAX_ACTIONS:
            checker.fail("stuck", f"the game is not over after {MAX_ACTIONS} actions")
            break
        checker.illegal(game, rng)
        seat = rng.choice(seats)
        action = choose(game, seat, rng)
        checker.index += 1
        try:
            game.apply(action)
        except Exception as error:
            checker.fail("crash", f"{action} raised {type(error).__name__}: {error}")
            break
    return result(checker, game)


def result(checker: Checker, game: Game) -> Json:
    """What one game reports."""
    return {
        "family": checker.family,
        "seed": checker.seed,
        "rounds": game.rounds_played,
        "actions": checker.index,
        "over": game.over,
        "failures": checker.failures,
        "counts": dict(checker.counts),
    }


def _soak_task(task: tuple[str, int, int | None]) -> Json:
    family, seed, max_rounds = task
    return soak_game(family, seed, max_rounds=max_rounds)


# --- the command ---------------------------------------------------------------------------


def run(
    families: Iterable[str], games: int, seed: int, jobs: int, max_rounds: int | None = None
) -> dict[str, Json]:
    """Soak ``games`` games per family from ``seed``; the summary per family.

    ``max_rounds`` ends each game after that many hands (a full Hong Kong game of random
    players lasts hundreds of hands, since the dealer keeps the deal on a draw).

    A family's ``kinds`` gathers its failures by kind: the games it broke, how often, and the
    first failure seen (lowest seed).
    """
    names = list(families)
    tasks = [(family, seed + n, max_rounds) for n in range(games) for family in names]
    summary: dict[str, Json] = {
        f: {"games": 0, "rounds": 0, "actions": 0, "failed_games": 0, "failures": 0, "kinds": {}}
        for f in names
    }
    start = time.perf_counter()
    if jobs > 1:
        with Pool(jobs) as pool:
            results = list(pool.imap_unordered(_soak_task, tasks, chunksize=1))
    else:
        results = [_soak_task(task) for task in tasks]
    for one in sorted(results, key=lambda r: (r["family"], r["seed"])):
        family = summary[one["family"]]
        family["games"] += 1
        family["rounds"] += one["rounds"]
        family["actions"] += one["actions"]
        family["failed_games"] += bool(one["failures"])
        family["failures"] += sum(one["counts"].values())
        for failure in one["failures"]:
            kind = family["kinds"].setdefault(
                failure["kind"], {"games": 0, "occurrences": 0, "first": failure, "seeds": []}
            )
            kind["games"] += 1
            kind["occurrences"] += one["counts"][failure["kind"]]
            if len(kind["seeds"]) < 10:
                kind["seeds"].append(failure["seed"])
    summary_seconds = round(time.perf_counter() - start, 1)
    for family in summary.values():
        family["seconds"] = summary_seconds
    return summary


def main(argv: list[str] | None = None) -> int:
    """The command line; exit status 1 when any invariant broke."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per family (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument(
        "--variants",
        default=",".join(FAMILIES),
        help=f"families, comma-separated, among {', '.join(FAMILIES)} (default: all)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--max-rounds", type=int, default=None, help="end each game after this many hands"
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    families = [f.strip() for f in args.variants.split(",") if f.strip()]
    unknown = [f for f in families if f not in FAMILIES]
    if unknown:
        parser.error(f"unknown families {unknown}: expected among {', '.join(FAMILIES)}")
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    summary = run(families, args.games, args.seed, args.jobs, args.max_rounds)
    failed = any(f["failures"] for f in summary.values())
    if args.json:
        print(json.dumps(summary, indent=1))
        return 1 if failed else 0
    for name, family in summary.items():
        print(
            f"{name:17} games {family['games']:5}  rounds {family['rounds']:7}  "
            f"actions checked {family['actions']:9}  failed games {family['failed_games']:5}  "
            f"failures {family['failures']}"
        )
        for kind in sorted(family["kinds"].values(), key=lambda k: -k["games"]):
            first = kind["first"]
            print(
                f"    {kind['games']:5} games, {kind['occurrences']:6} times: "
                f"{first['variant']} seed {first['seed']} action {first['action']}: "
                f"[{first['check']}] {first['message'][:300]}"
            )
    print(f"{sum(f['games'] for f in summary.values())} games in "
          f"{next(iter(summary.values()))['seconds']} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
