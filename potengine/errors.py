"""The errors potengine raises.

Every error is a :class:`ValueError` subclass, raised *before* any chip moves, and its message
names what is wrong: the player, the card or the amount.

>>> from potengine.errors import InputError
>>> issubclass(InputError, ValueError)
True

An error's message is English (``str(err)``); one written with :func:`said` remembers how it was
made and can be said in Dutch, German or Greek too (:meth:`PotEngineError.in_language`, through
the catalogues of :mod:`potengine.i18n`). The values are filled in as given (amounts and names
already written as they should appear), so that every language names the same player and amount:

>>> err = InputError(said("a rake of {amount} is more than the pots hold ({total})",
...                       amount="30", total="25"))
>>> str(err)
'a rake of 30 is more than the pots hold (25)'
>>> err.in_language("de")
'ein Rake von 30 ist mehr, als die Pots enthalten (25)'

A value may itself be said (a phrase such as "the rake cap" that names what is wrong): it is then
said in the same language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class Said(str):
    """An English message made by :func:`said`: its text, with the template and the values it
    was made from (:attr:`template`, :attr:`values`) to say it again in another language."""

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, values: dict[str, Any]) -> Said:
        made = super().__new__(cls, template.format(**values) if values else template)
        made.template = template
        made.values = values
        return made

    def __reduce__(self) -> tuple[Any, ...]:  # pickled whole (errors cross process boundaries)
        return (Said, (self.template, self.values))

    def in_language(self, language: str) -> str:
        """This message in ``language`` ("en", "nl", "de", "el")."""
        if language == "en":
            return str(self)
        from .i18n import words  # here: raising an error never loads gettext

        values = {k: v.in_language(language) if isinstance(v, Said) else v for k, v in self.values.items()}
        return words(language)(self.template, **values)


def said(template: str, /, **values: Any) -> Said:
    """An error message to be said in every language: ``template`` is the English sentence with
    named placeholders (the catalogues' message id: ``tools/messages.py`` finds every literal
    ``said("...")``), ``values`` fill them in.

    >>> said("{player} is not at the table", player="'Zoë'")
    "'Zoë' is not at the table"
    """
    return Said(template, values)


def listed(names: Sequence[str]) -> str:
    """Names listed the way the error's language lists them: ``A``, ``A and B``, ``A, B and C``
    (said, with the catalogues' "and").

    >>> listed(["Alice"]), listed(["Alice", "Bilal", "Chloé"]).in_language("de")
    ('Alice', 'Alice, Bilal und Chloé')
    """
    if len(names) <= 1:
        return "".join(names)
    return said("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def joined(parts: Sequence[str], separator: str = ", ") -> str:
    """``parts`` joined by ``separator``, each said in the error's language when it is said
    (a list of pot names, say).

    >>> joined([said("Main pot"), said("Side pot {number}", number=1)]).in_language("de")
    'Hauptpot, Nebenpot 1'
    """
    if not any(isinstance(part, Said) for part in parts):
        return separator.join(parts)
    values = {f"part{i}": part for i, part in enumerate(parts)}
    return Said(separator.replace("{", "{{").replace("}", "}}").join("{" + k + "}" for k in values), values)


def message_of(err: BaseException) -> str:
    """The message of ``err`` as it was made: its :class:`Said` when it was said (to be said
    again inside another message, in the same language), else its text.

    >>> message_of(ValueError("plain")), message_of(InputError(said("{n} runs", n=3))).template
    ('plain', '{n} runs')
    """
    if len(err.args) == 1 and isinstance(err.args[0], Said):
        return err.args[0]
    return str(err)


class PotEngineError(ValueError):
    """Base class of every error potengine raises on bad input or an illegal action."""

    def in_language(self, language: str) -> str:
        """The message in ``language`` ("en", "nl", "de", "el"): English for a message not
        written with :func:`said` (it has no translation), else its translation.

        >>> PotEngineError("plain").in_language("nl")
        'plain'
        """
        message = self.args[0] if len(self.args) == 1 else None
        if language == "en" or not isinstance(message, Said):
            return str(self)
        return message.in_language(language)


class InputError(PotEngineError):
    """Input to a settlement is malformed: an amount, a player, a ranking, the button or the chip."""


class CardError(PotEngineError):
    """A card is malformed, duplicated or impossible (names the card)."""


class IllegalActionError(PotEngineError):
    """An action breaks the betting rules (names the player and the rule); the hand is unchanged."""


class HandHistoryError(PotEngineError):
    """A hand history cannot be read (names the hand ID and the line)."""

    # Set by the reader where it knows them; None for an error about a whole file or hand.
    hand_id: str | None = None
    line_number: int | None = None
    line: str | None = None


class IllegalHandHistoryError(IllegalActionError, HandHistoryError):
    """A hand history holds an action the rules forbid (names the hand, the action line and the
    rule): both an :class:`IllegalActionError` and a :class:`HandHistoryError`.

    >>> issubclass(IllegalHandHistoryError, IllegalActionError)
    True
    >>> issubclass(IllegalHandHistoryError, HandHistoryError)
    True
    """
