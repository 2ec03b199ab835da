"""Model downloads: throughput against curl, bytes fetched again after a kill, the fit estimate against
the memory llama.cpp really takes.

1. Throughput: the embedded SmolLM2 file (98 MB) served by the stand-in Hub on loopback, in a process
   of its own (``tests/support/hub_server.py``: a 302 from the Hub to its "CDN", as the real Hub
   answers), fetched by Mira's transfer (``transfer.fetch``: the redirect, sha256 while writing,
   fsync, atomic move), by Mira's whole job (listing, transfer, header check, model added) and by
   ``curl -L`` of the same ``resolve`` URL to a file; runs alternate. Goal: the transfer at least 0.9×
   curl's throughput.
2. Resume: ``mira models download`` in a process killed (SIGKILL) mid-transfer on a slowed server, then
   run again at full speed; the bytes the server sent in all beyond the file's size are the bytes
   fetched again. Goal: under 1 MB.
3. Fit: the estimate (weights + KV cache + compute buffer, from the GGUF header) against the resident
   memory a fresh process gains loading SmolLM2 with Mira's settings at 2,048 and 4,096 tokens of
   context: right after loading, and after answering a prompt of one full batch (the compute buffer
   is then in use). Goal: within 15 % of the latter.

Run: ``.venv/bin/python benchmarks/downloads.py [--runs N]``; results (the table and the goals'
verdicts) in ``benchmarks/results/downloads.json``, which ``tools/bench_figures.py`` copies into
benchmarks/README.md; exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.reporting import Goals, Spread, machine, machine_load, printed_table, table, write_results
from tests.support.gguf_files import smollm2
from tests.support.hub_server import Repo, RepoFile, StandInHub

REPO, FILE = "HuggingFaceTB/SmolLM2-135M-Instruct-GGUF", "smollm2-135m-instruct-q4_1.gguf"
THROUGHPUT_GOAL = 0.9
REFETCH_GOAL = 1 << 20
FIT_GOAL = 0.15
_RSS_PROBE = r"""
import json, sys, psutil
import llama_cpp
from mira_desktop.models.adapters.local.settings import LocalSettings, default_threads
settings = LocalSettings(context_window=int(sys.argv[2]))
process = psutil.Process()
before = process.memory_info().rss
llm = llama_cpp.Llama(model_path=sys.argv[1], n_ctx=settings.context_window, n_batch=settings.batch_size,
                      n_threads=default_threads(), n_threads_batch=default_threads(), verbose=False)
