"""Approve, deny, "always…" and a new message resume the *same* run — also in a new process."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.conversation.threads import MessageRole, MessageStatus
from mira_desktop.core.errors import ConflictError
from mira_desktop.services.app.bundle import AppServices
from tests.integration.agent.conftest import NOTES
from tests.integration.agent.runs import (
    call,
    event_data,
    final,
    run_status,
    send_agent,
    settle,
    tool_result_sent,
)
from tests.support.fixtures import OpenServices, Script
from tests.support.scripted import recorded_requests, requests_sent

WRITE = call("write_file", path="summary.md", content="# Summary\n")


def test_approving_runs_the_call_and_the_same_run_finishes_in_the_same_message(
    services: AppServices, workspace: str, project: Path, script: Script
) -> None:
    ref = script(WRITE, final("Wrote summary.md."), pick="by_turn")
    handle = send_agent(services, ref, "Write a summary.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    waiting = services.threads.show(handle.thread_id).messages[-1]
    assert waiting.metadata["pending"]["call_id"] == "call_1-0"
    assert waiting.metadata["pending"]["proposal"]["diff"].endswith("+# Summary\n")

    resumed = services.agent_runs.approve(handle.run_id, "call_1-0")
    assert (resumed.run_id, resumed.assistant_message_id) == (handle.run_id, handle.assistant_message_id)
    assert settle(resumed) is RunStatus.COMPLETED
    assert (project / "summary.md").read_text() == "# Summary\n"
    messages = services.threads.show(handle.thread_id).messages
    assert [m.role for m in messages] == [MessageRole.USER, MessageRole.ASSISTANT]
    assert messages[-1].content == "Wrote summary.md."
    assert "pending" not in messages[-1].metadata
    decided = event_data(services, handle.run_id, "approval.decided")
    assert decided == [{"id": "call_1-0", "decision": "approve", "reason": "", "rule": None}]


def test_denying_with_a_reason_changes_nothing_and_the_model_reads_the_reason(
    services: AppServices, workspace: str, project: Path, script: Script
) -> None:
    ref = script(
        call("edit_file", path="notes.md", old_text="blue", new_text="red"),
        final("Understood, the notes stay."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Change the colour.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    denied = services.agent_runs.deny(handle.run_id, "blue is the brand colour", "call_1-0")
    assert settle(denied) is RunStatus.COMPLETED

    assert (project / "notes.md").read_text() == NOTES
    told = tool_result_sent(requests_sent(services, ref)[-1], "call_1-0")
    assert told == (
        "Not run: the user denied this call. Their reason: blue is the brand colour "
        "Do not retry it unchanged."
    )
    assert services.agent_runs.show(handle.run_id).files_changed == []


def test_always_for_this_run_allows_the_tool_for_the_rest_of_that_run_only(
    services: AppServices, workspace: str, project: Path, script: Script
) -> None:
    from mira_desktop.agent.guardrail import RuleScope

    ref = script(
        call("write_file", path="a.md", content="a\n"),
        call("write_file", path="b.md", content="b\n"),
        final("Wrote both."),
        pick="by_turn",
    )
    first = send_agent(services, ref, "Write a and b.", workspace)
    assert settle(first) is RunStatus.WAITING_APPROVAL
    assert settle(services.agent_runs.approve(first.run_id, "call_1-0", RuleScope.RUN)) is (
        RunStatus.COMPLETED
    )  # b.md was not asked for
    assert (project / "a.md").read_text() == "a\n"
    assert (project / "b.md").read_text() == "b\n"
    decisions = event_data(services, first.run_id, "tool.decision")
    assert decisions[-1]["verdict"] == "allow"
    assert "this run" in decisions[-1]["reason"]

    (project / "a.md").unlink()
    (project / "b.md").unlink()
    second = send_agent(services, ref, "Write a and b again.", workspace)
    assert settle(second) is RunStatus.WAITING_APPROVAL  # a new run is asked again


def test_always_for_this_workspace_is_not_asked_again_in_a_new_run_of_that_workspace(
    services: AppServices, workspace: str, project: Path, tmp_path: Path, script: Script
) -> None:
    from mira_desktop.agent.guardrail import RuleScope

    ref = script(WRITE, final("Done."), pick="by_turn")
    first = send_agent(services, ref, "Write a summary.", workspace)
    assert settle(first) is RunStatus.WAITING_APPROVAL
    assert settle(services.agent_runs.approve(first.run_id, "call_1-0", RuleScope.WORKSPACE)) is (
        RunStatus.COMPLETED
    )
    assert event_data(services, first.run_id, "guardrail.rule_added") == [
        {"rule": {"tool": "write_file", "verdict": "allow", "scope": "workspace", "source": "user"}}
    ]
    (project / "summary.md").unlink()

    second = send_agent(services, ref, "Write it again.", workspace)
    assert settle(second) is RunStatus.COMPLETED  # not asked
    assert (project / "summary.md").read_text() == "# Summary\n"
    assert "this workspace" in event_data(services, second.run_id, "tool.decision")[0]["reason"]

    other = tmp_path / "other"
    other.mkdir()
    elsewhere = services.workspaces.add("other", str(other)).id
    third = send_agent(services, ref, "Write it there.", elsewhere)
    assert settle(third) is RunStatus.WAITING_APPROVAL  # another workspace is asked
    assert not (other / "summary.md").exists()


def test_a_new_message_denies_the_pending_call_and_the_same_run_answers_it(
    services: AppServices, workspace: str, project: Path, script: Script
) -> None:
    ref = script(WRITE, final("Then I will only tell you: the TODO is the release notes."), pick="by_turn")
    handle = send_agent(services, ref, "Write a summary.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL

    answered = services.chat.send(handle.thread_id, "Don't write anything, just tell me.")
    assert answered.run_id == handle.run_id
    assert settle(answered) is RunStatus.COMPLETED
    assert not (project / "summary.md").exists()

    last = requests_sent(services, ref)[-1]
    assert tool_result_sent(last, "call_1-0") == (
        "Not run: the user sent a new message instead of approving this call."
    )
    assert (last.messages[-1].role, last.messages[-1].content) == (
        "user",
        "Don't write anything, just tell me.",
    )
    messages = services.threads.show(handle.thread_id).messages
    assert [(m.role, m.status) for m in messages] == [
        (MessageRole.USER, MessageStatus.COMPLETE),
        (MessageRole.ASSISTANT, MessageStatus.COMPLETE),
        (MessageRole.USER, MessageStatus.COMPLETE),
        (MessageRole.ASSISTANT, MessageStatus.COMPLETE),
    ]
    assert messages[-1].content == "Then I will only tell you: the TODO is the release notes."
    assert "pending" not in messages[1].metadata
    assert event_data(services, handle.run_id, "approval.decided")[0]["decision"] == "new_message"


def test_an_approval_that_names_another_call_is_refused_and_nothing_changes(
    services: AppServices, workspace: str, project: Path, script: Script
) -> None:
    ref = script(WRITE, final("Done."), pick="by_turn")
    handle = send_agent(services, ref, "Write a summary.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL

    with pytest.raises(ConflictError, match="waits for call call_1-0, not call_7-0"):
        services.agent_runs.approve(handle.run_id, "call_7-0")
    with pytest.raises(ConflictError, match="waits for call call_1-0, not call_7-0"):
        services.agent_runs.deny(handle.run_id, "no", "call_7-0")
    assert run_status(services, handle.run_id) is RunStatus.WAITING_APPROVAL
    assert not (project / "summary.md").exists()
    assert event_data(services, handle.run_id, "run.resumed") == []

    assert settle(services.agent_runs.approve(handle.run_id, "call_1-0")) is RunStatus.COMPLETED
    with pytest.raises(ConflictError, match="not waiting for an approval"):
        services.agent_runs.approve(handle.run_id, "call_1-0")  # a second approval does nothing
    assert len(event_data(services, handle.run_id, "tool.result")) == 1


def test_a_file_changed_since_the_proposal_is_proposed_again_with_a_fresh_diff(
    services: AppServices, workspace: str, project: Path, script: Script
) -> None:
    ref = script(
        call("edit_file", path="notes.md", old_text="blue", new_text="green"),
        final("Changed the colour."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Make it green.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    first_diff = services.agent_runs.show(handle.run_id).pending["proposal"]["diff"]  # type: ignore[index]
    (project / "notes.md").write_text(NOTES + "Added by the user.\n", encoding="utf-8")

    again = services.agent_runs.approve(handle.run_id, "call_1-0")
    assert settle(again) is RunStatus.WAITING_APPROVAL  # the approval was for another file
    assert (project / "notes.md").read_text() == NOTES + "Added by the user.\n"
    pending = services.agent_runs.show(handle.run_id).pending
    assert pending is not None
    assert pending["call_id"] == "call_1-0"
    assert "changed since the change was proposed" in pending["reason"]
    fresh_diff = pending["proposal"]["diff"]
    assert fresh_diff != first_diff
    assert " Added by the user.\n" in fresh_diff  # the diff is against the file as it is now
    assert event_data(services, handle.run_id, "approval.stale") == [
        {"id": "call_1-0", "paths": ["notes.md"]}
    ]

    assert settle(services.agent_runs.approve(handle.run_id, "call_1-0")) is RunStatus.COMPLETED
    assert (project / "notes.md").read_text() == NOTES.replace("blue", "green") + "Added by the user.\n"


def test_a_waiting_run_is_approved_in_a_new_process_and_goes_on_as_the_same_run(
    open_services: OpenServices, project: Path, script: Script, tmp_path: Path
) -> None:
    ref = script(
        call("read_file", path="notes.md"),
        WRITE,
        final("Summary written."),
        pick="by_turn",
        record_to="sent.jsonl",
    )
    with open_services() as first:
        workspace = first.workspaces.add("project", str(project)).id
        handle = send_agent(first, ref, "Summarise the notes into summary.md.", workspace)
        assert settle(handle) is RunStatus.WAITING_APPROVAL
    with open_services() as second:  # the app was closed and started again
        assert [view.run.id for view in second.agent_runs.waiting()] == [handle.run_id]
        resumed = second.agent_runs.approve(handle.run_id, "call_2-0")
        assert resumed.run_id == handle.run_id
        assert settle(resumed) is RunStatus.COMPLETED
        assert second.threads.show(handle.thread_id).messages[-1].content == "Summary written."
    assert (project / "summary.md").read_text() == "# Summary\n"

    sent = recorded_requests(tmp_path / "scripts" / "sent.jsonl")
    assert len(sent) == 3
    after_restart = sent[-1]["messages"]
    read_result = next(m for m in after_restart if m.get("tool_call_id") == "call_1-0")
    assert "TODO: write the release notes" in read_result["content"]  # the same run's context
    assert after_restart[-1]["content"].startswith("Done: Create summary.md")


def test_a_waiting_run_is_denied_in_a_new_process(
    open_services: OpenServices, project: Path, script: Script
) -> None:
    ref = script(WRITE, final("Left it."), pick="by_turn")
    with open_services() as first:
        workspace = first.workspaces.add("project", str(project)).id
        handle = send_agent(first, ref, "Write a summary.", workspace)
        assert settle(handle) is RunStatus.WAITING_APPROVAL
    with open_services() as second:
        assert settle(second.agent_runs.deny(handle.run_id, "not now")) is RunStatus.COMPLETED
        assert second.threads.show(handle.thread_id).messages[-1].content == "Left it."
    assert not (project / "summary.md").exists()
