"""Practice questions drawn from seeded games: the seeded self-play policy (which keeps to the
hands nearest ready, :func:`mahjongkit.bots.policy.random_policy`) plays a seeded deal and the
first position that fits a question is kept. That policy never changes (the golden logs are
played by it), so a question's number names the same question in every version: stored progress
keeps its meaning while the bots get stronger.

Three kinds, for each family:

* ``discard``: a 14-tile concealed hand on its turn, "what would you discard?";
* ``waits``: a ready 13-tile concealed hand, "what does it wait on?";
* ``worth``: a ready hand and one tile it wins on, "what is it worth?".

A question is a typed request of :mod:`mahjongkit.api` (a :class:`ShantenRequest`, a
:class:`WaitsRequest` or a :class:`ScoreRequest`): its answer is the API's, as JSON (the object
the equivalent command line's ``--json`` prints, and that command line is shown with the
question), and :func:`grade` judges a learner's reply against it. Nothing here decides a rule.

>>> drill = make_drill("sichuan", "waits", 0)
>>> drill.argv[0], drill.kind, drill.concept
('waits', 'waits', 'waits')
>>> grade(drill, list(drill_answer(drill)["waits"])).correct
True
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from mahjongkit.api.requests import ScoreRequest, ShantenRequest, WaitsRequest
from mahjongkit.api.words import answer_request, command_words
from mahjongkit.bots.policy import random_policy
from mahjongkit.bots.session import run_seats
from mahjongkit.errors import MahjongError, NotationError
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import Observation
from mahjongkit.hand import Hand
from mahjongkit.i18n import Sentence
from mahjongkit.table.actions import Action
from mahjongkit.tiles import Tile, format_kind, format_kinds, kind_of_id, parse_kinds
from mahjongkit.valueclass import dataclass, field, replace
from mahjongkit.variants import VARIANT_NAMES, find_variant
from mahjongkit.variants.analysis import analyse_hand, reachable_values
from mahjongkit.variants.seats import SEAT_LETTERS

FAMILIES = VARIANT_NAMES
"""The families questions are drawn for: every registered one."""
KINDS = ("discard", "waits", "worth")
CONCEPTS = {"discard": "efficiency", "waits": "waits", "worth": "scoring"}
"""The concept each kind of question trains (progress is kept per concept and family)."""
MAX_NUMBER = 10_000
"""The highest question number served (each is a seed; far more than anyone answers)."""
_SEEDS_PER_QUESTION = 25
"""Seeded games tried for one question before giving up (a game nearly always offers one)."""
_MAX_ACTIONS = 600


@dataclass(frozen=True, slots=True)
class Drill:
    """One question: the family, the kind, the seed of the game it comes from, and the request
    whose answer is the question's answer."""

    family: str
    kind: str
    number: int
    seed: int
    request: ShantenRequest | ScoreRequest
    hand: str
    seat: str
    win: str | None = None
    tsumo: bool = False
    discarder: str | None = None
    missing: str | None = None
    riichi: bool = False
    flowers: str = ""
    turn: int = 0
    choices: tuple[int, ...] = field(default=())

    @property
    def id(self) -> str:
        """A stable name of the question: ``family-kind-number``."""
        return f"{self.family}-{self.kind}-{self.number}"

    @property
    def argv(self) -> tuple[str, ...]:
        """The command line that asks the same question (shown to the learner)."""
        return command_words(self.request)

    @property
    def concept(self) -> str:
        """What the question trains."""
        return CONCEPTS[self.kind]

    def question(self) -> dict[str, Any]:
        """The question as JSON, without its answer."""
        # The keys as keywords: ``riichi`` here is the declaration, not the family.
        return dict(
            id=self.id,
            family=self.family,
            kind=self.kind,
            concept=self.concept,
            seed=self.seed,
            hand=self.hand,
            seat=self.seat,
            win=self.win,
            tsumo=self.tsumo,
            **{"from": self.discarder},
            missing=self.missing,
            riichi=self.riichi,
            flowers=self.flowers,
            turn=self.turn,
            choices=list(self.choices),
            command=" ".join(self.argv),
        )


