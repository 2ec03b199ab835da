"""Found by the escape attempts (reliability/escapes.py, "hard link to outside file"): read_file
returned the content of a file outside the workspace through a hard link to it made inside (writes
were already refused). The read tools now refuse a file with more than one hard link, as the change
tools do: the other name may lie outside the workspace."""

from __future__ import annotations

import os
from pathlib import Path

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.services.app.bundle import AppServices
from tests.integration.agent.runs import call, final, send_agent, settle, tool_result_sent
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent

SECRET = "top secret, outside the workspace\n"


def test_a_hard_link_to_an_outside_file_is_not_read_or_searched_by_an_agent_run(
    services: AppServices, tmp_path: Path, script: Script
) -> None:
    project, outside = tmp_path / "project", tmp_path / "outside"
    project.mkdir()
    outside.mkdir()
    (outside / "secret.txt").write_text(SECRET, encoding="utf-8")
    (project / "notes.md").write_text("# Notes\n", encoding="utf-8")
    os.link(outside / "secret.txt", project / "shared.txt")
    workspace = services.workspaces.add("project", str(project)).id
    ref = script(
        call("read_file", path="shared.txt"),
        call("search_files", query="secret"),
        final("It is shared with a file outside."),
        pick="by_turn",
    )

    handle = send_agent(services, ref, "Show me shared.txt.", workspace)
    assert settle(handle) is RunStatus.COMPLETED

    last = requests_sent(services, ref)[-1]
    read = tool_result_sent(last, "call_1-0")
    assert "has 2 hard links" in read
    assert "top secret" not in read
    assert "top secret" not in tool_result_sent(last, "call_2-0")
