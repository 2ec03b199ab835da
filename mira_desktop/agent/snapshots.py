"""Snapshots of what a run changed, and undoing a run byte for byte.

Before a change is made, the previous content of every file it touches is stored under the
caller's folder (Mira's data folder), named by its sha256, written atomically. A run's changes are
plain :class:`FileChange` records (path, before, after), so undo works from data alone, in a later
process too: it first checks that every file still has the state the run left, and refuses,
listing the files, when one was changed since; then it walks the changes backwards.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mira_desktop.agent.errors import SnapshotMissing, ToolError, UndoConflict
from mira_desktop.agent.files.changes import FileChange
from mira_desktop.agent.files.root import WorkspaceRoot
from mira_desktop.agent.files.states import DIRECTORY
from mira_desktop.core.fileio import write_atomically
from mira_desktop.core.phrases import Phrase, joined, said


class SnapshotStore:
    """Content-addressed blobs: ``<folder>/<sha256[:2]>/<sha256>``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, digest: str) -> Path:
        if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
            raise SnapshotMissing.said("agent.snapshot.bad_name", digest=digest)
        return self.folder / digest[:2] / digest

    def save(self, data: bytes) -> str:
        """Store ``data`` (once: the same content is one blob) and return its sha256."""
        digest = hashlib.sha256(data).hexdigest()
        target = self._path(digest)
        if not self.has(digest):
            write_atomically(target, data)
        return digest

    def has(self, digest: str) -> bool:
        path = self._path(digest)
        return path.is_file() and hashlib.sha256(path.read_bytes()).hexdigest() == digest

    def load(self, digest: str) -> bytes:
        try:
            data = self._path(digest).read_bytes()
        except OSError as exc:
            raise SnapshotMissing.said(
                "agent.snapshot.missing", digest=digest[:12], folder=self.folder
            ) from exc
        if hashlib.sha256(data).hexdigest() != digest:
            raise SnapshotMissing.said("agent.snapshot.damaged", digest=digest[:12], folder=self.folder)
        return data


@dataclass(frozen=True)
class UndoReport:
    restored: tuple[str, ...]  # files written back to their earlier content
    deleted: tuple[str, ...]  # files (and folders) the run had created
    recreated_folders: tuple[str, ...] = ()
    kept_folders: tuple[str, ...] = ()  # folders the run made that hold other files now

    @property
    def paths(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys((*self.restored, *self.deleted, *self.recreated_folders)))

    def summary(self) -> str:
        return self.said().english

    def said(self) -> Phrase:
        """What undo did, in one sentence."""
        parts: list[Phrase | str] = []
        if self.restored:
            parts.append(said("agent.undo.restored", files=", ".join(self.restored)))
        if self.deleted:
            parts.append(said("agent.undo.removed", files=", ".join(self.deleted)))
        if self.recreated_folders:
            parts.append(said("agent.undo.recreated", folders=", ".join(self.recreated_folders)))
        if self.kept_folders:
            parts.append(said("agent.undo.kept", folders=", ".join(self.kept_folders)))
        return said("agent.undo.summary", parts=joined(parts)) if parts else said("agent.undo.nothing")


def undo(root: WorkspaceRoot, store: SnapshotStore, changes: Sequence[FileChange]) -> UndoReport:
    """Put every path back as it was before the run, newest change first.

    Raises:
        UndoConflict: a file's current state is not what the run left (listing every such file);
            nothing was restored.
        SnapshotMissing: a needed snapshot is gone or damaged; nothing was restored.
        ToolError: the file system refused a step. Each step is atomic and paths already back as
            they were are skipped, so undo can simply be run again once the cause is fixed.
    """
    initial, pending = _paths_to_undo(root, changes)
    changes = [change for change in changes if change.path in pending]
    for change in changes:  # check every snapshot before touching the first file
        if change.before not in (None, DIRECTORY) and not store.has(str(change.before)):
            raise SnapshotMissing.said("agent.snapshot.missing_for", path=change.path, folder=store.folder)
    kept: list[str] = []
    for change in reversed(changes):
        try:
            _restore(root, store, change)
        except ToolError as exc:
            if exc.kind != "exists":  # only a folder that holds other files now is kept
                raise
            kept.append(change.path)
    undone = [path for path in pending if path not in kept]
    return UndoReport(
        restored=tuple(p for p in undone if initial[p] not in (None, DIRECTORY)),
        deleted=tuple(p for p in undone if initial[p] is None),
        recreated_folders=tuple(p for p in undone if initial[p] == DIRECTORY),
        kept_folders=tuple(kept),
    )


def _paths_to_undo(
    root: WorkspaceRoot, changes: Sequence[FileChange]
) -> tuple[dict[str, str | None], list[str]]:
    """Each path's state before the run, and the paths still to put back (in first-change order).

    A path already back in its earlier state is skipped (an undo that stopped half-way, run again);
    one in any state but the run's last is a conflict.
    """
    initial: dict[str, str | None] = {}
    final: dict[str, str | None] = {}
    for change in changes:
        initial.setdefault(change.path, change.before)
        final[change.path] = change.after  # the last change of a path wins
    pending: list[str] = []
    conflicts: list[str] = []
    for path, state in final.items():
        now = _state_or_conflict(root, path)
        if now == initial[path]:
            continue
        (pending if now == state else conflicts).append(path)
    if conflicts:
        raise UndoConflict(conflicts)
    return initial, pending


def _state_or_conflict(root: WorkspaceRoot, path: str) -> str | None:
    try:
        return root.state(path)
    except ToolError:
        return "unreadable"  # a symlink or special file now stands there: not what the run left


def _restore(root: WorkspaceRoot, store: SnapshotStore, change: FileChange) -> None:
    """Turn ``change.after`` back into ``change.before`` for one path."""
    if change.after == DIRECTORY and change.before is None:
        root.remove_empty_dir(change.path)
    elif change.before is None:
        if change.after is not None:
            root.delete(change.path)
    elif change.before == DIRECTORY:
        if change.after is None:
            root.make_dir(change.path)
    else:
        root.write_bytes(change.path, store.load(change.before))
