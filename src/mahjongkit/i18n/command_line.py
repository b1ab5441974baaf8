"""The command line's own words in English, French and Spanish.

Two catalogs here, a third apart:

* :data:`COMMAND_LINE`: the sentences of the command line itself (keys ``command.*``: its
  refusals, the ``simulate`` summary, the error prefix), joined to the common tables on first use
  like every surface's;
* :data:`ARGPARSE`: argparse's own words (usage, "the following arguments are required", invalid
  choices, the help's section titles), by their English text: argparse asks gettext for them, and
  :mod:`mahjongkit.cli` answers from here in the language ``--lang`` asks for;
* the help of every command and flag, by its English text, is
  :data:`mahjongkit.i18n.command_help.HELP` (read only when a help is printed).

French puts a space before « : », « ; », « ? » as the other French sentences do.
"""

from __future__ import annotations

_EN = {
    "command.error": "mahjongkit: error: {message}",
    "command.serving": "mahjongkit site: {address}  (progress kept in {db}; Ctrl-C stops)",
    "command.interrupted": (
        "mahjongkit: interrupted: {kept} of {games} games stored in {where}; the same command "
        "with --resume plays the others"
    ),
    "command.required_command": "a command is required: {commands} (mahjongkit --help lists them)",
    "command.unknown": "unknown command {name}: did you mean {guess}? (commands: {commands})",
    "command.unknown_no_guess": "unknown command {name}: expected one of {commands}",
    "command.no_such_path": "no such file or folder",
    "command.permission": "permission denied",
    "command.is_folder": "a folder, not a file",
    "command.not_folder": "not a folder",
    "command.no_space": "no space left on the device",
    "command.read_only": "the file system is read-only",
    "command.exists": "a file or folder of that name already exists",
    "command.os_error": "{reason}: {path}",
    "command.seat_range": "expected a seat 0 to {last} (or E S W N), not {value}",
    "command.seat_word": "expected a seat 0 to 3 or E S W N, not {value}",
    "command.mjai_seat": "a seat is 0, 1, 2 or 3, not {value}",
    "command.seconds": "expected a number of seconds, not {value}",
    "command.seconds_range": "expected seconds above 0 and at most 86400, not {value}",
    "command.port": "expected a port from 1 to 65535, not {value}",
    "command.bot": "{value}: expected one of {bots} or mjai:COMMAND",
    "command.bot_name": "--bot {value}: expected one of {bots}",
    "command.minutes": "--minutes {value}: a number of minutes above 0, at most 1440",
    "command.hidden": "--hidden {value}: one to four widths of 1 to 2048, such as 256,256",
    "command.too_large_print": (
        "the result is too large to print: an --option value (such as limit) is far out of the "
        "range of a real table"
    ),
    "command.too_large_compute": (
        "the result is too large to compute: an --option value (such as limit) is far out of "
        "the range of a real table"
    ),
    "command.path_nul": "the path holds a NUL character",
    "command.path_empty": "the path is empty",
    "command.folder_no_logs": "the folder holds no {suffixes} file",
    "command.tui_missing": (
        "mahjongkit play needs the terminal extra: pip install 'mahjongkit[tui]'"
    ),
    "command.web_missing": (
        "serve needs the web extra ({module} is not installed): pip install 'mahjongkit[web]'"
    ),
    "command.resume_fixed": (
        "--resume continues a stored game with its own table: {flags} cannot change it"
    ),
    "command.play_seat": "--seat {seat}: the table has seats 0 to {last}",
    "command.export_riichi": (
        "game {id} is a {variant} game: tenhou.net/6 records Riichi games only; use --format jsonl"
    ),
    "command.out_folder": "--out {path} is a folder: name a file",
    "command.out_no_parent": "--out {path}: the folder {parent} does not exist",
    "command.out_file": "--out {path}: a file, not a folder",
    "command.no_such_file": "no such file",
    "command.converted": "{source} → {target}",
    "command.jobs": "--jobs {jobs}: the number of processes is at least 1",
    "command.mjai_riichi": (
        "mjai:COMMAND bots play four-player Riichi only, not {players}-player {variant} (mjai's "
        "own bots, libriichi's and the rule-based one, read four seats and no North set aside)"
    ),
    "command.simulate_done": "all {games} games of this run were already stored in {where}",
    "command.simulate_rewritten": (
        "{where} already holds games: it is written again from the first game (--resume keeps "
        "the games it holds)"
    ),
    "command.simulate_title": (
        "{variant}: {games} games, {rounds} rounds, seed {seed}, {where}, {rate} games/s; "
        "stored in {stored}"
    ),
    "command.simulate_processes": "{count} processes",
    "command.simulate_process": "1 process",
    "command.simulate_ray": "{count} at once on Ray ({address})",
    "command.simulate_resumed": "{count} stored before, {played} played now",
    "command.col.seat": "seat",
    "command.col.bot": "bot",
    "command.col.wins": "wins",
    "command.col.deal_ins": "deal-ins",
    "command.col.score": "score",
    "command.col.placement": "placement",
    "command.simulate_caption": (
        "score and placement: mean ± half-width of the 95% confidence interval"
    ),
    "command.col.faults": "faults",
    "command.simulate_faults": (
        "faults of an mjai bot: late/malformed/illegal answers/exits (its safe default played)"
    ),
    "command.col.all": "all",
    "command.progress_rate": "{rate} games/s",
    "command.progress_rounds": "{rounds} rounds",
    "command.progress_times": "{elapsed}, {left} left",
}

