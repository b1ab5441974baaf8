"""Every page of the site in every language, reached by following links from the home pages:
all answer 200 with the right ``lang``, no internal link is broken, and no French or Spanish page
shows a sentence of the catalogs in English."""

from __future__ import annotations

import html
import re
from functools import cache
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from fastapi.testclient import TestClient

from mahjongkit.i18n.messages import MESSAGES
from mahjongkit.web.lessons import FAMILIES, SITE_LANGUAGES, courses

CJK = re.compile(
    r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]"
)
"""The CJK characters a page may show (the ranges of the site's web font)."""


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.lang: str | None = None
        self.text: list[str] = []
        self.attributes: list[str] = []
        """The words of the attributes a reader meets (alternatives, titles, labels)."""
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang")
        if found.get("id"):
            self.ids.add(str(found["id"]))
        for name in ("href", "src"):
            if (found.get(name) and tag != "link") or (tag == "link" and name == "href"):
                value = found.get(name)
                if value:
                    self.links.append(value)
        for name in ("alt", "title", "aria-label", "placeholder"):
            if found.get(name):
                self.attributes.append(str(found[name]))
        if tag in ("code", "style", "script"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("code", "style", "script"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.text.append(data)


@cache
def crawl() -> dict[str, tuple[int, _Links]]:
    """Every page reachable from the three home pages: status and parsed content by path."""
    from mahjongkit.web import create_app

    client = TestClient(create_app(), raise_server_exceptions=True)
    seen: dict[str, tuple[int, _Links]] = {}
    queue = [f"/{lang}/" for lang in SITE_LANGUAGES]
    while queue:
        path = queue.pop()
        if path in seen:
            continue
        response = client.get(path, follow_redirects=False)
        parsed = _Links()
        if response.headers.get("content-type", "").startswith("text/html"):
            parsed.feed(response.text)
        seen[path] = (response.status_code, parsed)
        for link in parsed.links:
            target = urljoin("http://site" + path, link)
            parts = urlsplit(target)
            if parts.netloc != "site" or parts.path.startswith("/tiles/"):
                continue
            queue.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return seen


def test_every_page_answers_200_with_its_language() -> None:
    pages = crawl()
    for path, (status, parsed) in pages.items():
        assert status == 200, path
        if path.startswith("/static/"):
            continue
        assert parsed.lang == path.split("/")[1], path


def test_the_crawl_reaches_every_page_of_every_language() -> None:
    pages = crawl()
    for lang in SITE_LANGUAGES:
        expected = {f"/{lang}/", f"/{lang}/glossary", f"/{lang}/calculator"}
        for family in FAMILIES:
            expected |= {f"/{lang}/{family}/", f"/{lang}/{family}/patterns"}
            expected |= {f"/{lang}/{family}/{c.slug}" for c in courses()[family].chapters}
        assert expected <= set(pages), expected - set(pages)
    assert len(courses()["sichuan"].chapters) >= 11


def test_no_internal_link_is_broken() -> None:
    pages = crawl()
    client_tiles = {p for p, _ in pages.items()}
    assert client_tiles
    for path, (_, parsed) in pages.items():
        for link in parsed.links:
            if link == "#":
                raise AssertionError(f"{path}: a link points nowhere (#)")
            target = urlsplit(urljoin("http://site" + path, link))
            if target.netloc != "site":
                raise AssertionError(f"{path}: external link {link} (the site works offline)")
            if target.fragment and target.path.endswith("/glossary"):
                lang = target.path.split("/")[1]
                assert target.fragment in pages[f"/{lang}/glossary"][1].ids, (path, link)


def test_tile_pictures_of_every_page_exist(client: TestClient) -> None:
    tiles = {
        link
        for _, parsed in crawl().values()
        for link in parsed.links
        if link.startswith("/tiles/")
    }
    assert "/tiles/5s.svg" in tiles
    for tile in tiles:
        assert client.get(tile).status_code == 200, tile


@cache
def _english_sentences(lang: str) -> list[str]:
    """The catalogs' English texts that the language says differently, without placeholders."""
    found = []
    for key, english in MESSAGES["en"].items():
        own = MESSAGES[lang].get(key)
        if not own or own == english:
            continue
        for piece in re.split(r"\{[^}]*\}", english):
            piece = piece.strip(" :;,.()→×-")
            if len(piece) >= 12 and piece not in own:
                found.append(piece)
    return sorted(set(found))


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_no_french_or_spanish_page_shows_catalog_english(lang: str) -> None:
    sentences = _english_sentences(lang)
    assert "Skip to the content" in sentences
    for path, (_, parsed) in crawl().items():
        if not path.startswith(f"/{lang}/"):
            continue
        text = html.unescape(" ".join(" ".join(parsed.text).split()))
        for sentence in sentences:
            assert sentence not in text, (path, sentence)


def test_the_english_check_would_catch_an_untranslated_page() -> None:
    sentences = _english_sentences("fr")
    english_home = " ".join(" ".join(crawl()["/en/"][1].text).split())
    assert any(sentence in english_home for sentence in sentences)
