"""Knowledge-base retrieval: quality on SciFact, query latency against LanceDB's own hybrid search,
and ingestion time against embedding the same chunks directly.

In one run, on the same data:

1. Ingestion: `corpus.jsonl` (5,183 abstracts) added and indexed through Mira's real path (stored
   copies, SQLite jobs, parsing, chunking, embedding, LanceDB, Tantivy, publish) with the model
   already loaded, against a bare ``SentenceTransformer.encode()`` of the very same chunk texts, run
   once before and once after the ingestion (the mean is the reference; CPU time is reported too).
2. Quality: nDCG@10, recall@10 and MRR@10 on the shared *train* judgements for bm25, vector and
   hybrid (the test split is held out).
3. Latency at ~10k chunks (the corpus) and ~100k chunks (the corpus and nine copies under other ids,
   whose embeddings Mira reuses by content hash): Mira's hybrid search against LanceDB's
   ``query_type="hybrid"`` (its native full-text index plus RRF) on the same ``leaves`` table, both
   given the same precomputed query vector; query embedding is timed separately.

Usage: ``python benchmarks/retrieval.py [--work DIR] [--latency-queries 200] [--skip-100k]``.
Prints a table and writes ``benchmarks/results/retrieval.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mira_desktop.app import build_services  # noqa: E402
from mira_desktop.services.app.bundle import AppServices  # noqa: E402
from mira_desktop.services.knowledge.evaluation import load_qrels, load_queries, score  # noqa: E402
from mira_desktop.services.knowledge.search import SearchMode  # noqa: E402

SCIFACT = ROOT.parent / "shared" / "data" / "scifact"
RESULTS = ROOT / "benchmarks" / "results" / "retrieval.json"


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def ingest(app: AppServices, kb_id: str, corpus: Path) -> tuple[float, float]:
    """Wall and CPU seconds to add and index ``corpus`` through Mira."""
    wall, cpu = time.perf_counter(), time.process_time()
    app.knowledge.queue.add(kb_id, [str(corpus)])
    last = [0.0]

    def progress(p: Any) -> None:
        if time.monotonic() - last[0] > 30:
            last[0] = time.monotonic()
            log(f"  {p.jobs_done}/{p.jobs_total} documents, {p.message}")

    report = app.knowledge.queue.run(kb_id, on_progress=progress)
    elapsed = time.perf_counter() - wall, time.process_time() - cpu
    log(
        f"  indexed {report.published} documents ({report.failed} failed), embedded {report.embedded}, "
        f"reused {report.reused} in {elapsed[0]:.1f} s"
    )
    return elapsed


def corpus_texts(app: AppServices, corpus: Path, folder: Path) -> list[str]:
    """The searched texts of every leaf Mira will make of ``corpus``: its own reader and chunker,
    on the same records it stores, without embedding anything."""
    from mira_desktop.services.knowledge.files import beir_entries
    from mira_desktop.services.knowledge.indexing.builder import chunk_file

    folder.mkdir(parents=True, exist_ok=True)
    settings = app.knowledge.queue.builder.settings
    count = app.knowledge.embedder.count_tokens
    texts = []
    for entry in beir_entries(corpus):
        path = folder / entry.stored_name
        path.write_bytes(entry.read())
        texts.extend(leaf.search_text for leaf in chunk_file(path, entry.name, settings, count).leaves)
    return texts


def pure_encode(app: AppServices, texts: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one bare ``encode()`` of ``texts`` by the very model Mira uses."""
    model = app.knowledge.embedder._model()  # the loaded SentenceTransformer
    wall, cpu = time.perf_counter(), time.process_time()
    model.encode(
        texts,
        batch_size=app.knowledge.embedder.batch_size,
        normalize_embeddings=True,
        show_progress_bar=False,
    )
    return time.perf_counter() - wall, time.process_time() - cpu


