"""How each kind of object goes to the trash and comes back: threads, roles and workspaces.

(Documents and knowledge bases are the knowledge service's: ``services/knowledge/trash.py``, which
uses the thread helpers here.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from mira_desktop.core.changes import Topic
from mira_desktop.core.errors import ConflictError, NotFoundError
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.services.trash.service import Moved
from mira_desktop.store.database import Database, Row
from mira_desktop.store.trash import TrashRepository, TrashRow

Binding = Literal["role", "workspace", "knowledge_base"]  # what a thread is bound to (a phrase key's end)

BUSY = ("running", "waiting_approval")


def _live_row(trash: TrashRepository, kind: str, object_id: str, noun: str, hint: str) -> Row:
    row = trash.row(kind, object_id)
    if row is None or row.get("trashed_at"):
        raise NotFoundError.said("trash.no_object", noun=noun, object_id=object_id, hint=hint)
    return row


def refuse_if_busy(db: Database, where: str, value: str, what: Phrase) -> None:
    row = db.one(
        f"SELECT count(*) AS n FROM runs WHERE status IN {BUSY} AND thread_id IN (SELECT id FROM threads WHERE {where} = ?)",
        (value,),
    )
    if row is not None and int(row["n"]):
        raise ConflictError.said("trash.busy", what=what)


def unbind_threads(db: Database, column: str, object_id: str) -> list[str]:
    """Cut the binding of every thread (trashed ones too) to the object; returns their ids."""
    bound = [r["id"] for r in db.query(f"SELECT id FROM threads WHERE {column} = ?", (object_id,))]
    db.execute(f"UPDATE threads SET {column} = NULL WHERE {column} = ?", (object_id,))
    return bound


def rebind_threads(
    db: Database, column: str, object_id: str, thread_ids: list[str], binding: Binding
) -> list[Phrase]:
    """Bind the threads back where nothing else took the binding; a sentence for each of the others."""
    gone, rebound_elsewhere = 0, []
    for thread_id in thread_ids:
        row = db.one(f"SELECT title, {column} AS bound FROM threads WHERE id = ?", (thread_id,))
        if row is None:
            gone += 1
        elif row["bound"] is None:
            db.execute(f"UPDATE threads SET {column} = ? WHERE id = ?", (object_id, thread_id))
        elif row["bound"] != object_id:
            rebound_elsewhere.append(row["title"] or thread_id)
    notes = [said("trash.threads_gone", count=gone)] if gone else []
    notes += [said(f"trash.kept_other_{binding}", title=title) for title in rebound_elsewhere]
    return notes


class ThreadTrash:
    kind = "thread"
    topic = Topic.THREADS

    def __init__(self, database: Database, trash: TrashRepository, purge: Callable[[str], object]) -> None:
        self._db = database
        self._trash = trash
        self._purge = purge

    def move(self, object_id: str) -> Moved:
        row = _live_row(self._trash, "thread", object_id, "thread", "mira threads list")
        refuse_if_busy(self._db, "id", object_id, said("trash.busy.thread"))
        detail = {k: row[k] for k in ("role_id", "knowledge_base_id", "workspace_id") if row[k]}
        return Moved(row["title"] or "(untitled)", detail)

    def restore(self, entry: TrashRow) -> list[Phrase]:
        row = self._trash.row("thread", entry.object_id) or {}
        notes = []
        binding: Binding
        for column, kind, binding in (
            ("role_id", "role", "role"),
            ("workspace_id", "workspace", "workspace"),
            ("knowledge_base_id", None, "knowledge_base"),
        ):
            wanted = entry.detail.get(column)
            if not wanted or row.get(column) == wanted:
                continue
            other = self._trash.row(kind, wanted) if kind else None
            if other is not None and other.get("trashed_at"):
                notes.append(said(f"trash.binding_in_trash_{binding}", name=other.get("name")))
            else:
                notes.append(said(f"trash.binding_gone_{binding}"))
        return notes

    def after_restore(self, entry: TrashRow) -> None:
        return None

    def purge(self, entry: TrashRow) -> None:
        self._purge(entry.object_id)


class RoleTrash:
    kind = "role"
    topic = Topic.ROLES

    def __init__(self, database: Database, trash: TrashRepository, purge: Callable[[str], object]) -> None:
        self._db = database
        self._trash = trash
        self._purge = purge

    def move(self, object_id: str) -> Moved:
        row = _live_row(self._trash, "role", object_id, "role", "mira roles list")
        refuse_if_busy(self._db, "role_id", object_id, said("trash.busy.role", name=row["name"]))
        return Moved(
            row["name"], {"threads": unbind_threads(self._db, "role_id", object_id)}, (Topic.THREADS,)
        )

    def restore(self, entry: TrashRow) -> list[Phrase]:
        return rebind_threads(
            self._db, "role_id", entry.object_id, list(entry.detail.get("threads", [])), "role"
        )

    def after_restore(self, entry: TrashRow) -> None:
        return None

    def purge(self, entry: TrashRow) -> None:
        self._purge(entry.object_id)


class WorkspaceTrash:
    kind = "workspace"
    topic = Topic.WORKSPACES

    def __init__(
        self,
        database: Database,
        trash: TrashRepository,
        purge: Callable[[str], object],
        restore_thread: Callable[[str], object] | None = None,
    ) -> None:
        self._db = database
        self._trash = trash
        self._purge = purge
        self._restore_thread = restore_thread  # the threads that went to the trash with the project

    def move(self, object_id: str) -> Moved:
        row = _live_row(self._trash, "workspace", object_id, "workspace", "mira workspaces list")
        if row["is_default"]:
            raise ConflictError.said("workspace.default_kept", name=row["name"])
        refuse_if_busy(self._db, "workspace_id", object_id, said("trash.busy.workspace", name=row["name"]))
        detail = {
            "threads": unbind_threads(self._db, "workspace_id", object_id),
            "root_path": row["root_path"],
        }
        return Moved(row["name"], detail, (Topic.THREADS,))

    def restore(self, entry: TrashRow) -> list[Phrase]:
        row = self._db.one(
            "SELECT name FROM workspaces WHERE root_path = ? AND root_path != '' AND id != ? AND trashed_at IS NULL",
            (entry.detail.get("root_path"), entry.object_id),
        )
        if row is not None:
            raise ConflictError.said("trash.folder_taken", label=entry.label, name=row["name"])
        return rebind_threads(
            self._db, "workspace_id", entry.object_id, list(entry.detail.get("threads", [])), "workspace"
        )

    def after_restore(self, entry: TrashRow) -> None:
        for thread_id in entry.detail.get("trashed_threads", []):  # deleted with it: back with it
            row = self._trash.row("thread", thread_id)
            if row is not None and row.get("trashed_at") and self._restore_thread is not None:
                self._restore_thread(thread_id)

    def purge(self, entry: TrashRow) -> None:
        self._purge(entry.object_id)
