"""Errors split by who must act.

:class:`MiraError` and its subclasses are problems of the environment or of the user's input: they
carry one sentence that says what is wrong and how to fix it, and are shown as they are. Any other
exception is our own bug and gets a crash report.
"""

from __future__ import annotations

from typing import Any, TypeVar

from mira_desktop.core.phrases import Phrase, said

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
    def said(cls: type[E], key: str, /, **values: Any) -> E:
        """The error whose message is the phrase ``key`` of ``core.phrases`` with ``values``."""
        phrase = said(key, **values)
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
        phrase = said("app.database_too_new", path=path, found=found, known=known)
        super().__init__(phrase.english)
        self.phrase = phrase  # the window says it in its language (it refuses to start with it)
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


class InternalError(MiraError):
    """Our own bug, already reported: the sentence names the crash report that holds its details.

    Made by the runner that caught the bug (:meth:`mira_desktop.core.tasks.TaskRunner.save_crash_report`),
    so what the window or a record shows is a sentence like any other, with the report's path in it;
    the bug itself is the ``__cause__`` and its traceback is in ``details``.
    """

    exit_code = 70
    details = ""

    @classmethod
    def reported(cls, bug: BaseException, path: str | None) -> InternalError:
        """The error that says ``bug`` happened and where its crash report is (None: none could be saved)."""
        import traceback

        what = f"{type(bug).__name__}: {bug}"
        if path:
            error = cls.said("internal.saved", error=what, path=path)
        else:
            error = cls.said("internal.unsaved", error=what)
        error.__cause__ = bug
        error.details = "".join(traceback.format_exception(type(bug), bug, bug.__traceback__))
        return error
