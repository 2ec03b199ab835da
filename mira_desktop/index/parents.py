"""Parent chunks, kept for the quotes of merged results: a Tantivy document store read by row id.

Parents are never searched, only fetched by id; a small Tantivy index (untokenized ids, the row as a
stored payload) answers that in well under a millisecond, where a filtered LanceDB read costs
several. They are kept apart from the BM25 index so that they do not change its statistics.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from mira_desktop.index.payloads import payloads_by_row_id
from mira_desktop.index.records import ParentRow

WRITER_HEAP_BYTES = 32_000_000


class ParentStore:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._index: Any = None
        self._schema: Any = None
        self._lock = threading.Lock()

    def _open(self) -> Any:
        with self._lock:
            if self._index is None:
                import tantivy

                builder = tantivy.SchemaBuilder()
                builder.add_text_field("row_id", stored=False, tokenizer_name="raw", index_option="basic")
                builder.add_text_field("version_id", stored=False, tokenizer_name="raw", index_option="basic")
                builder.add_bytes_field("payload", stored=True, indexed=False)
                self._schema = builder.build()
                self.path.mkdir(parents=True, exist_ok=True)
                self._index = tantivy.Index(self._schema, path=str(self.path), reuse=True)
            return self._index

    def add(self, parents: Sequence[ParentRow]) -> None:
        import tantivy

        if not parents:
            return
        writer = self._open().writer(heap_size=WRITER_HEAP_BYTES, num_threads=1)
        try:
            for parent in parents:
                document = tantivy.Document()
                document.add_text("row_id", parent.row_id)
                document.add_text("version_id", parent.version_id)
                document.add_bytes("payload", json.dumps(asdict(parent), ensure_ascii=False).encode("utf-8"))
                writer.add_document(document)
            writer.commit()
        except BaseException:
            writer.rollback()
            raise
        finally:
            writer.wait_merging_threads()

    def delete_versions(self, version_ids: Sequence[str]) -> None:
        if not version_ids:
            return
        writer = self._open().writer(heap_size=WRITER_HEAP_BYTES, num_threads=1)
        try:
            for version_id in version_ids:
                writer.delete_documents_by_term("version_id", version_id)
            writer.commit()
        finally:
            writer.wait_merging_threads()

    def get(self, row_ids: Sequence[str]) -> dict[str, ParentRow]:
        if not row_ids:
            return {}
        rows = (ParentRow(**payload) for payload in payloads_by_row_id(self._open(), self._schema, row_ids))
        return {row.row_id: row for row in rows}

    def count(self) -> int:
        index = self._open()
        index.reload()
        return int(index.searcher().num_docs)
