"""What reading reasoning costs a streamed reply: tokens per second through Mira's OpenAI-compatible
adapter, for the same reply without a reasoning block, with one inside ``<think>`` tags (the
splitter of ``models/reasoning.py`` scans it), and with one as ``reasoning_content`` deltas.

The server is the loopback stand-in of ``tests/support/model_server.py`` (``ThinkingServer``), one
delta per token (``--piece`` characters), as fast as it can write. Each reply has the same number
of deltas, so a slower run means a slower client. The three kinds run interleaved ``--runs`` times.
Two figures per run: tokens per second of wall time, and tokens per second of the reading thread's
own CPU time (``time.thread_time``: the SSE decoding, JSON, chunk reading and splitting the client
does, without the server's threads or the other processes of a shared machine, which make the wall
figure swing by half on a busy machine); each as the median (lowest and highest) of the runs. Also
measured: the splitter alone over the same deltas, in microseconds per delta.
Goal: a reply with its reasoning in tags is read at ≥ 98 % of the tokens per CPU second of the same
reply without reasoning (parsing costs ≤ 2 %).

    .venv/bin/python benchmarks/thinking.py [--runs 9] [--tokens 4000] [--piece 4]

Prints the table with its goal and verdict, writes benchmarks/results/thinking.json, exits 1 when
the goal is missed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.reporting import (  # noqa: E402
    Goals,
    Spread,
    machine,
    machine_load,
    printed_table,
    table,
    write_results,
)

GOAL_SHARE = 0.98
KINDS = (("without reasoning", "plain"), ("reasoning in <think> tags", "think-tags"), ("reasoning_content deltas", "think-field"))


def stream_once(base_url: str, model: str) -> tuple[float, float, int]:
    """Wall seconds and this thread's CPU seconds to read one whole reply through the adapter, and
    the deltas it gave."""
    from mira_desktop.core.cancel import CancelToken
    from mira_desktop.models.adapters.remote.adapter import OpenAICompatibleModel
    from mira_desktop.models.protocol import ChatMessage, ChatRequest, ReasoningDelta, TextDelta

    adapter = OpenAICompatibleModel(ref=f"remote:bench/{model}", base_url=base_url, model=model)
    request = ChatRequest((ChatMessage("user", "Think, then answer."),))
    try:
        started, cpu = time.perf_counter(), time.thread_time()
        count = sum(
            1 for c in adapter.stream(request, CancelToken()) if isinstance(c, (TextDelta, ReasoningDelta))
        )
        return time.perf_counter() - started, time.thread_time() - cpu, count
    finally:
        adapter.close()


def splitter_alone(pieces: list[str], rounds: int = 20) -> tuple[float, float]:
    """Microseconds per delta of the think-tag splitter by itself, and of what the adapter did for a
    delta before it (a text chunk in a list): the splitter adds the difference."""
    from mira_desktop.models.protocol import TextDelta
    from mira_desktop.models.reasoning import ReasoningSplitter

    started = time.perf_counter()
    for _ in range(rounds):
        splitter = ReasoningSplitter()
        for piece in pieces:
            splitter.feed(piece)
        splitter.flush()
    split = (time.perf_counter() - started) / (rounds * len(pieces)) * 1e6
    started = time.perf_counter()
    for _ in range(rounds):
        for piece in pieces:
            [TextDelta(piece)]
    plain = (time.perf_counter() - started) / (rounds * len(pieces)) * 1e6
    return split, plain


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--tokens", type=int, default=4000, help="deltas per reply")
    parser.add_argument("--piece", type=int, default=4, help="characters per delta")
    args = parser.parse_args()

    from tests.support.model_server import ThinkingServer

    words = ["the", "quick", "brown", "fox", "reasons", "about", "the", "sum", "of", "two", "and", "two", "before", "it", "answers"]
    half = args.tokens * args.piece // 2
    reasoning = " ".join(words * (half // 40 + 1))[:half]
    answer = " ".join(reversed(words * (half // 40 + 1)))[:half]
    plain_answer = reasoning + answer  # the same characters, so the same number of deltas
    load_before = machine_load()
    times: dict[str, list[float]] = {model: [] for _label, model in KINDS}
    cpu_times: dict[str, list[float]] = {model: [] for _label, model in KINDS}
    deltas: dict[str, int] = {}
    with ThinkingServer(reasoning=reasoning, answer=answer, piece=args.piece) as server:
        with ThinkingServer(reasoning="", answer=plain_answer, piece=args.piece) as plain:
            for model in ("plain", "think-tags", "think-field"):  # warm: imports, first connection
                stream_once((plain if model == "plain" else server).base_url, model)
            for _ in range(args.runs):
                for _label, model in KINDS:
                    seconds, cpu, count = stream_once((plain if model == "plain" else server).base_url, model)
                    times[model].append(count / seconds)
                    cpu_times[model].append(count / cpu)
                    deltas[model] = count
        pieces = [p for p, _finish in ((d.get("content", ""), f) for d, f in server.deltas({"model": "think-tags"}))]
    spreads = {model: Spread.of(values) for model, values in times.items()}
    cpu_spreads = {model: Spread.of(values) for model, values in cpu_times.items()}
    share = {model: cpu_spreads[model].median / cpu_spreads["plain"].median for model in cpu_spreads}
    alone, before = splitter_alone([p for p in pieces if p])
    header = [
        "reply", "deltas", "tokens/s (wall) median", "lowest", "highest",
        "tokens/CPU-s median", "lowest", "highest", "of the plain reply (CPU)",
    ]  # fmt: skip
    rows = [
        [label, str(deltas[model]), *spreads[model].cells(), *cpu_spreads[model].cells(), f"{share[model] * 100:.1f} %"]
        for label, model in KINDS
    ]
    print(f"Streaming through the OpenAI-compatible adapter, {args.runs} runs each (loopback server)")
    print(table(header, rows))
    cpu_per_delta = 1e6 / cpu_spreads["plain"].median
    print(
        f"the think-tag splitter alone: {alone:.2f} µs per delta, {alone - before:.2f} µs more than a text chunk "
        f"({(alone - before) / cpu_per_delta * 100:.1f} % of the {cpu_per_delta:.1f} µs of client CPU a delta takes)"
    )
    goals = Goals("thinking")
    goals.at_least(
        "reasoning in tags: tokens per CPU second against the plain reply",
        share["think-tags"] * 100,
        GOAL_SHARE * 100,
        " %",
    )
    goals.print()
    results = {
        "machine": machine(),
        "load_before": load_before,
        "load_after": machine_load(),
        "runs": args.runs,
        "tokens": args.tokens,
        "piece_chars": args.piece,
        "tokens_per_second": {model: spreads[model].to_json(times[model]) for model in spreads},
        "tokens_per_cpu_second": {model: cpu_spreads[model].to_json(cpu_times[model]) for model in cpu_spreads},
        "share_of_plain": share,
        "splitter_us_per_delta": alone,
        "text_chunk_us_per_delta": before,
        "client_cpu_us_per_delta": cpu_per_delta,
        "table": printed_table("Streaming with and without reasoning", header, rows),
    }
    print(f"results in {write_results('thinking', results, goals)}")
    return goals.exit_status()


if __name__ == "__main__":
    raise SystemExit(main())
