"""``mahjongkit play`` in a real terminal: tmux runs it at 80×24, the test reads the pane as a
person would (``capture-pane``) and answers with the keys it shows (``send-keys``), one whole
game per family, in French and Spanish. Every wait is bounded. The seeds are games in which the
person, who takes every win, passes every call and discards what it draws (else the tile a
refusal names), is offered a call at least once."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("textual")

from mahjongkit.i18n import t
from mahjongkit.records import Records
from tests.helpers.paths import REPO
from tests.helpers.screen import OFFER

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (./dev test installs it)"
)

GAME_SECONDS = 30.0
"""The most one game may take, start to final table (3 to 12 s on a quiet machine; the bound
leaves room for a loaded one)."""
STEP_SECONDS = 10.0
"""The most the screen may take to answer one key (a fraction of a second, usually)."""


class Pane:
    """One tmux server of its own (its socket in the test's folder) running one command."""

    def __init__(self, folder: Path, command: str) -> None:
        assert TMUX is not None
        self.base = [TMUX, "-S", str(folder / "tmux.sock"), "-f", "/dev/null"]
        # The shell keeps the pane after the game ends, so that its last screen can be read.
        script = f"{command}; echo '[exited '$?']'; sleep 60"
        self._tmux("new-session", "-d", "-s", "play", "-x", "80", "-y", "24", script)

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(
            [*self.base, *args], capture_output=True, text=True, timeout=10, check=True
        )
        return done.stdout

    def text(self) -> str:
        """The pane as it is shown now."""
        return self._tmux("capture-pane", "-p", "-t", "play")

    def send(self, key: str) -> None:
        self._tmux("send-keys", "-t", "play", key)

    def wait(self, ready: Callable[[str], bool], seconds: float, what: str) -> str:
        """The pane once ``ready`` holds and the screen has stopped changing (a capture can
        fall in the middle of a redraw), failing after ``seconds``."""
        deadline = time.monotonic() + seconds
        text = self.text()
        while time.monotonic() < deadline:
            if ready(text):
                time.sleep(0.1)
                again = self.text()
                if again == text:
                    return text
                text = again
                continue
            time.sleep(0.05)
            text = self.text()
        raise AssertionError(f"{what}: not shown (or still changing) after {seconds} s:\n{text}")

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True, timeout=10)


def _offers(text: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in text.splitlines():
        for match in OFFER.finditer(line.rstrip()):
            found[match.group(2).strip()] = match.group(1)
    return found


def _refused_for(text: str) -> str | None:
    """The first tile a refusal on screen says to discard instead (the missing suit's)."""
    match = re.search(r"\(([mps])\)[^:\n]*: (\d[mps])", text)
    return match.group(2) if match else None


@pytest.mark.parametrize(
    ("variant", "lang", "seed"),
    [
        ("riichi", "fr", 3),
        ("riichi", "es", 4),
        ("hongkong", "fr", 4),
        ("hongkong", "es", 10),
        ("sichuan", "fr", 3),
        ("sichuan", "es", 1),
    ],
)
def test_a_game_of_each_family_is_played_in_tmux_with_the_keys_on_screen(
    tmp_path, variant, lang, seed
):
    db = tmp_path / "records.sqlite3"
    command = " ".join(
        shlex.quote(part)
        for part in (
            "env",
            f"PYTHONPATH={REPO / 'src'}",
            "TERM=xterm-256color",
            sys.executable,
            "-m",
            "mahjongkit",
            "play",
            "--variant",
            variant,
            "--lang",
            lang,
            "--seed",
            str(seed),
            "--max-rounds",
            "1",
            "--plain",
            "--db",
            str(db),
        )
    )
    words = {
        "turn": t("play.your_turn", lang).split(":")[0],
        "declare": t("play.your_declare", lang).split(":")[0],
        "continue": t("play.continue", lang).split(" (")[0],
        "over": t("play.game_over", lang),
        "pass": t("play.pass_key", lang),
        "change": t("play.result.change", lang, changes="").strip(),
        "hand": t("play.hand", lang),
        "flower": t("play.action.flower", lang, tile="").strip(),
    }
    pane = Pane(tmp_path, command)
    seen_keys: set[str] = set()
    try:
        start = time.monotonic()
        text = pane.wait(lambda s: words["hand"] in s, STEP_SECONDS, "the first screen")
        while words["over"] not in text:
            assert time.monotonic() - start < GAME_SECONDS, f"the game took too long:\n{text}"
            offers = _offers(text)
            seen_keys.update(offers.values())
            wins = [key for label, key in offers.items() if "(ron)" in label or "(tsumo)" in label]
            flowers = [key for label, key in offers.items() if label.startswith(words["flower"])]
            if words["continue"] in text:
                key = "Enter"
            elif wins:
                key = wins[0]
            elif flowers:
                key = flowers[0]
            elif words["declare"] in text:
                key = offers[t("play.action.declare_missing", lang, suit=t("play.suit.2", lang))]
            elif words["pass"] in offers.values():
                key = "x"
            elif words["turn"] in text:
                instead = _refused_for(text)
                if instead:  # the drawn tile may not go: the tile the refusal names, then Enter
                    pane.send(instead[0])
                    pane.send(instead[1])
                key = "Enter"
            else:
                # Bots are playing, or a message is shown: wait for the next screen.
                text = pane.wait(lambda s, old=text: s != old, STEP_SECONDS, "a new screen")
                continue
            before = text
            pane.send(key)
            text = pane.wait(lambda s, old=before: s != old, STEP_SECONDS, f"the answer to {key}")
        # The final table and the last hand's result, in the game's language.
        assert words["change"] in text, text
        pane.send("Enter")
        pane.wait(lambda s: "[exited 0]" in s, STEP_SECONDS, "the end of the program")
    finally:
        pane.close()
    if variant == "sichuan":
        assert {"m", "p", "s"} <= seen_keys  # the missing suit's keys were on screen
    assert any(key.startswith("x/") for key in seen_keys)  # a claim window was shown
    with Records(db, create=False) as records:
        (game,) = records.list_games()
        assert game.status == "finished" and game.variant == variant
