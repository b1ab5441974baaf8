"""The sentence tables. Each language maps the same stable keys to a template.

Variants add their own keys here (one block per variant, keys prefixed with the variant's name)
so that every sentence of the product is in one place per language. Pattern names are not
sentences: they live in each variant's ``names.py``.
"""

from __future__ import annotations

from collections.abc import Mapping

_EN = {
    "score.reading": "Reading: {reading}",
    "score.shape.seven_pairs": "seven pairs",
    "score.shape.thirteen_orphans": "thirteen orphans",
    "score.shape.bonus_tiles": "seven or eight bonus tiles",
    "score.hand": "Hand: {hand}",
    "score.pattern": "{name}: {value} {unit}",
    "score.pattern_count": "{name} ×{count}: {value} {unit}",
    "score.replaced": "  ({replaced} not counted: included in {name})",
    "score.total_han_fu": "Total: {han} han {fu} fu",
    "score.total_fan": "Total: {fan} fan",
    "score.limit": "Limit: {limit}",
    "score.points": "Points: {points}",
    "score.payment_in": "{seat} receives {amount}",
    "score.payment_out": "{seat} pays {amount}",
    "score.line": "{payer} → {payee}: {amount} ({reason})",
    "score.fu_header": "Fu:",
    "score.fu_item": "  {reason}: {fu}",
    "score.fu_rounded": "  rounded up: {fu}",
    "score.invalid": "Not a win ({code}): {message}",
    "seat.E": "East",
    "seat.S": "South",
    "seat.W": "West",
    "seat.N": "North",
    "unit.han": "han",
    "unit.fan": "fan",
    "unit.yakuman": "yakuman",
    "unit.fu": "fu",
    "code.not_complete": "the hand is not complete",
    "code.invalid_hand": "impossible hand",
    "code.no_yaku": "no yaku",
    "code.below_minimum_fan": "below the minimum fan",
    "code.below_minimum_han": "below the two-han minimum",
    "score.total_yakuman": "Total: {count} yakuman",
    "score.total_capped": "Total: {raw} fan, capped at {fan} fan",
    "score.part": "{amount} {reason}",
    "score.deposits": "Riichi deposits → {seat}: {amount}",
    "score.deposits_reason": "riichi deposits",
    "score.receives": "{seat} receives {amount} in all: {parts}",
    "code.unknown": "unusable input",
    "list.separator": "; ",
    # Why a hand is not a win (the scorers' reasons)
    "riichi.wait.0": "two-sided wait",
    "riichi.wait.1": "closed wait",
    "riichi.wait.2": "edge wait",
    "riichi.wait.3": "pair wait",
    "riichi.wait.4": "double pung wait",
    "riichi.wait.5": "pair wait",
    "riichi.wait.6": "thirteen orphans wait",
    "riichi.reading": "{groups} ({wait})",
    "riichi.seven_pairs": "seven pairs",
    "riichi.thirteen_orphans": "thirteen orphans",
    "riichi.nothing": "nothing",
    "riichi.not_complete": (
        "{hand} is not a complete hand: it needs four sets and a pair (or seven pairs, or "
        "thirteen orphans); at best it makes {shown} and leaves {left} over, {exchanges} tile "
        "exchange(s) from complete"
    ),
    "riichi.below_two_han": (
        "with {honba} counters a win needs 2 han of yaku (dora excluded); {readings} has only 1"
    ),
    "riichi.no_yaku": "the hand is complete but has no yaku{note}: {readings}{open}",
    "riichi.dora_not_yaku": " (dora and red fives add han but are not yaku)",
    "riichi.not_concealed": " and not concealed",
    "riichi.win_tile_not_held": (
        "the winning tile {tile} is not among the concealed tiles "
        "(the hand includes the winning tile)"
    ),
    "riichi.size": (
        "{concealed} concealed tiles with {melds} meld(s) make {size} tiles: a winning hand has "
        "14 (each meld counting three), the winning tile included"
    ),
    "riichi.no_seat": "seat {seat} does not exist with {players} players",
    "riichi.own_discard": "a win on a discard comes from another seat than the winner's",
    "riichi.own_meld": "the meld {meld} claims a tile from the winner's own seat",
    "riichi.honba_range": "{value} counters: expected a whole number from 0 to {most}",
    "riichi.deposits_range": "{value} riichi deposits: expected a whole number from 0 to {most}",
    "riichi.chow_from": (
        "{meld}: a chow is claimed only from the previous player, {left} for {seat} (H-04, "
        "as in Riichi: chi from the player on the left)"
    ),
    "riichi.bonus_win": "{tile} is a bonus tile: it cannot win a Riichi hand",
    "riichi.nukidora_players": (
        "{north} North tile(s) set aside: only three-player Riichi sets North aside"
    ),
    "riichi.nukidora_too_many": (
        "{north} North tile(s) set aside and {held} held: there are four North tiles"
    ),
    "riichi.riichi_open": "riichi needs a concealed hand, but {meld} is an open meld",
    "riichi.ippatsu_alone": "ippatsu needs a riichi (R-06)",
    "riichi.double_riichi_alone": "a double riichi is a riichi: set riichi too",
    "riichi.after_kong_ron": "a win on a kong's replacement tile is a self-draw (R-18)",
    "riichi.after_kong_no_kong": "a win after a kong needs a kong among the melds",
    "riichi.robbing_tsumo": (
        "robbing a kong is a win on another player's tile, not a self-draw (R-19)"
    ),
    "hongkong.not_complete": (
        "{hand} is not complete: no four sets and a pair, nor thirteen orphans"
    ),
    "hongkong.no_seven_pairs": (
        "{reason}; seven pairs is not a Hong Kong old-style hand (option seven_pairs)"
    ),
    "hongkong.below_minimum": "a complete hand below the {minimum}-fan minimum is not a win",
    "hongkong.size": (
        "a winning hand holds 14 tiles (a kong counting three), this one {size}: {hand}"
    ),
    "hongkong.win_tile_not_held": (
        "the winning tile {tile} is not among the concealed tiles of {hand} "
        "(the hand includes the winning tile)"
    ),
    "hongkong.chow_from": (
        "{meld}: a chow is claimed only from the player on the left, {left} for {seat} (H-04)"
    ),
    "sichuan.size": "the hand counts {size} tiles (melds counting three): a win holds 14",
    "sichuan.win_tile_not_held": "the winning tile {tile} is not among the concealed tiles",
    "sichuan.no_flowers": "Sichuan is played without flowers or seasons",
    "sichuan.no_chow": "Sichuan has no chow: {meld} cannot be called",
    "sichuan.honours": "holds {tile}: Sichuan is played with the three suits only, no honours",
    "sichuan.three_suits": "holds all three suits m, p and s: a Sichuan hand wins with at most two",
    "sichuan.missing_held": "holds {tile} of the missing suit {suit}",
    "sichuan.winner_left": "the winner {seat} has already won and left the hand (in game: {seats})",
    "sichuan.payer_left": (
        "the paying seat {seat} is the winner or has already won (in game: {seats})"
    ),
    "sichuan.not_complete": "the tiles form neither four sets and a pair nor seven pairs",
    # Hong Kong
    "hongkong.minimum": "Fan toward the {minimum}-fan minimum: {fan}",
    "hongkong.minimum_bonus": (
        "Fan toward the {minimum}-fan minimum: {fan} (bonus tiles not counted)"
    ),
    "hongkong.base": "Base amount: {base}",
    "hongkong.found": "Patterns found:",
    "hongkong.replaced": "  ({replaced} not counted: included in {name})",
    "hongkong.limit_hand": "limit hand ({fan} fan)",
    "hongkong.limit": "the {fan}-fan limit",
    # Sichuan
    "sichuan.value": "Hand value: {base} × 2^{fan} = {value} (cap {cap} fan)",
    # Rules pages
    "page.pattern": "Pattern",
    "page.fan": "Fan",
    "page.rule": "Rule",
    "page.example": "Example",
    "page.replaces": "Replaces",
    "page.limit": "{fan} (limit)",
    "page.cap": "cap",
    "page.option": "option",
    "page.riichi.pattern": "Pattern",
    "page.riichi.japanese": "Japanese",
    "page.riichi.concealed": "Concealed",
    "page.riichi.open": "Open",
    "page.riichi.not_a_yaku": "not a yaku under these rules",
    "page.riichi.per_tile": "{han} per tile",
    "page.riichi.at_draw": "mangan, at an exhaustive draw",
    # The command line: hand analysis pages, the situation under a score, records
    "cli.complete": "complete",
    "cli.ready": "ready",
    "cli.shanten": "{n}-shanten",
    "cli.by_shape": "shanten by shape: {parts}",
    "cli.regular": "regular {n}",
    "cli.seven_pairs": "seven pairs {n}",
    "cli.thirteen_orphans": "thirteen orphans {n}",
    "cli.discard": "discard {tile}: shanten {n}, {count} tiles improve ({tiles})",
    "cli.discard_waits": "discard {tile}: waits {tiles}",
    "cli.waits": "waits: {tiles}",
    "cli.context": "values for {seat} in the {round} round, ron from {discarder}",
    "cli.ukeire": "ukeire: {count} tiles ({tiles})",
    "cli.no_win": "{how}: no win ({reason})",
    "cli.not_ready": "not ready ({state}): see mahjongkit shanten for the tiles that improve it",
    "cli.score_context": "Seat {seat}, {round} round, {how}; rules {rules}",
    "cli.self_draw": "self-draw",
    "cli.game": "game {number} (seed {seed}): {rounds} rounds, final scores {scores}",
    "cli.checked": "{path}: {rounds} rounds checked, {mismatches} mismatches",
    "cli.skipped": "{path}: skipped ({reason})",
    "cli.unreadable": "{path}: cannot be read: {reason}",
    "cli.summary": "{files} files: {rounds} rounds checked, {mismatches} "
    "mismatches, {skipped} skipped, {unreadable} unreadable",
    "cli.ron_from": "ron from {discarder}",
    "cli.wait_line": "{tile}: {parts}",
}

