"""Opening a cited source: the stored copy of the document version an answer quoted, at its page."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mira_desktop.core.errors import NotFoundError
from mira_desktop.services.app.data_folder import DataFolder
from mira_desktop.services.knowledge.files import KnowledgeFiles
from mira_desktop.store.database import Database
from mira_desktop.store.documents import DocumentRepository
from mira_desktop.store.messages import MessageRepository


@dataclass(frozen=True)
class SourceFile:
    path: Path
    document: str
    page: int | None  # 1-based, for PDF sources
    label: str


class SourceService:
    def __init__(self, database: Database, folder: DataFolder) -> None:
        self._messages = MessageRepository(database)
        self._documents = DocumentRepository(database)
        self._files = KnowledgeFiles(folder.knowledge_dir)

    def cited(self, message_id: str, number: int) -> SourceFile:
        """Where source ``[number]`` of an answer lives on disk (the copy Mira indexed)."""
        message = self._messages.get(message_id)
        sources: list[dict[str, Any]] = (message.metadata.get("sources") or []) if message else []
        source = next((s for s in sources if s.get("n") == number), None)
        if source is None:
            raise NotFoundError(f"The answer has no source [{number}].")
        version = self._documents.version(str(source.get("version_id", "")))
        kb_id = str(source.get("knowledge_base_id") or "")
        if version is None or not version.stored_path or not kb_id:
            raise NotFoundError(
                f"{source.get('document')} is no longer in the knowledge base: it was removed or re-indexed."
            )
        path = self._files.source_path(kb_id, version.stored_path)
        if not path.exists():
            raise NotFoundError(f"The stored copy of {source.get('document')} is missing ({path}).")
        location = source.get("location") or {}
        page = location.get("page") if path.suffix.lower() == ".pdf" else None
        return SourceFile(path, str(source.get("document")), page if isinstance(page, int) else None,
                          str(source.get("location_label", "")))  # fmt: skip

    @staticmethod
    def render_pdf_page(path: Path, page: int, zoom: float = 1.5) -> bytes:
        """PNG bytes of one PDF page (1-based): shown in the app, no external viewer needed."""
        import importlib

        pymupdf: Any = importlib.import_module("pymupdf")  # untyped library
        with pymupdf.open(path) as document:
            index = min(max(page, 1), document.page_count) - 1
            pixmap = document[index].get_pixmap(matrix=pymupdf.Matrix(zoom, zoom))
            return bytes(pixmap.tobytes("png"))
