"""Exactly once across a kill at every state change: each change of a run is made once, whatever was killed when.

A run that reads, makes a folder, writes a file (approved), edits and moves in one reply (allowed
by the workspace's rules) and deletes a file (approved) is driven in a subprocess that is killed
(``os._exit``) right after its N-th durable checkpoint — for every N — or just before / right after
each change touches the disk. Another process then goes on with the *same* run through the
command line (``mira runs continue`` for the interrupted run, ``mira runs approve`` where it waits
again) until it ends. Both processes count every change they make (see ``kill_driver.py``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.conversation.threads import MessageStatus
from tests.conftest import REPO_ROOT
from tests.integration.agent.conftest import APP, NOTES, OLD, Mira
from tests.integration.agent.runs import (
    GRAMMAR_MODE,
    allow_in_workspace,
    call,
    calls,
    final,
    json_call,
    json_final,
    set_limits,
)
from tests.support.fixtures import OpenServices, Script
from tests.support.scripted import recorded_requests

DRIVER = Path(__file__).with_name("kill_driver.py")
TASK = "Reorganise the project."
REPLIES = (
    call("read_file", path="notes.md"),
    call("make_dir", path="docs"),
    call("write_file", path="docs/summary.md", content="# Summary\n"),
    calls(
        ("edit_file", {"path": "notes.md", "old_text": "blue", "new_text": "green"}),
        ("move_file", {"source": "old.txt", "destination": "docs/old.txt"}),
    ),
    call("delete_file", path="src/app.py"),
    final("Reorganised."),
)
CHANGES = [
    "make_dir docs",
    "write docs/summary.md",
    "write notes.md",
    "move old.txt docs/old.txt",
    "delete src/app.py",
]
FINAL_TREE = {
    "docs": None,
    "docs/old.txt": OLD.encode(),
    "docs/summary.md": b"# Summary\n",
    "notes.md": NOTES.replace("blue", "green").encode(),
    "src": None,
}
CHECKPOINTS = 18  # of the uninterrupted run (see the guard test below)
# Checkpoint 6: waiting for approval; 7: the approved write's intent; 11: the edit's result with the
# move still queued; 18: the final answer. The others run with the slow tests.
FAST = {"checkpoint:6", "checkpoint:7", "checkpoint:11", "checkpoint:18", "before:2", "after:4"}
KILL_POINTS = [
    *(f"checkpoint:{n}" for n in range(1, CHECKPOINTS + 1)),
    *(f"before:{k}" for k in range(1, len(CHANGES) + 1)),
    *(f"after:{k}" for k in range(1, len(CHANGES) + 1)),
]


def _tree(folder: Path) -> dict[str, bytes | None]:
    return {
        str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
    }


@dataclass
class Scene:
    data_dir: Path
    project: Path
    ref: str
    workspace_id: str
    counter: Path
    sent: Path

    def drive(self, kill: str, action: str, *args: str) -> tuple[int, dict[str, Any]]:
        """Run the driver; its exit status and the counts it reported (none when it was killed)."""
        done = subprocess.run(
            [sys.executable, str(DRIVER), str(self.counter), kill, action, str(self.data_dir), *args],
            cwd=REPO_ROOT,
            env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        report = done.stderr.strip().splitlines()[-1:] if done.returncode == 0 else []
        assert done.returncode in (0, 9), done.stderr
        return done.returncode, json.loads(report[0]) if report else {}

    def start(self, kill: str) -> tuple[int, dict[str, Any]]:
        return self.drive(kill, "start", self.ref, self.workspace_id, TASK)

    def changes_made(self) -> list[str]:
        return self.counter.read_text(encoding="utf-8").splitlines() if self.counter.exists() else []


@pytest.fixture
def scene(
    open_services: OpenServices, data_dir: Path, project: Path, script: Script, tmp_path: Path
) -> Scene:
    with open_services() as services:
        workspace_id = services.workspaces.add("project", str(project)).id
        allow_in_workspace(services, workspace_id, "make_dir", "edit_file", "move_file")
    ref = script(*REPLIES, pick="by_turn", record_to="sent.jsonl")
    return Scene(
        data_dir, project, ref, workspace_id, tmp_path / "changes.log", tmp_path / "scripts" / "sent.jsonl"
    )


def _only_run(open_services: OpenServices) -> str:
    with open_services() as services:
        threads = services.threads.list()
        assert len(threads) == 1
        run_id = services.threads.show(threads[0].id).messages[-1].run_id
        assert run_id is not None
        return run_id


def test_the_uninterrupted_run_makes_each_change_once_through_every_checkpoint(scene: Scene) -> None:
    code, report = scene.start("none")
    assert (code, report) == (
        0,
        {"status": "completed", "checkpoints": CHECKPOINTS, "changes": 5, "stopped": 0},
    )
    assert scene.changes_made() == CHANGES
    assert _tree(scene.project) == FINAL_TREE


@pytest.mark.parametrize(
    "kill", [k if k in FAST else pytest.param(k, marks=pytest.mark.slow) for k in KILL_POINTS]
)
def test_a_run_killed_at_any_state_change_makes_every_change_exactly_once(
    scene: Scene, open_services: OpenServices, kill: str
) -> None:
    original = _tree(scene.project)
    assert scene.start(kill)[0] == 9  # killed where planted
    run_id = _only_run(open_services)

    code, report = scene.drive("none", "resume", run_id)
    assert (code, report["status"]) == (0, "completed"), report
    assert scene.changes_made() == CHANGES  # each change once, in order, across both processes
    assert _tree(scene.project) == FINAL_TREE
    with open_services() as services:
        run = services.chat.run(run_id)
        assert run is not None
        assert run.status is RunStatus.COMPLETED
        answer = services.threads.show(run.thread_id).messages[-1]
        assert (answer.content, answer.status) == ("Reorganised.", MessageStatus.COMPLETE)
        assert len(services.agent_runs.show(run_id).files_changed) == 6
        services.agent_runs.undo(run_id)  # the changes were recorded once each: undo puts all back
    assert _tree(scene.project) == original
    assert (scene.project / "src" / "app.py").read_text() == APP


def test_a_run_killed_after_a_limit_stopped_it_ends_stopped_without_asking_the_model_again(
    scene: Scene, open_services: OpenServices
) -> None:
    with open_services() as services:
        set_limits(services, model_calls=2)
    assert scene.start("stopped")[0] == 9
    run_id = _only_run(open_services)
    assert len(recorded_requests(scene.sent)) == 2

    code, report = scene.drive("none", "resume", run_id)
    assert (code, report["status"]) == (0, "completed")
    assert len(recorded_requests(scene.sent)) == 2  # the stop held: no third model call
    assert scene.changes_made() == ["make_dir docs"]
    with open_services() as services:
        answer = services.threads.show(services.threads.list()[0].id).messages[-1]
        assert answer.content.startswith("I stopped because this run reached its limit of 2 model calls.")
        assert answer.content.count("I stopped because") == 1
        assert answer.metadata["stop_reason"] == "model_calls"


@pytest.mark.parametrize(
    ("kill", "made"),
    [("before:2", ["make_dir docs"]), ("after:2", ["make_dir docs", "write docs/summary.md"])],
    ids=["killed-before-the-write", "killed-after-the-write"],
)
def test_an_interrupted_run_cancelled_instead_can_still_be_undone_whole(
    scene: Scene, open_services: OpenServices, mira: Mira, kill: str, made: list[str]
) -> None:
    original = _tree(scene.project)
    assert scene.start(kill)[0] == 9
    run_id = _only_run(open_services)

    cancelled = mira("--json", "runs", "cancel", run_id)
    assert cancelled.code == 0, cancelled.err
    assert cancelled.json()["status"] == "cancelled"
    assert scene.changes_made() == made  # nothing more was done
    undone = mira("--json", "runs", "undo", run_id)
    assert undone.code == 0, undone.err
    assert _tree(scene.project) == original  # also the change the killed process made unrecorded


def test_an_interrupted_run_undone_directly_puts_back_the_change_its_killed_process_made(
    scene: Scene, open_services: OpenServices, mira: Mira
) -> None:
    original = _tree(scene.project)
    assert scene.start("after:2")[0] == 9  # the approved write made, its result not recorded
    run_id = _only_run(open_services)
    undone = mira("--json", "runs", "undo", run_id)
    assert undone.code == 0, undone.err
    assert set(undone.json()["deleted"]) == {"docs", "docs/summary.md"}
    assert _tree(scene.project) == original
    refused = mira("runs", "continue", run_id)
    assert refused.code == 4
    assert "was undone, so it cannot go on" in refused.err


def test_a_grammar_mode_run_killed_after_its_answer_ends_with_that_answer_without_a_new_model_call(
    scene: Scene, open_services: OpenServices, script: Script
) -> None:
    scene.ref = script(
        json_call("read_file", path="notes.md"),
        json_final("The notes are short."),
        pick="by_turn",
        profile=GRAMMAR_MODE,
        record_to="grammar.jsonl",
    )
    assert scene.start("checkpoint:2")[0] == 9  # 1: the call queued; 2: the answer
    run_id = _only_run(open_services)
    code, report = scene.drive("none", "resume", run_id)
    assert (code, report["status"]) == (0, "completed")
    assert len(recorded_requests(scene.sent.with_name("grammar.jsonl"))) == 2
    with open_services() as services:
        answer = services.threads.show(services.threads.list()[0].id).messages[-1]
        assert answer.content == "The notes are short."
