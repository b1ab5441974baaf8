"""What every test run shares: which build its doctests can read.

A compiled module keeps no docstrings, so its doctests run where its source does: in the
pure-Python pass of ``./dev test`` (``MAHJONGKIT_PURE=1``), not in the compiled one.
"""

from __future__ import annotations

from pathlib import Path

from mahjongkit import native

_SOURCES = Path(__file__).resolve().parent / "src"


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Leave out the doctests of the modules running compiled."""
    if collection_path.suffix != ".py" or not native.is_compiled():
        return None
    try:
        parts = collection_path.resolve().relative_to(_SOURCES).with_suffix("").parts
    except ValueError:
        return None
    return True if ".".join(parts) in native.modules() else None
