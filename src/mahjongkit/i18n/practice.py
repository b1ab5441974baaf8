"""The practice pages' sentences (calculator, drills, progress) in English, French and
Spanish (keys ``practice.*``), joined to the common tables the way the site's are."""

from __future__ import annotations

_EN = {
    "practice.nav": "Practice",
    "practice.hub.title": "Practise",
    "practice.hub.intro": (
        "Try what the lessons teach: score any hand, see what it waits on, compare the three "
        "families, and answer questions drawn from real deals."
    ),
    "practice.hub.calculator": "Score calculator",
    "practice.hub.calculator_about": (
        "Pick tiles or type them, choose the rules and see the full explanation."
    ),
    "practice.hub.drills": "Drills",
    "practice.hub.drills_about": "What would you discard? What does it wait on? What is it worth?",
    "practice.hub.progress": "Your progress",
    "practice.hub.progress_about": (
        "Answers per concept and family, kept on this site; export or reset them."
    ),
    "practice.calc.intro": (
        "Click the tiles to build the hand (or type it in mpsz notation: both stay in sync), "
        "then score it, list its waits, or compare the three families."
    ),
    "practice.calc.picker": "Pick tiles",
    "practice.calc.notation": "Hand (mpsz notation)",
    "practice.calc.hand": "Hand",
    "practice.calc.win": "Winning tile",
    "practice.calc.melds": "Declared melds",
    "practice.calc.add_meld": "Add the meld",
    "practice.calc.remove": "Remove",
    "practice.calc.clear": "Clear the hand",
    "practice.calc.undo": "Remove the last tile",
    "practice.calc.score": "Score the hand",
    "practice.calc.waits": "Waits of a 13-tile hand",
    "practice.calc.compare": "Same hand, three families",
    "practice.calc.patterns": "Patterns",
    "practice.calc.fu": "Fu",
    "practice.calc.limit": "Limit",
    "practice.calc.payments": "Payment per seat",
    "practice.calc.points": "Points",
    "practice.calc.explanation": "Explanation",
    "practice.calc.total": "Total",
    "practice.calc.no_win": "Not a win",
    "practice.calc.win_label": "A win",
    "practice.calc.wait_on": "on {tile}",
    "practice.calc.ron": "by discard",
    "practice.calc.tsumo_short": "by self-draw",
    "practice.calc.not_ready": "The hand is not ready: {state}",
    "practice.calc.discards": "Discards",
    "practice.calc.discard_line": "discard {tile}: shanten {shanten}, {ukeire} tiles improve",
    "practice.calc.refused": "The engine refuses this input",
    "practice.calc.context": "Seat {seat}, round wind {round}, rules {rules}",
    "practice.calc.compare_title": "The same hand under the three families",
    "practice.calc.family": "Family",
    "practice.calc.result": "Result",
    "practice.calc.why": "Why",
    "practice.calc.value": "Value",
    "practice.calc.variant": "Rule family",
    "practice.calc.rules": "Rules preset",
    "practice.calc.rules_default": "the family’s default",
    "practice.calc.seat": "Seat",
    "practice.calc.round": "Round wind",
    "practice.calc.how": "How the hand was won",
    "practice.calc.by_discard": "On a discard",
    "practice.calc.self_draw": "By self-draw",
    "practice.calc.from": "Discarded by",
    "practice.calc.from_default": "the previous seat",
    "practice.calc.dora": "Dora indicators (Riichi)",
    "practice.calc.ura": "Ura dora indicators (Riichi)",
    "practice.calc.flowers": "Flowers and seasons (Hong Kong)",
    "practice.calc.missing": "Missing suit (Sichuan)",
    "practice.calc.missing_none": "not given",
    "practice.calc.flags": "Situation",
    "practice.calc.counts": "Counters",
    "practice.calc.meld_kind": "Kind",
    "practice.calc.meld_tiles": "Tiles",
    "practice.calc.meld_from": "Claimed from",
    "practice.calc.meld_none": "nobody (concealed kong)",
    "practice.calc.target": "Clicked tiles go to",
    "practice.calc.options": "Rule options (NAME=VALUE, separated by spaces)",
    "practice.calc.in_game": "Seats still playing (Sichuan, e.g. E,S,W)",
    "practice.calc.prefilled": "Filled in from the example: {command}",
    "practice.flag.riichi": "Riichi",
    "practice.flag.double_riichi": "Double riichi",
    "practice.flag.ippatsu": "Ippatsu",
    "practice.flag.after_kong": "Won on a kong replacement",
    "practice.flag.second_kong": "On the replacement of a second kong (Hong Kong)",
    "practice.flag.robbing_kong": "Robbing a kong",
    "practice.flag.kong_discard": "On the discard after a kong (Sichuan)",
    "practice.flag.last_tile": "On the last tile",
    "practice.flag.first_turn": "In the first go-around",
    "practice.flag.honba": "Counters (honba)",
    "practice.flag.deposits": "Riichi sticks on the table",
    "practice.drill.reach_title": "The way to the {minimum}-fan minimum",
    "practice.drill.reach_line": (
        "discard {tile}: at best {best} fan toward the minimum ({patterns}); of {completions} "
        "likely completions, {winning} reach it on a discard, {self_draw} on a self-draw"
    ),
    "practice.drill.reach_short": (
        "discard {tile}: at best {best} fan toward the minimum: no likely completion reaches "
        "{minimum} ({patterns})"
    ),
    "practice.drill.reach_far": "discard {tile}: too far from ready to tell ({shanten} steps)",
    "practice.drill.reach_none": "no pattern",
    "practice.drill.missing_held": (
        "Missing suit {suit}: still held {tiles}. The hand cannot win while it holds one."
    ),
    "practice.drill.missing_clear": "Missing suit {suit}: none left in the hand.",
    "practice.drill.check": "Check my answer",
    "practice.drill.next": "Next question",
    "practice.drill.right": "Right!",
    "practice.drill.wrong": "Not quite.",
    "practice.drill.expected": "The answer: {answer}",
    "practice.drill.best": "Best discards: {tiles}",
    "practice.drill.choose": "Your answer",
    "practice.drill.discard_q": "What would you discard? Click one tile of the hand.",
    "practice.drill.waits_q": "What does this hand wait on? Select every winning tile.",
    "practice.drill.worth_q": "What is this hand worth? Choose its value in {unit}.",
    "practice.drill.how_tsumo": "Won on {tile} by self-draw.",
    "practice.drill.how_ron": "Won on {tile}, discarded by {seat}.",
    "practice.drill.seat": "Your seat: {seat}.",
    "practice.drill.missing": "Missing suit declared: {suit}.",
    "practice.drill.riichi": "Riichi was declared.",
    "practice.drill.flowers": "Bonus tiles: {tiles}.",
    "practice.drill.option_line": "{tile}: shanten {shanten}, {ukeire} tiles improve",
    "practice.drill.explanation": "Explanation",
    "practice.drill.loading": "Dealing a hand…",
    "practice.drill.answered": "Answered: {answered}, right: {right}",
    "practice.drill.command": "The same question on the command line",
    "practice.drills.title": "Drills: {family}",
    "practice.drills.intro": (
        "Each question comes from a deal played out by the engine; the answer stays hidden "
        "until you answer."
    ),
    "practice.drills.kind.discard": "What would you discard?",
    "practice.drills.kind.waits": "What does it wait on?",
    "practice.drills.kind.worth": "What is it worth?",
    "practice.drills.kinds": "Kind of question",
    "practice.drills.families": "Other families",
    "practice.chapter.drills": "Practise this chapter",
    "practice.chapter.intro": "Questions from real deals on what this chapter taught.",
    "practice.progress.title": "Your progress",
    "practice.progress.intro": "Kept on this site for this browser only (a random id in a cookie).",
    "practice.progress.family": "Family",
    "practice.progress.concept": "Concept",
    "practice.progress.answered": "Answered",
    "practice.progress.right": "Right",
    "practice.progress.none": "No question answered yet.",
    "practice.progress.chapters": "{read} of {total} chapters read",
    "practice.progress.export": "Export as JSON",
    "practice.progress.reset": "Reset my progress",
    "practice.progress.reset_confirm": "Forget every answer and every chapter read?",
    "practice.progress.practise": "Practise",
    "practice.concept.efficiency": "Discards (efficiency)",
    "practice.concept.waits": "Waits",
    "practice.concept.scoring": "Scoring",
    "practice.error.type": "the field {field} must be {expected}",
    "practice.error.long": "the field {field} is too long (at most {most} characters)",
    "practice.error.choice": "the field {field} cannot be {value}: expected one of {choices}",
    "practice.error.many": "the field {field} holds too many items (at most {most})",
    "practice.error.unknown": "unknown field {field}: the fields are {fields}",
    "practice.error.required": "the field {field} is required",
    "practice.error.count": "the field {field} must be a whole number from 0 to {most}",
    "practice.error.body": (
        'the body must be one JSON object of fields, such as {{"hand": "234m456p678s33555z", '
        '"win": "5z"}}'
    ),
    "practice.compare.win": "{value} {unit} = {points} points",
    "practice.compare.no_win": "no win ({kind}): {message}",
    "practice.open": "Open in the calculator",
    "practice.types.text": "text",
    "practice.types.list": "a list of texts",
    "practice.types.boolean": "true or false",
    "practice.types.object": "an object of NAME: VALUE",
}

