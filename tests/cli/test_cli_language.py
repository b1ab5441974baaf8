"""Every answer of the command line in the language ``--lang`` asks for: argparse's own words
(usage, required and unknown arguments, invalid choices, the help's titles), every refusal and
flag-value error, wherever ``--lang`` stands (issue 29, item 3)."""

from __future__ import annotations

import argparse
import string
from pathlib import Path

import pytest

from mahjongkit.api.words import asked_language, spoken_language
from mahjongkit.cli import main
from mahjongkit.cli.parser import build_parser
from mahjongkit.i18n.command_help import HELP
from mahjongkit.i18n.command_line import ARGPARSE, argparse_plural, plural_form
from tests.helpers.paths import DATA

SCORE = ("score", "234m456p678s33555z", "--win", "5z", "--tsumo")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:  # argparse's own refusals and --help
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


# --- the refusals the first-use review met in English -----------------------------------------


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ("score", "234m456p678s3355z", "--win", "5z", "--tsumo", "--lang", "es"),
            "mahjongkit: error: la mano tiene 13 fichas: incluye la ficha ganadora, así que se "
            "esperan 14 (¿olvidaste 5z? prueba 234m456p678s3355z5z)",
        ),
        (
            ("score", "234m678s55p", "--meld", "chi:345s@E", "--meld", "pon:777z@W", "--win",
             "5p", "--from", "W", "--seat", "S", "--riichi", "--lang", "fr"),
            "mahjongkit : erreur : le riichi demande une main cachée",
        ),
        (
            ("score", "234m456p678s33555q", "--win", "5z", "--lang", "fr"),
            "mahjongkit : erreur : caractère inconnu 'q' en position",
        ),
        (
            ("waits", "123m456p789s1122z", "--variant", "sichuan", "--lang", "es"),
            "mahjongkit: error: 1z es un honor: el Sichuan se juega solo con las 108 fichas",
        ),
    ],
)  # fmt: skip
def test_the_reviews_refusals_are_said_in_the_language_asked(capsys, argv, said):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(said), err
    assert err.count("\n") == 1


# --- argparse's own words ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "french", "spanish"),
    [
        (("score",), "les arguments suivants sont requis : hand, --win",
         "se requieren los siguientes argumentos: hand, --win"),
        ((*SCORE, "--bogus"), "arguments non reconnus : --bogus",
         "argumentos no reconocidos: --bogus"),
        ((*SCORE, "--variant", "go"),
         "argument --variant : choix invalide : 'go' (choisir parmi 'riichi', 'hongkong', "
         "'sichuan')",
         "argumento --variant: opción no válida: 'go' (elija entre 'riichi', 'hongkong', "
         "'sichuan')"),
        (("score", "234m456p678s33555z", "--win"),
         "argument --win : une valeur est attendue après lui",
         "argumento --win: se esperaba un valor detrás"),
        ((*SCORE, "--from", "S"), "argument --from : interdit avec l’argument --tsumo",
         "argumento --from: no se permite con el argumento --tsumo"),
        (("export", "1"), "les arguments suivants sont requis : --format",
         "se requieren los siguientes argumentos: --format"),
        ((), "une commande est requise : shanten, waits, score",
         "se requiere una orden: shanten, waits, score"),
    ],
)  # fmt: skip
def test_argparse_refusals_in_french_and_spanish(capsys, argv, french, spanish):
    for lang, expected in (("fr", french), ("es", spanish)):
        code, out, err = run(capsys, *argv, "--lang", lang)
        assert code == 2 and out == ""
        prefix = "mahjongkit : erreur : " if lang == "fr" else "mahjongkit: error: "
        assert err.startswith(prefix + expected), (lang, err)


def test_english_is_argparse_as_written(capsys):
    code, _, err = run(capsys, *SCORE, "--bogus")
    assert code == 2 and err == "mahjongkit: error: unrecognized arguments: --bogus\n"
    code, _, err = run(capsys, "score")
    assert err == "mahjongkit: error: the following arguments are required: hand, --win\n"


