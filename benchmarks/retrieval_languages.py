"""Retrieval per embedder and fusion, in English, Chinese and a mixed base: what chose Mira's defaults.

For each embedder (``minilm``, ``e5-small`` where the ``multilingual`` extra is installed) and each
data set, a knowledge base is built through Mira's real path (``kb add`` of a BEIR corpus, the
builder, LanceDB, Tantivy) and searched through ``KnowledgeSearch`` with each fusion setting:

- nDCG@10 of bm25, vector, hybrid RRF (language-blind, as before), hybrid RRF and min-max with the
  language rule (the vector side votes only for covered languages), min-max weight grid;
- BM25 + MiniLM + e5 three-way min-max (the e5 vectors of the MiniLM base's very leaves, searched
  with the same code, fused with ``mira_desktop.index.fusion.fuse``);
- indexing chunks/s of each embedder on real leaves (English and Chinese, not cached);
- query latency p50/p95 of hybrid search, query embedding included and excluded;
- cold start of each embedder in a fresh process (import, load, first query).

Data, all train or dev: SciFact **train** judgements (``scifact/qrels/train.tsv``; there is no
test split here and none is used), CMRC 2018 dev and DRCD dev (``zh/*_dev_beir``, their qrels file
is named test.tsv but holds the dev questions), and a mixed base of a SciFact slice and a CMRC
slice with both query sets. e5 embeds ~2 chunks/s on this 2-core machine, so the corpora are
slices by default (``--scifact-docs``, ``--zh-docs``; every judged document of the chosen queries
is in the slice); ``--full`` uses whole corpora. Embeddings are cached by text under ``--work``, so
a second run (or another base holding the same text) embeds nothing again; speed is measured on
texts the cache has not seen.

    python benchmarks/retrieval_languages.py [--work DIR] [--full] [--scifact-docs 1000]
        [--zh-docs 300] [--queries 300] [--embedders minilm,e5-small] [--skip-latency]

Prints tables and writes ``benchmarks/results/retrieval_languages.json`` (``…_full.json`` with
``--full``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from embedding_cache import CachedEmbedder  # noqa: E402
from reporting import Goals, machine, machine_load, percentile, table, write_results  # noqa: E402

from mira_desktop.app import build_services  # noqa: E402
from mira_desktop.index.fusion import BM25, FusionMethod, fuse, merge_siblings  # noqa: E402
from mira_desktop.index.vectors import VectorStore  # noqa: E402
from mira_desktop.services.app.bundle import AppServices  # noqa: E402
from mira_desktop.services.knowledge.evaluation import Query, load_qrels, load_queries, score  # noqa: E402
from mira_desktop.services.knowledge.search import RetrievalSettings, SearchMode  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SETS = {
    "scifact": (DATA / "scifact" / "corpus.jsonl", DATA / "scifact" / "queries.jsonl", DATA / "scifact" / "qrels" / "train.tsv"),
    "cmrc": (DATA / "zh" / "cmrc2018_dev_beir" / "corpus.jsonl", DATA / "zh" / "cmrc2018_dev_beir" / "queries.jsonl", DATA / "zh" / "cmrc2018_dev_beir" / "qrels" / "test.tsv"),
    "drcd": (DATA / "zh" / "drcd_dev_beir" / "corpus.jsonl", DATA / "zh" / "drcd_dev_beir" / "queries.jsonl", DATA / "zh" / "drcd_dev_beir" / "qrels" / "test.tsv"),
}  # fmt: skip
WEIGHTS = (0.3, 0.4, 0.5, 0.6, 0.7)  # BM25's weight in min-max; the vector side gets the rest


@dataclasses.dataclass
class Slice:
    name: str
    corpus: Path
    queries: list[Query]
    qrels: dict[str, dict[str, int]]
    language: dict[str, str]  # query id → "en" | "zh"


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def make_slice(name: str, docs: int | None, query_limit: int | None, work: Path, seed: int = 7) -> Slice:
    """The first ``query_limit`` judged queries, every document they judge, and distractors up to ``docs``."""
    corpus_path, queries_path, qrels_path = SETS[name]
    qrels = load_qrels(qrels_path)
    queries = [q for q in load_queries(queries_path) if q.id in qrels]
    records = _records(corpus_path)
    if docs is not None and docs < len(records):
        queries = queries[: query_limit or len(queries)]
        wanted = {d for q in queries for d in qrels[q.id]}
        others = [r for r in records if r["_id"] not in wanted]
        random.Random(seed).shuffle(others)
        keep = wanted | {r["_id"] for r in others[: max(0, docs - len(wanted))]}
        records = [r for r in records if r["_id"] in keep]
    elif query_limit:
        queries = queries[:query_limit]
    ids = {r["_id"] for r in records}
    queries = [q for q in queries if set(qrels[q.id]) <= ids]
    path = work / "corpora" / f"{name}-{len(records)}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")
    language = "en" if name == "scifact" else "zh"
    return Slice(
        f"{name}-{len(records)}",
        path,
        queries,
        {q.id: qrels[q.id] for q in queries},
        {q.id: language for q in queries},
    )


def mixed_slice(english: Slice, chinese: Slice, work: Path) -> Slice:
    path = work / "corpora" / f"mixed-{english.name}-{chinese.name}.jsonl"
    path.write_text(english.corpus.read_text("utf-8") + chinese.corpus.read_text("utf-8"), "utf-8")
    return Slice(
        f"mixed({english.name}+{chinese.name})",
        path,
        english.queries + chinese.queries,
        {**english.qrels, **chinese.qrels},
        {**english.language, **chinese.language},
    )


def knowledge_base(app: AppServices, data: Slice, embedder: str) -> str:
    """A base of ``data`` indexed with ``embedder`` (reused when an earlier run built it)."""
    name = f"{data.name}:{embedder}"
    found = [kb for kb in app.knowledge_bases.list() if kb.name == name]
    if found and app.knowledge.search.searchable_documents(found[0].id):
        return found[0].id
    kb = found[0] if found else app.knowledge_bases.create(name)
    app.knowledge.embedders.set_for(kb.id, embedder)
    started = time.perf_counter()
    app.knowledge.queue.add(kb.id, [str(data.corpus)])
    report = app.knowledge.queue.run(kb.id)
    print(f"  indexed {name}: {report.published} documents, {report.embedded} embedded, "
          f"{time.perf_counter() - started:.0f} s", flush=True)  # fmt: skip
    return kb.id


def ndcg(
    app: AppServices, kb_id: str, data: Slice, mode: SearchMode, settings: RetrievalSettings
) -> dict[str, float]:
    search = app.knowledge.search
    search.settings = settings
    runs = app.knowledge.evaluation.ranked_documents(kb_id, data.queries, 10, mode, rerank=False)
    result = {"all": score(runs, data.qrels, 10)["nDCG@10"]}
    for language in sorted(set(data.language.values())):
        ids = [q for q in runs if data.language[q] == language]
        if len(ids) < len(runs):
            result[language] = score({q: runs[q] for q in ids}, data.qrels, 10)["nDCG@10"]
    return result


def fusion_table(app: AppServices, kb_id: str, data: Slice) -> dict[str, dict[str, float]]:
    base = RetrievalSettings()
    rrf = dataclasses.replace(base, fusion=FusionMethod.RRF, bm25_weight=1.0, vector_weight=1.0)
    rows: dict[str, dict[str, float]] = {
        "bm25": ndcg(app, kb_id, data, SearchMode.BM25, base),
        "vector": ndcg(app, kb_id, data, SearchMode.VECTOR, base),
        "rrf, language-blind": ndcg(
            app, kb_id, data, SearchMode.HYBRID, dataclasses.replace(rrf, language_aware=False)
        ),
        "rrf, language rule": ndcg(app, kb_id, data, SearchMode.HYBRID, rrf),
    }
    for weight in WEIGHTS:
        settings = dataclasses.replace(base, bm25_weight=weight, vector_weight=1 - weight)
        rows[f"minmax {weight:.1f}/{1 - weight:.1f}"] = ndcg(app, kb_id, data, SearchMode.HYBRID, settings)
    for weight in (0.5, base.bm25_weight):
        blind = dataclasses.replace(base, bm25_weight=weight, vector_weight=1 - weight, language_aware=False)
        rows[f"minmax {weight:.1f}/{1 - weight:.1f}, language-blind"] = ndcg(
            app, kb_id, data, SearchMode.HYBRID, blind
        )
    app.knowledge.search.settings = base
    return rows


def three_way(app: AppServices, kb_id: str, data: Slice, e5: CachedEmbedder, work: Path) -> dict[str, float]:
    """BM25 + MiniLM + e5 min-max over the MiniLM base's leaves (e5 vectors of the same rows)."""
    live = app.knowledge.indexes.get(kb_id).live()
    assert live is not None
    store = VectorStore(work / "three-way" / kb_id, e5.dimension)
    if store.count() != live.vectors.count():
        leaves = live.vectors.all_leaves()
        store.add_leaves(leaves, e5.encode([leaf.search_text for leaf in leaves]))
    minilm = app.knowledge.embedders.get("minilm")
    texts = [q.text for q in data.queries]
    q_minilm, q_e5 = minilm.encode_queries(texts), e5.encode_queries(texts)
    names = {d.id: d.name for d in app.knowledge_bases.documents(kb_id)}
    results: dict[str, dict[str, list[str]]] = {}
    for weights in ((0.4, 0.3, 0.3), (0.5, 0.25, 0.25), (0.34, 0.33, 0.33), (0.4, 0.2, 0.4), (0.5, 0.2, 0.3)):
        runs: dict[str, list[str]] = {}
        for i, query in enumerate(data.queries):
            rankings = {
                BM25: live.lexical.search(query.text, 50),
                "minilm": live.vectors.search(q_minilm[i], 50, (), frozenset({"en"})),
                "e5": store.search(q_e5[i], 50),
            }
            fused = fuse(rankings, dict(zip((BM25, "minilm", "e5"), weights, strict=True)))
            groups = merge_siblings(fused, {f.leaf.parent_id: f.leaf.siblings for f in fused})
            ranked = [names.get(g.best.leaf.document_id, "") for g in groups[:30]]
            runs[query.id] = list(dict.fromkeys(d for d in ranked if d))[:10]
        results["/".join(f"{w:.2f}" for w in weights)] = runs
    return {name: score(runs, data.qrels, 10)["nDCG@10"] for name, runs in results.items()}


