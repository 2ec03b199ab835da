"""Errors of agent runs, split by who reads them.

:class:`ToolError` is read by the model: it becomes the tool result and the run goes on.
The other classes end or refuse something the user asked for, and carry one sentence for the user.
"""

from __future__ import annotations

from collections.abc import Sequence

from mira_desktop.core.errors import ConflictError, InvalidInputError, MiraError


class ToolError(Exception):
    """A tool call that cannot be done as asked; ``str(error)`` tells the model why and what to do.

    ``kind`` is a short machine-readable reason (``not_found``, ``refused``, ``invalid_arguments``,
    ``too_large``, ``not_text``, ``no_match``, ``exists``) the UI may show as a badge.
    """

    def __init__(self, message: str, kind: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind


class InvalidWorkspaceRoot(InvalidInputError):  # noqa: N818 (named after what it says)
    """The folder cannot be a workspace: missing, not a folder, ``/``, the home folder or a system folder."""


class WorkspaceGone(MiraError):  # noqa: N818
    """The workspace folder was deleted or moved away while the run used it."""

    def __init__(self, path: str) -> None:
        super().__init__(
            f"The workspace folder {path} is gone (deleted or moved) — the run stopped before the next "
            "tool; restore the folder or bind the thread to another workspace, then continue."
        )
        self.path = path


class StaleProposal(ConflictError):  # noqa: N818
    """A file changed between the proposal (what the user approved) and its execution."""

    def __init__(self, paths: Sequence[str]) -> None:
        listed = ", ".join(paths)
        super().__init__(
            f"{listed} changed since the change was proposed, so the approval no longer matches the file; "
            "the change was not made and must be proposed again with a fresh diff."
        )
        self.paths = tuple(paths)


class UndoConflict(ConflictError):  # noqa: N818
    """Undo refused: files the run changed were changed again since (by the user or another program)."""

    def __init__(self, paths: Sequence[str]) -> None:
        listed = ", ".join(paths)
        super().__init__(
            f"Undo refused, nothing was restored: {listed} changed after the run wrote "
            f"{'it' if len(paths) == 1 else 'them'}. Undo those edits yourself first, or keep the files as they are."
        )
        self.paths = tuple(paths)


class SnapshotMissing(MiraError):  # noqa: N818
    """A snapshot needed to undo is missing or damaged in the data folder."""
