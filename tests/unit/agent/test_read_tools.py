"""list_files, read_file and search_files: capped, text only, never past the root."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.agent.tools import reading
from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.agent.tools.workspace_tools import WorkspaceTools
from mira_desktop.core.cancel import Cancelled, CancelToken


def run(tools: WorkspaceTools, name: str, **arguments: object) -> ToolResult:
    tools.validate(name, arguments)
    return tools.run_read(name, dict(arguments), CancelToken())


def test_list_files_shows_a_depth_capped_tree(tools: WorkspaceTools) -> None:
    result = run(tools, "list_files", depth=1)
    assert result.ok
    assert [e["path"] for e in result.data["entries"]] == ["notes.md", "src"]
    deep = run(tools, "list_files", path="src", depth=3)
    assert "\npkg/\n  util.py  (16 bytes)" in deep.text
    assert "e.g. src/main.py" in deep.text
    assert {e["path"] for e in deep.data["entries"]} == {"src/main.py", "src/pkg", "src/pkg/util.py"}


def test_list_files_stops_at_the_entry_cap(
    tools: WorkspaceTools, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reading, "MAX_LIST_ENTRIES", 2)
    result = run(tools, "list_files", depth=3)
    assert result.data["truncated"] is True
    assert len(result.data["entries"]) == 2
    assert "stopped after 2 entries" in result.text


def test_list_files_of_a_file_or_missing_folder_says_so(tools: WorkspaceTools) -> None:
    assert "use read_file" in run(tools, "list_files", path="notes.md").text
    assert run(tools, "list_files", path="nope").kind == "not_found"


def test_read_file_returns_a_line_range_with_its_position(tools: WorkspaceTools) -> None:
    result = run(tools, "read_file", path="notes.md", start_line=2, end_line=2)
    assert result.ok
    assert result.lines == (2, 2)
    assert result.text.endswith("TODO: write tests\n… 1 more lines; read on with start_line=3.")
    assert "lines 2–2 of 3" in result.text


def test_read_file_caps_long_files(tools: WorkspaceTools, workspace: Path) -> None:
    (workspace / "long.txt").write_text("".join(f"line {n}\n" for n in range(1, 1001)))
    result = run(tools, "read_file", path="long.txt")
    assert result.lines == (1, reading.MAX_READ_LINES)
    assert f"read on with start_line={reading.MAX_READ_LINES + 1}" in result.text
    past = run(tools, "read_file", path="long.txt", start_line=2000)
    assert not past.ok
    assert "only 1000 lines" in past.text


def test_binary_and_non_utf8_files_are_refused_clearly(tools: WorkspaceTools, workspace: Path) -> None:
    (workspace / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    (workspace / "latin1.txt").write_bytes("caf\xe9\n".encode("latin-1"))
    binary = run(tools, "read_file", path="image.png")
    assert not binary.ok
    assert binary.kind == "not_text"
    assert "binary" in binary.text
    latin = run(tools, "read_file", path="latin1.txt")
    assert latin.kind == "not_text"
    assert "not UTF-8" in latin.text
    assert "0xe9 on line 1" in latin.text


def test_huge_files_are_refused_with_a_way_forward(
    tools: WorkspaceTools, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reading, "MAX_READ_FILE_BYTES", 1000)
    (workspace / "big.log").write_text("x" * 5000)
    result = run(tools, "read_file", path="big.log")
    assert result.kind == "too_large"
    assert "search_files" in result.text


def test_read_file_refuses_escapes_as_a_result_the_model_reads(
    tools: WorkspaceTools, workspace: Path, outside: Path
) -> None:
    (workspace / "secret").symlink_to(outside / "secret.txt")
    result = run(tools, "read_file", path="secret")
    assert not result.ok
    assert "symlink" in result.text
    assert "top secret" not in result.text
    assert "'..'" in run(tools, "read_file", path="../outside/secret.txt").text


def test_search_finds_text_case_insensitively_and_by_regex(tools: WorkspaceTools) -> None:
    found = run(tools, "search_files", query="todo")
    assert [(m["path"], m["line"]) for m in found.data["matches"]] == [("notes.md", 2)]
    assert "notes.md:2: TODO: write tests" in found.text
    regex = run(tools, "search_files", query=r"def \w+\(", regex=True, path="src")
    assert [m["path"] for m in regex.data["matches"]] == ["src/main.py"]
    assert run(tools, "search_files", query="todo", case_sensitive=True).data["matches"] == []


def test_search_skips_binary_and_non_utf8_files(tools: WorkspaceTools, workspace: Path) -> None:
    (workspace / "blob.bin").write_bytes(b"TODO\x00\x01")
    (workspace / "latin1.txt").write_bytes("TODO caf\xe9".encode("latin-1"))
    result = run(tools, "search_files", query="TODO")
    assert [m["path"] for m in result.data["matches"]] == ["notes.md"]
    assert "1 binary" in result.text
    assert "1 not UTF-8" in result.text


def test_search_caps_matches(tools: WorkspaceTools, workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reading, "MAX_MATCHES", 3)
    (workspace / "many.txt").write_text("hit\n" * 10)
    result = run(tools, "search_files", query="hit")
    assert len(result.data["matches"]) == 3


def test_invalid_regex_is_a_readable_error(tools: WorkspaceTools) -> None:
    result = run(tools, "search_files", query="(unclosed", regex=True)
    assert not result.ok
    assert "regular expression is invalid" in result.text


def test_search_does_not_follow_symlinked_folders(
    tools: WorkspaceTools, workspace: Path, outside: Path
) -> None:
    (workspace / "out").symlink_to(outside)
    assert run(tools, "search_files", query="secret").data["matches"] == []


def test_a_cancelled_listing_stops(tools: WorkspaceTools) -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        tools.run_read("list_files", {}, token)
