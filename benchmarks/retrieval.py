"""Knowledge-base retrieval: quality on given BEIR judgements, hybrid query latency against LanceDB's
own hybrid search at the corpus size and at a large size built from distinct texts, and ingestion
time against a bare ``encode()`` of the same de-duplicated texts.

In one run, on the same data:

1. Ingestion, ``--ingest-runs`` runs (default 5): the first ``--ingest-docs`` abstracts of the
   corpus added and indexed through Mira's real path (stored copies, SQLite jobs, parsing,
   chunking, embedding, LanceDB, Tantivy, publish) into a new knowledge base each run, the model
   already loaded, against one bare ``SentenceTransformer.encode()`` of the very texts Mira embeds:
   the search texts of the leaves Mira's own reader and chunker make of those abstracts,
   de-duplicated as Mira de-duplicates them (by content). Runs alternate which side goes first.
2. Quality: nDCG@10, recall@10 and MRR@10 of bm25, vector and hybrid on the whole corpus, with the
   judgements of ``--qrels`` and the queries of ``--queries`` (those with judgements). The default
   is the SciFact train split that Mira's settings were tuned on, and the output says so: it is not
   a held-out figure. Give the test split (``--qrels …/qrels/test.tsv``) for one. Deterministic:
   one run.
3. Latency at the corpus size and at ``--large-leaves`` leaves (default 100,000): the large index is
   the corpus plus distinct texts added through the same ingestion (each sentence of the SciFact
   abstracts and of the CMRC 2018 and DRCD paragraphs as a document of its own, then SciFact
   two-sentence windows until the target is reached; every added text differs from every other and
   from the corpus leaves); leaf and distinct-text counts are measured from the index and printed.
   Mira's hybrid search against LanceDB's ``query_type="hybrid"`` (its own full-text index plus RRF)
   on the same ``leaves`` table, both given the same precomputed query vector, queries interleaved;
   ``--latency-runs`` passes (default 5) over ``--latency-queries`` queries, each pass giving a p50
   and a p95, printed as the median of the passes with min and max. Query embedding is timed apart.

Prints a table and writes ``benchmarks/results/retrieval.json`` (after each stage, so a run that is
stopped keeps what it measured) with every run and the machine load before and after. On a busy
2-core machine the default large index takes 40 minutes and more to build (about 40 ms a document
under load); ``--large-leaves 35000`` keeps that part near 15 minutes.

    python benchmarks/retrieval.py [--qrels PATH] [--queries PATH] [--corpus PATH]
        [--ingest-docs 1000] [--ingest-runs 5] [--latency-queries 200] [--latency-runs 5]
        [--large-leaves 100000 | --skip-large] [--work DIR]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
# LanceDB logs a deprecation warning on every hybrid query; printing it would be timed as its latency.
os.environ.setdefault("LANCEDB_LOG", "error")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reporting import (  # noqa: E402
    Goals,
    Spread,
    machine,
    machine_load,
    percentile,
    printed_table,
    table,
    write_results,
)

from mira_desktop.app import build_services  # noqa: E402
from mira_desktop.services.app.bundle import AppServices  # noqa: E402
from mira_desktop.services.knowledge.evaluation import load_qrels, load_queries, score  # noqa: E402
from mira_desktop.services.knowledge.search import SearchMode  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SCIFACT = DATA / "scifact"
TRAIN_QRELS = SCIFACT / "qrels" / "train.tsv"
TRAIN_LABEL = "train split (used for tuning — not a held-out figure)"
ZH_CORPORA = (
    DATA / "zh" / "cmrc2018_dev_beir" / "corpus.jsonl",
    DATA / "zh" / "drcd_dev_beir" / "corpus.jsonl",
)


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def ingest(app: AppServices, kb_id: str, corpus: Path) -> dict[str, float]:
    """Wall and CPU seconds to add and index ``corpus`` through Mira, and what the run embedded."""
    wall, cpu = time.perf_counter(), time.process_time()
    app.knowledge.queue.add(kb_id, [str(corpus)])
    last = [time.monotonic()]

    def progress(p: Any) -> None:
        if time.monotonic() - last[0] > 60:
            last[0] = time.monotonic()
            log(f"  {p.jobs_done}/{p.jobs_total} documents, {p.message}")

    report = app.knowledge.queue.run(kb_id, on_progress=progress)
    result = {
        "wall_s": time.perf_counter() - wall,
        "cpu_s": time.process_time() - cpu,
        "documents": float(report.published),
        "failed": float(report.failed),
        "embedded": float(report.embedded),
        "reused": float(report.reused),
    }
    log(
        f"  indexed {report.published} documents ({report.failed} failed), embedded {report.embedded}, "
        f"reused {report.reused} in {result['wall_s']:.1f} s"
    )
    return result


def leaf_texts(app: AppServices, corpus: Path, folder: Path) -> list[str]:
    """The search texts of every leaf Mira will make of ``corpus``: its own reader and chunker, on the
    same records it stores, without embedding anything."""
    from mira_desktop.services.knowledge.files import beir_entries
    from mira_desktop.services.knowledge.indexing.reading import chunk_file

    folder.mkdir(parents=True, exist_ok=True)
    settings = app.knowledge.queue.builder.settings
    count = app.knowledge.embedder.count_tokens
    texts = []
    for entry in beir_entries(corpus):
        path = folder / entry.stored_name
        path.write_bytes(entry.read())
        texts.extend(leaf.search_text for leaf in chunk_file(path, entry.name, settings, count).chunks.leaves)
    return texts


def pure_encode(app: AppServices, texts: list[str]) -> dict[str, float]:
    """Wall and CPU seconds of one bare ``encode()`` of ``texts`` by the very model Mira uses."""
    model = app.knowledge.embedder._model()  # the loaded SentenceTransformer
    wall, cpu = time.perf_counter(), time.process_time()
    model.encode(
        texts,
        batch_size=app.knowledge.embedder.batch_size,
        normalize_embeddings=True,
        show_progress_bar=False,
    )
    return {"wall_s": time.perf_counter() - wall, "cpu_s": time.process_time() - cpu}


def head(corpus: Path, target: Path, documents: int) -> Path:
    with corpus.open(encoding="utf-8") as source, target.open("w", encoding="utf-8") as out:
        for number, line in enumerate(source):
            if number >= documents:
                break
            out.write(line)
    return target


def ingestion(app: AppServices, corpus: Path, work: Path, documents: int, runs: int) -> dict[str, Any]:
    """Mira's ingestion of the first ``documents`` abstracts against ``encode()`` of the same texts."""
    app.knowledge.embedder.load()
    subset = head(corpus, work / "ingest-subset.jsonl", documents)
    leaves = leaf_texts(app, subset, work / "records")
    unique = list(dict.fromkeys(leaves))  # Mira embeds each distinct text once
    pure_encode(app, unique[:64])  # warm-up of the model's first call, not counted
    mira_runs: list[dict[str, float]] = []
    encode_runs: list[dict[str, float]] = []
    for number in range(runs):
        kb = app.knowledge_bases.create(f"ingestion run {number + 1}")
        sides = [
            ("encode", lambda: pure_encode(app, unique)),
            ("mira", lambda kb_id=kb.id: ingest(app, kb_id, subset)),
        ]
        for name, run in sides if number % 2 == 0 else reversed(sides):
            log(f"ingestion run {number + 1}/{runs}: {name}")
            (encode_runs if name == "encode" else mira_runs).append(run())
            if name == "encode":
                log(f"  encode() of {len(unique)} texts in {encode_runs[-1]['wall_s']:.1f} s")
        if number == 0:
            generation = app.knowledge.bases._indexes.get(kb.id).live()
            assert generation is not None
            indexed = {leaf.search_text for leaf in generation.vectors.all_leaves()}
            assert indexed == set(unique), "the baseline must encode exactly the texts Mira indexed"
        if mira_runs[-1]["embedded"] != len(unique) or mira_runs[-1]["reused"]:
            raise RuntimeError(f"Mira embedded {mira_runs[-1]} but the baseline encodes {len(unique)} texts")
        app.knowledge_bases.delete(kb.id)
    mira_wall = Spread.of([r["wall_s"] for r in mira_runs])
    encode_wall = Spread.of([r["wall_s"] for r in encode_runs])
    return {
        "documents": documents,
        "leaves": len(leaves),
        "distinct_texts_embedded": len(unique),
        "mira_s": mira_wall.to_json([r["wall_s"] for r in mira_runs]),
        "encode_s": encode_wall.to_json([r["wall_s"] for r in encode_runs]),
        "ratio_of_medians": mira_wall.median / encode_wall.median,
        "ratio_per_run": Spread.of(
            [m["wall_s"] / e["wall_s"] for m, e in zip(mira_runs, encode_runs, strict=True)]
        ).to_json(),
        "cpu_ratio_per_run": Spread.of(
            [m["cpu_s"] / e["cpu_s"] for m, e in zip(mira_runs, encode_runs, strict=True)]
        ).to_json(),
        "mira_runs": mira_runs,
        "encode_runs": encode_runs,
    }


