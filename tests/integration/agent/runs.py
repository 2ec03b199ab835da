"""Driving agent runs in the tests: scripted replies, starting and settling runs, what the model read.

Scripts are written with ``pick="by_turn"`` so that a run resumed later — in this process or
another — gets the reply for the turn it is at. Native tool calls get the ids ``call_<step>-<n>``
from the loop, which the tests name in approvals.
"""

from __future__ import annotations

import json
from typing import Any

from mira_desktop.agent.guardrail import Rule, RuleScope, Verdict
from mira_desktop.core.conversation.runs import RunEvent, RunStatus
from mira_desktop.core.conversation.threads import Message
from mira_desktop.models.protocol import ChatRequest
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import RunHandle, SendOptions
from mira_desktop.store.settings import SettingsRepository

GRAMMAR_MODE = {"supports_tools": False, "supports_json_schema": True}
SETTLE_SECONDS = 30


def call(name: str, **arguments: Any) -> dict[str, Any]:
    """A reply with one native tool call."""
    return {"tool_calls": [{"name": name, "arguments": arguments}]}


def calls(*made: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    """A reply with several native tool calls, handled in order."""
    return {"tool_calls": [{"name": name, "arguments": arguments} for name, arguments in made]}


def json_call(name: str, **arguments: Any) -> dict[str, Any]:
    """A reply of a grammar-mode (local) model calling a tool."""
    return {"text": json.dumps({"tool": name, "args": arguments})}


def final(text: str) -> dict[str, Any]:
    return {"text": text}


def json_final(text: str) -> dict[str, Any]:
    return {"text": json.dumps({"final": text})}


def send_agent(
    services: AppServices, ref: str, text: str, workspace_id: str, *, knowledge_base_id: str | None = None
) -> RunHandle:
    """Start an agent run in a new thread bound to ``workspace_id``."""
    options = SendOptions(
        model_ref=ref, agent=True, workspace_id=workspace_id, knowledge_base_id=knowledge_base_id
    )
    return services.chat.send(None, text, options)


def settle(handle: RunHandle) -> RunStatus:
    """Wait until this invocation of the run ends or pauses; its status."""
    assert handle.done.wait(SETTLE_SECONDS), f"run {handle.run_id} did not settle"
    return handle.status


def run_status(services: AppServices, run_id: str) -> RunStatus:
    run = services.chat.run(run_id)
    assert run is not None
    return run.status


def answer(services: AppServices, thread_id: str) -> Message:
    """The thread's newest message (the run's answer)."""
    return services.threads.show(thread_id).messages[-1]


def events(services: AppServices, run_id: str, type: str | None = None) -> list[RunEvent]:
    return [e for e in services.chat.run_events(run_id) if type is None or e.type == type]


def event_data(services: AppServices, run_id: str, type: str) -> list[dict[str, Any]]:
    return [e.data for e in events(services, run_id, type)]


def tool_result_sent(request: ChatRequest, call_id: str) -> str:
    """What the model read as the result of ``call_id`` (native mode)."""
    found = [m.content for m in request.messages if m.role == "tool" and m.tool_call_id == call_id]
    assert found, f"the request carries no result of {call_id}"
    return found[-1]


def offered_tools(request: ChatRequest) -> list[str]:
    """The tool names a request offered: natively, or as the branches of the grammar schema."""
    if request.tools:
        return [tool.name for tool in request.tools]
    assert request.json_schema is not None, "the request offered no tools at all"
    return [
        branch["properties"]["tool"]["const"]
        for branch in request.json_schema["oneOf"]
        if "tool" in branch["properties"]
    ]


def set_limits(services: AppServices, **limits: float) -> None:
    """The agent limits new runs (and "continue") take from Settings."""
    SettingsRepository(services.database).set("agent.limits", limits)


def allow_in_workspace(services: AppServices, workspace_id: str, *tools: str) -> None:
    """The user's "always allow in this workspace" rules, as an earlier approval would store them."""
    services.tool_permissions.add_rules(
        workspace_id, [Rule(tool, Verdict.ALLOW, RuleScope.WORKSPACE) for tool in tools]
    )


def without_skills(services: AppServices) -> None:
    """Turn every skill off, for a test that pins the exact tool list (with a skill on, runs are also
    offered ``load_skill``: tests/integration/skills)."""
    for skill in services.skills.list():
        services.skills.set_on(skill.name, False)
