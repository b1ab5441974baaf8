"""Start-up: ``import mahjongkit`` and each command import only what they use.

Each check runs a fresh interpreter and reads the modules it ended with (no timing).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.helpers.paths import REPO

SCORE = ["score", "234m456p678s33555z", "--win", "5z", "--tsumo", "--seat", "S", "--dora", "3s"]


def _modules_after(code: str, *args: str) -> set[str]:
    """The mahjongkit modules a fresh interpreter has imported after running ``code``."""
    report = (
        "\nimport json as _j, sys as _s\n"
        "print('MODULES=' + _j.dumps(sorted(m for m in _s.modules if m.startswith('mahjongkit'))))"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    done = subprocess.run(
        [sys.executable, "-c", code + report, *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    line = next(x for x in done.stdout.splitlines() if x.startswith("MODULES="))
    return set(json.loads(line.removeprefix("MODULES=")))


def test_import_mahjongkit_imports_nothing_else() -> None:
    assert _modules_after("import mahjongkit") == {"mahjongkit", "mahjongkit.lazy"}


def test_the_public_names_still_import_on_first_use() -> None:
    found = _modules_after("from mahjongkit import Hand, Tile; assert Hand.parse('11m').size == 2")
    assert {"mahjongkit.hand", "mahjongkit.tiles"} <= found
    assert not any(m.startswith(("mahjongkit.scoring", "mahjongkit.variants")) for m in found)


def test_the_registry_imports_a_variant_only_when_asked_and_its_parts_when_called() -> None:
    code = (
        "from mahjongkit.variants import find_variant\n"
        "variant = find_variant('riichi')\n"
        "variant.rules('tenhou')\n"
    )
    found = _modules_after(code)
    assert "mahjongkit.variants.riichi" in found
    assert not any(
        m.startswith(("mahjongkit.variants.hongkong", "mahjongkit.variants.sichuan"))
        or m in ("mahjongkit.variants.riichi.scorer", "mahjongkit.variants.riichi.flow")
        for m in found
    )
    found = _modules_after(code + "variant.make_flow()\n")
    assert "mahjongkit.variants.riichi.flow" in found


def test_a_lazy_name_that_does_not_exist_is_an_attribute_error() -> None:
    import mahjongkit
    import mahjongkit.variants.riichi as riichi

    for module in (mahjongkit, riichi):
        try:
            module.no_such_name  # type: ignore[attr-defined]  # noqa: B018
        except AttributeError as error:
            assert "no_such_name" in str(error)
        else:  # pragma: no cover - the check itself
            raise AssertionError(f"{module.__name__}.no_such_name did not fail")
