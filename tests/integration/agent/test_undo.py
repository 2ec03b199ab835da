"""Undo puts back every file a run changed, byte for byte, refuses when the user changed one since,
and works after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.agent.errors import UndoConflict
from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.errors import ConflictError
from mira_desktop.services.app.bundle import AppServices
from tests.integration.agent.conftest import Mira
from tests.integration.agent.runs import (
    allow_in_workspace,
    call,
    calls,
    event_data,
    final,
    send_agent,
    settle,
)
from tests.support.fixtures import OpenServices, Script

BINARY = bytes(range(256)) * 3 + b"\x00\xff\r\n"
CRLF_NOTES = b"# Notes\r\nThe colour is blue.\r\n\xe2\x9c\x93 done\r\n"
CHANGE_TOOLS = ("write_file", "edit_file", "make_dir", "move_file", "delete_file")


def _tree(folder: Path) -> dict[str, bytes | None]:
    """Every file's bytes and every folder (None) beneath ``folder``."""
    return {
        str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
    }


@pytest.fixture
def awkward(project: Path) -> Path:
    """The project with a binary file and CRLF notes with non-ASCII text."""
    (project / "data.bin").write_bytes(BINARY)
    (project / "notes.md").write_bytes(CRLF_NOTES)
    return project


EVERY_CHANGE = (
    call("make_dir", path="docs"),
    call("write_file", path="docs/guide.md", content="# Guide\n"),
    calls(
        ("edit_file", {"path": "notes.md", "old_text": "blue", "new_text": "green"}),
        ("move_file", {"source": "old.txt", "destination": "docs/old.txt"}),
    ),
    call("delete_file", path="data.bin"),
    call("write_file", path="src/app.py", content="print('rewritten')\n"),
    final("Reorganised the project."),
)


def _run_every_change(services: AppServices, workspace: str, script: Script) -> str:
    allow_in_workspace(services, workspace, *CHANGE_TOOLS)
    ref = script(*EVERY_CHANGE, pick="by_turn")
    handle = send_agent(services, ref, "Reorganise the project.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    assert len(services.agent_runs.show(handle.run_id).files_changed) == 7
    return handle.run_id


def test_undo_restores_every_file_byte_for_byte_and_removes_what_the_run_created(
    services: AppServices, workspace: str, awkward: Path, script: Script
) -> None:
    before = _tree(awkward)
    run_id = _run_every_change(services, workspace, script)
    assert not (awkward / "data.bin").exists()
    assert (awkward / "docs" / "guide.md").exists()

    report = services.agent_runs.undo(run_id)
    assert _tree(awkward) == before  # byte-identical, the new folder and file gone, data.bin back
    assert set(report.restored) == {"notes.md", "old.txt", "data.bin", "src/app.py"}
    assert set(report.deleted) == {"docs", "docs/guide.md", "docs/old.txt"}
    undone = event_data(services, run_id, "run.undone")
    assert len(undone) == 1
    assert undone[0]["summary"] == report.summary()
    with pytest.raises(ConflictError, match="already undone"):
        services.agent_runs.undo(run_id)
    with pytest.raises(ConflictError, match="was undone, so it cannot go on"):
        services.agent_runs.continue_run(run_id)
    assert _tree(awkward) == before


def test_undo_refuses_listing_the_files_the_user_changed_since_and_restores_nothing(
    services: AppServices, workspace: str, awkward: Path, script: Script
) -> None:
    run_id = _run_every_change(services, workspace, script)
    (awkward / "notes.md").write_bytes(b"my own edit\n")
    (awkward / "docs" / "guide.md").write_text("# My guide\n", encoding="utf-8")
    after_user = _tree(awkward)

    with pytest.raises(UndoConflict) as refused:
        services.agent_runs.undo(run_id)
    assert set(refused.value.paths) == {"notes.md", "docs/guide.md"}
    assert str(refused.value).startswith("Undo refused, nothing was restored: ")
    assert "notes.md" in str(refused.value)
    assert "docs/guide.md" in str(refused.value)
    assert _tree(awkward) == after_user
    assert event_data(services, run_id, "run.undone") == []


def test_undo_of_a_run_that_changed_nothing_is_refused(
    services: AppServices, workspace: str, script: Script
) -> None:
    ref = script(call("read_file", path="notes.md"), final("Read."), pick="by_turn")
    handle = send_agent(services, ref, "Read the notes.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    with pytest.raises(ConflictError, match="changed no file: there is nothing to undo"):
        services.agent_runs.undo(handle.run_id)


def test_undo_after_a_restart_from_the_command_line(
    open_services: OpenServices, mira: Mira, awkward: Path, script: Script
) -> None:
    before = _tree(awkward)
    with open_services() as services:
        workspace = services.workspaces.add("project", str(awkward)).id
        run_id = _run_every_change(services, workspace, script)
    undone = mira("--json", "runs", "undo", run_id)  # a new start of Mira
    assert undone.code == 0, undone.err
    assert set(undone.json()["restored"]) == {"notes.md", "old.txt", "data.bin", "src/app.py"}
    assert _tree(awkward) == before


def test_mira_runs_undo_refuses_in_one_line_naming_the_changed_file(
    open_services: OpenServices, mira: Mira, awkward: Path, script: Script
) -> None:
    with open_services() as services:
        workspace = services.workspaces.add("project", str(awkward)).id
        run_id = _run_every_change(services, workspace, script)
    (awkward / "src" / "app.py").write_text("mine\n", encoding="utf-8")
    refused = mira("runs", "undo", run_id)
    assert refused.code == 4
    assert refused.out == ""
    assert refused.err == (
        "mira: error: Undo refused, nothing was restored: src/app.py changed after the run wrote it. "
        "Undo those edits yourself first, or keep the files as they are.\n"
    )
    assert (awkward / "src" / "app.py").read_text() == "mine\n"
