"""The application API: typed questions in, typed answers out.

Every surface (the command line, the site's calculator and lessons, the drills, the terminal
game) asks its questions here; every default, check and refusal of a question lives here, each
refusal a typed error (:class:`~mahjongkit.errors.NotationError`,
:class:`~mahjongkit.errors.InvalidHandError`) whose reason is a catalog sentence.

>>> from mahjongkit import api
>>> found = api.score(api.ScoreRequest("234m456p678s33555z", win="5z", tsumo=True, seat="S",
...                                    dora="2z"))
>>> found.valid, found.score.value, found.score.points, found.to_json()["context"]["seat"]
(True, 4, 7900, 'S')
>>> api.analyse(api.ShantenRequest("123m456p789s1122z")).to_json()["shanten"]
0
"""

from __future__ import annotations

from mahjongkit.lazy import lazy_exports

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.api.analysis import AnalysisAnswer, analyse
    from mahjongkit.api.comparison import CompareRow, compare
    from mahjongkit.api.requests import (
        CompareRequest,
        HandRequest,
        ScoreRequest,
        ShantenRequest,
        WaitsRequest,
    )
    from mahjongkit.api.scoring import ScoreAnswer, ScoreContext, score
    from mahjongkit.api.words import (
        answer,
        answer_request,
        command_words,
        parse_words,
        request_of_words,
    )

_WHERE = {
    "AnalysisAnswer": "mahjongkit.api.analysis",
    "analyse": "mahjongkit.api.analysis",
    "CompareRow": "mahjongkit.api.comparison",
    "compare": "mahjongkit.api.comparison",
    "CompareRequest": "mahjongkit.api.requests",
    "HandRequest": "mahjongkit.api.requests",
    "ScoreRequest": "mahjongkit.api.requests",
    "ShantenRequest": "mahjongkit.api.requests",
    "WaitsRequest": "mahjongkit.api.requests",
    "ScoreAnswer": "mahjongkit.api.scoring",
    "ScoreContext": "mahjongkit.api.scoring",
    "score": "mahjongkit.api.scoring",
    "answer": "mahjongkit.api.words",
    "answer_request": "mahjongkit.api.words",
    "command_words": "mahjongkit.api.words",
    "parse_words": "mahjongkit.api.words",
    "request_of_words": "mahjongkit.api.words",
}
__getattr__ = lazy_exports(__name__, _WHERE)
__all__ = [
    "AnalysisAnswer",
    "CompareRequest",
    "CompareRow",
    "HandRequest",
    "ScoreAnswer",
    "ScoreContext",
    "ScoreRequest",
    "ShantenRequest",
    "WaitsRequest",
    "analyse",
    "answer",
    "answer_request",
    "command_words",
    "compare",
    "parse_words",
    "request_of_words",
    "score",
]
