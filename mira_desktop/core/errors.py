"""Errors split by who must act.

:class:`MiraError` and its subclasses are problems of the environment or of the user's input: they
carry one sentence that says what is wrong and how to fix it, and are shown as they are. Any other
exception is our own bug and gets a crash report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # imported when a phrase is made: this module loads before the window's first paint
    from mira_desktop.core.phrases import Phrase

E = TypeVar("E", bound="MiraError")


class MiraError(Exception):
    """A problem the user can act on; ``str(error)`` is the one-line message to show.

    Exit codes of the `mira` command (README): 1 the data folder or database cannot be used, 2 bad
    input, 3 not found, 4 not allowed in this state, 5 a model or server failed.

    One made with :meth:`said` also carries its :class:`~mira_desktop.core.phrases.Phrase`, so the
    window can say it in its own language; ``str(error)`` stays the English sentence.
    """

    exit_code = 2
    phrase: Phrase | None = None

    @classmethod
    def said(cls: type[E], key: str, **values: Any) -> E:
        """The error whose message is the phrase ``key`` of ``core.phrases`` with ``values``."""
        from mira_desktop.core.phrases import Phrase

        phrase = Phrase(key, values)
        error = cls(phrase.english)
        error.phrase = phrase
        return error


class DataFolderError(MiraError):
    """The data folder cannot be used (not writable, not a folder, …)."""

    exit_code = 1


class DatabaseError(MiraError):
    """The database file cannot be opened (corrupt, not a database)."""

    exit_code = 1


class DatabaseTooNewError(DatabaseError):
    """The database was written by a newer Mira than this one."""

    def __init__(self, path: str, found: int, known: int) -> None:
        super().__init__(
            f"The database {path} has schema version {found}, but this Mira knows only up to "
            f"version {known}: update Mira to open it (the file was not changed)."
        )
        self.found = found
        self.known = known


class NotFoundError(MiraError):
    """A referenced object does not exist."""

    exit_code = 3


class InvalidInputError(MiraError):
    """The input is malformed or out of range; nothing was changed."""

    exit_code = 2


class ConflictError(MiraError):
    """The action is not allowed in the current state (e.g. deleting Mira BASE)."""

    exit_code = 4
