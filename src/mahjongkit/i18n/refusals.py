"""Why the library refuses an input, in English, French and Spanish (keys ``refusal.*``).

The library raises its errors with a :class:`~mahjongkit.i18n.Sentence` of these keys, so that a
surface says the refusal in its reader's language from the key and the values (the English text
stays the error's ``str``). They join the common tables the way the site's sentences do.
"""

from __future__ import annotations

_EN = {
    # Tiles in mpsz
    "refusal.mpsz_type": "expected an mpsz string, got {type}",
    "refusal.suit_first": (
        "suit letter {char} at position {position} of {text} has no digits before it (mpsz "
        "writes the numbers first, e.g. 123m)"
    ),
    "refusal.digits_no_suit": (
        "the digits {digits} before position {position} of {text} have no suit letter "
        "(expected one of {letters})"
    ),
    "refusal.unknown_char": (
        "unknown character {char} at position {position} of {text}: expected digits and a suit "
        "letter among {letters}"
    ),
    "refusal.ends_digits": (
        "{text} ends with the digits {digits} but no suit letter (expected one of {letters})"
    ),
    "refusal.red_suit": (
        "{tile} at position {position} of {text}: only m, p and s have a red five (0)"
    ),
    "refusal.suit_range": (
        "{tile} at position {position} of {text}: the {letter} suit has tiles 1-{size} only"
    ),
    "refusal.one_tile": "expected exactly one tile, got {count} in {text}",
    "refusal.bonus_in": "{tile} is a bonus tile: it cannot be part of a {what}'s tiles",
    "refusal.fifth_in": "the {what} holds a fifth {tile}: there are only four of each tile",
    # Hands
    "refusal.bonus_held": "{tile} is a bonus tile: flowers and seasons are set aside, not held",
    "refusal.too_many_melds": "a hand has at most four melds, not {count}",
    "refusal.too_many_tiles": (
        "{count} concealed tiles with {melds} meld(s): a hand holds at most {limit} (14 tiles, "
        "each meld counting as three)"
    ),
    "refusal.fifth": "the hand holds a fifth {tile}: there are only four of each tile",
    "refusal.two_red": "the hand holds two red {tile}",
    "refusal.melds_type": "melds are a list of KIND:TILES[@SEAT] strings, not {type}",
    "refusal.hand_size": (
        "{count} concealed tiles with {melds} meld(s) is not a hand: expected {wanted} concealed "
        "tiles (13 or 14 in all, a meld counting three)"
    ),
    # Seats and melds
    "refusal.seat_type": "a seat is one of the letters E, S, W, N, not {type}",
    "refusal.seat": "{text} is not a seat: expected one of E, S, W, N",
    "refusal.meld_size": "a {name} has {size} tiles, {shown} has {count}",
    "refusal.meld_bonus": "a {name} cannot contain a bonus tile ({shown})",
    "refusal.chow_honours": "a chow cannot be made of honours ({shown})",
    "refusal.chow_suit": "a chow must be of one suit, {shown} is not",
    "refusal.chow_run": "a chow is three consecutive tiles, {shown} is not",
    "refusal.meld_same": "a {name} is {size} identical tiles, {shown} is not",
    "refusal.concealed_kong_seat": "a concealed kong takes no tile from another seat",
    "refusal.meld_form": "{text} is not a meld: expected KIND:TILES[@SEAT], e.g. pung:777z@W",
    "refusal.meld_kind": (
        "unknown meld kind {name} in {text}: expected chow, pung, kong, concealed-kong or "
        "added-kong (or chi, pon, kan, ankan, kakan)"
    ),
    # The score command's question
    "refusal.flag_value": "{flag} {value}: {reason}",
    "refusal.bonus_win_size": (
        "--win {tile} is a bonus tile: HAND is then the 13 tiles held, not {count}"
    ),
    "refusal.thirteen": (
        "HAND has 13 tiles: it includes the winning tile, so 14 are expected (did you leave "
        "out {tile}? try {hand}{tile})"
    ),
    "refusal.win_size": (
        "HAND has {count} tiles counting each meld as three: a winning hand has 14, the "
        "winning tile included"
    ),
    "refusal.win_not_held": (
        "--win {tile} is not among the concealed tiles of HAND ({hand}): HAND includes the "
        "winning tile, so add it to HAND or correct --win"
    ),
    "refusal.seat_not_at_table": "--seat {seat}: a table of {count} has the seats {seats}",
    "refusal.tsumo_and_from": "--tsumo and --from exclude each other: a self-draw has no discarder",
    "refusal.from_self": "--from names the winner's own seat: use --tsumo for a self-draw",
    "refusal.no_bonus_win": "--win {tile}: {variant} has no bonus tiles to win on",
    "refusal.foreign_flag": "{flag} is a {owner} flag: {variant} does not use it",
    "refusal.missing_flag": "--missing is a sichuan flag: {variant} has no missing suit",
    "refusal.meld_own_seat": (
        "--seat {seat}: a meld of the hand was claimed from {seat}, the hand's own seat"
    ),
    # Options
    "refusal.option_bool": "option {name} takes true or false, not {text}",
    "refusal.option_form": "{text} is not an option: expected NAME=VALUE",
    "refusal.option_unknown": (
        "unknown option {name} for the {rules} rules: known options are {known}"
    ),
    "refusal.option_int": "option {name} takes an integer, not {text}",
    "refusal.option_number": "option {name} takes a number, not {text}",
    "refusal.option_digits": (
        "--option {name}=...: a number of {digits} digits is out of range (at most {most} digits)"
    ),
    # Practice questions
    "refusal.drill_id": (
        "{id} is not a practice question: expected FAMILY-KIND-NUMBER, e.g. riichi-waits-3 "
        "(kinds discard, waits, worth; numbers 0 to {most})"
    ),
    "refusal.drill_none": "no seeded game offers the question {id}: try another number",
    "refusal.drill_not_held": "{tile} is not in the hand {hand}: discard one of its tiles",
    "refusal.drill_reply": (
        "the reply to a {kind} question has the wrong form: a tile for discard, a list of "
        "tiles for waits, a whole number for worth"
    ),
    "refusal.drill_tile": "{reply} is not one tile in mpsz (such as 5m, 7z)",
    # Command lines typed in the site (argparse's own complaints, said in every language)
    "refusal.args_required": "missing: {names} (the command needs them)",
    "refusal.arg_one_value": "{flag} needs a value after it",
    "refusal.arg_choice": "{flag}: {value} is not a choice: expected one of {choices}",
    "refusal.arg_conflict": "{flag} cannot be given together with {other}",
    "refusal.args_unknown": "unknown words in the command: {words}",
    "refusal.arg_ambiguous": "{flag} is ambiguous: it could be {matches}",
    "refusal.arg_value": "{flag}: {reason}",
    "refusal.arg_unreadable": "{flag}: the value {value} cannot be read",
    "refusal.command_wrong": "the command cannot be read as written: check its flags",
    "refusal.whole_number": "expected a whole number, not {value}",
    "refusal.number_at_least": "expected a number of at least {low}, not {value}",
    "refusal.number_at_most": "expected a number of at most {high}, not {value}",
    "refusal.number_too_long": (
        "expected a whole number from {low} to {high}, not {count} characters"
    ),
    "refusal.seed_too_long": "expected a seed of at most 20 digits, not {count}",
    "refusal.rules_preset": "unknown rules preset {name} for {variant}: expected one of {presets}",
    "refusal.rules_empty": "--rules is empty: {variant} has {presets}",
    "refusal.lang_empty": "--lang is empty: {variant} speaks {languages}",
    "refusal.lang_unknown": "--lang {asked}: {variant} speaks {languages}",
    "refusal.command_unknown": "unknown command {name}: expected score, waits or shanten",
    "refusal.command_help": "--help and --version have no answer here",
    "refusal.command_site_flag": "{flag} is added by the site: leave it out",
    "refusal.command_quotes": (
        "the command cannot be read: a quotation mark is not closed or a backslash ends it"
    ),
    "refusal.command_long": "the command has {count} characters: at most {most}",
    "refusal.command_words": "a command is a list of words",
    # Discards and declarations the table refuses
    "refusal.discard_swap_call": (
        "{tile} may not be discarded right after the call: swap-calling (kuikae) forbids "
        "discarding {kinds} now (these rules: swap_calling off)"
    ),
    "refusal.discard_after_riichi": (
        "after riichi only the tile just drawn ({drawn}) may be discarded, not {tile}"
    ),
    "refusal.kita_players": (
        "kita (setting North aside) is a rule of three-player tables, and these rules seat "
        "{players} players"
    ),
    "refusal.kita_off": (
        "these rules have no kita: North is set aside only at three-player tables that play it "
        "(option north_set_aside)"
    ),
    "refusal.kita_no_north": "kita sets a North tile aside, and {tile} is not one",
    "refusal.kita_after_riichi": (
        "after riichi only the North just drawn may be set aside, and the tile just drawn is "
        "{drawn}"
    ),
    "refusal.kita_wall": "kita is replaced from the dead wall, and the live wall is empty",
    "refusal.no_chow": (
        "three-player Riichi has no chow (chi): a discard is claimed only to pung, kong or win"
    ),
    "refusal.discard_missing_suit": (
        "discard your missing suit ({suit}) first: {tiles}; {tile} may go once none is left"
    ),
    "refusal.riichi_not_ready_one": (
        "discarding {tile} leaves the hand not ready ({count} tile from ready); {instead}"
    ),
    "refusal.riichi_not_ready": (
        "discarding {tile} leaves the hand not ready ({count} tiles from ready); {instead}"
    ),
    "refusal.riichi_with": "riichi is possible discarding {tiles}",
    "refusal.riichi_no_discard": "no discard leaves this hand ready",
    # Rules options and engine checks
    "refusal.uma_entries": "uma has {count} entries for {players} players: one per rank",
    "refusal.option_range": "the {name} option is a whole number from {low} to {high}, not {value}",
    "refusal.option_choice": "the {name} option is one of {choices}, not {value}",
    "refusal.option_only": "the {name} option can only be {only} at this table, not {value}",
    "refusal.option_type": "the {name} option takes {expected}, not {value}",
    "refusal.option_item_range": (
        "each entry of the {name} option is a whole number from {low} to {high}, not {value}"
    ),
    "refusal.option_item_choice": (
        "each entry of the {name} option is one of {choices}, not {value}"
    ),
    "refusal.option_item_type": "each entry of the {name} option is {expected}, not {value}",
    "refusal.option_expect.bool": "true or false",
    "refusal.option_expect.int": "a whole number",
    "refusal.option_expect.int_none": "a whole number or none",
    "refusal.option_expect.float": "a number",
    "refusal.option_expect.str": "text",
    "refusal.option_expect.list": "a list (NAME=A,B,C)",
    "refusal.option_huge": "a number of {digits} digits or more",
    "refusal.option_finite": "option {name} takes a finite number below 10^{digits}, not {text}",
    "refusal.options_type": "options are a list of NAME=VALUE strings, not {type}",
    "refusal.option_type_of": "an option is a NAME=VALUE string, not {type}",
    "refusal.min_above_limit": (
        "the min_fan option ({minimum}) is above the limit option ({limit}): no hand could win"
    ),
    "refusal.max_ron_winners": (
        "the max_ron_winners option is from 1 to {most} with {players} players, not {value}"
    ),
    "refusal.option_not_settable": "the {name} option cannot be set from the command line",
    "refusal.not_bonus": "{tile} is not a bonus tile: only 1f-4f and 1g-4g are set aside",
    "refusal.bonus_twice": "the bonus tile {tile} is listed twice: there is one of each",
    "refusal.no_flowers": (
        "bonus tiles {tiles} listed, but this table plays without flowers and seasons (option "
        "flowers=false)"
    ),
    "refusal.bonus_win": (
        "the winning tile {tile} is a bonus tile: that wins only as the seventh or eighth bonus "
        "tile listed in the flowers (option bonus_tile_win)"
    ),
    "refusal.sichuan_honour": (
        "{tile} is an honour tile: Sichuan is played with the 108 suited tiles only (m, p, s)"
    ),
    "refusal.melds_every_seat": (
        "the melds claim tiles from every seat at the table: one of them is the hand's own"
    ),
    "refusal.more_than_four_seen": (
        "more than four {tile} between the hand, its melds and the tiles seen"
    ),
    "refusal.seat_not_at_table_of": "seat {seat} is not at a table of {players} ({seats})",
    "refusal.discarder_is_winner": (
        "the discarder is the winner's own seat: a win on a discard needs another seat"
    ),
    "refusal.generic": "this input cannot be used ({kind}): check the field {field}",
    # Rules options
    "refusal.option_unknown_near": (
        "unknown option {name} for the {rules} rules: did you mean {guess}?"
    ),
    # Tenhou records outside the conformance set
    "refusal.replay_special_lobby": "special lobby (chip, ratio or custom rules)",
    # The records database
    "refusal.records_none": "no records database at {path}: no game was stored there",
    "refusal.records_folder": "cannot make the records folder {folder}: {reason}",
    "refusal.records_no_folder": (
        "the folder of the records database {path} does not exist: make {folder} first, or "
        "choose another --db"
    ),
    "refusal.records_is_folder": "{path} is a folder, not a records database file",
    "refusal.records_open": "cannot open the records database {path}: {reason}",
    "refusal.records_damaged": (
        "{path} is not a usable records database ({reason}): it is damaged or not an SQLite file"
    ),
    "refusal.records_foreign": (
        "{path} is an SQLite database of another program, not mahjongkit records: choose "
        "another --db"
    ),
    "refusal.records_newer": (
        "{path} was written by a newer mahjongkit (schema {version}; this version reads up to "
        "{known}): upgrade mahjongkit"
    ),
    "refusal.records_no_game": "no game {id} in {path}",
    # Simulations
    "refusal.sim_bot": "unknown bot {bot}: expected one of {bots} or mjai:COMMAND",
    "refusal.sim_bot_count": (
        "{count} --bot given for a {players}-seat table: give one for every seat, or {players}, "
        "one per seat"
    ),
    "refusal.sim_ray_missing": "--ray needs Ray, an optional extra: install mahjongkit[ray]",
    "refusal.sim_ray_address": (
        "--ray {address}: a Ray address is HOST:PORT (a head node's GCS, e.g. 10.0.0.5:6379), "
        "ray://HOST:PORT (a Ray client server) or auto"
    ),
    "refusal.sim_ray_timeout": "no answer in time",
    "refusal.sim_ray_unreachable": (
        "--ray {address}: no Ray cluster answers at {host}:{port} ({reason}); start one with "
        "`ray start --head`, or give --ray alone for a local instance"
    ),
    "refusal.sim_ray_local": "--ray: the local Ray instance did not start: {why}",
    "refusal.sim_ray_join": "--ray {address}: no Ray cluster joined: {why}",
    "refusal.sim_resume_other": (
        "{path}: line {line} is not a game of this run (another seed, variant, rules or bots): "
        "--resume continues the same command"
    ),
    # Hosted mjai bots
    "refusal.mjai_not_bot": "{spec} is not an mjai bot: expected mjai:COMMAND",
    "refusal.mjai_split": "--bot {spec}: the command cannot be split ({reason})",
    "refusal.mjai_no_command": "--bot {spec}: mjai: needs a command, e.g. mjai:'mybot {{seat}}'",
    "refusal.mjai_start": "seat {seat}: cannot start {label}: {reason}",
    "refusal.no_such_program": "no such program",
    # Game logs to convert
    "refusal.log_encoding": "not a game log: neither XML, gzip nor UTF-8 JSON",
    "refusal.log_empty": "the file is empty",
    "refusal.log_begins": "not a game log: it begins with {start}",
    "refusal.log_first_line": "not a game log: the first line is not JSON",
    "refusal.log_start_game": "not a game log: JSON lines begin with a start_game event",
    "refusal.log_size": "{path}: larger than {most} MB",
    "refusal.log_gzip": "a damaged gzip file: {reason}",
    "refusal.log_line_json": "line {line}: not JSON ({reason})",
    "refusal.log_line_game": "line {line}: not a game (an object with its events)",
    "refusal.log_line_replay": "line {line}: the game does not replay: {reason}",
}

