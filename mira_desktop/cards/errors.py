"""The error a character card file that cannot be imported raises."""

from __future__ import annotations

from mira_desktop.core.errors import InvalidInputError


class CardError(InvalidInputError):
    """The file is not a character card Mira can import; nothing was saved.

    The message names the file part or field and the reason, e.g. ``the ccv3 chunk is not valid
    base64``.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(f"Cannot import the card: {reason}; nothing was saved.")
        self.reason = reason