@pytest.mark.parametrize(
    "argv",
    [
        ("--lang", "fr", *SCORE, "--bogus"),
        ("--lang=fr", *SCORE, "--bogus"),
        (*SCORE, "--bogus", "--lang", "fr"),
        ("score", "--lang", "fr", "234m456p678s33555z", "--win", "5z", "--bogus"),
        ("--lang", "es", *SCORE, "--bogus", "--lang", "FR_fr.UTF-8"),  # the last one counts
    ],
)
def test_lang_is_read_wherever_it_stands(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err == "mahjongkit : erreur : arguments non reconnus : --bogus\n"


def test_lang_before_the_command_sets_the_language_of_the_answer(capsys):
    code, out, _ = run(capsys, "--lang", "fr", *SCORE, "--seat", "S")
    assert code == 0 and "Pung de Dragon (blanc)" in out and "Points : " in out


def test_the_site_and_later_parsers_still_read_argparse_in_english(capsys):
    """The translation lasts as long as the French command: another parser, after it, reads as
    argparse wrote it (the site's parser matches argparse's English)."""
    run(capsys, *SCORE, "--bogus", "--lang", "fr")
    parser = argparse.ArgumentParser(prog="other", exit_on_error=False)
    parser.add_argument("--count", type=int)
    with pytest.raises(argparse.ArgumentError, match="invalid int value"):
        parser.parse_args(["--count", "x"])
    assert "usage: other" in parser.format_usage() and "options:" in parser.format_help()
    from mahjongkit.api import answer
    from mahjongkit.errors import NotationError

    with pytest.raises(NotationError) as refused:
        answer(["score", "234m456p678s33555z", "--bogus"])
    assert refused.value.args[0].key in ("refusal.args_required", "refusal.args_unknown")


# --- flag values -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "french"),
    [
        ((*SCORE, "--honba", "x"), "argument --honba : un nombre entier est attendu, pas 'x'"),
        ((*SCORE, "--honba", "-3"), "argument --honba : un nombre d’au moins 0 est attendu"),
        (("selfplay", "--games", "0"), "argument --games : un nombre d’au moins 1 est attendu"),
        (("selfplay", "--seed", "1" * 30), "une graine de 20 chiffres au plus"),
        (("serve", "--port", "70000"), "argument --port : un port de 1 à 65535 est attendu"),
        (("simulate", "--games", "1", "--mjai-timeout", "nan"),
         "argument --mjai-timeout : un nombre de secondes au-dessus de 0"),
        (("simulate", "--games", "1", "--mjai-timeout", "soon"),
         "argument --mjai-timeout : un nombre de secondes est attendu, pas 'soon'"),
        (("play", "--seat", "9"), "argument --seat : une place de 0 à 3 (ou E S W N)"),
        (("play", "--seat", "99999999999999999999"), "argument --seat : une place de 0 à 3"),
        (("play", "--seat", "Nowhere"), "argument --seat : une place de 0 à 3 ou E S W N"),
        (("play", "--bots", "genius"), "argument --bots : 'genius' : un de defensive"),
        (("play", "--bots", "mjai:"), "argument --bots : --bot 'mjai:' : mjai: demande une"),
        (("mjai-bot", "7"), "argument seat : une place vaut 0, 1, 2 ou 3, pas '7'"),
        (("mjai-bot", "--bot", "genius"), "--bot 'genius' : un de "),
        (("simulate", "--games", "1", "--jobs", "0"), "--jobs 0 : il faut au moins 1 processus"),
        (("simulate", "--games", "2", "--bot", "random", "--bot", "efficient"),
         "2 --bot donnés pour une table de 4 places"),
        (("simulate", "--games", "1", "--bot", "genius"), "bot inconnu 'genius'"),
        (("simulate", "--games", "1", "--bot", "mjai:x {seat}", "--variant", "sichuan"),
         "les bots mjai:COMMANDE ne jouent qu’au Riichi à quatre"),
        ((*SCORE, "--option", "open_tanyaoo=true"),
         "option inconnue 'open_tanyaoo' pour les règles Riichi : vouliez-vous dire open_tanyao ?"),
        ((*SCORE, "--option", "red_fives=lots"), "l’option red_fives"),
        (("play", "--lang", "de", "--seed", "1"), "--lang de: riichi speaks en, fr, es"),
    ],
)  # fmt: skip
def test_flag_value_refusals_in_french(capsys, argv, french):
    code, out, err = (
        run(capsys, *argv, "--lang", "fr") if "--lang" not in argv else run(capsys, *argv)
    )
    assert code == 2 and out == "", err
    assert err.startswith("mahjongkit") and french in err, err
    assert err.count("\n") == 1


def test_a_language_the_catalogs_lack_is_refused_in_english(capsys):
    code, _, err = run(capsys, "rules", "--variant", "sichuan", "--lang", "ja")
    assert code == 2 and err == "mahjongkit: error: --lang ja: sichuan speaks zh, en, fr, es\n"


