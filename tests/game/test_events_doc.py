"""docs/events.md against the engine: every event type documented, every example real.

The page's examples name the seeded game they come from (``Source: `label` seed S, event I``);
these tests play those games again and compare, so the page cannot drift from the engine.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from mahjongkit.bots.policy import play_random
from mahjongkit.errors import NotationError
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import visible_event
from mahjongkit.table.events import EVENT_TYPES, MJAI_TYPES, check_event
from mahjongkit.variants.riichi.rules import RiichiRules
from mahjongkit.variants.sichuan.rules import SichuanRules
from tests.helpers.paths import REPO

DOC = REPO / "docs" / "events.md"

GAMES: dict[str, tuple[str, Any, float]] = {
    "riichi": ("riichi", None, 1.0),
    "riichi-tenhou": ("riichi", RiichiRules.tenhou(), 1.0),
    "riichi-passing": ("riichi", None, 0.5),
    "riichi-tenhou3": ("riichi", RiichiRules.tenhou3(), 1.0),
    "hongkong": ("hongkong", None, 1.0),
    "sichuan-exchange": ("sichuan", SichuanRules(huan_san_zhang="random"), 1.0),
}
"""The page's game labels: variant, rules, the random player's win rate."""

FAMILY_GAMES: dict[str, list[tuple[str, int]]] = {
    "riichi": [
        ("riichi", 0),
        ("riichi", 5),
        ("riichi-tenhou", 0),
        ("riichi-tenhou", 2),
        ("riichi-tenhou3", 0),
    ],
    "hongkong": [("hongkong", 0)],
    "sichuan": [("sichuan-exchange", 0), ("sichuan-exchange", 1), ("sichuan-default", 0)],
}
"""Seeded games whose event types must all be on the page, listed under their family."""

MJAI_TILES = frozenset(
    [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNPFC") + ["5mr", "5pr", "5sr"]
)
"""mjai's tile strings (besides ``?``, a tile not shown)."""

MJAI_REQUIRED: dict[str, tuple[str, ...]] = {
    "start_game": (),
    "start_kyoku": ("bakaze", "dora_marker", "kyoku", "honba", "kyotaku", "oya", "tehais"),
    "tsumo": ("actor", "pai"),
    "dahai": ("actor", "pai", "tsumogiri"),
    "reach": ("actor",),
    "reach_accepted": ("actor",),
    "chi": ("actor", "target", "pai", "consumed"),
    "pon": ("actor", "target", "pai", "consumed"),
    "daiminkan": ("actor", "target", "pai", "consumed"),
    "ankan": ("actor", "consumed"),
    "kakan": ("actor", "pai", "consumed"),
    "nukidora": ("actor", "pai"),
    "dora": ("dora_marker",),
    "hora": ("actor", "target"),
    "ryukyoku": (),
    "end_kyoku": (),
    "end_game": (),
}
"""The fields the mjai protocol requires of each of its event types (its JSON schemas)."""

MJAI_CONSUMED = {"chi": 2, "pon": 2, "daiminkan": 3, "ankan": 4, "kakan": 3}
"""How many tiles mjai's ``consumed`` holds for each call."""

NOT_REQUIRED_HERE = {("start_kyoku", "dora_marker")}
"""mjai fields mahjongkit declares optional: Hong Kong and Sichuan turn no indicators."""


@cache
def played(label: str, seed: int) -> Game:
    """A page game played to its end (``sichuan-default``: Sichuan with its default rules)."""
    variant, rules, win_rate = GAMES.get(label, ("sichuan", None, 1.0))
    game = Game(variant, rules, seed=seed)
    play_random(game, random.Random(seed), win_rate=win_rate)
    return game


@dataclass(frozen=True)
class Example:
    """One JSON example of the page and where it says it comes from."""

    line: int
    text: str
    label: str | None
    seed: int
    index: int
    seat: int | None
    shortened: tuple[str, ...]

    @property
    def value(self) -> Any:
        return json.loads(self.text)


_SOURCE = re.compile(r"^Source: `([\w-]+)` seed (\d+), event (\d+)(?:, as seat (\d) sees it)?\.$")


def _page() -> str:
    return DOC.read_text(encoding="utf-8")


def examples() -> list[Example]:
    """Every ```json block of the page, with the source line above it and the note below."""
    lines = _page().splitlines()
    found = []
    index = 0
    while index < len(lines):
        if lines[index].strip() != "```json":
            index += 1
            continue
        start = index
        end = lines.index("```", start + 1)
        above = next((line for line in reversed(lines[:start]) if line.strip()), "")
        below = next((line for line in lines[end + 1 :] if line.strip()), "")
        match = _SOURCE.match(above)
        shortened = (
            tuple(re.findall(r"`(\w+)`", below)) if below.startswith("Shortened (…)") else ()
        )
        found.append(
            Example(
                line=start + 1,
                text="\n".join(lines[start + 1 : end]),
                label=match.group(1) if match else None,
                seed=int(match.group(2)) if match else 0,
                index=int(match.group(3)) if match else 0,
                seat=int(match.group(4)) if match and match.group(4) else None,
                shortened=shortened,
            )
        )
        index = end + 1
    return found


def sections() -> dict[str, str]:
    """Each event section's body, by the type in its heading (``### `type` ``)."""
    parts = re.split(r"^### `([^`]+)`$", _page(), flags=re.MULTILINE)
    return {parts[i]: parts[i + 1].split("\n## ")[0] for i in range(1, len(parts), 2)}


def families_of(body: str) -> set[str]:
    match = re.search(r"^Emitted by: ([\w, ]+)\.$", body, flags=re.MULTILINE)
    assert match, "an event section says which families emit it"
    return {name.strip() for name in match.group(1).split(",")}


