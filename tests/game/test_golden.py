"""Golden playthroughs: one seeded game per variant, its whole event log compared event by event
(issue 6, item 8).

A change of behaviour anywhere in the table or the scorers shows up here as the first differing
event. When the change is intended, regenerate the files and review the diff (one event per line,
keys sorted, so ``git diff`` shows exactly which events changed):

    .venv/bin/python -m tests.game.test_golden
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from mahjongkit.bots.policy import play_random
from mahjongkit.game.engine import Game
from tests.helpers.paths import GOLDEN

GAMES = {"riichi": 11, "hongkong": 5, "sichuan": 3}
"""The seed of each variant's golden game."""
MAX_ROUNDS = {"riichi": None, "hongkong": 8, "sichuan": None}


def play(variant: str) -> list[dict]:
    seed = GAMES[variant]
    game = Game(variant, seed=seed, max_rounds=MAX_ROUNDS[variant])
    play_random(game, random.Random(seed))
    # The explanation is prose for people; everything else in an event is compared.
    events = json.loads(json.dumps(game.log))
    for event in events:
        event.get("mjk_score", {}).pop("explanation", None)
    return events


def path_of(variant: str) -> Path:
    return GOLDEN / f"{variant}.jsonl"


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_golden_game(variant):
    with path_of(variant).open(encoding="utf-8") as lines:
        expected = [json.loads(line) for line in lines]
    played = play(variant)
    for index, (want, got) in enumerate(zip(expected, played, strict=False)):
        assert got == want, f"event {index} differs"
    assert len(played) == len(expected)
    assert any(e["type"] == "hora" for e in played)
    assert played[-1]["type"] == "end_game"


def legal_counts(variant: str) -> list[list[int]]:
    """How many legal actions each seat has at every 7th position of the golden game."""
    events = play(variant)
    counts = []
    for stop in range(1, len(events), 7):
        game = Game.replay(events[:stop])
        counts.append([len(game.legal_actions(seat)) for seat in range(game.players)])
    return counts


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_counts_of_legal_actions_at_fixed_positions(variant):
    """The legal actions offered along the golden game (DESIGN: counts from fixed positions)."""
    expected = json.loads((GOLDEN / "legal_counts.json").read_text())[variant]
    assert legal_counts(variant) == expected


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    counts = {variant: legal_counts(variant) for variant in sorted(GAMES)}
    (GOLDEN / "legal_counts.json").write_text(json.dumps(counts) + "\n")
    for variant in sorted(GAMES):
        with path_of(variant).open("w", encoding="utf-8") as out:
            for event in play(variant):
                out.write(json.dumps(event, ensure_ascii=False, sort_keys=True) + "\n")
        print(f"wrote {path_of(variant)}")


if __name__ == "__main__":
    regenerate()
