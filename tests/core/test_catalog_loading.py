"""The surfaces' sentence tables join the core tables on the first lookup of one of their keys:
a command that only scores never loads the site's sentences, and every key is still found."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from mahjongkit.i18n import messages
from mahjongkit.i18n.command_line import COMMAND_LINE
from mahjongkit.i18n.learn import LEARN
from mahjongkit.i18n.play import TABLES as PLAY
from mahjongkit.i18n.practice import PRACTICE
from mahjongkit.i18n.refusals import REFUSALS
from mahjongkit.i18n.site import SITE
from mahjongkit.i18n.table import TABLE
from tests.helpers.paths import REPO

SURFACES = {
    "site": SITE,
    "refusals": REFUSALS,
    "practice": PRACTICE,
    "play": PLAY,
    "table": TABLE,
    "command_line": COMMAND_LINE,
    "learn": LEARN,
}


def _run(code: str) -> dict[str, object]:
    """What a fresh interpreter printed as ``OUT=`` JSON after running ``code``, with the
    catalog modules it had imported by then."""
    report = (
        "\nimport json as _j, sys as _s\n"
        "OUT['modules'] = sorted(m for m in _s.modules if m.startswith('mahjongkit.i18n.'))\n"
        "print('OUT=' + _j.dumps(OUT, ensure_ascii=False))"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    done = subprocess.run(
        [sys.executable, "-c", "OUT = {}\n" + code + report],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    line = next(x for x in done.stdout.splitlines() if x.startswith("OUT="))
    found: dict[str, object] = json.loads(line.removeprefix("OUT="))
    return found


@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_every_key_of_a_surface_has_a_prefix_that_loads_that_surface(surface: str) -> None:
    for lang, table in SURFACES[surface].items():
        strays = [k for k in table if messages._SURFACES.get(k.partition(".")[0]) != surface]
        assert strays == [], (lang, strays[:5])


def test_a_core_sentence_loads_no_surface_table() -> None:
    found = _run("from mahjongkit.i18n import t\nOUT['said'] = t('score.total_fan', 'fr', fan=3)")
    assert found == {"said": "Total : 3 fan", "modules": ["mahjongkit.i18n.messages"]}


@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_a_surface_sentence_is_found_on_first_lookup_and_loads_only_its_table(
    surface: str,
) -> None:
    catalog = SURFACES[surface]
    key = next(k for k in catalog["fr"] if "{" not in catalog["fr"][k] + catalog["en"][k])
    code = (
        "from mahjongkit.i18n import t_or\n"
        f"OUT['fr'] = t_or({key!r}, 'fr', 'MISSING')\n"
        f"OUT['ja'] = t_or({key!r}, 'ja', 'MISSING')\n"
    )
    found = _run(code)
    assert found["fr"] == SURFACES[surface]["fr"][key].format()
    assert found["ja"] == SURFACES[surface]["en"][key].format()  # no Japanese: the English
    assert found["modules"] == sorted(["mahjongkit.i18n.messages", f"mahjongkit.i18n.{surface}"])


def test_sentences_tile_names_and_unknown_keys_behave_as_with_every_table_loaded() -> None:
    code = (
        "from mahjongkit.i18n import Sentence, t, t_or, tile_name\n"
        "from mahjongkit.errors import NotationError\n"
        "OUT['tile'] = tile_name('7z', 'fr')\n"
        "OUT['refusal'] = Sentence('refusal.from_self').say('es')\n"
        "OUT['default'] = t_or('no.such.key', 'fr', 'fallback')\n"
        "try:\n"
        "    t('web.no_such_key', 'fr')\n"
        "except KeyError as e:\n"
        "    OUT['error'] = e.args[0]\n"
        "try:\n"
        "    tile_name('8z')\n"
        "except NotationError as e:\n"
        "    OUT['bad_tile'] = str(e)\n"
    )
    found = _run(code)
    assert found["tile"] == "Dragon rouge"
    assert found["refusal"] == REFUSALS["es"]["refusal.from_self"]
    assert found["default"] == "fallback"
    assert found["error"] == "web.no_such_key"
    assert "'8z' is not a tile" in str(found["bad_tile"])
    # An unknown prefix looked everywhere: every table is loaded by then.
    assert len(found["modules"]) == 1 + len(SURFACES)  # type: ignore[arg-type]


def test_messages_is_every_table_at_once() -> None:
    found = _run(
        "from mahjongkit.i18n.messages import MESSAGES\n"
        "OUT['count'] = len(MESSAGES['fr'])"
    )
    every = len(messages.load_all()["fr"])
    assert found["modules"] == [f"mahjongkit.i18n.{m}" for m in sorted([*SURFACES, "messages"])]
    assert found["count"] == every
