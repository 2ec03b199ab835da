"""Load: 10,000 threads, 100,000 messages and a knowledge base of 100,000 distinct chunks, then the
latency of what a person does with them.

Threads and messages are inserted straight into SQLite (one transaction, rows as the repositories
write them): one thread holds a single 10,000-message branch, the other 9,999 share the rest. The
chunks are distinct texts made by ``benchmarks/retrieval.py``'s ``distinct_documents`` (sentences of
SciFact and of the Chinese corpora), written through ``mira_desktop.index`` (LanceDB and Tantivy, the
parents store) under the index lock, with **precomputed random unit vectors** — embedding 100,000
texts with MiniLM takes far longer than the soak allows here — in published document versions made
through ``DocumentRepository``. Queries are embedded by the real model, as in the app.

Measured, each as median and p95 of ``--runs`` runs: the thread list (a page of the 200 most recent,
``threads.list(limit=200)``; the whole list of 10,000 is measured beside it, with no goal), opening
the long thread (its visible branch, 30 messages), message search, compiling the request of a send
on the long thread (``chat.preview``), and hybrid search (``knowledge.search.search(kb, q, 10,
"hybrid")``). The load average is recorded with the results: other work on this machine slows all
of these.

    python -m reliability.load [--threads 10000] [--messages 100000] [--chunks 100000] [--runs 20] [--keep]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reliability.common import SHARED_DATA, Goal, log, print_goals, table, write_results

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices

NAME = "load"
LONG_THREAD = 10_000
LEAVES_PER_DOCUMENT = 100
THREAD_PAGE = 200  # the threads a list reads at a time (``ThreadsService.list(limit=…)``)
GOALS_MS: dict[str, float | None] = {  # p95 goals (None: measured, no goal)
    "thread list": 100.0,
    "thread list, all at once": None,
    "open the long thread": 200.0,
    "message search": 500.0,
    "send on the long thread (compile)": 500.0,
    "hybrid search": 500.0,
}


def fill_threads(services: AppServices, threads: int, messages: int, texts: list[str]) -> str:
    """Insert ``threads`` threads and ``messages`` messages; the id of the long thread."""
    from mira_desktop.core.clock import now_iso
    from mira_desktop.core.ids import new_id

    stamp = now_iso()
    thread_rows: list[tuple[str, str, str | None, str, str]] = []
    message_rows: list[tuple[str, str, str | None, str, str, str, str]] = []
    base, extra = divmod(messages - LONG_THREAD, threads - 1)
    sizes = [LONG_THREAD] + [base + (1 if t < extra else 0) for t in range(threads - 1)]
    for t, size in enumerate(sizes):
        thread = new_id("thread")
        parent = None
        for m in range(size):
            message = new_id("message")
            text = texts[(t * 31 + m) % len(texts)]
            message_rows.append(
                (
                    message,
                    thread,
                    parent,
                    "user" if m % 2 == 0 else "assistant",
                    f"{text} ({t}.{m})",
                    stamp,
                    stamp,
                )
            )
            parent = message
        thread_rows.append((thread, f"Thread {t}: {texts[t % len(texts)][:40]}", parent, stamp, stamp))
    with services.database.transaction():
        services.database.conn.executemany(
            "INSERT INTO threads (id, title, active_leaf_id, created_at, updated_at) VALUES (?, ?, NULL, ?, ?)",
            [(r[0], r[1], r[3], r[4]) for r in thread_rows],
        )
        services.database.conn.executemany(
            "INSERT INTO messages (id, thread_id, parent_id, role, content, status, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, 'complete', ?, ?)",
            message_rows,
        )
        services.database.conn.executemany(
            "UPDATE threads SET active_leaf_id = ? WHERE id = ?", [(r[2], r[0]) for r in thread_rows]
        )
    return thread_rows[0][0]


def distinct_texts(work: Path, wanted: int) -> list[str]:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from benchmarks.retrieval import distinct_documents

    target = work / "distinct.jsonl"
    made = distinct_documents(SHARED_DATA / "scifact" / "corpus.jsonl", set(), target, wanted)
    texts = [json.loads(line)["text"] for line in target.read_text(encoding="utf-8").splitlines()]
    log(f"{made} distinct texts")
    return texts


def fill_chunks(services: AppServices, texts: list[str]) -> str:
    """A knowledge base of ``len(texts)`` published leaves with random unit vectors; its id."""
    import hashlib

    import numpy as np

    from mira_desktop.index.languages import text_language
    from mira_desktop.index.records import LeafRow, ParentRow, row_id
    from mira_desktop.store.documents import DocumentRepository, VersionStatus

    kb = services.knowledge_bases.create("load")
    docs = DocumentRepository(services.database)
    index = services.knowledge.indexes.get(kb.id)
    lock = index.lock()
    lock.acquire(timeout=60)
    rng = np.random.default_rng(5)
    try:
        generation = index.ensure_live()
        for start in range(0, len(texts), LEAVES_PER_DOCUMENT):
            part = texts[start : start + LEAVES_PER_DOCUMENT]
            document = docs.create(kb.id, f"load-{start // LEAVES_PER_DOCUMENT:04d}.txt", None, "text/plain")
            version = docs.add_version(
                document.id, hashlib.sha256(str(start).encode()).hexdigest(), 1, None, None
            )
            leaves, parents = [], []
            for n, text in enumerate(part):
                parent = row_id(version.id, f"p{n}")
                location = json.dumps({"line_start": n + 1, "line_end": n + 1})
                leaves.append(
                    LeafRow(
                        row_id(version.id, f"c{n}"),
                        version.id,
                        document.id,
                        f"c{n}",
                        parent,
                        n,
                        1,
                        text,
                        "",
                        location,
                        hashlib.sha256(text.encode()).hexdigest()[:32],
                        text_language(text),
                    )
                )
                parents.append(ParentRow(parent, version.id, document.id, f"p{n}", n, text, "", location, 1))
            vectors = rng.standard_normal((len(leaves), generation.spec.dimension)).astype(np.float32)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            generation.add(leaves, vectors, parents)
            docs.set_status(version.id, VersionStatus.STAGED, chunk_count=len(leaves))
            docs.publish(version.id)
            if start % 20_000 == 0:
                log(f"  {start + len(part)} chunks written")
        generation.vectors.maintain()
    finally:
        lock.release()
    return kb.id


def measure(runs: int, action: Callable[[int], object]) -> dict[str, Any]:
    from benchmarks.reporting import percentile

    action(0)  # warm-up, not counted
    values = []
    for i in range(runs):
        started = time.perf_counter()
        action(i + 1)
        values.append((time.perf_counter() - started) * 1000)
    return {"median_ms": percentile(values, 0.5), "p95_ms": percentile(values, 0.95), "runs": values}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=10_000)
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--chunks", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--keep", action="store_true", help="keep the data folder (about 600 MB)")
    args = parser.parse_args(argv)
    from mira_desktop.app import build_services

    work = Path(tempfile.mkdtemp(prefix="mira-load-"))
    services = build_services(work / "data")
    try:
        texts = distinct_texts(work, args.chunks)
        started = time.monotonic()
        long_thread = fill_threads(services, args.threads, args.messages, texts)
        log(f"threads and messages inserted in {time.monotonic() - started:.0f} s")
        started = time.monotonic()
        kb_id = fill_chunks(services, texts[: args.chunks])
        log(f"chunks indexed in {time.monotonic() - started:.0f} s")
        counts = {
            "threads": len(services.threads.list()),
            "messages": services.database.one("SELECT count(*) AS n FROM messages")["n"],  # type: ignore[index]
            "chunks": services.knowledge.indexes.get(kb_id).live().vectors.count(),  # type: ignore[union-attr]
        }
        queries = [
            json.loads(line)["text"]
            for line in (SHARED_DATA / "scifact" / "queries.jsonl").read_text().splitlines()[: args.runs + 1]
        ]
        searches = ["mitochondria", "no such words anywhere qzx", "细胞", "vitamin D deficiency"]
        ref = "scripted:" + str(_script(work))
        figures = {
            "thread list": measure(args.runs, lambda _: services.threads.list(limit=THREAD_PAGE)),
            "thread list, all at once": measure(args.runs, lambda _: services.threads.list()),
            "open the long thread": measure(
                args.runs, lambda _: services.threads.visible_branch(long_thread, 30)
            ),
            "message search": measure(
                args.runs, lambda i: services.threads.search(searches[i % len(searches)])
            ),
            "send on the long thread (compile)": measure(
                args.runs, lambda i: services.chat.preview(long_thread, f"And then {i}?", ref)
            ),
            "hybrid search": measure(
                args.runs, lambda i: services.knowledge.search.search(kb_id, queries[i], 10, "hybrid")
            ),
        }
    finally:
        services.close()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    rows = [
        [name, f"{f['median_ms']:.1f}", f"{f['p95_ms']:.1f}", _goal_text(GOALS_MS[name])]
        for name, f in figures.items()
    ]
    print(
        f"\nLoad: {counts['threads']:,} threads, {counts['messages']:,} messages, {counts['chunks']:,} chunks (random vectors), {args.runs} runs each"
    )
    print(table(["operation", "median ms", "p95 ms", "goal p95 ms"], rows))
    goals = [
        Goal(NAME, f"{name} p95 ms", f"{f['p95_ms']:.1f}", _goal_text(goal), f["p95_ms"] < goal)
        for name, f in figures.items()
        if (goal := GOALS_MS[name]) is not None
    ]
    goals.append(
        Goal(
            NAME,
            "data loaded (threads/messages/chunks)",
            f"{counts['threads']}/{counts['messages']}/{counts['chunks']}",
            f"{args.threads}/{args.messages}/{args.chunks}",
            counts == {"threads": args.threads, "messages": args.messages, "chunks": args.chunks},
        )
    )
    path = write_results(
        NAME, {"counts": counts, "figures": figures, "vectors": "precomputed random unit vectors"}, goals
    )
    print_goals("Load: goals", goals)
    log(f"results in {path}")
    return 0 if all(g.met for g in goals) else 1


def _goal_text(goal: float | None) -> str:
    return "-" if goal is None else f"< {goal:.0f}"


def _script(work: Path) -> Path:
    path = work / "model.json"
    path.write_text(json.dumps({"replies": [{"text": "ok"}], "profile": {"context_window": 8192}}))
    return path


if __name__ == "__main__":
    sys.exit(main())
