"""`mira mcp …` and `mira agent tools|permissions`: the same servers and permissions as the window,
from the command line, with a one-line reason and the documented exit status when something is wrong."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.integration.mcp.conftest import SERVER, NotesServer
from tests.support.cli import Mira
from tests.support.memory_keyring import MemoryKeyring


def _claude_desktop_file(tmp_path: Path, notes: NotesServer, url: str) -> Path:
    config = {
        "mcpServers": {
            "notes": {"command": sys.executable, "args": notes.argv, "env": {"NOTES_TOKEN": "from-the-file"}},
            "my web notes": {"url": url, "headers": {"Authorization": "Bearer abc"}},
            "old": {"type": "sse", "url": "http://127.0.0.1:1/sse"},
            "broken": {"args": ["x"]},
            "paused": {"command": sys.executable, "args": [str(SERVER)], "disabled": True},
        },
        "globalShortcut": "",
    }
    path = tmp_path / "claude_desktop_config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    return path


def test_mcp_import_of_a_claude_desktop_file_adds_what_mira_can_use_and_says_why_not_the_rest(
    mira: Mira, tmp_path: Path, notes: NotesServer, keyring_backend: MemoryKeyring
) -> None:
    path = _claude_desktop_file(tmp_path, notes, "http://127.0.0.1:9/mcp")
    imported = mira("--json", "mcp", "import", str(path))
    assert imported.code == 0, imported.err
    report = imported.json()
    assert sorted(report["added"]) == ["my-web-notes", "notes", "paused"]
    assert {r["name"] for r in report["refused"]} == {"old", "broken"}
    assert "SSE" in next(r["reason"] for r in report["refused"] if r["name"] == "old")
    assert report["renamed"] == [{"from": "my web notes", "to": "my-web-notes"}]
    listed = {s["name"]: s for s in mira("--json", "mcp", "list").json()}
    assert listed["paused"]["enabled"] is False
    assert listed["notes"]["env"] == {"NOTES_TOKEN": "keyring"}
    assert keyring_backend.passwords[("mira-desktop", "mcp:notes:env:NOTES_TOKEN")] == "from-the-file"
    tested = mira("mcp", "test", "notes")
    assert tested.code == 0, tested.err
    assert "notes works: 6 tool(s)" in tested.out
    again = mira("--json", "mcp", "import", str(path))
    assert again.code == 2  # nothing new: every entry is refused (already there, or unusable)
    assert all("already" in r["reason"] or r["name"] in ("old", "broken") for r in again.json()["refused"])


def test_mcp_import_of_a_file_that_is_not_a_config_changes_nothing(mira: Mira, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"servers": 3', encoding="utf-8")
    failed = mira("mcp", "import", str(bad))
    assert failed.code == 2
    assert failed.err.startswith("mira: error:")
    assert "not valid JSON" in failed.err
    assert len(failed.err.strip().splitlines()) == 1
    missing = mira("mcp", "import", str(tmp_path / "nope.json"))
    assert (missing.code, "There is no file" in missing.err) == (2, True)
    assert mira("--json", "mcp", "list").json() == []


def test_mcp_add_list_tools_disable_enable_remove(mira: Mira, notes: NotesServer) -> None:
    added = mira("mcp", "add", "notes", "--", sys.executable, *notes.argv)
    assert added.code == 0, added.err
    assert "Added the MCP server notes" in added.out
    assert mira("mcp", "add", "notes", "--", sys.executable).code == 4  # the name is taken
    bad = mira("mcp", "add", "two__parts", "--", "x")
    assert bad.code == 2
    assert "cannot name an MCP server" in bad.err
    tools = mira("mcp", "tools", "notes")
    assert tools.code == 0, tools.err
    assert tools.out.splitlines()[0].split() == ["TOOL", "READ-ONLY", "PERMISSION", "WHAT", "IT", "DOES"]
    assert "notes__search       yes" in tools.out
    listed = mira("mcp", "list")
    assert "notes" in listed.out
    assert "stopped" in listed.out  # the command that listed its tools has ended, and the server with it
    assert mira("mcp", "disable", "notes").code == 0
    assert mira("--json", "mcp", "list").json()[0]["enabled"] is False
    off = mira("mcp", "tools", "notes")
    assert (off.code, "turned off" in off.err) == (4, True)
    assert mira("mcp", "enable", "notes").code == 0
    assert mira("mcp", "remove", "notes").code == 0
    gone = mira("mcp", "tools", "notes")
    assert gone.code == 3
    assert "No MCP server named 'notes'" in gone.err


def test_mcp_add_url_checks_the_address(mira: Mira) -> None:
    bad = mira("mcp", "add", "web", "--url", "ftp://example")
    assert bad.code == 2
    assert "not an http:// or https:// URL" in bad.err
    both = mira("mcp", "add", "web", "--url", "http://127.0.0.1:1/mcp", "--", "x")
    assert both.code == 2


def test_a_server_that_fails_exits_5_with_its_reason(mira: Mira, tmp_path: Path) -> None:
    assert (
        mira("mcp", "add", "exits", "--", sys.executable, "-c", "import sys; sys.exit('bad token')").code == 0
    )
    failed = mira("mcp", "test", "exits")
    assert failed.code == 5
    assert "The MCP server exits could not be started or reached" in failed.err
    assert "bad token" in failed.err
    listed = mira("--json", "mcp", "list").json()[0]
    assert listed["state"] == "failed"
    assert "bad token" in listed["reason"]


def test_agent_tools_lists_mcp_tools_with_their_server_and_permission(mira: Mira, notes: NotesServer) -> None:
    assert mira("mcp", "add", "notes", "--", sys.executable, *notes.argv).code == 0
    assert mira("agent", "permissions", "notes__search", "allow").code == 0
    listed = mira("--json", "agent", "tools")
    assert listed.code == 0, listed.err
    tools = {t["name"]: t for t in listed.json()["tools"]}
    assert (tools["notes__search"]["server"], tools["notes__search"]["permission"]) == ("notes", "allow")
    assert tools["notes__search"]["permission_set"] == "global"
    assert tools["notes__search"]["read_only_hint"] is True
    assert (tools["notes__create_note"]["permission"], tools["notes__create_note"]["risk"]) == (
        "ask",
        "external",
    )
    assert tools["write_file"]["permission"] == "ask"
    assert tools["run_command"]["origin"] == "sandbox"
    table = mira("agent", "tools")
    assert "notes__create_note  notes" in table.out


def test_agent_permissions_set_list_and_back_to_default(mira: Mira, tmp_path: Path) -> None:
    folder = tmp_path / "w"
    folder.mkdir()
    workspace = mira("--json", "workspaces", "add", "w", str(folder)).json()["id"]
    assert mira("agent", "permissions", "write_file", "allow", "--workspace", workspace).code == 0
    assert mira("agent", "permissions", "read_file", "ask").code == 0
    listed = mira("--json", "agent", "permissions").json()
    assert {(p["tool"], p["permission"], p["workspace_id"]) for p in listed} == {
        ("write_file", "allow", workspace),
        ("read_file", "ask", None),
    }
    tools = {t["name"]: t for t in mira("--json", "agent", "tools", "--workspace", workspace).json()["tools"]}
    assert (tools["write_file"]["permission"], tools["write_file"]["permission_set"]) == (
        "allow",
        "workspace",
    )
    assert tools["read_file"]["permission"] == "ask"
    assert mira("agent", "permissions", "read_file", "default").code == 0
    assert [p["tool"] for p in mira("--json", "agent", "permissions").json()] == ["write_file"]
    bad = mira("agent", "permissions", "no such tool!", "allow")
    assert bad.code == 2
    assert "not a tool name" in bad.err


def test_run_command_is_allowed_one_workspace_at_a_time(mira: Mira, tmp_path: Path) -> None:
    refused = mira("agent", "permissions", "run_command", "allow")
    assert refused.code == 2
    assert "one workspace at a time" in refused.err
    folder = tmp_path / "w"
    folder.mkdir()
    workspace = mira("--json", "workspaces", "add", "w", str(folder)).json()["id"]
    assert mira("agent", "permissions", "run_command", "allow", "--workspace", workspace).code == 0
    assert mira("agent", "permissions", "run_command", "deny").code == 0  # asking less is never refused


def test_mcp_import_without_a_keyring_adds_the_servers_without_secrets_and_refuses_each_one_with_a_secret(
    mira: Mira, tmp_path: Path, notes: NotesServer, keyring_backend: MemoryKeyring
) -> None:
    keyring_backend.priority = 0  # type: ignore[assignment]  # as the "fail" keyring of a bare Linux
    config = {
        "mcpServers": {
            "notes": {"command": sys.executable, "args": notes.argv, "env": {"NOTES_DIR": str(tmp_path)}},
            "github": {"command": "npx", "args": ["-y", "gh"], "env": {"GITHUB_TOKEN": "ghp_x", "LOG": "1"}},
            "web": {"url": "http://127.0.0.1:9/mcp", "headers": {"Authorization": "Bearer abc"}},
        }
    }
    path = tmp_path / "claude_desktop_config.json"
    path.write_text(json.dumps(config), encoding="utf-8")

    imported = mira("mcp", "import", str(path))

    assert imported.code == 0, imported.err
    assert "Added 1 MCP server(s): notes." in imported.out
    assert "notes: NOTES_DIR kept as its settings" in imported.out
    assert (
        "Not added: github — No usable system keyring was found to keep the secret value of GITHUB_TOKEN"
        in imported.out
    )
    assert "Not added: web — No usable system keyring was found to keep the value of the Authorization header" in (
        imported.out
    )
    listed = {s["name"]: s for s in mira("--json", "mcp", "list").json()}
    assert set(listed) == {"notes"}
    assert listed["notes"]["env"] == {"NOTES_DIR": "setting"}
    assert keyring_backend.passwords == {}
    tested = mira("mcp", "test", "notes")
    assert tested.code == 0, tested.err


def test_mcp_add_without_a_keyring_keeps_a_path_as_a_setting_and_refuses_a_secret_with_the_reason(
    mira: Mira, notes: NotesServer, keyring_backend: MemoryKeyring
) -> None:
    keyring_backend.priority = 0  # type: ignore[assignment]  # as the "fail" keyring of a bare Linux
    secret = mira("mcp", "add", "github", "--env", "GITHUB_TOKEN=ghp_x", "--", sys.executable, *notes.argv)
    assert secret.code == 2
    assert secret.err.startswith("mira: error: No usable system keyring was found to keep the secret value of")
    assert "GITHUB_TOKEN" in secret.err
    plain = mira("mcp", "add", "notes", "--env", "NOTES_DIR=/data/notes", "--", sys.executable, *notes.argv)
    assert plain.code == 0, plain.err
    listed = {s["name"]: s for s in mira("--json", "mcp", "list").json()}
    assert set(listed) == {"notes"}
    assert listed["notes"]["env"] == {"NOTES_DIR": "setting"}
    assert keyring_backend.passwords == {}
