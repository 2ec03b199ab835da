"""The error a character card file that cannot be imported raises."""

from __future__ import annotations

from typing import Any, TypeVar

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.phrases import Phrase, said

C = TypeVar("C", bound="CardError")


class CardError(InvalidInputError):
    """The file is not a character card Mira can import; nothing was saved.

    The message names the file part or field and the reason, e.g. ``the ccv3 chunk is not valid
    base64``; ``why`` is that reason as a phrase when it was made with :meth:`said`.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(f"Cannot import the card: {reason}; nothing was saved.")
        self.reason = reason
        self.why: Phrase | str = reason

    @classmethod
    def said(cls: type[C], key: str, /, **values: Any) -> C:
        """The error whose reason is the phrase ``key``, inside "Cannot import the card: …"."""
        why = said(key, **values)
        error = cls(why.english)
        error.why = why
        error.phrase = said("cards.failed", reason=why)
        return error
