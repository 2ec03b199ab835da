"""Retrieval evaluation on BEIR files: nDCG@10, recall@k and MRR of a knowledge base's search.

Queries are ``{"_id", "text"}`` JSON lines; judgements are a ``query-id corpus-id score`` TSV with a
header; a document is identified by its name (``mira kb add corpus.jsonl`` keeps each ``_id`` as the
name). Only queries that have judgements are scored, as in BEIR. Gains are the judged scores
(trec_eval's nDCG), and a document counts once, at its best rank.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.knowledge.search import KnowledgeSearch, SearchMode, parse_mode
from mira_desktop.store.evaluation_runs import EvaluationRun, EvaluationRunRepository
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository

# What the window and the command take from here (they never import the store or the agent).
__all__ = [
    "EvaluationReport",
    "EvaluationRun",
    "EvaluationService",
    "Query",
    "load_qrels",
    "load_queries",
    "ndcg_at",
    "recall_at",
    "reciprocal_rank",
    "score",
]

Qrels = dict[str, dict[str, int]]


@dataclass(frozen=True)
class Query:
    id: str
    text: str


def load_queries(path: Path) -> list[Query]:
    if not path.is_file():
        raise InvalidInputError.said("eval.no_queries", path=path)
    queries = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                queries.append(Query(str(record["_id"]), str(record["text"])))
            except (ValueError, KeyError, TypeError) as exc:
                raise InvalidInputError.said(
                    "eval.bad_query", name=path.name, number=number, error=exc
                ) from exc
    return queries


def load_qrels(path: Path) -> Qrels:
    if not path.is_file():
        raise InvalidInputError.said("eval.no_qrels", path=path)
    qrels: Qrels = {}
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            parts = line.rstrip("\n").split("\t") if "\t" in line else line.split()
            if not parts or not line.strip():
                continue
            if number == 1 and not parts[-1].lstrip("-").isdigit():
                continue  # the header
            if len(parts) != 3 or not parts[2].lstrip("-").isdigit():
                raise InvalidInputError.said("eval.bad_qrel", name=path.name, number=number)
            qrels.setdefault(parts[0], {})[parts[1]] = int(parts[2])
    return qrels


def ndcg_at(ranked: Sequence[str], judged: Mapping[str, int], cutoff: int = 10) -> float:
    dcg = sum(judged.get(doc, 0) / math.log2(rank + 1) for rank, doc in enumerate(ranked[:cutoff], start=1))
    ideal = sorted((g for g in judged.values() if g > 0), reverse=True)[:cutoff]
    idcg = sum(g / math.log2(rank + 1) for rank, g in enumerate(ideal, start=1))
    return dcg / idcg if idcg else 0.0


def recall_at(ranked: Sequence[str], judged: Mapping[str, int], cutoff: int) -> float:
    relevant = {doc for doc, g in judged.items() if g > 0}
    return len(relevant & set(ranked[:cutoff])) / len(relevant) if relevant else 0.0


def reciprocal_rank(ranked: Sequence[str], judged: Mapping[str, int], cutoff: int) -> float:
    for rank, doc in enumerate(ranked[:cutoff], start=1):
        if judged.get(doc, 0) > 0:
            return 1.0 / rank
    return 0.0


def score(runs: Mapping[str, Sequence[str]], qrels: Qrels, k: int) -> dict[str, float]:
    """Mean nDCG@10, recall@k and MRR@k over the judged queries of ``runs`` (query id → ranked names)."""
    ids = [q for q in runs if q in qrels]
    if not ids:
        return {"nDCG@10": 0.0, f"recall@{k}": 0.0, f"MRR@{k}": 0.0}
    return {
        "nDCG@10": sum(ndcg_at(runs[q], qrels[q], 10) for q in ids) / len(ids),
        f"recall@{k}": sum(recall_at(runs[q], qrels[q], k) for q in ids) / len(ids),
        f"MRR@{k}": sum(reciprocal_rank(runs[q], qrels[q], k) for q in ids) / len(ids),
    }


@dataclass(frozen=True)
class EvaluationReport:
    run: EvaluationRun
    metrics: dict[str, float]
    queries: int


class EvaluationService:
    def __init__(
        self, knowledge_bases: KnowledgeBaseRepository, search: KnowledgeSearch, runs: EvaluationRunRepository
    ) -> None:
        self._kbs = knowledge_bases
        self._search = search
        self._runs = runs

    def ranked_documents(
        self,
        kb_id: str,
        queries: Sequence[Query],
        depth: int,
        mode: SearchMode,
        *,
        cancel: CancelToken | None = None,
        on_progress: Callable[[int, int], None] | None = None,
        rerank: bool = True,
    ) -> dict[str, list[str]]:
        """Query id → document names, best first, each once, at least ``depth`` deep where possible."""
        cancel = cancel or CancelToken()
        vectors = None
        if mode is not SearchMode.BM25:
            vectors = self._search.embed_queries([q.text for q in queries], cancel, kb_id=kb_id)
        runs: dict[str, list[str]] = {}
        for i, query in enumerate(queries):
            cancel.raise_if_cancelled()
            result = self._search.search_detailed(
                kb_id,
                query.text,
                depth * 3,
                mode,
                cancel,
                query_vector=None if vectors is None else vectors[i],
                rerank_with=rerank,
            )
            runs[query.id] = list(dict.fromkeys(hit.document for hit in result.hits))[: max(depth, 10)]
            if on_progress is not None:
                on_progress(i + 1, len(queries))
        return runs

    def evaluate(
        self,
        kb_id: str,
        queries_path: Path,
        qrels_path: Path,
        k: int = 10,
        mode: SearchMode | str = SearchMode.HYBRID,
        *,
        cancel: CancelToken | None = None,
        on_progress: Callable[[int, int], None] | None = None,
    ) -> EvaluationReport:
        kb = self._kbs.get(kb_id)
        if kb is None:
            raise InvalidInputError.said("kb.not_found", kb_id=kb_id)
        if k < 1:
            raise InvalidInputError.said("eval.bad_k", k=k)
        chosen = parse_mode(mode)
        qrels = load_qrels(qrels_path)
        queries = [q for q in load_queries(queries_path) if q.id in qrels]
        if not queries:
            raise InvalidInputError.said("eval.no_judged", queries=queries_path.name, qrels=qrels_path.name)
        runs = self.ranked_documents(
            kb_id, queries, max(k, 10), chosen, cancel=cancel, on_progress=on_progress
        )
        metrics = score(runs, qrels, k)
        run = self._runs.add(
            kb_id=kb_id,
            kb_name=kb.name,
            mode=chosen.value,
            k=k,
            queries_path=str(queries_path),
            qrels_path=str(qrels_path),
            query_count=len(queries),
            metrics=metrics,
        )
        return EvaluationReport(run, metrics, len(queries))

    def history(self, kb_id: str | None = None) -> list[EvaluationRun]:
        return self._runs.list(kb_id)