def indexing_speed(embedders: dict[str, Any], samples: dict[str, list[str]]) -> dict[str, dict[str, float]]:
    speeds: dict[str, dict[str, float]] = {}
    for name, embedder in embedders.items():
        inner = embedder.inner
        inner.encode(["warm up"])
        speeds[name] = {}
        for language, texts in samples.items():
            started = time.perf_counter()
            inner.encode(texts)
            speeds[name][language] = len(texts) / (time.perf_counter() - started)
    return speeds


def latency(app: AppServices, kb_id: str, data: Slice, runs: int = 200) -> dict[str, float]:
    search = app.knowledge.search
    search.settings = RetrievalSettings()
    queries = [q.text for q in data.queries][:runs]
    vectors = search.embed_queries(queries, kb_id=kb_id)
    excluded, included = [], []
    for i, text in enumerate(queries):
        started = time.perf_counter()
        search.search_detailed(kb_id, text, 10, SearchMode.HYBRID, query_vector=vectors[i], rerank_with=False)
        excluded.append((time.perf_counter() - started) * 1000)
        # A text no cache has seen (one marker added), so the query really is embedded.
        started = time.perf_counter()
        search.search_detailed(kb_id, f"{text} ({time.time_ns()})", 10, SearchMode.HYBRID, rerank_with=False)
        included.append((time.perf_counter() - started) * 1000)
    return {
        "queries": len(queries),
        "p50_excluded_ms": percentile(excluded, 0.5),
        "p95_excluded_ms": percentile(excluded, 0.95),
        "p50_included_ms": percentile(included, 0.5),
        "p95_included_ms": percentile(included, 0.95),
    }