def test_an_unknown_option_far_from_every_name_lists_them_all_uncut(capsys):
    code, _, err = run(capsys, *SCORE, "--option", "kuitan=yes")
    assert code == 2 and "unknown option 'kuitan' for the Riichi rules: known options are" in err
    assert "characters)" not in err and "temporary_furiten_ends" in err and "open_tanyao" in err


def test_a_mistyped_command_is_answered_with_the_nearest(capsys):
    code, _, err = run(capsys, "scroe", "234m", "--lang", "fr")
    assert code == 2
    assert err.startswith("mahjongkit : erreur : commande inconnue 'scroe' : vouliez-vous dire "
                          "score ?")  # fmt: skip
    code, _, err = run(capsys, "--lang", "es", "xyzzy")
    assert code == 2 and err.startswith("mahjongkit: error: orden desconocida 'xyzzy': se esper")
    assert "mjai-bot" in err and "convert" in err


def test_files_and_records_refused_in_the_language(capsys, tmp_path: Path):
    code, _, err = run(capsys, "show", "1", "--db", str(tmp_path / "none.sqlite3"), "--lang", "fr")
    assert code == 2 and "aucune base de parties à" in err
    code, _, err = run(capsys, "history", "--db", str(tmp_path), "--lang", "es")
    assert code == 2 and "es una carpeta, no un archivo de base de partidas" in err
    code, _, err = run(capsys, "convert", str(tmp_path / "nothing.mjlog"), "--to", "mjai",
                       "--lang", "fr")  # fmt: skip
    assert code == 2 and err.endswith("nothing.mjlog: aucun fichier de ce nom\n")
    empty = tmp_path / "empty.json"
    empty.write_text("")
    code, _, err = run(capsys, "convert", str(empty), "--to", "mjai", "--lang", "es")
    assert code == 2 and err.endswith("empty.json: el archivo está vacío\n")
    code, _, err = run(capsys, "export", "1", "--format", "jsonl", "--db",
                       str(tmp_path / "none.sqlite3"), "--lang", "es")  # fmt: skip
    assert code == 2 and "no hay base de partidas en" in err
    code, _, err = run(capsys, "replay-check", str(tmp_path / "missing.mjlog"), "--lang", "fr")
    assert code == 2 and "missing.mjlog : illisible : aucun fichier ni dossier de ce nom" in err


def test_replay_check_skip_reasons_in_the_language(capsys):
    sanma = DATA / "riichi" / "mjlog" / "dnovikoff_sanma.xml"
    if not sanma.exists():
        pytest.skip(f"{sanma} is not in ../shared")
    code, out, _ = run(capsys, "replay-check", str(sanma), "--lang", "es")
    assert code == 0 and "omitido (" in out and "three-player" not in out
    assert "partida de tres jugadores" in out or "sala especial" in out


# --- the help ----------------------------------------------------------------------------------


def test_the_help_is_in_french(capsys):
    code, out, _ = run(capsys, "score", "--help", "--lang", "fr")
    assert code == 0
    assert out.startswith("utilisation : mahjongkit score")
    space = "\N{NO-BREAK SPACE}"
    assert f"arguments positionnels{space}:" in out and f"options{space}:" in out
    assert "afficher cette aide et quitter" in out and "la tuile gagnante" in out
    assert "(par défaut : E)" in out  # --round's default, said in French
    assert "default" not in out.replace("--tsumo", "")


def test_the_help_is_in_spanish_before_the_command_too(capsys):
    code, out, _ = run(capsys, "--lang", "es", "--help")
    assert code == 0 and out.startswith("uso: mahjongkit")
    assert "argumentos posicionales:" in out and "Puntuar una mano ganadora" in out
    assert "Códigos de salida:" in out


def test_the_help_lists_each_registered_familys_presets_and_languages(capsys, toy):
    """``score --help`` reads the presets and the explanation's languages from the registry
    (a family registered from outside the library is listed too), in each language's help."""
    from mahjongkit.variants import VARIANT_NAMES, find_variant

    assert toy in VARIANT_NAMES
    for lang in ("en", "fr"):
        code, out, _ = run(capsys, "score", "--help", "--lang", lang)
        assert code == 0
        flat = " ".join(out.split())
        for name in VARIANT_NAMES:
            record = find_variant(name)
            assert f"{name}: {', '.join(record.presets)}" in flat, (lang, name)
            assert f"{name}: {' '.join(record.languages)}" in flat, (lang, name)
        assert "toy: plain" in flat and "toy: en" in flat
        assert "{presets}" not in flat and "{languages}" not in flat


