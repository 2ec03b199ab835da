"""`mira eval retrieval|runs`: retrieval quality of a knowledge base on BEIR files."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "eval", help="evaluate retrieval on BEIR queries and judgements", parents=[common]
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