_COLD = (
    "import time; t = time.perf_counter(); from mira_desktop.index.embedder_catalog import build; "
    "e = build({name!r}); e.encode_query('how much protein per day'); print(time.perf_counter() - t)"
)


def cold_start(name: str, runs: int = 3) -> list[float]:
    out = []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", _COLD.format(name=name)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
        )
        out.append(float(done.stdout.strip().splitlines()[-1]))
    return out


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--work", type=Path, default=Path("/tmp/mira-retrieval-languages"))
    parser.add_argument("--full", action="store_true", help="whole corpora and every judged query")
    parser.add_argument("--scifact-docs", type=int, default=1000)
    parser.add_argument("--zh-docs", type=int, default=300)
    parser.add_argument("--queries", type=int, default=300, help="judged queries per data set (slices)")
    parser.add_argument("--embedders", default="minilm,e5-small")
    parser.add_argument("--sets", default="scifact,cmrc,drcd,mixed")
    parser.add_argument("--skip-latency", action="store_true")
    parser.add_argument("--skip-three-way", action="store_true", help="e5 embeds every MiniLM leaf again")
    return parser.parse_args()


def _cached_embedders(app: AppServices, args: argparse.Namespace) -> dict[str, CachedEmbedder]:
    embedders = {}
    for name in args.embedders.split(","):
        try:
            cached = CachedEmbedder(app.knowledge.embedders.get(name), args.work / "cache")
        except Exception as exc:  # the extra is not installed, or no AVX2
            print(f"skipping {name}: {exc}")
            continue
        app.knowledge.embedders.use(cached)
        embedders[name] = cached
    return embedders


