"""Found by the soak's command escapes: bubblewrap's own process is the sandbox's PID 1, and the
command could read its environment (/proc/1/environ) — Mira's, with any API key kept in a variable.
bubblewrap now starts with an environment of its own, and Mira's folder is not its working folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.cancel import CancelToken
from mira_desktop.services.sandbox.bwrap import Limits, availability
from mira_desktop.services.sandbox.command_tool import RunCommand

TOKEN = "env-token-5d1e0b"


def test_a_command_cannot_read_miras_environment_through_the_sandboxs_first_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MIRA_TEST_API_KEY", TOKEN)
    monkeypatch.chdir(tmp_path)
    workspace = tmp_path / "w"
    workspace.mkdir()
    tool = RunCommand(availability(), workspace, [], lambda: Limits(seconds=10))
    result = tool.call({"command": "cat /proc/1/environ; echo; cat /proc/*/environ; env"}, CancelToken())
    assert TOKEN not in result.text
    assert str(tmp_path) + "\0" not in result.text
    assert "MIRA_TEST_API_KEY" not in result.text
