"""Which chapters each browser has read, kept in SQLite (standard library).

A browser is known by a random id in a cookie; nothing else about it is stored.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

SCHEMA = """
create table if not exists chapter_read (
    visitor text not null,
    family text not null,
    slug text not null,
    first_read text not null default (datetime('now')),
    primary key (visitor, family, slug)
)
"""


class Progress:
    """The chapters read, per visitor; ``path`` None keeps them in memory only."""

    def __init__(self, path: Path | None) -> None:
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(
            ":memory:" if path is None else str(path), check_same_thread=False
        )
        self._lock = threading.Lock()
        with self._lock, self._db:
            self._db.execute(SCHEMA)

    def mark(self, visitor: str, family: str, slug: str) -> None:
        """Record that ``visitor`` read the chapter."""
        with self._lock, self._db:
            self._db.execute(
                "insert or ignore into chapter_read (visitor, family, slug) values (?, ?, ?)",
                (visitor, family, slug),
            )

    def read(self, visitor: str, family: str) -> set[str]:
        """The slugs of the family's chapters ``visitor`` has read."""
        with self._lock:
            rows = self._db.execute(
                "select slug from chapter_read where visitor = ? and family = ?",
                (visitor, family),
            ).fetchall()
        return {row[0] for row in rows}
