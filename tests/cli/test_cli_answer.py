"""``answer``: the object ``--json`` prints, for callers inside the program; and ``serve``'s
clear refusal without the web extra."""

from __future__ import annotations

import builtins
import json
from typing import Any

import pytest

from mahjongkit.cli import answer, main
from mahjongkit.errors import MahjongError, NotationError


@pytest.mark.parametrize(
    "words",
    [
        ["score", "11223344556677m", "--variant", "sichuan", "--win", "7m", "--tsumo"],
        ["score", "234m456p678s33555z", "--win", "5z", "--tsumo", "--seat", "S", "--lang", "fr"],
        ["waits", "1122334455667m", "--variant", "sichuan"],
        ["waits", "123m456m789m2p3s55p", "--variant", "sichuan"],
        ["shanten", "123m456p789s1122z"],
    ],
)
def test_answer_is_what_json_prints(words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, result = answer(words)
    assert main([*words, "--json"]) == code
    assert json.loads(capsys.readouterr().out) == result


def test_answer_exit_codes() -> None:
    assert answer(["waits", "123m456m789m2p3s55p", "--variant", "sichuan"])[0] == 1
    assert (
        answer(["score", "123m456m789p123s55m", "--variant", "sichuan", "--win", "5m", "--tsumo"])[
            0
        ]
        == 1
    )


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ([], "unknown command ''"),
        (["selfplay"], "unknown command 'selfplay'"),
        (["score", "11m"], "missing: --win"),
        (["score", "11m", "--win", "1m", "--bogus"], "unknown words in the command: --bogus"),
        (["score", "11m", "--win", "1m", "--help"], "--help"),
        (["shanten", "123x"], "123x"),
    ],
)
def test_answer_raises_instead_of_exiting(
    words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(MahjongError, match=message):
        answer(words)
    assert capsys.readouterr().out == ""


def test_answer_refuses_a_string() -> None:
    with pytest.raises(NotationError, match="list of words"):
        answer("score 11m --win 1m")  # type: ignore[arg-type]


def test_serve_without_the_web_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_import = builtins.__import__

    def no_uvicorn(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "uvicorn":
            raise ImportError("No module named 'uvicorn'", name="uvicorn")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_uvicorn)
    assert main(["serve", "--port", "8123"]) == 2
    error = capsys.readouterr().err
    assert "serve needs the web extra (uvicorn is not installed)" in error
    assert "pip install 'mahjongkit[web]'" in error


def test_serve_refuses_a_bad_port() -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--port", "70000"])
