"""Which chapters each browser has opened, where it was last, and its answers to practice
questions, kept in SQLite (standard library).

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
ANSWERS = """
create table if not exists drill_answer (
    visitor text not null,
    family text not null,
    concept text not null,
    drill text not null,
    correct integer not null,
    answered text not null default (datetime('now'))
)
"""

VISITS = """
create table if not exists last_visit (
    visitor text primary key,
    family text not null,
    slug text not null,
    visited text not null default (datetime('now'))
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
            self._db.execute(ANSWERS)
            self._db.execute(VISITS)

    def mark(self, visitor: str, family: str, slug: str) -> None:
        """Record that ``visitor`` read the chapter."""
        with self._lock, self._db:
            self._db.execute(
                "insert or ignore into chapter_read (visitor, family, slug) values (?, ?, ?)",
                (visitor, family, slug),
            )

    def visit(self, visitor: str, family: str, slug: str) -> None:
        """Record the chapter ``visitor`` is on (the home page offers to continue there)."""
        with self._lock, self._db:
            self._db.execute(
                "insert into last_visit (visitor, family, slug) values (?, ?, ?) "
                "on conflict (visitor) do update set family = excluded.family, "
                "slug = excluded.slug, visited = datetime('now')",
                (visitor, family, slug),
            )

    def last_visit(self, visitor: str) -> tuple[str, str] | None:
        """The family and slug of the chapter ``visitor`` opened last, or None."""
        with self._lock:
            row = self._db.execute(
                "select family, slug from last_visit where visitor = ?", (visitor,)
            ).fetchone()
        return (str(row[0]), str(row[1])) if row else None

    def passed(self, visitor: str) -> set[str]:
        """The ids of the questions ``visitor`` has answered right at least once."""
        with self._lock:
            rows = self._db.execute(
                "select distinct drill from drill_answer where visitor = ? and correct = 1",
                (visitor,),
            ).fetchall()
        return {str(row[0]) for row in rows}

    def read(self, visitor: str, family: str) -> set[str]:
        """The slugs of the family's chapters ``visitor`` has read."""
        with self._lock:
            rows = self._db.execute(
                "select slug from chapter_read where visitor = ? and family = ?",
                (visitor, family),
            ).fetchall()
        return {row[0] for row in rows}

    def answer(self, visitor: str, family: str, concept: str, drill: str, correct: bool) -> None:
        """Record one answer to a practice question."""
        with self._lock, self._db:
            self._db.execute(
                "insert into drill_answer (visitor, family, concept, drill, correct) "
                "values (?, ?, ?, ?, ?)",
                (visitor, family, concept, drill, int(correct)),
            )

    def scores(self, visitor: str) -> dict[tuple[str, str], tuple[int, int]]:
        """Answers and right answers of ``visitor``, per (family, concept)."""
        with self._lock:
            rows = self._db.execute(
                "select family, concept, count(*), sum(correct) from drill_answer "
                "where visitor = ? group by family, concept",
                (visitor,),
            ).fetchall()
        return {(row[0], row[1]): (int(row[2]), int(row[3])) for row in rows}

    def export(self, visitor: str) -> dict[str, list[dict[str, object]]]:
        """Everything kept about ``visitor``: the chapters read and every answer, in order."""
        with self._lock:
            read = self._db.execute(
                "select family, slug, first_read from chapter_read where visitor = ? "
                "order by first_read, family, slug",
                (visitor,),
            ).fetchall()
            answers = self._db.execute(
                "select family, concept, drill, correct, answered from drill_answer "
                "where visitor = ? order by rowid",
                (visitor,),
            ).fetchall()
        return {
            "chapters": [{"family": f, "slug": s, "read": r} for f, s, r in read],
            "answers": [
                {"family": f, "concept": c, "drill": d, "correct": bool(ok), "answered": when}
                for f, c, d, ok, when in answers
            ],
        }

    def reset(self, visitor: str) -> None:
        """Forget everything kept about ``visitor``."""
        with self._lock, self._db:
            self._db.execute("delete from chapter_read where visitor = ?", (visitor,))
            self._db.execute("delete from drill_answer where visitor = ?", (visitor,))
            self._db.execute("delete from last_visit where visitor = ?", (visitor,))