_FR = {
    "score.reading": "Lecture : {reading}",
    "score.shape.seven_pairs": "sept paires",
    "score.shape.thirteen_orphans": "treize orphelins",
    "score.shape.bonus_tiles": "sept ou huit tuiles bonus",
    "unit.han": "han",
    "unit.fan": "fan",
    "unit.yakuman": "yakuman",
    "unit.fu": "fu",
    "score.hand": "Main : {hand}",
    "score.pattern": "{name} : {value} {unit}",
    "score.pattern_count": "{name} ×{count} : {value} {unit}",
    "score.replaced": "  ({name} contient déjà {replaced})",
    "score.total_han_fu": "Total : {han} han {fu} fu",
    "score.total_fan": "Total : {fan} fan",
    "score.limit": "Limite : {limit}",
    "score.points": "Points : {points}",
    "score.payment_in": "{seat} reçoit {amount}",
    "score.payment_out": "{seat} paie {amount}",
    "score.line": "{payer} → {payee} : {amount} ({reason})",
    "score.fu_header": "Fu :",
    "score.fu_item": "  {reason} : {fu}",
    "score.fu_rounded": "  arrondi à la dizaine supérieure : {fu}",
    "score.invalid": "Pas de victoire ({code}) : {message}",
    "seat.E": "Est",
    "seat.S": "Sud",
    "seat.W": "Ouest",
    "seat.N": "Nord",
    "code.not_complete": "main incomplète",
    "code.invalid_hand": "main impossible",
    "code.no_yaku": "aucun yaku",
    "code.below_minimum_fan": "sous le minimum de fan",
    "code.below_minimum_han": "sous le minimum de deux han",
    "score.total_yakuman": "Total : {count} yakuman",
    "score.total_capped": "Total : {raw} fan, plafonné à {fan} fan",
    "score.part": "{amount} {reason}",
    "score.deposits": "Mises de riichi → {seat} : {amount}",
    "score.deposits_reason": "mises de riichi",
    "score.receives": "{seat} reçoit {amount} en tout : {parts}",
    "code.unknown": "entrée inutilisable",
    "list.separator": " ; ",
    # Why a hand is not a win (the scorers' reasons)
    "riichi.wait.0": "attente des deux côtés",
    "riichi.wait.1": "attente fermée (kanchan)",
    "riichi.wait.2": "attente sur le bord (penchan)",
    "riichi.wait.3": "attente sur la paire (tanki)",
    "riichi.wait.4": "attente sur deux paires (shanpon)",
    "riichi.wait.5": "attente sur la paire (tanki)",
    "riichi.wait.6": "attente des treize orphelins",
    "riichi.reading": "{groups} ({wait})",
    "riichi.seven_pairs": "sept paires",
    "riichi.thirteen_orphans": "treize orphelins",
    "riichi.nothing": "rien",
    "riichi.not_complete": (
        "{hand} n’est pas une main complète : il faut quatre combinaisons et une paire (ou sept "
        "paires, ou les treize orphelins) ; au mieux elle forme {shown} et laisse {left}, à "
        "{exchanges} échange(s) de tuile d’une main complète"
    ),
    "riichi.below_two_han": (
        "avec {honba} compteurs, une victoire demande 2 han de yaku (dora exclus) ; {readings} "
        "n’en a qu’un"
    ),
    "riichi.no_yaku": "la main est complète mais sans yaku{note} : {readings}{open}",
    "riichi.dora_not_yaku": (
        "(les dora et les cinq rouges ajoutent des han mais ne sont pas des yaku)"
    ),
    "riichi.not_concealed": ", et elle n’est pas cachée",
    "riichi.win_tile_not_held": (
        "la tuile gagnante {tile} n’est pas parmi les tuiles cachées (la main comprend la tuile "
        "gagnante)"
    ),
    "riichi.size": (
        "{concealed} tuiles cachées et {melds} combinaison(s) exposée(s) font {size} tuiles : une "
        "main gagnante en a 14 (une combinaison comptant trois), tuile gagnante comprise"
    ),
    "riichi.no_seat": "la place {seat} n’existe pas à {players} joueurs",
    "riichi.own_discard": "une victoire sur une défausse vient d’un autre joueur que le gagnant",
    "riichi.own_meld": "la combinaison {meld} prend une tuile à la place du gagnant lui-même",
    "riichi.honba_range": "{value} compteurs : un nombre entier de 0 à {most} est attendu",
    "riichi.deposits_range": (
        "{value} dépôts de riichi : un nombre entier de 0 à {most} est attendu"
    ),
    "riichi.chow_from": (
        "{meld} : un chow se prend seulement au joueur précédent, {left} pour {seat} (H-04, "
        "de même en riichi : chi au joueur de gauche)"
    ),
    "riichi.bonus_win": "{tile} est une tuile bonus : elle ne peut pas gagner une main de riichi",
    "riichi.nukidora_players": (
        "{north} tuile(s) Nord mise(s) de côté : seul le riichi à trois joueurs met le Nord de côté"
    ),
    "riichi.nukidora_too_many": (
        "{north} tuile(s) Nord mise(s) de côté et {held} en main : il n’y a que quatre tuiles Nord"
    ),
    "riichi.riichi_open": (
        "le riichi demande une main cachée, mais {meld} est une combinaison exposée"
    ),
    "riichi.ippatsu_alone": "l’ippatsu demande un riichi (R-06)",
    "riichi.double_riichi_alone": "un double riichi est un riichi : indiquez aussi le riichi",
    "riichi.after_kong_ron": (
        "une victoire sur la tuile de remplacement d’un kong est une pioche du mur (R-18)"
    ),
    "riichi.after_kong_no_kong": (
        "une victoire après un kong demande un kong parmi les combinaisons"
    ),
    "riichi.robbing_tsumo": (
        "voler un kong, c’est gagner sur la tuile d’un autre joueur, pas sur une pioche du "
        "mur (R-19)"
    ),
    "hongkong.not_complete": (
        "{hand} n’est pas complète : ni quatre combinaisons et une paire, ni les treize orphelins"
    ),
    "hongkong.no_seven_pairs": (
        "{reason} ; les sept paires ne sont pas une main du Hong Kong ancien style "
        "(option seven_pairs)"
    ),
    "hongkong.below_minimum": (
        "une main complète sous le minimum de {minimum} fan n’est pas une victoire"
    ),
    "hongkong.size": (
        "une main gagnante a 14 tuiles (un kong comptant trois), celle-ci {size} : {hand}"
    ),
    "hongkong.win_tile_not_held": (
        "la tuile gagnante {tile} n’est pas parmi les tuiles cachées de {hand} (la main comprend "
        "la tuile gagnante)"
    ),
    "hongkong.chow_from": (
        "{meld} : un chow se prend seulement au joueur de gauche, {left} pour {seat} (H-04)"
    ),
    "sichuan.size": "la main compte {size} tuiles (une combinaison comptant trois) : il en faut 14",
    "sichuan.win_tile_not_held": "la tuile gagnante {tile} n’est pas parmi les tuiles cachées",
    "sichuan.no_flowers": "le Sichuan se joue sans fleurs ni saisons",
    "sichuan.no_chow": "le Sichuan n’a pas de chow : {meld} ne peut pas être pris",
    "sichuan.honours": (
        "la main contient {tile} : le Sichuan se joue avec les trois couleurs seulement, sans "
        "honneurs"
    ),
    "sichuan.three_suits": (
        "la main contient les trois couleurs m, p et s : une main du Sichuan gagne avec deux "
        "au plus"
    ),
    "sichuan.missing_held": "la main contient {tile} de la couleur manquante {suit}",
    "sichuan.winner_left": (
        "le gagnant {seat} a déjà gagné et quitté la donne (encore en jeu : {seats})"
    ),
    "sichuan.payer_left": (
        "le joueur qui paie, {seat}, est le gagnant ou a déjà gagné (encore en jeu : {seats})"
    ),
    "sichuan.not_complete": (
        "les tuiles ne forment ni quatre combinaisons et une paire, ni sept paires"
    ),
    # Hong Kong
    "hongkong.minimum": "Fan comptant pour le minimum de {minimum} fan : {fan}",
    "hongkong.minimum_bonus": (
        "Fan comptant pour le minimum de {minimum} fan : {fan} (fleurs et saisons non comptées)"
    ),
    "hongkong.base": "Montant de base : {base}",
    "hongkong.found": "Motifs trouvés :",
    "hongkong.replaced": "  ({name} contient déjà {replaced})",
    "hongkong.limit_hand": "main limite ({fan} fan)",
    "hongkong.limit": "la limite de {fan} fan",
    # Sichuan
    "sichuan.value": "Valeur de la main : {base} × 2^{fan} = {value} (plafond {cap} fan)",
    # Rules pages
    "page.pattern": "Motif",
    "page.fan": "Fan",
    "page.rule": "Règle",
    "page.example": "Exemple",
    "page.cap": "plafond",
    "page.limit": "{fan} (limite)",
    "page.replaces": "Remplace",
    "page.option": "option",
    "page.riichi.pattern": "Yaku",
    "page.riichi.japanese": "Japonais",
    "page.riichi.concealed": "Cachée",
    "page.riichi.open": "Ouverte",
    "page.riichi.not_a_yaku": "pas un yaku dans ces règles",
    "page.riichi.per_tile": "{han} par tuile",
    "page.riichi.at_draw": "mangan, à la fin du mur",
    # The command line: hand analysis pages, the situation under a score, records
    "cli.complete": "complète",
    "cli.ready": "en attente (tenpai)",
    "cli.shanten": "{n}-shanten",
    "cli.by_shape": "shanten par forme : {parts}",
    "cli.regular": "régulière {n}",
    "cli.seven_pairs": "sept paires {n}",
    "cli.thirteen_orphans": "treize orphelins {n}",
    "cli.discard": "défausse {tile} : shanten {n}, {count} tuiles utiles ({tiles})",
    "cli.discard_waits": "défausse {tile} : attentes {tiles}",
    "cli.waits": "attentes : {tiles}",
    "cli.context": "valeurs pour {seat}, manche {round}, ron sur une défausse ({discarder})",
    "cli.ukeire": "tuiles utiles : {count} ({tiles})",
    "cli.no_win": "{how} : pas de victoire ({reason})",
    "cli.not_ready": "pas en attente ({state}) : mahjongkit shanten donne les tuiles utiles",
    "cli.score_context": "Place {seat}, manche {round}, {how} ; règles {rules}",
    "cli.self_draw": "pioche du mur",
    "cli.game": "partie {number} (graine {seed}) : {rounds} donnes, scores finaux {scores}",
    "cli.checked": "{path} : {rounds} donnes vérifiées, {mismatches} différences",
    "cli.skipped": "{path} : ignoré ({reason})",
    "cli.unreadable": "{path} : illisible : {reason}",
    "cli.summary": "{files} fichiers : {rounds} donnes vérifiées, {mismatches} "
    "différences, {skipped} ignorés, {unreadable} illisibles",
    "cli.ron_from": "ron sur une défausse ({discarder})",
    "cli.wait_line": "{tile} : {parts}",
}

