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
        import tantivy

        if not row_ids:
            return {}
        index = self._open()
        index.reload()
        searcher = index.searcher()
        query = tantivy.Query.term_set_query(self._schema, "row_id", list(row_ids))
        found: dict[str, ParentRow] = {}
        for _, address in searcher.search(query, len(row_ids), count=False).hits:
            row = ParentRow(**json.loads(bytes(searcher.doc(address).get_first("payload")).decode("utf-8")))
            found[row.row_id] = row
        return found

    def count(self) -> int:
        index = self._open()
        index.reload()
        return int(index.searcher().num_docs)
