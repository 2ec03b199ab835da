"""The `mira` command: info, workspaces, roles, threads, and their error paths."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mira_desktop.core.conversation.threads import MessageRole, MessageStatus
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from tests.integration.cli.conftest import Mira
from tests.support.fixtures import OpenServices, Script


def _seed_thread(open_services: OpenServices) -> tuple[str, str]:
    with open_services() as services:
        thread = ThreadRepository(services.database).create(title="Trip plan")
        messages = MessageRepository(services.database)
        question = messages.add(thread.id, MessageRole.USER, "去哪里？")
        answer = messages.add(
            thread.id,
            MessageRole.ASSISTANT,
            "Kyoto",
            parent_id=question.id,
            status=MessageStatus.ERROR,
            error={"kind": "unreachable", "message": "server down"},
        )
        return thread.id, answer.id


def test_help_lists_the_command_groups() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mira_desktop.app", "--help"], capture_output=True, text=True
    )
    assert result.returncode == 0
    groups = result.stdout.split("command groups:", 1)[1]
    listed = re.findall(r"^    (\w+)\s+\S", groups, flags=re.MULTILINE)  # one line each, with its help
    assert listed == [
        "info",
        "workspaces",
        "projects",
        "roles",
        "chat",
        "threads",
        "runs",
        "agent",
        "mcp",
        "skills",
        "data",
        "tools",
        "web",
        "memory",
        "trash",
        "backup",
        "models",
        "kb",
        "eval",
        "attachments",
        "media",
        "transcribe",
        "serve",
    ]
    assert "--data-dir" in result.stdout


def test_installed_mira_command_runs_info_as_json(tmp_path: Path) -> None:
    mira = Path(sys.executable).parent / "mira"
    env = {**os.environ, "MIRA_DATA_DIR": str(tmp_path / "env-data")}
    result = subprocess.run([str(mira), "--json", "info"], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    assert '"data_dir"' in result.stdout
    assert str(tmp_path / "env-data") in result.stdout


def test_info_reports_folder_schema_version_and_default_model(mira: Mira, data_dir: Path) -> None:
    result = mira("--json", "info")
    assert result.code == 0
    info = result.json()
    assert info["data_dir"] == str(data_dir)
    assert info["schema_version"] == info["schema_version_known"] >= 1
    assert info["app_version"]
    assert info["default_model"] == "local:smollm2"
    assert info["default_model_path"].endswith(".gguf")
    text = mira("info")
    assert "Default model:  local:smollm2" in text.out


def test_workspaces_list_add_and_delete(mira: Mira, tmp_path: Path) -> None:
    listed = mira("--json", "workspaces", "list").json()
    assert [w["name"] for w in listed] == ["Mira BASE"]
    folder = tmp_path / "project"
    folder.mkdir()
    added = mira("--json", "workspaces", "add", "Project", str(folder))
    assert added.code == 0, added.err
    workspace = added.json()
    assert workspace["id"].startswith("ws_")
    assert workspace["root_path"] == str(folder.resolve())
    assert len(mira("--json", "workspaces", "list").json()) == 2
    deleted = mira("--json", "workspaces", "delete", workspace["id"])
    assert deleted.code == 0
    assert deleted.json() == {
        "deleted": workspace["id"],
        "trashed": True,
        "folder_kept": str(folder.resolve()),
    }
    assert folder.is_dir()
    assert len(mira("--json", "workspaces", "list").json()) == 1


def test_workspaces_rename_keeps_the_folder_and_the_threads(
    mira: Mira, script: Script, tmp_path: Path
) -> None:
    folder = tmp_path / "project"
    folder.mkdir()
    workspace = mira("--json", "workspaces", "add", "Project", str(folder)).json()
    sent = mira("--json", "chat", "send", "--model", script({"text": "Hi."}), "hello")
    thread_id = json.loads(sent.out.splitlines()[-1])["thread_id"]
    assert mira("threads", "set", thread_id, "--workspace", workspace["id"]).code == 0
    renamed = mira("workspaces", "rename", workspace["id"], "  Website  ")
    assert renamed.code == 0, renamed.err
    assert renamed.out.strip() == f"Renamed workspace {workspace['id']} to Website"
    listed = {w["id"]: w for w in mira("--json", "workspaces", "list").json()}
    assert listed[workspace["id"]]["name"] == "Website"
    assert listed[workspace["id"]]["root_path"] == str(folder.resolve())
    assert mira("--json", "threads", "list").json()[0]["workspace_id"] == workspace["id"]
    for args, message, code in (
        (("workspaces", "rename", workspace["id"], "   "), "needs a name", 2),
        (("workspaces", "rename", "ws_nope", "X"), "No workspace with id ws_nope", 3),
    ):
        result = mira(*args)
        assert result.code == code, args
        assert message in result.err
        assert result.err.count("\n") == 1
    assert mira("--json", "workspaces", "list").json() == list(listed.values())  # nothing changed


def test_global_options_may_also_follow_the_action(mira: Mira, data_dir: Path) -> None:
    result = mira("workspaces", "list", "--json")
    assert result.code == 0
    assert result.json()[0]["name"] == "Mira BASE"


def test_workspace_errors_are_one_line_with_nonzero_exit_and_change_nothing(
    mira: Mira, tmp_path: Path
) -> None:
    before = mira("--json", "workspaces", "list").json()
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    cases = [
        (("workspaces", "add", "Gone", str(tmp_path / "missing")), "does not exist", 2),
        (("workspaces", "add", "File", str(a_file)), "is a file, not a folder", 2),
        (("workspaces", "add", "  ", str(tmp_path)), "needs a name", 2),
        (("workspaces", "delete", before[0]["id"]), "cannot be deleted", 4),
        (("workspaces", "delete", "ws_nope"), "No workspace with id ws_nope", 3),
    ]
    for args, message, code in cases:
        result = mira(*args)
        assert result.code == code, args
        assert message in result.err
        assert result.err.count("\n") == 1
        assert result.err.startswith("mira: error: ")
        assert result.out == ""
    assert mira("--json", "workspaces", "list").json() == before


def test_adding_the_same_folder_twice_is_refused(mira: Mira, tmp_path: Path) -> None:
    folder = tmp_path / "project"
    folder.mkdir()
    assert mira("workspaces", "add", "One", str(folder)).code == 0
    again = mira("workspaces", "add", "Two", str(folder))
    assert again.code == 4
    assert "already the workspace 'One'" in again.err


def test_roles_list_shows_the_starter_roles(mira: Mira) -> None:
    roles = mira("--json", "roles", "list").json()
    assert len(roles) == 3
    assert {"Mira", "Code Reviewer", "中文写作助手"} == {r["name"] for r in roles}
    text = mira("roles", "list").out
    assert "中文写作助手" in text


def test_threads_list_show_archive_unarchive_delete(mira: Mira, open_services: OpenServices) -> None:
    thread_id, answer_id = _seed_thread(open_services)
    assert [t["id"] for t in mira("--json", "threads", "list").json()] == [thread_id]
    shown = mira("--json", "threads", "show", thread_id).json()
    assert shown["thread"]["title"] == "Trip plan"
    assert [m["role"] for m in shown["messages"]] == ["user", "assistant"]
    assert shown["messages"][0]["content"] == "去哪里？"
    answer = shown["messages"][1]
    assert answer["id"] == answer_id
    assert answer["parent_id"] == shown["messages"][0]["id"]
    assert answer["status"] == "error"
    assert answer["error"] == {"kind": "unreachable", "message": "server down"}

    assert mira("--json", "threads", "archive", thread_id).json()["status"] == "archived"
    assert mira("--json", "threads", "list").json() == []
    assert [t["id"] for t in mira("--json", "threads", "list", "--archived").json()] == [thread_id]
    assert mira("threads", "unarchive", thread_id).code == 0
    assert len(mira("--json", "threads", "list", "--all").json()) == 1

    assert mira("--json", "threads", "delete", thread_id).json() == {"deleted": thread_id}
    assert mira("--json", "threads", "list", "--all").json() == []


def test_thread_commands_on_unknown_ids_fail_cleanly(mira: Mira) -> None:
    for action in ("show", "archive", "unarchive", "delete"):
        result = mira("threads", action, "thr_missing")
        assert result.code == 3
        assert "No thread with id thr_missing" in result.err


@pytest.mark.parametrize(
    "command",
    [
        ("info",),
        ("workspaces", "list"),
        ("roles", "list"),
        ("threads", "list"),
        ("models", "list"),
        ("kb", "list"),
        ("kb", "resume"),
        ("chat", "send", "hello"),
    ],
    ids=" ".join,
)
def test_a_database_from_a_newer_mira_is_refused_by_every_command(
    mira: Mira, data_dir: Path, command: tuple[str, ...]
) -> None:
    import sqlite3

    data_dir.mkdir(parents=True)
    conn = sqlite3.connect(data_dir / "mira.db")
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    before = (data_dir / "mira.db").read_bytes()
    result = mira(*command)
    assert result.code == 1
    assert "schema version 999" in result.err
    assert result.err.count("\n") == 1
    assert result.out == ""
    assert (data_dir / "mira.db").read_bytes() == before
    assert sorted(p.name for p in data_dir.iterdir()) == ["mira.db"]


def test_unusable_data_folder_gets_a_clear_error(tmp_path: Path, capsys: object) -> None:
    from mira_desktop.app import main

    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["--data-dir", str(blocker), "info"]) == 1
    err = capsys.readouterr().err  # type: ignore[attr-defined]
    assert "is a file, not a folder" in err


def test_a_workspace_that_holds_or_lies_in_the_data_folder_is_refused(mira: Mira, data_dir: Path) -> None:
    mira("info")  # the data folder exists
    for folder in (data_dir, data_dir.parent, data_dir / "knowledge"):
        folder.mkdir(exist_ok=True)
        result = mira("workspaces", "add", "Mine", str(folder))
        assert result.code == 2, folder
        assert "Mira keeps its own data in" in result.err