def test_no_default_is_said_twice_or_as_none(capsys):
    for command in ("shanten", "waits", "score", "selfplay", "rules", "serve", "mjai-bot"):
        code, out, _ = run(capsys, command, "--help")
        assert code == 0
        flat = " ".join(out.split())
        assert "(default: None)" not in flat and "(default: )" not in flat, command
        assert "default en) (default" not in flat and "gives) (default" not in flat, command


def _every_help(parser: argparse.ArgumentParser) -> list[str]:
    found = [text for text in (parser.description, parser.epilog) if text]
    for action in parser._actions:
        if action.help and action.help is not argparse.SUPPRESS:
            found.append(action.help)
        if isinstance(action, argparse._SubParsersAction):
            found += [choice.help for choice in action._choices_actions if choice.help]
            for sub in action.choices.values():
                found += _every_help(sub)
    return found


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_help_text_has_a_translation_with_the_same_placeholders(lang):
    def fields(text: str) -> tuple[set[str], int]:
        braces = {name for _, name, _, _ in string.Formatter().parse(text) if name}
        return braces, text.count("%")

    # argparse's own help lines (-h) are argparse's words, translated with them.
    texts = [text for text in _every_help(build_parser()) if text not in ARGPARSE[lang]]
    missing = [text for text in texts if text not in HELP[lang]]
    assert missing == []
    english = {text: text for text in texts}
    for text in english:
        assert fields(HELP[lang][text]) == fields(text), text
    for msgid, said in ARGPARSE[lang].items():
        assert said.count("%") == msgid.count("%"), msgid


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_command_helps_in_the_language_without_an_error(capsys, lang):
    from mahjongkit.cli.parser import COMMANDS as _COMMANDS

    for command in _COMMANDS:
        code, out, err = run(capsys, command, "--help", "--lang", lang)
        assert code == 0 and err == "" and out.startswith("utilisation" if lang == "fr" else "uso")
        assert "show this help" not in out, command


# --- reading --lang ----------------------------------------------------------------------------


def test_asked_language_reads_the_last_lang_and_stops_at_the_double_dash():
    assert asked_language(["score", "--lang", "fr", "x", "--lang=es"]) == "es"
    assert asked_language(["score", "x"]) is None
    assert asked_language(["score", "--lang"]) is None  # argparse says the value is missing
    assert asked_language(["score", "--", "--lang", "fr"]) is None
    assert spoken_language("") == spoken_language("   ") == "en"
    assert spoken_language("ja-Latn") == "ja" and spoken_language("es_MX") == "es"


def test_a_lang_without_a_value_or_with_garbage_is_refused_in_english(capsys):
    code, _, err = run(capsys, *SCORE, "--lang")
    assert code == 2 and err == "mahjongkit: error: argument --lang: expected one argument\n"
    code, _, err = run(capsys, *SCORE, "--lang", "\x00zz")
    assert code == 2 and err.startswith("mahjongkit: error: --lang \\x00zz: riichi speaks")
    code, _, err = run(capsys, *SCORE, "--lang", "")
    assert code == 2 and "--lang is empty" in err


def test_french_counts_zero_and_one_as_singular():
    assert [plural_form(n, "fr") for n in (0, 1, 2)] == [0, 0, 1]
    assert [plural_form(n, "es") for n in (0, 1, 2)] == [1, 0, 1]
    assert argparse_plural("expected %s argument", "expected %s arguments", 2, "fr") == (
        "%s valeurs sont attendues après lui"
    )
    assert argparse_plural("a %s", "some %s", 2, "fr") == "some %s"  # not in the catalog


# --- numbers -------------------------------------------------------------------------------------

THIN = "\N{NARROW NO-BREAK SPACE}"


def test_french_groups_thousands_with_a_narrow_no_break_space(capsys):
    code, out, _ = run(capsys, *SCORE, "--seat", "S", "--honba", "3", "--deposits", "2", "--lang",
                       "fr")  # fmt: skip
    assert code == 0
    lines = out.splitlines()
    assert f"Points : 2{THIN}000" in lines
    assert (
        f"Est → Sud : 1{THIN}300 (1{THIN}000 part d'une victoire sur pioche + 300 compteurs)"
        in lines
    )
    assert f"Mises de riichi → Sud : 2{THIN}000" in lines


