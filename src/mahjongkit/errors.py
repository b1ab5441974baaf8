"""Typed errors of mahjongkit.

Every error a user can provoke is one of these, with a message that names the offending tile or
count and the rule that was broken. Surfaces translate them; nothing else needs to be caught.
"""

from __future__ import annotations


class MahjongError(ValueError):
    """Base class of every error mahjongkit raises on bad input."""

    code: str = "invalid"


class NotationError(MahjongError):
    """A tile, hand or meld string (mpsz, mjai, tenhou, Unicode) could not be parsed."""

    code = "notation"


class InvalidHandError(MahjongError):
    """Tiles that parse but cannot form a legal hand (a fifth copy, a wrong size, a bad meld)."""

    code = "invalid_hand"


class IllegalActionError(MahjongError):
    """An action the rules do not allow at this point of the game; the state is unchanged."""

    code = "illegal_action"

    def __init__(self, message: str, rule: str | None = None, reason: str | None = None) -> None:
        super().__init__(f"{message} [{rule}]" if rule else message)
        self.rule = rule
        self.reason = message if reason is None else reason
        """Why, without the rule's tag (and, when the rules gave one, the reason alone): a
        :class:`~mahjongkit.i18n.Sentence` where the refusal can be said in every language."""


class OptionValueError(NotationError):
    """A rule option set to a value of the wrong type or out of its documented range (see
    :mod:`mahjongkit.options`). A notation error to its readers (same ``code``): the option
    is written wrong, whichever surface it came from."""
