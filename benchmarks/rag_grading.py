"""Grading and HyDE by measurement: which RAG configuration shows the right source most often.

Two bases built through Mira (default embedder): DRCD dev paragraphs (Chinese, gold answers) and
SciFact abstracts (English, **train** judgements). Then:

1. **Threshold calibration**, no model: for every judged question of each base, the top 5 passages;
   for each share *t*, the passages kept by threshold grading (fused score ≥ *t* × the best one's):
   how often the right document is among them, and how many are shown.
2. **The real route** through `mira eval rag` with the answering model (default ``local:smollm2``)
   for each configuration: no grading, threshold grading (the default), grading by the model (with
   HyDE on refusal), HyDE always. Answers are capped at ``--answer-tokens`` to keep the run short:
   which sources are shown does not depend on the answer's length.

    python benchmarks/rag_grading.py [--work DIR] [--questions 20] [--model local:smollm2]

Prints tables and writes ``benchmarks/results/rag_grading.json``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from reporting import Goals, machine, machine_load, table, write_results  # noqa: E402

from mira_desktop.app import build_services, main  # noqa: E402
from mira_desktop.services.knowledge.evaluation import load_qrels, load_queries  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SETS = {
    "drcd": DATA / "zh" / "drcd_dev_beir",
    "scifact": DATA / "scifact",
}
CONFIGS = ("no-grading", "default", "model-grading", "hyde-always")
SHARES = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)


def make_files(name: str, docs: int, work: Path) -> tuple[Path, Path, Path]:
    """The first ``docs`` documents that have judged questions, their questions and judgements."""
    base = SETS[name]
    qrels_file = next((base / "qrels").glob("*.tsv"))
    rows = qrels_file.read_text("utf-8").splitlines()[1:]
    judged_docs = list(dict.fromkeys(r.split("\t")[1] for r in rows))
    keep = set(judged_docs[:docs])
    corpus = [
        line
        for line in (base / "corpus.jsonl").read_text("utf-8").splitlines()
        if json.loads(line)["_id"] in keep
    ]
    kept_rows = [r for r in rows if r.split("\t")[1] in keep]
    questions = {r.split("\t")[0] for r in kept_rows}
    folder = work / "files" / f"{name}-{docs}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "corpus.jsonl").write_text("\n".join(corpus) + "\n", "utf-8")
    queries = [
        line
        for line in (base / "queries.jsonl").read_text("utf-8").splitlines()
        if json.loads(line)["_id"] in questions
    ]
    (folder / "queries.jsonl").write_text("\n".join(queries) + "\n", "utf-8")
    (folder / "qrels.tsv").write_text("query-id\tcorpus-id\tscore\n" + "\n".join(kept_rows) + "\n", "utf-8")
    return folder / "corpus.jsonl", folder / "queries.jsonl", folder / "qrels.tsv"


def calibrate(app: Any, kb_id: str, queries_path: Path, qrels_path: Path) -> dict[str, dict[str, float]]:
    qrels = load_qrels(qrels_path)
    queries = [q for q in load_queries(queries_path) if q.id in qrels]
    found: dict[str, dict[str, float]] = {f"{t:.1f}": {"right": 0, "shown": 0} for t in SHARES}
    for query in queries:
        hits = app.knowledge.search.search(kb_id, query.text, 5)
        if not hits:
            continue
        best = max(h.scores.get("fused", 0.0) for h in hits)
        for t in SHARES:
            shown = [h for h in hits if h.scores.get("fused", 0.0) >= t * best]
            cell = found[f"{t:.1f}"]
            cell["right"] += any(h.document in qrels[query.id] for h in shown)
            cell["shown"] += len(shown)
    return {
        t: {
            "right_source_rate": c["right"] / len(queries),
            "mean_shown": c["shown"] / len(queries),
            "questions": len(queries),
        }
        for t, c in found.items()
    }


class StageContext:
    """What the route's retrieval, grading and rewriting read from a run: the model, its window, the
    cancel token, and a journal (kept in memory here; no run is recorded)."""

    def __init__(self, model: Any) -> None:
        from types import SimpleNamespace

        from mira_desktop.core.cancel import CancelToken

        self.model = model
        self.request = SimpleNamespace(window=model.profile().context_window)
        self.cancel = CancelToken()
        self.events: list[tuple[str, Any]] = []

    def emit(self, event_type: str, data: Any = None) -> None:
        self.events.append((event_type, data))

    def model_for(self, role: str) -> Any:
        return self.model  # one model measured for every role


def grading_stage(
    app: Any, kb_id: str, files: tuple[Path, Path, Path], config: str, args: argparse.Namespace
) -> dict[str, Any]:
    """The route's own retrieve → grade → HyDE for each question, with the real model; no answer."""
    import time

    from mira_desktop.services.chat.routes.rag import Clock, RagRoute
    from mira_desktop.services.chat.routes.rag_retriever import KnowledgeRetriever
    from mira_desktop.services.knowledge.rag_settings import rag_settings

    qrels = load_qrels(files[2])
    queries = [q for q in load_queries(files[1]) if q.id in qrels][: args.stage_questions]
    route = RagRoute(KnowledgeRetriever(app.knowledge.search), settings=rag_settings(config))
    model = app.models.registry.get(args.model)
    right = refused = shown = rewrote = right_first = refused_first = 0
    stage_ms: dict[str, list[float]] = {}
    for query in queries:
        context = StageContext(model)
        clock = Clock()
        started = time.perf_counter()
        chosen = route.evidence(context, kb_id, query.text, clock)  # type: ignore[arg-type]
        stage_ms.setdefault("total", []).append((time.perf_counter() - started) * 1000)
        for name, ms in clock.stages.items():
            stage_ms.setdefault(name, []).append(ms)
        right += any(e.document in qrels[query.id] for e in chosen)
        refused += not chosen
        shown += len(chosen)
        # What the first grading kept (the figures without HyDE on refusal).
        graded = [d for t, d in context.events if t == "evidence.graded"]
        hits = [d for t, d in context.events if t == "retrieval.completed"]
        first = [hits[0]["hits"][n - 1]["document"] for n in graded[0]["relevant"]] if graded and hits else []
        rewrote += any(t == "query.rewritten" for t, _ in context.events)
        right_first += any(doc in qrels[query.id] for doc in first)
        refused_first += not first
    n = len(queries)
    return {
        "questions": n,
        "right_source_rate": right / n,
        "wrong_refusal_rate": refused / n,
        "mean_sources_shown": shown / n,
        "rewrites": rewrote,
        "right_source_rate_without_hyde": right_first / n,
        "wrong_refusal_rate_without_hyde": refused_first / n,
        **{f"{k}_p50_ms": sorted(v)[len(v) // 2] for k, v in stage_ms.items()},
    }


def eval_rag(
    data_dir: Path, kb: str, files: tuple[Path, Path, Path], config: str, args: argparse.Namespace
) -> dict[str, Any]:
    out = args.work / "reports" / f"{kb}-{config}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    spec = f"{config}:answer_max_tokens={args.answer_tokens}"
    argv = ["--data-dir", str(data_dir), "--json", "eval", "rag", "--kb", kb, "--queries", str(files[1]),
            "--qrels", str(files[2]), "--limit", str(args.questions), "--config", spec, "--model", args.model,
            "--out", str(out)]  # fmt: skip
    with contextlib.redirect_stdout(io.StringIO()):
        code = main(argv)
    if code != 0:
        raise SystemExit(f"mira eval rag failed ({code}) for {kb} {config}")
    return dict(json.loads(out.read_text("utf-8"))["metrics"])


def main_() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--work", type=Path, default=Path("/tmp/mira-rag-grading"))
    parser.add_argument("--drcd-docs", type=int, default=100)
    parser.add_argument("--scifact-docs", type=int, default=300)
    parser.add_argument("--questions", type=int, default=20)
    parser.add_argument("--answer-tokens", type=int, default=96)
    parser.add_argument("--model", default="local:smollm2")
    parser.add_argument("--configs", default=",".join(CONFIGS))
    parser.add_argument("--skip-route", action="store_true", help="only the threshold calibration")
    parser.add_argument("--skip-calibration", action="store_true", help="only the route")
    parser.add_argument(
        "--stage-questions", type=int, default=0, help="grading-stage questions per set (0: skip)"
    )
    parser.add_argument("--stage-configs", default="no-grading,default,model-grading,model-grading-no-hyde")
    args = parser.parse_args()
    data_dir = args.work / "data"
    results: dict[str, Any] = {
        "machine": machine(),
        "load_before": machine_load(),
        "args": {k: str(v) for k, v in vars(args).items()},
    }
    files = {
        "drcd": make_files("drcd", args.drcd_docs, args.work),
        "scifact": make_files("scifact", args.scifact_docs, args.work),
    }
    app = build_services(data_dir)
    try:
        kbs = {}
        for name, (corpus, _queries, _qrels) in files.items():
            found = [kb for kb in app.knowledge_bases.list() if kb.name == name]
            kb = found[0] if found else app.knowledge_bases.create(name)
            if not app.knowledge.search.searchable_documents(kb.id):
                app.knowledge.queue.add(kb.id, [str(corpus)])
                app.knowledge.queue.run(kb.id)
            kbs[name] = kb.id
        if not args.skip_calibration:
            results["calibration"] = {n: calibrate(app, kbs[n], files[n][1], files[n][2]) for n in files}
        if args.stage_questions:
            results["stage"] = {}
            for name, paths in files.items():
                for config in args.stage_configs.split(","):
                    found = grading_stage(app, kbs[name], paths, config, args)
                    results["stage"][f"{name}|{config}"] = found
                    print("stage", name, config, json.dumps(found), flush=True)
    finally:
        app.close()
    for name, rows in results.get("calibration", {}).items():
        print(
            f"\nthreshold grading on {name} ({next(iter(rows.values()))['questions']} questions, top 5, no model)"
        )
        print(
            table(
                ["share", "right among shown", "shown"],
                [[t, f"{r['right_source_rate']:.3f}", f"{r['mean_shown']:.2f}"] for t, r in rows.items()],
            )
        )
    if not args.skip_route:
        results["route"] = {}
        for name, paths in files.items():
            for config in args.configs.split(","):
                metrics = eval_rag(data_dir, name, paths, config, args)
                results["route"][f"{name}|{config}"] = metrics
                print(name, config, json.dumps(metrics), flush=True)
        keys = ["right_source_rate", "mrr_shown", "wrong_refusal_rate", "gold_answer_rate", "mean_sources_shown",
                "grade_p50_ms", "rewrite_p50_ms", "first_token_p50_ms", "total_p50_ms"]  # fmt: skip
        rows = [[k, *(_cell(m.get(c)) for c in keys)] for k, m in results["route"].items()]
        print(table(["set|config", *keys], rows))
    results["load_after"] = machine_load()
    goals = Goals("rag_grading")  # it measures configurations to choose the default: no goal to meet
    goals.print()
    print(f"wrote {write_results('rag_grading', results, goals)}")
    return goals.exit_status()


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    return f"{value:.3f}" if isinstance(value, float) and value <= 1.0 else f"{value:.0f}"


if __name__ == "__main__":
    sys.exit(main_())