def test_spanish_groups_only_numbers_of_five_digits_or_more(capsys):
    code, out, _ = run(capsys, *SCORE, "--seat", "S", "--lang", "es")
    assert code == 0 and "Puntos: 2000" in out.splitlines()
    code, out, _ = run(capsys, "score", "11122233344455m", "--win", "5m", "--tsumo", "--lang", "es")
    assert code == 0 and f"Puntos: 48{THIN}000" in out.splitlines(), out


def test_english_and_json_keep_plain_digits(capsys):
    code, out, _ = run(capsys, *SCORE, "--seat", "S", "--honba", "3")
    assert code == 0 and "Points: 2000" in out and "East → South: 1300" in out
    code, out, _ = run(capsys, *SCORE, "--seat", "S", "--lang", "fr", "--json")
    import json

    answer = json.loads(out)
    assert answer["points"] == 2000 and answer["payments"]["S"] == 2000
    assert f"Points : 2{THIN}000" in answer["explanation"]


def test_waits_and_selfplay_write_numbers_in_the_language(capsys):
    code, out, _ = run(capsys, "waits", "123m456p789s1122z", "--lang", "fr")
    assert (
        code == 0 and f"1z : ron 2 han 40 fu = 3{THIN}900 ; tsumo 3 han 30 fu = 6{THIN}000" in out
    )
    code, out, _ = run(capsys, "selfplay", "--max-rounds", "1", "--lang", "es")
    assert code == 0
    scores = out.split("puntuaciones finales ")[1].strip().split(" ")  # not U+202F
    assert [s.split("=")[0] for s in scores] == ["E", "S", "O", "N"]  # Oeste
    assert all(THIN in s for s in scores)  # 25 000 and the like, five digits: grouped


# --- the review's other words --------------------------------------------------------------------


def test_the_riichi_page_says_per_tile_in_the_language(capsys):
    for lang, said in (("fr", "1 par tuile"), ("es", "1 por ficha"), ("en", "1 per tile")):
        code, out, _ = run(capsys, "rules", "--variant", "riichi", "--lang", lang)
        dora = next(line for line in out.splitlines() if line.startswith("| Dora |"))
        assert code == 0 and dora.split(" | ")[2:4] == [said, said], dora
        assert "/ tile" not in out or lang == "en"


def test_the_romaji_page_has_romaji_headings(capsys):
    code, out, _ = run(capsys, "rules", "--variant", "riichi", "--lang", "ja-Latn")
    assert code == 0 and out.startswith("| Yaku | Rōmaji | Menzen | Fūro | Kisoku | Rei |")


def test_sichuan_french_says_who_discarded_pays(capsys):
    code, out, _ = run(capsys, "score", "123m456m789m234p55p", "--variant", "sichuan", "--win",
                       "5p", "--lang", "fr")  # fmt: skip
    assert code == 0 and "celui qui a défaussé paie" in out and "défausseur" not in out


def test_spanish_says_robo_propio_for_a_self_draw_in_every_family(capsys):
    code, out, _ = run(capsys, *SCORE, "--seat", "S", "--lang", "es")
    assert (
        code == 0
        and "robo propio" in out
        and "autorrobo" not in out.replace("Mano cerrada por autorrobo", "")
    )


def test_system_errors_are_said_in_the_language(capsys, tmp_path):
    taken = tmp_path / "taken"
    taken.write_text("")
    code, _, err = run(capsys, "selfplay", "--max-rounds", "1", "--tenhou6", str(taken), "--lang",
                       "fr")  # fmt: skip
    assert code == 2
    assert (
        err == f"mahjongkit : erreur : un fichier ou un dossier de ce nom existe déjà : {taken}\n"
    )


def test_serve_says_its_address_in_the_language(tmp_path):
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time

    from tests.helpers.paths import REPO

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    db = tmp_path / "progress.sqlite3"
    server = subprocess.Popen(
        [sys.executable, "-m", "mahjongkit", "serve", "--port", str(port), "--db", str(db),
         "--lang", "es"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
        start_new_session=True,
        text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        # Let it finish starting (bounded), so that the interrupt is the server's to handle.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and server.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            # communicate, not wait: it drains both pipes, so a full pipe cannot hold it.
            _, errors = server.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            raise
    assert line == (
        f"sitio de mahjongkit: http://127.0.0.1:{port}/  (progreso guardado en {db}; Ctrl-C lo "
        "detiene)\n"
    )
    # Interrupted, it stops without a traceback.
    assert "Traceback" not in errors
    assert server.returncode in (0, 130)
