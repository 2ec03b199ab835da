"""What Mira adds to a tool call: an MCP call through Mira against the same call through a bare SDK
client, and run_command's start-up against a bare subprocess.

MCP: the notes server of ``tests/support/mcp_server.py`` (a real SDK server over stdio). The bare
client holds its own session on its own asyncio loop and awaits ``call_tool("search")``; Mira's
call is what an agent run makes — ``McpTool.call`` from a run's thread, through the synchronous
facade to the one MCP loop, the session, and the result turned into a ``ToolResult``. Each side
starts its server first and then calls ``--calls`` times; the figure is the median (lowest and
highest) of each call's wall time. Goal: at most 5 ms added at the median.

run_command: ``true`` through the real tool (a look at the workspace's files before and after,
bubblewrap with its namespaces, prlimit, as root a pids cgroup) against ``/bin/sh -c true`` in a
plain subprocess. Goal: at most 50 ms added at the median (a command starts in a blink).

    .venv/bin/python benchmarks/tools.py [--calls 200] [--commands 30]

Prints both tables with their goal and verdict, writes benchmarks/results/tools.json, exits 1 when
a goal is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.reporting import Spread, machine, machine_load, table, write_results  # noqa: E402

SERVER = ROOT / "tests" / "support" / "mcp_server.py"
MCP_GOAL_MS = 5.0
COMMAND_GOAL_MS = 50.0
ARGUMENTS = {"query": "milk"}


def bare_sdk(state: Path, calls: int) -> list[float]:
    """The same call through the SDK's own client, on its own loop."""
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    async def run() -> list[float]:
        params = StdioServerParameters(command=sys.executable, args=[str(SERVER), "--state", str(state)])
        times = []
        async with Client(stdio_client(params), mode="legacy") as client:
            await client.call_tool("search", ARGUMENTS)  # warm: the first call pays for imports
            for _ in range(calls):
                started = time.perf_counter()
                await client.call_tool("search", ARGUMENTS)
                times.append(time.perf_counter() - started)
        return times

    return asyncio.run(run())


def through_mira(data_dir: Path, state: Path, calls: int) -> list[float]:
    """The call as an agent run makes it: the run's tool, from a thread that is not the MCP loop's."""
    from mira_desktop.app import build_services
    from mira_desktop.core.cancel import CancelToken
    from mira_desktop.services.mcp.tool import McpTool, definitions

    services = build_services(data_dir)
    try:
        services.mcp.add_stdio("notes", sys.executable, [str(SERVER), "--state", str(state)])
        listed = services.mcp.tools("notes")
        definition = next(
            item.definition
            for item in definitions(services.mcp.get("notes"), listed, set())
            if item.definition is not None and item.remote_name == "search"
        )
        tool = McpTool(services.mcp, definition)
        cancel = CancelToken()
        result = tool.call(ARGUMENTS, cancel)
        assert result.ok, result.text
        times = []
        for _ in range(calls):
            started = time.perf_counter()
            tool.call(ARGUMENTS, cancel)
            times.append(time.perf_counter() - started)
        return times
    finally:
        services.close()


def commands(workspace: Path, runs: int) -> tuple[list[float], list[float], str]:
    from mira_desktop.core.cancel import CancelToken
    from mira_desktop.services.sandbox.bwrap import Limits, availability
    from mira_desktop.services.sandbox.command_tool import RunCommand

    sandbox = availability()
    if not sandbox.available:
        return [], [], str(sandbox.reason)
    tool = RunCommand(sandbox, workspace, [], Limits)
    bare, sandboxed = [], []
    tool.call({"command": "true"}, CancelToken())  # warm
    for _ in range(runs):  # interleaved, so both sides see the same machine
        started = time.perf_counter()
        subprocess.run(["/bin/sh", "-c", "true"], check=True)
        bare.append(time.perf_counter() - started)
        started = time.perf_counter()
        result = tool.call({"command": "true"}, CancelToken())
        sandboxed.append(time.perf_counter() - started)
        assert result.ok, result.text
    return bare, sandboxed, sandbox.version


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--commands", type=int, default=30)
    args = parser.parse_args()
    before = machine_load()
    scratch = Path(tempfile.mkdtemp(prefix="mira-bench-tools-"))
    bare = Spread.of(bare_sdk(scratch / "bare-state", args.calls))
    mira = Spread.of(through_mira(scratch / "data", scratch / "mira-state", args.calls))
    added = (mira.median - bare.median) * 1000
    mcp_met = added <= MCP_GOAL_MS
    print(f"\nAn MCP call (search, stdio, {args.calls} calls each), ms: median (lowest, highest)")
    print(
        table(
            ["path", "median", "lowest", "highest"],
            [
                ["bare SDK client", *bare.cells(1000, 2)],
                ["through Mira (a run's tool)", *mira.cells(1000, 2)],
            ],
        )
    )
    print(
        f"added by Mira at the median: {added:.2f} ms — goal ≤ {MCP_GOAL_MS:g} ms: {'met' if mcp_met else 'MISSED'}"
    )
    workspace = scratch / "workspace"
    workspace.mkdir()
    (workspace / "README.md").write_text("# A workspace\n")
    bare_runs, sandboxed_runs, version = commands(workspace, args.commands)
    results: dict[str, Any] = {
        "machine": machine(),
        "load_before": before,
        "mcp": {
            "bare": bare.to_json(),
            "mira": mira.to_json(),
            "added_ms": added,
            "goal_ms": MCP_GOAL_MS,
            "met": mcp_met,
        },
    }
    if not sandboxed_runs:
        print(f"\nrun_command: no sandbox here ({version}) — goal MISSED")
        command_met = False
        results["run_command"] = {"available": False, "reason": version, "met": False}
    else:
        plain, sandboxed = Spread.of(bare_runs), Spread.of(sandboxed_runs)
        command_added = (sandboxed.median - plain.median) * 1000
        command_met = command_added <= COMMAND_GOAL_MS
        print(f"\nStarting a command (`true`, {args.commands} runs each, {version}), ms")
        print(
            table(
                ["path", "median", "lowest", "highest"],
                [
                    ["bare subprocess", *plain.cells(1000, 1)],
                    ["run_command (sandboxed)", *sandboxed.cells(1000, 1)],
                ],
            )
        )
        verdict = "met" if command_met else "MISSED"
        print(
            f"added by the sandbox at the median: {command_added:.1f} ms — goal ≤ {COMMAND_GOAL_MS:g} ms: {verdict}"
        )
        results["run_command"] = {
            "bare": plain.to_json(),
            "sandboxed": sandboxed.to_json(),
            "added_ms": command_added,
            "goal_ms": COMMAND_GOAL_MS,
            "met": command_met,
            "bwrap": version,
        }
    results["load_after"] = machine_load()
    print(f"\nload average before {before['loadavg']}, after {results['load_after']['loadavg']}")
    print(f"results in {write_results('tools', results)}")
    return 0 if mcp_met and command_met else 1


if __name__ == "__main__":
    sys.exit(main())
