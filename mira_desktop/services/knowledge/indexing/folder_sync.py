"""Following a folder: new and changed files are indexed, files that disappeared are removed."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.ingest.registry import is_supported
from mira_desktop.services.knowledge.files import SourceFile
from mira_desktop.store.documents import Document, DocumentVersion, VersionStatus

if TYPE_CHECKING:
    from mira_desktop.services.knowledge.indexing.queue import IndexQueue


class FollowedBase(Protocol):
    """What a sync needs of the knowledge bases (``knowledge.bases.KnowledgeBaseService``, which
    imports the indexing package, so it is not named here)."""

    def latest_sources(self, kb_id: str) -> dict[str, DocumentVersion]: ...

    def trashed_sources(self, kb_id: str) -> set[str]: ...

    def remove_document(self, kb_id: str, ref: str) -> Document: ...


@dataclass(frozen=True)
class SyncResult:
    queued: list[str] = field(default_factory=list)  # job ids
    removed: list[str] = field(default_factory=list)  # document names
    unchanged: int = 0


def sync_folder(
    kb_id: str, folder: str, knowledge_bases: FollowedBase, indexing: IndexQueue
) -> SyncResult:
    """Bring the knowledge base in line with ``folder`` (files under it, hidden ones skipped).

    A file whose size and modification time match its last version is not read again — also when
    that version failed (an encrypted PDF stays failed until the file changes); only a cancelled
    version is tried again.
    """
    root = Path(folder)
    if not root.is_dir():
        raise InvalidInputError.said("kb.watched_gone", folder=folder)
    known = knowledge_bases.latest_sources(kb_id)
    trashed = knowledge_bases.trashed_sources(kb_id)  # removed by the user: not added back
    seen: set[str] = set()
    changed: list[SourceFile] = []
    unchanged = 0
    for path in sorted(p for p in root.rglob("*") if p.is_file() and not _hidden(p, root)):
        if not is_supported(path):
            continue
        key = str(path.absolute())
        seen.add(key)
        if key in trashed:
            continue
        stat = path.stat()
        latest = known.get(key)
        if (
            latest is not None
            and latest.size_bytes == stat.st_size
            and latest.source_mtime_ns == stat.st_mtime_ns
            and latest.status is not VersionStatus.CANCELLED
        ):
            unchanged += 1
            continue
        changed.append(SourceFile(path.name, key, path=path, mtime_ns=stat.st_mtime_ns))
    result = indexing.add_sources(kb_id, changed) if changed else None
    removed = []
    for key, latest in known.items():
        if key not in seen and Path(key).is_relative_to(root):
            removed.append(knowledge_bases.remove_document(kb_id, latest.document_id).name)
    queued = result.jobs if result else []
    return SyncResult(queued, removed, unchanged + (len(result.unchanged) if result else 0))


def _hidden(path: Path, root: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(root).parts)
