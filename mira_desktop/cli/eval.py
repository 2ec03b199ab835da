"""`mira eval retrieval|rag|runs`: retrieval and answer quality of a knowledge base on BEIR files."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mira_desktop.cli.output import Output
from mira_desktop.core.conversation.runs import RunKind
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.fileio import write_atomically

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.knowledge.rag_evaluation import RagAnswer, RagQuery

GATE_FAILED = 6  # the run worked but a --fail-below / --fail-above gate did not hold
RUN_TIMEOUT_S = 600.0


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "eval",
        help="measure retrieval (BEIR queries and judgements) and the answers of the RAG route",
        parents=[common],
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    retrieval = commands.add_parser(
        "retrieval", help="nDCG@10, recall@k and MRR of a knowledge base's search", parents=[common]
    )
    retrieval.add_argument("--kb", required=True, metavar="KB", help="knowledge base id or name")
    retrieval.add_argument(
        "--queries", required=True, metavar="FILE", help='BEIR queries.jsonl ({"_id", "text"})'
    )
    retrieval.add_argument(
        "--qrels",
        required=True,
        metavar="FILE",
        help="BEIR qrels .tsv (query-id corpus-id score, with header)",
    )
    retrieval.add_argument("--k", type=int, default=10, help="cut-off for recall and MRR (default 10)")
    retrieval.add_argument("--mode", choices=("hybrid", "vector", "bm25"), default="hybrid")
    retrieval.set_defaults(handler=_retrieval)
    rag = commands.add_parser(
        "rag",
        help="ask each question through the real RAG route and score its sources, refusals and speed",
        parents=[common],
    )
    rag.add_argument("--kb", required=True, metavar="KB", help="knowledge base id or name")
    rag.add_argument(
        "--queries", required=True, metavar="FILE", help="BEIR queries.jsonl (metadata.answers: gold)"
    )
    rag.add_argument("--qrels", required=True, metavar="FILE", help="BEIR qrels .tsv")
    rag.add_argument("--limit", type=int, metavar="N", help="only the first N judged queries")
    rag.add_argument(
        "--config",
        metavar="NAME",
        help="RAG configuration: default, no-grading, model-grading, …, or key=value,…",
    )
    rag.add_argument("--model", metavar="REF", help="the answering model (default: the app's default model)")
    rag.add_argument("--out", metavar="FILE", help="also write the report (JSON) here, e.g. as a baseline")
    rag.add_argument("--baseline", metavar="FILE", help="a saved report to compare with")
    rag.add_argument(
        "--fail-below",
        action="append",
        default=[],
        metavar="METRIC=VALUE",
        help="exit 6 when METRIC is below VALUE (or baseline-DELTA), e.g. right_source_rate=0.8",
    )
    rag.add_argument(
        "--fail-above",
        action="append",
        default=[],
        metavar="METRIC=VALUE",
        help="exit 6 when METRIC is above VALUE (or baseline+DELTA), e.g. wrong_refusal_rate=0.05",
    )
    rag.set_defaults(handler=_rag)
    runs = commands.add_parser("runs", help="earlier evaluation runs", parents=[common])
    runs.add_argument("--kb", metavar="KB", help="only this knowledge base")
    runs.set_defaults(handler=_runs)


def _retrieval(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    kb = services.knowledge_bases.resolve(args.kb)
    report = services.knowledge.evaluation.evaluate(
        kb.id, Path(args.queries), Path(args.qrels), args.k, args.mode
    )
    data = {
        "run_id": report.run.id,
        "knowledge_base": kb.id,
        "mode": args.mode,
        "k": args.k,
        "queries": report.queries,
        **report.metrics,
    }
    text = f"{kb.name}, {args.mode}, {report.queries} queries: " + ", ".join(
        f"{name} {value:.4f}" for name, value in report.metrics.items()
    )
    out.result(data, text)
    return 0


def _rag(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.core.clock import now_iso
    from mira_desktop.services.chat.routes.rag import RagRoute
    from mira_desktop.services.chat.routes.rag_retriever import KnowledgeRetriever
    from mira_desktop.services.knowledge import rag_evaluation as ev
    from mira_desktop.services.knowledge.evaluation import load_qrels
    from mira_desktop.services.knowledge.rag_settings import rag_settings, settings_to_dict

    kb = services.knowledge_bases.resolve(args.kb)
    settings = rag_settings(args.config)
    gates = [ev.parse_gate(g, above=False) for g in args.fail_below]
    gates += [ev.parse_gate(g, above=True) for g in args.fail_above]
    baseline = _baseline(Path(args.baseline)) if args.baseline else None
    if gates and any(g.relative for g in gates) and baseline is None:
        raise InvalidInputError("A gate relative to the baseline needs --baseline FILE.")
    if args.limit is not None and args.limit < 1:
        raise InvalidInputError(f"--limit must be at least 1, not {args.limit}.")
    # This command's own process answers with the configuration asked for: the same route, other settings.
    services.chat.register_route(
        RunKind.RAG, RagRoute(KnowledgeRetriever(services.knowledge.search), settings=settings)
    )
    queries = ev.load_rag_queries(Path(args.queries))
    qrels = load_qrels(Path(args.qrels))

    def progress(done: int, total: int) -> None:
        print(f"\r{done}/{total} questions", end="" if done < total else "\n", file=sys.stderr, flush=True)

    metrics, rows = ev.evaluate_rag(
        queries, qrels, lambda q: _ask(services, kb.id, q, args.model), limit=args.limit, on_progress=progress
    )
    report: dict[str, Any] = {
        "knowledge_base": kb.id,
        "knowledge_base_name": kb.name,
        "model": args.model or "default",
        "config": args.config or "default",
        "settings": settings_to_dict(settings),
        "created_at": now_iso(),
        "metrics": metrics,
    }
    if baseline is not None:
        report["comparison"] = ev.compare(metrics, baseline)
    failures = [f for g in gates if (f := g.check(metrics, baseline)) is not None]
    report["gates"] = {"checked": len(gates), "failed": failures}
    report["per_query"] = rows
    kept = services.knowledge.rag_evaluations.keep(kb.id, report)
    if args.out:
        write_atomically(Path(args.out), json.dumps(report, ensure_ascii=False, indent=2))
    summary = {k: v for k, v in report.items() if k != "per_query"} | {"report": str(kept)}
    out.result(summary, _rag_text(kb.name, metrics, report.get("comparison"), failures))
    for failure in failures:
        print(f"mira: eval rag: gate failed: {failure}", file=sys.stderr)
    return GATE_FAILED if failures else 0


def _ask(services: AppServices, kb_id: str, query: RagQuery, model: str | None) -> RagAnswer:
    """One question on a new thread bound to the knowledge base, through the chat service; the thread
    is deleted afterwards, so the evaluation leaves no conversation behind."""
    from mira_desktop.services.chat.service import SendOptions
    from mira_desktop.services.knowledge.rag_evaluation import RagAnswer

    handle = services.chat.send(None, query.text, SendOptions(model_ref=model, knowledge_base_id=kb_id))
    try:
        status = handle.wait(RUN_TIMEOUT_S)
        if not handle.done.is_set():
            services.chat.stop(handle.run_id)
            status = handle.wait(30)
        answer = services.threads.show(handle.thread_id).messages[-1]
    finally:
        if handle.done.is_set():
            services.threads.destroy(handle.thread_id)
    metadata = dict(answer.metadata or {})
    if answer.error:
        metadata["error"] = answer.error
    sources = [str(s.get("document")) for s in metadata.get("sources") or []]
    return RagAnswer(answer.content, status.value, sources, metadata.get("fixed_reply"), metadata)


def _baseline(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text("utf-8"))
        return dict(data["metrics"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise InvalidInputError(f"{path} is not a report of `mira eval rag --out` ({exc}).") from exc


def _rag_text(name: str, metrics: dict[str, Any], comparison: Any, failures: list[str]) -> str:
    lines = [f"{name}: {metrics['queries']} questions"]
    for key, value in metrics.items():
        if key == "queries" or value is None:
            continue
        change = (comparison or {}).get(key)
        delta = f"  ({change['change']:+.4g} against the baseline)" if change else ""
        lines.append(f"  {key:<24} {value:.4g}{delta}")
    lines += [f"  gate failed: {f}" for f in failures]
    return "\n".join(lines)


def _runs(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    kb_id = services.knowledge_bases.resolve(args.kb).id if args.kb else None
    runs = services.knowledge.evaluation.history(kb_id)
    if out.as_json:
        out.data(runs)
        return 0
    rows = []
    for r in runs:
        ndcg = r.metrics.get("nDCG@10")
        recall = next((v for name, v in r.metrics.items() if name.startswith("recall@")), None)
        mrr = next((v for name, v in r.metrics.items() if name.startswith("MRR")), None)
        values = [f"{v:.4f}" if v is not None else "-" for v in (ndcg, recall, mrr)]
        rows.append(
            [r.id, r.knowledge_base_name, r.mode, str(r.k), str(r.query_count), *values, r.created_at]
        )
    headers = ["ID", "KB", "MODE", "K", "QUERIES", "nDCG@10", "RECALL@K", "MRR@K", "WHEN"]
    out.table(rows, headers, "No evaluation runs.")
    return 0
