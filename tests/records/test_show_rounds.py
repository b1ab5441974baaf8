"""``mahjongkit show ID``: each round lists every payment (riichi sticks, counters, kong money)
and each seat's change, which is the difference between its starting scores and the next
round's."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

from mahjongkit.bots.policy import play_random
from mahjongkit.cli import main
from mahjongkit.game.engine import Game
from mahjongkit.records import Records, Seat

SEATS = ("East", "South", "West", "North")


def _stored(db: Path, variant: str, wanted) -> tuple[int, Game]:
    """The first seeded random game of four rounds for which ``wanted(game)`` holds, stored."""
    for seed in range(40):
        game = Game(variant, seed=seed, max_rounds=4)
        play_random(game, random.Random(seed))
        if wanted(game):
            with Records(db) as records:
                number = records.create_game(game, [Seat(f"p{s}", "random") for s in range(4)])
                records.save(number, game)
            return number, game
    raise AssertionError("no such game in the seeds tried")


def _rounds(out: str) -> list[str]:
    return re.split(r"\n(?=Round \d+: )", out)[1:]


def _starts(block: str) -> list[int]:
    row = re.search(r"scores at the start: (.*)", block)
    assert row is not None
    found = dict(re.findall(r"(East|South|West|North) (-?\d+)", row.group(1)))
    return [int(found[s]) for s in SEATS]


def _changes(block: str) -> list[int]:
    found = dict(re.findall(r"^  (East|South|West|North): ([+-]\d+)$", block, re.M))
    return [int(found.get(s, 0)) for s in SEATS]


def test_show_lists_the_riichi_sticks_and_the_changes_add_up_to_the_next_round(tmp_path, capsys):
    """R-05: a riichi puts a 1,000-point stick on the table; the winner takes the sticks."""
    db = tmp_path / "games.sqlite3"

    def riichi_declared(game: Game) -> bool:
        return any(e["type"] == "reach_accepted" for e in game.log)

    number, game = _stored(db, "riichi", riichi_declared)
    assert main(["show", str(number), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    blocks = _rounds(out)
    assert len(blocks) == sum(e["type"] == "start_kyoku" for e in game.log)
    for block, following in itertools.pairwise(blocks):
        before, after = _starts(block), _starts(following)
        assert [a - b for a, b in zip(after, before, strict=True)] == _changes(block), block
    sticks = re.findall(r"^  (\w+) → the table: 1000 \(riichi stick\)$", out, re.M)
    declared = [SEATS[e["actor"]] for e in game.log if e["type"] == "reach_accepted"]
    assert sorted(sticks) == sorted(declared)


def test_show_itemises_sichuan_kong_money(tmp_path, capsys):
    """S-16: the wind and rain of a kong (刮風下雨) are paid at once, line by line."""
    db = tmp_path / "games.sqlite3"

    def kong_paid(game: Game) -> bool:
        return any(e["type"] == "mjk:payment" for e in game.log)

    number, game = _stored(db, "sichuan", kong_paid)
    assert main(["show", str(number), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    paid = [e for e in game.log if e["type"] == "mjk:payment"]
    kong_lines = re.findall(r"^  \w+ → \w+: \d+ \((?:wind|rain)[^)]*\)$", out, re.M)
    assert len(kong_lines) == len(paid)
    blocks = _rounds(out)
    for block, following in itertools.pairwise(blocks):
        before, after = _starts(block), _starts(following)
        assert [a - b for a, b in zip(after, before, strict=True)] == _changes(block), block
