"""A workspace folder that is deleted, moved or swapped mid-run ends the run with a clear message
before the next tool; one missing at the start (or while the run waited) fails it before any tool."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.run_bus import LiveEvent
from tests.integration.agent.runs import call, event_data, final, send_agent, settle
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent


def _delete(project: Path) -> None:
    shutil.rmtree(project)


def _move_away(project: Path) -> None:
    project.rename(project.with_name("moved-away"))


def _swap(project: Path) -> None:
    """The folder replaced by another one at the same path (its files would not be the approved ones)."""
    project.rename(project.with_name("original"))
    project.mkdir()
    (project / "notes.md").write_text("a different folder\n", encoding="utf-8")


@pytest.mark.parametrize("gone", [_delete, _move_away, _swap], ids=["deleted", "moved", "swapped"])
def test_the_workspace_folder_gone_mid_run_ends_the_run_before_the_next_tool(
    services: AppServices,
    workspace: str,
    project: Path,
    script: Script,
    gone: Callable[[Path], None],
) -> None:
    def listen(event: LiveEvent) -> None:
        if event.type == "tool.result" and event.data["id"] == "call_1-0":
            gone(project)  # on the worker thread, between the first tool and the next model call

    unsubscribe = services.chat.bus.subscribe(listen)
    try:
        ref = script(
            call("read_file", path="notes.md"),
            call("list_files"),
            final("Listed."),
            pick="by_turn",
        )
        handle = send_agent(services, ref, "Look around.", workspace)
        assert settle(handle) is RunStatus.FAILED
    finally:
        unsubscribe()
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.status is MessageStatus.ERROR
    assert answer.error is not None
    assert answer.error["kind"] == "workspace_gone"
    assert answer.error["message"] == (
        f"The workspace folder {project} is gone (deleted or moved) — the run stopped before the next "
        "tool; restore the folder or bind the thread to another workspace, then continue."
    )
    assert [r["id"] for r in event_data(services, handle.run_id, "tool.result")] == ["call_1-0"]
    assert len(requests_sent(services, ref)) == 2  # no model call after it


def test_a_workspace_folder_deleted_while_the_run_waited_fails_the_approval_and_writes_nothing(
    services: AppServices, workspace: str, project: Path, tmp_path: Path, script: Script
) -> None:
    ref = script(call("write_file", path="summary.md", content="x\n"), final("Done."), pick="by_turn")
    handle = send_agent(services, ref, "Write a summary.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    shutil.rmtree(project)

    assert settle(services.agent_runs.approve(handle.run_id)) is RunStatus.FAILED
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.error is not None
    assert str(project) in answer.error["message"]
    assert "does not exist" in answer.error["message"]
    assert not project.exists()
    assert len(requests_sent(services, ref)) == 1


def test_a_run_in_a_workspace_whose_folder_is_missing_fails_before_any_model_call(
    services: AppServices, workspace: str, project: Path, script: Script
) -> None:
    shutil.rmtree(project)
    ref = script(call("list_files"), final("Listed."), pick="by_turn")
    handle = send_agent(services, ref, "Look around.", workspace)
    assert settle(handle) is RunStatus.FAILED
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.error is not None
    assert answer.error["kind"] == "workspace"
    assert str(project) in answer.error["message"]
    assert requests_sent(services, ref) == []
