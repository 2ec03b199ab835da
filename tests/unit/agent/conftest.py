"""Shared setup of the agent tests: a sample workspace, its tools, a recording journal, scripted models."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.agent.checkpoint import Checkpoint
from mira_desktop.agent.files.openat2 import openat2_available
from mira_desktop.agent.files.root import WorkspaceRoot
from mira_desktop.agent.snapshots import SnapshotStore
from mira_desktop.agent.tools.knowledge import KbSearch
from mira_desktop.agent.tools.registry import ToolRegistry
from mira_desktop.agent.tools.workspace_tools import WorkspaceTools
from mira_desktop.models.adapters.scripted import ScriptedModel
from mira_desktop.models.protocol import ChatMessage

BASE_MESSAGES = (ChatMessage("system", "You are an agent."), ChatMessage("user", "Do the task."))

STRATEGIES = [
    pytest.param(
        True, id="openat2", marks=pytest.mark.skipif(not openat2_available(), reason="no openat2 here")
    ),
    pytest.param(False, id="component-walk"),
]


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A small project folder: notes, nested source files."""
    root = tmp_path / "project"
    (root / "src" / "pkg").mkdir(parents=True)
    (root / "notes.md").write_text("# Notes\nTODO: write tests\nline three\n")
    (root / "src" / "main.py").write_text("def main():\n    return 1\n")
    (root / "src" / "pkg" / "util.py").write_text("VALUE = 'hello'\n")
    return root


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside the workspace with a secret the agent must never reach."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.txt").write_text("top secret\n")
    return folder


@pytest.fixture(params=STRATEGIES)
def root(request: pytest.FixtureRequest, workspace: Path) -> Iterator[WorkspaceRoot]:
    """The workspace root, once with openat2 and once with the component walk."""
    with WorkspaceRoot(workspace, use_openat2=request.param) as opened:
        yield opened


@pytest.fixture
def snapshots(tmp_path: Path) -> SnapshotStore:
    return SnapshotStore(tmp_path / "data" / "snapshots")


def make_tools(root: WorkspaceRoot, snapshots: SnapshotStore, kb: KbSearch | None = None) -> WorkspaceTools:
    return WorkspaceTools(root, ToolRegistry(kb), snapshots)


@pytest.fixture
def tools(workspace: Path, snapshots: SnapshotStore) -> Iterator[WorkspaceTools]:
    with WorkspaceRoot(workspace) as opened:
        yield make_tools(opened, snapshots)


@dataclass
class RecordingJournal:
    """Keeps every event, checkpoint (as JSON, as a database would) and delta."""

    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    checkpoints: list[str] = field(default_factory=list)
    deltas: list[str] = field(default_factory=list)

    def event(self, type: str, data: dict[str, Any]) -> None:
        json.dumps(data)  # events must be JSON-ready
        self.events.append((type, data))

    def checkpoint(self, checkpoint: Checkpoint) -> None:
        self.checkpoints.append(checkpoint.to_json())

    def delta(self, text: str) -> None:
        self.deltas.append(text)

    def types(self) -> list[str]:
        return [t for t, _ in self.events]

    def of(self, type: str) -> list[dict[str, Any]]:
        return [d for t, d in self.events if t == type]

    def last_checkpoint(self) -> Checkpoint:
        return Checkpoint.from_json(self.checkpoints[-1])


@pytest.fixture
def journal() -> RecordingJournal:
    return RecordingJournal()


def scripted(
    folder: Path, *replies: dict[str, Any], native: bool = True, name: str = "script.json"
) -> ScriptedModel:
    """A scripted model answering reply n on its n-th turn (so resumed runs continue where they were)."""
    path = folder / name
    script: dict[str, Any] = {"replies": list(replies), "pick": "by_turn"}
    if not native:
        script["profile"] = {"supports_tools": False, "supports_json_schema": True}
    path.write_text(json.dumps(script))
    return ScriptedModel(f"scripted:{path}", path)


def call(name: str, **arguments: Any) -> dict[str, Any]:
    """A scripted reply with one native tool call."""
    return {"tool_calls": [{"name": name, "arguments": arguments}]}


def json_call(name: str, **arguments: Any) -> dict[str, Any]:
    """A scripted reply of a JSON-mode (local) model calling a tool."""
    return {"text": json.dumps({"tool": name, "args": arguments})}


def final(text: str) -> dict[str, Any]:
    return {"text": text}
