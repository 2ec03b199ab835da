"""Paths cannot escape the workspace root, whatever the model sends or plants inside it."""

from __future__ import annotations

import os
import shutil
import socket
import stat
from pathlib import Path

import pytest

from mira_desktop.agent.errors import ToolError, WorkspaceGone
from mira_desktop.agent.files.root import WorkspaceRoot
from mira_desktop.agent.files.states import DIRECTORY, sha256_bytes


def refusal(action: object) -> ToolError:
    assert callable(action)
    with pytest.raises(ToolError) as caught:
        action()
    return caught.value


def test_reads_and_states_of_plain_paths(root: WorkspaceRoot) -> None:
    assert root.read_bytes("src/pkg/util.py", 100) == b"VALUE = 'hello'\n"
    assert root.read_bytes("./src//pkg/util.py", 100) == b"VALUE = 'hello'\n"
    assert root.state("src/pkg/util.py") == sha256_bytes(b"VALUE = 'hello'\n")
    assert root.state("src") == DIRECTORY
    assert root.state("missing.txt") is None
    assert root.state("missing/deeper.txt") is None


@pytest.mark.parametrize(
    "path", ["../outside/secret.txt", "src/../../outside/secret.txt", "src/../notes.md", ".."]
)
def test_dot_dot_is_refused_even_where_it_would_stay_inside(root: WorkspaceRoot, path: str) -> None:
    assert "'..'" in str(refusal(lambda: root.read_bytes(path, 100)))


def test_absolute_and_home_paths_are_refused(root: WorkspaceRoot, outside: Path) -> None:
    assert "absolute" in str(refusal(lambda: root.read_bytes(str(outside / "secret.txt"), 100)))
    assert "'~'" in str(refusal(lambda: root.read_bytes("~/.bashrc", 100)))


def test_symlink_to_an_outside_file_is_refused(root: WorkspaceRoot, workspace: Path, outside: Path) -> None:
    (workspace / "link.txt").symlink_to(outside / "secret.txt")
    error = refusal(lambda: root.read_bytes("link.txt", 100))
    assert "symlink" in str(error)
    assert "symlink" in str(refusal(lambda: root.write_bytes("link.txt", b"x")))
    assert (outside / "secret.txt").read_text() == "top secret\n"


def test_symlinked_parent_folder_is_refused(root: WorkspaceRoot, workspace: Path, outside: Path) -> None:
    (workspace / "docs").symlink_to(outside, target_is_directory=True)
    assert "docs is a symlink" in str(refusal(lambda: root.read_bytes("docs/secret.txt", 100)))
    refusal(lambda: root.write_bytes("docs/new.txt", b"x"))
    assert not (outside / "new.txt").exists()


def test_symlink_chain_created_inside_the_workspace_is_refused(
    root: WorkspaceRoot, workspace: Path, outside: Path
) -> None:
    (workspace / "c").symlink_to(outside)
    (workspace / "b").symlink_to("c")
    (workspace / "a").symlink_to("b")
    for path in ("a/secret.txt", "b/secret.txt", "a"):
        assert "symlink" in str(refusal(lambda p=path: root.read_bytes(p, 100)))


def test_symlink_loop_is_refused_not_followed(root: WorkspaceRoot, workspace: Path) -> None:
    (workspace / "loop1").symlink_to("loop2")
    (workspace / "loop2").symlink_to("loop1")
    assert "symlink" in str(refusal(lambda: root.read_bytes("loop1/x", 100)))


def test_symlink_to_an_inside_file_is_refused_too(root: WorkspaceRoot, workspace: Path) -> None:
    (workspace / "alias.md").symlink_to(workspace / "notes.md")
    assert "symlink" in str(refusal(lambda: root.read_bytes("alias.md", 100)))


def test_parent_swapped_for_a_symlink_after_opening_is_refused(
    root: WorkspaceRoot, workspace: Path, outside: Path
) -> None:
    assert root.read_bytes("src/main.py", 100).startswith(b"def main")
    shutil.move(workspace / "src", workspace / "src-old")
    (workspace / "src").symlink_to(outside)
    (outside / "main.py").write_text("outside!\n")
    assert "symlink" in str(refusal(lambda: root.read_bytes("src/main.py", 100)))
    refusal(lambda: root.write_bytes("src/main.py", b"x"))
    assert (outside / "main.py").read_text() == "outside!\n"


