"""The sentences of the learning site and the spoken names of tiles, in English, French and
Spanish (keys ``web.*``, ``tile.*`` and ``meld.*``).

They join the same tables as every other sentence (:data:`mahjongkit.i18n.messages.MESSAGES`):
the site, the explanations and the command line take them by key. The French and Spanish words
are the seeds' (tuile, couleur, combinaison, pioche; ficha, palo, combinación, robo).
"""

from __future__ import annotations

_EN = {
    # Tiles spoken aloud (the pictures' text alternatives)
    "tile.n.1": "one",
    "tile.n.2": "two",
    "tile.n.3": "three",
    "tile.n.4": "four",
    "tile.n.5": "five",
    "tile.n.6": "six",
    "tile.n.7": "seven",
    "tile.n.8": "eight",
    "tile.n.9": "nine",
    "tile.suit.m": "characters",
    "tile.suit.p": "circles",
    "tile.suit.s": "bamboo",
    "tile.suited": "{n} of {suit}",
    "tile.red": "red {n} of {suit}",
    "tile.1z": "East wind",
    "tile.2z": "South wind",
    "tile.3z": "West wind",
    "tile.4z": "North wind",
    "tile.5z": "White dragon",
    "tile.6z": "Green dragon",
    "tile.7z": "Red dragon",
    "tile.1f": "Plum flower",
    "tile.2f": "Orchid flower",
    "tile.3f": "Chrysanthemum flower",
    "tile.4f": "Bamboo flower",
    "tile.1g": "Spring season",
    "tile.2g": "Summer season",
    "tile.3g": "Autumn season",
    "tile.4g": "Winter season",
    "meld.chow": "chow",
    "meld.pung": "pung",
    "meld.kong": "exposed kong",
    "meld.added-kong": "added kong",
    "meld.concealed-kong": "concealed kong",
    "meld.from": "{meld} claimed from {seat}",
    # The site
    "web.site_name": "mahjongkit: learn mahjong",
    "web.skip": "Skip to the content",
    "web.nav.label": "Main menu",
    "web.nav.home": "Courses",
    "web.nav.glossary": "Glossary",
    "web.nav.calculator": "Hand calculator",
    "web.lang.label": "Language",
    "web.lang.current": "(current language)",
    "web.breadcrumb": "You are here",
    "web.family.sichuan": "Sichuan blood battle",
    "web.family.hongkong": "Hong Kong old style",
    "web.family.riichi": "Japanese Riichi",
    "web.family.sichuan.about": (
        "108 tiles, no honours, no chow: each player gives up one suit, and play goes on after "
        "a win until three players are out."
    ),
    "web.family.hongkong.about": (
        "144 tiles with flowers and seasons: a hand needs 3 fan to win, and the limit is 13."
    ),
    "web.family.riichi.about": (
        "The Japanese game under the EMA rules, with the Tenhou differences: riichi, furiten, "
        "yaku, dora, han and fu."
    ),
    "web.home.title": "Learn mahjong",
    "web.home.intro": (
        "Three families of rules, each a course of short chapters. Every example hand is "
        "computed by the same engine as the command line, so the text and the rules agree."
    ),
    "web.home.courses": "Courses",
    "web.home.tools": "Tools",
    "web.home.chapters": "{count} chapters",
    "web.home.glossary_about": (
        "Every term with its Chinese or Japanese original and the names it goes by."
    ),
    "web.home.calculator_about": "Score a hand or list its waits, as the command line does.",
    "web.course.title": "Course: {family}",
    "web.course.chapters": "Chapters",
    "web.course.empty": (
        "This course has no chapter yet; its pattern table below is complete and generated "
        "from the rules."
    ),
    "web.course.patterns": "Every pattern with its value",
    "web.course.patterns_about": "The pattern table, built from the rules the engine applies.",
    "web.course.read": "read",
    "web.course.progress": "{read} of {total} chapters read",
    "web.chapter.pager": "Chapter navigation",
    "web.chapter.previous": "Previous chapter",
    "web.chapter.next": "Next chapter",
    "web.chapter.course": "Back to the course",
    "web.chapter.of": "Chapter {number} of {total}",
    "web.example.label": "Worked example",
    "web.example.command": "Command",
    "web.example.hand": "Hand",
    "web.example.melds": "Declared melds",
    "web.example.win": "Winning tile",
    "web.example.answer": "The engine's answer",
    "web.example.valid": "A win",
    "web.example.invalid": "Not a win",
    "web.example.waits": "Waits",
    "web.example.no_waits": "none",
    "web.example.state": "State",
    "web.example.ukeire": "Tiles that improve the hand (ukeire): {count}",
    "web.example.discard": "Discard {tile}: shanten {n}, {count} tiles improve",
    "web.example.wait_value": "on {tile}: by discard {ron}; by self-draw {tsumo}",
    "web.example.no_win": "no win",
    "web.example.refused": "The engine refuses this input: {message}",
    "web.patterns.title": "{family}: every pattern",
    "web.patterns.intro": (
        "This table is generated from the pattern table the engine scores with; the "
        "examples can be typed into the calculator."
    ),
    "web.patterns.presets": "Rules presets",
    "web.patterns.preset_current": "{preset} (shown)",
    "web.glossary.title": "Glossary",
    "web.glossary.intro": (
        "One entry per concept, with the original term, its romanisation and every name in "
        "use. The first name is the one this site uses; the others are aliases, each with "
        "where it comes from."
    ),
    "web.glossary.term": "Original term",
    "web.glossary.romanisation": "Romanisation",
    "web.glossary.names": "Names",
    "web.glossary.default": "used here",
    "web.glossary.alias": "also called",
    "web.glossary.source": "source: {source}",
    "web.glossary.families": "Found in",
    "web.glossary.concept": "general term",
    "web.calc.title": "Hand calculator",
    "web.calc.intro": (
        "Type a command as in the command line, without the program name: score, waits or "
        "shanten, the hand in mpsz notation, then the flags."
    ),
    "web.calc.command_title": "Or type a command",
    "web.calc.label": "Command",
    "web.calc.submit": "Compute",
    "web.calc.examples": "Try",
    "web.error.title": "Error {status}",
    "web.error.not_found": "There is no page at {path}.",
    "web.error.language": "The language {lang} is not offered: this site speaks {languages}.",
    "web.error.too_long": "The request is too long: at most {limit} characters are read.",
    "web.error.bad_request": "The request cannot be used: {message}",
    "web.error.parameter": "The request cannot be used: the value of {names} is wrong",
    "web.error.back": "Go to the list of courses",
    "web.footer": (
        "Examples are computed by mahjongkit's engine; the rules follow the project's "
        "specification."
    ),
}