_FR = {
    "refusal.mpsz_type": "une chaîne mpsz est attendue, pas {type}",
    "refusal.suit_first": (
        "la lettre de couleur {char} en position {position} de {text} n’a aucun chiffre avant "
        "elle (en mpsz les chiffres viennent d’abord, par ex. 123m)"
    ),
    "refusal.digits_no_suit": (
        "les chiffres {digits} avant la position {position} de {text} n’ont pas de lettre de "
        "couleur (une de {letters} est attendue)"
    ),
    "refusal.unknown_char": (
        "caractère inconnu {char} en position {position} de {text} : des chiffres et une lettre "
        "de couleur parmi {letters} sont attendus"
    ),
    "refusal.ends_digits": (
        "{text} finit par les chiffres {digits} sans lettre de couleur (une de {letters} est "
        "attendue)"
    ),
    "refusal.red_suit": (
        "{tile} en position {position} de {text} : seules m, p et s ont un cinq rouge (0)"
    ),
    "refusal.suit_range": (
        "{tile} en position {position} de {text} : la couleur {letter} n’a que les tuiles "
        "1 à {size}"
    ),
    "refusal.one_tile": "une seule tuile est attendue, {text} en contient {count}",
    "refusal.bonus_in": "{tile} est une tuile bonus : elle ne peut pas faire partie de : {what}",
    "refusal.fifth_in": (
        "{what} : un cinquième {tile} ; il n’y a que quatre exemplaires de chaque tuile"
    ),
    "refusal.bonus_held": (
        "{tile} est une tuile bonus : fleurs et saisons sont posées à part, pas gardées en main"
    ),
    "refusal.too_many_melds": "une main a au plus quatre combinaisons, pas {count}",
    "refusal.too_many_tiles": (
        "{count} tuiles cachées avec {melds} combinaison(s) : une main en a au plus {limit} "
        "(14 tuiles, chaque combinaison comptant pour trois)"
    ),
    "refusal.fifth": (
        "la main contient un cinquième {tile} : il n’y a que quatre exemplaires de chaque tuile"
    ),
    "refusal.two_red": "la main contient deux {tile} rouges",
    "refusal.melds_type": (
        "les combinaisons sont une liste de textes TYPE:TUILES[@PLACE], pas {type}"
    ),
    "refusal.hand_size": (
        "{count} tuiles cachées avec {melds} combinaison(s) ne font pas une main : {wanted} "
        "tuiles cachées sont attendues (13 ou 14 en tout, une combinaison comptant pour trois)"
    ),
    "refusal.seat_type": "une place est une des lettres E, S, W, N, pas {type}",
    "refusal.seat": "{text} n’est pas une place : une de E, S, W, N est attendue",
    "refusal.meld_size": "un {name} a {size} tuiles, {shown} en a {count}",
    "refusal.meld_bonus": "un {name} ne peut pas contenir de tuile bonus ({shown})",
    "refusal.chow_honours": "un chow ne peut pas être fait d’honneurs ({shown})",
    "refusal.chow_suit": "un chow est d’une seule couleur, pas {shown}",
    "refusal.chow_run": "un chow est fait de trois tuiles qui se suivent, pas {shown}",
    "refusal.meld_same": "un {name} est fait de {size} tuiles identiques, pas {shown}",
    "refusal.concealed_kong_seat": "un kong caché ne prend aucune tuile à une autre place",
    "refusal.meld_form": (
        "{text} n’est pas une combinaison : TYPE:TUILES[@PLACE] est attendu, par ex. pung:777z@W"
    ),
    "refusal.meld_kind": (
        "type de combinaison inconnu {name} dans {text} : chow, pung, kong, concealed-kong ou "
        "added-kong est attendu (ou chi, pon, kan, ankan, kakan)"
    ),
    "refusal.flag_value": "{flag} {value} : {reason}",
    "refusal.bonus_win_size": (
        "--win {tile} est une tuile bonus : la main est alors les 13 tuiles gardées, pas {count}"
    ),
    "refusal.thirteen": (
        "la main a 13 tuiles : elle comprend la tuile gagnante, 14 sont donc attendues "
        "(avez-vous oublié {tile} ? essayez {hand}{tile})"
    ),
    "refusal.win_size": (
        "la main a {count} tuiles (chaque combinaison comptant pour trois) : une main gagnante "
        "en a 14, tuile gagnante comprise"
    ),
    "refusal.win_not_held": (
        "--win {tile} n’est pas parmi les tuiles cachées de la main ({hand}) : la main comprend "
        "la tuile gagnante, ajoutez-la à la main ou corrigez --win"
    ),
    "refusal.seat_not_at_table": "--seat {seat} : une table de {count} a les places {seats}",
    "refusal.tsumo_and_from": (
        "--tsumo et --from s’excluent : une victoire sur pioche n’a pas de joueur qui a défaussé"
    ),
    "refusal.from_self": (
        "--from nomme la place du gagnant : utilisez --tsumo pour une victoire sur pioche"
    ),
    "refusal.no_bonus_win": "--win {tile} : {variant} n’a pas de tuile bonus sur laquelle gagner",
    "refusal.foreign_flag": "{flag} est une option de {owner} : {variant} ne s’en sert pas",
    "refusal.missing_flag": (
        "--missing est une option du sichuan : {variant} n’a pas de couleur manquante"
    ),
    "refusal.meld_own_seat": (
        "--seat {seat} : une combinaison de la main a été prise à {seat}, la place de la main"
    ),
    "refusal.option_bool": "l’option {name} prend true ou false, pas {text}",
    "refusal.option_form": "{text} n’est pas une option : NOM=VALEUR est attendu",
    "refusal.option_unknown": (
        "option inconnue {name} pour les règles {rules} : les options sont {known}"
    ),
    "refusal.option_int": "l’option {name} prend un nombre entier, pas {text}",
    "refusal.option_number": "l’option {name} prend un nombre, pas {text}",
    "refusal.option_digits": (
        "--option {name}=... : un nombre de {digits} chiffres est hors limites (au plus {most})"
    ),
    "refusal.drill_id": (
        "{id} n’est pas une question d’entraînement : FAMILLE-TYPE-NUMÉRO est attendu, par ex. "
        "riichi-waits-3 (types discard, waits, worth ; numéros de 0 à {most})"
    ),
    "refusal.drill_none": "aucune partie tirée n’offre la question {id} : essayez un autre numéro",
    "refusal.drill_not_held": "{tile} n’est pas dans la main {hand} : défaussez une de ses tuiles",
    "refusal.drill_reply": (
        "la réponse à une question {kind} n’a pas la bonne forme : une tuile pour la défausse, "
        "une liste de tuiles pour les attentes, un nombre entier pour la valeur"
    ),
    "refusal.drill_tile": "{reply} n’est pas une tuile en mpsz (comme 5m, 7z)",
    "refusal.args_required": "il manque : {names} (la commande en a besoin)",
    "refusal.arg_one_value": "{flag} doit être suivi d’une valeur",
    "refusal.arg_choice": (
        "{flag} : {value} n’est pas un choix possible : un de {choices} est attendu"
    ),
    "refusal.arg_conflict": "{flag} ne peut pas être donné en même temps que {other}",
    "refusal.args_unknown": "mots inconnus dans la commande : {words}",
    "refusal.arg_ambiguous": "{flag} est ambigu : ce peut être {matches}",
    "refusal.arg_value": "{flag} : {reason}",
    "refusal.arg_unreadable": "{flag} : la valeur {value} est illisible",
    "refusal.command_wrong": "la commande est illisible telle qu’écrite : vérifiez ses options",
    "refusal.whole_number": "un nombre entier est attendu, pas {value}",
    "refusal.number_at_least": "un nombre d’au moins {low} est attendu, pas {value}",
    "refusal.number_at_most": "un nombre d’au plus {high} est attendu, pas {value}",
    "refusal.number_too_long": (
        "un nombre entier de {low} à {high} est attendu, pas {count} caractères"
    ),
    "refusal.seed_too_long": "une graine de 20 chiffres au plus est attendue, pas {count}",
    "refusal.rules_preset": (
        "jeu de règles {name} inconnu pour {variant} : un de {presets} est attendu"
    ),
    "refusal.rules_empty": "--rules est vide : {variant} propose {presets}",
    "refusal.lang_empty": "--lang est vide : {variant} parle {languages}",
    "refusal.lang_unknown": "--lang {asked} : {variant} parle {languages}",
    "refusal.command_unknown": (
        "commande inconnue {name} : score, waits ou shanten est attendu"
    ),
    "refusal.command_help": "--help et --version n’ont pas de réponse ici",
    "refusal.command_site_flag": "{flag} est ajouté par le site : retirez-le",
    "refusal.command_quotes": (
        "la commande est illisible : un guillemet n’est pas fermé ou une barre oblique inverse "
        "la termine"
    ),
    "refusal.command_long": "la commande a {count} caractères : {most} au plus",
    "refusal.command_words": "une commande est une liste de mots",
    # Discards and declarations the table refuses
    "refusal.discard_swap_call": (
        "{tile} ne peut pas être défaussée juste après l’appel : le kuikae interdit de défausser "
        "{kinds} maintenant (ces règles : swap_calling off)"
    ),
    "refusal.discard_after_riichi": (
        "après riichi, seule la tuile piochée ({drawn}) peut être défaussée, pas {tile}"
    ),
    "refusal.kita_players": (
        "le kita (mettre le Nord de côté) est une règle des tables à trois, et ces règles "
        "placent {players} joueurs"
    ),
    "refusal.kita_off": (
        "ces règles n’ont pas de kita : le Nord n’est mis de côté qu’aux tables à trois qui le "
        "jouent (option north_set_aside)"
    ),
    "refusal.kita_no_north": "le kita met une tuile Nord de côté, et {tile} n’en est pas une",
    "refusal.kita_after_riichi": (
        "après riichi, seul le Nord qu’on vient de piocher peut être mis de côté, et la tuile "
        "piochée est {drawn}"
    ),
    "refusal.kita_wall": "le kita est remplacé depuis le mur mort, et le mur vivant est vide",
    "refusal.no_chow": (
        "le riichi à trois joueurs n’a pas de chow (chi) : une défausse ne se prend que pour un "
        "pung, un kong ou la victoire"
    ),
    "refusal.discard_missing_suit": (
        "défaussez d’abord votre couleur manquante ({suit}) : {tiles} ; {tile} pourra partir quand "
        "il n’en restera plus"
    ),
    "refusal.riichi_not_ready_one": (
        "défausser {tile} laisse la main pas en attente (à {count} tuile de l’attente) ; {instead}"
    ),
    "refusal.riichi_not_ready": (
        "défausser {tile} laisse la main pas en attente (à {count} tuiles de l’attente) ; {instead}"
    ),
    "refusal.riichi_with": "le riichi est possible en défaussant {tiles}",
    "refusal.riichi_no_discard": "aucune défausse ne met cette main en attente",
    "refusal.uma_entries": "uma a {count} valeurs pour {players} joueurs : une par rang",
    "refusal.option_range": "l’option {name} est un nombre entier de {low} à {high}, pas {value}",
    "refusal.option_choice": "l’option {name} vaut {choices}, au choix, pas {value}",
    "refusal.option_only": "l’option {name} ne peut valoir que {only} à cette table, pas {value}",
    "refusal.option_type": "l’option {name} prend {expected}, pas {value}",
    "refusal.option_item_range": (
        "chaque valeur de l’option {name} est un nombre entier de {low} à {high}, pas {value}"
    ),
    "refusal.option_item_choice": (
        "chaque valeur de l’option {name} est au choix {choices}, pas {value}"
    ),
    "refusal.option_item_type": "chaque valeur de l’option {name} est {expected}, pas {value}",
    "refusal.option_expect.bool": "true ou false",
    "refusal.option_expect.int": "un nombre entier",
    "refusal.option_expect.int_none": "un nombre entier ou none",
    "refusal.option_expect.float": "un nombre",
    "refusal.option_expect.str": "un texte",
    "refusal.option_expect.list": "une liste (NOM=A,B,C)",
    "refusal.option_huge": "un nombre de {digits} chiffres ou plus",
    "refusal.option_finite": "l’option {name} prend un nombre fini sous 10^{digits}, pas {text}",
    "refusal.options_type": "les options sont une liste de textes NOM=VALEUR, pas {type}",
    "refusal.option_type_of": "une option est un texte NOM=VALEUR, pas {type}",
    "refusal.min_above_limit": (
        "l’option min_fan ({minimum}) dépasse l’option limit ({limit}) : aucune main ne "
        "pourrait gagner"
    ),
    "refusal.max_ron_winners": (
        "l’option max_ron_winners va de 1 à {most} à {players} joueurs, pas {value}"
    ),
    "refusal.option_not_settable": "l’option {name} ne se règle pas depuis la ligne de commande",
    "refusal.not_bonus": (
        "{tile} n’est pas une tuile bonus : seules 1f-4f et 1g-4g sont mises de côté"
    ),
    "refusal.bonus_twice": "la tuile bonus {tile} est donnée deux fois : il n’y en a qu’une",
    "refusal.no_flowers": (
        "tuiles bonus {tiles} données, mais cette table joue sans fleurs ni saisons (option "
        "flowers=false)"
    ),
    "refusal.bonus_win": (
        "la tuile gagnante {tile} est une tuile bonus : elle ne gagne que comme septième ou "
        "huitième tuile bonus parmi les fleurs (option bonus_tile_win)"
    ),
    "refusal.sichuan_honour": (
        "{tile} est un honneur : le Sichuan se joue avec les 108 tuiles des trois couleurs "
        "seulement (m, p, s)"
    ),
    "refusal.melds_every_seat": (
        "les combinaisons prennent des tuiles à chaque place de la table : l’une d’elles est "
        "celle de la main"
    ),
    "refusal.more_than_four_seen": (
        "plus de quatre {tile} entre la main, ses combinaisons et les tuiles vues"
    ),
    "refusal.seat_not_at_table_of": (
        "la place {seat} n’est pas à une table de {players} ({seats})"
    ),
    "refusal.discarder_is_winner": (
        "celui qui défausse est le gagnant : une victoire sur défausse demande une autre place"
    ),
    "refusal.generic": "cette entrée est inutilisable ({kind}) : vérifiez le champ {field}",
    "refusal.option_unknown_near": (
        "option inconnue {name} pour les règles {rules} : vouliez-vous dire {guess} ?"
    ),
    "refusal.replay_special_lobby": "salon spécial (jetons, ratio ou règles personnalisées)",
    "refusal.records_none": (
        "aucune base de parties à {path} : aucune partie n’y a été gardée"
    ),
    "refusal.records_folder": "impossible de créer le dossier des parties {folder} : {reason}",
    "refusal.records_no_folder": (
        "le dossier de la base de parties {path} n’existe pas : créez d’abord {folder}, ou "
        "choisissez un autre --db"
    ),
    "refusal.records_is_folder": "{path} est un dossier, pas un fichier de base de parties",
    "refusal.records_open": "impossible d’ouvrir la base de parties {path} : {reason}",
    "refusal.records_damaged": (
        "{path} n’est pas une base de parties utilisable ({reason}) : elle est abîmée ou ce "
        "n’est pas un fichier SQLite"
    ),
    "refusal.records_foreign": (
        "{path} est une base SQLite d’un autre programme, pas des parties de mahjongkit : "
        "choisissez un autre --db"
    ),
    "refusal.records_newer": (
        "{path} a été écrite par un mahjongkit plus récent (schéma {version} ; cette version "
        "lit jusqu’au {known}) : mettez mahjongkit à jour"
    ),
    "refusal.records_no_game": "pas de partie {id} dans {path}",
    "refusal.sim_bot": "bot inconnu {bot} : un de {bots} ou mjai:COMMANDE est attendu",
    "refusal.sim_bot_count": (
        "{count} --bot donnés pour une table de {players} places : donnez-en un pour toutes "
        "les places, ou {players}, un par place"
    ),
    "refusal.sim_ray_missing": (
        "--ray demande Ray, un extra facultatif : installez mahjongkit[ray]"
    ),
    "refusal.sim_ray_address": (
        "--ray {address} : une adresse Ray est HOTE:PORT (le GCS d’un nœud principal, par ex. "
        "10.0.0.5:6379), ray://HOTE:PORT (un serveur client Ray) ou auto"
    ),
    "refusal.sim_ray_timeout": "pas de réponse à temps",
    "refusal.sim_ray_unreachable": (
        "--ray {address} : aucune grappe Ray ne répond à {host}:{port} ({reason}) ; lancez-en "
        "une avec `ray start --head`, ou donnez --ray seul pour une instance locale"
    ),
    "refusal.sim_ray_local": "--ray : l’instance Ray locale n’a pas démarré : {why}",
    "refusal.sim_ray_join": "--ray {address} : aucune grappe Ray rejointe : {why}",
    "refusal.sim_resume_other": (
        "{path} : la ligne {line} n’est pas une partie de cette simulation (autre graine, "
        "variante, règles ou bots) : --resume continue la même commande"
    ),
    "refusal.mjai_not_bot": "{spec} n’est pas un bot mjai : mjai:COMMANDE est attendu",
    "refusal.mjai_split": "--bot {spec} : la commande ne se découpe pas ({reason})",
    "refusal.mjai_no_command": (
        "--bot {spec} : mjai: demande une commande, par ex. mjai:'monbot {{seat}}'"
    ),
    "refusal.mjai_start": "place {seat} : impossible de lancer {label} : {reason}",
    "refusal.no_such_program": "aucun programme de ce nom",
    "refusal.log_encoding": "pas un journal de partie : ni XML, ni gzip, ni JSON en UTF-8",
    "refusal.log_empty": "le fichier est vide",
    "refusal.log_begins": "pas un journal de partie : il commence par {start}",
    "refusal.log_first_line": "pas un journal de partie : la première ligne n’est pas du JSON",
    "refusal.log_start_game": (
        "pas un journal de partie : les lignes JSON commencent par un évènement start_game"
    ),
    "refusal.log_size": "{path} : plus de {most} Mo",
    "refusal.log_gzip": "un fichier gzip abîmé : {reason}",
    "refusal.log_line_json": "ligne {line} : pas du JSON ({reason})",
    "refusal.log_line_game": "ligne {line} : pas une partie (un objet avec ses évènements)",
    "refusal.log_line_replay": "ligne {line} : la partie ne se rejoue pas : {reason}",
}