_ES = {
    "score.reading": "Lectura: {reading}",
    "score.shape.seven_pairs": "siete parejas",
    "score.shape.thirteen_orphans": "trece huérfanos",
    "score.shape.bonus_tiles": "siete u ocho fichas de bonificación",
    "unit.han": "han",
    "unit.fan": "fan",
    "unit.yakuman": "yakuman",
    "unit.fu": "fu",
    "score.hand": "Mano: {hand}",
    "score.pattern": "{name}: {value} {unit}",
    "score.pattern_count": "{name} ×{count}: {value} {unit}",
    "score.replaced": "  ({name} ya incluye {replaced})",
    "score.total_han_fu": "Total: {han} han {fu} fu",
    "score.total_fan": "Total: {fan} fan",
    "score.limit": "Límite: {limit}",
    "score.points": "Puntos: {points}",
    "score.payment_in": "{seat} recibe {amount}",
    "score.payment_out": "{seat} paga {amount}",
    "score.line": "{payer} → {payee}: {amount} ({reason})",
    "score.fu_header": "Fu:",
    "score.fu_item": "  {reason}: {fu}",
    "score.fu_rounded": "  redondeo a la decena: {fu}",
    "score.invalid": "No es una victoria ({code}): {message}",
    "seat.E": "Este",
    "seat.S": "Sur",
    "seat.W": "Oeste",
    "seat.N": "Norte",
    "code.not_complete": "mano incompleta",
    "code.invalid_hand": "mano imposible",
    "code.no_yaku": "sin yaku",
    "code.below_minimum_fan": "por debajo del mínimo de fan",
    "code.below_minimum_han": "por debajo del mínimo de dos han",
    "score.total_yakuman": "Total: {count} yakuman",
    "score.total_capped": "Total: {raw} fan, con tope de {fan} fan",
    "score.part": "{amount} {reason}",
    "score.deposits": "Depósitos de riichi → {seat}: {amount}",
    "score.deposits_reason": "depósitos de riichi",
    "score.receives": "{seat} recibe {amount} en total: {parts}",
    "code.unknown": "entrada no válida",
    "list.separator": "; ",
    # Why a hand is not a win (the scorers' reasons)
    "riichi.wait.0": "espera de dos lados",
    "riichi.wait.1": "espera interior (kanchan)",
    "riichi.wait.2": "espera de borde (penchan)",
    "riichi.wait.3": "espera de pareja (tanki)",
    "riichi.wait.4": "espera doble de pungs (shanpon)",
    "riichi.wait.5": "espera de pareja (tanki)",
    "riichi.wait.6": "espera de trece huérfanos",
    "riichi.reading": "{groups} ({wait})",
    "riichi.seven_pairs": "siete parejas",
    "riichi.thirteen_orphans": "trece huérfanos",
    "riichi.nothing": "nada",
    "riichi.not_complete": (
        "{hand} no es una mano completa: necesita cuatro combinaciones y una pareja (o siete "
        "parejas, o trece huérfanos); como mucho forma {shown} y le sobran {left}, a "
        "{exchanges} cambio(s) de ficha de completarse"
    ),
    "riichi.below_two_han": (
        "con {honba} contadores una victoria necesita 2 han de yaku (sin contar dora); "
        "{readings} solo tiene 1"
    ),
    "riichi.no_yaku": "la mano está completa pero no tiene yaku{note}: {readings}{open}",
    "riichi.dora_not_yaku": " (los dora y los cincos rojos suman han pero no son yaku)",
    "riichi.not_concealed": ", y no está cerrada",
    "riichi.win_tile_not_held": (
        "la ficha ganadora {tile} no está entre las fichas ocultas (la mano incluye la ficha "
        "ganadora)"
    ),
    "riichi.size": (
        "{concealed} fichas ocultas y {melds} combinación(es) cantada(s) hacen {size} fichas: una "
        "mano ganadora tiene 14 (cada combinación cuenta tres), con la ficha ganadora"
    ),
    "riichi.no_seat": "el asiento {seat} no existe con {players} jugadores",
    "riichi.own_discard": "una victoria con un descarte viene de otro jugador, no del ganador",
    "riichi.own_meld": "la combinación {meld} toma una ficha del propio asiento del ganador",
    "riichi.honba_range": "{value} contadores: se esperaba un número entero de 0 a {most}",
    "riichi.deposits_range": (
        "{value} depósitos de riichi: se esperaba un número entero de 0 a {most}"
    ),
    "riichi.chow_from": (
        "{meld}: un chow solo se toma del jugador anterior, {left} para {seat} (H-04, igual "
        "en riichi: chi del jugador de la izquierda)"
    ),
    "riichi.bonus_win": "{tile} es una ficha de bonificación: no puede ganar una mano de riichi",
    "riichi.nukidora_players": (
        "{north} ficha(s) Norte apartada(s): solo el riichi de tres jugadores aparta el Norte"
    ),
    "riichi.nukidora_too_many": (
        "{north} ficha(s) Norte apartada(s) y {held} en la mano: solo hay cuatro fichas Norte"
    ),
    "riichi.riichi_open": (
        "el riichi necesita una mano cerrada, pero {meld} es una combinación cantada"
    ),
    "riichi.ippatsu_alone": "el ippatsu necesita un riichi (R-06)",
    "riichi.double_riichi_alone": "un doble riichi es un riichi: indique también el riichi",
    "riichi.after_kong_ron": (
        "una victoria con la ficha de reposición de un kong es un robo propio (R-18)"
    ),
    "riichi.after_kong_no_kong": (
        "una victoria tras un kong necesita un kong entre las combinaciones"
    ),
    "riichi.robbing_tsumo": (
        "robar un kong es ganar con la ficha de otro jugador, no con un robo propio (R-19)"
    ),
    "hongkong.not_complete": (
        "{hand} no está completa: ni cuatro combinaciones y una pareja, ni trece huérfanos"
    ),
    "hongkong.no_seven_pairs": (
        "{reason}; las siete parejas no son una mano del Hong Kong al estilo antiguo "
        "(opción seven_pairs)"
    ),
    "hongkong.below_minimum": (
        "una mano completa por debajo del mínimo de {minimum} fan no es una victoria"
    ),
    "hongkong.size": (
        "una mano ganadora tiene 14 fichas (un kong cuenta tres), esta {size}: {hand}"
    ),
    "hongkong.win_tile_not_held": (
        "la ficha ganadora {tile} no está entre las fichas ocultas de {hand} (la mano incluye la "
        "ficha ganadora)"
    ),
    "hongkong.chow_from": (
        "{meld}: un chow solo se toma del jugador de la izquierda, {left} para {seat} (H-04)"
    ),
    "sichuan.size": "la mano cuenta {size} fichas (cada combinación cuenta tres): se gana con 14",
    "sichuan.win_tile_not_held": "la ficha ganadora {tile} no está entre las fichas ocultas",
    "sichuan.no_flowers": "el Sichuan se juega sin flores ni estaciones",
    "sichuan.no_chow": "el Sichuan no tiene chow: no se puede cantar {meld}",
    "sichuan.honours": (
        "la mano tiene {tile}: el Sichuan se juega solo con los tres palos, sin honores"
    ),
    "sichuan.three_suits": (
        "la mano tiene los tres palos m, p y s: una mano de Sichuan gana con dos como máximo"
    ),
    "sichuan.missing_held": "la mano tiene {tile} del palo que falta, {suit}",
    "sichuan.winner_left": (
        "el ganador {seat} ya ha ganado y ha dejado la mano (siguen en juego: {seats})"
    ),
    "sichuan.payer_left": (
        "el asiento que paga, {seat}, es el ganador o ya ha ganado (siguen en juego: {seats})"
    ),
    "sichuan.not_complete": (
        "las fichas no forman ni cuatro combinaciones y una pareja ni siete parejas"
    ),
    # Hong Kong
    "hongkong.minimum": "Fan que cuentan para el mínimo de {minimum} fan: {fan}",
    "hongkong.minimum_bonus": (
        "Fan que cuentan para el mínimo de {minimum} fan: {fan} (sin contar flores ni estaciones)"
    ),
    "hongkong.base": "Importe base: {base}",
    "hongkong.found": "Patrones encontrados:",
    "hongkong.replaced": "  ({name} ya incluye {replaced})",
    "hongkong.limit_hand": "mano límite ({fan} fan)",
    "hongkong.limit": "el límite de {fan} fan",
    # Sichuan
    "sichuan.value": "Valor de la mano: {base} × 2^{fan} = {value} (tope {cap} fan)",
    # Rules pages
    "page.pattern": "Patrón",
    "page.fan": "Fan",
    "page.rule": "Regla",
    "page.example": "Ejemplo",
    "page.cap": "tope",
    "page.limit": "{fan} (límite)",
    "page.replaces": "Reemplaza",
    "page.option": "opción",
    "page.riichi.pattern": "Yaku",
    "page.riichi.japanese": "Japonés",
    "page.riichi.concealed": "Cerrada",
    "page.riichi.open": "Abierta",
    "page.riichi.not_a_yaku": "no es un yaku con estas reglas",
    "page.riichi.per_tile": "{han} por ficha",
    "page.riichi.at_draw": "mangan, al agotarse la muralla",
    # The command line: hand analysis pages, the situation under a score, records
    "cli.complete": "completa",
    "cli.ready": "lista (tenpai)",
    "cli.shanten": "{n}-shanten",
    "cli.by_shape": "shanten por forma: {parts}",
    "cli.regular": "regular {n}",
    "cli.seven_pairs": "siete parejas {n}",
    "cli.thirteen_orphans": "trece huérfanos {n}",
    "cli.discard": "descarte {tile}: shanten {n}, {count} fichas útiles ({tiles})",
    "cli.discard_waits": "descarte {tile}: esperas {tiles}",
    "cli.waits": "esperas: {tiles}",
    "cli.context": "valores para {seat}, ronda {round}, ron con un descarte de {discarder}",
    "cli.ukeire": "fichas útiles: {count} ({tiles})",
    "cli.no_win": "{how}: no es una victoria ({reason})",
    "cli.not_ready": "no está lista ({state}): mahjongkit shanten da las fichas útiles",
    "cli.score_context": "Asiento {seat}, ronda {round}, {how}; reglas {rules}",
    "cli.self_draw": "robo propio",
    "cli.game": "partida {number} (semilla {seed}): {rounds} manos, puntuaciones finales {scores}",
    "cli.checked": "{path}: {rounds} manos comprobadas, {mismatches} diferencias",
    "cli.skipped": "{path}: omitido ({reason})",
    "cli.unreadable": "{path}: no se puede leer: {reason}",
    "cli.summary": "{files} archivos: {rounds} manos comprobadas, {mismatches} "
    "diferencias, {skipped} omitidos, {unreadable} ilegibles",
    "cli.ron_from": "ron con un descarte de {discarder}",
    "cli.wait_line": "{tile}: {parts}",
}

