"""A learned model at the web table: offered only when the server names its file
(``serve --model``), only at a table of its family, and played there by the bots' seats."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install -e '.[web]')")

from fastapi.testclient import TestClient

from mahjongkit.bots.learned import save_model
from mahjongkit.records import Records
from mahjongkit.variants import VARIANT_NAMES
from mahjongkit.web import create_app
from mahjongkit.web.table import Limits
from tests.bots.test_learned import random_model
from tests.web.test_table import _next, _play, _send


def test_a_served_model_plays_at_its_familys_table_and_nowhere_else(tmp_path: Path) -> None:
    family, other = VARIANT_NAMES[0], VARIANT_NAMES[1]
    path = tmp_path / "policy.npz"
    save_model(path, random_model(family, seed=4))
    learned = f"learned:{path}"
    limits = Limits(models=(str(path),), workers=0)
    app = create_app(records_path=tmp_path / "r.sqlite3", table_limits=limits)
    with TestClient(app) as client:
        page = client.get("/en/play").text
        assert f'value="{learned}"' in page and "learned model policy.npz" in page
        assert f'data-family="{family}"' in page
        with client.websocket_connect("/ws/play") as ws:
            # a file the server did not name, a model at another family's table
            for variant, bot in (
                (family, f"learned:{tmp_path / 'other.npz'}"),
                (family, "learned:/etc/passwd"),
                (other, learned),
            ):
                _send(ws, {"type": "start", "variant": variant, "seed": 1, "bots": bot})
                answer = _next(ws)
                assert answer["type"] == "error" and answer["code"] == "bots", answer
            _send(
                ws,
                {
                    "type": "start",
                    "variant": family,
                    "seed": 3,
                    "seat": 0,
                    "bots": learned,
                    "max_rounds": 1,
                },
            )
            first = _next(ws)
            assert first["type"] == "state", first
            _, over = _play(ws, first, random.Random(2))
            assert over["type"] == "game_over"
        with Records(tmp_path / "r.sqlite3") as records:
            stored = records.load(first["game"])
        assert [s.bot for s in stored.seats] == [None, learned, learned, learned]


def test_the_page_offers_no_model_when_none_is_served(tmp_path: Path) -> None:
    app = create_app(records_path=tmp_path / "r.sqlite3")
    with TestClient(app) as client:
        page = client.get("/en/play").text
        data = json.loads(page.split('id="table-data">')[1].split("</script>")[0])
        assert all(not bot.startswith("learned:") for bot in data["bots"])