def ingestion(app: AppServices, kb_id: str, corpus: Path, work: Path) -> dict[str, Any]:
    """Mira's ingestion of ``corpus`` against a bare ``encode()`` of the same chunk texts."""
    app.knowledge.embedder.load()
    texts = corpus_texts(app, corpus, work / "records")
    # encode() runs before and after the ingestion, so a change in the machine's load during the
    # run (another process starting, say) weighs on both sides of the comparison.
    log(f"encode() of the {len(texts)} chunk texts Mira will make, before ingesting")
    before = pure_encode(app, texts)
    log(f"  {before[0]:.1f} s")
    log("ingesting the SciFact corpus through Mira")
    ingest_s, ingest_cpu = ingest(app, kb_id, corpus)
    log("encode() of the same texts again, after ingesting")
    after = pure_encode(app, texts)
    log(f"  {after[0]:.1f} s")
    generation = app.knowledge.bases._indexes.get(kb_id).live()
    assert generation is not None
    indexed = sorted(leaf.search_text for leaf in generation.vectors.all_leaves())
    assert indexed == sorted(texts), "the benchmark must encode exactly the texts Mira indexed"
    encode_s = (before[0] + after[0]) / 2
    encode_cpu = (before[1] + after[1]) / 2
    result = {
        "documents": 5183,
        "chunks": len(texts),
        "mira_ingest_s": ingest_s,
        "pure_encode_s": [before[0], after[0]],
        "ratio": ingest_s / encode_s,
        "mira_ingest_cpu_s": ingest_cpu,
        "pure_encode_cpu_s": [before[1], after[1]],
        "cpu_ratio": ingest_cpu / encode_cpu,
    }
    log(f"  ingest {ingest_s:.1f} s vs encode {encode_s:.1f} s: {ingest_s / encode_s:.3f}x")
    return result


def quality(app: AppServices, kb_id: str) -> dict[str, dict[str, float]]:
    qrels = load_qrels(SCIFACT / "qrels" / "train.tsv")
    queries = [q for q in load_queries(SCIFACT / "queries.jsonl") if q.id in qrels]
    results = {}
    for mode in (SearchMode.BM25, SearchMode.VECTOR, SearchMode.HYBRID):
        runs = app.knowledge.evaluation.ranked_documents(kb_id, queries, 10, mode)
        results[mode.value] = score(runs, qrels, 10)
        log(f"  {mode.value}: {results[mode.value]}")
    results["queries"] = {"count": float(len(queries))}
    return results


def latency(app: AppServices, kb_id: str, texts: list[str]) -> dict[str, Any]:
    search = app.knowledge.search
    vectors = search.embed_queries(texts)
    embed_ms = []
    for text in texts[:50]:
        started = time.perf_counter()
        search.embed_queries([text])
        embed_ms.append((time.perf_counter() - started) * 1000)
    generation = app.knowledge.bases._indexes.get(kb_id).live()
    assert generation is not None
    table = generation.vectors.table("leaves")
    from lancedb.index import FTS

    started = time.perf_counter()
    table.create_index("text", config=FTS(), replace=True)
    fts_build_s = time.perf_counter() - started

    def mira(i: int) -> None:
        search.search_detailed(kb_id, texts[i], 10, SearchMode.HYBRID, query_vector=vectors[i])

    def lancedb(i: int) -> None:
        (
            table.search(query_type="hybrid", vector_column_name="vector")
            .vector(vectors[i])
            .text(texts[i])
            .limit(10)
            .select(["row_id", "text", "location_json", "version_id"])
            .to_arrow()
        )

    timings: dict[str, list[float]] = {"mira": [], "lancedb": []}
    for fn in (mira, lancedb):  # warm-up
        for i in range(5):
            fn(i)
    for i in range(len(texts)):  # interleaved, so both see the same machine state
        for name, fn in (("mira", mira), ("lancedb", lancedb)):
            started = time.perf_counter()
            fn(i)
            timings[name].append((time.perf_counter() - started) * 1000)
    result: dict[str, Any] = {
        "chunks": generation.vectors.count(),
        "mira_vector_search": generation.vectors.search_backend(),
        "ann_index": any(ix.name == "vector_idx" for ix in table.list_indices()),
        "lancedb_fts_build_s": fts_build_s,
        "query_embedding_p50_ms": statistics.median(embed_ms),
    }
    for name, values in timings.items():
        result[f"{name}_p50_ms"] = statistics.median(values)
        result[f"{name}_p95_ms"] = percentile(values, 0.95)
    result["ratio_p50"] = result["mira_p50_ms"] / result["lancedb_p50_ms"]
    return result


