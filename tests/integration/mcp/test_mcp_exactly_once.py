"""Exactly once across kills, for a call to an MCP server: journaled before it is sent, never sent
again on its own. Mira is killed (``kill -9``, or ``os._exit`` at a planted point) before the send,
while the server works on the call, after the answer and before it is stored, and after it is
stored; the server counts every call it receives in a file. The next start shows "this call may
have run" where that is so, and the run then goes on exactly as the user chooses."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.core.tool_records import Permission
from tests.conftest import REPO_ROOT
from tests.integration.agent.runs import call, final
from tests.integration.mcp.conftest import NotesServer, wait_gone
from tests.support.cli import Mira
from tests.support.fixtures import OpenServices, Script

DRIVER = Path(__file__).with_name("kill_driver.py")
REPLIES = (call("notes__create_note", title="one", body="first"), final("Noted."))


@dataclass
class Scene:
    data_dir: Path
    ref: str
    workspace_id: str
    notes: NotesServer

    def _command(self, kill: str, action: str, *args: str) -> list[str]:
        return [sys.executable, str(DRIVER), kill, action, str(self.data_dir), *args]

    def _env(self, delay: float) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": str(REPO_ROOT), "NOTES_DELAY": str(delay)}

    def start(self, kill: str, delay: float = 0.0) -> int:
        done = subprocess.run(
            self._command(kill, "start", self.ref, self.workspace_id, "Note it."),
            cwd=REPO_ROOT,
            env=self._env(delay),
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
        assert done.returncode in (0, 9), done.stderr
        return done.returncode

    def start_in_background(self, delay: float) -> subprocess.Popen[str]:
        return subprocess.Popen(
            self._command("none", "start", self.ref, self.workspace_id, "Note it."),
            cwd=REPO_ROOT,
            env=self._env(delay),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def resume(self, run_id: str, choice: str = "go-on") -> dict[str, Any]:
        done = subprocess.run(
            self._command("none", "resume", run_id, choice),
            cwd=REPO_ROOT,
            env=self._env(0),
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return dict(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.fixture
def scene(
    open_services: OpenServices, data_dir: Path, tmp_path: Path, notes: NotesServer, script: Script
) -> Scene:
    folder = tmp_path / "project"
    folder.mkdir()
    with open_services() as services:
        workspace_id = services.workspaces.add("project", str(folder)).id
        services.mcp.add_stdio("notes", sys.executable, notes.argv, {"NOTES_DELAY": None})
        services.tool_permissions.set("notes__create_note", Permission.ALLOW, workspace_id)
    return Scene(data_dir, script(*REPLIES, pick="by_turn"), workspace_id, notes)


def _only_run(open_services: OpenServices) -> str:
    with open_services() as services:
        (thread,) = services.threads.list()
        run_id = services.threads.show(thread.id).messages[-1].run_id
        assert run_id is not None
        return run_id


def test_the_uninterrupted_run_sends_the_call_once(scene: Scene, open_services: OpenServices) -> None:
    assert scene.start("none") == 0
    assert scene.notes.calls() == ["create_note one"]
    assert wait_gone(scene.notes.pids()) == []


@pytest.mark.parametrize(
    "case",
    [("before-send", 0, 1), ("after-result", 1, 1), ("after-checkpoint", 1, 0)],
    ids=[
        "killed-after-the-intent-before-the-send",
        "killed-after-the-answer-before-it-was-stored",
        "killed-after-it-was-stored",
    ],
)
def test_a_killed_run_never_sends_the_call_again_on_its_own(
    scene: Scene, open_services: OpenServices, mira: Mira, case: tuple[str, int, int]
) -> None:
    kill, sent, asked = case
    assert scene.start(kill) == 9
    assert len(scene.notes.calls()) == sent
    assert wait_gone(scene.notes.pids()) == []  # the killed Mira's server went with it
    run_id = _only_run(open_services)
    shown = mira("runs", "show", run_id)  # the next start: recovery runs before the command
    if asked:
        assert "this call may have run — run it again" in shown.out
        assert '"title": "one"' in mira("--json", "runs", "show", run_id).out
    report = scene.resume(run_id, "go-on")
    assert report == {"status": "completed", "asked_may_have_run": asked}
    assert len(scene.notes.calls()) == sent  # going on without it sent nothing
    assert wait_gone(scene.notes.pids()) == []


def test_run_it_again_sends_the_call_once_more_by_the_users_choice(
    scene: Scene, open_services: OpenServices
) -> None:
    assert scene.start("after-result") == 9
    report = scene.resume(_only_run(open_services), "again")
    assert report == {"status": "completed", "asked_may_have_run": 1}
    assert scene.notes.calls() == ["create_note one", "create_note one"]


def test_a_kill_9_while_the_server_works_on_the_call_leaves_it_may_have_run(
    scene: Scene, open_services: OpenServices
) -> None:
    process = scene.start_in_background(delay=5.0)
    try:
        deadline = time.monotonic() + 120
        while not scene.notes.calls() and time.monotonic() < deadline:
            assert process.poll() is None, process.communicate()[1]
            time.sleep(0.05)
        os.kill(process.pid, signal.SIGKILL)
        process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert scene.notes.calls() == ["create_note one"]
    assert wait_gone(scene.notes.pids()) == []  # no orphan server after the kill
    report = scene.resume(_only_run(open_services), "go-on")
    assert report == {"status": "completed", "asked_may_have_run": 1}
    assert scene.notes.calls() == ["create_note one"]


@pytest.mark.slow
@pytest.mark.parametrize("trial", range(6))
def test_a_kill_9_at_a_random_moment_never_sends_the_call_twice(
    scene: Scene, open_services: OpenServices, trial: int
) -> None:
    rng = random.Random(trial)
    process = scene.start_in_background(delay=1.0)
    time.sleep(rng.uniform(1.0, 12.0))  # from the start of Mira to well after the run ended
    os.kill(process.pid, signal.SIGKILL)
    process.communicate(timeout=30)
    before = len(scene.notes.calls())
    assert before <= 1
    assert wait_gone(scene.notes.pids()) == []
    with open_services() as services:
        threads = services.threads.list()
    if not threads:  # killed before the message was stored: nothing was sent
        assert before == 0
        return
    report = scene.resume(_only_run(open_services), "go-on")
    if report["status"] == "interrupted":  # killed before the run's first checkpoint
        assert (report["continue_refused"], before) == (4, 0)
    else:
        assert report["status"] == "completed"
    assert scene.notes.calls() == ["create_note one"] * before  # never sent again on its own
