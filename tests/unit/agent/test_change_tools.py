"""Changes are planned without touching the disk, executed only as proposed, and recognised once made."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from mira_desktop.agent.errors import StaleProposal, ToolError
from mira_desktop.agent.files.changes import FileChange
from mira_desktop.agent.files.states import DIRECTORY, sha256_bytes
from mira_desktop.agent.snapshots import SnapshotStore
from mira_desktop.agent.tools.proposals import Proposal
from mira_desktop.agent.tools.workspace_tools import WorkspaceTools


def tree(folder: Path) -> dict[str, bytes | None]:
    return {
        str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
    }


def test_propose_touches_nothing_and_names_before_and_after(tools: WorkspaceTools, workspace: Path) -> None:
    before = tree(workspace)
    proposal = tools.propose("c1", "write_file", {"path": "notes.md", "content": "# Notes\nDONE\n"})
    assert tree(workspace) == before
    assert proposal.changes == (
        FileChange(
            "notes.md", sha256_bytes((workspace / "notes.md").read_bytes()), sha256_bytes(b"# Notes\nDONE\n")
        ),
    )
    assert "-TODO: write tests\n-line three\n+DONE\n" in proposal.diff
    assert proposal.summary == "Replace the content of notes.md: +1 −2 lines"
    assert Proposal.from_dict(proposal.to_dict()) == proposal


def test_write_file_creates_a_new_file_and_snapshots_nothing_for_it(
    tools: WorkspaceTools, workspace: Path, snapshots: SnapshotStore
) -> None:
    proposal = tools.propose("c1", "write_file", {"path": "src/new.py", "content": "x = 1\n"})
    assert proposal.changes[0].before is None
    assert proposal.diff.startswith("--- /dev/null\n+++ b/src/new.py\n")
    assert not tools.already_applied(proposal)
    result = tools.execute(proposal)
    assert result.ok
    assert result.diff == proposal.diff
    assert result.path == "src/new.py"
    assert (workspace / "src" / "new.py").read_text() == "x = 1\n"
    assert tools.already_applied(proposal)


def test_write_file_needs_an_existing_folder(tools: WorkspaceTools) -> None:
    with pytest.raises(ToolError, match="make_dir first"):
        tools.propose("c1", "write_file", {"path": "docs/a.md", "content": "x"})


def test_write_file_does_not_overwrite_binary_or_hard_linked_files(
    tools: WorkspaceTools, workspace: Path, outside: Path
) -> None:
    (workspace / "blob.bin").write_bytes(b"\x00\x01")
    with pytest.raises(ToolError, match="binary"):
        tools.propose("c1", "write_file", {"path": "blob.bin", "content": "text"})
    os.link(outside / "secret.txt", workspace / "linked.txt")
    with pytest.raises(ToolError, match="hard links"):
        tools.propose("c2", "write_file", {"path": "linked.txt", "content": "x"})


def test_edit_file_replaces_the_one_exact_match(
    tools: WorkspaceTools, workspace: Path, snapshots: SnapshotStore
) -> None:
    old = (workspace / "notes.md").read_bytes()
    proposal = tools.propose(
        "c1", "edit_file", {"path": "notes.md", "old_text": "write tests", "new_text": "ship it"}
    )
    assert proposal.summary == "Edit notes.md at line 2: +1 −1 lines"
    result = tools.execute(proposal)
    assert result.ok
    assert result.lines == (2, 2)
    assert (workspace / "notes.md").read_text() == "# Notes\nTODO: ship it\nline three\n"
    assert snapshots.load(sha256_bytes(old)) == old


def test_edit_file_without_a_match_shows_the_nearest_lines(tools: WorkspaceTools) -> None:
    with pytest.raises(ToolError) as caught:
        tools.propose(
            "c1", "edit_file", {"path": "notes.md", "old_text": "TODO: write test cases", "new_text": "x"}
        )
    assert caught.value.kind == "no_match"
    assert "nearest text is at lines 2–4" in caught.value.message
    assert "TODO: write tests" in caught.value.message


def test_edit_file_with_several_matches_says_how_many(tools: WorkspaceTools, workspace: Path) -> None:
    (workspace / "dup.txt").write_text("a\nsame\nb\nsame\n")
    with pytest.raises(ToolError, match=r"occurs 2 times in dup.txt \(lines 2, 4\)"):
        tools.propose("c1", "edit_file", {"path": "dup.txt", "old_text": "same", "new_text": "x"})


def test_make_dir_move_and_delete(tools: WorkspaceTools, workspace: Path, snapshots: SnapshotStore) -> None:
    made = tools.propose("c1", "make_dir", {"path": "docs"})
    assert made.changes == (FileChange("docs", None, DIRECTORY),)
    tools.execute(made)
    assert (workspace / "docs").is_dir()
    digest = sha256_bytes((workspace / "notes.md").read_bytes())
    moved = tools.propose("c2", "move_file", {"source": "notes.md", "destination": "docs/notes.md"})
    assert moved.changes == (FileChange("notes.md", digest, None), FileChange("docs/notes.md", None, digest))
    assert moved.diff == "rename from notes.md\nrename to docs/notes.md\n"
    tools.execute(moved)
    assert tools.already_applied(moved)
    deleted = tools.propose("c3", "delete_file", {"path": "docs/notes.md"})
    assert deleted.changes == (FileChange("docs/notes.md", digest, None),)
    assert "-TODO: write tests" in deleted.diff
    tools.execute(deleted)
    assert not (workspace / "docs" / "notes.md").exists()
    assert snapshots.has(digest)


def test_move_refuses_to_overwrite_and_delete_refuses_folders(tools: WorkspaceTools) -> None:
    with pytest.raises(ToolError, match="already exists"):
        tools.propose("c1", "move_file", {"source": "notes.md", "destination": "src/main.py"})
    with pytest.raises(ToolError, match="is a folder"):
        tools.propose("c2", "delete_file", {"path": "src"})


def test_execute_refuses_when_the_file_changed_since_the_proposal(
    tools: WorkspaceTools, workspace: Path
) -> None:
    proposal = tools.propose(
        "c1", "edit_file", {"path": "notes.md", "old_text": "line three", "new_text": "3"}
    )
    (workspace / "notes.md").write_text("# Notes\nthe user edited this\nline three\n")
    with pytest.raises(StaleProposal) as caught:
        tools.execute(proposal)
    assert caught.value.paths == ("notes.md",)
    assert (workspace / "notes.md").read_text() == "# Notes\nthe user edited this\nline three\n"
    assert not tools.already_applied(proposal)


def test_a_file_created_since_a_create_proposal_is_stale(tools: WorkspaceTools, workspace: Path) -> None:
    proposal = tools.propose("c1", "write_file", {"path": "new.txt", "content": "mine"})
    (workspace / "new.txt").write_text("theirs")
    with pytest.raises(StaleProposal):
        tools.execute(proposal)
    assert (workspace / "new.txt").read_text() == "theirs"


def test_validate_rejects_unknown_tools_and_bad_arguments(tools: WorkspaceTools) -> None:
    with pytest.raises(ToolError, match="no tool 'rm_rf'") as unknown:
        tools.validate("rm_rf", {})
    assert unknown.value.kind == "malformed"
    with pytest.raises(ToolError, match="missing 'content'"):
        tools.validate("write_file", {"path": "a"})


def test_a_full_disk_is_a_readable_refusal_not_a_crash(
    tools: WorkspaceTools, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    proposal = tools.propose("c1", "write_file", {"path": "a.txt", "content": "x"})

    def full(path: str, data: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(tools.root, "write_bytes", full)
    with pytest.raises(ToolError, match="No space left on device"):
        tools.execute(proposal)


def test_no_change_is_made_when_its_snapshot_cannot_be_saved(
    tools: WorkspaceTools, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    proposal = tools.propose("c1", "edit_file", {"path": "notes.md", "old_text": "TODO", "new_text": "DONE"})

    def broken(data: bytes) -> str:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(tools.snapshots, "save", broken)
    with pytest.raises(ToolError, match="snapshot for undo could not be saved"):
        tools.execute(proposal)
    assert "TODO" in (workspace / "notes.md").read_text()