def test_hard_linked_file_is_not_written(root: WorkspaceRoot, workspace: Path, outside: Path) -> None:
    os.link(outside / "secret.txt", workspace / "hard.txt")
    assert "hard links" in str(refusal(lambda: root.write_bytes("hard.txt", b"changed")))
    assert (outside / "secret.txt").read_text() == "top secret\n"


def test_fifo_is_refused_without_blocking(root: WorkspaceRoot, workspace: Path) -> None:
    os.mkfifo(workspace / "pipe")
    assert "FIFO" in str(refusal(lambda: root.read_bytes("pipe", 100)))
    assert "FIFO" in str(refusal(lambda: root.write_bytes("pipe", b"x")))


def test_socket_is_refused(root: WorkspaceRoot, workspace: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(workspace / "sock"))
        assert "socket" in str(refusal(lambda: root.read_bytes("sock", 100)))
    finally:
        server.close()


def test_device_file_is_refused(root: WorkspaceRoot, workspace: Path) -> None:
    try:
        os.mknod(workspace / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("creating device nodes needs CAP_MKNOD")
    assert "device file" in str(refusal(lambda: root.read_bytes("null", 100)))
    assert "device file" in str(refusal(lambda: root.write_bytes("null", b"x")))


def test_symlink_to_dev_null_is_refused(root: WorkspaceRoot, workspace: Path) -> None:
    (workspace / "null").symlink_to("/dev/null")
    assert "symlink" in str(refusal(lambda: root.read_bytes("null", 100)))


def test_over_long_names_are_refused_clearly(root: WorkspaceRoot) -> None:
    assert "longer than 255 bytes" in str(refusal(lambda: root.read_bytes("a" * 300, 100)))
    assert "longer than 4096 bytes" in str(refusal(lambda: root.read_bytes("a/" * 2100, 100)))


def test_file_used_as_a_folder_is_refused(root: WorkspaceRoot) -> None:
    assert "not a folder" in str(refusal(lambda: root.read_bytes("notes.md/inner", 100)))


def test_write_replaces_atomically_and_keeps_permissions(root: WorkspaceRoot, workspace: Path) -> None:
    script = workspace / "run.sh"
    script.write_text("echo 1\n")
    script.chmod(0o750)
    root.write_bytes("run.sh", b"echo 2\n")
    assert script.read_text() == "echo 2\n"
    assert stat.S_IMODE(script.stat().st_mode) == 0o750
    assert not [p for p in workspace.iterdir() if p.name.startswith(".mira-")]


def test_open_file_hands_out_the_checked_regular_file(root: WorkspaceRoot, workspace: Path) -> None:
    with root.open_file("notes.md") as (fd, info, _):
        assert info.st_size > 0
        assert os.pread(fd, 7, 0) == b"# Notes"


def test_root_deleted_mid_run_raises_workspace_gone(root: WorkspaceRoot, workspace: Path) -> None:
    root.check_alive()
    shutil.rmtree(workspace)
    with pytest.raises(WorkspaceGone, match="is gone"):
        root.check_alive()
    with pytest.raises(WorkspaceGone):
        root.read_bytes("notes.md", 100)
    with pytest.raises(WorkspaceGone):
        root.write_bytes("new.txt", b"x")


def test_root_moved_away_raises_workspace_gone(root: WorkspaceRoot, workspace: Path) -> None:
    workspace.rename(workspace.with_name("renamed"))
    with pytest.raises(WorkspaceGone):
        root.check_alive()


def test_listing_shows_symlinks_without_entering_them(
    root: WorkspaceRoot, workspace: Path, outside: Path
) -> None:
    (workspace / "out").symlink_to(outside)
    entries = {entry.path: entry.kind for entry in root.entries(".", 5)}
    assert entries["out"] == "symlink"
    assert not any(path.startswith("out/") for path in entries)
    assert entries["src/pkg/util.py"] == "file"


def test_move_and_delete_stay_inside(root: WorkspaceRoot, workspace: Path) -> None:
    root.move("notes.md", "src/notes.md")
    assert (workspace / "src" / "notes.md").exists()
    assert "already exists" in str(refusal(lambda: root.move("src/main.py", "src/notes.md")))
    root.delete("src/notes.md")
    assert not (workspace / "src" / "notes.md").exists()
    root.make_dir("docs")
    assert (workspace / "docs").is_dir()
    root.remove_empty_dir("docs")
    assert not (workspace / "docs").exists()
