"""A Mira process that runs an agent task calling an MCP tool, and can die at a planted point.

``python kill_driver.py KILL start DATA REF WORKSPACE TASK`` starts the run and approves every call
it waits on, in this process; ``… none resume DATA RUN CHOICE`` takes the same run up as a new
start of Mira would (recovery first), through the command line, until it ends: a call that "may
have run" is answered with CHOICE (``go-on`` → `mira runs deny`, ``again`` → `mira runs approve`).
KILL: ``none``; ``before-send`` (exit right after the call's intent checkpoint, before it is sent);
``after-result`` (exit when the result is known, before it is checkpointed); ``after-checkpoint``
(exit right after the result's checkpoint). A real ``kill -9`` at any other moment comes from the
test. The exit is ``os._exit(9)``: no cleanup, as if killed.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

KILLED = 9


def plant(kill: str) -> None:
    from mira_desktop.services.chat.routes.agent_journal import RunJournal
    from mira_desktop.services.mcp.tool import McpTool

    checkpoint, event = RunJournal.checkpoint, RunJournal.event
    seen = {"result": False}

    def calling(self: McpTool, arguments: dict[str, Any], cancel: Any) -> Any:
        if kill == "before-send":
            os._exit(KILLED)
        return original_call(self, arguments, cancel)

    def noting(self: RunJournal, type: str, data: dict[str, Any]) -> None:
        if type == "tool.result" and str(data.get("tool", "")).startswith("notes__"):
            if kill == "after-result":
                os._exit(KILLED)
            seen["result"] = True
        event(self, type, data)

    def durable(self: RunJournal, state: Any) -> None:
        checkpoint(self, state)
        if kill == "after-checkpoint" and seen["result"]:
            os._exit(KILLED)

    original_call = McpTool.call
    McpTool.call = calling  # type: ignore[method-assign]
    RunJournal.event = noting  # type: ignore[method-assign]
    RunJournal.checkpoint = durable  # type: ignore[method-assign,assignment]


def start(data_dir: Path, ref: str, workspace_id: str, task: str) -> str:
    from mira_desktop.app import build_services
    from mira_desktop.core.conversation.runs import RunStatus
    from mira_desktop.services.chat.service import SendOptions

    services = build_services(data_dir)
    try:
        handle = services.chat.send(
            None, task, SendOptions(model_ref=ref, agent=True, workspace_id=workspace_id)
        )
        sys.stdout.write(json.dumps({"run_id": handle.run_id}) + "\n")
        sys.stdout.flush()
        while handle.wait() is RunStatus.WAITING_APPROVAL:
            handle = services.agent_runs.approve(handle.run_id)
        return handle.status.value
    finally:
        services.close()


def resume(data_dir: Path, run_id: str, choice: str) -> dict[str, Any]:
    from mira_desktop.app import build_services, main

    asked = 0
    for _ in range(10):
        services = build_services(data_dir)  # a start of Mira: a dead process's run is recovered
        try:
            run = services.chat.run(run_id)
            assert run is not None
            status = run.status.value
            pending = services.agent_runs.show(run_id).pending
        finally:
            services.close()
        if status == "interrupted":
            code = main(["--data-dir", str(data_dir), "--json", "runs", "continue", run_id])
            if code != 0:  # killed before its first checkpoint: there is nothing to go on from
                return {"status": status, "asked_may_have_run": asked, "continue_refused": code}
        elif status == "waiting_approval" and pending is not None and pending.get("may_have_run"):
            asked += 1
            action = "deny" if choice == "go-on" else "approve"
            main(["--data-dir", str(data_dir), "--json", "runs", action, run_id])
        elif status == "waiting_approval":
            main(["--data-dir", str(data_dir), "--json", "runs", "approve", run_id])
        else:
            return {"status": status, "asked_may_have_run": asked}
    return {"status": "still going after 10 steps", "asked_may_have_run": asked}


if __name__ == "__main__":
    kill, action, *rest = sys.argv[1:]
    plant(kill)
    if action == "start":
        report: dict[str, Any] = {"status": start(Path(rest[0]), rest[1], rest[2], rest[3])}
    else:
        report = resume(Path(rest[0]), rest[1], rest[2])
    sys.stderr.write(json.dumps(report) + "\n")
