"""Local generation: raw llama-cpp-python against Mira's adapter, on the same GGUF and threads.

Prints, side by side in one run: tokens/s and time to first token (raw vs adapter), the follow-up
turn with prompt-cache reuse against a cold start, cancel latency while generating and while
processing a ~3,000-token prompt, and tokens/s for 1 and 2 threads on a quiet machine and with
another process keeping one core busy (the measurement behind the default thread count).
Writes benchmarks/results/generation.json.

Goals (issue 3): adapter >= 0.95x raw tokens/s; TTFT <= 1.05x raw + 20 ms; cancel <= one token
interval + 50 ms while generating and <= 100 ms while processing the prompt.

    .venv/bin/python benchmarks/generation.py [--threads N] [--runs 3] [--skip-load]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import threading
import time
from pathlib import Path
from typing import Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.conversation.sampling import SamplingParams
from mira_desktop.models.adapters.local.llama import LlamaCppModel, LocalSettings, default_threads
from mira_desktop.models.embedded import smollm2_gguf_path
from mira_desktop.models.protocol import ChatMessage, ChatRequest, Finish, TextDelta

PROMPT = "Write a long, detailed story about a lighthouse keeper and a storm."
MAX_TOKENS = 160
CONTEXT = 4096


def _burn(stop: Any) -> None:
    while not stop.is_set():
        sum(i * i for i in range(10_000))


class CoreBurner:
    """Keeps one core busy in another process, like a busy desktop."""

    def __enter__(self) -> CoreBurner:
        self._stop = multiprocessing.Event()
        self._proc = multiprocessing.Process(target=_burn, args=(self._stop,), daemon=True)
        self._proc.start()
        time.sleep(0.3)
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._proc.join(5)


def raw_run(llm: Any, messages: list[dict[str, str]], max_tokens: int) -> tuple[float, float, int]:
    llm.reset()
    start = time.perf_counter()
    first = 0.0
    tokens = 0
    for part in llm.create_chat_completion(
        messages=messages, stream=True, max_tokens=max_tokens, temperature=0.0
    ):
        if part["choices"][0]["delta"].get("content"):
            tokens += 1
            if tokens == 1:
                first = time.perf_counter() - start
    return first, time.perf_counter() - start, tokens


def adapter_run(model: LlamaCppModel, request: ChatRequest, reset: bool = True) -> tuple[float, float, int]:
    if reset:
        model._llm.reset()
    start = time.perf_counter()
    first = 0.0
    tokens = 0
    for chunk in model.stream(request, CancelToken()):
        if isinstance(chunk, TextDelta):
            tokens += 1
            if tokens == 1:
                first = time.perf_counter() - start
    return first, time.perf_counter() - start, tokens


def rate(first: float, total: float, tokens: int) -> float:
    return (tokens - 1) / max(total - first, 1e-9)


def cancel_latency(
    model: LlamaCppModel, request: ChatRequest, after_tokens: int | None, after_s: float | None
) -> float:
    model._llm.reset()
    token = CancelToken()
    cancelled_at: list[float] = []

    def cancel() -> None:
        cancelled_at.append(time.perf_counter())
        token.cancel()

    timer = threading.Timer(after_s, cancel) if after_s is not None else None
    if timer:
        timer.start()
    seen = 0
    end = 0.0
    for chunk in model.stream(request, token):
        if isinstance(chunk, TextDelta):
            seen += 1
            if after_tokens is not None and seen == after_tokens:
                cancel()
        if isinstance(chunk, Finish):
            end = time.perf_counter()
    if timer:
        timer.join()
    return end - cancelled_at[0] if cancelled_at else float("nan")


def threads_under_load(path: Path, request: ChatRequest) -> dict[str, float]:
    table: dict[str, float] = {}
    for threads in (1, 2):
        probe = LlamaCppModel("local:smollm2", path, "SmolLM2", LocalSettings(CONTEXT, threads))
        probe.prepare()
        table[f"quiet_{threads}"] = rate(*adapter_run(probe, request))
        with CoreBurner():
            table[f"busy_{threads}"] = rate(*adapter_run(probe, request))
        probe.close()
    return table


def report(results: dict[str, Any], runs: int) -> None:
    raw_tps, our_tps = results["raw_tps"], results["adapter_tps"]
    raw_ttft, our_ttft = results["raw_ttft_s"], results["adapter_ttft_s"]
    warm_ttft, cold_ttft = results["followup_warm_ttft_s"], results["followup_cold_ttft_s"]
    token_interval = results["token_interval_s"]
    gen_cancel, prompt_cancel = results["cancel_generating_s"], results["cancel_prompt_s"]
    prompt_tokens = results["long_prompt_tokens"]
    print(f"SmolLM2 ({results['model']}), {results['threads']} thread(s), median of {runs}")
    print(f"{'':34}{'raw llama-cpp':>16}{'Mira adapter':>16}{'ratio':>9}")
    print(f"{'tokens/s':34}{raw_tps:>16.1f}{our_tps:>16.1f}{our_tps / raw_tps:>8.2f}x   goal >= 0.95x")
    print(
        f"{'time to first token':34}{raw_ttft * 1000:>14.0f}ms{our_ttft * 1000:>14.0f}ms"
        f"{our_ttft / raw_ttft:>8.2f}x   goal <= 1.05x + 20 ms ({(raw_ttft * 1.05 + 0.02) * 1000:.0f} ms)"
    )
    print(
        f"follow-up turn TTFT: {warm_ttft * 1000:.0f} ms with the prompt cache, {cold_ttft * 1000:.0f} ms cold"
    )
    print(
        f"cancel while generating: {gen_cancel * 1000:.1f} ms (one token = {token_interval * 1000:.1f} ms; "
        f"goal <= {(token_interval + 0.05) * 1000:.0f} ms)"
    )
    print(
        f"cancel while processing a {prompt_tokens}-token prompt: {prompt_cancel * 1000:.1f} ms (goal <= 100 ms)"
    )
    if "threads_table" in results:
        t = results["threads_table"]
        print("tokens/s by threads     quiet    one core busy")
        for n in (1, 2):
            print(f"  {n} thread(s)        {t[f'quiet_{n}']:>7.1f}    {t[f'busy_{n}']:>7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--threads", type=int, default=default_threads())
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-load", action="store_true", help="skip the busy-core thread comparison")
    args = parser.parse_args()
    import llama_cpp

    path = smollm2_gguf_path()
    assert path is not None
    messages = [{"role": "user", "content": PROMPT}]
    request = ChatRequest(
        (ChatMessage("user", PROMPT),), SamplingParams(temperature=0.0, max_tokens=MAX_TOKENS)
    )
    results: dict[str, Any] = {"threads": args.threads, "model": path.name}

    llm = llama_cpp.Llama(
        str(path),
        n_ctx=CONTEXT,
        n_batch=256,
        n_threads=args.threads,
        n_threads_batch=args.threads,
        verbose=False,
    )
    model = LlamaCppModel("local:smollm2", path, "SmolLM2", LocalSettings(CONTEXT, args.threads))
    model.prepare()
    raw_runs, ours_runs = [], []
    for _ in range(args.runs):  # interleaved
        raw_runs.append(raw_run(llm, messages, MAX_TOKENS))
        ours_runs.append(adapter_run(model, request))
    raw_tps = statistics.median(rate(*r) for r in raw_runs)
    our_tps = statistics.median(rate(*r) for r in ours_runs)
    raw_ttft = statistics.median(r[0] for r in raw_runs)
    our_ttft = statistics.median(r[0] for r in ours_runs)
    del llm
    results.update(raw_tps=raw_tps, adapter_tps=our_tps, raw_ttft_s=raw_ttft, adapter_ttft_s=our_ttft)

    # Follow-up turn: the second turn reuses the evaluated prefix of the first.
    history = [ChatMessage("user", PROMPT + " " + "Mention the sea and the wind. " * 60)]
    first_turn = ChatRequest(tuple(history), SamplingParams(temperature=0.0, max_tokens=40))
    answer = "".join(c.text for c in model.stream(first_turn, CancelToken()) if isinstance(c, TextDelta))
    follow = ChatRequest(
        (*history, ChatMessage("assistant", answer), ChatMessage("user", "Now give it a title.")),
        SamplingParams(temperature=0.0, max_tokens=20),
    )
    warm_ttft = adapter_run(model, follow, reset=False)[0]
    cold_ttft = adapter_run(model, follow, reset=True)[0]
    results.update(followup_warm_ttft_s=warm_ttft, followup_cold_ttft_s=cold_ttft)

    token_interval = 1 / our_tps
    gen_cancel = statistics.median(cancel_latency(model, request, 20, None) for _ in range(args.runs))
    long_prompt = "The quick brown fox jumps over the lazy dog. " * 300
    long_request = ChatRequest(
        (ChatMessage("user", long_prompt + "Summarize."),), SamplingParams(max_tokens=20)
    )
    prompt_tokens = model.count_tokens(long_prompt)
    prompt_cancel = statistics.median(
        cancel_latency(model, long_request, None, 0.15) for _ in range(args.runs)
    )
    results.update(
        token_interval_s=token_interval,
        cancel_generating_s=gen_cancel,
        cancel_prompt_s=prompt_cancel,
        long_prompt_tokens=prompt_tokens,
    )
    model.close()

    if not args.skip_load:
        results["threads_table"] = threads_under_load(path, request)
    report(results, args.runs)
    out = Path(__file__).parent / "results" / "generation.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
