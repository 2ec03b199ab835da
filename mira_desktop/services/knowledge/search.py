"""Retrieval over a knowledge base: the function the RAG route, the agent and `mira kb search` call.

Pipeline: BM25 and (where it may vote) vector search in parallel → fusion (min-max scores by
default, weights chosen on train data) → sibling leaves merged into their parent where enough of it
matched → optional rerank through an endpoint → top k. The vector side votes only for a query in a
language its embedder covers, and only over chunks in such languages: an English-only embedder
does not rank Chinese text; BM25 (jieba for Chinese) decides there. A generation is searched with
the embedder it was built with, so a base being rebuilt for another embedder keeps answering.

Only published, current document versions are returned: versions being built, staged or
superseded are excluded in the index query, and every candidate is checked against the documents'
current versions before it is returned. The cancel token is checked between stages.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.core.tasks import Task, TaskRunner
from mira_desktop.core.text_form import normal_form
from mira_desktop.index.embedding import TextEmbedder
from mira_desktop.index.fusion import BM25, VECTOR, FusionMethod, Group, fuse, merge_siblings
from mira_desktop.index.languages import covered, text_language
from mira_desktop.index.manifest import DEFAULT_EMBEDDER
from mira_desktop.index.records import LeafRow, ScoredLeaf, is_stub
from mira_desktop.ingest.types import Location
from mira_desktop.services.knowledge.embedders import KnowledgeEmbedders
from mira_desktop.services.knowledge.indexes import KnowledgeIndexes
from mira_desktop.services.knowledge.rerank import RERANK_KEY, RerankConfig, RerankError, rerank
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
    """Chosen on train data only (benchmarks/retrieval_languages.py; figures in docs/KNOWLEDGE.md)."""

    candidates: int = 50  # per retriever
    fusion: FusionMethod = FusionMethod.MINMAX
    # 0.4/0.6 was best or within 0.002 of the best on every set measured (SciFact train, CMRC and
    # DRCD dev, mixed), with MiniLM and with e5; 0.5/0.5 lost up to 0.005.
    bm25_weight: float = 0.4
    vector_weight: float = 0.6
    rrf_k: int = 60
    merge_min_hits: int = 2
    merge_min_share: float = 0.5
    sibling_weight: float = 0.0
    # The vector side votes only for queries and chunks in languages its embedder covers.
    language_aware: bool = True


@dataclass(frozen=True)
class Hit:
    """One retrieved passage, citable: which document and version, where in it, and the quote.

    ``location`` is where the best-matching chunk is (the page, slide or rows a citation names);
    for a passage merged from several chunks ``context_location`` is the whole passage's range
    (otherwise the same). ``scores`` has a key per stage that scored this hit: ``vector`` (cosine
    similarity of its best leaf), ``bm25``, ``fused`` and ``rerank``; ``score`` orders the hits.
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
    context_location: dict[str, Any] = field(default_factory=dict)
    context_location_label: str = ""
    language: str = ""


@dataclass(frozen=True)
class SearchResult:
    hits: list[Hit]
    timings_ms: dict[str, float]
    # How the search ran where it is worth telling: {"language": "zh", "vector": "skipped: …",
    # "embedder": "minilm", "rerank": "applied" | "fallback: …"}.
    notes: dict[str, str] = field(default_factory=dict)


