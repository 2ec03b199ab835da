from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from mira_desktop.store.migrations import all_migrations

REPO = Path(__file__).resolve().parents[2]


def test_built_wheel_ships_migrations_resources_and_the_workspace_template(tmp_path: Path) -> None:
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
    names = set(zipfile.ZipFile(wheel).namelist())
    for migration in all_migrations():
        assert f"mira_desktop/migrations/{migration.version:04d}_{migration.name}.sql" in names
    assert "mira_desktop/workspaces/mira-base/README.md" in names
    assert {n for n in names if n.startswith("mira_desktop/resources/roles/")} >= {
        "mira_desktop/resources/roles/writing_zh.json"
    }
    assert any(n.endswith("entry_points.txt") for n in names)