_JA = {
    "score.reading": "面子構成：{reading}",
    "score.shape.seven_pairs": "七対子",
    "score.shape.thirteen_orphans": "国士無双",
    "score.hand": "手牌: {hand}",
    "score.total_han_fu": "合計: {han}翻 {fu}符",
    "score.limit": "{limit}",
    "score.points": "点数: {points}",
    "score.payment_in": "{seat} +{amount}",
    "score.payment_out": "{seat} −{amount}",
    "score.fu_header": "符:",
    "score.fu_rounded": "  切り上げ: {fu}符",
    "score.invalid": "和了不成立 ({code}): {message}",
    "seat.E": "東",
    "seat.S": "南",
    "seat.W": "西",
    "seat.N": "北",
    "unit.han": "翻",
    "unit.fu": "符",
    "unit.yakuman": "役満",
    "code.not_complete": "未完成",
    "code.invalid_hand": "不正な手牌",
    "code.no_yaku": "役なし",
    "code.below_minimum_han": "二翻縛り未満",
    "score.total_yakuman": "合計: 役満 ×{count}",
    "score.replaced": "  （{replaced} は {name} に含まれ、数えない）",
    "score.line": "{payer} → {payee}: {amount}（{reason}）",
    "score.fu_item": "  {reason}: {fu}符",
    "code.below_minimum_fan": "最低翻数未満",
    # Rules pages
    "page.riichi.pattern": "役",
    "page.riichi.japanese": "ローマ字",
    "page.riichi.concealed": "門前",
    "page.riichi.open": "副露",
    "page.rule": "規則",
    "page.example": "例",
    "page.riichi.not_a_yaku": "この規則では役ではない",
    "page.riichi.per_tile": "1枚につき{han}",
    "page.riichi.at_draw": "満貫（流局時）",
    # The command line: hand analysis pages, the situation under a score, records
    "cli.complete": "和了形",
    "cli.ready": "聴牌",
    "cli.shanten": "{n}向聴",
    "cli.by_shape": "形ごとの向聴数：{parts}",
    "cli.regular": "一般形 {n}",
    "cli.seven_pairs": "七対子 {n}",
    "cli.thirteen_orphans": "国士無双 {n}",
    "cli.discard": "{tile}切り：{n}向聴、受け入れ{count}枚（{tiles}）",
    "cli.discard_waits": "{tile}切り：{tiles}待ち",
    "cli.waits": "待ち：{tiles}",
    "cli.context": "{seat}家、{round}場、{discarder}家からのロン",
    "cli.ukeire": "受け入れ：{count}枚（{tiles}）",
    "cli.no_win": "{how}：和了にならない（{reason}）",
    "cli.not_ready": "聴牌していない（{state}）：受け入れは mahjongkit shanten で",
    "cli.score_context": "席：{seat}、{round}場、{how}、ルール：{rules}",
    "cli.self_draw": "ツモ",
    "cli.game": "第{number}試合（シード {seed}）：{rounds}局、最終持ち点 {scores}",
    "cli.checked": "{path}：{rounds}局を照合、不一致{mismatches}件",
    "cli.skipped": "{path}：対象外（{reason}）",
    "cli.unreadable": "{path}：読めません：{reason}",
    "cli.summary": "{files}ファイル：{rounds}局を照合、不一致{mismatches}件、"
    "対象外{skipped}件、読めない{unreadable}件",
    "cli.ron_from": "{discarder}家からロン",
    "cli.wait_line": "{tile}：{parts}",
}

