"""The sentences of the learning site's course path, calculator, tiles and tools, in English,
French and Spanish (keys ``learn.*``).

They join the same tables as every other sentence (:data:`mahjongkit.i18n.messages.MESSAGES`)
on the first lookup of one of their keys.
"""

from __future__ import annotations

_EN = {
    "learn.drills.failed": "The practice questions could not be loaded.",
    "learn.drills.retry": "Try again",
}

_FR = {
    "learn.drills.failed": "Les questions d’entraînement n’ont pas pu être chargées.",
    "learn.drills.retry": "Réessayer",
}

_ES = {
    "learn.drills.failed": "No se pudieron cargar las preguntas de práctica.",
    "learn.drills.retry": "Reintentar",
}

LEARN: dict[str, dict[str, str]] = {"en": _EN, "fr": _FR, "es": _ES}
"""The course path's, calculator's and tools' sentences, by language."""