_ES = {
    "refusal.mpsz_type": "se esperaba un texto mpsz, no {type}",
    "refusal.suit_first": (
        "la letra de palo {char} en la posición {position} de {text} no tiene cifras delante "
        "(en mpsz van primero las cifras, p. ej. 123m)"
    ),
    "refusal.digits_no_suit": (
        "las cifras {digits} antes de la posición {position} de {text} no tienen letra de palo "
        "(se esperaba una de {letters})"
    ),
    "refusal.unknown_char": (
        "carácter desconocido {char} en la posición {position} de {text}: se esperaban cifras "
        "y una letra de palo entre {letters}"
    ),
    "refusal.ends_digits": (
        "{text} termina en las cifras {digits} sin letra de palo (se esperaba una de {letters})"
    ),
    "refusal.red_suit": (
        "{tile} en la posición {position} de {text}: solo m, p y s tienen un cinco rojo (0)"
    ),
    "refusal.suit_range": (
        "{tile} en la posición {position} de {text}: el palo {letter} solo tiene fichas del 1 "
        "al {size}"
    ),
    "refusal.one_tile": "se esperaba una sola ficha, {text} tiene {count}",
    "refusal.bonus_in": "{tile} es una ficha de bonificación: no puede formar parte de: {what}",
    "refusal.fifth_in": "{what}: un quinto {tile}; solo hay cuatro de cada ficha",
    "refusal.bonus_held": (
        "{tile} es una ficha de bonificación: flores y estaciones se apartan, no se guardan en "
        "la mano"
    ),
    "refusal.too_many_melds": "una mano tiene como mucho cuatro combinaciones, no {count}",
    "refusal.too_many_tiles": (
        "{count} fichas ocultas con {melds} combinación(es): una mano tiene como mucho {limit} "
        "(14 fichas, cada combinación cuenta por tres)"
    ),
    "refusal.fifth": "la mano tiene un quinto {tile}: solo hay cuatro de cada ficha",
    "refusal.two_red": "la mano tiene dos {tile} rojos",
    "refusal.melds_type": (
        "las combinaciones son una lista de textos TIPO:FICHAS[@PUESTO], no {type}"
    ),
    "refusal.hand_size": (
        "{count} fichas ocultas con {melds} combinación(es) no son una mano: se esperaban "
        "{wanted} fichas ocultas (13 o 14 en total, cada combinación cuenta por tres)"
    ),
    "refusal.seat_type": "un puesto es una de las letras E, S, W, N, no {type}",
    "refusal.seat": "{text} no es un puesto: se esperaba uno de E, S, W, N",
    "refusal.meld_size": "un {name} tiene {size} fichas, {shown} tiene {count}",
    "refusal.meld_bonus": "un {name} no puede contener una ficha de bonificación ({shown})",
    "refusal.chow_honours": "un chow no puede hacerse con honores ({shown})",
    "refusal.chow_suit": "un chow es de un solo palo, {shown} no lo es",
    "refusal.chow_run": "un chow son tres fichas seguidas, {shown} no lo es",
    "refusal.meld_same": "un {name} son {size} fichas iguales, {shown} no lo es",
    "refusal.concealed_kong_seat": "un kong oculto no toma ninguna ficha de otro puesto",
    "refusal.meld_form": (
        "{text} no es una combinación: se esperaba TIPO:FICHAS[@PUESTO], p. ej. pung:777z@W"
    ),
    "refusal.meld_kind": (
        "tipo de combinación desconocido {name} en {text}: se esperaba chow, pung, kong, "
        "concealed-kong o added-kong (o chi, pon, kan, ankan, kakan)"
    ),
    "refusal.flag_value": "{flag} {value}: {reason}",
    "refusal.bonus_win_size": (
        "--win {tile} es una ficha de bonificación: la mano son entonces las 13 fichas "
        "guardadas, no {count}"
    ),
    "refusal.thirteen": (
        "la mano tiene 13 fichas: incluye la ficha ganadora, así que se esperan 14 (¿olvidaste "
        "{tile}? prueba {hand}{tile})"
    ),
    "refusal.win_size": (
        "la mano tiene {count} fichas (cada combinación cuenta por tres): una mano ganadora "
        "tiene 14, la ficha ganadora incluida"
    ),
    "refusal.win_not_held": (
        "--win {tile} no está entre las fichas ocultas de la mano ({hand}): la mano incluye la "
        "ficha ganadora, añádala a la mano o corrija --win"
    ),
    "refusal.seat_not_at_table": "--seat {seat}: una mesa de {count} tiene los puestos {seats}",
    "refusal.tsumo_and_from": (
        "--tsumo y --from se excluyen: una victoria por robo no tiene quien descarte"
    ),
    "refusal.from_self": (
        "--from nombra el puesto del ganador: usa --tsumo para una victoria por robo"
    ),
    "refusal.no_bonus_win": "--win {tile}: {variant} no tiene fichas de bonificación con que ganar",
    "refusal.foreign_flag": "{flag} es una opción de {owner}: {variant} no la usa",
    "refusal.missing_flag": "--missing es una opción de sichuan: {variant} no tiene palo ausente",
    "refusal.meld_own_seat": (
        "--seat {seat}: una combinación de la mano se tomó de {seat}, el puesto de la mano"
    ),
    "refusal.option_bool": "la opción {name} admite true o false, no {text}",
    "refusal.option_form": "{text} no es una opción: se esperaba NOMBRE=VALOR",
    "refusal.option_unknown": (
        "opción desconocida {name} para las reglas {rules}: las opciones son {known}"
    ),
    "refusal.option_int": "la opción {name} admite un número entero, no {text}",
    "refusal.option_number": "la opción {name} admite un número, no {text}",
    "refusal.option_digits": (
        "--option {name}=...: un número de {digits} cifras está fuera de rango (como mucho {most})"
    ),
    "refusal.drill_id": (
        "{id} no es una pregunta de práctica: se esperaba FAMILIA-TIPO-NÚMERO, p. ej. "
        "riichi-waits-3 (tipos discard, waits, worth; números del 0 al {most})"
    ),
    "refusal.drill_none": "ninguna partida sorteada ofrece la pregunta {id}: prueba otro número",
    "refusal.drill_not_held": "{tile} no está en la mano {hand}: descarta una de sus fichas",
    "refusal.drill_reply": (
        "la respuesta a una pregunta {kind} no tiene la forma correcta: una ficha para el "
        "descarte, una lista de fichas para las esperas, un número entero para el valor"
    ),
    "refusal.drill_tile": "{reply} no es una ficha en mpsz (como 5m, 7z)",
    "refusal.args_required": "falta: {names} (la orden los necesita)",
    "refusal.arg_one_value": "{flag} debe ir seguido de un valor",
    "refusal.arg_choice": "{flag}: {value} no es una opción válida: se esperaba una de {choices}",
    "refusal.arg_conflict": "{flag} no puede darse junto con {other}",
    "refusal.args_unknown": "palabras desconocidas en la orden: {words}",
    "refusal.arg_ambiguous": "{flag} es ambiguo: puede ser {matches}",
    "refusal.arg_value": "{flag}: {reason}",
    "refusal.arg_unreadable": "{flag}: el valor {value} no se puede leer",
    "refusal.command_wrong": "la orden no se puede leer tal como está escrita: revisa tus opciones",
    "refusal.whole_number": "se esperaba un número entero, no {value}",
    "refusal.number_at_least": "se esperaba un número de al menos {low}, no {value}",
    "refusal.number_at_most": "se esperaba un número de como mucho {high}, no {value}",
    "refusal.number_too_long": (
        "se esperaba un número entero del {low} al {high}, no {count} caracteres"
    ),
    "refusal.seed_too_long": "se esperaba una semilla de 20 cifras como mucho, no {count}",
    "refusal.rules_preset": (
        "conjunto de reglas {name} desconocido para {variant}: se esperaba uno de {presets}"
    ),
    "refusal.rules_empty": "--rules está vacío: {variant} ofrece {presets}",
    "refusal.lang_empty": "--lang está vacío: {variant} habla {languages}",
    "refusal.lang_unknown": "--lang {asked}: {variant} habla {languages}",
    "refusal.command_unknown": "orden desconocida {name}: se esperaba score, waits o shanten",
    "refusal.command_help": "--help y --version no tienen respuesta aquí",
    "refusal.command_site_flag": "{flag} lo añade el sitio: quítalo",
    "refusal.command_quotes": (
        "la orden no se puede leer: unas comillas no están cerradas o una barra invertida "
        "la termina"
    ),
    "refusal.command_long": "la orden tiene {count} caracteres: {most} como máximo",
    "refusal.command_words": "una orden es una lista de palabras",
    # Discards and declarations the table refuses
    "refusal.discard_swap_call": (
        "{tile} no se puede descartar justo después de la llamada: el kuikae prohíbe descartar "
        "{kinds} ahora (estas reglas: swap_calling off)"
    ),
    "refusal.discard_after_riichi": (
        "tras el riichi solo se puede descartar la ficha recién robada ({drawn}), no {tile}"
    ),
    "refusal.kita_players": (
        "el kita (apartar el Norte) es una regla de las mesas de tres, y estas reglas sientan a "
        "{players} jugadores"
    ),
    "refusal.kita_off": (
        "estas reglas no tienen kita: el Norte solo se aparta en las mesas de tres que lo juegan "
        "(opción north_set_aside)"
    ),
    "refusal.kita_no_north": "el kita aparta una ficha Norte, y {tile} no lo es",
    "refusal.kita_after_riichi": (
        "tras el riichi solo se puede apartar el Norte recién robado, y la ficha robada es {drawn}"
    ),
    "refusal.kita_wall": (
        "el kita se repone desde la muralla muerta, y la muralla viva está vacía"
    ),
    "refusal.no_chow": (
        "el riichi de tres jugadores no tiene chow (chi): un descarte solo se reclama para pung, "
        "kong o victoria"
    ),
    "refusal.discard_missing_suit": (
        "descarte primero su palo ausente ({suit}): {tiles}; {tile} podrá salir cuando no quede "
        "ninguna"
    ),
    "refusal.riichi_not_ready_one": (
        "descartar {tile} deja la mano sin estar lista (a {count} ficha de estarlo); {instead}"
    ),
    "refusal.riichi_not_ready": (
        "descartar {tile} deja la mano sin estar lista (a {count} fichas de estarlo); {instead}"
    ),
    "refusal.riichi_with": "el riichi es posible descartando {tiles}",
    "refusal.riichi_no_discard": "ningún descarte deja esta mano lista",
    "refusal.uma_entries": "uma tiene {count} valores para {players} jugadores: uno por puesto",
    "refusal.option_range": "la opción {name} es un número entero de {low} a {high}, no {value}",
    "refusal.option_choice": "la opción {name} vale {choices}, a elegir, no {value}",
    "refusal.option_only": "la opción {name} solo puede valer {only} en esta mesa, no {value}",
    "refusal.option_type": "la opción {name} admite {expected}, no {value}",
    "refusal.option_item_range": (
        "cada valor de la opción {name} es un número entero de {low} a {high}, no {value}"
    ),
    "refusal.option_item_choice": (
        "cada valor de la opción {name} es a elegir {choices}, no {value}"
    ),
    "refusal.option_item_type": "cada valor de la opción {name} es {expected}, no {value}",
    "refusal.option_expect.bool": "true o false",
    "refusal.option_expect.int": "un número entero",
    "refusal.option_expect.int_none": "un número entero o none",
    "refusal.option_expect.float": "un número",
    "refusal.option_expect.str": "un texto",
    "refusal.option_expect.list": "una lista (NOMBRE=A,B,C)",
    "refusal.option_huge": "un número de {digits} cifras o más",
    "refusal.option_finite": "la opción {name} admite un número finito bajo 10^{digits}, no {text}",
    "refusal.options_type": "las opciones son una lista de textos NOMBRE=VALOR, no {type}",
    "refusal.option_type_of": "una opción es un texto NOMBRE=VALOR, no {type}",
    "refusal.min_above_limit": (
        "la opción min_fan ({minimum}) supera la opción limit ({limit}): ninguna mano podría ganar"
    ),
    "refusal.max_ron_winners": (
        "la opción max_ron_winners va de 1 a {most} con {players} jugadores, no {value}"
    ),
    "refusal.option_not_settable": "la opción {name} no se ajusta desde la línea de órdenes",
    "refusal.not_bonus": (
        "{tile} no es una ficha de bonificación: solo 1f-4f y 1g-4g se apartan"
    ),
    "refusal.bonus_twice": "la ficha de bonificación {tile} aparece dos veces: solo hay una",
    "refusal.no_flowers": (
        "fichas de bonificación {tiles} indicadas, pero esta mesa juega sin flores ni "
        "estaciones (opción flowers=false)"
    ),
    "refusal.bonus_win": (
        "la ficha ganadora {tile} es de bonificación: solo gana como séptima u octava ficha de "
        "bonificación entre las flores (opción bonus_tile_win)"
    ),
    "refusal.sichuan_honour": (
        "{tile} es un honor: el Sichuan se juega solo con las 108 fichas de los tres palos "
        "(m, p, s)"
    ),
    "refusal.melds_every_seat": (
        "las combinaciones toman fichas de todos los puestos de la mesa: uno de ellos es el de "
        "la mano"
    ),
    "refusal.more_than_four_seen": (
        "más de cuatro {tile} entre la mano, sus combinaciones y las fichas vistas"
    ),
    "refusal.seat_not_at_table_of": "el puesto {seat} no está en una mesa de {players} ({seats})",
    "refusal.discarder_is_winner": (
        "quien descarta es el ganador: una victoria con descarte necesita otro puesto"
    ),
    "refusal.generic": "esta entrada no se puede usar ({kind}): revise el campo {field}",
    "refusal.option_unknown_near": (
        "opción desconocida {name} para las reglas {rules}: ¿quiso decir {guess}?"
    ),
    "refusal.replay_special_lobby": "sala especial (fichas, ratio o reglas propias)",
    "refusal.records_none": (
        "no hay base de partidas en {path}: allí no se guardó ninguna partida"
    ),
    "refusal.records_folder": "no se puede crear la carpeta de partidas {folder}: {reason}",
    "refusal.records_no_folder": (
        "la carpeta de la base de partidas {path} no existe: crea primero {folder}, o elige "
        "otro --db"
    ),
    "refusal.records_is_folder": "{path} es una carpeta, no un archivo de base de partidas",
    "refusal.records_open": "no se puede abrir la base de partidas {path}: {reason}",
    "refusal.records_damaged": (
        "{path} no es una base de partidas utilizable ({reason}): está dañada o no es un "
        "archivo SQLite"
    ),
    "refusal.records_foreign": (
        "{path} es una base SQLite de otro programa, no partidas de mahjongkit: elige otro --db"
    ),
    "refusal.records_newer": (
        "{path} la escribió un mahjongkit más reciente (esquema {version}; esta versión lee "
        "hasta el {known}): actualice mahjongkit"
    ),
    "refusal.records_no_game": "no hay partida {id} en {path}",
    "refusal.sim_bot": "bot desconocido {bot}: se esperaba uno de {bots} o mjai:ORDEN",
    "refusal.sim_bot_count": (
        "{count} --bot para una mesa de {players} puestos: indique uno para todos los puestos, "
        "o {players}, uno por puesto"
    ),
    "refusal.sim_ray_missing": "--ray necesita Ray, un extra opcional: instale mahjongkit[ray]",
    "refusal.sim_ray_address": (
        "--ray {address}: una dirección de Ray es HOST:PUERTO (el GCS de un nodo principal, p. "
        "ej. 10.0.0.5:6379), ray://HOST:PUERTO (un servidor cliente de Ray) o auto"
    ),
    "refusal.sim_ray_timeout": "sin respuesta a tiempo",
    "refusal.sim_ray_unreachable": (
        "--ray {address}: ningún clúster Ray responde en {host}:{port} ({reason}); inicie uno "
        "con `ray start --head`, o indique --ray solo para una instancia local"
    ),
    "refusal.sim_ray_local": "--ray: la instancia local de Ray no arrancó: {why}",
    "refusal.sim_ray_join": "--ray {address}: no se unió a ningún clúster Ray: {why}",
    "refusal.sim_resume_other": (
        "{path}: la línea {line} no es una partida de esta simulación (otra semilla, variante, "
        "reglas o bots): --resume continúa la misma orden"
    ),
    "refusal.mjai_not_bot": "{spec} no es un bot mjai: se esperaba mjai:ORDEN",
    "refusal.mjai_split": "--bot {spec}: la orden no se puede dividir ({reason})",
    "refusal.mjai_no_command": (
        "--bot {spec}: mjai: necesita una orden, p. ej. mjai:'mibot {{seat}}'"
    ),
    "refusal.mjai_start": "puesto {seat}: no se puede iniciar {label}: {reason}",
    "refusal.no_such_program": "no existe ese programa",
    "refusal.log_encoding": "no es un registro de partida: ni XML, ni gzip, ni JSON en UTF-8",
    "refusal.log_empty": "el archivo está vacío",
    "refusal.log_begins": "no es un registro de partida: empieza por {start}",
    "refusal.log_first_line": "no es un registro de partida: la primera línea no es JSON",
    "refusal.log_start_game": (
        "no es un registro de partida: las líneas JSON empiezan por un evento start_game"
    ),
    "refusal.log_size": "{path}: más de {most} MB",
    "refusal.log_gzip": "un archivo gzip dañado: {reason}",
    "refusal.log_line_json": "línea {line}: no es JSON ({reason})",
    "refusal.log_line_game": "línea {line}: no es una partida (un objeto con sus eventos)",
    "refusal.log_line_replay": "línea {line}: la partida no se puede volver a jugar: {reason}",
}

REFUSALS: dict[str, dict[str, str]] = {"en": _EN, "fr": _FR, "es": _ES}
"""Why the library refuses an input, by language."""