@dataclass(frozen=True, slots=True)
class Verdict:
    """A reply judged: right or not, and the expected reply."""

    correct: bool
    expected: Any


def parse_id(text: str) -> tuple[str, str, int]:
    """``family-kind-number`` read back, or a :class:`NotationError` saying what is wrong."""
    parts = text.split("-") if isinstance(text, str) else []
    if (
        len(parts) != 3
        or parts[0] not in FAMILIES
        or parts[1] not in KINDS
        or not parts[2].isdigit()
        or len(parts[2]) > len(str(MAX_NUMBER))
        or int(parts[2]) > MAX_NUMBER
    ):
        shown = text[:40] if isinstance(text, str) else type(text).__name__
        raise NotationError(Sentence("refusal.drill_id", id=repr(shown), most=MAX_NUMBER))
    return parts[0], parts[1], int(parts[2])


def drill_of(text: str) -> Drill:
    """The question named ``family-kind-number``."""
    return make_drill(*parse_id(text))


@lru_cache(maxsize=512)
def make_drill(family: str, kind: str, number: int) -> Drill:
    """Question ``number`` of ``kind`` for ``family``, from the first seeded game that offers
    one (the same question every time)."""
    if family not in FAMILIES or kind not in KINDS or not 0 <= number <= MAX_NUMBER:
        raise NotationError(
            Sentence("refusal.drill_id", id=repr(f"{family}-{kind}-{number}"), most=MAX_NUMBER)
        )
    for attempt in range(_SEEDS_PER_QUESTION):
        seed = (number * _SEEDS_PER_QUESTION + attempt) * 7919 + KINDS.index(kind)
        found = _first_position(family, kind, number, seed)
        if found is not None:
            return found
    raise NotationError(Sentence("refusal.drill_none", id=f"{family}-{kind}-{number}"))


@lru_cache(maxsize=512)
def drill_answer(drill: Drill) -> dict[str, Any]:
    """The command's own answer (English); :func:`answer_in` gives it in another language."""
    return answer_in(drill, "en")


def answer_in(drill: Drill, lang: str) -> dict[str, Any]:
    """The answer to ``drill`` in ``lang``, as ``mahjongkit ... --json --lang LANG`` prints it."""
    return answer_request(replace(drill.request, lang=lang))[1]


def grade(drill: Drill, reply: Any) -> Verdict:
    """Judge a reply: a tile to discard (``"5m"``), the list of waits, or the value (han for
    Riichi, fan otherwise). A reply of the wrong form is a :class:`NotationError`."""
    result = drill_answer(drill)
    if drill.kind == "discard":
        tile = _one_kind(reply)
        options = {o["discard"]: o for o in result["discards"]}
        if tile not in options:
            raise NotationError(Sentence("refusal.drill_not_held", tile=tile, hand=drill.hand))
        best = best_discards(result, discard_reach(drill))
        return Verdict(tile in best, best)
    if drill.kind == "waits":
        if not isinstance(reply, list) or len(reply) > 34:
            raise NotationError(Sentence("refusal.drill_reply", kind=drill.kind))
        chosen = {_one_kind(item) for item in reply}
        waits = list(result["waits"])
        return Verdict(chosen == set(waits), waits)
    if isinstance(reply, bool) or not isinstance(reply, int):
        raise NotationError(Sentence("refusal.drill_reply", kind=drill.kind))
    value = value_of(result)
    return Verdict(reply == value, value)