_ZH = {
    "score.reading": "牌型：{reading}",
    "score.shape.seven_pairs": "七對子",
    "score.shape.thirteen_orphans": "十三么",
    "score.shape.bonus_tiles": "七或八隻花",
    "score.hand": "手牌：{hand}",
    "score.pattern": "{name}：{value} {unit}",
    "score.pattern_count": "{name} ×{count}：{value} {unit}",
    "score.line": "{payer} → {payee}：{amount}（{reason}）",
    "score.total_fan": "合計：{fan} 番",
    "score.limit": "爆棚：{limit}",
    "score.points": "分數：{points}",
    "score.payment_in": "{seat} 收 {amount}",
    "score.payment_out": "{seat} 付 {amount}",
    "score.invalid": "未能和牌（{code}）：{message}",
    "score.replaced": "  （{replaced} 不另計：已含於 {name}）",
    "seat.E": "東",
    "seat.S": "南",
    "seat.W": "西",
    "seat.N": "北",
    "unit.fan": "番",
    "code.not_complete": "未成和",
    "code.invalid_hand": "手牌不合法",
    "code.below_minimum_fan": "未夠番",
    "code.no_yaku": "無役",
    "score.total_capped": "合計：{raw} 番，封頂 {fan} 番",
    "score.part": "{amount}（{reason}）",
    "score.receives": "{seat} 共收 {amount}：{parts}",
    "list.separator": "；",
    "hongkong.below_minimum": "未夠 {minimum} 番起糊：不能和牌",
    "sichuan.three_suits": "手牌有萬、筒、條三門：四川麻將最多只能有兩門",
    "sichuan.missing_held": "手牌有缺門（{suit}）的 {tile}",
    "sichuan.honours": "手牌有 {tile}：四川麻將只用三門數牌，沒有字牌",
    "sichuan.not_complete": "牌不成四組一對，也不成七對",
    # Hong Kong
    "hongkong.minimum": "計入 {minimum} 番起糊的番數：{fan}",
    "hongkong.minimum_bonus": "計入 {minimum} 番起糊的番數：{fan}（花不計）",
    "hongkong.base": "底數：{base}",
    "hongkong.found": "牌型：",
    "hongkong.replaced": "  （{replaced}不另計：已計入{name}）",
    "hongkong.limit_hand": "例牌（{fan} 番）",
    "hongkong.limit": "滿糊（{fan} 番）",
    # Sichuan
    "sichuan.value": "牌值：{base} × 2^{fan} = {value}（封頂 {cap} 番）",
    # Rules pages
    "page.pattern": "番種",
    "page.fan": "番",
    "page.rule": "規則",
    "page.example": "例",
    "page.cap": "封頂",
    "page.limit": "{fan}（爆棚）",
    "page.replaces": "取代",
    "page.option": "選項",
    # The command line: hand analysis pages, the situation under a score, records
    "cli.complete": "和牌形",
    "cli.ready": "聽牌",
    "cli.shanten": "{n}向聽",
    "cli.by_shape": "各牌型向聽數：{parts}",
    "cli.regular": "一般形 {n}",
    "cli.seven_pairs": "七對 {n}",
    "cli.thirteen_orphans": "十三么 {n}",
    "cli.discard": "打{tile}：{n}向聽，有效牌{count}張（{tiles}）",
    "cli.discard_waits": "打{tile}：聽{tiles}",
    "cli.waits": "聽：{tiles}",
    "cli.context": "{seat}家，{round}圈，{discarder}家放銃",
    "cli.ukeire": "有效牌：{count}張（{tiles}）",
    "cli.no_win": "{how}：不能和牌（{reason}）",
    "cli.not_ready": "未聽牌（{state}）：有效牌見 mahjongkit shanten",
    "cli.score_context": "座位：{seat}，{round}圈，{how}；規則：{rules}",
    "cli.self_draw": "自摸",
    "cli.game": "第{number}場（種子 {seed}）：{rounds}局，終局分數 {scores}",
    "cli.checked": "{path}：已核對{rounds}局，{mismatches}處不符",
    "cli.skipped": "{path}：略過（{reason}）",
    "cli.unreadable": "{path}：無法讀取：{reason}",
    "cli.summary": "{files}個檔案：已核對{rounds}局，{mismatches}處不符，"
    "略過{skipped}個，無法讀取{unreadable}個",
    "cli.ron_from": "{discarder}家放銃",
    "cli.wait_line": "{tile}：{parts}",
}

