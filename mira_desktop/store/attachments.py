"""Attachment rows: content-addressed files, what refers to them (messages, composer drafts), and
which of them nothing has referred to for a while.

A file is held by a draft (``attachment_drafts``, one per draft key) until its message is sent, then
by the message (``attachment_refs``); both cascade from their message or thread. Every write joins
the caller's transaction, so a send moves the draft's hold to the message in the same commit that
writes the message.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field
from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.store.database import Database, Row
from mira_desktop.store.rows import dumps, loads


@dataclass(frozen=True)
class StoredAttachment:
    id: str
    sha256: str
    name: str  # the name it was first added under (a message's own name is on its reference)
    mime: str
    size_bytes: int
    path: str  # relative to the attachments folder
    created_at: str
    released_at: str | None = None  # when the last reference went away
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class AttachmentUse:
    attachment: StoredAttachment
    messages: int  # messages that carry it
    drafts: int  # composer drafts that hold it


class DraftTakenError(Exception):
    """The draft already holds a file (one file per message)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class DraftGoneError(Exception):
    """The draft holds no file any more (removed, or collected after being discarded)."""


def _attachment(row: Row) -> StoredAttachment:
    return StoredAttachment(
        id=row["id"],
        sha256=row["sha256"],
        name=row["name"],
        mime=row["mime"],
        size_bytes=int(row["size_bytes"]),
        path=row["path"],
        created_at=row["created_at"],
        released_at=row.get("released_at"),
        detail=loads(row.get("detail_json"), {}),
    )


_UNREFERENCED = (
    "NOT EXISTS (SELECT 1 FROM attachment_refs r WHERE r.attachment_id = a.id) "
    "AND NOT EXISTS (SELECT 1 FROM attachment_drafts d WHERE d.attachment_id = a.id)"
)


class AttachmentRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def get(self, attachment_id: str) -> StoredAttachment | None:
        row = self._db.one("SELECT * FROM attachments WHERE id = ?", (attachment_id,))
        return None if row is None else _attachment(row)

    def hold_in_draft(
        self,
        *,
        draft_key: str,
        thread_id: str | None,
        sha256: str,
        name: str,
        mime: str,
        size_bytes: int,
        path: str,
        detail: dict[str, Any],
    ) -> StoredAttachment:
        """The file's row (made, or found by its hash) held by ``draft_key``; raises
        :class:`DraftTakenError` when that draft holds a file already."""
        now = now_iso()
        with self._db.transaction():
            taken = self._db.one("SELECT name FROM attachment_drafts WHERE draft_key = ?", (draft_key,))
            if taken is not None:
                raise DraftTakenError(str(taken["name"]))
            self._db.execute(
                "INSERT INTO attachments (id, sha256, name, mime, size_bytes, path, created_at, detail_json) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING",
                (new_id("attachment"), sha256, name, mime, size_bytes, path, now, dumps(detail)),
            )
            row = self._db.one("SELECT * FROM attachments WHERE sha256 = ?", (sha256,))
            assert row is not None
            self._db.execute(
                "INSERT INTO attachment_drafts (draft_key, attachment_id, thread_id, name, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (draft_key, row["id"], thread_id, name, now),
            )
            return _attachment(row)

    def draft(self, draft_key: str) -> tuple[StoredAttachment, str] | None:
        """The file ``draft_key`` holds, and the name it has there."""
        row = self._db.one(
            "SELECT a.*, d.name AS draft_name FROM attachment_drafts d "
            "JOIN attachments a ON a.id = d.attachment_id WHERE d.draft_key = ?",
            (draft_key,),
        )
        return None if row is None else (_attachment(row), str(row["draft_name"]))

    def release_draft(self, draft_key: str) -> bool:
        with self._db.transaction():
            cursor = self._db.execute("DELETE FROM attachment_drafts WHERE draft_key = ?", (draft_key,))
        return cursor.rowcount > 0

    def move_draft_to_message(self, draft_key: str, attachment_id: str, message_id: str) -> None:
        """The message takes over the draft's hold on the file (inside the caller's transaction);
        raises :class:`DraftGoneError` when the draft no longer holds that file."""
        with self._db.transaction():
            row = self._db.one(
                "SELECT name FROM attachment_drafts WHERE draft_key = ? AND attachment_id = ?",
                (draft_key, attachment_id),
            )
            if row is None:
                raise DraftGoneError(draft_key)
            self._db.execute(
                "INSERT INTO attachment_refs (attachment_id, message_id, name, created_at) VALUES (?, ?, ?, ?)",
                (attachment_id, message_id, row["name"], now_iso()),
            )
            self._db.execute("DELETE FROM attachment_drafts WHERE draft_key = ?", (draft_key,))

    def refer(self, attachment_id: str, message_id: str, name: str) -> None:
        """Another message sends the file too (an edited copy of its message; in the caller's transaction)."""
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO attachment_refs (attachment_id, message_id, name, created_at) VALUES (?, ?, ?, ?)",
                (attachment_id, message_id, name, now_iso()),
            )

    def for_message(self, message_id: str) -> builtins.list[tuple[StoredAttachment, str]]:
        rows = self._db.query(
            "SELECT a.*, r.name AS ref_name FROM attachment_refs r JOIN attachments a ON a.id = r.attachment_id "
            "WHERE r.message_id = ? ORDER BY r.created_at",
            (message_id,),
        )
        return [(_attachment(r), str(r["ref_name"])) for r in rows]

    def list(self, *, unreferenced: bool = False) -> builtins.list[AttachmentUse]:
        where = f"WHERE {_UNREFERENCED}" if unreferenced else ""
        rows = self._db.query(
            "SELECT a.*, (SELECT count(*) FROM attachment_refs r WHERE r.attachment_id = a.id) AS n_refs, "
            "(SELECT count(*) FROM attachment_drafts d WHERE d.attachment_id = a.id) AS n_drafts "
            f"FROM attachments a {where} ORDER BY a.created_at, a.id"
        )
        return [AttachmentUse(_attachment(r), int(r["n_refs"]), int(r["n_drafts"])) for r in rows]

    def collectable(self, released_before: str) -> builtins.list[StoredAttachment]:
        """Files nothing refers to, released (or, never held, added) before ``released_before``."""
        rows = self._db.query(
            f"SELECT a.* FROM attachments a WHERE {_UNREFERENCED} "
            "AND coalesce(a.released_at, a.created_at) <= ? ORDER BY a.created_at",
            (released_before,),
        )
        return [_attachment(r) for r in rows]

    def delete_unreferenced(self, attachment_id: str) -> bool:
        """Delete the row if still nothing refers to it (inside the caller's transaction)."""
        with self._db.transaction():
            cursor = self._db.execute(
                f"DELETE FROM attachments AS a WHERE a.id = ? AND {_UNREFERENCED}", (attachment_id,)
            )
        return cursor.rowcount > 0

    def release_stale_drafts(self, key_prefix: str, created_before: str) -> int:
        """Drop drafts of ``key_prefix`` older than ``created_before`` (left by a killed `mira`)."""
        escaped = key_prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        with self._db.transaction():
            cursor = self._db.execute(
                "DELETE FROM attachment_drafts WHERE draft_key LIKE ? ESCAPE '\\' AND created_at < ?",
                (f"{escaped}%", created_before),
            )
        return cursor.rowcount

    def known_paths(self) -> set[str]:
        return {str(r["path"]) for r in self._db.query("SELECT path FROM attachments")}