_FR = {
    "tile.n.1": "un",
    "tile.n.2": "deux",
    "tile.n.3": "trois",
    "tile.n.4": "quatre",
    "tile.n.5": "cinq",
    "tile.n.6": "six",
    "tile.n.7": "sept",
    "tile.n.8": "huit",
    "tile.n.9": "neuf",
    "tile.suit.m": "caractères",
    "tile.suit.p": "cercles",
    "tile.suit.s": "bambou",
    "tile.suited": "{n} de {suit}",
    "tile.red": "{n} rouge de {suit}",
    "tile.1z": "Vent d’est",
    "tile.2z": "Vent du sud",
    "tile.3z": "Vent d’ouest",
    "tile.4z": "Vent du nord",
    "tile.5z": "Dragon blanc",
    "tile.6z": "Dragon vert",
    "tile.7z": "Dragon rouge",
    "tile.1f": "Fleur du prunier",
    "tile.2f": "Fleur de l’orchidée",
    "tile.3f": "Fleur du chrysanthème",
    "tile.4f": "Fleur du bambou",
    "tile.1g": "Saison du printemps",
    "tile.2g": "Saison de l’été",
    "tile.3g": "Saison de l’automne",
    "tile.4g": "Saison de l’hiver",
    "meld.chow": "chow",
    "meld.pung": "pung",
    "meld.kong": "kong exposé",
    "meld.added-kong": "kong ajouté",
    "meld.concealed-kong": "kong caché",
    "meld.from": "{meld} pris à {seat}",
    "web.site_name": "mahjongkit : apprendre le mahjong",
    "web.skip": "Aller au contenu",
    "web.nav.label": "Menu principal",
    "web.nav.home": "Cours",
    "web.nav.glossary": "Glossaire",
    "web.nav.calculator": "Calculateur de main",
    "web.lang.label": "Langue",
    "web.lang.current": "(langue affichée)",
    "web.breadcrumb": "Vous êtes ici",
    "web.family.sichuan": "Sichuan, la bataille sanglante",
    "web.family.hongkong": "Hong Kong à l’ancienne",
    "web.family.riichi": "Riichi japonais",
    "web.family.sichuan.about": (
        "108 tuiles, ni honneurs ni chow : chacun renonce à une couleur, et la partie continue "
        "après une victoire jusqu’à ce que trois joueurs soient sortis."
    ),
    "web.family.hongkong.about": (
        "144 tuiles avec fleurs et saisons : une main doit valoir 3 fan pour gagner, et la "
        "limite est de 13."
    ),
    "web.family.riichi.about": (
        "Le jeu japonais selon les règles EMA, avec les différences de Tenhou : riichi, "
        "furiten, yaku, dora, han et fu."
    ),
    "web.home.title": "Apprendre le mahjong",
    "web.home.intro": (
        "Trois familles de règles, chacune un cours en chapitres courts. Chaque main d’exemple "
        "est calculée par le même moteur que la ligne de commande : le texte et les règles "
        "concordent."
    ),
    "web.home.courses": "Les cours",
    "web.home.tools": "Outils",
    "web.home.chapters": "{count} chapitres",
    "web.home.glossary_about": (
        "Chaque terme avec son original chinois ou japonais et tous les noms qu’on lui donne."
    ),
    "web.home.calculator_about": (
        "Compter une main ou lister ses attentes, comme la ligne de commande."
    ),
    "web.course.title": "Cours : {family}",
    "web.course.chapters": "Chapitres",
    "web.course.empty": (
        "Ce cours n’a pas encore de chapitre ; sa table des motifs ci-dessous est complète et "
        "tirée des règles."
    ),
    "web.course.patterns": "Tous les motifs et leur valeur",
    "web.course.patterns_about": "La table des motifs, construite à partir des règles du moteur.",
    "web.course.read": "lu",
    "web.course.progress": "{read} chapitres lus sur {total}",
    "web.chapter.pager": "Navigation entre les chapitres",
    "web.chapter.previous": "Chapitre précédent",
    "web.chapter.next": "Chapitre suivant",
    "web.chapter.course": "Retour au cours",
    "web.chapter.of": "Chapitre {number} sur {total}",
    "web.example.label": "Exemple commenté",
    "web.example.command": "Commande",
    "web.example.hand": "Main",
    "web.example.melds": "Combinaisons déclarées",
    "web.example.win": "Tuile gagnante",
    "web.example.answer": "La réponse du moteur",
    "web.example.valid": "Main gagnante",
    "web.example.invalid": "Pas de victoire",
    "web.example.waits": "Attentes",
    "web.example.no_waits": "aucune",
    "web.example.state": "État",
    "web.example.ukeire": "Tuiles utiles (ukeire) : {count}",
    "web.example.discard": "Défausse {tile} : shanten {n}, {count} tuiles utiles",
    "web.example.wait_value": "sur {tile} : sur une défausse {ron} ; en pioche {tsumo}",
    "web.example.no_win": "pas de victoire",
    "web.example.refused": "Le moteur refuse cette entrée : {message}",
    "web.patterns.title": "{family} : tous les motifs",
    "web.patterns.intro": (
        "Cette table est produite à partir de la table des motifs avec laquelle le moteur "
        "compte ; les exemples peuvent être saisis dans le calculateur."
    ),
    "web.patterns.presets": "Jeux de règles",
    "web.patterns.preset_current": "{preset} (affiché)",
    "web.glossary.title": "Glossaire",
    "web.glossary.intro": (
        "Une entrée par notion, avec le terme d’origine, sa romanisation et tous les noms en "
        "usage. Le premier nom est celui de ce site ; les autres sont des synonymes, chacun "
        "avec sa source."
    ),
    "web.glossary.term": "Terme d’origine",
    "web.glossary.romanisation": "Romanisation",
    "web.glossary.names": "Noms",
    "web.glossary.default": "employé ici",
    "web.glossary.alias": "aussi appelé",
    "web.glossary.source": "source : {source}",
    "web.glossary.families": "Présent dans",
    "web.glossary.concept": "terme général",
    "web.calc.title": "Calculateur de main",
    "web.calc.intro": (
        "Saisissez une commande comme dans la ligne de commande, sans le nom du programme : "
        "score, waits ou shanten, la main en notation mpsz, puis les options."
    ),
    "web.calc.command_title": "Ou tapez une commande",
    "web.calc.label": "Commande",
    "web.calc.submit": "Calculer",
    "web.calc.examples": "Essayez",
    "web.error.title": "Erreur {status}",
    "web.error.not_found": "Il n’y a pas de page à l’adresse {path}.",
    "web.error.language": ("La langue {lang} n’est pas proposée : ce site parle {languages}."),
    "web.error.too_long": "La requête est trop longue : {limit} caractères au plus sont lus.",
    "web.error.bad_request": "La requête est inutilisable : {message}",
    "web.error.parameter": "La requête est inutilisable : la valeur de {names} est incorrecte",
    "web.error.back": "Aller à la liste des cours",
    "web.footer": (
        "Les exemples sont calculés par le moteur de mahjongkit ; les règles suivent la "
        "spécification du projet."
    ),
}

