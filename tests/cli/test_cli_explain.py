"""The explanation under a score says how the hand was read: the hand line sorts and merges the
tiles, the reading line gives the sets and pair the score counted (first-use review, finding 20);
the README's dora example shows its dora."""

from __future__ import annotations

import json

import pytest

from mahjongkit.cli import main

HONG_KONG = ("score", "123s789s23s22z4s", "--variant", "hongkong", "--win", "4s", "--meld",
             "pung:555s@E", "--seat", "S", "--from", "E")  # fmt: skip


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


@pytest.mark.parametrize(
    ("lang", "reading"),
    [("en", "Reading: 123s 234s 789s 22z"), ("fr", "Lecture : 123s 234s 789s 22z"),
     ("es", "Lectura: 123s 234s 789s 22z"), ("zh", "牌型：123s 234s 789s 22z")],
)  # fmt: skip
def test_the_hong_kong_reading_follows_the_hand(capsys, lang, reading):
    code, out = run(capsys, *HONG_KONG, "--lang", lang)
    lines = out.splitlines()
    assert code == 0 and lines[1] == reading, lines[:3]
    assert "122334789s22z pung:555s@E" in lines[0]


def test_a_shape_is_named_in_the_language(capsys):
    code, out = run(capsys, "score", "1199m1199p1199s11z", "--win", "1z", "--tsumo", "--lang", "fr")
    assert code == 0 and out.splitlines()[1] == "Lecture : sept paires"
    code, out = run(capsys, "score", "19m19p19s1234567z1m", "--win", "1m", "--tsumo")
    assert code == 0 and out.splitlines()[1] == "Reading: thirteen orphans"


def test_the_engines_score_json_is_unchanged_by_the_reading(capsys):
    """A stored game replays against the scores in its events: the reading is the text's, not
    a new field of Hong Kong's JSON (Riichi and Sichuan had theirs already)."""
    code, out = run(capsys, *HONG_KONG, "--json")
    answer = json.loads(out)
    assert code == 0 and "reading" not in answer
    assert answer["explanation"].splitlines()[1] == "Reading: 123s 234s 789s 22z"


def test_the_readme_dora_example_shows_its_dora(capsys):
    code, out = run(capsys, "score", "234m456p678s33555z", "--win", "5z", "--tsumo", "--seat", "S",
                    "--dora", "2z")  # fmt: skip
    assert code == 0 and "Dora ×2: 2 han" in out.splitlines()
