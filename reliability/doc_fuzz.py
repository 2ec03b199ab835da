"""Document fuzzing: every corpus file mutated, and files made to hurt, ingested as `mira kb add` does.

Each case goes to a worker subprocess (``fuzz_worker.py``) with a per-file timeout and a memory cap
(the worker's address space is limited with ``RLIMIT_AS``, and its resident memory is watched: a
file that makes it grow past ``--memory-cap-gib`` above where it rested is stopped there). The
embedding model is loaded once per worker; ``--files-per-worker 1`` gives every file a new process
(slower: the model loads each time). A worker that dies, hangs or passes the cap is killed and a new
one started. Counted per case: crashes (a traceback, an error that is not a MiraError — including a
reader bug the indexer caught and turned into an ``internal`` failure — or a dead worker), hangs,
memory past the cap, and half-indexed documents (a version neither published nor failed with a reason).

    python -m reliability.doc_fuzz [--seed 11] [--timeout 120] [--memory-cap-gib 2] [--files-per-worker 40]
"""

from __future__ import annotations

import argparse
import json
import queue
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

import psutil  # type: ignore[import-untyped]

from reliability.common import DOCS, PYTHON, ROOT, Goal, child_env, log, print_goals, table, write_results
from reliability.doc_mutations import Case, corpus, made, mutations

NAME = "doc_fuzz"
GIB = 1024**3
BAD = ("crash", "hang", "memory", "half-indexed")


@dataclass
class Result:
    case: str
    mutation: str
    verdict: str  # published | failed with reason | refused | skipped | crash | hang | memory | half-indexed
    seconds: float
    peak_rss_mb: float
    detail: str = ""
    versions: list[dict[str, Any]] = field(default_factory=list)


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


