"""A Mira process that counts every change it makes to a workspace and can be killed at a planted point.

``python kill_driver.py COUNTER KILL start DATA REF WORKSPACE TASK`` starts an agent run and
approves whatever it asks for, in this process; ``… KILL resume DATA RUN`` goes on with a run
through the real command line (``mira runs continue`` when it was interrupted, ``mira runs
approve`` when it waits) until it ends. Every ``WorkspaceRoot`` change appends a line to
COUNTER (fsynced) just before it is made. KILL is ``none``, ``checkpoint:N`` (exit right after
the N-th durable checkpoint of this process), ``before:K`` (exit just before the K-th change
touches the disk), ``after:K`` (exit right after it, before its result is checkpointed) or
``stopped`` (exit right after the checkpoint of a run a limit stopped, before the run ends).
The exit is ``os._exit(9)``: no cleanup, no flush, as if the process were killed.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mira_desktop.agent.files.root import WorkspaceRoot
from mira_desktop.services.chat.routes.agent_journal import RunJournal

KILLED = 9


def plant(counter: Path, kill: str) -> dict[str, int]:
    point, _, number = kill.partition(":")
    at = int(number or 0)
    seen = {"checkpoints": 0, "changes": 0, "stopped": 0}

    def record(line: str) -> None:
        with counter.open("a", encoding="utf-8") as handle:
            handle.write(line + "\n")
            handle.flush()
            os.fsync(handle.fileno())

    def counted(name: str, describe: Callable[..., str]) -> None:
        original = getattr(WorkspaceRoot, name)

        def change(self: WorkspaceRoot, *args: Any) -> Any:
            seen["changes"] += 1
            if point == "before" and seen["changes"] == at:
                os._exit(KILLED)
            record(describe(*args))
            result = original(self, *args)
            if point == "after" and seen["changes"] == at:
                os._exit(KILLED)
            return result

        setattr(WorkspaceRoot, name, change)

    counted("write_bytes", lambda path, data: f"write {path}")
    counted("make_dir", lambda path: f"make_dir {path}")
    counted("move", lambda source, destination: f"move {source} {destination}")
    counted("delete", lambda path: f"delete {path}")
    checkpoint, event = RunJournal.checkpoint, RunJournal.event

    def durable_then_maybe_killed(self: RunJournal, state: Any) -> None:
        checkpoint(self, state)
        seen["checkpoints"] += 1
        if (point == "checkpoint" and seen["checkpoints"] == at) or (point == "stopped" and seen["stopped"]):
            os._exit(KILLED)

    def noting_stops(self: RunJournal, type: str, data: dict[str, Any]) -> None:
        event(self, type, data)
        seen["stopped"] += type == "budget.stop"

    RunJournal.checkpoint = durable_then_maybe_killed  # type: ignore[method-assign,assignment]
    RunJournal.event = noting_stops  # type: ignore[method-assign]
    return seen


def start(data_dir: Path, ref: str, workspace_id: str, task: str) -> str:
    from mira_desktop.app import build_services
    from mira_desktop.core.conversation.runs import RunStatus
    from mira_desktop.services.chat.service import SendOptions

    services = build_services(data_dir)
    try:
        handle = services.chat.send(
            None, task, SendOptions(model_ref=ref, agent=True, workspace_id=workspace_id)
        )
        while handle.wait() is RunStatus.WAITING_APPROVAL:
            handle = services.agent_runs.approve(handle.run_id)
        return handle.status.value
    finally:
        services.close()


def resume(data_dir: Path, run_id: str) -> str:
    from mira_desktop.app import build_services, main

    for _ in range(10):
        services = build_services(data_dir)  # a start of Mira: runs of dead processes are marked interrupted
        try:
            run = services.chat.run(run_id)
            assert run is not None
            status = run.status.value
        finally:
            services.close()
        if status == "interrupted":
            main(["--data-dir", str(data_dir), "--json", "runs", "continue", run_id])
        elif status == "waiting_approval":
            main(["--data-dir", str(data_dir), "--json", "runs", "approve", run_id])
        else:
            return status
    return "still going after 10 steps"


if __name__ == "__main__":
    counter, kill, action, *rest = sys.argv[1:]
    seen = plant(Path(counter), kill)
    if action == "start":
        status = start(Path(rest[0]), rest[1], rest[2], rest[3])
    else:
        status = resume(Path(rest[0]), rest[1])
    sys.stderr.write(json.dumps({"status": status, **seen}) + "\n")
