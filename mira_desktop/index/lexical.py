"""BM25 over leaf chunks with Tantivy.

Each leaf is one Tantivy document: its row and version ids (untokenized, for lookups, deletes and
exclusion), its searchable text analysed by :mod:`mira_desktop.index.analysis`, and the whole leaf
row as a stored payload, so a hit (of BM25, or of the vector search, which returns ids) is read
here without a second LanceDB query. Writers live for one write only; the
caller holds the knowledge base's index lock (Tantivy allows one writer per index).
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from mira_desktop.index.analysis import ANALYZER_NAME, segment, terms, text_analyzer
from mira_desktop.index.payloads import payloads_by_row_id
from mira_desktop.index.records import LeafRow, ScoredLeaf

WRITER_HEAP_BYTES = 64_000_000


class LexicalIndex:
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
                builder.add_text_field(
                    "body", stored=False, tokenizer_name=ANALYZER_NAME, index_option="freq"
                )
                builder.add_bytes_field("payload", stored=True, indexed=False)
                schema = builder.build()
                self.path.mkdir(parents=True, exist_ok=True)
                index = tantivy.Index(schema, path=str(self.path), reuse=True)
                index.register_tokenizer(ANALYZER_NAME, text_analyzer())
                self._schema = schema
                self._index = index
            return self._index

    def add(self, leaves: Iterable[LeafRow]) -> int:
        """Index ``leaves`` and commit; returns how many were added."""
        import tantivy

        index = self._open()
        writer = index.writer(heap_size=WRITER_HEAP_BYTES, num_threads=1)
        added = 0
        try:
            for leaf in leaves:
                document = tantivy.Document()
                document.add_text("row_id", leaf.row_id)
                document.add_text("version_id", leaf.version_id)
                document.add_text("body", segment(leaf.search_text))
                document.add_bytes("payload", json.dumps(asdict(leaf), ensure_ascii=False).encode("utf-8"))
                writer.add_document(document)
                added += 1
            writer.commit()
        except BaseException:
            writer.rollback()
            raise
        finally:
            writer.wait_merging_threads()
        return added

    def delete_versions(self, version_ids: Sequence[str]) -> None:
        if not version_ids:
            return
        index = self._open()
        writer = index.writer(heap_size=WRITER_HEAP_BYTES, num_threads=1)
        try:
            for version_id in version_ids:
                writer.delete_documents_by_term("version_id", version_id)
            writer.commit()
        finally:
            writer.wait_merging_threads()

    def search(self, query: str, limit: int, exclude_versions: Sequence[str] = ()) -> list[ScoredLeaf]:
        """The best ``limit`` leaves for ``query`` by BM25, best first."""
        import tantivy

        counts = Counter(terms(query))
        if not counts or limit <= 0:
            return []
        index = self._open()
        schema = self._schema
        clauses = []
        for term, count in counts.items():
            clause = tantivy.Query.term_query(schema, "body", term, index_option="freq")
            if count > 1:  # a word said twice in the query weighs twice, as in Lucene
                clause = tantivy.Query.boost_query(clause, float(count))
            clauses.append((tantivy.Occur.Should, clause))
        for version_id in exclude_versions:
            hidden = tantivy.Query.term_query(schema, "version_id", version_id, index_option="basic")
            clauses.append((tantivy.Occur.MustNot, hidden))
        index.reload()
        searcher = index.searcher()
        hits = searcher.search(tantivy.Query.boolean_query(clauses), limit, count=False).hits
        found = []
        for rank, (score, address) in enumerate(hits, start=1):
            payload = json.loads(bytes(searcher.doc(address).get_first("payload")).decode("utf-8"))
            found.append(ScoredLeaf(LeafRow(**payload), float(score), rank))
        return found

    def rows(self, row_ids: Sequence[str]) -> dict[str, LeafRow]:
        """Whole leaf rows by row id, from the stored payloads (a lookup, not a search)."""
        if not row_ids:
            return {}
        rows = (LeafRow(**payload) for payload in payloads_by_row_id(self._open(), self._schema, row_ids))
        return {row.row_id: row for row in rows}

    def count(self) -> int:
        index = self._open()
        index.reload()
        return int(index.searcher().num_docs)
