"""A thinking model in an agent run: a tool-calling step's reasoning goes back to the model within
that run only, and only when its template reads it (``agent/run_state.step_reasoning``)."""

from __future__ import annotations

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.models.protocol import ChatRequest
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from tests.integration.agent.runs import call, final, send_agent, settle
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent

PLAN = "I should read the notes before answering."


def _reasoning_sent(request: object) -> list[str]:
    return [m.reasoning for m in request.messages if m.role == "assistant"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("template_reads_it", "sent_back"), [(True, [PLAN]), (False, [""])])
def test_a_steps_reasoning_goes_back_within_the_run_only_to_a_template_that_reads_it(
    services: AppServices, workspace: str, script: Script, template_reads_it: bool, sent_back: list[str]
) -> None:
    ref = script(
        {**call("read_file", path="notes.md"), "reasoning": PLAN},
        {**final("The TODO is the release notes."), "reasoning": "The notes say it."},
        final("Blue."),
        pick="in_order",
        profile={"thinks": True, "reasoning_in_tool_loop": template_reads_it},
    )
    handle = send_agent(services, ref, "What is left to do?", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    sent = requests_sent(services, ref)
    assert _reasoning_sent(sent[1]) == sent_back  # the step that called read_file, in the same run
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.content == "The TODO is the release notes."
    assert "notes say" not in answer.content
    # Every step's reasoning is shown with the answer, apart from its text.
    assert [p["type"] for p in answer.parts] == ["reasoning"]
    assert PLAN in answer.parts[0]["text"]
    assert "The notes say it." in answer.parts[0]["text"]

    services.chat.send(handle.thread_id, "And the colour?", SendOptions()).wait(30)
    later = requests_sent(services, ref)[-1]
    assert all(m.reasoning == "" for m in later.messages)  # the next turn never sees any reasoning
    assert all(PLAN not in m.content for m in later.messages)


def test_the_threads_thinking_switch_goes_with_every_step_of_an_agent_run(
    services: AppServices, workspace: str, script: Script
) -> None:
    ref = script(
        call("read_file", path="notes.md"),
        final("Done."),
        call("read_file", path="notes.md"),
        final("Done again."),
        pick="in_order",
        profile={"thinks": True, "thinking_switch": "enable_thinking"},
    )
    handle = send_agent(services, ref, "What is left to do?", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    services.threads.set_thinking(handle.thread_id, False)
    again = services.chat.send(handle.thread_id, "Once more?", SendOptions())
    assert settle(again) is RunStatus.COMPLETED
    sent: list[ChatRequest] = requests_sent(services, ref)
    assert [r.thinking for r in sent] == [None, None, False, False]  # the model's default, then off
