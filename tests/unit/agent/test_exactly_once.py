"""A change is made exactly once, whatever was killed when: proved by killing at every journal step."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.agent.checkpoint import Checkpoint, PendingPhase
from mira_desktop.agent.files.root import WorkspaceRoot
from mira_desktop.agent.guardrail import Rule, RuleScope, Verdict
from mira_desktop.agent.loop import AgentLoop
from mira_desktop.agent.outcomes import Approve, Completed, Outcome, WaitingApproval
from mira_desktop.agent.snapshots import SnapshotStore
from mira_desktop.core.cancel import CancelToken

from .conftest import BASE_MESSAGES, call, final, make_tools, scripted

REPLIES = (
    call("write_file", path="a.txt", content="v1\n"),
    call("edit_file", path="a.txt", old_text="v1", new_text="v2"),
    final("a.txt says v2."),
)


class Killed(BaseException):
    """The process died here: nothing after this point happens, nothing unsaved survives."""


class KillingJournal:
    """Persists checkpoints like a database; dies at journal step ``kill_at`` (counting every call)."""

    def __init__(self, kill_at: int | None) -> None:
        self.kill_at = kill_at
        self.steps = 0
        self.persisted: list[str] = []

    def _step(self) -> None:
        self.steps += 1
        if self.steps == self.kill_at:
            self.kill_at = None
            raise Killed

    def event(self, type: str, data: dict[str, Any]) -> None:
        self._step()

    def checkpoint(self, checkpoint: Checkpoint) -> None:
        self._step()  # killed before the commit: this checkpoint is lost
        self.persisted.append(checkpoint.to_json())

    def delta(self, text: str) -> None:
        return None


@pytest.fixture
def writes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every completed file write, across all loops and roots of the test."""
    done: list[str] = []
    original = WorkspaceRoot.write_bytes

    def counting(self: WorkspaceRoot, path: str, data: bytes) -> None:
        original(self, path, data)
        done.append(path)

    monkeypatch.setattr(WorkspaceRoot, "write_bytes", counting)
    return done


def run_until_done(
    tmp_path: Path, workspace: Path, journal: KillingJournal, rules: tuple[Rule, ...] = ()
) -> Outcome:
    """Drive the run as services would: start, approve every change, and after a kill resume
    from the last persisted checkpoint in a fresh "process" (new root, tools, model and loop)."""
    snapshots = SnapshotStore(tmp_path / "snapshots")
    for _ in range(20):
        with WorkspaceRoot(workspace) as root:
            loop = AgentLoop(
                scripted(tmp_path, *REPLIES),
                make_tools(root, snapshots),
                journal,
                base_messages=BASE_MESSAGES,
            )
            try:
                if not journal.persisted:
                    outcome = loop.start(CancelToken())
                else:
                    checkpoint = Checkpoint.from_json(journal.persisted[-1])
                    pending = checkpoint.pending
                    waiting = pending is not None and pending.phase is PendingPhase.AWAITING_APPROVAL
                    decision = Approve(pending.id) if waiting and pending else None
                    outcome = loop.resume(checkpoint, decision, CancelToken())
                while isinstance(outcome, WaitingApproval):
                    outcome = loop.resume(outcome.checkpoint, Approve(outcome.call_id), CancelToken())
                return outcome
            except Killed:
                continue
    raise AssertionError("the run never finished")


def count_steps(tmp_path: Path, workspace: Path, rules: tuple[Rule, ...]) -> int:
    journal = KillingJournal(None)
    (tmp_path / "dry").mkdir()
    dry = tmp_path / "dry" / "project"
    shutil.copytree(workspace, dry)
    outcome = run_until_done(tmp_path / "dry", dry, journal, rules)
    assert isinstance(outcome, Completed)
    return journal.steps


@pytest.mark.parametrize(
    "rules",
    [(), (Rule("write_file", Verdict.ALLOW, RuleScope.RUN), Rule("edit_file", Verdict.ALLOW, RuleScope.RUN))],
    ids=["each-change-approved", "changes-allowed-by-rule"],
)
def test_every_kill_point_still_writes_each_change_exactly_once(
    tmp_path: Path, workspace: Path, writes: list[str], rules: tuple[Rule, ...]
) -> None:
    steps = count_steps(tmp_path, workspace, rules)
    writes.clear()
    assert steps > 12
    for kill_at in range(1, steps + 1):
        case = tmp_path / f"kill-{kill_at}"
        case.mkdir()
        project = case / "project"
        project.mkdir()
        (project / "notes.md").write_text("keep\n")
        writes.clear()
        outcome = run_until_done(case, project, KillingJournal(kill_at), rules)
        assert isinstance(outcome, Completed), kill_at
        assert outcome.final_text == "a.txt says v2.", kill_at
        assert (project / "a.txt").read_text() == "v2\n", kill_at
        assert writes == ["a.txt", "a.txt"], f"kill at step {kill_at}: writes {writes}"
        results = [m["tool_call_id"] for m in outcome.checkpoint.messages if m["role"] == "tool"]
        assert results == ["call_1-0", "call_2-0"], kill_at
        assert [c.after is not None for c in outcome.evidence.changes] == [True, True]


