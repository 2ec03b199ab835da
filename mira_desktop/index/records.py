"""Rows kept in a knowledge base's index: leaf chunks (searched) and parent chunks (quoted)."""

from __future__ import annotations

from dataclasses import dataclass


def row_id(version_id: str, chunk_id: str) -> str:
    """Rows are per document version: the same chunk in two versions is two rows."""
    return f"{version_id}:{chunk_id}"


@dataclass(frozen=True)
class LeafRow:
    row_id: str
    version_id: str
    document_id: str
    chunk_id: str
    parent_id: str  # the parent's row id
    ordinal: int
    siblings: int  # how many leaves the parent has (this one included)
    text: str
    context: str
    location_json: str
    content_hash: str  # of the searched text; equal hashes share an embedding
    # The language of the searched text (mira_desktop.index.languages); "" in indexes built before
    # it was recorded, which counts as covered by every embedder.
    language: str = ""

    @property
    def search_text(self) -> str:
        return f"{self.context}\n{self.text}" if self.context else self.text


@dataclass(frozen=True)
class ParentRow:
    row_id: str
    version_id: str
    document_id: str
    chunk_id: str
    ordinal: int
    text: str
    context: str
    location_json: str
    leaf_count: int


@dataclass(frozen=True)
class ScoredLeaf:
    """A leaf found by one retriever, with that retriever's score (cosine similarity or BM25)."""

    leaf: LeafRow
    score: float
    rank: int


def stub_leaf(
    *,
    row_id: str,
    version_id: str,
    document_id: str,
    chunk_id: str,
    parent_id: str,
    siblings: int,
    language: str = "",
) -> LeafRow:
    """A leaf known by its ids only (what a vector search returns before the text is read)."""
    return LeafRow(
        row_id, version_id, document_id, chunk_id, parent_id, 0, siblings, "", "", "", "", language
    )


def is_stub(leaf: LeafRow) -> bool:
    return leaf.location_json == ""
