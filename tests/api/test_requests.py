"""The application API (issue 30, item 1): typed questions, every default and refusal in one
place, each refusal a typed error carrying its catalog sentence; the command line and the site
answer from it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mahjongkit import api
from mahjongkit.errors import InvalidHandError, MahjongError, NotationError
from mahjongkit.i18n import Sentence, reason_of
from tests.helpers.cli import run


def _key(error: MahjongError) -> str:
    reason = reason_of(error)
    assert isinstance(reason, Sentence), reason
    return reason.key


def test_a_score_fills_the_defaults_the_command_line_documents() -> None:
    found = api.score(api.ScoreRequest("234m456p678s33555z", win="5z"))
    # East wins on a discard from the previous seat, in the East round, under the first preset.
    assert found.context.to_json() == {
        "seat": "E",
        "round": "E",
        "from": "N",
        "rules": "ema2012",
        "options": [],
        "lang": "en",
    }
    assert dict(found.score.payments) == {3: -2000, 0: 2000}


def test_the_default_discarder_is_the_previous_seat_still_in_the_hand() -> None:
    found = api.score(
        api.ScoreRequest(
            "11223344556677m", variant="sichuan", win="7m", seat="W", in_game=("E", "W", "N")
        )
    )
    assert found.context.from_seat == "E"  # South has already won and left the hand


@pytest.mark.parametrize(
    ("variant", "field", "value", "owner"),
    [
        ("hongkong", "dora", "1m", "riichi"),
        ("sichuan", "honba", 2, "riichi"),
        ("riichi", "flowers", "1f", "hongkong"),
        ("riichi", "missing", "p", "sichuan"),
        ("hongkong", "in_game", ("E", "S"), "sichuan"),
    ],
)
def test_a_field_of_another_family_is_refused_naming_its_owner(
    variant: str, field: str, value: Any, owner: str
) -> None:
    request = api.ScoreRequest(
        "123m456p789s11223z" if variant != "sichuan" else "11223344556677m",
        variant=variant,
        win="3z" if variant != "sichuan" else "7m",
        tsumo=True,
        **{field: value},
    )
    with pytest.raises(NotationError) as refused:
        api.score(request)
    assert _key(refused.value) == "refusal.foreign_flag"
    values = reason_of(refused.value).values  # type: ignore[union-attr]
    assert values["owner"] == owner and values["flag"] == "--" + field.replace("_", "-")


@pytest.mark.parametrize(
    ("request_", "error", "key"),
    [
        (api.ScoreRequest("234m456p678s3355z", win="5z"), InvalidHandError, "refusal.thirteen"),
        (
            api.ScoreRequest("234m456p678s33555z", win="6z"),
            InvalidHandError,
            "refusal.win_not_held",
        ),
        (api.ScoreRequest("234m456p678s33555z", win="1f"), NotationError, "refusal.no_bonus_win"),
        (
            api.ScoreRequest("234m456p678s33555z", win="5z", tsumo=True, from_seat="S"),
            NotationError,
            "refusal.tsumo_and_from",
        ),
        (
            api.ScoreRequest("234m456p678s33555z", win="5z", from_seat="E"),
            NotationError,
            "refusal.from_self",
        ),
        (
            api.ScoreRequest("234m456p678s33555z", win="5z", lang=" "),
            NotationError,
            "refusal.lang_empty",
        ),
        (
            api.ScoreRequest("234m456p678s33555z", win="5z", lang="tlh"),
            NotationError,
            "refusal.lang_unknown",
        ),
        (
            api.ScoreRequest("234m456p678s33555z", win="5z", rules=""),
            NotationError,
            "refusal.rules_empty",
        ),
        (
            api.ScoreRequest("234m456p678s33555z", win="5z", options=("uma=1234567890",)),
            NotationError,
            "refusal.option_digits",
        ),
        (
            api.ScoreRequest(
                "234m456p678s33555z",
                win="5z",
                seat="N",
                options=("players=3", "uma=15000,0,-15000"),
            ),
            NotationError,
            "refusal.seat_not_at_table",
        ),
        (api.WaitsRequest("1122334455667m", missing="s"), NotationError, "refusal.missing_flag"),
        (api.WaitsRequest("1122334455667m", seat="up"), NotationError, "refusal.flag_value"),
        (
            api.WaitsRequest("23m456p11z", melds=("pung:777z@W", "chi:789s"), seat="W"),
            InvalidHandError,
            "refusal.meld_own_seat",
        ),
    ],
)
def test_each_refusal_is_a_typed_error_with_its_catalog_key(
    request_: Any, error: type[MahjongError], key: str
) -> None:
    ask = api.score if isinstance(request_, api.ScoreRequest) else api.analyse
    with pytest.raises(error) as refused:
        ask(request_)
    assert _key(refused.value) == key
    # The sentence is said in every language of the catalogs.
    assert reason_of(refused.value).say("fr") != reason_of(refused.value).say("en")  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "garbage",
    ["", "   ", "xyz", "1m" * 40, "123m456p789s1122q", "\x00\x01", "🀄" * 3, "pung:", "9999m"],
)
def test_garbage_hands_are_refused_never_crash(garbage: str) -> None:
    for ask, request_ in (
        (api.score, api.ScoreRequest(garbage, win="1m")),
        (api.analyse, api.ShantenRequest(garbage)),
        (api.analyse, api.WaitsRequest(garbage, variant="sichuan")),
    ):
        with pytest.raises(MahjongError):
            ask(request_)  # type: ignore[operator]


def test_a_rejected_request_leaves_nothing_behind() -> None:
    request = api.ScoreRequest("234m456p678s33555z", win="5z", tsumo=True, seat="S", dora="2z")
    before = api.score(request).to_json()
    with pytest.raises(MahjongError):
        api.score(api.ScoreRequest("234m456p678s33555z", win="5z", dora="2z", variant="hongkong"))
    assert api.score(request).to_json() == before


@pytest.mark.parametrize(
    "words",
    [
        ["score", "234m456p678s33555z", "--win", "5z", "--tsumo", "--seat", "S", "--dora", "2z"],
        [
            "score",
            "123s789s23s22z4s",
            "--variant",
            "hongkong",
            "--win",
            "4s",
            "--meld",
            "pung:555s@E",
            "--seat",
            "S",
            "--from",
            "E",
        ],
        ["score", "11223344556677m", "--variant", "sichuan", "--win", "7m", "--tsumo"],
        ["waits", "23m456p11z", "--meld", "pung:777z@W", "--meld", "chi:789s", "--visible", "1m4m"],
        ["shanten", "123m456p789s1122z"],
    ],
)
def test_the_api_answer_is_what_the_command_line_prints(
    capsys: pytest.CaptureFixture[str], words: list[str]
) -> None:
    code, found = api.answer(words)
    printed, out, _ = run(capsys, *words, "--json")
    assert printed == code
    assert json.loads(out) == found


def test_a_request_read_from_words_has_the_typed_fields() -> None:
    request = api.request_of_words(
        [
            "score",
            "23m456p11z",
            "pung:777z@W",
            "--win",
            "1z",
            "--dora",
            "1m",
            "--dora",
            "3m",
            "--honba",
            "2",
            "--riichi",
        ]
    )
    assert isinstance(request, api.ScoreRequest)
    assert (request.dora, request.honba, request.riichi) == ("1m 3m", 2, True)
    with pytest.raises(NotationError) as refused:
        api.request_of_words(["score", "23m", "--honba", "-1", "--win", "2m"])
    assert _key(refused.value) == "refusal.arg_value"
    with pytest.raises(NotationError):
        api.request_of_words(["rules"])


def test_compare_answers_each_family_in_the_registrys_order() -> None:
    rows = api.compare(api.CompareRequest("123m456p789s11122z", win="2z", tsumo=True))
    assert [row.family for row in rows] == ["riichi", "hongkong", "sichuan"]
    statuses = {row.family: row.status for row in rows}
    assert statuses["sichuan"] == "refused"  # no honour is ever in a Sichuan hand
    refused = next(row for row in rows if row.family == "sichuan")
    assert refused.refusal is not None and _key(refused.refusal) == "sichuan.honours"


def test_command_words_read_back_to_the_request_they_write() -> None:
    """The command line shown for a request asks that very request: every field the words
    carry survives the trip through the command line's parser."""
    from mahjongkit.api.words import command_words, request_of_words

    requests: list[api.ShantenRequest | api.ScoreRequest] = [
        api.ShantenRequest("123m456p789s1122z", variant="riichi"),
        api.ShantenRequest("1112345678999m", variant="sichuan", missing="p", visible="9m9m"),
        api.WaitsRequest("123m456p789s1122z", variant="hongkong", seat="W", round="S", lang="fr"),
        api.WaitsRequest(
            "123m456p789s11z", variant="riichi", melds=("pung:777z@W",), rules="ema2016"
        ),
        api.ScoreRequest(
            "234m456p678s33555z",
            variant="riichi",
            win="5z",
            seat="S",
            round="S",
            from_seat="W",
            dora="2z 4m",
            ura="1p",
            double_riichi=True,
            ippatsu=True,
            last_tile=True,
            honba=2,
            deposits=1,
            options=("aka=3", "kuitan=false"),
        ),
        api.ScoreRequest(
            "11223344556677m",
            variant="sichuan",
            win="7m",
            seat="E",
            tsumo=True,
            after_kong=True,
            missing="s",
            in_game=("E", "W"),
            lang="es",
        ),
        api.ScoreRequest(
            "123m456p789s11z",
            variant="hongkong",
            melds=("kong:5555z",),
            win="1z",
            seat="N",
            flowers="1f,3g",
            second_kong=True,
            robbing_kong=True,
            first_turn=True,
            nukidora=0,
        ),
    ]
    for request in requests:
        words = command_words(request)
        assert words[:2] == (
            "score"
            if isinstance(request, api.ScoreRequest)
            else type(request).__name__[:-7].lower(),
            request.hand,
        )
        assert request_of_words(words) == request, words
    # What asks nothing is left unwritten (the parser fills its defaults back in).
    assert command_words(api.WaitsRequest("123m456p789s1122z")) == ("waits", "123m456p789s1122z")
    assert command_words(api.ScoreRequest("234m456p678s33555z", win="5z", from_seat="N")) == (
        "score",
        "234m456p678s33555z",
        "--win",
        "5z",
        "--from",
        "N",
    )


def test_every_drill_shows_the_command_that_asks_its_request() -> None:
    """A drill computes its answer from its typed request and shows the learner the command
    line; running that command line gives the same answer, in any language."""
    from mahjongkit.api.drills import FAMILIES, KINDS, answer_in, drill_answer, make_drill
    from mahjongkit.api.words import request_of_words

    for family in FAMILIES:
        for kind in KINDS:
            drill = make_drill(family, kind, 0)
            assert request_of_words(drill.argv) == drill.request
            assert drill.question()["command"] == " ".join(drill.argv)
            code, result = api.answer(drill.argv)
            assert code == 0 and result == drill_answer(drill)
            assert api.answer([*drill.argv, "--lang", "fr"])[1] == answer_in(drill, "fr")