_JA_LATN = {
    # The Riichi rules page in romaji (the pattern names are the table's own): its headings.
    "page.riichi.pattern": "Yaku",
    "page.riichi.japanese": "Rōmaji",
    "page.riichi.concealed": "Menzen",
    "page.riichi.open": "Fūro",
    "page.rule": "Kisoku",
    "page.example": "Rei",
    "page.riichi.per_tile": "1 / mai",
}

TABLES: dict[str, dict[str, str]] = {
    "en": _EN,
    "fr": _FR,
    "es": _ES,
    "ja": _JA,
    "ja-Latn": _JA_LATN,
    "zh": _ZH,
}
"""The sentence tables by language. The surfaces' sentences (the site, the refusals, practice,
the terminal game, the web table, the command line) join them when a key of theirs is first
looked up (:func:`load_for`); read :data:`MESSAGES` for every sentence at once."""

_SURFACES = {
    "web": "site",
    "tile": "site",
    "meld": "site",
    "refusal": "refusals",
    "practice": "practice",
    "play": "play",
    "table": "table",
    "command": "command_line",
    "learn": "learn",
}
"""Which module of :mod:`mahjongkit.i18n` holds the keys of each prefix outside the core tables.
A command that only scores a hand never reads the site's sentences: it does not load them."""

