"""Migration 11 (projects): a database of version 10 keeps its workspaces, their folders and their
threads; the new columns say "no defaults", and the thread sends as it did (no project section)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from mira_desktop.store.database import open_database
from mira_desktop.store.migrations import all_migrations
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.store.workspaces import WorkspaceRepository

NOW = "2026-01-01T00:00:00.000Z"


def test_a_version_10_database_keeps_its_workspaces_and_threads_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "mira.db"
    conn = sqlite3.connect(path, isolation_level=None)
    for migration in all_migrations()[:10]:
        conn.executescript(migration.sql)
        conn.execute(f"PRAGMA user_version = {migration.version}")
    conn.execute(
        "INSERT INTO workspaces (id, name, root_path, is_default, created_at, updated_at) VALUES "
        "('ws_base', 'Mira BASE', '/data/base', 1, ?, ?), ('ws_code', 'Code', '/home/me/code', 0, ?, ?)",
        (NOW, NOW, NOW, NOW),
    )
    conn.execute(
        "INSERT INTO threads (id, title, workspace_id, agent_enabled, created_at, updated_at) VALUES "
        "('thr_a', 'Refactor', 'ws_code', 1, ?, ?), ('thr_b', 'Loose', NULL, 0, ?, ?)",
        (NOW, NOW, NOW, NOW),
    )
    conn.close()

    database = open_database(path)
    try:
        workspaces = WorkspaceRepository(database)
        code = workspaces.get("ws_code")
        assert code is not None
        assert (code.name, code.root_path, code.has_folder, code.instructions) == (
            "Code",
            "/home/me/code",
            True,
            "",
        )
        assert (code.defaults.role_id, code.defaults.agent, code.defaults.memory) == (None, False, True)
        threads = ThreadRepository(database)
        refactor = threads.get("thr_a")
        assert refactor is not None
        assert (refactor.workspace_id, refactor.agent_enabled) == ("ws_code", True)
        counts = {s.workspace.id: s.thread_count for s in workspaces.summaries("active")}
        assert counts == {"ws_code": 1, "ws_base": 1}  # the thread bound to none is Mira BASE's
    finally:
        database.close()