def full_log_examples() -> Iterator[Example]:
    return (e for e in examples() if e.seat is None)


def _id(example: Example) -> str:
    return f"line{example.line}"


# --- the page covers every type ------------------------------------------------------------------


def test_every_event_type_has_a_section_and_no_section_is_unknown() -> None:
    assert set(sections()) == set(EVENT_TYPES)


def test_every_section_has_an_example_of_its_own_type() -> None:
    shown = {e.value["type"] for e in examples()}
    assert shown == set(EVENT_TYPES)
    for kind, body in sections().items():
        assert f'"type": "{kind}"' in body, kind


def test_every_section_lists_each_field_of_its_declaration() -> None:
    for kind, body in sections().items():
        declared = set(EVENT_TYPES[kind].__annotations__) - {"type"}
        if kind in ("pon", "daiminkan"):
            body = sections()["chi"]  # their fields are documented once, under chi
        for field in declared:
            assert f"| `{field}` |" in body, f"{kind}: field {field} is not in its table"


def test_the_page_labels_are_the_tests_games() -> None:
    labels = set(re.findall(r"^\| `([\w-]+)` \| `Game\(", _page(), flags=re.MULTILINE))
    assert labels == set(GAMES)


# --- every example is valid and real -------------------------------------------------------------


def test_every_json_example_parses_and_names_its_source() -> None:
    found = examples()
    assert len(found) >= len(EVENT_TYPES)
    for example in found:
        assert isinstance(example.value, dict), example.line
        assert example.label in GAMES, f"line {example.line}: no source line above the example"


@pytest.mark.parametrize("example", list(full_log_examples()), ids=_id)
def test_a_log_example_passes_check_event(example: Example) -> None:
    assert check_event(example.value) == example.value


@pytest.mark.parametrize("example", examples(), ids=_id)
def test_an_example_is_the_event_of_its_game(example: Example) -> None:
    assert example.label is not None
    real = played(example.label, example.seed).log[example.index]
    if example.seat is not None:
        seen = visible_event(real, example.seat)
        assert seen is not None
        real = seen
    expected = json.loads(json.dumps(real))
    shown = example.value
    assert set(shown) == set(expected), f"line {example.line}: fields differ"
    for name, value in shown.items():
        if name not in example.shortened:
            assert value == expected[name], f"line {example.line}: field {name}"
        elif isinstance(value, list):
            assert value and value == expected[name][: len(value)], name
            assert len(value) < len(expected[name]), f"{name} is said shortened but is whole"
        else:
            assert value.items() <= expected[name].items(), name
            assert len(value) < len(expected[name]), f"{name} is said shortened but is whole"


def test_an_example_as_a_seat_sees_it_passes_check_event() -> None:
    seen = [e for e in examples() if e.seat is not None]
    assert seen
    for example in seen:
        check_event(example.value, as_seen=True)


# --- the engine emits nothing the page leaves out ------------------------------------------------


@pytest.mark.parametrize("family", sorted(FAMILY_GAMES))
def test_every_type_a_family_emits_is_documented_for_that_family(family: str) -> None:
    documented = sections()
    emitted = {
        event["type"] for label, seed in FAMILY_GAMES[family] for event in played(label, seed).log
    }
    assert {"start_game", "tsumo", "dahai", "hora", "end_game"} <= emitted
    for kind in emitted:
        assert kind in documented, f"{family} emits {kind}, which the page does not document"
        assert family in families_of(documented[kind]), f"{kind} is not listed for {family}"


def test_a_type_documented_for_one_family_only_is_not_emitted_by_the_others() -> None:
    for kind, body in sections().items():
        families = families_of(body)
        for family, games in FAMILY_GAMES.items():
            if family in families:
                continue
            for label, seed in games:
                assert all(e["type"] != kind for e in played(label, seed).log), (kind, family)


# --- mjai compatibility --------------------------------------------------------------------------


def test_the_mjai_table_covers_exactly_the_mjai_types() -> None:
    assert set(MJAI_REQUIRED) == MJAI_TYPES


@pytest.mark.parametrize("family", sorted(FAMILY_GAMES))
def test_mjai_events_carry_the_fields_mjai_requires(family: str) -> None:
    checked = 0
    for label, seed in FAMILY_GAMES[family]:
        for event in played(label, seed).log:
            kind = event["type"]
            if kind not in MJAI_TYPES:
                continue
            for field in MJAI_REQUIRED[kind]:
                if family != "riichi" and (kind, field) in NOT_REQUIRED_HERE:
                    assert field not in event
                    continue
                assert field in event, f"{family} {kind} lacks mjai's {field}"
            if kind in MJAI_CONSUMED:
                assert len(event["consumed"]) == MJAI_CONSUMED[kind], event
            checked += 1
    assert checked > 100


def test_riichi_tiles_are_mjai_strings() -> None:
    for label, seed in FAMILY_GAMES["riichi"]:
        for event in played(label, seed).log:
            if event["type"] not in MJAI_TYPES:
                continue
            tiles = [event[k] for k in ("pai", "dora_marker") if k in event]
            tiles += list(event.get("consumed", ())) + list(event.get("uradora_markers", ()))
            tiles += [t for hand in event.get("tehais", ()) for t in hand]
            assert set(tiles) <= MJAI_TILES, event


def test_check_event_refuses_an_mjai_event_missing_a_field_mjai_requires() -> None:
    by_type = {e.value["type"]: e.value for e in full_log_examples()}
    for kind, fields in MJAI_REQUIRED.items():
        for field in fields:
            if (kind, field) in NOT_REQUIRED_HERE:
                continue
            event = dict(by_type[kind])
            del event[field]
            with pytest.raises(NotationError, match=f"missing field '{field}'"):
                check_event(event)
