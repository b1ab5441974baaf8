"""Real-browser tests: Playwright drives Debian's Chromium against the site served by uvicorn
(the session's browser, site and tab fixtures of ``conftest.py``)."""

from __future__ import annotations

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

from tests.web.conftest import CHROMIUM  # noqa: E402

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (./dev test installs it)"
)


def _focused(page: object) -> dict[str, str]:
    return page.evaluate(  # type: ignore[attr-defined,no-any-return]
        "() => ({tag: document.activeElement.tagName, text: document.activeElement.innerText,"
        " href: document.activeElement.getAttribute('href') || ''})"
    )


def test_a_lesson_can_be_read_by_keyboard_alone(page: object, site: str) -> None:
    page.goto(f"{site}/fr/sichuan/roots")  # type: ignore[attr-defined]
    page.keyboard.press("Tab")  # type: ignore[attr-defined]
    first = _focused(page)
    assert first["href"] == "#content" and first["text"] == "Aller au contenu"
    page.keyboard.press("Enter")  # type: ignore[attr-defined]
    assert page.evaluate("() => document.activeElement.id") == "content"  # type: ignore[attr-defined]
    for _ in range(200):
        page.keyboard.press("Tab")  # type: ignore[attr-defined]
        if _focused(page)["href"] == "/fr/sichuan/bonus-fan":
            break
    else:
        raise AssertionError("Tab never reached the next-chapter link")
    page.keyboard.press("Enter")  # type: ignore[attr-defined]
    page.wait_for_url(f"{site}/fr/sichuan/bonus-fan")  # type: ignore[attr-defined]
    assert page.locator("h1").inner_text() == "Les fan bonus"  # type: ignore[attr-defined]
    assert page.evaluate("() => document.documentElement.lang") == "fr"  # type: ignore[attr-defined]


def test_focus_is_visible(page: object, site: str) -> None:
    page.goto(f"{site}/en/sichuan/")  # type: ignore[attr-defined]
    page.keyboard.press("Tab")  # type: ignore[attr-defined]
    page.keyboard.press("Tab")  # type: ignore[attr-defined]
    outline = page.evaluate(  # type: ignore[attr-defined]
        "() => getComputedStyle(document.activeElement).outlineStyle"
    )
    assert outline == "solid"


def test_the_language_switch_keeps_the_page(page: object, site: str) -> None:
    page.goto(f"{site}/en/sichuan/missing-suit")  # type: ignore[attr-defined]
    page.get_by_role("link", name="Español").click()  # type: ignore[attr-defined]
    page.wait_for_url(f"{site}/es/sichuan/missing-suit")  # type: ignore[attr-defined]
    assert page.locator("h1").inner_text() == "El palo ausente"  # type: ignore[attr-defined]
    assert page.locator("img[alt='cuatro de círculos']").count() > 0  # type: ignore[attr-defined]
    page.get_by_role("link", name="Français").click()  # type: ignore[attr-defined]
    page.wait_for_url(f"{site}/fr/sichuan/missing-suit")  # type: ignore[attr-defined]
    assert page.locator("h1").inner_text() == "La couleur manquante"  # type: ignore[attr-defined]


def test_tiles_are_drawn_and_the_page_fits_a_phone(page: object, site: str) -> None:
    page.goto(f"{site}/fr/sichuan/fan-table")  # type: ignore[attr-defined]
    widths = page.evaluate(  # type: ignore[attr-defined]
        "() => [document.documentElement.scrollWidth, window.innerWidth]"
    )
    assert widths[0] <= widths[1], widths
    tile = page.locator("img.tile").first  # type: ignore[attr-defined]
    assert tile.evaluate("img => img.complete && img.naturalWidth > 0")
    assert tile.get_attribute("alt")