_FR = {
    "command.error": "mahjongkit : erreur : {message}",
    "command.serving": (
        "site mahjongkit : {address}  (progression gardée dans {db} ; Ctrl-C l’arrête)"
    ),
    "command.interrupted": (
        "mahjongkit : interrompu : {kept} parties sur {games} gardées dans {where} ; la même "
        "commande avec --resume joue les autres"
    ),
    "command.required_command": (
        "une commande est requise : {commands} (mahjongkit --help les décrit)"
    ),
    "command.unknown": (
        "commande inconnue {name} : vouliez-vous dire {guess} ? (commandes : {commands})"
    ),
    "command.unknown_no_guess": "commande inconnue {name} : une de {commands} est attendue",
    "command.no_such_path": "aucun fichier ni dossier de ce nom",
    "command.permission": "permission refusée",
    "command.is_folder": "un dossier, pas un fichier",
    "command.not_folder": "pas un dossier",
    "command.no_space": "plus de place sur le disque",
    "command.read_only": "le système de fichiers est en lecture seule",
    "command.exists": "un fichier ou un dossier de ce nom existe déjà",
    "command.os_error": "{reason} : {path}",
    "command.seat_range": "une place de 0 à {last} (ou E S W N) est attendue, pas {value}",
    "command.seat_word": "une place de 0 à 3 ou E S W N est attendue, pas {value}",
    "command.mjai_seat": "une place vaut 0, 1, 2 ou 3, pas {value}",
    "command.seconds": "un nombre de secondes est attendu, pas {value}",
    "command.seconds_range": (
        "un nombre de secondes au-dessus de 0 et d’au plus 86400 est attendu, pas {value}"
    ),
    "command.port": "un port de 1 à 65535 est attendu, pas {value}",
    "command.bot": "{value} : un de {bots} ou mjai:COMMANDE est attendu",
    "command.bot_name": "--bot {value} : un de {bots} est attendu",
    "command.minutes": "--minutes {value} : un nombre de minutes au-dessus de 0, au plus 1440",
    "command.hidden": "--hidden {value} : une à quatre largeurs de 1 à 2048, comme 256,256",
    "command.too_large_print": (
        "le résultat est trop grand pour être affiché : une valeur d’--option (comme limit) est "
        "très loin de celles d’une vraie table"
    ),
    "command.too_large_compute": (
        "le résultat est trop grand pour être calculé : une valeur d’--option (comme limit) est "
        "très loin de celles d’une vraie table"
    ),
    "command.path_nul": "le chemin contient un caractère NUL",
    "command.path_empty": "le chemin est vide",
    "command.folder_no_logs": "le dossier ne contient aucun fichier {suffixes}",
    "command.tui_missing": (
        "mahjongkit play demande l’extra du terminal : pip install 'mahjongkit[tui]'"
    ),
    "command.web_missing": (
        "serve demande l’extra web ({module} n’est pas installé) : pip install 'mahjongkit[web]'"
    ),
    "command.resume_fixed": (
        "--resume reprend une partie gardée avec sa propre table : {flags} ne peut pas la changer"
    ),
    "command.play_seat": "--seat {seat} : la table a les places 0 à {last}",
    "command.export_riichi": (
        "la partie {id} est une partie de {variant} : tenhou.net/6 ne garde que des parties de "
        "Riichi ; utilisez --format jsonl"
    ),
    "command.out_folder": "--out {path} est un dossier : nommez un fichier",
    "command.out_no_parent": "--out {path} : le dossier {parent} n’existe pas",
    "command.out_file": "--out {path} : un fichier, pas un dossier",
    "command.no_such_file": "aucun fichier de ce nom",
    "command.converted": "{source} → {target}",
    "command.jobs": "--jobs {jobs} : il faut au moins 1 processus",
    "command.mjai_riichi": (
        "les bots mjai:COMMANDE ne jouent qu’au Riichi à quatre, pas au {variant} à {players} "
        "(les bots de mjai, celui de libriichi et celui à règles, lisent quatre places et aucun "
        "Nord mis de côté)"
    ),
    "command.simulate_done": (
        "les {games} parties de cette simulation étaient déjà gardées dans {where}"
    ),
    "command.simulate_rewritten": (
        "{where} contient déjà des parties : il est réécrit depuis la première (--resume garde "
        "celles qu’il contient)"
    ),
    "command.simulate_title": (
        "{variant} : {games} parties, {rounds} donnes, graine {seed}, {where}, {rate} parties/s ; "
        "gardées dans {stored}"
    ),
    "command.simulate_processes": "{count} processus",
    "command.simulate_process": "1 processus",
    "command.simulate_ray": "{count} à la fois sur Ray ({address})",
    "command.simulate_resumed": "{count} déjà gardées, {played} jouées maintenant",
    "command.col.seat": "place",
    "command.col.bot": "bot",
    "command.col.wins": "victoires",
    "command.col.deal_ins": "ron concédés",
    "command.col.score": "score",
    "command.col.placement": "rang",
    "command.simulate_caption": (
        "score et rang : moyenne ± demi-largeur de l’intervalle de confiance à 95 %"
    ),
    "command.col.faults": "fautes",
    "command.simulate_faults": (
        "fautes d’un bot mjai : réponses en retard/mal formées/illégales/sorties (le choix sûr "
        "joué à sa place)"
    ),
    "command.col.all": "tous",
    "command.progress_rate": "{rate} parties/s",
    "command.progress_rounds": "{rounds} donnes",
    "command.progress_times": "{elapsed}, reste {left}",
}