_loaded: set[str] = set()


def _catalog(surface: str) -> dict[str, dict[str, str]]:
    if surface == "site":
        from mahjongkit.i18n.site import SITE

        return SITE
    if surface == "refusals":
        from mahjongkit.i18n.refusals import REFUSALS

        return REFUSALS
    if surface == "practice":
        from mahjongkit.i18n.practice import PRACTICE

        return PRACTICE
    if surface == "table":
        from mahjongkit.i18n.table import TABLE

        return TABLE
    if surface == "command_line":
        from mahjongkit.i18n.command_line import COMMAND_LINE

        return COMMAND_LINE
    if surface == "learn":
        from mahjongkit.i18n.learn import LEARN

        return LEARN
    from mahjongkit.i18n.play import TABLES as PLAY

    return PLAY


def _load(surface: str) -> None:
    for lang, table in _catalog(surface).items():
        TABLES[lang].update(table)
    # Marked once merged: a lookup racing this one merges the same sentences again, harmlessly.
    _loaded.add(surface)


def load_for(key: str) -> bool:
    """Merge the surface table that holds ``key`` into :data:`TABLES`, if it is not there yet;
    a key of no known surface loads them all. True if anything was merged."""
    surface = _SURFACES.get(key.partition(".")[0])
    wanted = [surface] if surface is not None else sorted(set(_SURFACES.values()))
    missing = [name for name in wanted if name not in _loaded]
    for name in missing:
        _load(name)
    return bool(missing)


def add_sentences(sentences: Mapping[str, Mapping[str, str]]) -> None:
    """Merge the sentences a family from outside the library brings, by language (keys of the
    languages it leaves out fall back to English, as every key does)."""
    for lang, table in sentences.items():
        TABLES.setdefault(lang, {}).update(table)


def load_all() -> dict[str, dict[str, str]]:
    """Every sentence table, the surfaces' merged in."""
    for name in sorted(set(_SURFACES.values()) - _loaded):
        _load(name)
    globals()["MESSAGES"] = TABLES
    return TABLES


def __getattr__(name: str) -> dict[str, dict[str, str]]:
    # MESSAGES is every table at once: reading it loads the surfaces' sentences first.
    if name == "MESSAGES":
        return load_all()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
