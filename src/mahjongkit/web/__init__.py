"""The learning site: courses for the three families, generated pattern pages, the glossary and
a hand calculator, in English, French and Spanish (``mahjongkit serve``; needs the ``web``
extra).

>>> from fastapi.testclient import TestClient
>>> TestClient(create_app()).get("/api/health").json()
{'ok': True}
"""

from __future__ import annotations

from mahjongkit.web.app import create_app, default_db_path

__all__ = ["create_app", "default_db_path"]