def quality(app: AppServices, kb_id: str, qrels_path: Path, queries_path: Path) -> dict[str, Any]:
    qrels = load_qrels(qrels_path)
    queries = [q for q in load_queries(queries_path) if q.id in qrels]
    results: dict[str, Any] = {"queries": len(queries)}
    for mode in (SearchMode.BM25, SearchMode.VECTOR, SearchMode.HYBRID):
        runs = app.knowledge.evaluation.ranked_documents(kb_id, queries, 10, mode)
        results[mode.value] = score(runs, qrels, 10)
        log(f"  {mode.value}: {results[mode.value]}")
    return results


def latency(app: AppServices, kb_id: str, texts: list[str], passes: int) -> dict[str, Any]:
    search = app.knowledge.search
    vectors = search.embed_queries(texts)
    generation = app.knowledge.bases._indexes.get(kb_id).live()
    assert generation is not None
    table_ = generation.vectors.table("leaves")
    from lancedb.index import FTS

    started = time.perf_counter()
    table_.create_index("text", config=FTS(), replace=True)
    fts_build_s = time.perf_counter() - started

    def mira(i: int) -> None:
        search.search_detailed(kb_id, texts[i], 10, SearchMode.HYBRID, query_vector=vectors[i])

    def lancedb(i: int) -> None:
        (
            table_.search(query_type="hybrid", vector_column_name="vector")
            .vector(vectors[i])
            .text(texts[i])
            .limit(10)
            .select(["row_id", "text", "location_json", "version_id"])
            .to_arrow()
        )

    def embed(i: int) -> None:
        search.embed_queries([texts[i]])

    for fn in (mira, lancedb, embed):  # warm-up, not counted
        for i in range(5):
            fn(i)
    pass_stats: dict[str, list[float]] = {}
    for _ in range(passes):
        timings: dict[str, list[float]] = {"mira": [], "lancedb": [], "embedding": []}
        for i in range(len(texts)):  # interleaved, so both see the same machine state
            for name, fn in (("mira", mira), ("lancedb", lancedb)):
                started = time.perf_counter()
                fn(i)
                timings[name].append((time.perf_counter() - started) * 1000)
        for i in range(min(50, len(texts))):
            started = time.perf_counter()
            embed(i)
            timings["embedding"].append((time.perf_counter() - started) * 1000)
        for name, values in timings.items():
            pass_stats.setdefault(f"{name}_p50_ms", []).append(percentile(values, 0.5))
            pass_stats.setdefault(f"{name}_p95_ms", []).append(percentile(values, 0.95))
        pass_stats.setdefault("ratio_p50", []).append(
            pass_stats["mira_p50_ms"][-1] / pass_stats["lancedb_p50_ms"][-1]
        )
    leaves = generation.vectors.all_leaves()
    return {
        "leaves": len(leaves),
        "distinct_texts": len({leaf.search_text for leaf in leaves}),
        "queries": len(texts),
        "passes": passes,
        "mira_vector_search": generation.vectors.search_backend(),
        "lancedb_ann_index": any(ix.name == "vector_idx" for ix in table_.list_indices()),
        "lancedb_fts_build_s": fts_build_s,
        "figures": {key: Spread.of(values).to_json(values) for key, values in pass_stats.items()},
    }