def copies(corpus: Path, target: Path, count: int) -> Path:
    with target.open("w", encoding="utf-8") as out:
        for n in range(1, count + 1):
            with corpus.open(encoding="utf-8") as handle:
                for line in handle:
                    record = json.loads(line)
                    record["_id"] = f"{record['_id']}~copy{n}"
                    out.write(json.dumps(record, ensure_ascii=False) + "\n")
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--work", type=Path, help="working folder (default: a temporary one, removed after)")
    parser.add_argument("--latency-queries", type=int, default=200)
    parser.add_argument("--skip-100k", action="store_true")
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="mira-bench-"))
    shutil.rmtree(work / "data", ignore_errors=True)
    corpus = SCIFACT / "corpus.jsonl"
    app = build_services(work / "data")
    out: dict[str, Any] = {"machine": {"cpus": os.cpu_count(), "python": platform.python_version()}}
    try:
        kb = app.knowledge_bases.create("SciFact")
        out["ingestion"] = ingestion(app, kb.id, corpus, work)
        log("quality on the train judgements")
        out["quality_train"] = quality(app, kb.id)
        queries = [q.text for q in load_queries(SCIFACT / "queries.jsonl")][: args.latency_queries]
        log("latency at the corpus size")
        out["latency_10k"] = latency(app, kb.id, queries)
        log(f"  {out['latency_10k']}")
        if not args.skip_100k:
            log("adding nine copies of the corpus (embeddings reused) for ~100k chunks")
            started = time.perf_counter()
            ingest(app, kb.id, copies(corpus, work / "copies.jsonl", 9))
            out["copies_ingest_s"] = time.perf_counter() - started
            out["latency_100k"] = latency(app, kb.id, queries)
            log(f"  {out['latency_100k']}")
    finally:
        app.close()
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(out, indent=2) + "\n")
    print_table(out)
    return 0


def print_table(out: dict[str, Any]) -> None:
    print("\nSciFact nDCG@10 / recall@10 / MRR@10 on the train judgements")
    for mode in ("bm25", "vector", "hybrid"):
        m = out["quality_train"][mode]
        print(f"  {mode:<7} {m['nDCG@10']:.4f}  {m['recall@10']:.4f}  {m['MRR@10']:.4f}")
    ing = out["ingestion"]
    before, after = ing["pure_encode_s"]
    print(
        f"\nIngestion of {ing['chunks']} chunks: Mira {ing['mira_ingest_s']:.1f} s, "
        f"encode() {before:.1f} s before and {after:.1f} s after, ratio {ing['ratio']:.3f}x "
        f"(CPU time ratio {ing['cpu_ratio']:.3f}x)"
    )
    for key in ("latency_10k", "latency_100k"):
        if key in out:
            lat = out[key]
            print(
                f"\nHybrid query at {lat['chunks']} chunks (LanceDB ANN index: {lat['ann_index']}, "
                f"Mira's vector search: {lat['mira_vector_search']}): "
                f"Mira p50 {lat['mira_p50_ms']:.1f} ms (p95 {lat['mira_p95_ms']:.1f}), "
                f"LanceDB hybrid p50 {lat['lancedb_p50_ms']:.1f} ms (p95 {lat['lancedb_p95_ms']:.1f}), "
                f"ratio {lat['ratio_p50']:.2f}x; query embedding p50 {lat['query_embedding_p50_ms']:.1f} ms"
            )
    print(f"\nWritten to {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    sys.exit(main())
