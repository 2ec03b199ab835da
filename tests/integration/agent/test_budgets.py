"""Every budget and the loop rule end the run `completed`, saying in plain words what stopped it; continue goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.services.app.bundle import AppServices
from tests.integration.agent.conftest import Mira
from tests.integration.agent.runs import (
    GRAMMAR_MODE,
    call,
    calls,
    event_data,
    final,
    json_call,
    json_final,
    send_agent,
    set_limits,
    settle,
    tool_result_sent,
)
from tests.support.fixtures import OpenServices, Script
from tests.support.scripted import requests_sent

READ_NOTES = call("read_file", path="notes.md")
READ_APP = call("read_file", path="src/app.py")
CONTINUE_HINT = "You can continue the run with raised limits, or undo what it changed."


def _stopped(services: AppServices, thread_id: str, run_id: str, reason: str) -> str:
    """Assert the run ended completed, stopped by ``reason``, and return its final message."""
    answer = services.threads.show(thread_id).messages[-1]
    assert answer.metadata["stop_reason"] == reason
    assert answer.metadata["continuable"] is True
    assert answer.content.startswith("I stopped because ")
    assert CONTINUE_HINT in answer.content
    assert event_data(services, run_id, "budget.stop")[0]["reason"] == reason
    assert services.agent_runs.show(run_id).stop_reason == reason
    return answer.content


def test_the_model_call_limit_ends_the_run_and_continue_grants_more_steps(
    services: AppServices, workspace: str, script: Script
) -> None:
    set_limits(services, model_calls=2)
    ref = script(READ_NOTES, READ_APP, final("notes and app read."), pick="by_turn")
    handle = send_agent(services, ref, "Read everything.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    text = _stopped(services, handle.thread_id, handle.run_id, "model_calls")
    assert "this run reached its limit of 2 model calls" in text
    assert "What was done: Read notes.md, src/app.py; no file was changed." in text
    assert len(requests_sent(services, ref)) == 2

    resumed = services.agent_runs.continue_run(handle.run_id, more_steps=1)
    assert resumed.run_id == handle.run_id
    assert settle(resumed) is RunStatus.COMPLETED
    view = services.agent_runs.show(handle.run_id)
    assert (view.limits["model_calls"], view.used["model_calls"]) == (3, 3)
    assert view.stop_reason is None
    last = requests_sent(services, ref)[-1]
    assert last.messages[-1].content == "The limits were raised: continue the task from where you stopped."
    assert services.threads.show(handle.thread_id).messages[-1].content == text + "\n\nnotes and app read."
    assert services.threads.show(handle.thread_id).messages[-1].metadata["continuable"] is False


def test_the_tool_call_limit_ends_the_run_and_the_call_past_it_is_not_run(
    services: AppServices, workspace: str, script: Script
) -> None:
    set_limits(services, tool_calls=1)
    ref = script(
        calls(("read_file", {"path": "notes.md"}), ("read_file", {"path": "src/app.py"})),
        final("Read both."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Read both files.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    text = _stopped(services, handle.thread_id, handle.run_id, "tool_calls")
    assert "this run reached its limit of 1 tool calls" in text
    results = event_data(services, handle.run_id, "tool.result")
    assert [r["result"]["ok"] for r in results] == [True, False]
    assert results[1]["result"]["text"] == "Not run: the run stopped (tool_calls limit)."

    set_limits(services)  # the user raises the limit in Settings, then continues
    assert settle(services.agent_runs.continue_run(handle.run_id)) is RunStatus.COMPLETED
    assert tool_result_sent(requests_sent(services, ref)[-1], "call_1-1").startswith("Not run")


def test_the_time_limit_ends_the_run_with_how_long_it_worked(
    services: AppServices, workspace: str, script: Script
) -> None:
    set_limits(services, wall_seconds=1)
    slow_call = {**json_call("read_file", path="notes.md"), "token_delay_ms": 300}  # 5 words: 1.2 s
    ref = script(slow_call, json_final("Read it."), pick="by_turn", profile=GRAMMAR_MODE)
    handle = send_agent(services, ref, "Read the notes.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    text = _stopped(services, handle.thread_id, handle.run_id, "wall_time")
    assert (
        "this run reached its time limit of 1 seconds (it worked for " in text
    )  # 1 s, or more on a busy machine
    assert event_data(services, handle.run_id, "tool.result")[0]["result"]["text"].startswith("Not run")

    set_limits(services)
    assert settle(services.agent_runs.continue_run(handle.run_id)) is RunStatus.COMPLETED
    assert services.threads.show(handle.thread_id).messages[-1].content.endswith("Read it.")


def test_an_identical_call_is_answered_without_running_then_repeats_end_the_run(
    services: AppServices, workspace: str, script: Script
) -> None:
    set_limits(services, repeats=1)
    ref = script(READ_NOTES, READ_NOTES, READ_NOTES, final("Done."), pick="by_turn")
    handle = send_agent(services, ref, "Read the notes.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    text = _stopped(services, handle.thread_id, handle.run_id, "repeats")
    assert "the model kept repeating tool calls it had already made (2 repeats; the limit is 1)" in text
    told = tool_result_sent(requests_sent(services, ref)[-1], "call_2-0")
    assert told.startswith("Not run again: you already called read_file with exactly these arguments")
    assert event_data(services, handle.run_id, "tool.repeat") == [{"id": "call_2-0", "tool": "read_file"}]


def test_going_back_and_forth_between_two_calls_ends_the_run(
    services: AppServices, workspace: str, script: Script
) -> None:
    ref = script(READ_NOTES, READ_APP, READ_NOTES, READ_APP, final("Done."), pick="by_turn")
    handle = send_agent(services, ref, "Compare the files.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    text = _stopped(services, handle.thread_id, handle.run_id, "alternation")
    assert "the model kept going back and forth between the same two tool calls (A, B, A, B)" in text


@pytest.mark.parametrize("more_steps", [None, "2"], ids=["default", "more-steps"])
def test_mira_runs_continue_goes_on_after_a_stop(
    mira: Mira, open_services: OpenServices, project: Path, script: Script, more_steps: str | None
) -> None:
    workspace = mira("--json", "workspaces", "add", "project", str(project)).json()["id"]
    with open_services() as services:  # the limits are a setting (there is no command for them)
        set_limits(services, model_calls=1)
    ref = script(READ_NOTES, final("All read."), pick="by_turn")
    sent = mira("--json", "chat", "send", "--agent", "--workspace", workspace, "--model", ref, "Read all.")
    assert sent.code == 0, sent.err
    run_id = sent.lines()[0]["run_id"]
    shown = mira("runs", "show", run_id)
    assert "budgets: 1/1 model calls" in shown.out
    assert f"stopped by the model_calls limit: `mira runs continue {run_id}` goes on" in shown.out

    extra = ["--more-steps", more_steps] if more_steps else []
    went_on = mira("--json", "runs", "continue", run_id, *extra)
    assert went_on.code == 0, went_on.err
    events = went_on.lines()
    assert events[0]["type"] == "run.resumed"
    assert events[0]["decision"]["type"] == "continue"
    assert events[-1]["type"] == "run.completed"
    after = mira("--json", "runs", "show", run_id).json()
    assert after["status"] == "completed"
    assert after["stop_reason"] is None
    assert after["budgets"]["used"]["model_calls"] == 2
    # By default the run gets its whole allowance again; --more-steps N gives exactly N more.
    assert after["budgets"]["limits"]["model_calls"] == (3 if more_steps else 2)