_ES = {
    "tile.n.1": "uno",
    "tile.n.2": "dos",
    "tile.n.3": "tres",
    "tile.n.4": "cuatro",
    "tile.n.5": "cinco",
    "tile.n.6": "seis",
    "tile.n.7": "siete",
    "tile.n.8": "ocho",
    "tile.n.9": "nueve",
    "tile.suit.m": "caracteres",
    "tile.suit.p": "círculos",
    "tile.suit.s": "bambú",
    "tile.suited": "{n} de {suit}",
    "tile.red": "{n} rojo de {suit}",
    "tile.1z": "Viento del este",
    "tile.2z": "Viento del sur",
    "tile.3z": "Viento del oeste",
    "tile.4z": "Viento del norte",
    "tile.5z": "Dragón blanco",
    "tile.6z": "Dragón verde",
    "tile.7z": "Dragón rojo",
    "tile.1f": "Flor del ciruelo",
    "tile.2f": "Flor de la orquídea",
    "tile.3f": "Flor del crisantemo",
    "tile.4f": "Flor del bambú",
    "tile.1g": "Estación de primavera",
    "tile.2g": "Estación de verano",
    "tile.3g": "Estación de otoño",
    "tile.4g": "Estación de invierno",
    "meld.chow": "chow",
    "meld.pung": "pung",
    "meld.kong": "kong cantado",
    "meld.added-kong": "kong añadido",
    "meld.concealed-kong": "kong oculto",
    "meld.from": "{meld} tomado de {seat}",
    "web.site_name": "mahjongkit: aprender mahjong",
    "web.skip": "Saltar al contenido",
    "web.nav.label": "Menú principal",
    "web.nav.home": "Cursos",
    "web.nav.glossary": "Glosario",
    "web.nav.calculator": "Calculadora de manos",
    "web.lang.label": "Idioma",
    "web.lang.current": "(idioma actual)",
    "web.breadcrumb": "Está aquí",
    "web.family.sichuan": "Sichuan, la batalla sangrienta",
    "web.family.hongkong": "Hong Kong al estilo antiguo",
    "web.family.riichi": "Riichi japonés",
    "web.family.sichuan.about": (
        "108 fichas, sin honores ni chow: cada jugador renuncia a un palo, y la partida sigue "
        "tras una victoria hasta que tres jugadores han salido."
    ),
    "web.family.hongkong.about": (
        "144 fichas con flores y estaciones: una mano necesita 3 fan para ganar, y el límite es 13."
    ),
    "web.family.riichi.about": (
        "El juego japonés con las reglas de la EMA y las diferencias de Tenhou: riichi, "
        "furiten, yaku, dora, han y fu."
    ),
    "web.home.title": "Aprender mahjong",
    "web.home.intro": (
        "Tres familias de reglas, cada una un curso de capítulos breves. Cada mano de ejemplo "
        "la calcula el mismo motor que la línea de órdenes, así que el texto y las reglas "
        "coinciden."
    ),
    "web.home.courses": "Los cursos",
    "web.home.tools": "Herramientas",
    "web.home.chapters": "{count} capítulos",
    "web.home.glossary_about": (
        "Cada término con su original chino o japonés y todos los nombres que recibe."
    ),
    "web.home.calculator_about": ("Puntuar una mano o ver sus esperas, como la línea de órdenes."),
    "web.course.title": "Curso: {family}",
    "web.course.chapters": "Capítulos",
    "web.course.empty": (
        "Este curso aún no tiene capítulos; su tabla de patrones, abajo, está completa y sale "
        "de las reglas."
    ),
    "web.course.patterns": "Todos los patrones y su valor",
    "web.course.patterns_about": "La tabla de patrones, construida con las reglas del motor.",
    "web.course.read": "leído",
    "web.course.progress": "{read} de {total} capítulos leídos",
    "web.chapter.pager": "Navegación entre capítulos",
    "web.chapter.previous": "Capítulo anterior",
    "web.chapter.next": "Capítulo siguiente",
    "web.chapter.course": "Volver al curso",
    "web.chapter.of": "Capítulo {number} de {total}",
    "web.example.label": "Ejemplo comentado",
    "web.example.command": "Orden",
    "web.example.hand": "Mano",
    "web.example.melds": "Combinaciones cantadas",
    "web.example.win": "Ficha ganadora",
    "web.example.answer": "La respuesta del motor",
    "web.example.valid": "Mano ganadora",
    "web.example.invalid": "No es una victoria",
    "web.example.waits": "Esperas",
    "web.example.no_waits": "ninguna",
    "web.example.state": "Estado",
    "web.example.ukeire": "Fichas útiles (ukeire): {count}",
    "web.example.discard": "Descarte {tile}: shanten {n}, {count} fichas útiles",
    "web.example.wait_value": "con {tile}: por descarte {ron}; por robo {tsumo}",
    "web.example.no_win": "no gana",
    "web.example.refused": "El motor rechaza esta entrada: {message}",
    "web.patterns.title": "{family}: todos los patrones",
    "web.patterns.intro": (
        "Esta tabla se genera a partir de la tabla de patrones con la que puntúa el motor; los "
        "ejemplos se pueden escribir en la calculadora."
    ),
    "web.patterns.presets": "Conjuntos de reglas",
    "web.patterns.preset_current": "{preset} (mostrado)",
    "web.glossary.title": "Glosario",
    "web.glossary.intro": (
        "Una entrada por concepto, con el término original, su romanización y todos los "
        "nombres en uso. El primero es el que usa este sitio; los demás son alias, cada uno "
        "con su fuente."
    ),
    "web.glossary.term": "Término original",
    "web.glossary.romanisation": "Romanización",
    "web.glossary.names": "Nombres",
    "web.glossary.default": "usado aquí",
    "web.glossary.alias": "también llamado",
    "web.glossary.source": "fuente: {source}",
    "web.glossary.families": "Aparece en",
    "web.glossary.concept": "término general",
    "web.calc.title": "Calculadora de manos",
    "web.calc.intro": (
        "Escribe una orden como en la línea de órdenes, sin el nombre del programa: score, "
        "waits o shanten, la mano en notación mpsz y luego las opciones."
    ),
    "web.calc.command_title": "O escribe una orden",
    "web.calc.label": "Orden",
    "web.calc.submit": "Calcular",
    "web.calc.examples": "Prueba",
    "web.error.title": "Error {status}",
    "web.error.not_found": "No hay ninguna página en {path}.",
    "web.error.language": "El idioma {lang} no está disponible: este sitio habla {languages}.",
    "web.error.too_long": "La petición es demasiado larga: se leen {limit} caracteres como máximo.",
    "web.error.bad_request": "La petición no se puede usar: {message}",
    "web.error.parameter": "La petición no se puede usar: el valor de {names} no es correcto",
    "web.error.back": "Ir a la lista de cursos",
    "web.footer": (
        "Los ejemplos los calcula el motor de mahjongkit; las reglas siguen la especificación "
        "del proyecto."
    ),
}

SITE: dict[str, dict[str, str]] = {"en": _EN, "fr": _FR, "es": _ES}
"""The site's sentences and the tiles' spoken names, by language."""
