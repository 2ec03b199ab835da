"""Which folders may be a workspace root."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.agent.errors import InvalidWorkspaceRoot
from mira_desktop.agent.files.root import WorkspaceRoot
from mira_desktop.agent.files.root_check import validate_workspace_root


@pytest.mark.parametrize(
    "path", ["/", "/etc", "/usr/local/share", "/var/lib", "/proc/self", "/dev", "/tmp", "/boot"]
)
def test_system_and_shared_folders_cannot_be_a_workspace(path: str, tmp_path: Path) -> None:
    if not Path(path).is_dir():
        pytest.skip(f"{path} does not exist here")
    with pytest.raises(InvalidWorkspaceRoot, match="cannot be a workspace"):
        validate_workspace_root(path, home=tmp_path / "home")


def test_home_folder_itself_is_refused_but_a_project_inside_it_is_fine(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "code" / "project").mkdir(parents=True)
    with pytest.raises(InvalidWorkspaceRoot, match="home folder"):
        validate_workspace_root(home, home=home)
    assert (
        validate_workspace_root(home / "code" / "project", home=home) == (home / "code" / "project").resolve()
    )


def test_a_temporary_sub_folder_is_a_valid_workspace(workspace: Path) -> None:
    assert validate_workspace_root(workspace) == workspace.resolve()


def test_missing_folder_and_file_are_refused(workspace: Path) -> None:
    with pytest.raises(InvalidWorkspaceRoot, match="does not exist"):
        validate_workspace_root(workspace / "missing")
    with pytest.raises(InvalidWorkspaceRoot, match="not a folder"):
        validate_workspace_root(workspace / "notes.md")


def test_a_symlink_to_a_system_folder_is_judged_by_its_target(tmp_path: Path) -> None:
    (tmp_path / "etc-link").symlink_to("/etc")
    with pytest.raises(InvalidWorkspaceRoot, match="system folder"):
        WorkspaceRoot(tmp_path / "etc-link")


def test_the_data_folder_can_be_refused(tmp_path: Path) -> None:
    data = tmp_path / "mira-data"
    (data / "workspaces" / "inside").mkdir(parents=True)
    with pytest.raises(InvalidWorkspaceRoot, match="own data"):
        WorkspaceRoot(data / "workspaces" / "inside", also_refused=[data])
