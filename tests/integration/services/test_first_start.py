from __future__ import annotations

import os
from pathlib import Path

import pytest

from mira_desktop.core.data_folder import ENV_VAR, resolve_data_dir
from mira_desktop.core.errors import DataFolderError
from mira_desktop.core.workspaces import DEFAULT_WORKSPACE_NAME
from mira_desktop.services.app.bundle import AppServices
from tests.support.fixtures import OpenServices


def _dump(database_path: Path) -> dict[str, list[tuple[object, ...]]]:
    import sqlite3

    conn = sqlite3.connect(database_path)
    try:
        tables = [
            r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        ]
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in tables}
    finally:
        conn.close()


def test_first_start_creates_database_mira_base_and_three_starter_roles(
    data_dir: Path, services: AppServices
) -> None:
    assert services.folder.database_path.is_file()
    default = services.workspaces.default()
    assert default.name == DEFAULT_WORKSPACE_NAME
    assert default.is_default
    folder = Path(default.root_path)
    assert folder.is_dir()
    assert folder.is_relative_to(data_dir)
    assert "Mira BASE" in (folder / "README.md").read_text("utf-8")
    roles = services.roles.list()
    assert len(roles) == 3
    assert any(any("\u4e00" <= ch <= "\u9fff" for ch in r.name + r.summary) for r in roles)
    assert all(r.prompt and r.version == 1 for r in roles)


def test_second_start_changes_nothing(data_dir: Path, open_services: OpenServices) -> None:
    with open_services():
        pass
    before = _dump(data_dir / "mira.db")
    files_before = sorted(p.relative_to(data_dir) for p in data_dir.rglob("*") if "mira.db" not in p.name)
    with open_services():
        pass
    assert _dump(data_dir / "mira.db") == before
    assert (
        sorted(p.relative_to(data_dir) for p in data_dir.rglob("*") if "mira.db" not in p.name)
        == files_before
    )


def test_a_deleted_starter_role_does_not_come_back(open_services: OpenServices) -> None:
    with open_services() as services:
        victim = services.roles.list()[0]
        services.roles.delete(victim.id)
    with open_services() as services:
        assert victim.id not in {r.id for r in services.roles.list()}
        assert len(services.roles.list()) == 2


def test_data_dir_option_wins_over_environment_which_wins_over_platform_default(tmp_path: Path) -> None:
    env = {ENV_VAR: str(tmp_path / "from-env")}
    assert resolve_data_dir(str(tmp_path / "from-cli"), env) == tmp_path / "from-cli"
    assert resolve_data_dir(None, env) == tmp_path / "from-env"
    platform_default = resolve_data_dir(None, {})
    assert platform_default.name == "mira-desktop"
    assert platform_default.is_absolute()


def test_data_folder_that_is_a_file_is_refused_without_changes(
    tmp_path: Path, open_services: OpenServices
) -> None:
    target = tmp_path / "data"
    target.write_text("not a folder")
    with pytest.raises(DataFolderError, match="is a file, not a folder"), open_services(target):
        pass
    assert target.read_text() == "not a folder"


def test_data_folder_below_a_file_is_refused_without_changes(
    tmp_path: Path, open_services: OpenServices
) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    with pytest.raises(DataFolderError, match="is a file"), open_services(blocker / "nested" / "data"):
        pass
    assert sorted(os.listdir(tmp_path)) == ["blocker"]


def test_data_folder_that_cannot_be_written_is_refused(open_services: OpenServices) -> None:
    # /proc refuses new entries even to root, which the usual chmod trick cannot simulate.
    with (
        pytest.raises(DataFolderError, match="not writable"),
        open_services(Path("/proc/mira-cannot-write-here")),
    ):
        pass
