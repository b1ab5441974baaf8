"""The sentence tables. Each language maps the same stable keys to a template.

Variants add their own keys here (one block per variant) so that every sentence of the product
is in one place per language.
"""

from __future__ import annotations

_EN = {
    "score.hand": "Hand: {hand}",
    "score.pattern": "{name}: {value} {unit}",
    "score.pattern_count": "{name} ×{count}: {value} {unit}",
    "score.replaced": "  ({replaced} not counted: included in {name})",
    "score.total_han_fu": "Total: {han} han {fu} fu",
    "score.total_fan": "Total: {fan} fan",
    "score.capped": "Capped at {cap} fan (raw {raw})",
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
}

_FR = {
    "score.hand": "Main : {hand}",
    "score.pattern": "{name} : {value} {unit}",
    "score.pattern_count": "{name} ×{count} : {value} {unit}",
    "score.replaced": "  ({replaced} non compté : inclus dans {name})",
    "score.total_han_fu": "Total : {han} han {fu} fu",
    "score.total_fan": "Total : {fan} fan",
    "score.capped": "Plafonné à {cap} fan ({raw} avant plafond)",
    "score.limit": "Limite : {limit}",
    "score.points": "Points : {points}",
    "score.payment_in": "{seat} reçoit {amount}",
    "score.payment_out": "{seat} paie {amount}",
    "score.line": "{payer} → {payee} : {amount} ({reason})",
    "score.fu_header": "Fu :",
    "score.fu_item": "  {reason} : {fu}",
    "score.fu_rounded": "  arrondi au-dessus : {fu}",
    "score.invalid": "Pas de victoire ({code}) : {message}",
    "seat.E": "Est",
    "seat.S": "Sud",
    "seat.W": "Ouest",
    "seat.N": "Nord",
}

_ES = {
    "score.hand": "Mano: {hand}",
    "score.pattern": "{name}: {value} {unit}",
    "score.pattern_count": "{name} ×{count}: {value} {unit}",
    "score.replaced": "  ({replaced} no cuenta: incluido en {name})",
    "score.total_han_fu": "Total: {han} han {fu} fu",
    "score.total_fan": "Total: {fan} fan",
    "score.capped": "Limitado a {cap} fan ({raw} sin límite)",
    "score.limit": "Límite: {limit}",
    "score.points": "Puntos: {points}",
    "score.payment_in": "{seat} recibe {amount}",
    "score.payment_out": "{seat} paga {amount}",
    "score.line": "{payer} → {payee}: {amount} ({reason})",
    "score.fu_header": "Fu:",
    "score.fu_item": "  {reason}: {fu}",
    "score.fu_rounded": "  redondeado: {fu}",
    "score.invalid": "No es una victoria ({code}): {message}",
    "seat.E": "Este",
    "seat.S": "Sur",
    "seat.W": "Oeste",
    "seat.N": "Norte",
}

_JA = {
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
}

_ZH = {
    "score.hand": "手牌：{hand}",
    "score.total_fan": "合計：{fan} 番",
    "score.capped": "封頂 {cap} 番（原 {raw} 番）",
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
}

MESSAGES: dict[str, dict[str, str]] = {"en": _EN, "fr": _FR, "es": _ES, "ja": _JA, "zh": _ZH}
