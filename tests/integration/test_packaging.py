from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from mira_desktop.store.migrations import all_migrations

REPO = Path(__file__).resolve().parents[2]


def test_built_wheel_ships_migrations_resources_the_workspace_template_and_the_mira_command(
    tmp_path: Path,
) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(tmp_path),
            str(REPO),
        ],
        check=True,
        capture_output=True,
    )
    wheel = next(tmp_path.glob("mira_desktop-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        scripts = archive.read(entry_points).decode()
    for migration in all_migrations():
        assert f"mira_desktop/migrations/{migration.version:04d}_{migration.name}.sql" in names
    assert "mira_desktop/workspaces/mira-base/README.md" in names
    assert "mira_desktop/workspaces/agent-sample/README.md" in names
    starter_roles = {
        f"mira_desktop/resources/roles/{p.name}" for p in (REPO / "resources" / "roles").glob("*.json")
    }
    assert "mira_desktop/resources/roles/writing_zh.json" in starter_roles
    assert starter_roles <= names
    assert "[console_scripts]\nmira = mira_desktop.app:main" in scripts
