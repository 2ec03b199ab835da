from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from mira_desktop.core.errors import DatabaseError, DatabaseTooNewError
from mira_desktop.store import migrations
from mira_desktop.store.database import open_database
from mira_desktop.store.migrations import Migration, all_migrations, latest_version, migrate

EXPECTED_COLUMNS = {
    "workspaces": {"id", "name", "root_path", "status", "is_default", "created_at", "updated_at"},
    "threads": {
        "id",
        "title",
        "model_ref",
        "workspace_id",
        "knowledge_base_id",
        "role_id",
        "agent_enabled",
        "tts_enabled",
        "image_enabled",
        "context_summary",
        "status",
        "active_leaf_id",
        "created_at",
        "updated_at",
    },
    "messages": {
        "id",
        "thread_id",
        "parent_id",
        "role",
        "content",
        "parts_json",
        "status",
        "error_json",
        "run_id",
        "metadata_json",
        "created_at",
        "updated_at",
    },
    "roles": {
        "id",
        "name",
        "summary",
        "avatar",
        "status",
        "tags_json",
        "prompt_json",
        "llm_profile_json",
        "version",
        "created_at",
        "updated_at",
    },
    "run_events": {"run_id", "seq", "type", "data_json", "created_at"},
}
EXPECTED_TABLES = {
    "workspaces",
    "threads",
    "messages",
    "roles",
    "knowledge_bases",
    "documents",
    "document_versions",
    "index_jobs",
    "attachments",
    "attachment_refs",
    "runs",
    "run_events",
    "chat_media",
    "providers",
    "settings",
    "mcp_servers",
    "workspace_mcp_servers",
    "tool_permissions",
    "tool_outputs",
}


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_blank_database_is_migrated_to_the_latest_version(tmp_path: Path) -> None:
    database = open_database(tmp_path / "mira.db")
    try:
        assert database.schema_version == latest_version()
        tables = set(database.db.table_names())
        assert tables >= EXPECTED_TABLES
        for table, columns in EXPECTED_COLUMNS.items():
            assert columns <= set(database.db[table].columns_dict), table
        assert database.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert database.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert database.conn.execute("PRAGMA foreign_key_check").fetchall() == []
    finally:
        database.close()


def test_thread_references_are_set_null_and_children_cascade_only_from_their_thread(tmp_path: Path) -> None:
    database = open_database(tmp_path / "mira.db")
    try:
        rules = {
            row[3]: row[6] for row in database.conn.execute("PRAGMA foreign_key_list(threads)").fetchall()
        }
        assert rules == {
            "workspace_id": "SET NULL",
            "knowledge_base_id": "SET NULL",
            "role_id": "SET NULL",
            "active_leaf_id": "SET NULL",
        }
        for child in ("messages", "runs"):
            child_rules = {
                row[2]: row[6]
                for row in database.conn.execute(f"PRAGMA foreign_key_list({child})").fetchall()
            }
            assert child_rules["threads"] == "CASCADE"
        event_rules = {
            row[2]: row[6] for row in database.conn.execute("PRAGMA foreign_key_list(run_events)").fetchall()
        }
        assert event_rules == {"runs": "CASCADE"}
    finally:
        database.close()


@pytest.mark.parametrize("start", range(latest_version() + 1))
def test_every_historical_schema_migrates_to_the_latest(tmp_path: Path, start: int) -> None:
    path = tmp_path / "mira.db"
    # Build the historical schema `start` by hand, then let open_database finish the job.
    conn = sqlite3.connect(path, isolation_level=None)
    for migration in all_migrations()[:start]:
        conn.executescript(migration.sql)
        conn.execute(f"PRAGMA user_version = {migration.version}")
    conn.close()
    database = open_database(path)
    try:
        assert database.schema_version == latest_version()
        assert set(database.db.table_names()) >= EXPECTED_TABLES
        assert migrate(database) == []  # nothing left to apply
    finally:
        database.close()


def test_database_from_a_newer_version_is_refused_and_left_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "mira.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE future (x)")
    conn.execute(f"PRAGMA user_version = {latest_version() + 7}")
    conn.commit()
    conn.close()
    before = _sha(path)
    with pytest.raises(DatabaseTooNewError) as raised:
        open_database(path)
    message = str(raised.value)
    assert str(latest_version() + 7) in message
    assert str(latest_version()) in message
    assert "\n" not in message
    assert _sha(path) == before
    assert not (tmp_path / "mira.db-wal").exists()