def child_script(case: Path, kill_on: str | None, mode: str) -> str:
    return textwrap.dedent(
        f"""
        import os, signal
        from pathlib import Path
        from mira_desktop.agent.checkpoint import Checkpoint
        from mira_desktop.agent.files.root import WorkspaceRoot
        from mira_desktop.agent.loop import AgentLoop
        from mira_desktop.agent.outcomes import Approve
        from mira_desktop.agent.snapshots import SnapshotStore
        from mira_desktop.agent.tools.registry import ToolRegistry
        from mira_desktop.agent.tools.workspace_tools import WorkspaceTools
        from mira_desktop.core.cancel import CancelToken
        from mira_desktop.models.adapters.scripted import ScriptedModel
        from mira_desktop.models.protocol import ChatMessage

        case = Path({str(case)!r})
        store = case / "checkpoints.jsonl"
        original = WorkspaceRoot.write_bytes
        def counting(self, path, data):
            original(self, path, data)
            with open(case / "writes.log", "a") as log:
                log.write(path + "\\n")
        WorkspaceRoot.write_bytes = counting

        class FileJournal:
            def event(self, type, data):
                if type == {kill_on!r}:
                    os.kill(os.getpid(), signal.SIGKILL)
            def checkpoint(self, checkpoint):
                with open(store, "a") as handle:
                    handle.write(checkpoint.to_json() + "\\n")
                    handle.flush()
                    os.fsync(handle.fileno())
            def delta(self, text):
                pass

        root = WorkspaceRoot(case / "project")
        tools = WorkspaceTools(root, ToolRegistry(), SnapshotStore(case / "snapshots"))
        model = ScriptedModel("scripted:x", case / "script.json")
        loop = AgentLoop(model, tools, FileJournal(), base_messages=[ChatMessage("user", "go")])
        if {mode!r} == "start":
            outcome = loop.start(CancelToken())
        else:
            checkpoint = Checkpoint.from_json(store.read_text().splitlines()[-1])
            pending = checkpoint.pending
            decision = Approve(pending.id) if pending and pending.phase.value == "awaiting_approval" else None
            outcome = loop.resume(checkpoint, decision, CancelToken())
        print(type(outcome).__name__)
        """
    )


@pytest.mark.parametrize(
    ("stage", "kill_on"),
    [("start", "approval.required"), ("approve", "change.intent"), ("approve", "tool.result")],
    ids=["before-the-approval-was-saved", "before-the-intent-was-saved", "after-the-write-before-its-result"],
)
def test_a_run_killed_in_one_process_resumes_in_another_without_writing_twice(
    tmp_path: Path, stage: str, kill_on: str
) -> None:
    case = tmp_path
    (case / "project").mkdir()
    script = {
        "replies": [call("write_file", path="a.txt", content="hello\n"), final("Wrote a.txt.")],
        "pick": "by_turn",
    }
    (case / "script.json").write_text(json.dumps(script))
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3])}

    def child(kill: str | None, mode: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", child_script(case, kill, mode)],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )

    first = child(kill_on if stage == "start" else None, "start")
    if stage == "start":
        assert first.returncode == -9, first.stderr
    else:
        assert first.stdout.strip() == "WaitingApproval", first.stderr
        killed = child(kill_on, "resume")  # the user approves; the process dies
        assert killed.returncode == -9, killed.stderr
    outputs = []
    for _ in range(3):  # the next starts of the app, approving what waits
        later = child(None, "resume")
        assert later.returncode == 0, later.stderr
        outputs.append(later.stdout.strip())
        if outputs[-1] == "Completed":
            break
    assert outputs[-1] == "Completed", outputs
    assert (case / "project" / "a.txt").read_text() == "hello\n"
    assert (case / "writes.log").read_text().splitlines() == ["a.txt"]