def sentences(path: Path) -> Iterator[list[str]]:
    from mira_desktop.ingest.sentences import split_sentences

    with path.open(encoding="utf-8") as handle:
        for line in handle:
            yield [s.strip() for s in split_sentences(str(json.loads(line).get("text") or "")) if s.strip()]


def distinct_documents(corpus: Path, taken: set[str], target: Path, wanted: int) -> int:
    """Write up to ``wanted`` one-text BEIR documents, each text new to ``taken``; returns how many.

    Sentences of the corpus, then of the Chinese corpora, then two-sentence windows of the corpus.
    """

    def candidates() -> Iterator[str]:
        for source in (corpus, *ZH_CORPORA):
            for found in sentences(source):
                yield from found
        for found in sentences(corpus):
            yield from (f"{a} {b}" for a, b in itertools.pairwise(found))

    written = 0
    with target.open("w", encoding="utf-8") as out:
        for text in candidates():
            if written >= wanted:
                break
            if len(text) < 20 or text in taken:
                continue
            taken.add(text)
            out.write(
                json.dumps({"_id": f"distinct-{written}", "title": "", "text": text}, ensure_ascii=False)
                + "\n"
            )
            written += 1
    return written


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--corpus", type=Path, default=SCIFACT / "corpus.jsonl", help="BEIR corpus.jsonl")
    parser.add_argument("--queries", type=Path, default=SCIFACT / "queries.jsonl", help="BEIR queries.jsonl")
    parser.add_argument("--qrels", type=Path, default=TRAIN_QRELS, help="BEIR qrels .tsv for quality")
    parser.add_argument("--qrels-label", help="what the qrels are, for the output (default: from the path)")
    parser.add_argument("--ingest-docs", type=int, default=1000, help="abstracts in each ingestion run")
    parser.add_argument("--ingest-runs", type=int, default=5)
    parser.add_argument("--latency-queries", type=int, default=200)
    parser.add_argument("--latency-runs", type=int, default=5, help="passes over the latency queries")
    parser.add_argument("--large-leaves", type=int, default=100_000, help="leaves of the large index")
    parser.add_argument("--skip-large", action="store_true", help="no large index")
    parser.add_argument("--work", type=Path, help="working folder (default: a temporary one, removed after)")
    args = parser.parse_args()
    if args.ingest_runs < 5 or args.latency_runs < 5:
        parser.error("--ingest-runs and --latency-runs must be at least 5")
    if not args.qrels_label:
        if args.qrels.resolve() == TRAIN_QRELS.resolve():
            args.qrels_label = f"SciFact {TRAIN_LABEL}"
        else:
            args.qrels_label = f"judgements of {args.qrels} (given with --qrels)"
    return args