class KnowledgeSearch:
    def __init__(
        self,
        knowledge_bases: KnowledgeBaseRepository,
        documents: DocumentRepository,
        indexes: KnowledgeIndexes,
        embedders: KnowledgeEmbedders,
        *,
        tasks: TaskRunner,
        settings: RetrievalSettings | None = None,
    ) -> None:
        self._tasks = tasks
        self._kbs = knowledge_bases
        self._docs = documents
        self._indexes = indexes
        self._embedders = embedders
        self.settings = settings or RetrievalSettings()

    def knowledge_base_name(self, kb_id: str) -> str:
        kb = self._kbs.get(kb_id)
        if kb is None:
            raise NotFoundError.said("kb.not_found", kb_id=kb_id)
        return kb.name

    def searchable_documents(self, kb_id: str) -> int:
        """How many documents have a published version (0: nothing to answer from)."""
        return self._docs.count_published(kb_id)

    def rerank_config(self, kb_id: str) -> RerankConfig | None:
        data = self._kbs.settings(kb_id).get(RERANK_KEY)
        return RerankConfig.from_dict(data) if isinstance(data, dict) and data.get("url") else None

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
        rerank_with: RerankConfig | bool | None = True,
    ) -> SearchResult:
        """:meth:`search` with the time each stage took and how it ran; ``query_vector`` (from
        :meth:`embed_queries`) skips embedding the query; ``rerank_with``: True as configured for the
        knowledge base, False never, or a configuration to use instead."""
        cancel = cancel_token or CancelToken()
        mode = parse_mode(mode)
        if not query.strip():
            raise InvalidInputError.said("kb.empty_query")
        if k < 1:
            raise InvalidInputError.said("kb.bad_k", k=k)
        query = normal_form(query)  # the form passages were indexed in (ligatures, full-width letters)
        self.knowledge_base_name(kb_id)
        timings: dict[str, float] = {}
        cancel.raise_if_cancelled()
        generation = self._indexes.get(kb_id).live()
        if generation is None:
            return SearchResult([], timings)
        notes = {"language": text_language(query)}
        embedder = self._voting_embedder(generation, mode, notes)
        hidden = self._docs.hidden_versions(kb_id)
        rankings = self._retrieve(
            generation,
            query,
            mode,
            hidden,
            embedder,
            cancel=cancel,
            timings=timings,
            query_vector=query_vector,
        )
        cancel.raise_if_cancelled()
        started = time.perf_counter()
        visible = self._docs.visible([h.leaf.version_id for hits in rankings.values() for h in hits])
        rankings = {
            name: [h for h in hits if h.leaf.version_id in visible] for name, hits in rankings.items()
        }
        s = self.settings
        fused = fuse(rankings, {VECTOR: s.vector_weight, BM25: s.bm25_weight}, s.fusion, s.rrf_k)
        counts = {f.leaf.parent_id: f.leaf.siblings for f in fused}
        groups = merge_siblings(fused, counts, s.merge_min_hits, s.merge_min_share, s.sibling_weight)
        timings["fusion_ms"] = (time.perf_counter() - started) * 1000
        cancel.raise_if_cancelled()
        config = self.rerank_config(kb_id) if rerank_with is True else (rerank_with or None)
        started = time.perf_counter()
        shown = groups[: max(k, config.candidates)] if config is not None else groups[:k]
        parents, leaves = self._read_texts(generation, shown)
        hits = [self._hit(g, parents, leaves, visible) for g in shown]
        if config is not None:
            hits = self._reranked(config, query, hits, notes, timings)
        timings["assemble_ms"] = (time.perf_counter() - started) * 1000 - timings.get("rerank_ms", 0.0)
        return SearchResult(hits[:k], timings, notes)

    def embed_queries(
        self, queries: list[str], cancel: CancelToken | None = None, *, kb_id: str | None = None
    ) -> Vectors:
        """Query vectors in one batch (for evaluations and benchmarks that run many queries), with
        the embedder of ``kb_id``'s live generation (default: the default embedder)."""
        embedder: TextEmbedder | None = None
        if kb_id is not None:
            live = self._indexes.get(kb_id).live()
            embedder = self._embedders.for_spec(live.spec) if live is not None else None
        if embedder is None:
            embedder = self._embedders.get(self._embedders.name_for(kb_id) if kb_id else DEFAULT_EMBEDDER)
        return embedder.encode_queries([normal_form(q) for q in queries], cancel)

    def _voting_embedder(
        self, generation: Generation, mode: SearchMode, notes: dict[str, str]
    ) -> TextEmbedder | None:
        """The embedder whose vectors take part, or None (why is put in ``notes``)."""
        if mode is SearchMode.BM25:
            return None
        embedder = self._embedders.for_spec(generation.spec)
        if embedder is None:
            notes["vector"] = (
                f"skipped: the embedder {generation.spec.embedder} of this index cannot run here"
            )
            return None
        notes["embedder"] = embedder.name
        language = notes["language"]
        if (
            mode is SearchMode.HYBRID
            and self.settings.language_aware
            and not covered(language, embedder.languages)
        ):
            notes["vector"] = f"skipped: {embedder.name} does not cover {language}"
            return None
        return embedder

    def _retrieve(
        self,
        generation: Generation,
        query: str,
        mode: SearchMode,
        hidden: list[str],
        embedder: TextEmbedder | None,
        *,
        cancel: CancelToken,
        timings: dict[str, float],
        query_vector: Vectors | None,
    ) -> dict[str, list[ScoredLeaf]]:
        n = self.settings.candidates
        bm25_task: Task[list[ScoredLeaf]] | None = None
        if mode is not SearchMode.VECTOR:  # BM25 runs beside the query embedding
            bm25_task = self._tasks.start(
                "bm25",
                lambda _cancel: _timed(timings, "bm25_ms", generation.lexical.search, query, n, hidden),
                report=False,
            )
        rankings: dict[str, list[ScoredLeaf]] = {}
        if embedder is not None:
            if query_vector is None:
                started = time.perf_counter()
                query_vector = embedder.encode_query(query)
                timings["embed_ms"] = (time.perf_counter() - started) * 1000
            cancel.raise_if_cancelled()
            languages = (
                embedder.languages if mode is SearchMode.HYBRID and self.settings.language_aware else None
            )
            rankings[VECTOR] = _timed(
                timings, "vector_ms", generation.vectors.search, query_vector, n, hidden, languages
            )
        if bm25_task is not None:
            rankings[BM25] = bm25_task.result()
        return rankings

    def _reranked(
        self,
        config: RerankConfig,
        query: str,
        hits: list[Hit],
        notes: dict[str, str],
        timings: dict[str, float],
    ) -> list[Hit]:
        """``hits`` in the endpoint's order (its first ``candidates``); the fused order if it fails."""
        started = time.perf_counter()
        try:
            order = rerank(config, query, [h.text for h in hits])
        except RerankError as exc:
            notes["rerank"] = f"fallback: {exc}"
            return hits
        finally:
            timings["rerank_ms"] = (time.perf_counter() - started) * 1000
        notes["rerank"] = "applied"
        ranked = [_with_score(hits[i], "rerank", score) for i, score in order]
        named = {i for i, _ in order}
        return ranked + [h for i, h in enumerate(hits) if i not in named]

    def _read_texts(
        self, generation: Generation, groups: list[Group]
    ) -> tuple[dict[str, Any], dict[str, LeafRow]]:
        """The parents of merged groups, and the whole rows of best leaves the vector search named by id."""
        parent_ids = [g.parent_id for g in groups if g.parent_id]
        stubs = [g.best.leaf.row_id for g in groups if is_stub(g.best.leaf)]
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
        exact = json.loads(leaf.location_json) if leaf.location_json else {}
        if parent is not None:
            text, context = parent.text, parent.context
            whole = json.loads(parent.location_json) if parent.location_json else {}
        else:
            text, context, whole = leaf.text, leaf.context, exact
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
            location=exact or whole,
            location_label=Location.from_dict(exact or whole).label(),
            text=text,
            context=context,
            merged=parent is not None,
            chunk_ids=[f.leaf.chunk_id for f in group.leaves],
            score=group.score,
            scores=scores,
            context_location=whole,
            context_location_label=Location.from_dict(whole).label(),
            language=leaf.language,
        )


def _with_score(hit: Hit, name: str, value: float) -> Hit:
    """``hit`` ordered by ``name``'s score from now on (the earlier scores kept beside it)."""
    return replace(hit, score=value, scores={**hit.scores, name: value})


def parse_mode(mode: SearchMode | str) -> SearchMode:
    if isinstance(mode, SearchMode):
        return mode
    try:
        return SearchMode(mode)
    except ValueError:
        raise InvalidInputError.said("kb.bad_mode", mode=mode) from None


def _timed(timings: dict[str, float], key: str, fn: Any, *args: Any) -> Any:
    started = time.perf_counter()
    try:
        return fn(*args)
    finally:
        timings[key] = (time.perf_counter() - started) * 1000
