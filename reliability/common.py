"""What the soak scripts share: paths, the `mira` command in a subprocess, scripted models, goals, results.

Tables come from ``benchmarks/reporting.py`` (one table format for every measuring script).
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "reliability" / "results"
SHARED_DATA = ROOT.parent / "shared" / "data"
DOCS = SHARED_DATA / "docs"
PYTHON = sys.executable
MIRA = str(Path(sys.executable).with_name("mira"))

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.reporting import machine, machine_load, table  # noqa: E402

__all__ = ["machine", "machine_load", "table"]


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def child_env(**extra: str) -> dict[str, str]:
    """The environment of a Mira subprocess: this checkout importable, nothing downloaded, no display."""
    env = dict(os.environ)
    env.update(
        {
            "PYTHONPATH": str(ROOT),
            "HF_HUB_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1",
            "QT_QPA_PLATFORM": "offscreen",
            "LANCEDB_LOG": "error",
        }
    )
    env.update(extra)
    return env


def mira(
    data_dir: Path,
    *args: str,
    stdin: str | None = None,
    timeout: float = 600,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """``mira --data-dir DATA ARGS…`` in a new process (the real command, as a user types it)."""
    return subprocess.run(
        [MIRA, "--data-dir", str(data_dir), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env or child_env(),
        check=False,
    )


def write_script(path: Path, replies: Sequence[dict[str, Any]], **settings: Any) -> str:
    """A scripted model file (README "Model references"); its ``scripted:`` reference."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"replies": list(replies), **settings}), encoding="utf-8")
    return f"scripted:{path}"


def integrity(database: Path) -> str:
    """``PRAGMA integrity_check`` of a database file ("ok" when sound). The connection is a normal
    one, so a write-ahead log left by a killed process is recovered first, as any reopen does."""
    if not database.exists():
        return "missing"
    conn = sqlite3.connect(database, timeout=30)
    try:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        return f"{type(exc).__name__}: {exc}"
    finally:
        conn.close()


def rewrite_workspace_roots(database: Path, old_root: Path, new_root: Path) -> None:
    """After copying a data folder: its workspaces kept inside it now live in the copy."""
    conn = sqlite3.connect(database, isolation_level=None)
    try:
        conn.execute(
            "UPDATE workspaces SET root_path = ? || substr(root_path, ?) WHERE root_path LIKE ?",
            (str(new_root), len(str(old_root)) + 1, f"{old_root}%"),
        )
    finally:
        conn.close()


@dataclass(frozen=True)
class Goal:
    """One figure of a script with its goal, for the script's table and the `make soak` summary."""

    script: str
    figure: str
    value: str
    goal: str
    met: bool


def goal_rows(goals: Sequence[Goal]) -> list[list[str]]:
    return [[g.figure, g.value, g.goal, "yes" if g.met else "NO"] for g in goals]


def print_goals(title: str, goals: Sequence[Goal]) -> None:
    print(f"\n{title}")
    print(table(["figure", "value", "goal", "met"], goal_rows(goals)))


def write_results(name: str, data: dict[str, Any], goals: Sequence[Goal]) -> Path:
    """Write ``reliability/results/<name>.json`` (git-ignored) with the goals and the machine's load."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    payload = {
        "script": name,
        "machine": machine(),
        "load_after": machine_load(),
        "goals": [asdict(g) for g in goals],
        **data,
    }
    path.write_text(json.dumps(payload, indent=2, ensure_ascii=False, default=str) + "\n", encoding="utf-8")
    return path


def read_goals(name: str) -> list[Goal]:
    path = RESULTS / f"{name}.json"
    if not path.is_file():
        return []
    return [Goal(**g) for g in json.loads(path.read_text(encoding="utf-8")).get("goals", [])]


def read_load(name: str) -> str:
    """The load average a script recorded when it finished, as ``1.2 / 3.4 / 5.6``."""
    path = RESULTS / f"{name}.json"
    load = json.loads(path.read_text(encoding="utf-8")).get("load_after", {}).get("loadavg") or []
    return " / ".join(f"{x:.1f}" for x in load) or "-"
