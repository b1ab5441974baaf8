"""Fixtures of the site's tests: one application and one client for a module, and for the
real-browser tests one Chromium and one served site for the whole session.

Playwright drives Debian's Chromium (``/usr/bin/chromium``, installed by ``./dev test``; no
browser is ever downloaded). The browser sees no system CJK font (fontconfig rejects every font
that covers Chinese or Japanese), as on a machine without them: the CJK glyphs a page shows
must come from the font the package ships.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install -e '.[web]')")

from fastapi.testclient import TestClient

from mahjongkit.web import create_app

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
NO_CJK_FONTS = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont>
    <pattern><patelt name="lang"><string>zh-cn</string></patelt></pattern>
    <pattern><patelt name="lang"><string>zh-tw</string></patelt></pattern>
    <pattern><patelt name="lang"><string>ja</string></patelt></pattern>
  </rejectfont></selectfont>
  <cachedir>{cache}</cachedir>
</fontconfig>
"""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One Chromium for every browser test of the session."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (./dev test installs it)")
    sync_api = pytest.importorskip("playwright.sync_api")
    fonts = tmp_path_factory.mktemp("fonts")
    (fonts / "fonts.conf").write_text(NO_CJK_FONTS.format(cache=fonts / "cache"))
    import os

    env = {**os.environ, "FONTCONFIG_FILE": str(fonts / "fonts.conf")}
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=ARGS, timeout=30_000, env=env
        )
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def site_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the session's site keeps its progress and its records."""
    return tmp_path_factory.mktemp("site")


@pytest.fixture(scope="session")
def records_path(site_folder: Path) -> Path:
    """The records file of the session's site (a test may store a game there to open it)."""
    return site_folder / "records.sqlite3"


@pytest.fixture(scope="session")
def site(site_folder: Path, records_path: Path) -> Iterator[str]:
    """The site served on loopback for the session, with its own progress and records, and
    WebSockets (the table, the rooms): one server for every browser test of the session."""
    pytest.importorskip("uvicorn")
    pytest.importorskip("websockets")
    from mahjongkit.web.local import serving

    app = create_app(site_folder / "site.sqlite3", records_path)
    with serving(app, ws="websockets-sansio") as address:
        yield address


@pytest.fixture
def page(browser: Any, site: str) -> Iterator[Any]:
    """A fresh tab (its own cookies) at a phone's width."""
    context = browser.new_context(viewport={"width": 375, "height": 740})
    context.set_default_timeout(10_000)
    tab = context.new_page()
    yield tab
    context.close()
