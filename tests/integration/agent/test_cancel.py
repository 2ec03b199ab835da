"""Cancel at each phase: waiting for approval, while the model answers, between a change and the next step,
with calls still queued. Cancelled is not an error: what was done stays (undo puts it back)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.core.errors import ConflictError
from mira_desktop.core.phrases import said
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.agent_runs import CANCELLED_WAITING
from mira_desktop.services.chat.run_bus import LiveEvent
from tests.integration.agent.conftest import NOTES, Mira
from tests.integration.agent.runs import (
    allow_in_workspace,
    call,
    calls,
    event_data,
    final,
    run_status,
    send_agent,
    settle,
)
from tests.support.fixtures import OpenServices, Script
from tests.support.scripted import requests_sent

WRITE = call("write_file", path="summary.md", content="# Summary\n")


@pytest.fixture
def stop_on(services: AppServices) -> Iterator[Callable[[Callable[[LiveEvent], bool]], None]]:
    """``stop_on(when)``: press Stop (on the worker thread, as the event is journaled) at the first
    live event for which ``when`` is true."""
    unsubscribers: list[Callable[[], None]] = []

    def install(when: Callable[[LiveEvent], bool]) -> None:
        fired: list[bool] = []

        def listen(event: LiveEvent) -> None:
            if not fired and when(event):
                fired.append(True)
                services.chat.stop(event.run_id)

        unsubscribers.append(services.chat.bus.subscribe(listen))

    yield install
    for unsubscribe in unsubscribers:
        unsubscribe()


def test_cancelling_a_waiting_run_ends_it_and_the_pending_change_is_never_made(
    services: AppServices, workspace: str, project: Path, script: Script
) -> None:
    ref = script(WRITE, final("Done."), pick="by_turn")
    handle = send_agent(services, ref, "Write a summary.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL

    cancelled = services.agent_runs.cancel(handle.run_id)
    assert cancelled.status is RunStatus.CANCELLED
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.status is MessageStatus.CANCELLED
    assert answer.content == said(CANCELLED_WAITING).english
    assert answer.metadata["said_after"] == said(CANCELLED_WAITING).to_dict()  # the window says it in its language
    assert "pending" not in answer.metadata
    assert [view.run.id for view in services.agent_runs.waiting()] == []
    assert services.agent_runs.show(handle.run_id).pending is None  # `runs show` no longer offers it
    with pytest.raises(ConflictError, match="not waiting for an approval"):
        services.agent_runs.approve(handle.run_id, "call_1-0")
    assert not (project / "summary.md").exists()
    assert len(requests_sent(services, ref)) == 1


def test_mira_runs_cancel_ends_a_run_left_waiting_by_another_process(
    open_services: OpenServices, mira: Mira, project: Path, script: Script
) -> None:
    ref = script(WRITE, final("Done."), pick="by_turn")
    with open_services() as services:
        workspace = services.workspaces.add("project", str(project)).id
        handle = send_agent(services, ref, "Write a summary.", workspace)
        assert settle(handle) is RunStatus.WAITING_APPROVAL
    result = mira("runs", "cancel", handle.run_id)
    assert (result.code, result.out) == (0, f"Cancelled {handle.run_id}; the pending change was not made.\n")
    assert mira("--json", "runs", "show", handle.run_id).json()["status"] == "cancelled"
    refused = mira("runs", "approve", handle.run_id)
    assert refused.code == 4
    assert "is not waiting for an approval (cancelled)" in refused.err
    assert not (project / "summary.md").exists()


def test_stop_while_the_model_writes_its_answer_keeps_the_partial_text(
    services: AppServices,
    workspace: str,
    script: Script,
    stop_on: Callable[[Callable[[LiveEvent], bool]], None],
) -> None:
    ref = script(
        call("read_file", path="notes.md"),
        {"text": " ".join(f"word{i}" for i in range(200)), "hold_after": 3},  # held until the stop
        pick="by_turn",
    )
    stop_on(lambda e: e.type == "message.delta" and "word2" in e.data["text"])
    handle = send_agent(services, ref, "Tell me about the notes.", workspace)
    assert settle(handle) is RunStatus.CANCELLED
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.status is MessageStatus.CANCELLED
    assert answer.content.strip() == "word0 word1 word2"
    assert answer.metadata["evidence"]["files_read"] == ["notes.md"]


def test_stop_right_after_a_change_keeps_it_and_asks_the_model_nothing_more(
    services: AppServices,
    workspace: str,
    project: Path,
    script: Script,
    stop_on: Callable[[Callable[[LiveEvent], bool]], None],
) -> None:
    allow_in_workspace(services, workspace, "write_file")
    ref = script(WRITE, call("read_file", path="summary.md"), final("Done."), pick="by_turn")
    stop_on(lambda e: e.type == "tool.result" and e.data["tool"] == "write_file")
    handle = send_agent(services, ref, "Write a summary.", workspace)
    assert settle(handle) is RunStatus.CANCELLED
    assert (project / "summary.md").read_text() == "# Summary\n"  # what was done stays
    assert len(requests_sent(services, ref)) == 1  # no model call after the stop
    assert services.agent_runs.show(handle.run_id).files_changed == ["summary.md"]
    services.agent_runs.undo(handle.run_id)  # and can be put back
    assert not (project / "summary.md").exists()


def test_stop_with_calls_still_queued_answers_them_as_not_run(
    services: AppServices,
    workspace: str,
    project: Path,
    script: Script,
    stop_on: Callable[[Callable[[LiveEvent], bool]], None],
) -> None:
    allow_in_workspace(services, workspace, "edit_file", "delete_file")
    ref = script(
        calls(
            ("read_file", {"path": "notes.md"}),
            ("edit_file", {"path": "notes.md", "old_text": "blue", "new_text": "red"}),
            ("delete_file", {"path": "old.txt"}),
        ),
        final("Done."),
        pick="by_turn",
    )
    stop_on(lambda e: e.type == "tool.result" and e.data["tool"] == "read_file")
    handle = send_agent(services, ref, "Recolour and clean up.", workspace)
    assert settle(handle) is RunStatus.CANCELLED
    assert (project / "notes.md").read_text() == NOTES
    assert (project / "old.txt").exists()
    results = event_data(services, handle.run_id, "tool.result")
    assert [(r["id"], r["result"]["text"]) for r in results[1:]] == [
        ("call_1-1", "Not run: the user stopped the run."),
        ("call_1-2", "Not run: the user stopped the run."),
    ]
    assert run_status(services, handle.run_id) is RunStatus.CANCELLED


def test_cancel_of_a_running_run_stops_it_like_the_stop_button(
    services: AppServices,
    workspace: str,
    script: Script,
) -> None:
    ref = script({"text": " ".join(f"w{i}" for i in range(300)), "hold_after": 1}, pick="by_turn")
    handle = send_agent(services, ref, "Talk.", workspace)
    cancelled = services.agent_runs.cancel(handle.run_id)
    assert cancelled.id == handle.run_id
    assert settle(handle) is RunStatus.CANCELLED
