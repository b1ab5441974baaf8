"""The names of the Sichuan patterns, one table per language (by stable pattern id).

Chinese names are those of the Sichuan rule books; French and Spanish follow the source
documents of ``RULES-sichuan.md``.
"""

from __future__ import annotations

ZH: dict[str, str] = {
    "simple": "平胡",
    "all_pungs": "對對胡",
    "pure_suit": "清一色",
    "terminals_everywhere": "全帶么",
    "seven_pairs": "七對",
    "dragon_seven_pairs": "龍七對",
    "two_five_eight": "將對",
    "golden_hook": "金鉤釣",
    "root": "根",
    "kong_flower": "槓上開花",
    "kong_discard": "槓上炮",
    "robbing_kong": "搶槓胡",
    "last_tile_draw": "海底撈月",
    "last_discard": "海底炮",
    "self_draw_fan": "自摸加番",
    "heavenly": "天胡",
    "earthly": "地胡",
    "men_qing": "門清",
    "zhong_zhang": "中張",
}

EN: dict[str, str] = {
    "simple": "Simple hand",
    "all_pungs": "All pungs",
    "pure_suit": "Pure suit",
    "terminals_everywhere": "Terminals everywhere",
    "seven_pairs": "Seven pairs",
    "dragon_seven_pairs": "Dragon seven pairs",
    "two_five_eight": "2-5-8 pungs",
    "golden_hook": "Golden hook",
    "root": "Root",
    "kong_flower": "Win on a kong replacement",
    "kong_discard": "Discard after a kong",
    "robbing_kong": "Robbing a kong",
    "last_tile_draw": "Last tile drawn",
    "last_discard": "Last discard",
    "self_draw_fan": "Self-draw bonus fan",
    "heavenly": "Heavenly hand",
    "earthly": "Earthly hand",
    "men_qing": "Concealed hand",
    "zhong_zhang": "No terminals",
}

FR: dict[str, str] = {
    "simple": "Main simple",
    "all_pungs": "Que des pungs",
    "pure_suit": "Couleur pure",
    "terminals_everywhere": "Terminales partout",
    "seven_pairs": "Sept paires",
    "dragon_seven_pairs": "Sept paires du dragon",
    "two_five_eight": "Pungs de 2-5-8",
    "golden_hook": "Hameçon d’or",
    "root": "Racine",
    "kong_flower": "Victoire après un kong",
    "kong_discard": "Défausse après un kong",
    "robbing_kong": "Voler un kong",
    "last_tile_draw": "Dernière tuile piochée",
    "last_discard": "Dernière défausse",
    "self_draw_fan": "Bonus de pioche",
    "heavenly": "Main céleste",
    "earthly": "Main terrestre",
    "men_qing": "Main cachée",
    "zhong_zhang": "Sans terminales",
}

ES: dict[str, str] = {
    "simple": "Mano simple",
    "all_pungs": "Todo pungs",
    "pure_suit": "Palo puro",
    "terminals_everywhere": "Terminales en todo",
    "seven_pairs": "Siete parejas",
    "dragon_seven_pairs": "Siete parejas del dragón",
    "two_five_eight": "Pungs de 2-5-8",
    "golden_hook": "Anzuelo de oro",
    "root": "Raíz",
    "kong_flower": "Victoria tras un kong",
    "kong_discard": "Descarte tras un kong",
    "robbing_kong": "Robar un kong",
    "last_tile_draw": "Última ficha robada",
    "last_discard": "Último descarte",
    "self_draw_fan": "Bonificación por robo",
    "heavenly": "Mano celestial",
    "earthly": "Mano terrenal",
    "men_qing": "Mano cerrada",
    "zhong_zhang": "Sin terminales",
}

NAMES: dict[str, dict[str, str]] = {"zh": ZH, "en": EN, "fr": FR, "es": ES}
"""Every language's table, by language code."""