def measure(app: AppServices, args: argparse.Namespace, work: Path, out: dict[str, Any]) -> None:
    """Each stage's figures go into ``out``, written to the results file as soon as they exist."""
    log(f"ingestion: {args.ingest_runs} runs of {args.ingest_docs} abstracts against encode()")
    out["ingestion"] = ingestion(app, args.corpus, work, args.ingest_docs, args.ingest_runs)
    write_results("retrieval", out)
    kb = app.knowledge_bases.create("corpus")
    log("indexing the whole corpus once, for quality and latency")
    out["corpus_index"] = ingest(app, kb.id, args.corpus)
    log(f"quality on the {args.qrels_label}")
    out["quality"] = quality(app, kb.id, args.qrels, args.queries)
    write_results("retrieval", out)
    queries = [q.text for q in load_queries(args.queries)][: args.latency_queries]
    log("latency at the corpus size")
    out["latency_corpus"] = latency(app, kb.id, queries, args.latency_runs)
    write_results("retrieval", out)
    if args.skip_large:
        return
    generation = app.knowledge.bases._indexes.get(kb.id).live()
    assert generation is not None
    taken = {leaf.search_text for leaf in generation.vectors.all_leaves()}
    wanted = max(0, args.large_leaves - len(taken))
    added = distinct_documents(args.corpus, taken, work / "distinct.jsonl", wanted)
    log(f"adding {added} distinct one-text documents (target {args.large_leaves} leaves)")
    out["large_ingest"] = ingest(app, kb.id, work / "distinct.jsonl")
    write_results("retrieval", out)
    log("latency at the large size")
    out["latency_large"] = latency(app, kb.id, queries, args.latency_runs)


