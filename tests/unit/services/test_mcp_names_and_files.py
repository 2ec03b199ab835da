"""Model-facing names of MCP tools, server names, and the mcpServers files of other apps."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.tool_records import Transport
from mira_desktop.services.mcp.config_file import read_config_file
from mira_desktop.services.mcp.names import check_server_name, model_name, server_name_from
from mira_desktop.services.mcp.reasons import Reason
from mira_desktop.services.mcp.spec import ServerSpec

FUNCTION_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def test_tool_names_are_valid_function_names_and_never_shared() -> None:
    taken: set[str] = set()
    names = [
        model_name("files", "search", taken),
        model_name("files", "search", taken),  # a server that lists a name twice
        model_name("files", "read file (v2)", taken),
        model_name("files", "x" * 100, taken),
        model_name("files", "x" * 100 + "y", taken),
    ]
    assert names[:3] == ["files__search", "files__search_2", "files__read_file__v2_"]
    assert all(FUNCTION_NAME.match(n) for n in names)
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("name", ["files", "brave-search", "my_server", "a1"])
def test_usable_server_names_are_kept(name: str) -> None:
    assert check_server_name(name) == name


@pytest.mark.parametrize("name", ["", "two__parts", "-x", "has space", "trailing_", "a" * 33, "点"])
def test_server_names_that_would_break_server__tool_are_refused(name: str) -> None:
    with pytest.raises(InvalidInputError, match="cannot name an MCP server"):
        check_server_name(name)


def test_names_from_other_apps_are_made_usable() -> None:
    assert server_name_from("my web notes") == "my-web-notes"
    assert server_name_from("github.com/tools__x") == "github-com-tools_x"
    assert server_name_from("???") == "server"


def test_a_claude_desktop_cursor_and_vs_code_file_are_read(tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    path.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "fs": {"command": "npx", "args": ["-y", "server-fs", 3], "env": {"TOKEN": "t"}},
                    "remote": {"url": "https://example.org/mcp", "headers": {"Authorization": "Bearer x"}},
                    "typed": {"type": "streamable-http", "url": "http://127.0.0.1:9000/mcp"},
                    "old": {"type": "sse", "url": "http://127.0.0.1:9000/sse"},
                    "off": {"command": "uvx", "disabled": True},
                    "bad": "not an object",
                    "nothing": {"args": []},
                }
            }
        )
    )
    read = read_config_file(path)
    by_name = {e.spec.name: e.spec for e in read.entries}
    assert by_name["fs"] == ServerSpec("fs", Transport.STDIO, "npx", ("-y", "server-fs", "3"), {"TOKEN": "t"})
    assert by_name["remote"] == ServerSpec(
        "remote", Transport.HTTP, url="https://example.org/mcp", headers={"Authorization": "Bearer x"}
    )
    assert by_name["typed"].transport is Transport.HTTP
    assert [e.enabled for e in read.entries if e.spec.name == "off"] == [False]
    refused = dict(read.refused)
    assert set(refused) == {"old", "bad", "nothing"}
    assert "SSE" in refused["old"]
    vscode = tmp_path / "vscode.json"
    vscode.write_text(json.dumps({"servers": {"git": {"type": "stdio", "command": "git-mcp"}}, "inputs": []}))
    assert [e.spec.name for e in read_config_file(vscode).entries] == ["git"]


@pytest.mark.parametrize(
    ("content", "said"),
    [("{", "not valid JSON"), ('{"other": {}}', 'no "mcpServers" object'), ("[]", 'no "mcpServers" object')],
)
def test_a_file_that_is_not_a_configuration_is_refused_with_what_it_should_be(
    tmp_path: Path, content: str, said: str
) -> None:
    path = tmp_path / "x.json"
    path.write_text(content)
    with pytest.raises(InvalidInputError, match=said):
        read_config_file(path)


def test_a_reason_keeps_mira_s_phrase_and_the_servers_own_words() -> None:
    reason = Reason.of("no_answer", "listening on stdin", seconds="3")
    assert reason.english == "it did not answer initialize within 3 seconds; it said: listening on stdin"
    kept = Reason.from_json(reason.to_json())
    assert kept == reason
    assert Reason.from_json("an old plain text") == Reason.of("error", error="an old plain text")