_ES = {
    "command.error": "mahjongkit: error: {message}",
    "command.serving": (
        "sitio de mahjongkit: {address}  (progreso guardado en {db}; Ctrl-C lo detiene)"
    ),
    "command.interrupted": (
        "mahjongkit: interrumpido: {kept} de {games} partidas guardadas en {where}; la misma "
        "orden con --resume juega las demás"
    ),
    "command.required_command": (
        "se requiere una orden: {commands} (mahjongkit --help las describe)"
    ),
    "command.unknown": "orden desconocida {name}: ¿quiso decir {guess}? (órdenes: {commands})",
    "command.unknown_no_guess": "orden desconocida {name}: se esperaba una de {commands}",
    "command.no_such_path": "no existe el archivo o la carpeta",
    "command.permission": "permiso denegado",
    "command.is_folder": "una carpeta, no un archivo",
    "command.not_folder": "no es una carpeta",
    "command.no_space": "no queda espacio en el disco",
    "command.read_only": "el sistema de archivos es de solo lectura",
    "command.exists": "ya existe un archivo o una carpeta con ese nombre",
    "command.os_error": "{reason}: {path}",
    "command.seat_range": "se esperaba un puesto del 0 al {last} (o E S W N), no {value}",
    "command.seat_word": "se esperaba un puesto del 0 al 3 o E S W N, no {value}",
    "command.mjai_seat": "un puesto es 0, 1, 2 o 3, no {value}",
    "command.seconds": "se esperaba un número de segundos, no {value}",
    "command.seconds_range": (
        "se esperaban segundos por encima de 0 y como mucho 86400, no {value}"
    ),
    "command.port": "se esperaba un puerto del 1 al 65535, no {value}",
    "command.bot": "{value}: se esperaba uno de {bots} o mjai:ORDEN",
    "command.bot_name": "--bot {value}: se esperaba uno de {bots}",
    "command.minutes": "--minutes {value}: un número de minutos mayor que 0, como mucho 1440",
    "command.hidden": "--hidden {value}: de uno a cuatro anchos de 1 a 2048, como 256,256",
    "command.too_large_print": (
        "el resultado es demasiado grande para mostrarlo: un valor de --option (como limit) "
        "está muy lejos de los de una mesa real"
    ),
    "command.too_large_compute": (
        "el resultado es demasiado grande para calcularlo: un valor de --option (como limit) "
        "está muy lejos de los de una mesa real"
    ),
    "command.path_nul": "la ruta contiene un carácter NUL",
    "command.path_empty": "la ruta está vacía",
    "command.folder_no_logs": "la carpeta no contiene ningún archivo {suffixes}",
    "command.tui_missing": (
        "mahjongkit play necesita el extra de terminal: pip install 'mahjongkit[tui]'"
    ),
    "command.web_missing": (
        "serve necesita el extra web ({module} no está instalado): pip install 'mahjongkit[web]'"
    ),
    "command.resume_fixed": (
        "--resume continúa una partida guardada con su propia mesa: {flags} no puede cambiarla"
    ),
    "command.play_seat": "--seat {seat}: la mesa tiene los puestos del 0 al {last}",
    "command.export_riichi": (
        "la partida {id} es de {variant}: tenhou.net/6 solo guarda partidas de Riichi; use "
        "--format jsonl"
    ),
    "command.out_folder": "--out {path} es una carpeta: indique un archivo",
    "command.out_no_parent": "--out {path}: la carpeta {parent} no existe",
    "command.out_file": "--out {path}: un archivo, no una carpeta",
    "command.no_such_file": "no existe el archivo",
    "command.converted": "{source} → {target}",
    "command.jobs": "--jobs {jobs}: hace falta al menos 1 proceso",
    "command.mjai_riichi": (
        "los bots mjai:ORDEN solo juegan al Riichi de cuatro, no al {variant} de {players} "
        "(los bots de mjai, el de libriichi y el de reglas, leen cuatro puestos y ningún Norte "
        "apartado)"
    ),
    "command.simulate_done": (
        "las {games} partidas de esta simulación ya estaban guardadas en {where}"
    ),
    "command.simulate_rewritten": (
        "{where} ya contiene partidas: se reescribe desde la primera (--resume conserva las "
        "que contiene)"
    ),
    "command.simulate_title": (
        "{variant}: {games} partidas, {rounds} manos, semilla {seed}, {where}, {rate} "
        "partidas/s; guardadas en {stored}"
    ),
    "command.simulate_processes": "{count} procesos",
    "command.simulate_process": "1 proceso",
    "command.simulate_ray": "{count} a la vez en Ray ({address})",
    "command.simulate_resumed": "{count} ya guardadas, {played} jugadas ahora",
    "command.col.seat": "puesto",
    "command.col.bot": "bot",
    "command.col.wins": "victorias",
    "command.col.deal_ins": "ron concedidos",
    "command.col.score": "puntos",
    "command.col.placement": "posición",
    "command.simulate_caption": (
        "puntos y posición: media ± semiamplitud del intervalo de confianza del 95 %"
    ),
    "command.col.faults": "fallos",
    "command.simulate_faults": (
        "fallos de un bot mjai: respuestas tardías/mal formadas/ilegales/salidas (la opción "
        "segura jugada en su lugar)"
    ),
    "command.col.all": "todos",
    "command.progress_rate": "{rate} partidas/s",
    "command.progress_rounds": "{rounds} manos",
    "command.progress_times": "{elapsed}, quedan {left}",
}