class Worker:
    def __init__(self, log_path: Path, headroom_gib: float) -> None:
        self.stderr = log_path.open("a")
        self.process = subprocess.Popen(
            [PYTHON, "-m", "reliability.fuzz_worker", str(headroom_gib)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            text=True,
            cwd=ROOT,
            env=child_env(),
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        assert self.process.stdout is not None
        threading.Thread(target=_pump, args=(self.process.stdout, self.lines), daemon=True).start()
        ready = self.lines.get(timeout=600)
        if ready is None:
            raise RuntimeError(f"the fuzz worker did not start (see {log_path})")
        self.used = 0

    def rss(self) -> int:
        try:
            return int(psutil.Process(self.process.pid).memory_info().rss)
        except psutil.Error:
            return 0

    def run(self, case: Case, data: Path, timeout: float, cap: int) -> Result:
        assert self.process.stdin is not None
        self.used += 1
        rest = self.rss()
        started, peak = time.monotonic(), rest
        self.process.stdin.write(
            json.dumps({"name": case.name, "path": str(case.path), "data": str(data)}) + "\n"
        )
        self.process.stdin.flush()
        while True:
            try:
                line = self.lines.get(timeout=0.05)
            except queue.Empty:
                line = ""
            peak = max(peak, self.rss())
            seconds = time.monotonic() - started
            growth = (peak - rest) / 2**20
            if line and '"done"' in line:
                return _verdict(case, json.loads(line), seconds, growth)
            verdict, detail = "", ""
            if line is None:
                verdict, detail = "crash", f"the worker died (exit {self.process.wait()}); see the worker log"
            elif peak - rest > cap:
                verdict, detail = "memory", f"resident memory grew by {growth:.0f} MB"
            elif seconds > timeout:
                verdict, detail = "hang", f"no answer after {timeout:.0f} s"
            if verdict:
                self.kill()
                return Result(case.name, case.mutation, verdict, seconds, growth, detail)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self.stderr.close()


def _verdict(case: Case, answer: dict[str, Any], seconds: float, growth: float) -> Result:
    result = Result(case.name, case.mutation, "", seconds, growth, versions=answer.get("versions", []))
    outcome = answer["outcome"]
    if outcome in ("crash", "memory"):
        result.verdict, result.detail = outcome, answer.get("message", "")
        return result
    if outcome == "refused":
        result.verdict, result.detail = "refused", answer["message"]
        return result
    statuses = [v["status"] for v in result.versions]
    errors = [v["error"] or {} for v in result.versions if v["status"] == "failed"]
    if any(s not in ("published", "failed") for s in statuses) or any(not e.get("message") for e in errors):
        result.verdict, result.detail = "half-indexed", json.dumps(result.versions)[:500]
    elif any(e.get("kind") in ("internal", "index") for e in errors):
        result.verdict, result.detail = "crash", "; ".join(e["message"] for e in errors)[:1500]
    elif any("MemoryError" in str(e.get("message")) for e in errors):
        result.verdict, result.detail = "memory", "; ".join(e["message"] for e in errors)[:500]
    elif not statuses:
        result.verdict, result.detail = "skipped", "; ".join(answer.get("skipped", []))
    elif errors:
        result.verdict, result.detail = "failed with reason", errors[0]["message"][:300]
    else:
        result.verdict = "published"
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per file")
    parser.add_argument(
        "--memory-cap-gib", type=float, default=2.0, help="growth of resident memory per file"
    )
    parser.add_argument("--files-per-worker", type=int, default=40)
    parser.add_argument("--limit", type=int, default=0, help="only the first N cases (a quick try)")
    parser.add_argument("--work", type=Path, default=None)
    args = parser.parse_args(argv)
    work = args.work or Path(tempfile.mkdtemp(prefix="mira-fuzz-"))
    (work / "cases").mkdir(parents=True, exist_ok=True)
    log("making the cases")
    cases = [*made(DOCS, work / "cases"), *mutations(DOCS, work / "cases", args.seed)]
    cases = cases[: args.limit] if args.limit else cases
    cap = int(args.memory_cap_gib * GIB)
    results: list[Result] = []
    worker: Worker | None = None
    for number, case in enumerate(cases):
        if worker is None or worker.process.poll() is not None or worker.used >= args.files_per_worker:
            if worker is not None:
                worker.kill()
            worker = Worker(work / "worker.log", args.memory_cap_gib + 1.5)
        result = worker.run(case, work / "data" / f"case-{number:04d}", args.timeout, cap)
        results.append(result)
        if result.verdict in BAD:
            log(f"{case.name}: {result.verdict}: {result.detail[:300]}")
        if worker.process.poll() is not None:
            worker = None
    if worker is not None:
        worker.kill()
    return report(results, args, work)


def report(results: list[Result], args: argparse.Namespace, work: Path) -> int:
    rows = []
    for mutation in dict.fromkeys(r.mutation for r in results):
        mine = [r for r in results if r.mutation == mutation]
        counts = Counter(r.verdict for r in mine)
        rows.append(
            [
                mutation,
                str(len(mine)),
                str(counts["published"]),
                str(counts["failed with reason"] + counts["refused"]),
                str(counts["skipped"]),
                *(str(counts[v]) for v in BAD),
                f"{max(r.peak_rss_mb for r in mine):.0f}",
                f"{max(r.seconds for r in mine):.1f}",
            ]
        )
    print(
        f"\nDocument fuzzing: {len(results)} cases, timeout {args.timeout:.0f} s, memory cap {args.memory_cap_gib} GiB"
    )
    print(
        table(
            ["mutation", "cases", "published", "failed (reason)", "skipped", *BAD, "peak RSS MB", "max s"],
            rows,
        )
    )
    bad = [r for r in results if r.verdict in BAD]
    if bad:
        print("\nFailures")
        print(
            table(
                ["case", "verdict", "detail"],
                [[r.case, r.verdict, r.detail[:120].replace("\n", " ")] for r in bad],
            )
        )
    totals = Counter(r.verdict for r in results)
    sources = {p.name for p in corpus(DOCS)}
    mutated = {r.case.split("~", 1)[0] for r in results if not r.case.startswith("made~")}
    made_cases = sum(r.case.startswith("made~") for r in results)
    goals = [
        Goal(
            NAME,
            "cases ingested (corpus files mutated, files made)",
            f"{len(results)} ({len(sources & mutated)} of {len(sources)}, {made_cases})",
            "every corpus file, and the made ones",
            sources <= mutated and made_cases > 0,
        )
    ]
    goals += [Goal(NAME, f"{verdict}", str(totals[verdict]), "0", totals[verdict] == 0) for verdict in BAD]
    path = write_results(
        NAME, {"work": str(work), "table": rows, "results": [asdict(r) for r in results]}, goals
    )
    print_goals("Document fuzzing: goals", goals)
    log(f"results in {path}")
    return 0 if all(g.met for g in goals) else 1


if __name__ == "__main__":
    sys.exit(main())