_FR = {
    "practice.nav": "S’entraîner",
    "practice.hub.title": "S’entraîner",
    "practice.hub.intro": (
        "Essayez ce qu’enseignent les leçons : comptez n’importe quelle main, voyez ce "
        "qu’elle attend, comparez les trois familles et répondez à des questions tirées de "
        "parties générées par le moteur."
    ),
    "practice.hub.calculator": "Calculateur de points",
    "practice.hub.calculator_about": (
        "Choisissez les tuiles ou tapez-les, choisissez les règles et lisez l’explication complète."
    ),
    "practice.hub.drills": "Exercices",
    "practice.hub.drills_about": "Que défausseriez-vous ? Qu’attend la main ? Combien vaut-elle ?",
    "practice.hub.progress": "Vos progrès",
    "practice.hub.progress_about": (
        "Réponses par notion et par famille, gardées sur ce site ; exportez-les ou effacez-les."
    ),
    "practice.calc.intro": (
        "Cliquez sur les tuiles pour composer la main (ou tapez-la en notation mpsz : les "
        "deux restent accordées), puis comptez-la, listez ses attentes ou comparez les trois "
        "familles."
    ),
    "practice.calc.picker": "Choisir les tuiles",
    "practice.calc.notation": "Main (notation mpsz)",
    "practice.calc.hand": "Main",
    "practice.calc.win": "Tuile gagnante",
    "practice.calc.melds": "Combinaisons exposées",
    "practice.calc.add_meld": "Ajouter la combinaison",
    "practice.calc.remove": "Retirer",
    "practice.calc.clear": "Vider la main",
    "practice.calc.undo": "Retirer la dernière tuile",
    "practice.calc.score": "Compter la main",
    "practice.calc.waits": "Attentes d’une main de 13 tuiles",
    "practice.calc.compare": "Même main, trois familles",
    "practice.calc.patterns": "Motifs",
    "practice.calc.fu": "Fu",
    "practice.calc.limit": "Limite",
    "practice.calc.payments": "Paiement par place",
    "practice.calc.points": "Points",
    "practice.calc.explanation": "Explication",
    "practice.calc.total": "Total",
    "practice.calc.no_win": "Pas une victoire",
    "practice.calc.win_label": "Une victoire",
    "practice.calc.wait_on": "sur {tile}",
    "practice.calc.ron": "sur défausse",
    "practice.calc.tsumo_short": "sur pioche",
    "practice.calc.not_ready": "La main n’est pas prête : {state}",
    "practice.calc.discards": "Défausses",
    "practice.calc.discard_line": (
        "défausser {tile} : shanten {shanten}, {ukeire} tuiles améliorent"
    ),
    "practice.calc.refused": "Le moteur refuse cette entrée",
    "practice.calc.context": "Place {seat}, vent du tour {round}, règles {rules}",
    "practice.calc.compare_title": "La même main dans les trois familles",
    "practice.calc.family": "Famille",
    "practice.calc.result": "Résultat",
    "practice.calc.why": "Pourquoi",
    "practice.calc.value": "Valeur",
    "practice.calc.variant": "Famille de règles",
    "practice.calc.rules": "Jeu de règles",
    "practice.calc.rules_default": "celui de la famille par défaut",
    "practice.calc.seat": "Place",
    "practice.calc.round": "Vent du tour",
    "practice.calc.how": "Comment la main a gagné",
    "practice.calc.by_discard": "Sur une défausse",
    "practice.calc.self_draw": "Sur pioche",
    "practice.calc.from": "Défaussée par",
    "practice.calc.from_default": "la place précédente",
    "practice.calc.dora": "Indicateurs de dora (Riichi)",
    "practice.calc.ura": "Indicateurs d’ura dora (Riichi)",
    "practice.calc.flowers": "Fleurs et saisons (Hong Kong)",
    "practice.calc.missing": "Couleur manquante (Sichuan)",
    "practice.calc.missing_none": "non indiquée",
    "practice.calc.flags": "Situation",
    "practice.calc.counts": "Compteurs",
    "practice.calc.meld_kind": "Type",
    "practice.calc.meld_tiles": "Tuiles",
    "practice.calc.meld_from": "Prise à",
    "practice.calc.meld_none": "personne (kong caché)",
    "practice.calc.target": "Les tuiles cliquées vont dans",
    "practice.calc.options": "Options de règles (NOM=VALEUR, séparées par des espaces)",
    "practice.calc.in_game": "Places encore en jeu (Sichuan, par ex. E,S,W)",
    "practice.calc.prefilled": "Rempli d’après l’exemple : {command}",
    "practice.flag.riichi": "Riichi",
    "practice.flag.double_riichi": "Double riichi",
    "practice.flag.ippatsu": "Ippatsu",
    "practice.flag.after_kong": "Gagné sur la tuile de remplacement d’un kong",
    "practice.flag.second_kong": "Sur le remplacement d’un second kong (Hong Kong)",
    "practice.flag.robbing_kong": "En volant un kong",
    "practice.flag.kong_discard": "Sur la défausse après un kong (Sichuan)",
    "practice.flag.last_tile": "Sur la dernière tuile",
    "practice.flag.first_turn": "Au premier tour",
    "practice.flag.honba": "Compteurs (honba)",
    "practice.flag.deposits": "Bâtons de riichi sur la table",
    "practice.drill.reach_title": "Le chemin vers le minimum de {minimum} fan",
    "practice.drill.reach_line": (
        "défausser {tile} : au mieux {best} fan comptés pour le minimum ({patterns}) ; sur "
        "{completions} fins de main probables, {winning} l’atteignent sur une défausse, "
        "{self_draw} sur une pioche"
    ),
    "practice.drill.reach_short": (
        "défausser {tile} : au mieux {best} fan comptés pour le minimum : aucune fin de main "
        "probable n’atteint {minimum} ({patterns})"
    ),
    "practice.drill.reach_far": (
        "défausser {tile} : trop loin de l’attente pour le dire ({shanten} étapes)"
    ),
    "practice.drill.reach_none": "aucune combinaison",
    "practice.drill.missing_held": (
        "Couleur manquante {suit} : encore en main {tiles}. La main ne peut pas gagner tant "
        "qu’elle en garde une."
    ),
    "practice.drill.missing_clear": "Couleur manquante {suit} : plus aucune en main.",
    "practice.drill.check": "Vérifier ma réponse",
    "practice.drill.next": "Question suivante",
    "practice.drill.right": "Juste !",
    "practice.drill.wrong": "Pas tout à fait.",
    "practice.drill.expected": "La réponse : {answer}",
    "practice.drill.best": "Meilleures défausses : {tiles}",
    "practice.drill.choose": "Votre réponse",
    "practice.drill.discard_q": "Que défausseriez-vous ? Cliquez sur une tuile de la main.",
    "practice.drill.waits_q": "Qu’attend cette main ? Sélectionnez chaque tuile gagnante.",
    "practice.drill.worth_q": "Combien vaut cette main ? Choisissez sa valeur en {unit}.",
    "practice.drill.how_tsumo": "Gagnée sur {tile} par pioche.",
    "practice.drill.how_ron": "Gagnée sur {tile}, défaussée par {seat}.",
    "practice.drill.seat": "Votre place : {seat}.",
    "practice.drill.missing": "Couleur manquante déclarée : {suit}.",
    "practice.drill.riichi": "Riichi a été déclaré.",
    "practice.drill.flowers": "Tuiles bonus : {tiles}.",
    "practice.drill.option_line": "{tile} : shanten {shanten}, {ukeire} tuiles améliorent",
    "practice.drill.explanation": "Explication",
    "practice.drill.loading": "Distribution d’une partie…",
    "practice.drill.answered": "Réponses : {answered}, justes : {right}",
    "practice.drill.command": "La même question en ligne de commande",
    "practice.drills.title": "Exercices : {family}",
    "practice.drills.intro": (
        "Chaque question vient d’une partie générée et jouée par le moteur ; la réponse reste "
        "cachée tant que vous n’avez pas répondu."
    ),
    "practice.drills.kind.discard": "Que défausser ?",
    "practice.drills.kind.waits": "Qu’attend la main ?",
    "practice.drills.kind.worth": "Combien vaut-elle ?",
    "practice.drills.kinds": "Type de question",
    "practice.drills.families": "Autres familles de règles",
    "practice.chapter.drills": "S’entraîner sur ce chapitre",
    "practice.chapter.intro": (
        "Des questions tirées de parties générées par le moteur sur ce que ce chapitre enseigne."
    ),
    "practice.progress.title": "Vos progrès",
    "practice.progress.intro": (
        "Gardés sur ce site pour ce navigateur seulement (un identifiant aléatoire dans un cookie)."
    ),
    "practice.progress.family": "Famille",
    "practice.progress.concept": "Notion",
    "practice.progress.answered": "Répondues",
    "practice.progress.right": "Justes",
    "practice.progress.none": "Aucune question répondue pour l’instant.",
    "practice.progress.chapters": "{read} chapitres lus sur {total}",
    "practice.progress.export": "Exporter en JSON",
    "practice.progress.reset": "Effacer mes progrès",
    "practice.progress.reset_confirm": "Oublier toutes les réponses et tous les chapitres lus ?",
    "practice.progress.practise": "S’entraîner",
    "practice.concept.efficiency": "Défausses (efficacité)",
    "practice.concept.waits": "Attentes",
    "practice.concept.scoring": "Décompte",
    "practice.error.type": "le champ {field} doit être {expected}",
    "practice.error.long": "le champ {field} est trop long (au plus {most} caractères)",
    "practice.error.choice": (
        "le champ {field} ne peut pas valoir {value} : une valeur parmi {choices} est attendue"
    ),
    "practice.error.many": "le champ {field} contient trop d’éléments (au plus {most})",
    "practice.error.unknown": "champ inconnu {field} : les champs sont {fields}",
    "practice.error.required": "le champ {field} est obligatoire",
    "practice.error.count": "le champ {field} doit être un nombre entier de 0 à {most}",
    "practice.error.body": (
        'le corps doit être un objet JSON de champs, par ex. {{"hand": "234m456p678s33555z", '
        '"win": "5z"}}'
    ),
    "practice.compare.win": "{value} {unit} = {points} points",
    "practice.compare.no_win": "pas de victoire ({kind}) : {message}",
    "practice.open": "Ouvrir dans le calculateur",
    "practice.types.text": "texte",
    "practice.types.list": "une liste de textes",
    "practice.types.boolean": "true ou false",
    "practice.types.object": "un objet NOM: VALEUR",
}

