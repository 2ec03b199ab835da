"""Every step of a run is a run event (the execution trace); the answer carries its evidence."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.models.adapters.scripted import ScriptedModel
from mira_desktop.models.protocol import ChatRequest, Chunk, TextDelta
from mira_desktop.services.app.bundle import AppServices
from tests.integration.agent.runs import call, event_data, events, final, send_agent, settle
from tests.support.fixtures import Script


def test_every_step_of_a_run_is_an_event_in_the_order_it_happened(
    services: AppServices, workspace: str, project: Path, script: Script
) -> None:
    ref = script(
        call("read_file", path="notes.md"),
        call("write_file", path="todo.md", content="- release notes\n"),
        final("Wrote todo.md from the notes."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Make a todo list.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    assert settle(services.agent_runs.approve(handle.run_id)) is RunStatus.COMPLETED

    kinds = [e.type for e in events(services, handle.run_id) if e.type != "message.delta"]
    assert kinds == [
        "route.selected",
        "run.started",
        "request.compiled",
        "agent.base_request",
        "agent.model_started",  # journaled when the model is asked: the window shows the step meanwhile
        "agent.model_call",
        "tool.call",
        "tool.decision",
        "tool.result",
        "agent.model_started",
        "agent.model_call",
        "tool.call",
        "tool.decision",
        "approval.required",
        "run.waiting",
        "run.resumed",
        "agent.resumed",
        "approval.decided",
        "change.intent",
        "tool.result",
        "agent.model_started",
        "agent.model_call",
        "message.completed",
        "run.completed",
    ]
    model_calls = event_data(services, handle.run_id, "agent.model_call")
    assert all(c["prompt_tokens"] > 0 and c["completion_tokens"] > 0 for c in model_calls)
    assert [c["step"] for c in model_calls] == [1, 2, 3]
    assert event_data(services, handle.run_id, "tool.call")[1] == {
        "id": "call_2-0",
        "tool": "write_file",
        "arguments": {"path": "todo.md", "content": "- release notes\n"},
    }
    decisions = event_data(services, handle.run_id, "tool.decision")
    assert [d["verdict"] for d in decisions] == ["allow", "require_approval"]
    written = event_data(services, handle.run_id, "tool.result")[-1]["result"]
    assert written["path"] == "todo.md"
    assert written["diff"].endswith("+- release notes\n")

    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.content == "Wrote todo.md from the notes."
    evidence = answer.metadata["evidence"]
    assert (evidence["files_read"], evidence["files_changed"]) == (["notes.md"], ["todo.md"])
    assert answer.metadata["workspace"] == "project"


@pytest.fixture
def preambles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scripted replies may carry ``"preamble"``: text streamed before their tool calls, as remote
    models do ("Let me look at the notes.")."""
    take = ScriptedModel._take
    stream = ScriptedModel.stream
    last: dict[int, dict[str, Any]] = {}

    def remembering_take(self: ScriptedModel, request: ChatRequest) -> dict[str, Any]:
        reply = take(self, request)
        last[id(self)] = reply
        return reply

    def stream_with_preamble(
        self: ScriptedModel, request: ChatRequest, cancel: CancelToken
    ) -> Iterator[Chunk]:
        chunks = stream(self, request, cancel)
        first = next(chunks)
        preamble = last.get(id(self), {}).get("preamble")
        if preamble:
            yield TextDelta(preamble)
        yield first
        yield from chunks

    monkeypatch.setattr(ScriptedModel, "_take", remembering_take)
    monkeypatch.setattr(ScriptedModel, "stream", stream_with_preamble)


@pytest.mark.usefixtures("preambles")
def test_text_streamed_before_tool_calls_is_in_the_trace_not_in_the_answer(
    services: AppServices, workspace: str, script: Script
) -> None:
    ref = script(
        {**call("read_file", path="notes.md"), "preamble": "Let me look at the notes."},
        {**call("read_file", path="src/app.py"), "preamble": "Now the code."},
        final("The TODO is the release notes."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "What is left?", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    assert [d["text"] for d in event_data(services, handle.run_id, "agent.interim_text")] == [
        "Let me look at the notes.",
        "Now the code.",
    ]
    assert services.threads.show(handle.thread_id).messages[-1].content == "The TODO is the release notes."
