"""Documents of a knowledge base and their versions.

A document's ``current_version_id`` names the published version that queries see; it changes only
in :meth:`DocumentRepository.publish`, one transaction that also marks the previous version
superseded. Versions whose index rows must stay out of search results are listed by
:meth:`DocumentRepository.hidden_versions` until their rows are purged.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.store.database import Database, Row
from mira_desktop.store.rows import dumps, loads


class VersionStatus(Enum):
    PENDING = "pending"
    INDEXING = "indexing"
    STAGED = "staged"
    PUBLISHED = "published"
    SUPERSEDED = "superseded"
    FAILED = "failed"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class Document:
    id: str
    knowledge_base_id: str
    name: str
    source_path: str | None
    mime: str | None
    current_version_id: str | None
    created_at: str
    updated_at: str


@dataclass(frozen=True)
class DocumentVersion:
    id: str
    document_id: str
    version: int
    sha256: str
    size_bytes: int
    stored_path: str | None
    status: VersionStatus
    chunk_count: int
    error: dict[str, Any] | None
    created_at: str
    published_at: str | None
    purged_at: str | None
    source_mtime_ns: int | None


@dataclass(frozen=True)
class VisibleVersion:
    """A published, current version as search results cite it."""

    version_id: str
    version: int
    document_id: str
    document_name: str


def _document(row: Row) -> Document:
    return Document(
        id=row["id"],
        knowledge_base_id=row["knowledge_base_id"],
        name=row["name"],
        source_path=row["source_path"],
        mime=row["mime"],
        current_version_id=row["current_version_id"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


def _version(row: Row) -> DocumentVersion:
    return DocumentVersion(
        id=row["id"],
        document_id=row["document_id"],
        version=row["version"],
        sha256=row["sha256"],
        size_bytes=row["size_bytes"],
        stored_path=row["stored_path"],
        status=VersionStatus(row["status"]),
        chunk_count=row["chunk_count"],
        error=loads(row["error_json"], None),
        created_at=row["created_at"],
        published_at=row["published_at"],
        purged_at=row["purged_at"],
        source_mtime_ns=row["source_mtime_ns"],
    )


def _placeholders(values: Sequence[object]) -> str:
    return ",".join("?" for _ in values)


class DocumentRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    # Documents

    def create(self, kb_id: str, name: str, source_path: str | None, mime: str | None = None) -> Document:
        now = now_iso()
        doc_id = new_id("document")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO documents (id, knowledge_base_id, name, source_path, mime, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (doc_id, kb_id, name, source_path, mime, now, now),
            )
        found = self.get(doc_id)
        assert found is not None
        return found

    def get(self, doc_id: str, *, include_trashed: bool = False) -> Document | None:
        row = self._db.one("SELECT * FROM documents WHERE id = ?", (doc_id,))
        if row is None or (row.get("trashed_at") and not include_trashed):
            return None
        return _document(row)

    def list(self, kb_id: str) -> builtins.list[Document]:
        rows = self._db.query(
            "SELECT * FROM documents WHERE knowledge_base_id = ? AND trashed_at IS NULL ORDER BY name, id",
            (kb_id,),
        )
        return [_document(r) for r in rows]

    def trashed_sources(self, kb_id: str) -> set[str]:
        """The source paths of the knowledge base's documents in the trash (a followed folder leaves them)."""
        rows = self._db.query(
            "SELECT source_path FROM documents WHERE knowledge_base_id = ? AND trashed_at IS NOT NULL "
            "AND source_path IS NOT NULL",
            (kb_id,),
        )
        return {r["source_path"] for r in rows}

    def find_by_source(self, kb_id: str, source_path: str) -> Document | None:
        row = self._db.one(
            "SELECT * FROM documents WHERE knowledge_base_id = ? AND source_path = ? AND trashed_at IS NULL "
            "ORDER BY id LIMIT 1",
            (kb_id, source_path),
        )
        return None if row is None else _document(row)

    def find_by_name(self, kb_id: str, name: str) -> builtins.list[Document]:
        rows = self._db.query(
            "SELECT * FROM documents WHERE knowledge_base_id = ? AND name = ? AND trashed_at IS NULL ORDER BY id",
            (kb_id, name),
        )
        return [_document(r) for r in rows]

    def delete(self, doc_id: str) -> bool:
        with self._db.transaction():
            cursor = self._db.execute("DELETE FROM documents WHERE id = ?", (doc_id,))
        return cursor.rowcount > 0

    def count(self, kb_id: str) -> int:
        row = self._db.one(
            "SELECT count(*) AS n FROM documents WHERE knowledge_base_id = ? AND trashed_at IS NULL", (kb_id,)
        )
        return int(row["n"]) if row else 0

    # Versions

    def add_version(
        self,
        doc_id: str,
        sha256: str,
        size_bytes: int,
        stored_path: str | None,
        source_mtime_ns: int | None = None,
    ) -> DocumentVersion:
        version_id = new_id("document_version")
        with self._db.transaction():
            row = self._db.one(
                "SELECT coalesce(max(version), 0) AS v FROM document_versions WHERE document_id = ?",
                (doc_id,),
            )
            number = int(row["v"] if row else 0) + 1
            self._db.execute(
                "INSERT INTO document_versions (id, document_id, version, sha256, size_bytes, stored_path, "
                "status, source_mtime_ns, created_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)",
                (version_id, doc_id, number, sha256, size_bytes, stored_path, source_mtime_ns, now_iso()),
            )
            self._db.execute("UPDATE documents SET updated_at = ? WHERE id = ?", (now_iso(), doc_id))
        found = self.version(version_id)
        assert found is not None
        return found

    def version(self, version_id: str) -> DocumentVersion | None:
        row = self._db.one("SELECT * FROM document_versions WHERE id = ?", (version_id,))
        return None if row is None else _version(row)

    def versions(self, doc_id: str) -> builtins.list[DocumentVersion]:
        rows = self._db.query(
            "SELECT * FROM document_versions WHERE document_id = ? ORDER BY version", (doc_id,)
        )
        return [_version(r) for r in rows]

    def latest_versions(self, kb_id: str) -> dict[str, DocumentVersion]:
        """Each document's newest version, by document id."""
        rows = self._db.query(
            "SELECT v.* FROM document_versions v JOIN documents d ON d.id = v.document_id "
            "WHERE d.knowledge_base_id = ? AND v.version = "
            "(SELECT max(version) FROM document_versions WHERE document_id = v.document_id)",
            (kb_id,),
        )
        return {r["document_id"]: _version(r) for r in rows}

    def current_versions(self, kb_id: str) -> builtins.list[DocumentVersion]:
        rows = self._db.query(
            "SELECT v.* FROM document_versions v JOIN documents d ON d.current_version_id = v.id "
            "WHERE d.knowledge_base_id = ? ORDER BY v.id",
            (kb_id,),
        )
        return [_version(r) for r in rows]

    def set_status(
        self,
        version_id: str,
        status: VersionStatus,
        *,
        error: dict[str, Any] | None = None,
        chunk_count: int | None = None,
    ) -> None:
        with self._db.transaction():
            self._db.execute(
                "UPDATE document_versions SET status = ?, error_json = ?, "
                "chunk_count = coalesce(?, chunk_count) WHERE id = ?",
                (status.value, None if error is None else dumps(error), chunk_count, version_id),
            )

    def publish(self, version_id: str) -> str | None:
        """Make ``version_id`` its document's current version; returns the version it superseded.

        Queries read ``current_version_id``, so this one transaction is the whole switch.
        """
        now = now_iso()
        with self._db.transaction():
            row = self._db.one(
                "SELECT d.id, d.current_version_id FROM documents d JOIN document_versions v "
                "ON v.document_id = d.id WHERE v.id = ?",
                (version_id,),
            )
            if row is None:
                return None
            previous = row["current_version_id"]
            if previous and previous != version_id:
                self._db.execute(
                    "UPDATE document_versions SET status = 'superseded' WHERE id = ?", (previous,)
                )
            self._db.execute(
                "UPDATE document_versions SET status = 'published', published_at = ?, error_json = NULL "
                "WHERE id = ?",
                (now, version_id),
            )
            self._db.execute(
                "UPDATE documents SET current_version_id = ?, updated_at = ? WHERE id = ?",
                (version_id, now, row["id"]),
            )
        return previous if previous != version_id else None

    def unpublish(self, doc_id: str) -> str | None:
        """Take a document out of search results (before its data is deleted); returns its version."""
        with self._db.transaction():
            row = self._db.one("SELECT current_version_id FROM documents WHERE id = ?", (doc_id,))
            if row is None:
                return None
            self._db.execute(
                "UPDATE documents SET current_version_id = NULL, updated_at = ? WHERE id = ?",
                (now_iso(), doc_id),
            )
        return row["current_version_id"]  # type: ignore[no-any-return]

    def hidden_versions(self, kb_id: str) -> builtins.list[str]:
        """Versions that may have rows in the index but must not appear in results: being built,
        staged, superseded, failed or cancelled, and not purged yet."""
        rows = self._db.query(
            "SELECT v.id FROM document_versions v INDEXED BY document_versions_in_flight "
            "JOIN documents d ON d.id = v.document_id "
            "WHERE v.purged_at IS NULL AND v.status NOT IN ('published', 'pending') "
            "AND d.knowledge_base_id = ? "
            "AND (d.current_version_id IS NULL OR v.id != d.current_version_id)",
            (kb_id,),
        )
        # A trashed document keeps its rows (it may come back) but is never searched.
        trashed = self._db.query(
            "SELECT v.id FROM document_versions v JOIN documents d ON d.id = v.document_id "
            "WHERE d.knowledge_base_id = ? AND d.trashed_at IS NOT NULL AND v.purged_at IS NULL",
            (kb_id,),
        )
        return list(dict.fromkeys([r["id"] for r in rows] + [r["id"] for r in trashed]))

    def versions_to_purge(self, kb_id: str) -> builtins.list[DocumentVersion]:
        """Superseded, failed and cancelled versions whose index rows and source copy are still there."""
        rows = self._db.query(
            "SELECT v.* FROM document_versions v JOIN documents d ON d.id = v.document_id "
            "WHERE d.knowledge_base_id = ? AND v.purged_at IS NULL "
            "AND v.status IN ('superseded', 'failed', 'cancelled')",
            (kb_id,),
        )
        return [_version(r) for r in rows]

    def mark_purged(self, version_ids: Sequence[str]) -> None:
        if not version_ids:
            return
        with self._db.transaction():
            self._db.execute(
                f"UPDATE document_versions SET purged_at = ? WHERE id IN ({_placeholders(version_ids)})",
                (now_iso(), *version_ids),
            )

    def stored_path_in_use(self, kb_id: str, stored_path: str) -> bool:
        """Whether a version not yet purged still reads the stored copy at ``stored_path``."""
        row = self._db.one(
            "SELECT 1 AS used FROM document_versions v JOIN documents d ON d.id = v.document_id "
            "WHERE d.knowledge_base_id = ? AND v.stored_path = ? AND v.purged_at IS NULL LIMIT 1",
            (kb_id, stored_path),
        )
        return row is not None

    def visible(self, version_ids: Sequence[str]) -> dict[str, VisibleVersion]:
        """Of ``version_ids``, those that are their document's current version."""
        found: dict[str, VisibleVersion] = {}
        unique = list(dict.fromkeys(version_ids))
        for start in range(0, len(unique), 500):
            part = unique[start : start + 500]
            rows = self._db.query(
                "SELECT v.id, v.version, d.id AS document_id, d.name, d.current_version_id FROM document_versions v "
                f"JOIN documents d ON d.id = v.document_id WHERE d.trashed_at IS NULL AND v.id IN ({_placeholders(part)})",
                tuple(part),
            )
            for r in rows:
                if r["current_version_id"] == r["id"]:
                    found[r["id"]] = VisibleVersion(r["id"], r["version"], r["document_id"], r["name"])
        return found

    def count_published(self, kb_id: str) -> int:
        row = self._db.one(
            "SELECT count(*) AS n FROM documents WHERE knowledge_base_id = ? AND current_version_id IS NOT NULL "
            "AND trashed_at IS NULL",
            (kb_id,),
        )
        return int(row["n"]) if row else 0

    def chunk_total(self, kb_id: str) -> int:
        row = self._db.one(
            "SELECT coalesce(sum(v.chunk_count), 0) AS n FROM documents d "
            "JOIN document_versions v ON v.id = d.current_version_id WHERE d.knowledge_base_id = ? "
            "AND d.trashed_at IS NULL",
            (kb_id,),
        )
        return int(row["n"]) if row else 0