def _slices(args: argparse.Namespace, wanted: list[str]) -> dict[str, Slice]:
    docs = None if args.full else args.scifact_docs
    zh_docs = None if args.full else args.zh_docs
    limit = None if args.full else args.queries
    slices = {}
    if "scifact" in wanted:
        slices["scifact"] = make_slice("scifact", docs, limit, args.work)
    for name in ("cmrc", "drcd"):
        if name in wanted:
            slices[name] = make_slice(name, zh_docs, limit, args.work)
    if "mixed" in wanted:
        slices["mixed"] = mixed_slice(
            make_slice("scifact", 300, 100, args.work), make_slice("cmrc", 200, 100, args.work), args.work
        )
    return slices


def _quality(
    app: AppServices, slices: dict[str, Slice], embedders: dict[str, CachedEmbedder]
) -> tuple[dict[str, Any], dict[tuple[str, str], str]]:
    quality: dict[str, Any] = {}
    kbs: dict[tuple[str, str], str] = {}
    for set_name, data in slices.items():
        for name in embedders:
            print(f"{data.name} with {name}: {len(data.queries)} queries", flush=True)
            kb_id = kbs[(set_name, name)] = knowledge_base(app, data, name)
            quality[f"{data.name}|{name}"] = fusion_table(app, kb_id, data)
            _print_quality(data.name, name, quality[f"{data.name}|{name}"])
    return quality, kbs


def _speed_and_latency(
    app: AppServices,
    kbs: dict[tuple[str, str], str],
    slices: dict[str, Slice],
    embedders: dict[str, CachedEmbedder],
    args: argparse.Namespace,
) -> dict[str, Any]:
    results: dict[str, Any] = {}
    samples = _speed_samples(app, kbs, args.work)
    results["indexing_chunks_per_s"] = indexing_speed(embedders, samples)
    rows = [[n, *(f"{v:.1f}" for v in s.values())] for n, s in results["indexing_chunks_per_s"].items()]
    print(table(["embedder", *samples], rows))
    if args.skip_latency:
        return results
    results["latency"] = {}
    for name in embedders:
        if ("scifact", name) in kbs:
            results["latency"][name] = latency(app, kbs[("scifact", name)], slices["scifact"])
            print(name, results["latency"][name], flush=True)
    results["cold_start_s"] = {name: cold_start(name) for name in embedders}
    print("cold start", results["cold_start_s"])
    return results


def main() -> int:
    args = _arguments()
    args.work.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = {
        "machine": machine(),
        "load_before": machine_load(),
        "args": {k: str(v) for k, v in vars(args).items()},
    }
    app = build_services(args.work / "data")
    try:
        embedders = _cached_embedders(app, args)
        slices = _slices(args, args.sets.split(","))
        results["quality"], kbs = _quality(app, slices, embedders)
        if "minilm" in embedders and "e5-small" in embedders and not args.skip_three_way:
            results["three_way"] = {}
            for set_name in ("scifact", "mixed"):
                if (set_name, "minilm") in kbs:
                    data = slices[set_name]
                    found = three_way(app, kbs[(set_name, "minilm")], data, embedders["e5-small"], args.work)
                    results["three_way"][data.name] = found
                    print(f"three-way min-max on {data.name} (bm25/minilm/e5 weights): {found}", flush=True)
        results.update(_speed_and_latency(app, kbs, slices, embedders, args))
    finally:
        app.close()
    results["load_after"] = machine_load()
    name = "retrieval_languages_full" if args.full else "retrieval_languages"
    goals = Goals(name)  # it compares embedders and fusions to choose the defaults: no goal to meet
    goals.print()
    print(f"wrote {write_results(name, results, goals)}")
    return goals.exit_status()


def _speed_samples(app: AppServices, kbs: dict[tuple[str, str], str], work: Path) -> dict[str, list[str]]:
    """64 real leaves per language that no cache has seen (their text is changed by one marker)."""
    samples = {}
    for set_name, language in (("scifact", "en"), ("cmrc", "zh"), ("drcd", "zh-Hant")):
        kb_id = kbs.get((set_name, "minilm"))
        if kb_id is None:
            continue
        live = app.knowledge.indexes.get(kb_id).live()
        if live is None:
            continue
        leaves = live.vectors.all_leaves()[:64]
        samples[language] = [f"{leaf.search_text} ({time.time_ns()})" for leaf in leaves]
    return samples


def _print_quality(data: str, embedder: str, rows: dict[str, dict[str, float]]) -> None:
    columns = sorted({c for r in rows.values() for c in r}, key=lambda c: (c != "all", c))
    print(f"\nnDCG@10 on {data}, embedder {embedder}")
    print(
        table(
            ["fusion", *columns],
            [[name, *(f"{r.get(c, 0):.3f}" for c in columns)] for name, r in rows.items()],
        )
    )
    print(flush=True)


if __name__ == "__main__":
    sys.exit(main())
