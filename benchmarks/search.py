"""A knowledge-base search in a new process: ``mira kb search`` from its start to its printed answer.

The knowledge base is built once, through the services, from Mira's own documentation (README and
docs/*.md, the default MiniLM embedder). Then, interleaved, ``--runs`` fresh processes of each kind
after one warm-up round that is not counted:

- ``mira kb search KB QUERY`` (hybrid, the default): the whole command — interpreter, imports,
  data folder and services, the query embedded, LanceDB and Tantivy searched, results printed;
- the old way to embed that query in a new process: sentence-transformers (torch) loading MiniLM
  and encoding the query, nothing else — what ``mira kb search`` paid for its query before it was
  embedded by numpy (index/bert_numpy.py);
- a bare ``python -c pass``: the interpreter's own start.

Also, the query vectors of numpy and sentence-transformers for the benchmark's queries, compared
(cosine). Goals (issue 19): ``mira kb search`` in a new process <= 3 s (median) and the same vectors
(every cosine >= 0.9999). Prints a table and the goals with their verdicts, writes
benchmarks/results/search.json, and exits 1 when a goal is missed.

    .venv/bin/python benchmarks/search.py [--runs 5]
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from reporting import Goals, Spread, machine, machine_load, printed_table, table, write_results

REPO = Path(__file__).resolve().parent.parent
QUERIES = [
    "how does the window start up",
    "what happens when a document fails to index",
    "which embedder covers Chinese text",
]
OLD_QUERY_PATH = """
import sys
from sentence_transformers import SentenceTransformer
model = SentenceTransformer(sys.argv[1], device="cpu", local_files_only=True)
model.encode([sys.argv[2]], normalize_embeddings=True, show_progress_bar=False)
"""


def build_base(folder: Path) -> str:
    from mira_desktop.app import build_services

    services = build_services(folder)
    try:
        kb = services.knowledge_bases.create("Mira docs")
        files = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
        services.knowledge.queue.add(kb.id, [str(f) for f in files])
        services.knowledge.queue.run(kb.id)
        return kb.id
    finally:
        services.close()


def timed(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600, check=False)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise RuntimeError(f"{command[:4]} exited {result.returncode}: {result.stderr[-2000:]}")
    return elapsed


def same_vectors() -> list[float]:
    """Cosine of each benchmark query's numpy vector with sentence-transformers' (in this process)."""
    from mira_desktop.index.embedder import Embedder

    model = Embedder()
    numpy_vectors = model.encode_queries(QUERIES)
    torch_vectors = model.encode(QUERIES)
    return [float(c) for c in (numpy_vectors * torch_vectors).sum(axis=1)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="counted samples of each kind (>= 5)")
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs must be at least 5")
    import mira_desktop
    from mira_desktop.index.embedder import default_model_dir

    compileall.compile_dir(Path(mira_desktop.__file__).parent, quiet=1)  # as an installed app has it
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    work = Path(tempfile.mkdtemp(prefix="mira-bench-search-"))
    load_before = machine_load()
    try:
        print("building the knowledge base from Mira's documentation…", file=sys.stderr)
        kb = build_base(work / "data")
        kinds = {
            "mira_kb_search": lambda q: [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(work / "data"), "kb", "search", kb, q],
            "old_query_embedding": lambda q: [sys.executable, "-c", OLD_QUERY_PATH, str(default_model_dir()), q],
            "python_start": lambda q: [sys.executable, "-c", "pass"],
        }
        samples: dict[str, list[float]] = {name: [] for name in kinds}
        for round_number in range(args.runs + 1):  # round 0 warms the page cache and is not counted
            query = QUERIES[round_number % len(QUERIES)]
            for name, command in kinds.items():
                elapsed = timed(command(query), env)
                if round_number:
                    samples[name].append(elapsed)
        cosines = same_vectors()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load_after = machine_load()
    labels = {
        "mira_kb_search": "mira kb search, new process, whole command (s)",
        "old_query_embedding": "sentence-transformers: load MiniLM + embed one query, new process (s)",
        "python_start": "python -c pass (s)",
    }
    spreads = {name: Spread.of(values) for name, values in samples.items()}
    rows = [[labels[name], *spread.cells(1, 2)] for name, spread in spreads.items()]
    title = f"A knowledge-base search in a new process, {args.runs} fresh processes of each kind (interleaved, after one warm-up round)"
    print(f"\n{title}")
    print(table(["", "median", "min", "max"], rows))
    print(f"numpy / sentence-transformers query vectors, cosine: {', '.join(f'{c:.7f}' for c in cosines)}")
    goals = Goals("search")
    goals.at_most("mira kb search in a new process (median)", spreads["mira_kb_search"].median, 3.0, " s", 2)
    goals.at_least("query vectors, numpy against sentence-transformers (lowest cosine)", min(cosines), 0.9999, "", 7)
    goals.print()
    print(f"load average before {load_before['loadavg']}, after {load_after['loadavg']}")
    path = write_results(
        "search",
        {
            "figures": {name: spreads[name].to_json(values) for name, values in samples.items()},
            "cosines": cosines,
            "queries": QUERIES,
            "table": printed_table(title, ["", "median", "min", "max"], rows),
            "machine": machine(),
            "load_before": load_before,
            "load_after": load_after,
        },
        goals,
    )
    print(f"written to {path}")
    return goals.exit_status()


if __name__ == "__main__":
    raise SystemExit(main())