def best_discards(result: dict[str, Any], reach: list[dict[str, Any]] | None = None) -> list[str]:
    """The discards of a ``shanten`` answer that leave the fewest steps and, among those, the
    most tiles that improve.

    With ``reach`` (:func:`discard_reach`, Hong Kong), only the discards that keep a completion
    at the minimum are considered, when one does (by discard, else by self-draw): a fast hand
    below 3 fan cannot win.
    """
    options = result["discards"]
    for keeps in ("keeps_minimum", "keeps_minimum_self_draw") if reach else ():
        keeping = {r["discard"] for r in reach or () if r[keeps]}
        if keeping:
            options = [o for o in options if o["discard"] in keeping]
            break
    low = min(o["shanten"] for o in options)
    most = max(o["ukeire"] for o in options if o["shanten"] == low)
    return [o["discard"] for o in options if o["shanten"] == low and o["ukeire"] == most]


@lru_cache(maxsize=512)
def _reach(drill: Drill) -> tuple[Any, ...]:
    variant = find_variant(drill.family)
    seat = SEAT_LETTERS.index(drill.seat)
    return reachable_values(Hand.parse(drill.hand), variant, seat=seat)


def discard_reach(drill: Drill, lang: str = "en") -> list[dict[str, Any]] | None:
    """For a Hong Kong discard question, each discard rated by the fan its likely completions
    reach (:func:`mahjongkit.variants.analysis.reachable_values`), as JSON with the best
    completion's pattern names in ``lang``; None for another question."""
    variant = find_variant(drill.family)
    minimum = variant.capabilities.minimum_value(variant.rules())
    # Worth rating where a hand's value is counted in fan against a minimum (Hong Kong's).
    if drill.kind != "discard" or variant.capabilities.value_unit != "fan" or minimum <= 0:
        return None
    return [
        {
            "discard": format_kind(option.discard),
            "shanten": option.shanten,
            "completions": option.completions,
            "winning": option.winning,
            "winning_self_draw": option.winning_self_draw,
            "best": option.best,
            "minimum": minimum,
            "keeps_minimum": option.keeps_a_win,
            "keeps_minimum_self_draw": option.keeps_a_self_draw,
            "patterns": [hit.name(lang) for hit in option.best_patterns],
        }
        for option in _reach(drill)
    ]


def missing_suit_facts(drill: Drill) -> dict[str, Any] | None:
    """For a Sichuan question, the declared missing suit and the tiles of it still held (a
    Sichuan hand cannot win while it holds one); None in the other families."""
    if not find_variant(drill.family).capabilities.missing_suit or drill.missing is None:
        return None
    held = [t for t in parse_kinds(drill.hand) if format_kind(t)[1] == drill.missing]
    return {"suit": drill.missing, "held": [format_kind(k) for k in held]}


def value_of(result: dict[str, Any]) -> int:
    """The value a ``score`` answer gives: han in Riichi, fan in the other families."""
    return int(result["han"] if "han" in result else result["fan"])


def _one_kind(reply: Any) -> str:
    if not isinstance(reply, str) or len(reply) > 8:
        raise NotationError(Sentence("refusal.drill_tile", reply=repr(reply)[:20]))
    tile = Tile.parse(reply.strip())
    return format_kinds([tile.kind])


# --- finding a position ------------------------------------------------------------------------


def _first_position(family: str, kind: str, number: int, seed: int) -> Drill | None:
    """The first position of the seeded game that fits the question (None: none did).

    The seeded policy plays every seat through the bots' one loop; each seat asked is looked
    at before it acts, and the loop stops at the first position that fits."""
    game = Game(family, seed=seed, max_rounds=1)
    rng = random.Random(seed)
    missing_suit = find_variant(family).capabilities.missing_suit
    found: list[Drill] = []
    turns = [0]

    def decide(seat: int) -> Action:
        seen = game.observation(seat, with_events=False)
        turn = turns[0]
        turns[0] += 1
        own = seen.own
        fits = seen.phase == "turn" and not own.melds and len(seen.hand) == 14
        if fits and seen.dealer == 0 and not (missing_suit and own.missing_suit is None):
            kinds = [kind_of_id(t) for t in seen.hand]
            drill = _position(family, kind, number, seed, seen, kinds, turn)
            if drill is not None:
                found.append(drill)
        return random_policy(game, seat, rng)

    game.start()
    run_seats(game, range(game.players), decide, stop=lambda: bool(found), max_actions=_MAX_ACTIONS)
    return found[0] if found else None


