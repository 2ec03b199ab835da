"""A document version's chunks as index rows: parents with their leaf counts, leaves with their
location, content hash and language. The knowledge base's builder and the attachments' per-message
index make their rows here."""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from mira_desktop.index.languages import text_language
from mira_desktop.index.records import LeafRow, ParentRow, row_id
from mira_desktop.ingest.chunker import ChunkSet

if TYPE_CHECKING:
    from mira_desktop.index.embedder import Vectors


def chunk_rows(chunks: ChunkSet, version_id: str, document_id: str) -> tuple[list[LeafRow], list[ParentRow]]:
    """The index rows of a document version's chunks (also an attachment's: its id is both)."""
    counts: dict[str, int] = {}
    for leaf in chunks.leaves:
        counts[leaf.parent_id] = counts.get(leaf.parent_id, 0) + 1
    parents = [
        ParentRow(
            row_id=row_id(version_id, p.id),
            version_id=version_id,
            document_id=document_id,
            chunk_id=p.id,
            ordinal=p.ordinal,
            text=p.text,
            context=p.context,
            location_json=json.dumps(p.location.to_dict(), ensure_ascii=False),
            leaf_count=counts.get(p.id, 0),
        )
        for p in chunks.parents
    ]
    leaves = [
        LeafRow(
            row_id=row_id(version_id, leaf.id),
            version_id=version_id,
            document_id=document_id,
            chunk_id=leaf.id,
            parent_id=row_id(version_id, leaf.parent_id),
            ordinal=leaf.ordinal,
            siblings=counts[leaf.parent_id],
            text=leaf.text,
            context=leaf.context,
            location_json=json.dumps(leaf.location.to_dict(), ensure_ascii=False),
            content_hash=hashlib.sha256(leaf.search_text.encode("utf-8")).hexdigest()[:32],
            language=text_language(leaf.search_text),
        )
        for leaf in chunks.leaves
    ]
    return leaves, parents


def stacked(vectors: list[Any]) -> Vectors:
    """One float32 matrix of ``vectors`` (rows), empty when there are none."""
    import numpy as np

    return np.vstack(vectors).astype(np.float32) if vectors else np.zeros((0, 0), dtype=np.float32)
