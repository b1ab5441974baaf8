"""Real Tenhou games replayed through the table under the tenhou preset (issue 6, item 6).

Every recorded action must be legal when it is played, every draw must deal the recorded tile,
every win and draw must happen where Tenhou had it, every round's score changes must equal
Tenhou's, and the round that follows (dealer, counters, deposits, scores, or the game's end) must
be the one Tenhou played.
"""

import subprocess
import sys

import pytest

from mahjongkit.formats.tenhou.replay import check_file
from tests.helpers.paths import DATA

MJLOG = DATA / "riichi" / "mjlog"
FILES = sorted(p for p in MJLOG.iterdir() if p.suffix in (".xml", ".mjlog"))

SPECIAL = "special lobby (chip, ratio or custom rules)"
EXCLUDED = {
    "dnovikoff_chip.xml": SPECIAL,
    "dnovikoff_newattr2023.xml": SPECIAL,
    "dnovikoff_ratio.xml": SPECIAL,
    "dnovikoff_ratio1.xml": SPECIAL,
    "dnovikoff_sanma.xml": SPECIAL,
}
"""Records outside the standard lobbies, with the reason each is kept out (the three-player
game, dnovikoff_sanma2.xml, replays under the tenhou3 preset)."""


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_standard_game_replays_exactly(path):
    report = check_file(path)
    if path.name in EXCLUDED:
        assert report.skipped == EXCLUDED[path.name]
        return
    assert report.skipped is None
    assert report.mismatches == []
    assert report.checked == len(report.rounds) > 0


def test_the_conformance_set_is_what_it_should_be():
    assert len(FILES) == 58
    checked = sum(check_file(p).checked for p in FILES if p.name not in EXCLUDED)
    assert checked == 439 + 6  # the four-player rounds, and the three-player game's six


def test_replay_check_command_reports_and_exits(tmp_path):
    good = MJLOG / "dnovikoff_example.xml"
    done = subprocess.run(
        [sys.executable, "-m", "mahjongkit", "replay-check", str(good)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "rounds checked, 0 mismatches" in done.stdout
    broken = tmp_path / "broken.xml"
    text = good.read_text()
    # Change the first discard so that the recorded game is no longer what was played.
    first = text.index("<D")
    end = text.index("/>", first)
    tile = int(text[first + 2 : end])
    broken.write_text(text[:first] + f"<D{(tile + 4) % 136}" + text[end:])
    done = subprocess.run(
        [sys.executable, "-m", "mahjongkit", "replay-check", str(broken)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "1 mismatches" in done.stdout
    assert "E1-0" in done.stdout and f"tile id {(tile + 4) % 136}" in done.stdout


def test_replay_check_garbage_file(tmp_path):
    garbage = tmp_path / "garbage.mjlog"
    garbage.write_bytes(b"\x00\x01 not a log")
    done = subprocess.run(
        [sys.executable, "-m", "mahjongkit", "replay-check", str(garbage)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_replay_check_reports_a_damaged_file_and_goes_on(tmp_path):
    damaged = tmp_path / "damaged.xml"
    damaged.write_text("<mjloggm><INIT")
    good = MJLOG / "dnovikoff_example.xml"
    done = subprocess.run(
        [sys.executable, "-m", "mahjongkit", "replay-check", str(damaged), str(good)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "damaged.xml: cannot be read" in done.stderr
    assert "dnovikoff_example.xml: 9 rounds checked, 0 mismatches" in done.stdout
