"""Setup of the MCP tests: the notes server of tests/support/mcp_server.py (a real SDK server) added
to Mira, a project folder as a workspace, and helpers that tell whether a server process still lives."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from mira_desktop.services.app.bundle import AppServices
from tests.conftest import REPO_ROOT
from tests.support.waiting import wait_for

SERVER = REPO_ROOT / "tests" / "support" / "mcp_server.py"


@dataclass
class NotesServer:
    """Where the server keeps its notes, its call log and the pid of each start."""

    state: Path

    @property
    def argv(self) -> list[str]:
        return [str(SERVER), "--state", str(self.state)]

    def calls(self) -> list[str]:
        log = self.state / "calls.log"
        return log.read_text(encoding="utf-8").splitlines() if log.exists() else []

    def pids(self) -> list[int]:
        found = self.state / "pids"
        return [int(line) for line in found.read_text().split()] if found.exists() else []


@pytest.fixture
def notes(tmp_path: Path) -> NotesServer:
    return NotesServer(tmp_path / "notes-state")


@pytest.fixture
def added(services: AppServices, notes: NotesServer) -> NotesServer:
    """The notes server added to Mira as `notes` (started when something needs it)."""
    services.mcp.add_stdio("notes", sys.executable, notes.argv)
    return notes


def alive(pid: int) -> bool:
    """The process exists and is not a zombie waiting to be reaped."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in status


def wait_gone(pids: list[int], seconds: float = 10.0) -> list[int]:
    """The pids still alive after up to ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(alive(p) for p in pids):
        time.sleep(0.05)
    return [p for p in pids if alive(p)]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def http_notes(notes: NotesServer) -> Iterator[str]:
    """The notes server over streamable HTTP on 127.0.0.1; its URL."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, *notes.argv, "--http", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:

        def listening() -> bool:
            assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
            with socket.socket() as probe:
                return probe.connect_ex(("127.0.0.1", port)) == 0

        wait_for(listening, 60, what="the notes server listening on its port")
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(10)
        if process.stderr is not None:
            process.stderr.close()


def env_without(*names: str) -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in names}
