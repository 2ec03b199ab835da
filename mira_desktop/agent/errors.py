"""Errors of agent runs, split by who reads them.

:class:`ToolError` is read by the model: it becomes the tool result and the run goes on.
The other classes end or refuse something the user asked for, and carry one sentence for the user.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mira_desktop.core.errors import ConflictError, InvalidInputError, MiraError
from mira_desktop.core.phrases import Phrase, said


class ToolError(Exception):
    """A tool call that cannot be done as asked; ``str(error)`` tells the model why and what to do.

    ``kind`` is a short machine-readable reason (``not_found``, ``refused``, ``invalid_arguments``,
    ``too_large``, ``not_text``, ``no_match``, ``exists``) the UI may show as a badge. One made with
    :meth:`said` carries its phrase too, so the trace says it in the window's language.
    """

    phrase: Phrase | None = None

    def __init__(self, message: str, kind: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind

    @classmethod
    def said(cls, key: str, kind: str = "refused", /, **values: Any) -> ToolError:
        """The refusal whose text is the phrase ``key`` of ``core.phrases`` (the model reads the English)."""
        phrase = said(key, **values)
        error = cls(phrase.english, kind)
        error.phrase = phrase
        return error


class InvalidWorkspaceRoot(InvalidInputError):  # noqa: N818 (named after what it says)
    """The folder cannot be a workspace: missing, not a folder, ``/``, the home folder or a system folder."""


class WorkspaceGone(MiraError):  # noqa: N818
    """The workspace folder was deleted or moved away while the run used it."""

    def __init__(self, path: str) -> None:
        self.phrase = said("agent.workspace_gone", path=path)
        super().__init__(self.phrase.english)
        self.path = path


class StaleProposal(ConflictError):  # noqa: N818
    """A file changed between the proposal (what the user approved) and its execution."""

    phrase: Phrase  # always said

    def __init__(self, paths: Sequence[str]) -> None:
        self.phrase = said("agent.stale_proposal", paths=", ".join(paths))
        super().__init__(self.phrase.english)
        self.paths = tuple(paths)


class UndoConflict(ConflictError):  # noqa: N818
    """Undo refused: files the run changed were changed again since (by the user or another program)."""

    def __init__(self, paths: Sequence[str]) -> None:
        key = "agent.undo_conflict_one" if len(paths) == 1 else "agent.undo_conflict"
        self.phrase = said(key, paths=", ".join(paths))
        super().__init__(self.phrase.english)
        self.paths = tuple(paths)


class SnapshotMissing(MiraError):  # noqa: N818
    """A snapshot needed to undo is missing or damaged in the data folder."""
