"""Evaluating the knowledge-base route as users meet it: the answer, its sources, its refusals, its speed.

Each question (BEIR ``{"_id", "text"}`` JSON lines; DRCD and CMRC carry gold answers in
``metadata.answers``) is asked through the real RAG route by an :data:`Asker` (``mira eval rag``
sends it through the chat service on a thread bound to the knowledge base). Per question:

- ``right_source``: a judged document is among the sources shown under the answer;
- ``first_right_rank``: the number [n] of the first such source;
- ``wrong_refusal``: the route answered "nothing found" although the question has judgements;
- ``gold_answer``: the answer contains one of the gold answers (when the question has any);
- ``cut_off`` / ``stopped_repeating``, the citations Mira added, and the stage timings.

A report is kept per run (``<data>/knowledge/<kb>/evaluations/rag-*.json``) for the Evaluation tab,
and can be compared with a saved baseline under ``--fail-below`` / ``--fail-above`` gates.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.clock import now_iso
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.fileio import write_atomically
from mira_desktop.services.knowledge.evaluation import Qrels
from mira_desktop.services.knowledge.files import KnowledgeFiles
from mira_desktop.store.settings import SettingsRepository

STAGES = ("retrieve", "grade", "rewrite", "first_token", "total")
HIGHER_IS_BETTER = ("right_source_rate", "mrr_shown", "gold_answer_rate")
LOWER_IS_BETTER = ("wrong_refusal_rate", "cut_off_rate", "stopped_repeating_rate", "unsupported_share")


@dataclass(frozen=True)
class RagQuery:
    id: str
    text: str
    answers: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class RagAnswer:
    """What the route produced for one question, read from the answer message."""

    text: str
    status: str
    sources: list[str]  # document names, in the order shown ([1], [2], …)
    fixed_reply: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)


Asker = Callable[[RagQuery], RagAnswer]


def load_rag_queries(path: Path) -> list[RagQuery]:
    if not path.is_file():
        raise InvalidInputError.said("eval.no_queries", path=path)
    queries = []
    for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            answers = (record.get("metadata") or {}).get("answers") or []
            queries.append(RagQuery(str(record["_id"]), str(record["text"]), [str(a) for a in answers]))
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise InvalidInputError.said("eval.bad_query", name=path.name, number=number, error=exc) from exc
    return queries


def judge(query: RagQuery, answer: RagAnswer, judged: Mapping[str, int]) -> dict[str, Any]:
    relevant = {doc for doc, grade in judged.items() if grade > 0}
    ranks = [n for n, doc in enumerate(answer.sources, start=1) if doc in relevant]
    counts = answer.metadata.get("citation_counts") or {}
    timings = answer.metadata.get("timings_ms") or {}
    row: dict[str, Any] = {
        "query_id": query.id,
        "question": query.text,
        "status": answer.status,
        "sources": answer.sources,
        "right_source": bool(ranks),
        "first_right_rank": ranks[0] if ranks else None,
        "wrong_refusal": answer.fixed_reply == "no_relevant_evidence" and bool(relevant),
        "gold_answer": contains_answer(answer.text, query.answers) if query.answers else None,
        "cut_off": bool(answer.metadata.get("cut_off")),
        "stopped_repeating": bool(answer.metadata.get("stopped_repeating")),
        "citations": counts,
        "timings_ms": {s: timings[s] for s in STAGES if s in timings},
        "answer": answer.text,
    }
    return row


def contains_answer(text: str, answers: Sequence[str]) -> bool:
    """Whether ``text`` contains a gold answer (case, spacing and punctuation ignored)."""
    haystack = _normal(text)
    return any(_normal(a) and _normal(a) in haystack for a in answers)


def summarize(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    if not n:
        return {"queries": 0}
    with_gold = [r for r in rows if r["gold_answer"] is not None]
    sentences = sum(sum((r["citations"] or {}).values()) for r in rows)
    unsupported = sum((r["citations"] or {}).get("unsupported", 0) for r in rows)
    metrics: dict[str, Any] = {
        "queries": n,
        "right_source_rate": sum(r["right_source"] for r in rows) / n,
        "mrr_shown": sum(1 / r["first_right_rank"] for r in rows if r["first_right_rank"]) / n,
        "wrong_refusal_rate": sum(r["wrong_refusal"] for r in rows) / n,
        "gold_answer_rate": (sum(bool(r["gold_answer"]) for r in with_gold) / len(with_gold))
        if with_gold
        else None,
        "cut_off_rate": sum(r["cut_off"] for r in rows) / n,
        "stopped_repeating_rate": sum(r["stopped_repeating"] for r in rows) / n,
        "mean_sources_shown": sum(len(r["sources"]) for r in rows) / n,
        "unsupported_share": unsupported / sentences if sentences else 0.0,
    }
    for stage in STAGES:
        values = sorted(r["timings_ms"][stage] for r in rows if stage in r["timings_ms"])
        if values:
            metrics[f"{stage}_p50_ms"] = _percentile(values, 0.5)
            metrics[f"{stage}_p95_ms"] = _percentile(values, 0.95)
    return metrics


def evaluate_rag(
    queries: Sequence[RagQuery],
    qrels: Qrels,
    ask: Asker,
    *,
    limit: int | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Ask every judged query (the first ``limit``); returns the metrics and one row per query."""
    judged = [q for q in queries if q.id in qrels]
    if limit is not None:
        judged = judged[:limit]
    if not judged:
        raise InvalidInputError.said("eval.nothing_judged")
    rows = []
    for i, query in enumerate(judged, start=1):
        rows.append(judge(query, ask(query), qrels[query.id]))
        if on_progress is not None:
            on_progress(i, len(judged))
    return summarize(rows), rows