loaded = process.memory_info().rss
prompt = "Summarize this: " + "The cat sat on the mat and looked at the bird in the tree. " * 24
llm.create_chat_completion(messages=[{"role": "user", "content": prompt}], max_tokens=4)
print(json.dumps({"loaded": loaded - before, "answering": process.memory_info().rss - before}))
"""


def mira(data_dir: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(data_dir), *args]


def serve(folder: Path) -> tuple[subprocess.Popen[str], str]:
    """The stand-in Hub in a process of its own, so the client measured never shares its interpreter."""
    server = subprocess.Popen(
        [sys.executable, "-m", "tests.support.hub_server", "--folder", str(folder)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert server.stdout is not None
    return server, json.loads(server.stdout.readline())["hub"]


def throughput(size: int, runs: int, scratch: Path) -> dict[str, Any]:
    """Mira's transfer (``transfer.fetch``: Range-capable GET after the redirect, sha256 while
    writing, fsync, atomic move) and its whole job (listing, transfer, header check, model added),
    against ``curl -L`` of the same URL; runs alternate."""
    from mira_desktop.app import build_services
    from mira_desktop.core.cancel import CancelToken
    from mira_desktop.core.tasks import TaskRunner
    from mira_desktop.services.hub.client import HubClient
    from mira_desktop.services.hub.endpoint import HubEndpoint
    from mira_desktop.services.hub.listing import HubFile
    from mira_desktop.services.hub.transfer import RetryPolicy, fetch

    tasks = TaskRunner()
    server, hub_url = serve(scratch / "served")
    fetch_s, job_s, curl_s = [], [], []
    url = f"{hub_url}/{REPO}/resolve/main/{FILE}"
    try:
        for run in range(runs):
            with HubClient(HubEndpoint(hub_url, "setting", None, "none")) as client:
                [file] = [f for f in client.files(REPO) if f.path == FILE]
                target = scratch / f"fetch-{run}.gguf"
                started = time.perf_counter()
                fetch(
                    client,
                    HubFile(REPO, "main", FILE, file.size, file.sha256),
                    target,
                    progress=lambda _have: None,
                    should_stop=lambda: None,
                    wait=lambda _s: None,
                    policy=RetryPolicy(),
                    tasks=tasks,
                )
                fetch_s.append(time.perf_counter() - started)
                target.unlink()
            folder = scratch / f"job-{run}"
            services = build_services(folder)
            try:
                services.hub.settings.set_endpoint(hub_url)
                started = time.perf_counter()
                download = services.hub.download(REPO, FILE)
                ended = services.hub.downloads.run(download.id, CancelToken())
                job_s.append(time.perf_counter() - started)
                assert ended.state.value == "completed"
            finally:
                services.close()
                shutil.rmtree(folder, ignore_errors=True)
            target = scratch / "curl.gguf"
            started = time.perf_counter()
            subprocess.run(["curl", "-sSfL", "-o", str(target), url], check=True)
            curl_s.append(time.perf_counter() - started)
            target.unlink()
    finally:
        tasks.close()
        server.terminate()
        server.wait(10)
    rates = {
        name: [size / s for s in values]
        for name, values in (("fetch", fetch_s), ("job", job_s), ("curl", curl_s))
    }
    ratio = Spread.of(rates["fetch"]).median / Spread.of(rates["curl"]).median
    return {
        **{f"{name}_bytes_per_s": Spread.of(values).to_json(values) for name, values in rates.items()},
        "ratio": ratio,
        "job_ratio": Spread.of(rates["job"]).median / Spread.of(rates["curl"]).median,
        "goal": THROUGHPUT_GOAL,
        "met": ratio >= THROUGHPUT_GOAL,
    }


def refetch(hub: StandInHub, size: int, runs: int, scratch: Path) -> dict[str, Any]:
    extra: list[float] = []
    for run in range(runs):
        folder = scratch / f"resume-{run}"
        subprocess.run(mira(folder, "models", "hub", "--endpoint", hub.url), check=True, capture_output=True)
        hub.bytes_sent = 0
        hub.faults.bytes_per_second = 8_000_000
        process = subprocess.Popen(
            mira(folder, "models", "download", REPO, FILE),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while not any(p.stat().st_size > 30_000_000 for p in folder.rglob("*.partial")):
            assert time.monotonic() < deadline, "the download did not start"
            time.sleep(0.01)
        process.send_signal(signal.SIGKILL)
        process.wait()
        hub.faults.bytes_per_second = None
        subprocess.run(mira(folder, "models", "download", REPO, FILE), check=True, capture_output=True)
        extra.append(float(hub.bytes_sent - size))
        shutil.rmtree(folder, ignore_errors=True)
    spread = Spread.of(extra)
    return {"refetched_bytes": spread.to_json(extra), "goal": REFETCH_GOAL, "met": spread.high < REFETCH_GOAL}


def fit(runs: int) -> dict[str, Any]:
    from mira_desktop.models.adapters.local.fit import estimate
    from mira_desktop.models.adapters.local.gguf_metadata import read_file_header
    from mira_desktop.models.adapters.local.settings import LocalSettings

    path = smollm2()
    header = read_file_header(path)
    assert header is not None
    results: dict[str, Any] = {}
    for context in (2048, 4096):
        settings = LocalSettings(context_window=context)
        guess = estimate(
            header, path.stat().st_size, context=context, batch=settings.batch_size, available=1 << 40
        )
        loaded, answering = [], []
        for _ in range(runs):
            out = subprocess.run(
                [sys.executable, "-c", _RSS_PROBE, str(path), str(context)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            measured = json.loads(out.strip().splitlines()[-1])
            loaded.append(float(measured["loaded"]))
            answering.append(float(measured["answering"]))
        working = Spread.of(answering)
        error = guess.total / working.median - 1
        results[str(context)] = {
            "estimate": {
                "total": guess.total,
                "weights": guess.weights,
                "kv_cache": guess.kv_cache,
                "compute": guess.compute,
            },
            "rss_after_load": Spread.of(loaded).to_json(loaded),
            "rss_answering": working.to_json(answering),
            "error_vs_answering": error,
            "error_vs_loaded": guess.total / Spread.of(loaded).median - 1,
            "goal": FIT_GOAL,
            "met": abs(error) <= FIT_GOAL,
        }
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    size = smollm2().stat().st_size
    load_before = machine_load()
    with (
        tempfile.TemporaryDirectory(prefix="mira-bench-downloads-") as scratch,
        StandInHub([Repo(REPO, [RepoFile(FILE, smollm2().read_bytes())])]) as hub,
    ):
        speed = throughput(size, args.runs, Path(scratch))
        resume = refetch(hub, size, max(3, args.runs // 2 + 1), Path(scratch))
    fit_runs = max(3, args.runs // 2 + 1)
    fits = fit(fit_runs)
    mb = 1 / 2**20

    def spread(data: dict[str, Any]) -> Spread:
        return Spread(data["median"], data["low"], data["high"], data["runs"])

    rows = [
        ["Mira transfer (MB/s)", *spread(speed["fetch_bytes_per_s"]).cells(mb, 0), ""],
        ["Mira whole job (MB/s)", *spread(speed["job_bytes_per_s"]).cells(mb, 0), ""],
        ["curl -L (MB/s)", *spread(speed["curl_bytes_per_s"]).cells(mb, 0), ""],
        ["transfer / curl (x, of the medians)", f"{speed['ratio']:.2f}", "", "", ""],
        ["whole job / curl (x, of the medians)", f"{speed['job_ratio']:.2f}", "", "", ""],
        ["re-fetched after kill -9 (KB)", *spread(resume["refetched_bytes"]).cells(1 / 1024, 0), ""],
    ]
    goals = Goals("downloads")
    goals.at_least("Mira's transfer / curl's throughput (medians)", speed["ratio"], THROUGHPUT_GOAL, "x", 2)
    refetched = spread(resume["refetched_bytes"]).high / 1024
    goals.check(
        "re-fetched after kill -9 (worst run)",
        f"< {REFETCH_GOAL // 1024:,} KB",
        f"{refetched:,.0f} KB",
        resume["met"],
    )
    for context, found in fits.items():
        answering, loaded = spread(found["rss_answering"]), spread(found["rss_after_load"])
        rows += [
            [f"fit {context}: estimate (MB)", f"{found['estimate']['total'] * mb:.1f}", "", "", ""],
            [f"fit {context}: RSS after load (MB)", *loaded.cells(mb, 1), f"{found['error_vs_loaded']:+.1%}"],
            [
                f"fit {context}: RSS answering (MB)",
                *answering.cells(mb, 1),
                f"{found['error_vs_answering']:+.1%}",
            ],
        ]
        goals.at_most(
            f"fit estimate vs RSS answering, {context} tokens (|error|)",
            abs(found["error_vs_answering"]) * 100,
            FIT_GOAL * 100,
            " %",
        )
    header = ["measure", "median", "min", "max", "estimate's error"]
    print(table(header, rows))
    goals.print()
    data = {
        "machine": machine(),
        "load_before": load_before,
        "load_after": machine_load(),
        "table": printed_table(
            f"SmolLM2 ({size / 2**20:.0f} MB) from the stand-in Hub on loopback: {args.runs} runs of each transfer "
            f"(alternating), {resume['refetched_bytes']['runs']} kills, {fit_runs} fresh processes per fit window",
            header,
            rows,
        ),
        "file_bytes": size,
        "throughput": speed,
        "resume": resume,
        "fit": fits,
    }
    print(f"results: {write_results('downloads', data, goals)}")
    return goals.exit_status()


if __name__ == "__main__":
    sys.exit(main())
