"""Fixtures shared by the test folders."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mahjongkit import variants
from mahjongkit.variants import register_variant


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The toy family (:mod:`tests.toy_family`) registered for one test (the registry and the
    catalogs as they were afterwards)."""
    from mahjongkit.i18n.messages import TABLES
    from tests.toy_family import VARIANT

    monkeypatch.setattr(variants, "_PACKAGES", dict(variants._PACKAGES))
    register_variant("toy", "tests.toy_family")
    yield "toy"
    for lang, sentences in VARIANT.sentences.items():
        for key in sentences:
            del TABLES[lang][key]