def _declared_missing(family: str, seen: Observation) -> str | None:
    """The missing suit a question's request names: the declared one where the family has one."""
    if find_variant(family).capabilities.missing_suit and seen.own.missing_suit is not None:
        return "mps"[seen.own.missing_suit]
    return None


def _position(
    family: str,
    kind: str,
    number: int,
    seed: int,
    seen: Observation,
    kinds: list[int],
    turn: int,
) -> Drill | None:
    seat = SEAT_LETTERS[seen.seat]
    missing = None if seen.own.missing_suit is None else "mps"[seen.own.missing_suit]
    common: dict[str, Any] = {
        "family": family,
        "kind": kind,
        "number": number,
        "seed": seed,
        "seat": seat,
    }
    if kind == "discard":
        hand = format_kinds(kinds)
        request = ShantenRequest(hand, variant=family, missing=_declared_missing(family, seen))
        result = answer_request(request)[1]
        options = result["discards"]
        if (
            not 1 <= result["shanten"] <= 2
            or len({(o["shanten"], o["ukeire"]) for o in options}) < 3
        ):
            return None
        return Drill(request=request, hand=hand, missing=missing, turn=turn, **common)
    # A ready hand: the 13 tiles left after a discard that keeps the hand ready (found by the
    # shape analysis first: scoring each wait is kept for the hands that are ready).
    found = analyse_hand(
        Hand.parse(format_kinds(kinds)), family, missing_suit=seen.own.missing_suit
    )
    for option in found.discards:
        if option.shanten != 0 or not option.waits:
            continue
        rest = list(kinds)
        rest.remove(option.discard)
        hand = format_kinds(rest)
        waits = WaitsRequest(
            hand, variant=family, seat=seat, missing=_declared_missing(family, seen)
        )
        try:
            code, result = answer_request(waits)
        except MahjongError:
            continue
        if code != 0 or not result["waits"]:
            continue
        if kind == "waits":
            return Drill(request=waits, hand=hand, missing=missing, turn=turn, **common)
        return _worth(family, seen, hand, result, common, missing, turn)
    return None


def _worth(
    family: str,
    seen: Observation,
    hand: str,
    waits: dict[str, Any],
    common: dict[str, Any],
    missing: str | None,
    turn: int,
) -> Drill | None:
    capabilities = find_variant(family).capabilities
    flowers = format_kinds(kind_of_id(t) for t in seen.own.flowers)
    for detail in waits["wait_details"]:
        for how in ("tsumo", "ron"):
            if not detail[how]["valid"] and not capabilities.ready_declaration:
                continue  # a declaration may make a win of it (Riichi's riichi, a yaku)
            tile = detail["tile"]
            request = ScoreRequest(
                hand + tile,
                variant=family,
                seat=common["seat"],
                win=tile,
                tsumo=how == "tsumo",
                from_seat=None if how == "tsumo" else waits["from"],
                riichi=capabilities.ready_declaration,
                flowers=flowers if capabilities.bonus_tiles else "",
                missing=_declared_missing(family, seen),
            )
            try:
                code, result = answer_request(request)
            except MahjongError:
                continue
            if code != 0 or result.get("yakuman"):
                continue  # a yakuman has no han to count: not a question of worth
            value = value_of(result)
            low = max(0, value - 2)
            choices = tuple(range(low, low + 5))
            return Drill(
                request=request,
                hand=hand,
                win=tile,
                tsumo=how == "tsumo",
                discarder=None if how == "tsumo" else waits["from"],
                missing=missing,
                riichi=capabilities.ready_declaration,
                flowers=flowers if capabilities.bonus_tiles else "",
                turn=turn,
                choices=choices,
                **common,
            )
    return None