def test_damaged_database_file_is_refused_and_left_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "mira.db"
    path.write_bytes(b"this is not a database at all" * 100)
    before = _sha(path)
    with pytest.raises(DatabaseError, match="damaged or not a Mira database"):
        open_database(path)
    assert _sha(path) == before


def test_a_failed_migration_leaves_the_previous_version_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "mira.db"
    database = open_database(path)
    known = latest_version()
    broken = Migration(known + 1, "half_done", "CREATE TABLE half_done (x);\nTHIS IS NOT SQL;\n")
    monkeypatch.setattr(migrations, "all_migrations", lambda: (*all_migrations(), broken))
    try:
        assert migrations.latest_version() == known + 1
        with pytest.raises(sqlite3.OperationalError):
            migrate(database)
        assert database.schema_version == known
        assert "half_done" not in database.db.table_names()
    finally:
        database.close()


def test_workspace_rules_kept_in_settings_become_tool_permissions(tmp_path: Path) -> None:
    """The "always allow … in this workspace" rules of older versions survive as permissions."""
    path = tmp_path / "mira.db"
    tools = next(m for m in all_migrations() if m.name == "tools")
    conn = sqlite3.connect(path, isolation_level=None)
    for migration in all_migrations()[: tools.version - 1]:
        conn.executescript(migration.sql)
        conn.execute(f"PRAGMA user_version = {migration.version}")
    now = "2026-01-01T00:00:00Z"
    conn.execute(
        "INSERT INTO workspaces (id, name, root_path, status, is_default, created_at, updated_at) "
        "VALUES ('ws_1', 'one', '/tmp/one', 'active', 0, ?, ?)",
        (now, now),
    )
    rules = [
        {"tool": "write_file", "verdict": "allow", "scope": "workspace", "source": "user"},
        {"tool": "delete_file", "verdict": "deny", "scope": "workspace", "source": "user"},
        {"tool": "move_file", "verdict": "allow", "scope": "workspace", "source": "role"},
    ]
    conn.execute(
        "INSERT INTO settings (key, value_json, updated_at) VALUES ('agent.rules.ws_1', ?, ?)",
        (json.dumps(rules), now),
    )
    conn.execute(
        "INSERT INTO settings (key, value_json, updated_at) VALUES ('agent.rules.ws_gone', ?, ?)",
        (json.dumps(rules[:1]), now),
    )
    conn.close()
    database = open_database(path)
    try:
        rows = database.conn.execute(
            "SELECT tool, workspace_id, permission FROM tool_permissions ORDER BY tool"
        ).fetchall()
        assert [tuple(r) for r in rows] == [("delete_file", "ws_1", "deny"), ("write_file", "ws_1", "allow")]
        left = database.conn.execute("SELECT key FROM settings WHERE key LIKE 'agent.rules.%'").fetchall()
        assert left == []
    finally:
        database.close()


def test_the_trash_takes_skills_after_0013_and_keeps_every_earlier_entry(tmp_path: Path) -> None:
    path = tmp_path / "mira.db"
    skill_trash = next(m for m in all_migrations() if m.name == "skill_trash")
    conn = sqlite3.connect(path, isolation_level=None)
    for migration in all_migrations()[: skill_trash.version - 1]:
        conn.executescript(migration.sql)
        conn.execute(f"PRAGMA user_version = {migration.version}")
    conn.execute(
        "INSERT INTO trash (id, kind, object_id, label, detail_json, trashed_at) "
        "VALUES ('trs_1', 'knowledge_base', 'kb_1', 'Notes', '{\"a\": 1}', '2026-01-01T00:00:00Z')"
    )
    with pytest.raises(sqlite3.IntegrityError):  # before 0013 the CHECK refuses a skill
        conn.execute(
            "INSERT INTO trash (id, kind, object_id, label, trashed_at) "
            "VALUES ('trs_2', 'skill', 'skl_1', 'demo', '2026-01-01T00:00:00Z')"
        )
    conn.close()
    database = open_database(path)
    try:
        database.conn.execute(
            "INSERT INTO trash (id, kind, object_id, label, trashed_at) "
            "VALUES ('trs_2', 'skill', 'skl_1', 'demo', '2026-01-02T00:00:00Z')"
        )
        rows = database.conn.execute("SELECT id, kind, object_id, label, detail_json FROM trash ORDER BY id")
        assert [tuple(r) for r in rows] == [
            ("trs_1", "knowledge_base", "kb_1", "Notes", '{"a": 1}'),
            ("trs_2", "skill", "skl_1", "demo", "{}"),
        ]
        indexes = {r[0] for r in database.conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert {"trash_by_object", "trash_by_time"} <= indexes
    finally:
        database.close()
