"""Load a script of ``bench/`` as a module, for tests of its parts."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from tests.helpers.paths import REPO


def load_bench(name: str) -> ModuleType:
    """``bench/<name>.py`` as the module ``<name>_bench`` (registered first: its dataclasses
    look their module up by name)."""
    spec = importlib.util.spec_from_file_location(f"{name}_bench", REPO / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(f"{name}_bench", module)
    spec.loader.exec_module(module)
    return module