COMMAND_LINE: dict[str, dict[str, str]] = {"en": _EN, "fr": _FR, "es": _ES}
"""The command line's own sentences, by language."""


ARGPARSE: dict[str, dict[str, str]] = {
    "fr": {
        "usage: ": "utilisation : ",
        "positional arguments": "arguments positionnels",
        "options": "options",
        "optional arguments": "options",
        "show this help message and exit": "afficher cette aide et quitter",
        "argument %(argument_name)s: %(message)s": "argument %(argument_name)s : %(message)s",
        "the following arguments are required: %s": "les arguments suivants sont requis : %s",
        "unrecognized arguments: %s": "arguments non reconnus : %s",
        "not allowed with argument %s": "interdit avec l’argument %s",
        "ignored explicit argument %r": "valeur explicite ignorée : %r",
        "one of the arguments %s is required": "un des arguments %s est requis",
        "expected one argument": "une valeur est attendue après lui",
        "expected at most one argument": "au plus une valeur est attendue après lui",
        "expected at least one argument": "au moins une valeur est attendue après lui",
        "ambiguous option: %(option)s could match %(matches)s": (
            "option ambiguë : %(option)s peut désigner %(matches)s"
        ),
        "invalid %(type)s value: %(value)r": "valeur %(type)s invalide : %(value)r",
        "invalid choice: %(value)r (choose from %(choices)s)": (
            "choix invalide : %(value)r (choisir parmi %(choices)s)"
        ),
        "%(prog)s: error: %(message)s\n": "%(prog)s : erreur : %(message)s\n",
        "unexpected option string: %s": "option inattendue : %s",
        "unknown parser %(parser_name)r (choices: %(choices)s)": (
            "commande inconnue %(parser_name)r (choix : %(choices)s)"
        ),
    },
    "es": {
        "usage: ": "uso: ",
        "positional arguments": "argumentos posicionales",
        "options": "opciones",
        "optional arguments": "opciones",
        "show this help message and exit": "mostrar esta ayuda y salir",
        "argument %(argument_name)s: %(message)s": "argumento %(argument_name)s: %(message)s",
        "the following arguments are required: %s": "se requieren los siguientes argumentos: %s",
        "unrecognized arguments: %s": "argumentos no reconocidos: %s",
        "not allowed with argument %s": "no se permite con el argumento %s",
        "ignored explicit argument %r": "valor explícito ignorado: %r",
        "one of the arguments %s is required": "se requiere uno de los argumentos %s",
        "expected one argument": "se esperaba un valor detrás",
        "expected at most one argument": "se esperaba como mucho un valor detrás",
        "expected at least one argument": "se esperaba al menos un valor detrás",
        "ambiguous option: %(option)s could match %(matches)s": (
            "opción ambigua: %(option)s puede ser %(matches)s"
        ),
        "invalid %(type)s value: %(value)r": "valor %(type)s no válido: %(value)r",
        "invalid choice: %(value)r (choose from %(choices)s)": (
            "opción no válida: %(value)r (elija entre %(choices)s)"
        ),
        "%(prog)s: error: %(message)s\n": "%(prog)s: error: %(message)s\n",
        "unexpected option string: %s": "opción inesperada: %s",
        "unknown parser %(parser_name)r (choices: %(choices)s)": (
            "orden desconocida %(parser_name)r (opciones: %(choices)s)"
        ),
    },
}
"""argparse's words by their English text, in each language other than English."""

