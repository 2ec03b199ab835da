"""Retrieval over a knowledge base: the function the RAG route, the agent and `mira kb search` call.

Pipeline: vector search and BM25 in parallel → reciprocal rank fusion → sibling leaves merged into
their parent where enough of it matched → top k. Only published, current document
versions are returned: versions being built, staged or superseded are excluded in the index query,
and every candidate is checked against the documents' current versions before it is returned. The
cancel token is checked between stages.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.core.tasks import Task, TaskRunner
from mira_desktop.index.embedder import Embedder
from mira_desktop.index.fusion import Group, merge_siblings, reciprocal_rank_fusion
from mira_desktop.index.records import LeafRow, ScoredLeaf, is_stub
from mira_desktop.ingest.types import Location
from mira_desktop.services.knowledge.indexes import KnowledgeIndexes
from mira_desktop.store.documents import DocumentRepository, VisibleVersion
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository

if TYPE_CHECKING:
    from mira_desktop.index.embedder import Vectors
    from mira_desktop.index.knowledge_index import Generation


class SearchMode(Enum):
    HYBRID = "hybrid"
    VECTOR = "vector"
    BM25 = "bm25"


@dataclass(frozen=True)
class RetrievalSettings:
    candidates: int = 50  # per retriever
    rrf_k: int = 60
    vector_weight: float = 1.0
    bm25_weight: float = 1.0
    merge_min_hits: int = 2
    merge_min_share: float = 0.5
    sibling_weight: float = 0.0
    # The default embedding model (all-MiniLM-L6-v2) was trained on English: for queries written
    # mostly in Chinese/Japanese/Korean its vectors are weak evidence, so they count for less.
    cjk_vector_weight: float = 0.5


@dataclass(frozen=True)
class Hit:
    """One retrieved passage, citable: which document and version, where in it, and the quote.

    ``scores`` has a key per stage that scored this hit: ``vector`` (cosine similarity of its best
    leaf), ``bm25`` and ``fused`` (reciprocal rank fusion, summed over merged siblings).
    ``score`` is the one the hits are ordered by.
    """

    document_id: str
    document: str
    version_id: str
    version: int
    location: dict[str, Any]
    location_label: str
    text: str
    context: str
    merged: bool
    chunk_ids: list[str]
    score: float
    scores: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class SearchResult:
    hits: list[Hit]
    timings_ms: dict[str, float]


class KnowledgeSearch:
    def __init__(
        self,
        knowledge_bases: KnowledgeBaseRepository,
        documents: DocumentRepository,
        indexes: KnowledgeIndexes,
        embedder: Embedder,
        *,
        tasks: TaskRunner,
        settings: RetrievalSettings | None = None,
    ) -> None:
        self._tasks = tasks
        self._kbs = knowledge_bases
        self._docs = documents
        self._indexes = indexes
        self._embedder = embedder
        self.settings = settings or RetrievalSettings()

    def knowledge_base_name(self, kb_id: str) -> str:
        kb = self._kbs.get(kb_id)
        if kb is None:
            raise NotFoundError(f"No knowledge base with id {kb_id}: see `mira kb list`.")
        return kb.name

    def searchable_documents(self, kb_id: str) -> int:
        """How many documents have a published version (0: nothing to answer from)."""
        return self._docs.count_published(kb_id)

    def search(
        self,
        kb_id: str,
        query: str,
        k: int = 5,
        mode: SearchMode | str = SearchMode.HYBRID,
        cancel_token: CancelToken | None = None,
    ) -> list[Hit]:
        """The ``k`` best passages of ``kb_id`` for ``query``; raises ``Cancelled`` if the token is cancelled."""
        return self.search_detailed(kb_id, query, k, mode, cancel_token).hits

    def search_detailed(
        self,
        kb_id: str,
        query: str,
        k: int = 5,
        mode: SearchMode | str = SearchMode.HYBRID,
        cancel_token: CancelToken | None = None,
        *,
        query_vector: Vectors | None = None,
    ) -> SearchResult:
        """:meth:`search` with the time each stage took; ``query_vector`` skips embedding the query."""
        cancel = cancel_token or CancelToken()
        mode = parse_mode(mode)
        if not query.strip():
            raise InvalidInputError("The search query is empty.")
        if k < 1:
            raise InvalidInputError(f"k must be at least 1, not {k}.")
        self.knowledge_base_name(kb_id)
        timings: dict[str, float] = {}
        cancel.raise_if_cancelled()
        generation = self._indexes.get(kb_id).live()
        if generation is None:
            return SearchResult([], timings)
        hidden = self._docs.hidden_versions(kb_id)
        vector_hits, bm25_hits = self._retrieve(
            generation, query, mode, hidden, cancel=cancel, timings=timings, query_vector=query_vector
        )
        cancel.raise_if_cancelled()
        started = time.perf_counter()
        visible = self._docs.visible([h.leaf.version_id for h in (*vector_hits, *bm25_hits)])
        vector_hits = [h for h in vector_hits if h.leaf.version_id in visible]
        bm25_hits = [h for h in bm25_hits if h.leaf.version_id in visible]
        s = self.settings
        vector_weight = s.cjk_vector_weight if _mostly_cjk(query) else s.vector_weight
        fused = reciprocal_rank_fusion(vector_hits, bm25_hits, s.rrf_k, vector_weight, s.bm25_weight)
        counts = {f.leaf.parent_id: f.leaf.siblings for f in fused}
        groups = merge_siblings(fused, counts, s.merge_min_hits, s.merge_min_share, s.sibling_weight)[:k]
        timings["fusion_ms"] = (time.perf_counter() - started) * 1000
        cancel.raise_if_cancelled()
        started = time.perf_counter()
        parents, leaves = self._read_texts(generation, groups)
        hits = [self._hit(g, parents, leaves, visible) for g in groups]
        timings["assemble_ms"] = (time.perf_counter() - started) * 1000
        return SearchResult(hits, timings)

    def embed_queries(self, queries: list[str], cancel: CancelToken | None = None) -> Vectors:
        """Query vectors in one batch (for evaluations and benchmarks that run many queries)."""
        return self._embedder.encode(queries, cancel)

    def _retrieve(
        self,
        generation: Generation,
        query: str,
        mode: SearchMode,
        hidden: list[str],
        *,
        cancel: CancelToken,
        timings: dict[str, float],
        query_vector: Vectors | None,
    ) -> tuple[list[ScoredLeaf], list[ScoredLeaf]]:
        n = self.settings.candidates
        bm25_task: Task[list[ScoredLeaf]] | None = None
        if mode is not SearchMode.VECTOR:  # BM25 runs beside the query embedding
            bm25_task = self._tasks.start(
                "bm25",
                lambda _cancel: _timed(timings, "bm25_ms", generation.lexical.search, query, n, hidden),
                report=False,
            )
        vector_hits: list[ScoredLeaf] = []
        if mode is not SearchMode.BM25 and generation.spec.embedding_model == self._embedder.model_id:
            if query_vector is None:
                started = time.perf_counter()
                query_vector = self._embedder.encode_query(query)
                timings["embed_ms"] = (time.perf_counter() - started) * 1000
            cancel.raise_if_cancelled()
            vector_hits = _timed(timings, "vector_ms", generation.vectors.search, query_vector, n, hidden)
        bm25_hits = bm25_task.result() if bm25_task is not None else []
        return vector_hits, bm25_hits

    def _read_texts(
        self, generation: Generation, groups: list[Group]
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The parents of merged groups, and the whole rows of leaves the vector search named by id."""
        parent_ids = [g.parent_id for g in groups if g.parent_id]
        stubs = [g.best.leaf.row_id for g in groups if not g.parent_id and is_stub(g.best.leaf)]
        return generation.parents.get(parent_ids), generation.lexical.rows(stubs)

    def _hit(
        self,
        group: Group,
        parents: dict[str, Any],
        leaves: dict[str, LeafRow],
        visible: dict[str, VisibleVersion],
    ) -> Hit:
        best = group.best
        leaf = leaves.get(best.leaf.row_id, best.leaf)
        parent = parents.get(group.parent_id) if group.parent_id else None
        text, context, location_json = (
            (parent.text, parent.context, parent.location_json)
            if parent
            else (leaf.text, leaf.context, leaf.location_json)
        )
        location = json.loads(location_json) if location_json else {}
        scores = {"fused": group.score}
        vectors = [f.vector for f in group.leaves if f.vector is not None]
        bm25 = [f.bm25 for f in group.leaves if f.bm25 is not None]
        if vectors:
            scores["vector"] = max(vectors)
        if bm25:
            scores["bm25"] = max(bm25)
        cited = visible[leaf.version_id]
        return Hit(
            document_id=cited.document_id,
            document=cited.document_name,
            version_id=cited.version_id,
            version=cited.version,
            location=location,
            location_label=Location.from_dict(location).label(),
            text=text,
            context=context,
            merged=parent is not None,
            chunk_ids=[f.leaf.chunk_id for f in group.leaves],
            score=group.score,
            scores=scores,
        )


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def _mostly_cjk(text: str) -> bool:
    letters = [c for c in text if c.isalnum()]
    return bool(letters) and len(_CJK.findall(text)) >= 0.3 * len(letters)


def parse_mode(mode: SearchMode | str) -> SearchMode:
    if isinstance(mode, SearchMode):
        return mode
    try:
        return SearchMode(mode)
    except ValueError:
        raise InvalidInputError(f"Unknown search mode {mode!r}: use hybrid, vector or bm25.") from None


def _timed(timings: dict[str, float], key: str, fn: Any, *args: Any) -> Any:
    started = time.perf_counter()
    try:
        return fn(*args)
    finally:
        timings[key] = (time.perf_counter() - started) * 1000
