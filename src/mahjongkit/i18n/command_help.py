"""The help of every command and flag of the command line, in French and Spanish.

:data:`HELP` is keyed by the English text (the convention of gettext's catalogs, whose key is
the English message): :mod:`mahjongkit.cli` gives argparse each help through
:func:`help_text`, in the language ``--lang`` asks for. Apart from the command line's other
words (:mod:`mahjongkit.i18n.command_line`) because only a printed help reads it.

French puts a space before « : », « ; », « ? » as the other French sentences do.
"""

from __future__ import annotations


def help_text(text: str, lang: str) -> str:
    """The help of a command or flag, given by its English ``text``, in ``lang``."""
    return HELP.get(lang, {}).get(text, text)


_HELP_ROWS: tuple[tuple[str, str, str], ...] = (
    (
        "a model file of train that the table offers as a bot (repeatable)",
        "un fichier de modèle de train que la table propose comme bot (répétable)",
        "un archivo de modelo de train que la mesa ofrece como bot (repetible)",
    ),
    (
        "Train a policy from a bot's self-play (needs mahjongkit[train]); write a model "
        "file that learned:PATH plays.",
        "Entraîner une politique sur les parties d’un bot contre lui-même (il faut "
        "mahjongkit[train]) ; écrire un fichier de modèle que learned:CHEMIN joue.",
        "Entrenar una política con las partidas de un bot contra sí mismo (hace falta "
        "mahjongkit[train]); escribir un archivo de modelo que learned:RUTA juega.",
    ),
    (
        "Train a small policy network: seeded games of the teacher bot at every seat, behaviour "
        "cloning of its decisions (agreement measured on the last tenth of the games), then one "
        "round of self-play improvement by policy gradient. Each model is a NumPy file that "
        "simulate, play and mjai-bot play as --bot learned:MODEL without PyTorch. Needs "
        "PyTorch: pip install 'mahjongkit[train]'.",
        "Entraîner un petit réseau de politique : des parties à graine du bot maître à chaque "
        "place, le clonage de ses décisions (l’accord mesuré sur le dernier dixième des "
        "parties), puis un tour d’amélioration par le jeu contre soi-même (gradient de "
        "politique). Chaque modèle est un fichier NumPy que simulate, play et mjai-bot jouent "
        "en --bot learned:MODEL sans PyTorch. Il faut PyTorch : pip install "
        "'mahjongkit[train]'.",
        "Entrenar una pequeña red de política: partidas con semilla del bot maestro en cada "
        "puesto, clonación de sus decisiones (el acuerdo se mide en la última décima parte de "
        "las partidas), y luego una ronda de mejora jugando contra sí misma (gradiente de "
        "política). Cada modelo es un archivo NumPy que simulate, play y mjai-bot juegan como "
        "--bot learned:MODEL sin PyTorch. Hace falta PyTorch: pip install "
        "'mahjongkit[train]'.",
    ),
    (
        "games of the teacher bot at every seat to learn from (fewer if the time runs out)",
        "parties du bot maître à chaque place dont apprendre (moins si le temps manque)",
        "partidas del bot maestro en cada puesto de las que aprender (menos si se acaba el "
        "tiempo)",
    ),
    (
        "the time the whole training may take, in minutes: the games, the fitting and "
        "the self-play round",
        "le temps que tout l’entraînement peut prendre, en minutes : les parties, "
        "l’ajustement et le tour de jeu contre soi-même",
        "el tiempo que puede durar todo el entrenamiento, en minutos: las partidas, el ajuste "
        "y la ronda de juego contra sí misma",
    ),
    (
        "the model file written (.npz)",
        "le fichier de modèle écrit (.npz)",
        "el archivo de modelo escrito (.npz)",
    ),
    (
        "games of the learned policy against itself for one round of improvement, "
        "written to --self-play-out (0: none)",
        "parties de la politique apprise contre elle-même pour un tour d’amélioration, "
        "écrit dans --self-play-out (0 : aucun)",
        "partidas de la política aprendida contra sí misma para una ronda de mejora, "
        "escrita en --self-play-out (0: ninguna)",
    ),
    (
        "the improved model file (default: MODEL with -selfplay before its suffix)",
        "le fichier du modèle amélioré (par défaut : MODEL avec -selfplay avant son suffixe)",
        "el archivo del modelo mejorado (por defecto: MODEL con -selfplay antes de su sufijo)",
    ),
    (
        "run only the self-play round, from this model file (of train) instead of a "
        "teacher's games; the improved model is written to --out",
        "ne faire que le tour de jeu contre soi-même, à partir de ce fichier de modèle (de "
        "train) au lieu des parties d’un professeur ; le modèle amélioré est écrit dans --out",
        "hacer solo la ronda de juego contra sí misma, a partir de este archivo de modelo (de "
        "train) en lugar de las partidas de un maestro; el modelo mejorado se escribe en --out",
    ),
    (
        "a bot that takes every other seat of the self-play games (default: the policy "
        "plays all four)",
        "un bot qui prend une place sur deux des parties contre soi-même (par défaut : la "
        "politique joue les quatre)",
        "un bot que ocupa uno de cada dos puestos de las partidas contra sí misma (por "
        "defecto: la política juega los cuatro)",
    ),
    (
        "duplicate deals the improved model plays against the model it started from; "
        "the better of the two is written (0: keep the improved one unchecked)",
        "donnes dupliquées que le modèle amélioré joue contre le modèle d’où il est parti ; "
        "le meilleur des deux est écrit (0 : garder l’amélioré sans le vérifier)",
        "repartos duplicados que el modelo mejorado juega contra el modelo del que partió; "
        "se escribe el mejor de los dos (0: conservar el mejorado sin comprobarlo)",
    ),
    (
        "the bot whose decisions are learned",
        "le bot dont les décisions sont apprises",
        "el bot cuyas decisiones se aprenden",
    ),
    (
        "the widths of the hidden layers",
        "les largeurs des couches cachées",
        "los anchos de las capas ocultas",
    ),
    (
        "print the figures as one object",
        "afficher les chiffres en un seul objet",
        "mostrar las cifras como un solo objeto",
    ),
    (
        "Print a variant's pattern table (names, values, examples), or with --options its "
        "rule options and their ranges, as Markdown.",
        "Afficher la table des motifs d’une variante (noms, valeurs, exemples), ou avec "
        "--options ses options de règles et leurs plages, en Markdown.",
        "Mostrar la tabla de patrones de una variante (nombres, valores, ejemplos), o con "
        "--options sus opciones de reglas y sus rangos, en Markdown.",
    ),
    (
        "Print a variant's pattern table as Markdown: every pattern's name in the language "
        "asked, its value, what it replaces and an example in the command line's notation, under "
        "the preset and options given. With --options: every rule option, its default and its "
        "range.",
        "Afficher la table des motifs d’une variante en Markdown : le nom de chaque motif dans "
        "la langue demandée, sa valeur, ce qu’il remplace et un exemple dans la notation de la "
        "ligne de commande, selon le jeu de règles et les options donnés. Avec --options : "
        "chaque option de règles, sa valeur par défaut et sa plage.",
        "Mostrar la tabla de patrones de una variante en Markdown: el nombre de cada patrón en "
        "el idioma pedido, su valor, lo que sustituye y un ejemplo en la notación de la línea "
        "de órdenes, según el conjunto de reglas y las opciones indicados. Con --options: cada "
        "opción de reglas, su valor por defecto y su rango.",
    ),
    (
        "print the rule options instead: each one's value under --rules and --option, and the "
        "values it accepts",
        "afficher plutôt les options de règles : la valeur de chacune sous --rules et --option, "
        "et les valeurs qu’elle accepte",
        "mostrar en su lugar las opciones de reglas: el valor de cada una con --rules y "
        "--option, y los valores que admite",
    ),
    (
        "Convert game logs between Tenhou mjlog (XML), tenhou.net/6 JSON, mjai JSON lines and "
        "mahjongkit's event lines; the games of simulate --out, gzipped logs and folders of logs "
        "are read too. Each log is replayed through the engine on the way; a log that does not "
        "replay is reported on one line (exit 2) and the others are converted.",
        "Convertir des parties entre mjlog de Tenhou (XML), JSON tenhou.net/6, lignes JSON mjai "
        "et lignes d’évènements de mahjongkit ; les parties de simulate --out, les fichiers "
        "gzip et les dossiers de parties se lisent aussi. Chaque partie est rejouée par le "
        "moteur au passage ; une partie qui ne se rejoue pas est signalée sur une ligne (sortie "
        "2) et les autres sont converties.",
        "Convertir partidas entre mjlog de Tenhou (XML), JSON tenhou.net/6, líneas JSON de mjai "
        "y líneas de eventos de mahjongkit; también se leen las partidas de simulate --out, los "
        "archivos gzip y las carpetas de partidas. Cada partida se reproduce con el motor por el "
        "camino; una que no se reproduce se indica en una línea (salida 2) y las demás se "
        "convierten.",
    ),
    (
        "game logs: Tenhou mjlog (XML), tenhou.net/6 JSON, mjai JSON lines, mahjongkit's event "
        "lines (export --format jsonl) or the games of simulate --out, each plain or gzipped; "
        "the format is recognised. A folder stands for its logs (.xml .mjlog .json .jsonl .gz, "
        "at any depth)",
        "parties : mjlog de Tenhou (XML), JSON tenhou.net/6, lignes JSON mjai, lignes "
        "d’évènements de mahjongkit (export --format jsonl) ou parties de simulate --out, "
        "en clair ou en gzip ; le format est reconnu. Un dossier vaut pour ses parties (.xml "
        ".mjlog .json .jsonl .gz, à toute profondeur)",
        "partidas: mjlog de Tenhou (XML), JSON tenhou.net/6, líneas JSON de mjai, líneas de "
        "eventos de mahjongkit (export --format jsonl) o partidas de simulate --out, sin "
        "comprimir o en gzip; el formato se reconoce. Una carpeta vale por sus partidas (.xml "
        ".mjlog .json .jsonl .gz, a cualquier profundidad)",
    ),
    # The program
    (
        "Mahjong hands for Riichi, Hong Kong and Sichuan: shanten, waits, scores, rule pages, "
        "self-play and Tenhou replay checks.",
        "Des mains de mahjong en Riichi, Hong Kong et Sichuan : shanten, attentes, scores, pages "
        "de règles, parties entre bots et vérification de parties Tenhou.",
        "Manos de mahjong en Riichi, Hong Kong y Sichuan: shanten, esperas, puntuaciones, "
        "páginas de reglas, partidas entre bots y comprobación de partidas de Tenhou.",
    ),
    (
        "Exit codes: 0 success, 1 a well-formed question whose answer is no, 2 unusable input.",
        "Codes de sortie : 0 succès, 1 une question bien posée dont la réponse est non, "
        "2 une entrée inutilisable.",
        "Códigos de salida: 0 éxito, 1 una pregunta bien formulada cuya respuesta es no, "
        "2 una entrada inutilizable.",
    ),
    (
        "show program's version number and exit",
        "afficher la version du programme et quitter",
        "mostrar la versión del programa y salir",
    ),
    # The build running, after the version number (mahjongkit.native.describe).
    ("compiled (mypyc)", "compilé (mypyc)", "compilado (mypyc)"),
    ("pure Python", "Python pur", "Python puro"),
    (
        "pure Python (MAHJONGKIT_PURE=1)",
        "Python pur (MAHJONGKIT_PURE=1)",
        "Python puro (MAHJONGKIT_PURE=1)",
    ),
    (
        "pure Python (the compiled modules are older than their sources: ./dev builds them)",
        "Python pur (les modules compilés sont plus anciens que leurs sources : ./dev les "
        "construit)",
        "Python puro (los módulos compilados son más antiguos que sus fuentes: ./dev los "
        "construye)",
    ),
    (
        "the language of the answers and messages: en, fr, es (ja, zh for some commands); also "
        "accepted anywhere after the command",
        "la langue des réponses et des messages : en, fr, es (ja, zh pour certaines commandes) ; "
        "acceptée aussi n’importe où après la commande",
        "el idioma de las respuestas y los mensajes: en, fr, es (ja, zh en algunas órdenes); "
        "se acepta también en cualquier lugar tras la orden",
    ),
    (" (default: %(default)s)", " (par défaut : %(default)s)", " (por defecto: %(default)s)"),
    # The commands
    (
        "Shanten of a hand, by shape, with its waits and ukeire.",
        "Le shanten d’une main, par forme, avec ses attentes et ses tuiles utiles.",
        "El shanten de una mano, por forma, con sus esperas y sus fichas útiles.",
    ),
    (
        "Waits of a ready hand, what a win on each is worth or why it is none (exit 1 when the "
        "hand is not ready).",
        "Les attentes d’une main prête, ce que vaut une victoire sur chacune ou pourquoi ce "
        "n’en est pas une (sortie 1 quand la main n’est pas en attente).",
        "Las esperas de una mano lista, lo que vale ganar con cada una o por qué no es una "
        "victoria (salida 1 cuando la mano no está lista).",
    ),
    (
        "Score a winning hand and explain the result.",
        "Compter une main gagnante et expliquer le résultat.",
        "Puntuar una mano ganadora y explicar el resultado.",
    ),
    (
        "Score a winning hand and explain the result (exit 1 when it is not a win).",
        "Compter une main gagnante et expliquer le résultat (sortie 1 quand ce n’est pas une "
        "victoire).",
        "Puntuar una mano ganadora y explicar el resultado (salida 1 cuando no es una victoria).",
    ),
    (
        "Play seeded games with random legal or tile-efficiency players; print the scores.",
        "Jouer des parties tirées d’une graine entre joueurs au hasard ou efficaces ; afficher "
        "les scores.",
        "Jugar partidas a partir de una semilla entre jugadores al azar o eficientes; mostrar "
        "las puntuaciones.",
    ),
    (
        "Play seeded games with four bots of one kind and print each game's rounds and final "
        "scores (one line a game; --json: every event). A Hong Kong game between random players "
        "may last hundreds of rounds: they rarely reach the 3-fan minimum.",
        "Jouer des parties tirées d’une graine entre quatre bots d’une même sorte et afficher "
        "les donnes et les scores finaux de chacune (une ligne par partie ; --json : chaque "
        "évènement). Une partie de Hong Kong entre joueurs au hasard peut durer des centaines "
        "de donnes : ils atteignent rarement le minimum de 3 fan.",
        "Jugar partidas a partir de una semilla entre cuatro bots de un mismo tipo y mostrar "
        "las manos y las puntuaciones finales de cada una (una línea por partida; --json: cada "
        "evento). Una partida de Hong Kong entre jugadores al azar puede durar cientos de "
        "manos: rara vez alcanzan el mínimo de 3 fan.",
    ),
    (
        "Print a variant's pattern table (names, values, examples) as Markdown.",
        "Afficher la table des motifs d’une variante (noms, valeurs, exemples) en Markdown.",
        "Mostrar la tabla de patrones de una variante (nombres, valores, ejemplos) en Markdown.",
    ),
    (
        "Print a variant's pattern table as Markdown: every pattern's name in the language "
        "asked, its value, what it replaces and an example in the command line's notation, under "
        "the preset and options given.",
        "Afficher la table des motifs d’une variante en Markdown : le nom de chaque motif dans "
        "la langue demandée, sa valeur, ce qu’il remplace et un exemple dans la notation de la "
        "ligne de commande, selon le jeu de règles et les options donnés.",
        "Mostrar la tabla de patrones de una variante en Markdown: el nombre de cada patrón en "
        "el idioma pedido, su valor, lo que sustituye y un ejemplo en la notación de la línea "
        "de órdenes, según el conjunto de reglas y las opciones indicados.",
    ),
    (
        "Start the learning site (lessons, pattern tables, glossary) in English, French and "
        "Spanish; needs the web extra: pip install 'mahjongkit[web]'.",
        "Lancer le site d’apprentissage (leçons, tables des motifs, glossaire) en anglais, "
        "français et espagnol ; demande l’extra web : pip install 'mahjongkit[web]'.",
        "Iniciar el sitio de aprendizaje (lecciones, tablas de patrones, glosario) en inglés, "
        "francés y español; necesita el extra web: pip install 'mahjongkit[web]'.",
    ),
    (
        "Start the learning site on HOST:PORT: lessons, pattern tables, a glossary, a hand "
        "calculator and a table against bots, in English, French and Spanish. The reading "
        "progress is kept in --db; the games played on the site go to records.sqlite3 beside it "
        "(with records.sqlite3.secret). Needs the web extra: pip install 'mahjongkit[web]'.",
        "Lancer le site d’apprentissage sur HOTE:PORT : leçons, tables des motifs, glossaire, "
        "calculateur de mains et table contre des bots, en anglais, français et espagnol. La "
        "progression de lecture est gardée dans --db ; les parties jouées sur le site vont dans "
        "records.sqlite3 à côté (avec records.sqlite3.secret). Demande l’extra web : pip "
        "install 'mahjongkit[web]'.",
        "Iniciar el sitio de aprendizaje en HOST:PUERTO: lecciones, tablas de patrones, un "
        "glosario, una calculadora de manos y una mesa contra bots, en inglés, francés y "
        "español. El progreso de lectura se guarda en --db; las partidas jugadas en el sitio van "
        "a records.sqlite3 a su lado (con records.sqlite3.secret). Necesita el extra web: pip "
        "install 'mahjongkit[web]'.",
    ),
    (
        "Replay Tenhou mjlog files through the engine and list every mismatch.",
        "Rejouer des fichiers mjlog de Tenhou dans le moteur et lister chaque écart.",
        "Volver a jugar archivos mjlog de Tenhou en el motor y listar cada diferencia.",
    ),
    (
        "Replay Tenhou mjlog files (or every .mjlog and .xml of a folder) through the engine and "
        "list every mismatch, then sum up (exit 1 on a mismatch, 2 on an unreadable file).",
        "Rejouer des fichiers mjlog de Tenhou (ou chaque .mjlog et .xml d’un dossier) dans le "
        "moteur, lister chaque écart puis faire le bilan (sortie 1 s’il y a un écart, 2 pour un "
        "fichier illisible).",
        "Volver a jugar archivos mjlog de Tenhou (o cada .mjlog y .xml de una carpeta) en el "
        "motor, listar cada diferencia y hacer el balance (salida 1 si hay una diferencia, 2 "
        "si un archivo no se puede leer).",
    ),
    (
        "Play in the terminal against bots (needs mahjongkit[tui]); games are stored.",
        "Jouer dans le terminal contre des bots (demande mahjongkit[tui]) ; les parties sont "
        "gardées.",
        "Jugar en el terminal contra bots (necesita mahjongkit[tui]); las partidas se guardan.",
    ),
    (
        "Play Riichi, Hong Kong or Sichuan in the terminal against bots. Every game is stored in "
        "the records database; --resume ID continues an unfinished one.",
        "Jouer au Riichi, au Hong Kong ou au Sichuan dans le terminal contre des bots. Chaque "
        "partie est gardée dans la base des parties ; --resume N reprend une partie non finie.",
        "Jugar al Riichi, al Hong Kong o al Sichuan en el terminal contra bots. Cada partida se "
        "guarda en la base de partidas; --resume N continúa una sin terminar.",
    ),
    (
        "List the games stored in the records.",
        "Lister les parties gardées.",
        "Listar las partidas guardadas.",
    ),
    (
        "List the games stored in the records database (newest first): id, family, state, "
        "seats, final scores. --json gives stable values (ids as numbers, family and state as "
        "ids) for scripts.",
        "Lister les parties gardées dans la base (les plus récentes d’abord) : numéro, famille, "
        "état, places, scores finaux. --json donne des valeurs stables (numéros en nombres, "
        "famille et état en identifiants) pour les scripts.",
        "Listar las partidas guardadas en la base (las más recientes primero): número, familia, "
        "estado, puestos, puntuaciones finales. --json da valores estables (números como "
        "números, familia y estado como identificadores) para los scripts.",
    ),
    (
        "Print a stored game as text, round by round.",
        "Afficher une partie gardée en texte, donne par donne.",
        "Mostrar una partida guardada como texto, mano a mano.",
    ),
    (
        "Print a stored game as text, round by round: the scores at each start, the wins and "
        "draws, every payment.",
        "Afficher une partie gardée en texte, donne par donne : les scores au début de chacune, "
        "les victoires et les nulles, chaque paiement.",
        "Mostrar una partida guardada como texto, mano a mano: las puntuaciones al empezar "
        "cada una, las victorias y los empates, cada pago.",
    ),
    (
        "Write a stored game as JSON lines of its events or as tenhou.net/6 JSON.",
        "Écrire une partie gardée en lignes JSON de ses évènements ou en JSON tenhou.net/6.",
        "Escribir una partida guardada como líneas JSON de sus eventos o como JSON tenhou.net/6.",
    ),
    (
        "Write a stored game as JSON lines of its engine events (any family) or as tenhou.net/6 "
        "JSON (Riichi games), to standard output or --out FILE.",
        "Écrire une partie gardée en lignes JSON des évènements du moteur (toute famille) ou en "
        "JSON tenhou.net/6 (parties de Riichi), sur la sortie standard ou dans --out FICHIER.",
        "Escribir una partida guardada como líneas JSON de los eventos del motor (cualquier "
        "familia) o como JSON tenhou.net/6 (partidas de Riichi), en la salida estándar o en "
        "--out ARCHIVO.",
    ),
    (
        "Play one seat of an mjai game (mjai.app dialect) on standard input and output.",
        "Jouer une place d’une partie mjai (dialecte de mjai.app) sur l’entrée et la sortie "
        "standard.",
        "Jugar un puesto de una partida mjai (dialecto de mjai.app) por la entrada y la salida "
        "estándar.",
    ),
    (
        "Play one seat of an mjai game: each input line is a JSON array of the events since the "
        'last answer, and each is answered with one JSON object (an action or {"type":"none"}). '
        "See docs/mjai.md.",
        "Jouer une place d’une partie mjai : chaque ligne lue est un tableau JSON des évènements "
        "depuis la dernière réponse, et chacune reçoit pour réponse un objet JSON (une action ou "
        '{"type":"none"}). Voir docs/mjai.md.',
        "Jugar un puesto de una partida mjai: cada línea leída es un array JSON de los eventos "
        "desde la última respuesta, y cada una se responde con un objeto JSON (una acción o "
        '{"type":"none"}). Véase docs/mjai.md.',
    ),
    (
        "Convert game logs between Tenhou mjlog, tenhou.net/6, mjai and mahjongkit's events.",
        "Convertir des journaux de partie entre mjlog de Tenhou, tenhou.net/6, mjai et les "
        "évènements de mahjongkit.",
        "Convertir registros de partida entre mjlog de Tenhou, tenhou.net/6, mjai y los eventos "
        "de mahjongkit.",
    ),
    (
        "Convert game logs between Tenhou mjlog (XML), tenhou.net/6 JSON, mjai JSON lines and "
        "mahjongkit's event lines. Each log is replayed through the engine on the way; a log "
        "that does not replay is reported on one line (exit 2) and the others are converted.",
        "Convertir des journaux de partie entre mjlog de Tenhou (XML), JSON tenhou.net/6, lignes "
        "JSON mjai et lignes d’évènements de mahjongkit. Chaque journal est rejoué dans le "
        "moteur au passage ; un journal qui ne se rejoue pas est signalé sur une ligne (sortie "
        "2) et les autres sont convertis.",
        "Convertir registros de partida entre mjlog de Tenhou (XML), JSON tenhou.net/6, líneas "
        "JSON de mjai y líneas de eventos de mahjongkit. Cada registro se vuelve a jugar en el "
        "motor por el camino; uno que no se puede volver a jugar se indica en una línea (salida "
        "2) y los demás se convierten.",
    ),
    (
        "Play many seeded games between bots on every core; store them; sum them up.",
        "Jouer de nombreuses parties tirées d’une graine entre bots sur tous les cœurs ; les "
        "garder ; en faire le bilan.",
        "Jugar muchas partidas a partir de una semilla entre bots en todos los núcleos; "
        "guardarlas; hacer el balance.",
    ),
    (
        "Play many seeded games between bots on one or many processes (the same games whatever "
        "the number), store every game in the records database or as JSON lines, and print per "
        "seat and bot: wins, deal-ins, average score and placement with 95% confidence "
        "intervals.",
        "Jouer de nombreuses parties tirées d’une graine entre bots sur un ou plusieurs "
        "processus (les mêmes parties quel que soit leur nombre), garder chaque partie dans la "
        "base des parties ou en lignes JSON, et afficher par place et par bot : victoires, ron "
        "concédés, score et rang moyens avec leurs intervalles de confiance à 95 %.",
        "Jugar muchas partidas a partir de una semilla entre bots en uno o varios procesos (las "
        "mismas partidas sea cual sea su número), guardar cada partida en la base de partidas o "
        "como líneas JSON, y mostrar por puesto y por bot: victorias, ron concedidos, "
        "puntuación y puesto final medios con sus intervalos de confianza del 95 %.",
    ),
    # Hands: shanten, waits, score
    (
        "concealed tiles in mpsz or Unicode glyphs, melds may follow, e.g. '23m456p11z "
        "pung:777z@W'",
        "tuiles cachées en mpsz ou en glyphes Unicode, suivies éventuellement des "
        "combinaisons, par ex. '23m456p11z pung:777z@W'",
        "fichas ocultas en mpsz o en glifos Unicode, seguidas si acaso de las combinaciones, "
        "p. ej. '23m456p11z pung:777z@W'",
    ),
    (
        "a declared meld, e.g. pung:777z@W (repeatable)",
        "une combinaison déclarée, par ex. pung:777z@W (répétable)",
        "una combinación declarada, p. ej. pung:777z@W (repetible)",
    ),
    (
        "which complete shapes count",
        "quelles formes complètes comptent",
        "qué formas completas cuentan",
    ),
    (
        "Sichuan: the declared missing suit",
        "Sichuan : la couleur manquante déclarée",
        "Sichuan: el palo ausente declarado",
    ),
    (
        "tiles seen elsewhere (discards, melds, indicators), for ukeire",
        "tuiles vues ailleurs (écarts, combinaisons, indicateurs), pour les tuiles utiles",
        "fichas vistas en otra parte (descartes, combinaciones, indicadores), para las fichas "
        "útiles",
    ),
    (
        "the hand's seat for the waits' values, E S W N (default: East, or the first seat no "
        "meld was claimed from)",
        "la place de la main pour la valeur des attentes, E S W N (par défaut : Est, ou la "
        "première place à qui aucune combinaison n’a été prise)",
        "el puesto de la mano para el valor de las esperas, E S W N (por defecto: Este, o el "
        "primer puesto al que no se tomó ninguna combinación)",
    ),
    (
        "the prevalent wind, E S W N",
        "le vent dominant, E S W N",
        "el viento dominante, E S W N",
    ),
    (
        "a rules preset of the variant, for the waits' values",
        "un jeu de règles de la variante, pour la valeur des attentes",
        "un conjunto de reglas de la variante, para el valor de las esperas",
    ),
    (
        "override one rule option (repeatable)",
        "changer une option des règles (répétable)",
        "cambiar una opción de las reglas (repetible)",
    ),
    (
        "language of the text (default en)",
        "langue du texte (par défaut en)",
        "idioma del texto (por defecto en)",
    ),
    ("print one JSON object", "afficher un objet JSON", "mostrar un objeto JSON"),
    (
        "concealed tiles in mpsz, including the winning tile (groups may be apart)",
        "tuiles cachées en mpsz, tuile gagnante comprise (les groupes peuvent être séparés)",
        "fichas ocultas en mpsz, la ficha ganadora incluida (los grupos pueden ir separados)",
    ),
    ("the rule family", "la famille de règles", "la familia de reglas"),
    (
        "a rules preset ({presets}); default: the variant's first",
        "un jeu de règles ({presets}) ; par défaut : le premier de la variante",
        "un conjunto de reglas ({presets}); por defecto: el primero de la variante",
    ),
    ("the winning tile", "la tuile gagnante", "la ficha ganadora"),
    ("won by self-draw", "gagnée sur pioche", "ganada por robo propio"),
    (
        "the seat that discarded the winning tile (default: the previous seat still in the hand)",
        "la place qui a défaussé la tuile gagnante (par défaut : la place précédente encore "
        "dans la donne)",
        "el puesto que descartó la ficha ganadora (por defecto: el puesto anterior aún en la mano)",
    ),
    (
        "a declared meld, e.g. pung:777z@W or concealed-kong:1111m (repeatable)",
        "une combinaison déclarée, par ex. pung:777z@W ou concealed-kong:1111m (répétable)",
        "una combinación declarada, p. ej. pung:777z@W o concealed-kong:1111m (repetible)",
    ),
    (
        "the winner's seat, E S W N (E deals)",
        "la place du gagnant, E S W N (E donne)",
        "el puesto del ganador, E S W N (E reparte)",
    ),
    (
        "dora indicators (Riichi), mpsz, repeatable",
        "indicateurs de dora (Riichi), en mpsz, répétable",
        "indicadores de dora (Riichi), en mpsz, repetible",
    ),
    (
        "ura dora indicators (Riichi), mpsz, repeatable",
        "indicateurs d’ura dora (Riichi), en mpsz, répétable",
        "indicadores de ura dora (Riichi), en mpsz, repetible",
    ),
    ("the winner declared riichi", "le gagnant a déclaré riichi", "el ganador declaró riichi"),
    (
        "riichi on the first uninterrupted discard",
        "riichi sur le premier écart, sans interruption",
        "riichi en el primer descarte, sin interrupción",
    ),
    (
        "won within a go-around of riichi",
        "gagnée dans le tour qui suit le riichi",
        "ganada en la vuelta que sigue al riichi",
    ),
    (
        "won on a kong replacement",
        "gagnée sur la tuile de remplacement d’un kong",
        "ganada con la ficha de reposición de un kong",
    ),
    (
        "won on the replacement of a second consecutive kong (Hong Kong)",
        "gagnée sur le remplacement d’un deuxième kong de suite (Hong Kong)",
        "ganada con la reposición de un segundo kong seguido (Hong Kong)",
    ),
    ("won by robbing a kong", "gagnée en volant un kong", "ganada robando un kong"),
    (
        "won on the discard right after a kong (Sichuan)",
        "gagnée sur l’écart qui suit un kong (Sichuan)",
        "ganada con el descarte que sigue a un kong (Sichuan)",
    ),
    (
        "won on the last wall tile, or the discard after it",
        "gagnée sur la dernière tuile du mur, ou sur l’écart qui la suit",
        "ganada con la última ficha del muro, o con el descarte que la sigue",
    ),
    (
        "won in the first uninterrupted go-around",
        "gagnée dans le premier tour, sans interruption",
        "ganada en la primera vuelta, sin interrupción",
    ),
    ("counters", "compteurs", "contadores"),
    (
        "riichi sticks on the table",
        "mises de riichi sur la table",
        "depósitos de riichi en la mesa",
    ),
    (
        "North tiles set aside (three-player Riichi: --option players=3 --option uma=...)",
        "tuiles Nord mises de côté (Riichi à trois : --option players=3 --option uma=...)",
        "fichas Norte apartadas (Riichi de tres: --option players=3 --option uma=...)",
    ),
    (
        "the winner's bonus tiles, e.g. 1f,3g (repeatable)",
        "les tuiles bonus du gagnant, par ex. 1f,3g (répétable)",
        "las fichas de bonificación del ganador, p. ej. 1f,3g (repetible)",
    ),
    ("Sichuan: the missing suit", "Sichuan : la couleur manquante", "Sichuan: el palo ausente"),
    (
        "Sichuan: the seats still playing, e.g. E,S,W",
        "Sichuan : les places encore en jeu, par ex. E,S,W",
        "Sichuan: los puestos que siguen jugando, p. ej. E,S,W",
    ),
    (
        "language of the explanation, default en ({languages})",
        "langue de l’explication, par défaut en ({languages})",
        "idioma de la explicación, por defecto en ({languages})",
    ),
    # Games between bots
    (
        "a rules preset of the variant",
        "un jeu de règles de la variante",
        "un conjunto de reglas de la variante",
    ),
    (
        "the first game's seed",
        "la graine de la première partie",
        "la semilla de la primera partida",
    ),
    ("how many games to play", "combien de parties jouer", "cuántas partidas jugar"),
    (
        "print each game's event log as JSON lines",
        "afficher le journal d’évènements de chaque partie en lignes JSON",
        "mostrar el registro de eventos de cada partida como líneas JSON",
    ),
    (
        "also write each Riichi game as tenhou.net/6 JSON in DIR",
        "écrire aussi chaque partie de Riichi en JSON tenhou.net/6 dans DIR",
        "escribir también cada partida de Riichi como JSON tenhou.net/6 en DIR",
    ),
    (
        "random legal players, tile-efficiency players, or efficient players that fold against "
        "a threat",
        "des joueurs au hasard, des joueurs efficaces, ou des joueurs efficaces qui se couchent "
        "face à une menace",
        "jugadores al azar, jugadores eficientes, o jugadores eficientes que se defienden ante "
        "una amenaza",
    ),
    (
        "stop each game after this many rounds",
        "arrêter chaque partie après ce nombre de donnes",
        "detener cada partida tras este número de manos",
    ),
    (
        "language of the game lines (default en)",
        "langue des lignes de partie (par défaut en)",
        "idioma de las líneas de partida (por defecto en)",
    ),
    (
        "language of the names (default en)",
        "langue des noms (par défaut en)",
        "idioma de los nombres (por defecto en)",
    ),
    # The site
    ("the address to listen on", "l’adresse où écouter", "la dirección en la que escuchar"),
    ("the port to listen on", "le port où écouter", "el puerto en el que escuchar"),
    (
        "the SQLite file keeping which chapters each browser has read (default: "
        "mahjongkit/site.sqlite3 in the user's data folder)",
        "le fichier SQLite qui garde les chapitres lus par chaque navigateur (par défaut : "
        "mahjongkit/site.sqlite3 dans le dossier de données de l’utilisateur)",
        "el archivo SQLite que guarda los capítulos leídos por cada navegador (por defecto: "
        "mahjongkit/site.sqlite3 en la carpeta de datos del usuario)",
    ),
    (
        "language of the messages: en, fr, es (default en)",
        "langue des messages : en, fr, es (par défaut en)",
        "idioma de los mensajes: en, fr, es (por defecto en)",
    ),
    # Replays
    (
        "mjlog files (.xml, or gzip .mjlog), or folders holding them",
        "fichiers mjlog (.xml, ou .mjlog en gzip), ou dossiers qui en contiennent",
        "archivos mjlog (.xml, o .mjlog en gzip), o carpetas que los contienen",
    ),
    (
        "language of the report (en, fr, es, ja, zh; default en)",
        "langue du rapport (en, fr, es, ja, zh ; par défaut en)",
        "idioma del informe (en, fr, es, ja, zh; por defecto en)",
    ),
    (
        "a Riichi rules preset to replay under instead of Tenhou's rules of the log's day",
        "un jeu de règles de Riichi sous lequel rejouer au lieu des règles de Tenhou du jour du "
        "journal",
        "un conjunto de reglas de Riichi con el que volver a jugar en lugar de las reglas de "
        "Tenhou del día del registro",
    ),
    (
        "a rules preset to play each log under instead of the rules it implies (mjai: Tenhou's, "
        "East-South; Tenhou: those of the log's day; our events: their own)",
        "un jeu de règles sous lequel jouer chaque journal au lieu de celles qu’il implique "
        "(mjai : celles de Tenhou, Est-Sud ; Tenhou : celles du jour du journal ; nos "
        "évènements : les leurs)",
        "un conjunto de reglas con el que jugar cada registro en lugar de las que implica "
        "(mjai: las de Tenhou, Este-Sur; Tenhou: las del día del registro; nuestros eventos: "
        "las suyas)",
    ),
    # The terminal game and the records
    (
        "the rule family (default riichi)",
        "la famille de règles (par défaut riichi)",
        "la familia de reglas (por defecto riichi)",
    ),
    (
        "your seat, 0 to 3 or E S W N (default 0, East)",
        "votre place, 0 à 3 ou E S W N (par défaut 0, Est)",
        "su puesto, del 0 al 3 o E S W N (por defecto 0, Este)",
    ),
    (
        "the other seats' bot (default efficient); mjai:COMMAND runs an external mjai bot at "
        "each of them ({seat} in COMMAND is the seat number; Riichi, Tenhou rules by default)"
        "; learned:MODEL plays a model file of train",
        "le bot des autres places (par défaut efficient) ; mjai:COMMANDE lance un bot mjai "
        "externe à chacune d’elles ({seat} dans COMMANDE est le numéro de la place ; Riichi, "
        "règles de Tenhou par défaut) ; learned:MODEL joue un fichier de modèle de train",
        "el bot de los demás puestos (por defecto efficient); mjai:ORDEN ejecuta un bot mjai "
        "externo en cada uno ({seat} en ORDEN es el número del puesto; Riichi, reglas de "
        "Tenhou por defecto); learned:MODEL juega un archivo de modelo de train",
    ),
    (
        "the game's seed (default 0)",
        "la graine de la partie (par défaut 0)",
        "la semilla de la partida (por defecto 0)",
    ),
    (
        "language of the game: en, fr, es (default en)",
        "langue de la partie : en, fr, es (par défaut en)",
        "idioma de la partida: en, fr, es (por defecto en)",
    ),
    (
        "the records database (default: the user's data folder)",
        "la base des parties (par défaut : le dossier de données de l’utilisateur)",
        "la base de partidas (por defecto: la carpeta de datos del usuario)",
    ),
    ("continue a stored game", "reprendre une partie gardée", "continuar una partida guardada"),
    (
        "end the game after this many rounds",
        "finir la partie après ce nombre de donnes",
        "terminar la partida tras este número de manos",
    ),
    (
        "tiles as text (5m) instead of Unicode glyphs",
        "les tuiles en texte (5m) au lieu des glyphes Unicode",
        "las fichas como texto (5m) en lugar de glifos Unicode",
    ),
    ("only these games", "seulement ces parties", "solo estas partidas"),
    (
        "at most this many games",
        "au plus ce nombre de parties",
        "como mucho este número de partidas",
    ),
    (
        "language of the table: en, fr, es (default en)",
        "langue du tableau : en, fr, es (par défaut en)",
        "idioma de la tabla: en, fr, es (por defecto en)",
    ),
    ("print one JSON array", "afficher un tableau JSON", "mostrar un array JSON"),
    (
        "the game's id (mahjongkit history lists them)",
        "le numéro de la partie (mahjongkit history les liste)",
        "el número de la partida (mahjongkit history los lista)",
    ),
    (
        "language of the text: en, fr, es (default en)",
        "langue du texte : en, fr, es (par défaut en)",
        "idioma del texto: en, fr, es (por defecto en)",
    ),
    (
        "jsonl: the engine's events, one JSON object a line; tenhou6: tenhou.net/6 JSON (Riichi "
        "games)",
        "jsonl : les évènements du moteur, un objet JSON par ligne ; tenhou6 : JSON "
        "tenhou.net/6 (parties de Riichi)",
        "jsonl: los eventos del motor, un objeto JSON por línea; tenhou6: JSON tenhou.net/6 "
        "(partidas de Riichi)",
    ),
    (
        "write to this file (default: standard output)",
        "écrire dans ce fichier (par défaut : la sortie standard)",
        "escribir en este archivo (por defecto: la salida estándar)",
    ),
    # mjai and conversions
    (
        "the bot's seat, 0-3 (default: the id that start_game gives)",
        "la place du bot, 0-3 (par défaut : l’id que donne start_game)",
        "el puesto del bot, 0-3 (por defecto: el id que da start_game)",
    ),
    (
        "the bot that plays (any bot simulate knows; learned:MODEL: a model file of train)",
        "le bot qui joue (tout bot que simulate connaît ; learned:MODEL : un fichier de modèle "
        "de train)",
        "el bot que juega (cualquier bot que simulate conozca; learned:MODEL: un archivo de "
        "modelo de train)",
    ),
    ("a Riichi rules preset", "un jeu de règles de Riichi", "un conjunto de reglas de Riichi"),
    (
        "game logs: Tenhou mjlog (XML or gzip), tenhou.net/6 JSON, mjai JSON lines, "
        "mahjongkit's event lines (export --format jsonl) or games (simulate --out), or folders "
        "holding them; the format is recognised",
        "journaux de partie : mjlog de Tenhou (XML ou gzip), JSON tenhou.net/6, lignes JSON "
        "mjai, lignes d’évènements de mahjongkit (export --format jsonl) ou parties (simulate "
        "--out), ou dossiers qui en contiennent ; le format est reconnu",
        "registros de partida: mjlog de Tenhou (XML o gzip), JSON tenhou.net/6, líneas JSON de "
        "mjai, líneas de eventos de mahjongkit (export --format jsonl) o partidas (simulate "
        "--out), o carpetas que los contienen; el formato se reconoce",
    ),
    ("the format written", "le format écrit", "el formato escrito"),
    (
        "write each log to DIR (NAME.mjai.jsonl, NAME.tenhou6.json or NAME.jsonl) instead of "
        "standard output",
        "écrire chaque journal dans DIR (NOM.mjai.jsonl, NOM.tenhou6.json ou NOM.jsonl) au "
        "lieu de la sortie standard",
        "escribir cada registro en DIR (NOMBRE.mjai.jsonl, NOMBRE.tenhou6.json o NOMBRE.jsonl) "
        "en lugar de la salida estándar",
    ),
    # Simulations
    ("how many games", "combien de parties", "cuántas partidas"),
    (
        "the run's seed: the same seed, the same games",
        "la graine de la simulation : même graine, mêmes parties",
        "la semilla de la simulación: misma semilla, mismas partidas",
    ),
    (
        "how many processes (default: every core); the results do not depend on it",
        "combien de processus (par défaut : un par cœur) ; les résultats n’en dépendent pas",
        "cuántos procesos (por defecto: uno por núcleo); los resultados no dependen de ello",
    ),
    (
        "random, efficient, defensive, mjai:COMMAND (an external mjai bot; {seat} in COMMAND "
        "is the seat) or learned:MODEL (a model file of train): once for every seat, or once "
        "per seat (default random)",
        "random, efficient, defensive, mjai:COMMANDE (un bot mjai externe ; {seat} dans "
        "COMMANDE est la place) ou learned:MODEL (un fichier de modèle de train) : une fois "
        "pour toutes les places, ou une fois par place (par défaut random)",
        "random, efficient, defensive, mjai:ORDEN (un bot mjai externo; {seat} en ORDEN es el "
        "puesto) o learned:MODEL (un archivo de modelo de train): una vez para todos los "
        "puestos, o una vez por puesto (por defecto random)",
    ),
    (
        "seconds an mjai:COMMAND bot has for each answer (default 5; 30 for its first)",
        "secondes dont un bot mjai:COMMANDE dispose pour chaque réponse (par défaut 5 ; 30 "
        "pour la première)",
        "segundos de que dispone un bot mjai:ORDEN para cada respuesta (por defecto 5; 30 para "
        "la primera)",
    ),
    (
        "end the run with an error at an mjai bot's first late, malformed or illegal answer, or "
        "its exit, instead of playing the safe default",
        "arrêter la simulation sur une erreur à la première réponse en retard, mal formée ou "
        "illégale d’un bot mjai, ou à sa sortie, au lieu de jouer le choix sûr par défaut",
        "detener la simulación con un error en la primera respuesta tardía, mal formada o "
        "ilegal de un bot mjai, o en su salida, en lugar de jugar la opción segura por defecto",
    ),
    (
        "end each game after this many rounds",
        "finir chaque partie après ce nombre de donnes",
        "terminar cada partida tras este número de manos",
    ),
    (
        "write the games as JSON lines instead",
        "écrire plutôt les parties en lignes JSON",
        "escribir en su lugar las partidas como líneas JSON",
    ),
    (
        "an interrupted run: keep the games it stored (--db or --out) and play the rest; give "
        "the same flags again",
        "une simulation interrompue : garder les parties déjà gardées (--db ou --out) et jouer "
        "les autres ; redonnez les mêmes options",
        "una simulación interrumpida: conservar las partidas ya guardadas (--db o --out) y "
        "jugar el resto; repita las mismas opciones",
    ),
    (
        "play the games as Ray tasks: on a local instance, or on the cluster at ADDRESS "
        "(HOST:PORT, ray://HOST:PORT or auto); the same games as --jobs 1; --jobs is then how "
        "many at once (needs mahjongkit[ray])",
        "jouer les parties en tâches Ray : sur une instance locale, ou sur la grappe à ADDRESS "
        "(HOTE:PORT, ray://HOTE:PORT ou auto) ; les mêmes parties qu’avec --jobs 1 ; --jobs "
        "dit alors combien à la fois (demande mahjongkit[ray])",
        "jugar las partidas como tareas de Ray: en una instancia local, o en el clúster de "
        "ADDRESS (HOST:PUERTO, ray://HOST:PUERTO o auto); las mismas partidas que con --jobs "
        "1; --jobs indica entonces cuántas a la vez (necesita mahjongkit[ray])",
    ),
    (
        "print the summary as one object",
        "afficher le bilan en un seul objet",
        "mostrar el balance como un solo objeto",
    ),
    (
        "language of the progress, the summary and the messages: en, fr, es",
        "langue de la progression, du bilan et des messages : en, fr, es",
        "idioma del progreso, del balance y de los mensajes: en, fr, es",
    ),
)
"""Each help text in English, French and Spanish."""

HELP: dict[str, dict[str, str]] = {
    "fr": {english: french for english, french, _ in _HELP_ROWS},
    "es": {english: spanish for english, _, spanish in _HELP_ROWS},
}
"""The help of every command and flag by its English text, in each language but English."""