def main() -> int:
    args = arguments()
    work = args.work or Path(tempfile.mkdtemp(prefix="mira-bench-retrieval-"))
    shutil.rmtree(work / "data", ignore_errors=True)
    work.mkdir(parents=True, exist_ok=True)
    out: dict[str, Any] = {"machine": machine(), "load_before": machine_load()}
    out.update(
        qrels=str(args.qrels),
        qrels_label=args.qrels_label,
        arguments={k: str(v) for k, v in vars(args).items()},
    )
    app = build_services(work / "data")
    try:
        measure(app, args, work, out)
    finally:
        app.close()
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)
    out["load_after"] = machine_load()
    print_table(out)
    out["table"] = summary_table(out)
    goals = judge(out)
    goals.print()
    path = write_results("retrieval", out, goals)
    print(f"\nwritten to {path}")
    return goals.exit_status()


def summary_table(out: dict[str, Any]) -> dict[str, Any]:
    """The headline figures, for the READMEs (tools/bench_figures.py)."""
    q, ing = out["quality"], out["ingestion"]
    rows = [[f"nDCG@10 {mode}", f"{q[mode]['nDCG@10']:.4f}"] for mode in ("bm25", "vector", "hybrid")]
    rows.append(["ingestion / encode() of the same texts (median ratio)", f"{ing['ratio_per_run']['median']:.3f}"])
    for key in ("latency_corpus", "latency_large"):
        if key in out:
            f, leaves = out[key]["figures"], f"{out[key]['leaves']:,} leaves"
            rows.append([f"hybrid p50 Mira / LanceDB, {leaves} (ms)", f"{f['mira_p50_ms']['median']:.1f} / {f['lancedb_p50_ms']['median']:.1f}"])
            rows.append([f"hybrid p95 Mira / LanceDB, {leaves} (ms)", f"{f['mira_p95_ms']['median']:.1f} / {f['lancedb_p95_ms']['median']:.1f}"])
    return printed_table(f"Retrieval on the {out['qrels_label']}", ["", "figure"], rows)


def judge(out: dict[str, Any]) -> Goals:
    """Issue 6's goals: hybrid above both single modes; Mira's hybrid no slower than LanceDB's (p50
    ratio), p50 <= 50 ms at the corpus size and <= 150 ms at the large size (query embedding
    excluded); ingestion <= 1.15x a bare encode() of the same texts."""
    goals = Goals("retrieval")
    q = out["quality"]
    best_single = max(q["bm25"]["nDCG@10"], q["vector"]["nDCG@10"])
    goals.at_least(
        f"hybrid nDCG@10 above bm25 and vector ({out['qrels_label']})", q["hybrid"]["nDCG@10"], best_single, "", 4
    )
    goals.at_most("ingestion / encode() of the same texts (median)", out["ingestion"]["ratio_per_run"]["median"], 1.15, "x", 3)
    for key, size, limit in (("latency_corpus", "corpus", 50.0), ("latency_large", "large", 150.0)):
        if key not in out:
            continue
        f = out[key]["figures"]
        leaves = f"{out[key]['leaves']:,} leaves"
        goals.at_most(f"Mira hybrid / LanceDB hybrid p50, {size} ({leaves})", f["ratio_p50"]["median"], 1.0, "x", 2)
        goals.at_most(f"Mira hybrid p50, {size} ({leaves})", f["mira_p50_ms"]["median"], limit, " ms")
    return goals


