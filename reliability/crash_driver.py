"""The process the crash trials kill: it drives Mira's services and notes, durably, what was committed.

    python -m reliability.crash_driver chat DATA LEDGER REF COUNT
    python -m reliability.crash_driver agent DATA LEDGER REF WORKSPACE_ID [--hold MARKER]

Each line of LEDGER (JSON, fsynced) is a fact the driver saw committed: ``chat`` writes the ids of
each sent message once ``send`` returned (the user message, the run and the streaming answer are in
the database then) and each finished answer with its text; ``agent`` starts an agent run and approves
every call it asks for, writing a marker after each durable checkpoint and after each file change.
With ``--hold checkpoint:N`` or ``--hold executed:N`` it stops at that marker and waits to be killed,
so a trial can ``kill -9`` between proposal, approval, execution and result.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any


class Ledger:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.hold: str | None = None

    def write(self, **fact: Any) -> None:
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(fact) + "\n")
            handle.flush()
            os.fsync(handle.fileno())

    def marker(self, kind: str, number: int) -> None:
        name = f"{kind}:{number}"
        self.write(marker=name, at=time.time())
        if self.hold == name:
            time.sleep(600)  # the trial kills this process here


def chat(data_dir: Path, ledger: Ledger, ref: str, count: int) -> None:
    from mira_desktop.app import build_services
    from mira_desktop.services.chat.service import SendOptions

    services = build_services(data_dir)
    ledger.write(ready=time.time())
    try:
        thread_id: str | None = None
        for i in range(count):
            handle = services.chat.send(
                thread_id, f"Question {i}: tell me about lighthouses.", SendOptions(model_ref=ref)
            )
            thread_id = handle.thread_id
            ledger.write(
                thread=handle.thread_id,
                run=handle.run_id,
                user=handle.user_message_id,
                assistant=handle.assistant_message_id,
            )
            status = handle.wait()
            answer = next(
                m
                for m in services.threads.show(handle.thread_id).messages
                if m.id == handle.assistant_message_id
            )
            ledger.write(
                finished=handle.assistant_message_id,
                status=status.value,
                message_status=answer.status.value,
                content=answer.content,
            )
    finally:
        services.close()
    ledger.write(done=time.time())


def agent(data_dir: Path, ledger: Ledger, ref: str, workspace_id: str) -> None:
    from mira_desktop.agent.files.root import WorkspaceRoot
    from mira_desktop.app import build_services
    from mira_desktop.core.conversation.runs import RunStatus
    from mira_desktop.services.chat.routes.agent_journal import RunJournal
    from mira_desktop.services.chat.service import SendOptions

    seen = {"checkpoint": 0, "executed": 0}
    checkpoint, write_bytes = RunJournal.checkpoint, WorkspaceRoot.write_bytes

    def noted_checkpoint(self: RunJournal, state: Any) -> None:
        checkpoint(self, state)
        seen["checkpoint"] += 1
        ledger.marker("checkpoint", seen["checkpoint"])

    def noted_write(self: WorkspaceRoot, path: str, data: bytes) -> None:
        write_bytes(self, path, data)
        seen["executed"] += 1
        ledger.marker("executed", seen["executed"])

    RunJournal.checkpoint = noted_checkpoint  # type: ignore[method-assign,assignment]
    WorkspaceRoot.write_bytes = noted_write  # type: ignore[method-assign]
    services = build_services(data_dir)
    ledger.write(ready=time.time())
    try:
        options = SendOptions(model_ref=ref, agent=True, workspace_id=workspace_id)
        handle = services.chat.send(None, "Append the five entries to log.txt.", options)
        ledger.write(thread=handle.thread_id, run=handle.run_id)
        while handle.wait() is RunStatus.WAITING_APPROVAL:
            handle = services.agent_runs.approve(handle.run_id)
        ledger.write(finished=handle.run_id, status=handle.status.value)
    finally:
        services.close()
    ledger.write(done=time.time())


def main(argv: list[str]) -> int:
    mode, data_dir, ledger_path, *rest = argv
    ledger = Ledger(Path(ledger_path))
    if "--hold" in rest:
        at = rest.index("--hold")
        ledger.hold = rest[at + 1]
        rest = rest[:at] + rest[at + 2 :]
    if mode == "chat":
        chat(Path(data_dir), ledger, rest[0], int(rest[1]))
    elif mode == "agent":
        agent(Path(data_dir), ledger, rest[0], rest[1])
    else:
        raise SystemExit(f"unknown mode {mode}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
