"""A context sized at load, and idle unload: the window Mira chooses for the embedded model, the
resident memory it really takes against the estimate the choice rests on, and the memory an idle
unload gives back.

For each of three windows of SmolLM2 (2,048, 4,096 and 8,192 tokens: set as the model's own window)
and for the window Mira chooses itself (no setting), a fresh process loads the model through Mira's
adapter (``LlamaCppModel``) and records its resident memory (RSS) before the load, after it, and after
a prompt that fills the window (its length minus 128 tokens, then 8 tokens generated: the KV cache and
the compute buffer are then in use); then the adapter's idle unload (``unload_if_idle``) runs and the
RSS is read again (glibc's free heap pages trimmed by the adapter). The window Mira chooses itself
answers a short prompt only (the same 8,192 tokens here as the largest set window).

Goals: the estimate (weights + KV cache + compute buffer from the GGUF header: ``fit.py``, the one Get
models shows) within 15 % of the memory measured after a full window, at each of the three windows;
an idle unload gives back at least 90 % of what the load took — judged strictly: RSS after a full
window minus RSS after the unload, against all the process gained since before the load (Python's own
allocations for the request included). Against what the load alone took (RSS after the load minus
RSS before it) it is printed beside it, and is over 100 % (the full window took more).

Run: ``.venv/bin/python benchmarks/context_window.py [--runs N]``; results in
``benchmarks/results/context_window.json``; exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.reporting import Goals, Spread, machine, machine_load, printed_table, table, write_results
from tests.support.gguf_files import smollm2

WINDOWS = (2048, 4096, 8192)
ESTIMATE_GOAL = 0.15
GIVEN_BACK_GOAL = 0.90
MB = 1 / 2**20

_PROBE = r"""
import json, sys, psutil
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.adapters.local.llama import LlamaCppModel
from mira_desktop.models.adapters.local.settings import LocalSettings
from mira_desktop.models.protocol import ChatMessage, ChatRequest, Finish

window = int(sys.argv[2]) or None
fill = sys.argv[3] == "fill"
process = psutil.Process()
model = LlamaCppModel("local:smollm2", __import__("pathlib").Path(sys.argv[1]), "SmolLM2", LocalSettings(context_window=window))
choice = model.window()
before = process.memory_info().rss
model.prepare()
loaded = process.memory_info().rss
sentence = "The cat sat on the mat and looked at the bird in the tree. "
per = model.count_tokens(sentence)
text = sentence * ((choice.tokens - 128) // per if fill else 1)
request = ChatRequest((ChatMessage("user", text),), SamplingParams(max_tokens=8, temperature=0.0))
chunks = list(model.stream(request, CancelToken()))
assert isinstance(chunks[-1], Finish) and chunks[-1].reason != "cancelled", chunks[-1]
prompt = next(c.prompt_tokens for c in chunks if hasattr(c, "prompt_tokens"))
full = process.memory_info().rss
assert model.unload_if_idle(0.0)
unloaded = process.memory_info().rss
model.close()
print(json.dumps({
    "window": choice.tokens, "reason": choice.reason.value, "estimate": choice.fit.total,
    "weights": choice.fit.weights, "kv_cache": choice.fit.kv_cache, "compute": choice.fit.compute,
    "prompt_tokens": prompt, "loaded": loaded - before, "full": full - before, "unloaded": unloaded - before,
}))
"""


def probe(path: Path, window: int) -> dict[str, Any]:
    """One fresh process; the window Mira chooses (``window`` 0) answers a short prompt only: the set
    windows measure the memory of a full one."""
    fill = "fill" if window else "short"
    out = subprocess.run(
        [sys.executable, "-c", _PROBE, str(path), str(window), fill],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    path = smollm2()
    load_before = machine_load()
    measured: dict[str, list[dict[str, Any]]] = {str(w): [] for w in (*WINDOWS, 0)}
    for _ in range(args.runs):  # the windows interleaved, each in a fresh process
        for window in (*WINDOWS, 0):
            measured[str(window)].append(probe(path, window))
    goals = Goals("context_window")
    rows, results = [], {}
    for key, runs in measured.items():
        first = runs[0]
        loaded, full = Spread.of([r["loaded"] for r in runs]), Spread.of([r["full"] for r in runs])
        # What the unload gave back (RSS at its largest, after the window was used, minus RSS after
        # the unload) against what the load took (RSS after the load minus RSS before it), and
        # against all the process gained (which keeps Python's own allocations of the request).
        given = [(r["full"] - r["unloaded"]) / r["loaded"] for r in runs]
        given_all = [(r["full"] - r["unloaded"]) / r["full"] for r in runs]
        error = first["estimate"] / full.median - 1
        label = f"{first['window']:,} ({'chosen: ' + first['reason'] + ', short prompt' if key == '0' else 'set'})"
        rows.append([
            label, f"{first['estimate'] * MB:.0f}", *loaded.cells(MB, 0), *full.cells(MB, 0),
            f"{error:+.1%}" if key != "0" else "", f"{Spread.of(given).median:.0%}", f"{Spread.of(given_all).median:.0%}",
        ])  # fmt: skip
        results[key] = {
            "runs": runs, "estimate_error_vs_full": error,
            "given_back_of_load": Spread.of(given).to_json(given), "given_back_of_all": Spread.of(given_all).to_json(given_all),
        }  # fmt: skip
        if key != "0":
            goals.at_most(
                f"estimate vs RSS after a full {first['window']:,}-token window (|error|)",
                abs(error) * 100,
                ESTIMATE_GOAL * 100,
                " %",
            )
            goals.at_least(f"given back by an idle unload, of all the process gained ({first['window']:,} tokens, worst run)", min(given_all) * 100, GIVEN_BACK_GOAL * 100, " %")  # fmt: skip
    header = ["window", "estimate MB", "RSS loaded MB", "min", "max", "RSS full window MB", "min", "max",
              "estimate vs full", "given back / load", "given back / all gained"]  # fmt: skip
    print(table(header, rows))
    goals.print()
    data = {
        "machine": machine(),
        "load_before": load_before,
        "load_after": machine_load(),
        "table": printed_table(
            f"SmolLM2-135M Q4_1 through Mira's adapter, {args.runs} fresh processes per window (RSS gained over the process before the load)",
            header,
            rows,
        ),
        "windows": results,
    }
    print(f"results: {write_results('context_window', data, goals)}")
    return goals.exit_status()


if __name__ == "__main__":
    sys.exit(main())