def print_table(out: dict[str, Any]) -> None:
    q = out["quality"]
    print(f"\nQuality on the {out['qrels_label']}: {q['queries']} queries (deterministic, one run)")
    rows = [
        [mode, *(f"{q[mode][m]:.4f}" for m in ("nDCG@10", "recall@10", "MRR@10"))]
        for mode in ("bm25", "vector", "hybrid")
    ]
    print(table(["", "nDCG@10", "recall@10", "MRR@10"], rows))

    ing = out["ingestion"]
    print(
        f"\nIngestion of {ing['documents']} abstracts ({ing['leaves']} leaves, {ing['distinct_texts_embedded']} distinct "
        f"texts embedded), s, median of {ing['mira_s']['runs']} runs with min and max"
    )
    rows = [
        ["Mira ingestion (add + index)", *(f"{ing['mira_s'][k]:.1f}" for k in ("median", "low", "high"))],
        [
            "encode() of the same distinct texts",
            *(f"{ing['encode_s'][k]:.1f}" for k in ("median", "low", "high")),
        ],
        [
            "ratio Mira / encode(), per run",
            *(f"{ing['ratio_per_run'][k]:.3f}" for k in ("median", "low", "high")),
        ],
        [
            "CPU-time ratio, per run",
            *(f"{ing['cpu_ratio_per_run'][k]:.3f}" for k in ("median", "low", "high")),
        ],
    ]
    print(table(["", "median", "min", "max"], rows))
    corpus = out["corpus_index"]
    print(
        f"(the whole corpus was indexed once for what follows: {corpus['wall_s']:.0f} s, one run, not a comparison)"
    )

    for key in ("latency_corpus", "latency_large"):
        if key not in out:
            continue
        lat = out[key]
        f = lat["figures"]
        print(
            f"\nHybrid query latency, {lat['leaves']:,} leaves ({lat['distinct_texts']:,} distinct texts), "
            f"{lat['queries']} queries; ms, median of {lat['passes']} passes with min and max "
            f"(Mira's vector search: {lat['mira_vector_search']}; LanceDB ANN index: {lat['lancedb_ann_index']})"
        )
        rows = [
            [label, *(f"{f[name][k]:.2f}" for k in ("median", "low", "high"))]
            for label, name in (
                ("Mira hybrid, p50", "mira_p50_ms"),
                ("Mira hybrid, p95", "mira_p95_ms"),
                ("LanceDB hybrid, p50", "lancedb_p50_ms"),
                ("LanceDB hybrid, p95", "lancedb_p95_ms"),
                ("ratio Mira / LanceDB p50", "ratio_p50"),
                ("query embedding, p50 (excluded above)", "embedding_p50_ms"),
            )
        ]
        print(table(["", "median", "min", "max"], rows))
        if key == "latency_large":
            built = out["large_ingest"]
            print(
                f"(built by adding {built['documents']:,.0f} distinct one-text documents to the corpus index: "
                f"{built['wall_s']:.0f} s, {built['embedded']:,.0f} texts embedded, {built['reused']:,.0f} reused; one run)"
            )
    print(f"\nload average before {out['load_before']['loadavg']}, after {out['load_after']['loadavg']}")


if __name__ == "__main__":
    sys.exit(main())