@dataclass(frozen=True)
class Gate:
    metric: str
    bound: float  # absolute, or relative to the baseline when ``relative``
    above: bool  # True: fail when the metric is above the bound
    relative: bool = False

    def check(self, metrics: Mapping[str, Any], baseline: Mapping[str, Any] | None) -> str | None:
        """A sentence saying how the gate failed, or None."""
        value = metrics.get(self.metric)
        if not isinstance(value, int | float):
            return f"{self.metric} was not measured"
        limit = self.bound
        if self.relative:
            base = (baseline or {}).get(self.metric)
            if not isinstance(base, int | float):
                return f"{self.metric} has no baseline value to compare with"
            limit = base + self.bound
        if (value > limit) if self.above else (value < limit):
            side = "above" if self.above else "below"
            return f"{self.metric} {value:.4g} is {side} {limit:.4g}"
        return None


def parse_gate(spec: str, above: bool) -> Gate:
    """``METRIC=0.8`` (absolute) or ``METRIC=baseline-0.05`` / ``METRIC=baseline+0.1`` (relative)."""
    metric, sep, bound = spec.partition("=")
    match = re.fullmatch(r"baseline([+-]\d*\.?\d+)?|(-?\d*\.?\d+)", bound.strip())
    if not sep or match is None or metric.strip() not in (*HIGHER_IS_BETTER, *LOWER_IS_BETTER, *_latency()):
        raise InvalidInputError.said(
            "eval.bad_gate", spec=spec, metrics=", ".join((*HIGHER_IS_BETTER, *LOWER_IS_BETTER))
        )
    if match.group(2) is not None:
        return Gate(metric.strip(), float(match.group(2)), above)
    return Gate(metric.strip(), float(match.group(1) or 0), above, relative=True)


def compare(metrics: Mapping[str, Any], baseline: Mapping[str, Any]) -> dict[str, dict[str, float]]:
    """Each metric both reports have: this run, the baseline, and the change."""
    changes = {}
    for name, value in metrics.items():
        base = baseline.get(name)
        if isinstance(value, int | float) and isinstance(base, int | float) and name != "queries":
            changes[name] = {"now": value, "baseline": base, "change": value - base}
    return changes


def keep_report(folder: Path, report: Mapping[str, Any]) -> Path:
    """Write the report beside the knowledge base's index (the Evaluation tab charts them)."""
    stamp = re.sub(r"[^0-9A-Za-z]", "", str(report.get("created_at") or now_iso()))
    path = folder / f"rag-{stamp}.json"
    write_atomically(path, json.dumps(report, ensure_ascii=False, indent=2))
    return path


def report_history(folder: Path, limit: int = 50) -> list[dict[str, Any]]:
    """The kept reports of one knowledge base, newest first, without their per-query rows."""
    found = []
    for path in sorted(folder.glob("rag-*.json"), reverse=True)[:limit]:
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            continue
        data.pop("per_query", None)
        data["path"] = str(path)
        found.append(data)
    return found


class RagEvaluations:
    """The kept `mira eval rag` reports of each knowledge base (what the Evaluation tab charts)."""

    def __init__(self, files: KnowledgeFiles, settings: SettingsRepository, changes: ChangeFeed) -> None:
        self._files = files
        self._settings = settings
        self._changes = changes

    def keep(self, kb_id: str, report: Mapping[str, Any]) -> Path:
        """Keep the report; the newest one's name is also written to the database, so a window open
        in another process (``mira eval rag`` runs beside it) sees the commit and charts it."""
        path = keep_report(self._files.evaluations_dir(kb_id), report)
        self._settings.set(f"knowledge.{kb_id}.newest_rag_report", path.name)
        self._changes.publish(Topic.KNOWLEDGE_BASES, kb_id)
        return path

    def history(self, kb_id: str, limit: int = 50) -> list[dict[str, Any]]:
        return report_history(self._files.evaluations_dir(kb_id), limit)


def _latency() -> list[str]:
    return [f"{s}_{p}_ms" for s in STAGES for p in ("p50", "p95")]


def _normal(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.lower())


def _percentile(ordered: Sequence[float], share: float) -> float:
    return float(ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))])