_ES = {
    "practice.nav": "Practicar",
    "practice.hub.title": "Practicar",
    "practice.hub.intro": (
        "Prueba lo que enseñan las lecciones: calcula cualquier mano, mira qué espera, compara "
        "las tres familias y responde preguntas sacadas de partidas generadas por el motor."
    ),
    "practice.hub.calculator": "Calculadora de puntos",
    "practice.hub.calculator_about": (
        "Elige las fichas o escríbelas, elige las reglas y lee la explicación completa."
    ),
    "practice.hub.drills": "Ejercicios",
    "practice.hub.drills_about": "¿Qué descartarías? ¿Qué espera la mano? ¿Cuánto vale?",
    "practice.hub.progress": "Tu progreso",
    "practice.hub.progress_about": (
        "Respuestas por concepto y familia, guardadas en este sitio; expórtalas o bórralas."
    ),
    "practice.calc.intro": (
        "Pulsa las fichas para formar la mano (o escríbela en notación mpsz: las dos siguen "
        "iguales), luego calcúlala, mira sus esperas o compara las tres familias."
    ),
    "practice.calc.picker": "Elegir fichas",
    "practice.calc.notation": "Mano (notación mpsz)",
    "practice.calc.hand": "Mano",
    "practice.calc.win": "Ficha ganadora",
    "practice.calc.melds": "Combinaciones declaradas",
    "practice.calc.add_meld": "Añadir la combinación",
    "practice.calc.remove": "Quitar",
    "practice.calc.clear": "Vaciar la mano",
    "practice.calc.undo": "Quitar la última ficha",
    "practice.calc.score": "Calcular la mano",
    "practice.calc.waits": "Esperas de una mano de 13 fichas",
    "practice.calc.compare": "Misma mano, tres familias",
    "practice.calc.patterns": "Patrones",
    "practice.calc.fu": "Fu",
    "practice.calc.limit": "Límite",
    "practice.calc.payments": "Pago por puesto",
    "practice.calc.points": "Puntos",
    "practice.calc.explanation": "Explicación",
    "practice.calc.total": "Total",
    "practice.calc.no_win": "No es victoria",
    "practice.calc.win_label": "Una victoria",
    "practice.calc.wait_on": "con {tile}",
    "practice.calc.ron": "por descarte",
    "practice.calc.tsumo_short": "por robo propio",
    "practice.calc.not_ready": "La mano no está lista: {state}",
    "practice.calc.discards": "Descartes",
    "practice.calc.discard_line": "descartar {tile}: shanten {shanten}, {ukeire} fichas mejoran",
    "practice.calc.refused": "El motor rechaza esta entrada",
    "practice.calc.context": "Puesto {seat}, viento de ronda {round}, reglas {rules}",
    "practice.calc.compare_title": "La misma mano en las tres familias",
    "practice.calc.family": "Familia",
    "practice.calc.result": "Resultado",
    "practice.calc.why": "Por qué",
    "practice.calc.value": "Valor",
    "practice.calc.variant": "Familia de reglas",
    "practice.calc.rules": "Reglamento",
    "practice.calc.rules_default": "el de la familia por defecto",
    "practice.calc.seat": "Puesto",
    "practice.calc.round": "Viento de ronda",
    "practice.calc.how": "Cómo se ganó la mano",
    "practice.calc.by_discard": "Con un descarte",
    "practice.calc.self_draw": "Por robo propio",
    "practice.calc.from": "Descartada por",
    "practice.calc.from_default": "el puesto anterior",
    "practice.calc.dora": "Indicadores de dora (Riichi)",
    "practice.calc.ura": "Indicadores de ura dora (Riichi)",
    "practice.calc.flowers": "Flores y estaciones (Hong Kong)",
    "practice.calc.missing": "Palo ausente (Sichuan)",
    "practice.calc.missing_none": "sin indicar",
    "practice.calc.flags": "Situación",
    "practice.calc.counts": "Contadores",
    "practice.calc.meld_kind": "Tipo",
    "practice.calc.meld_tiles": "Fichas",
    "practice.calc.meld_from": "Tomada de",
    "practice.calc.meld_none": "nadie (kong oculto)",
    "practice.calc.target": "Las fichas pulsadas van a",
    "practice.calc.options": "Opciones de reglas (NOMBRE=VALOR, separadas por espacios)",
    "practice.calc.in_game": "Puestos que siguen jugando (Sichuan, p. ej. E,S,W)",
    "practice.calc.prefilled": "Rellenado a partir del ejemplo: {command}",
    "practice.flag.riichi": "Riichi",
    "practice.flag.double_riichi": "Doble riichi",
    "practice.flag.ippatsu": "Ippatsu",
    "practice.flag.after_kong": "Ganada con la ficha de reposición de un kong",
    "practice.flag.second_kong": "Con la reposición de un segundo kong (Hong Kong)",
    "practice.flag.robbing_kong": "Robando un kong",
    "practice.flag.kong_discard": "Con el descarte tras un kong (Sichuan)",
    "practice.flag.last_tile": "Con la última ficha",
    "practice.flag.first_turn": "En la primera vuelta",
    "practice.flag.honba": "Contadores (honba)",
    "practice.flag.deposits": "Palillos de riichi en la mesa",
    "practice.drill.reach_title": "El camino al mínimo de {minimum} fan",
    "practice.drill.reach_line": (
        "descartar {tile}: como mucho {best} fan para el mínimo ({patterns}); de {completions} "
        "finales probables, {winning} lo alcanzan con un descarte, {self_draw} con un robo"
    ),
    "practice.drill.reach_short": (
        "descartar {tile}: como mucho {best} fan para el mínimo: ningún final probable llega a "
        "{minimum} ({patterns})"
    ),
    "practice.drill.reach_far": (
        "descartar {tile}: demasiado lejos de la espera para saberlo ({shanten} pasos)"
    ),
    "practice.drill.reach_none": "ningún patrón",
    "practice.drill.missing_held": (
        "Palo ausente {suit}: todavía en la mano {tiles}. La mano no puede ganar mientras "
        "conserves alguna."
    ),
    "practice.drill.missing_clear": "Palo ausente {suit}: ya no queda ninguna en la mano.",
    "practice.drill.check": "Comprobar mi respuesta",
    "practice.drill.next": "Pregunta siguiente",
    "practice.drill.right": "¡Correcto!",
    "practice.drill.wrong": "No exactamente.",
    "practice.drill.expected": "La respuesta: {answer}",
    "practice.drill.best": "Mejores descartes: {tiles}",
    "practice.drill.choose": "Tu respuesta",
    "practice.drill.discard_q": "¿Qué descartarías? Pulsa una ficha de la mano.",
    "practice.drill.waits_q": "¿Qué espera esta mano? Selecciona cada ficha ganadora.",
    "practice.drill.worth_q": "¿Cuánto vale esta mano? Elige su valor en {unit}.",
    "practice.drill.how_tsumo": "Ganada con {tile} por robo propio.",
    "practice.drill.how_ron": "Ganada con {tile}, descartada por {seat}.",
    "practice.drill.seat": "Tu puesto: {seat}.",
    "practice.drill.missing": "Palo ausente declarado: {suit}.",
    "practice.drill.riichi": "Se declaró riichi.",
    "practice.drill.flowers": "Fichas de bonificación: {tiles}.",
    "practice.drill.option_line": "{tile}: shanten {shanten}, {ukeire} fichas mejoran",
    "practice.drill.explanation": "Explicación",
    "practice.drill.loading": "Repartiendo una partida…",
    "practice.drill.answered": "Respuestas: {answered}, correctas: {right}",
    "practice.drill.command": "La misma pregunta en la línea de órdenes",
    "practice.drills.title": "Ejercicios: {family}",
    "practice.drills.intro": (
        "Cada pregunta sale de una partida generada y jugada por el motor; la respuesta "
        "queda oculta hasta que respondas."
    ),
    "practice.drills.kind.discard": "¿Qué descartar?",
    "practice.drills.kind.waits": "¿Qué espera?",
    "practice.drills.kind.worth": "¿Cuánto vale?",
    "practice.drills.kinds": "Tipo de pregunta",
    "practice.drills.families": "Otras familias",
    "practice.chapter.drills": "Practicar este capítulo",
    "practice.chapter.intro": (
        "Preguntas de partidas generadas por el motor sobre lo que enseña este capítulo."
    ),
    "practice.progress.title": "Tu progreso",
    "practice.progress.intro": (
        "Guardado en este sitio solo para este navegador (un identificador aleatorio en una "
        "cookie)."
    ),
    "practice.progress.family": "Familia",
    "practice.progress.concept": "Concepto",
    "practice.progress.answered": "Respondidas",
    "practice.progress.right": "Correctas",
    "practice.progress.none": "Aún no has respondido ninguna pregunta.",
    "practice.progress.chapters": "{read} de {total} capítulos leídos",
    "practice.progress.export": "Exportar en JSON",
    "practice.progress.reset": "Borrar mi progreso",
    "practice.progress.reset_confirm": (
        "¿Olvidar todas las respuestas y todos los capítulos leídos?"
    ),
    "practice.progress.practise": "Practicar",
    "practice.concept.efficiency": "Descartes (eficiencia)",
    "practice.concept.waits": "Esperas",
    "practice.concept.scoring": "Puntuación",
    "practice.error.type": "el campo {field} debe ser {expected}",
    "practice.error.long": "el campo {field} es demasiado largo (como mucho {most} caracteres)",
    "practice.error.choice": "el campo {field} no puede ser {value}: se esperaba uno de {choices}",
    "practice.error.many": "el campo {field} tiene demasiados elementos (como mucho {most})",
    "practice.error.unknown": "campo desconocido {field}: los campos son {fields}",
    "practice.error.required": "el campo {field} es obligatorio",
    "practice.error.count": "el campo {field} debe ser un número entero de 0 a {most}",
    "practice.error.body": (
        'el cuerpo debe ser un objeto JSON de campos, p. ej. {{"hand": "234m456p678s33555z", '
        '"win": "5z"}}'
    ),
    "practice.compare.win": "{value} {unit} = {points} puntos",
    "practice.compare.no_win": "no es victoria ({kind}): {message}",
    "practice.open": "Abrir en la calculadora",
    "practice.types.text": "texto",
    "practice.types.list": "una lista de textos",
    "practice.types.boolean": "true o false",
    "practice.types.object": "un objeto NOMBRE: VALOR",
}

PRACTICE: dict[str, dict[str, str]] = {"en": _EN, "fr": _FR, "es": _ES}
"""The practice pages' sentences, by language."""
