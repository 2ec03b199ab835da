"""Retrieval over one attached file too long to send whole: a temporary index for one message.

The file is chunked as indexing chunks a document (leaves inside parents, with their locations),
put in a throwaway Tantivy BM25 index — and, when it is small enough to embed at once and an
embedder is given, a throwaway LanceDB vector table — searched for the question, fused and merged
into parents by the same functions the knowledge base uses, then fitted to the token budget. The
index lives in a temporary folder removed as soon as the passages are read.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mira_desktop.core.text_form import normal_form
from mira_desktop.core.token_estimate import estimate_tokens
from mira_desktop.index.embedding import EmbedderUnavailableError, TextEmbedder
from mira_desktop.index.fusion import BM25, VECTOR, FusionMethod, fuse, merge_siblings
from mira_desktop.index.lexical import LexicalIndex
from mira_desktop.index.records import LeafRow, ParentRow, ScoredLeaf
from mira_desktop.index.vectors import VectorStore
from mira_desktop.ingest.chunker import ChunkingSettings, chunk_blocks
from mira_desktop.ingest.types import Location
from mira_desktop.services.attachments.reading import Extracted
from mira_desktop.services.knowledge.indexing.rows import chunk_rows
from mira_desktop.services.knowledge.passages import fit_passages

TokenCounter = Callable[[str], int]
CANDIDATES = 50
MAX_PASSAGES = 8
VECTOR_LEAF_LIMIT = 400  # above this, embedding at send time would keep the person waiting: BM25 alone


@dataclass(frozen=True)
class Passage:
    location: dict[str, Any]
    context_location: dict[str, Any]
    text: str
    scores: dict[str, float]


class FileRetriever:
    def __init__(self, work_dir: Path, embedder: Callable[[], TextEmbedder | None] | None = None) -> None:
        self._work_dir = work_dir
        self.embedder = embedder or (lambda: None)  # None: BM25 alone

    def passages(
        self, attachment_id: str, name: str, extracted: Extracted, question: str
    ) -> tuple[list[Passage], dict[str, str]]:
        """The best passages for ``question``, best first, and notes on how the search ran."""
        question = normal_form(question)  # as the file's text was read
        leaves, parents = _rows(attachment_id, name, extracted)
        notes: dict[str, str] = {"leaves": str(len(leaves))}
        self._work_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="file-index-", dir=self._work_dir) as folder:
            lexical = LexicalIndex(Path(folder) / "bm25")
            lexical.add(leaves)
            rankings: dict[str, list[ScoredLeaf]] = {BM25: lexical.search(question, CANDIDATES)}
            vector = self._vector_ranking(Path(folder), leaves, question, notes)
            if vector is not None:
                rankings[VECTOR] = vector
        by_row = {leaf.row_id: leaf for leaf in leaves}
        fused = fuse(rankings, {VECTOR: 0.5, BM25: 0.5}, FusionMethod.MINMAX)
        for entry in fused:
            entry.leaf = by_row[entry.leaf.row_id]  # vector hits carry ids only
        counts = {p.row_id: p.leaf_count for p in parents.values()}
        groups = merge_siblings(fused, counts)
        if not groups:  # nothing matched the question: the file's opening is the best guess
            notes["fallback"] = "no passage matched the question: the start of the file was used"
            return [_leaf_passage(leaf, {}) for leaf in leaves[:MAX_PASSAGES]], notes
        found = []
        for group in groups[:MAX_PASSAGES]:
            best = group.best
            scores = {k: round(v, 4) for k, v in {"fused": group.score, **best.scores}.items()}
            parent = parents.get(group.parent_id) if group.parent_id else None
            if parent is None:
                found.append(_leaf_passage(best.leaf, scores))
            else:
                whole = json.loads(parent.location_json)
                found.append(Passage(json.loads(best.leaf.location_json), whole, parent.text, scores))
        return found, notes

    def _vector_ranking(
        self, folder: Path, leaves: list[LeafRow], question: str, notes: dict[str, str]
    ) -> list[ScoredLeaf] | None:
        embedder = self.embedder()
        if embedder is None:
            notes["vector"] = "skipped: no embedder"
            return None
        if len(leaves) > VECTOR_LEAF_LIMIT:
            notes["vector"] = f"skipped: {len(leaves)} chunks are too many to embed while sending"
            return None

        try:
            vectors = embedder.encode([leaf.search_text for leaf in leaves])
            store = VectorStore(folder / "lance", embedder.dimension)
            store.add_leaves(leaves, vectors)
            notes["vector"] = embedder.name
            return store.search(embedder.encode_query(question), CANDIDATES)
        except EmbedderUnavailableError as exc:
            notes["vector"] = f"skipped: {exc}"
            return None


def fitted_sources(
    attachment_id: str,
    name: str,
    passages: list[Passage],
    question: str,
    *,
    budget: int,
    count: TokenCounter,
) -> tuple[str, list[dict[str, Any]]]:
    """The passages that fit ``budget`` as request text, and as the answer's numbered sources."""
    headers = [
        f"[{n}] {name}, {Location.from_dict(p.location).label()}" for n, p in enumerate(passages, start=1)
    ]
    intro = (
        f'The attached file "{name}" is too long to include whole; these are its passages that match '
        "the question. Cite them inline with their numbers, like [1].\n\n"
    )
    fitted = fit_passages(headers, [p.text for p in passages], question, max(budget - count(intro), 0), count)
    sources: list[dict[str, Any]] = []
    parts: list[str] = []
    for n, fit in enumerate(fitted, start=1):
        passage = passages[fit.index]
        label = Location.from_dict(passage.location).label()
        parts.append(f"[{n}] {name}, {label}\n{fit.quote}")
        sources.append(
            {
                "n": n,
                "origin": "attachment",
                "attachment_id": attachment_id,
                "document": name,
                "location": passage.location,
                "location_label": label,
                "context_location": passage.context_location,
                "context_location_label": Location.from_dict(passage.context_location).label(),
                "quote": fit.quote,
                "shortened": fit.shortened,
                "scores": passage.scores,
            }
        )
    return (intro + "\n\n".join(parts) if parts else ""), sources


def _leaf_passage(leaf: LeafRow, scores: dict[str, float]) -> Passage:
    location = json.loads(leaf.location_json)
    return Passage(location, location, leaf.text, scores)


def _rows(attachment_id: str, name: str, extracted: Extracted) -> tuple[list[LeafRow], dict[str, ParentRow]]:
    """Leaf and parent rows of the file, made by the knowledge base's builder."""
    title = extracted.title or Path(name).stem
    chunks = chunk_blocks(list(extracted.blocks), title, ChunkingSettings(), estimate_tokens)
    leaves, parents = chunk_rows(chunks, attachment_id, attachment_id)
    return leaves, {parent.row_id: parent for parent in parents}
