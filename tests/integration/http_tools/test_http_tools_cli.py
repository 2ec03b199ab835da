"""`mira tools`: a declaration added from a file, listed, refused in one line when bad, removed; the
secret header's value goes from standard input to the keyring and is never printed or stored."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.support.cli import Mira
from tests.support.json_api import SECRET, JsonApi
from tests.support.memory_keyring import MemoryKeyring


def _write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "tool.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_a_declared_tool_is_added_listed_and_removed_with_its_secret_kept_in_the_keyring(
    mira: Mira,
    json_api: JsonApi,
    keyring_backend: MemoryKeyring,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(SECRET + "\n"))
    stored = mira("tools", "set-secret", "test-weather")
    assert stored.code == 0, stored.err
    assert SECRET not in stored.out
    assert keyring_backend.get_password("mira-desktop", "http:test-weather") == SECRET

    added = mira("tools", "add-http", _write(tmp_path, json_api.declaration()))
    assert added.code == 0, added.err
    assert "Added the tool weather_here" in added.out

    listed = {t["name"]: t for t in mira("--json", "tools", "list-http").json()}
    assert listed["weather_here"]["on"] is True
    assert listed["weather_here"]["ready"] is True
    assert listed["weather_here"]["secret_headers"] == {"X-Api-Key": "test-weather"}
    assert listed["weather"]["on"] is False  # the shipped example, off until enabled
    assert listed["weather"]["shipped"] is True
    shown = mira("tools", "show-http", "weather_here")
    assert SECRET not in shown.out

    offered = mira("--json", "agent", "tools").json()
    assert "weather_here" in [t["name"] for t in offered["tools"]]
    assert mira("tools", "enable-http", "weather").code == 0
    assert "weather" in [t["name"] for t in mira("--json", "agent", "tools").json()["tools"]]

    assert mira("tools", "remove-http", "weather_here").code == 0
    assert "weather_here" not in [t["name"] for t in mira("--json", "tools", "list-http").json()]
    data = b"".join(p.read_bytes() for p in tmp_path.joinpath("mira-data").glob("mira.db*"))
    assert SECRET.encode() not in data


@pytest.mark.usefixtures("keyring_backend")
def test_a_bad_declaration_file_fails_with_one_line_and_adds_nothing(
    mira: Mira, json_api: JsonApi, tmp_path: Path
) -> None:
    refused = mira(
        "tools", "add-http", _write(tmp_path, json_api.declaration(url="http://api.example.com/w"))
    )
    assert refused.code == 2
    assert refused.err.strip().count("\n") == 0
    assert "is not an HTTPS address" in refused.err
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    unreadable = mira("tools", "add-http", str(broken))
    assert unreadable.code == 2
    assert "could not be read as a JSON declaration" in unreadable.err
    missing = mira("tools", "add-http", _write(tmp_path, json_api.declaration()))
    assert missing.code == 2
    assert "mira tools set-secret test-weather" in missing.err
    assert [t["name"] for t in mira("--json", "tools", "list-http").json()] == ["weather"]


def test_mira_tools_help_says_how_to_declare_a_tool(mira: Mira, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        mira("tools", "--help")
    assert ended.value.code == 0
    shown = capsys.readouterr().out
    for action in ("add-http", "list-http", "remove-http", "enable-http", "set-secret"):
        assert action in shown
    assert "secret_headers" in shown
