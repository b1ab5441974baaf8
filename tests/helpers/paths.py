"""Where the tests find the project and the shared specification, data and benchmarks.

``shared/`` lies beside the clone (CI lays it out read-only): tests read it, never write it.
"""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
"""The root of the clone."""
SHARED = REPO.parent / "shared"
DATA = SHARED / "data"
BENCH = SHARED / "bench"
SPEC = SHARED / "spec"
GOLDEN = REPO / "tests" / "golden"
