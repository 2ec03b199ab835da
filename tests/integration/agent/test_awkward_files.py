"""Binary, huge and non-UTF-8 files in a real run: each read or edit is a clear error the model reads,
a search skips them saying so, and none of them is ever changed by accident."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.services.app.bundle import AppServices
from tests.integration.agent.runs import call, final, send_agent, settle, tool_result_sent
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent

BINARY = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))
LATIN1 = "caf\xe9 au lait\n".encode("latin-1")
HUGE_BYTES = 9 * 1024 * 1024  # past read_file's 8 MiB


@pytest.fixture
def awkward(project: Path) -> Path:
    (project / "logo.png").write_bytes(BINARY)
    (project / "menu.txt").write_bytes(LATIN1)
    with (project / "big.log").open("wb") as handle:  # sparse would not do: the size is what counts
        line = b"ok " * 20 + b"\n"
        handle.write(line * (HUGE_BYTES // len(line) + 1))
    return project


def _results(services: AppServices, ref: str, count: int) -> list[str]:
    last = requests_sent(services, ref)[-1]
    return [tool_result_sent(last, f"call_{step}-0") for step in range(1, count + 1)]


@pytest.mark.usefixtures("awkward")
def test_reading_binary_huge_and_non_utf8_files_is_refused_with_what_to_do(
    services: AppServices, workspace: str, script: Script
) -> None:
    ref = script(
        call("read_file", path="logo.png"),
        call("read_file", path="menu.txt"),
        call("read_file", path="big.log"),
        final("Those files cannot be read as text."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Read the files.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    binary, latin1, huge = _results(services, ref, 3)
    assert binary == "logo.png is a binary file; only text files can be read or edited."
    assert latin1 == (
        "menu.txt is not UTF-8 text (invalid byte 0xe9 on line 1); only UTF-8 text files can be read or edited."
    )
    assert huge.startswith("big.log is ")
    assert "over the 8,388,608-byte limit. Use search_files to find the lines you need." in huge


def test_changing_binary_and_non_utf8_files_is_refused_before_any_approval(
    services: AppServices, workspace: str, awkward: Path, script: Script
) -> None:
    ref = script(
        call("edit_file", path="logo.png", old_text="PNG", new_text="GIF"),
        call("write_file", path="menu.txt", content="coffee\n"),
        call("edit_file", path="menu.txt", old_text="caf", new_text="tea"),
        final("Left them alone."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Change the files.", workspace)
    assert settle(handle) is RunStatus.COMPLETED  # nothing could be proposed, so nothing was asked
    edit_binary, write_latin1, edit_latin1 = _results(services, ref, 3)
    assert "logo.png is a binary file" in edit_binary
    assert "menu.txt is not UTF-8 text" in write_latin1
    assert "menu.txt is not UTF-8 text" in edit_latin1
    assert (awkward / "logo.png").read_bytes() == BINARY
    assert (awkward / "menu.txt").read_bytes() == LATIN1


@pytest.mark.usefixtures("awkward")
def test_a_search_skips_files_it_cannot_read_as_text_and_says_how_many(
    services: AppServices, workspace: str, script: Script
) -> None:
    ref = script(call("search_files", query="lait"), final("Not found."), pick="by_turn")
    handle = send_agent(services, ref, "Find 'lait'.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    (found,) = _results(services, ref, 1)
    assert found.startswith("0 matching lines in ")
    assert "skipped files: 1 binary, 1 not UTF-8, 1 too large" in found


def test_a_binary_file_can_still_be_deleted_after_approval_and_undone_byte_for_byte(
    services: AppServices, workspace: str, awkward: Path, script: Script
) -> None:
    ref = script(call("delete_file", path="logo.png"), final("Deleted."), pick="by_turn")
    handle = send_agent(services, ref, "Delete the logo.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    pending = services.agent_runs.show(handle.run_id).pending
    assert pending is not None
    assert (
        pending["proposal"]["diff"] == f"Binary or non-UTF-8 file logo.png deleted ({len(BINARY):,} bytes)\n"
    )
    assert settle(services.agent_runs.approve(handle.run_id)) is RunStatus.COMPLETED
    assert not (awkward / "logo.png").exists()
    services.agent_runs.undo(handle.run_id)
    assert (awkward / "logo.png").read_bytes() == BINARY
