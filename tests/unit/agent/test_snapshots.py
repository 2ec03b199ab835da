"""Undo restores every file a run changed, byte for byte, from plain data, or refuses and says why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mira_desktop.agent.errors import SnapshotMissing, UndoConflict
from mira_desktop.agent.files.changes import FileChange
from mira_desktop.agent.files.root import WorkspaceRoot
from mira_desktop.agent.snapshots import SnapshotStore, undo
from mira_desktop.agent.tools.workspace_tools import WorkspaceTools

from .conftest import make_tools


def tree(folder: Path) -> dict[str, bytes | None]:
    return {
        str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
    }


def apply_all(tools: WorkspaceTools, *calls: tuple[str, dict[str, object]]) -> list[FileChange]:
    changes: list[FileChange] = []
    for index, (name, arguments) in enumerate(calls):
        proposal = tools.propose(f"c{index}", name, dict(arguments))
        assert tools.execute(proposal).ok
        changes.extend(proposal.changes)
    return changes


RUN: tuple[tuple[str, dict[str, object]], ...] = (
    ("edit_file", {"path": "notes.md", "old_text": "TODO", "new_text": "DONE"}),
    ("make_dir", {"path": "docs"}),
    ("write_file", {"path": "docs/new.md", "content": "new\n"}),
    ("edit_file", {"path": "docs/new.md", "old_text": "new", "new_text": "newer"}),
    ("move_file", {"source": "src/main.py", "destination": "docs/main.py"}),
    ("delete_file", {"path": "src/pkg/util.py"}),
)


def test_undo_after_a_restart_restores_the_workspace_byte_for_byte(
    tools: WorkspaceTools, workspace: Path, snapshots: SnapshotStore
) -> None:
    (workspace / "image.bin").write_bytes(bytes(range(256)))
    original = tree(workspace)
    changes = apply_all(tools, *RUN, ("delete_file", {"path": "image.bin"}))
    assert tree(workspace) != original
    stored = json.dumps([c.to_dict() for c in changes])  # what the run journal keeps
    with WorkspaceRoot(workspace) as fresh_root:  # as in a new process
        report = undo(
            fresh_root, SnapshotStore(snapshots.folder), [FileChange.from_dict(c) for c in json.loads(stored)]
        )
    assert tree(workspace) == original
    assert set(report.restored) == {"notes.md", "src/main.py", "src/pkg/util.py", "image.bin"}
    assert set(report.deleted) == {"docs", "docs/new.md", "docs/main.py"}
    assert "restored" in report.summary()


def test_undo_refuses_listing_files_the_user_changed_since(
    tools: WorkspaceTools, workspace: Path, snapshots: SnapshotStore
) -> None:
    changes = apply_all(tools, *RUN)
    (workspace / "notes.md").write_text("the user's own edit\n")
    (workspace / "docs" / "main.py").write_text("the user changed the moved file too\n")
    before = tree(workspace)
    with pytest.raises(UndoConflict) as caught:
        undo(tools.root, snapshots, changes)
    assert set(caught.value.paths) == {"notes.md", "docs/main.py"}
    assert "notes.md" in str(caught.value)
    assert "nothing was restored" in str(caught.value)
    assert tree(workspace) == before


def test_undo_refuses_when_a_snapshot_is_missing(tools: WorkspaceTools, snapshots: SnapshotStore) -> None:
    changes = apply_all(tools, RUN[0])
    for blob in snapshots.folder.rglob("*"):
        if blob.is_file():
            blob.unlink()
    with pytest.raises(SnapshotMissing):
        undo(tools.root, snapshots, changes)


def test_undo_run_twice_changes_nothing_more(
    tools: WorkspaceTools, workspace: Path, snapshots: SnapshotStore
) -> None:
    original = tree(workspace)
    changes = apply_all(tools, *RUN)
    undo(tools.root, snapshots, changes)
    report = undo(tools.root, snapshots, changes)
    assert tree(workspace) == original
    assert report.paths == ()


def test_a_folder_the_run_made_is_kept_when_the_user_put_files_in_it(
    tools: WorkspaceTools, workspace: Path, snapshots: SnapshotStore
) -> None:
    changes = apply_all(tools, RUN[1])
    (workspace / "docs" / "mine.txt").write_text("user file")
    report = undo(tools.root, snapshots, changes)
    assert report.kept_folders == ("docs",)
    assert (workspace / "docs" / "mine.txt").exists()


def test_snapshots_are_content_addressed_and_verified(snapshots: SnapshotStore) -> None:
    digest = snapshots.save(b"hello")
    assert snapshots.save(b"hello") == digest
    assert snapshots.load(digest) == b"hello"
    (snapshots.folder / digest[:2] / digest).write_bytes(b"tampered")
    assert not snapshots.has(digest)
    with pytest.raises(SnapshotMissing, match="damaged"):
        snapshots.load(digest)


def test_undo_works_through_both_lookup_strategies(
    root: WorkspaceRoot, workspace: Path, snapshots: SnapshotStore
) -> None:
    original = tree(workspace)
    tools = make_tools(root, snapshots)
    changes = apply_all(tools, *RUN)
    undo(root, snapshots, changes)
    assert tree(workspace) == original