ARGPARSE_PLURALS: dict[str, dict[tuple[str, str], tuple[str, str]]] = {
    "fr": {("expected %s argument", "expected %s arguments"): (
        "%s valeur est attendue après lui", "%s valeurs sont attendues après lui"
    )},
    "es": {("expected %s argument", "expected %s arguments"): (
        "se esperaba %s valor detrás", "se esperaban %s valores detrás"
    )},
}  # fmt: skip
"""argparse's words that depend on a count: (singular, plural) in English → in the language."""


def plural_form(count: int, lang: str) -> int:
    """0 for the singular, 1 for the plural: French counts 0 and 1 as singular, Spanish and
    English 1 alone."""
    if lang == "fr":
        return 0 if count in (0, 1) else 1
    return 0 if count == 1 else 1


def argparse_text(message: str, lang: str) -> str:
    """argparse's ``message`` in ``lang`` (as it is when the catalog has no translation)."""
    return ARGPARSE.get(lang, {}).get(message, message)


def argparse_plural(singular: str, plural: str, count: int, lang: str) -> str:
    """argparse's count-dependent message in ``lang`` for ``count``."""
    found = ARGPARSE_PLURALS.get(lang, {}).get((singular, plural))
    if found is None:
        return singular if count == 1 else plural
    return found[plural_form(count, lang)]
