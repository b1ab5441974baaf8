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
    # native: which build runs (the compiled modules or their sources) is chosen on import.
    assert _modules_after("import mahjongkit") == {
        "mahjongkit",
        "mahjongkit.lazy",
        "mahjongkit.native",
    }


def test_the_public_names_still_import_on_first_use() -> None:
    found = _modules_after("from mahjongkit import Hand, Tile; assert Hand.parse('11m').size == 2")
    assert {"mahjongkit.hand", "mahjongkit.tiles"} <= found
    assert not any(m.startswith(("mahjongkit.scoring", "mahjongkit.variants")) for m in found)


def test_building_the_parser_imports_no_scoring_table_or_engine() -> None:
    found = _modules_after("from mahjongkit.cli import build_parser; build_parser()")
    assert found == {
        "mahjongkit",
        "mahjongkit.lazy",
        "mahjongkit.native",
        "mahjongkit.cli",
        "mahjongkit.cli.output",
        "mahjongkit.cli.parser",
        "mahjongkit.api",
        "mahjongkit.api.words",  # the questions' flags
        "mahjongkit.variants",  # the registry's names, not a family's record
        "mahjongkit.errors",
        "mahjongkit.lite_typing",
    }


def test_score_imports_one_variant_scorer_and_nothing_of_the_table() -> None:
    code = (
        "import sys, contextlib, io\n"
        "from mahjongkit.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(sys.argv[1:]) == 0\n"
        "from mahjongkit.variants.riichi import suit_table\n"
        "assert suit_table._loaded is None  # one hand: its suits are cut, the table not read\n"
    )
    found = _modules_after(code, *SCORE)
    assert "mahjongkit.variants.riichi.scorer" in found
    unwanted = (
        "mahjongkit.table",
        "mahjongkit.game",
        "mahjongkit.bots",
        "mahjongkit.formats",
        "mahjongkit.variants.analysis",
        "mahjongkit.variants.hongkong",
        "mahjongkit.variants.sichuan",
        "mahjongkit.variants.riichi.flow",
        "mahjongkit.variants.riichi.docs",
        "mahjongkit.shapes",  # a win needs no shanten
        "mahjongkit.i18n.site",  # nor the site's sentences
        "mahjongkit.i18n.practice",
        "mahjongkit.i18n.play",
        "mahjongkit.i18n.refusals",  # a win is refused nothing
        "mahjongkit.i18n.table",
    )
    assert sorted(m for m in found if m.startswith(unwanted)) == []


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


def test_a_parser_built_for_one_command_reads_and_helps_as_the_whole_parser() -> None:
    from mahjongkit.cli.parser import COMMANDS as _COMMANDS
    from mahjongkit.cli.parser import build_parser, command_of

    whole = build_parser()
    subparsers = whole._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    for name in _COMMANDS:
        one = build_parser(only=name)
        own = one._subparsers._group_actions[0].choices  # type: ignore[union-attr]
        assert list(own) == [name]
        assert own[name].format_help() == subparsers[name].format_help(), name
    assert build_parser(only="no-such-command").format_help() == whole.format_help()
    words = [*SCORE, "--dora", "1m"]
    assert vars(build_parser(only="score").parse_args(words)) == vars(whole.parse_args(words))
    # A flag first belongs to the whole program, whose help and errors list every command.
    assert command_of(["--version"]) is None
    assert command_of(["-h", "waits", "11m"]) is None
    assert command_of(["nonsense", "score"]) is None
    assert command_of(["waits", "11m"]) == "waits"


def test_the_program_help_lists_every_command_whatever_follows(capsys) -> None:
    from mahjongkit.cli import main
    from mahjongkit.cli.parser import COMMANDS as _COMMANDS

    try:
        main(["--help", "score"])
    except SystemExit as stop:
        assert stop.code == 0
    shown = capsys.readouterr().out
    assert all(name in shown for name in _COMMANDS)


def test_a_score_call_reads_the_help_width_without_shutil() -> None:
    code = (
        "import sys, contextlib, io\n"
        "from mahjongkit.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(sys.argv[1:]) == 0\n"
        "assert 'shutil' not in sys.modules, 'shutil'\n"
    )
    assert "mahjongkit.variants.riichi.scorer" in _modules_after(code, *SCORE)


def test_a_score_call_imports_neither_typing_nor_dataclasses() -> None:
    """Both cost a one-shot call milliseconds: the scoring path declares its classes with
    :mod:`mahjongkit.valueclass` and takes typing's run-time names from lite_typing."""
    code = (
        "import sys, contextlib, io\n"
        "from mahjongkit.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(sys.argv[1:]) == 0\n"
        "heavy = {'typing', 'dataclasses', 'inspect'} & set(sys.modules)\n"
        "assert not heavy, heavy\n"
    )
    hong_kong = ["score", "123m456p789s234s55m", "--win", "4s", "--tsumo", "--seat", "S"]
    sichuan = ["score", "234m456m678s33555s", "--win", "5s", "--variant", "sichuan"]
    for args in (
        SCORE,
        [*hong_kong, "--flowers", "1234g2f", "--variant", "hongkong"],
        [*sichuan, "--missing", "p"],
    ):
        assert "mahjongkit.scoring.result" in _modules_after(code, *args), args
