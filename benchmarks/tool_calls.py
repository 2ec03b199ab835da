"""The first tool call of an agent run: a local model calling in its own format against the same model
answering in Mira's JSON grammar.

Both sides are the embedded SmolLM2 and the same weights: the JSON side is the GGUF as shipped (its
template renders no tools, so the agent constrains every reply to Mira's JSON grammar); the native
side is a copy whose chat template renders tools the Hermes / Qwen way (``tests/support/tools_gguf.py``),
so the tools go through that template and the call is written as ``<tool_call>{…}</tool_call>`` by
the call grammar (from the first token, as a file task needs a call). Each run is a real agent run
through Mira's services — the same task ("List the files of this folder."), the same greedy role and
workspace — limited to one model call. The figure is the time from the agent asking the model
(``agent.model_started``) to the parsed call (``tool.call``), heard on the live run feed, with the
model loaded and its cache reset first, so each run evaluates its whole prompt as the first call of a
run does after another thread used the model. The runs alternate between the sides, after one warm-up
run each (the load). Goal: native ≤ 1.1× the JSON grammar's time at the median.

    .venv/bin/python benchmarks/tool_calls.py [--runs 5]

Prints the table with the goals and verdicts, writes benchmarks/results/tool_calls.json, exits 1 when a
goal is missed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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

TASK = "List the files of this folder."
GOAL_RATIO = 1.1
SIDES = ("json cold", "json warm", "native cold", "native warm")
NAMES = {
    "json": "Mira's JSON grammar (SmolLM2 as shipped)",
    "native": "its own format (SmolLM2, Hermes template)",
}
RUN_TIMEOUT = 600.0
GREEDY_ROLE = {
    "name": "Benchmark agent",
    "prompt": {"description": "{{char}} works on the files with the tools."},
    "llm_profile": {"temperature": 0.0},
}


@dataclass(frozen=True)
class FirstCall:
    seconds: float  # agent.model_started → tool.call
    whole: float  # send → tool.call
    tool: str
    prompt_tokens: int
    completion_tokens: int
    format: str


class Side:
    """One way of calling tools: a model ref in a data folder with its workspace and role."""

    def __init__(self, services: Any, ref: str, workspace: str, role: str) -> None:
        self.services = services
        self.ref = ref
        self.workspace = workspace
        self.role = role

    def first_call(self, *, cold: bool = True) -> FirstCall:
        """One run's first call; ``cold``: the model's evaluated prompt is forgotten first (its cache
        reset), else the run finds the prompt of the previous run (the same task) still evaluated."""
        from mira_desktop.services.chat.service import SendOptions

        model = self.services.models.registry.get(self.ref)
        llm = getattr(model, "_llm", None)  # llama-cpp-python's Llama, as benchmarks/generation.py resets it
        if cold and llm is not None:
            llm.reset()
        heard: dict[str, tuple[float, dict[str, Any]]] = {}

        def listen(event: Any) -> None:
            if event.type in ("agent.model_started", "tool.call", "agent.model_call"):
                heard.setdefault(event.type, (time.perf_counter(), event.data))

        stop = self.services.chat.bus.subscribe(listen)
        options = SendOptions(model_ref=self.ref, agent=True, workspace_id=self.workspace, role_id=self.role)
        try:
            sent = time.perf_counter()
            handle = self.services.chat.send(None, TASK, options)
            if not handle.done.wait(RUN_TIMEOUT):
                self.services.chat.stop(handle.run_id)
                handle.done.wait(60)
                raise SystemExit(f"{self.ref}: no answer in {RUN_TIMEOUT:.0f} s")
        finally:
            stop()
        if "tool.call" not in heard:
            raise SystemExit(f"{self.ref}: the first model call made no tool call ({handle.status.value})")
        started, begun = heard["agent.model_started"]
        called, call = heard["tool.call"]
        usage = heard.get("agent.model_call", (0.0, {}))[1]
        return FirstCall(
            called - started,
            called - sent,
            str(call.get("tool")),
            int(usage.get("prompt_tokens", 0)),
            int(usage.get("completion_tokens", 0)),
            str(begun.get("format")),
        )


def build(scratch: Path) -> tuple[Any, Side, Side]:
    from mira_desktop.app import build_services
    from mira_desktop.store.settings import SettingsRepository
    from tests.support.tools_gguf import smollm2_hermes

    services = build_services(scratch / "data")
    SettingsRepository(services.database).set("agent.limits", {"model_calls": 1, "tool_calls": 4})
    folder = scratch / "project"
    folder.mkdir()
    (folder / "notes.md").write_text("TODO: buy milk\n")
    (folder / "plan.txt").write_text("Kyoto in April.\n")
    workspace = services.workspaces.add("project", str(folder)).id
    role = services.roles.create(GREEDY_ROLE).id
    hermes = smollm2_hermes(scratch / "smollm2-hermes.gguf")
    services.models.add_local(str(hermes))
    return (
        services,
        Side(services, "local:smollm2", workspace, role),
        Side(services, f"local:{hermes}", workspace, role),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    before = machine_load()
    scratch = Path(tempfile.mkdtemp(prefix="mira-bench-tool-calls-"))
    services, grammar, native = build(scratch)
    try:
        grammar.first_call()  # warm-up: the model loads
        native.first_call()
        runs: dict[str, list[FirstCall]] = {side: [] for side in SIDES}
        for _ in range(args.runs):  # interleaved, so both sides see the same machine
            runs["json cold"].append(grammar.first_call())
            runs["json warm"].append(grammar.first_call(cold=False))
            runs["native cold"].append(native.first_call())
            runs["native warm"].append(native.first_call(cold=False))
    finally:
        services.close()
    first = {side: Spread.of([r.seconds for r in made]) for side, made in runs.items()}
    ratios = {
        kind: first[f"native {kind}"].median / first[f"json {kind}"].median for kind in ("cold", "warm")
    }
    header = ["", "median", "min", "max"]
    rows = []
    for side in ("json", "native"):
        name = NAMES[side]
        rows.append([f"{name}: first call, cold prompt (s)", *first[f"{side} cold"].cells(1, 2)])
        rows.append([f"{name}: first call, prompt kept (s)", *first[f"{side} warm"].cells(1, 2)])
        made = runs[f"{side} cold"]
        rows.append([f"{name}: send → first call, cold (s)", *Spread.of([r.whole for r in made]).cells(1, 2)])
        rows.append([f"{name}: prompt tokens", *Spread.of([r.prompt_tokens for r in made]).cells()])
        rows.append([f"{name}: tokens of the call", *Spread.of([r.completion_tokens for r in made]).cells()])
    title = (
        f'The first tool call of an agent run ("{TASK}"), SmolLM2 on both sides, s from the agent asking '
        f"the model to the parsed call; median of {args.runs} runs with min and max"
    )
    print(f"\n{title}")
    print(table(header, rows))
    goals = Goals("tool_calls")
    for kind, label in (("cold", "cold prompt"), ("warm", "prompt kept")):
        goals.at_most(
            f"native / JSON grammar, first call, {label} (medians)", ratios[kind], GOAL_RATIO, "x", 2
        )
    formats = {
        side: sorted({r.format for r in runs[f"{side} cold"] + runs[f"{side} warm"]}) for side in NAMES
    }
    goals.check(
        "each side calls tools the way its model says",
        "json | hermes",
        f"{','.join(formats['json'])} | {','.join(formats['native'])}",
        formats == {"json": ["json"], "native": ["hermes"]},
    )
    goals.print()
    tools = {side: sorted({r.tool for r in made}) for side, made in runs.items()}
    print(f"tools called: {tools}")
    results: dict[str, Any] = {
        "machine": machine(),
        "load_before": before,
        "task": TASK,
        "runs": {side: [vars(r) for r in made] for side, made in runs.items()},
        "first_call": {side: spread.to_json() for side, spread in first.items()},
        "ratios": ratios,
        "table": printed_table(title, header, rows),
        "load_after": machine_load(),
    }
    print(f"\nload average before {before['loadavg']}, after {results['load_after']['loadavg']}")
    print(f"results in {write_results('tool_calls', results, goals)}")
    return goals.exit_status()


if __name__ == "__main__":
    sys.exit(main())
