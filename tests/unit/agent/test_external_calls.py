"""Calls to other programs (an MCP server's tool, run_command) through the loop: journaled before they
are sent, validated first, approved with their arguments shown, never resent on their own after a kill."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.agent.checkpoint import Checkpoint, PendingPhase
from mira_desktop.agent.guardrail import Rule, RuleScope, Verdict
from mira_desktop.agent.journal import AgentEvent
from mira_desktop.agent.loop import AgentLoop
from mira_desktop.agent.outcomes import Approve, Cancelled, Completed, Deny, WaitingApproval
from mira_desktop.agent.snapshots import SnapshotStore
from mira_desktop.agent.tools.catalog import Origin, Risk, ToolDef
from mira_desktop.agent.tools.registry import ToolRegistry
from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.agent.tools.workspace_tools import WorkspaceTools
from mira_desktop.core.cancel import Cancelled as CancelSignal
from mira_desktop.core.cancel import CancelToken

from .conftest import BASE_MESSAGES, RecordingJournal, call, final, scripted

SCHEMA = {
    "type": "object",
    "properties": {"title": {"type": "string", "maxLength": 50}},
    "required": ["title"],
    "additionalProperties": False,
}
CREATE = ToolDef(
    "tracker__create_issue", "Create an issue.", SCHEMA, Risk.EXTERNAL, Origin.MCP, "tracker", "create_issue"
)


@dataclass
class FakeServerTool:
    """An MCP tool stand-in: counts every call it receives; may block until released."""

    definition: ToolDef = CREATE
    received: list[dict[str, Any]] = field(default_factory=list)
    gate: threading.Event | None = None

    def call(self, arguments: dict[str, Any], cancel: CancelToken) -> ToolResult:
        self.received.append(arguments)
        if self.gate is not None:
            while not self.gate.wait(0.01):
                cancel.raise_if_cancelled()
        return ToolResult(True, f"Created issue {arguments['title']!r} as #7.")


def _loop(
    tmp_path: Path,
    tools: WorkspaceTools,
    journal: Any,
    *replies: dict[str, Any],
    rules: tuple[Rule, ...] = (),
) -> AgentLoop:
    model = scripted(tmp_path, *replies)
    return AgentLoop(model, tools, journal, base_messages=BASE_MESSAGES, workspace_rules=rules)


@pytest.fixture
def server_tool() -> FakeServerTool:
    return FakeServerTool()


@pytest.fixture
def external_tools(
    tools: WorkspaceTools, server_tool: FakeServerTool, snapshots: SnapshotStore
) -> WorkspaceTools:
    return WorkspaceTools(tools.root, ToolRegistry(external=[server_tool]), snapshots)


def test_an_mcp_call_waits_for_approval_with_its_server_and_full_arguments(
    tmp_path: Path, external_tools: WorkspaceTools, server_tool: FakeServerTool, journal: RecordingJournal
) -> None:
    loop = _loop(
        tmp_path, external_tools, journal, call(CREATE.name, title="Crash on start"), final("Filed #7.")
    )
    waiting = loop.start(CancelToken())
    assert isinstance(waiting, WaitingApproval)
    assert server_tool.received == []  # nothing is sent before the approval
    assert waiting.arguments == {"title": "Crash on start"}
    assert waiting.external is not None
    assert waiting.external["server"] == "tracker"
    asked = journal.of(AgentEvent.APPROVAL_REQUIRED)[-1]
    assert asked["arguments"] == {"title": "Crash on start"}
    assert "cannot be undone" in asked["reason"]
    done = loop.resume(waiting.checkpoint, Approve(waiting.call_id), CancelToken())
    assert isinstance(done, Completed)
    assert server_tool.received == [{"title": "Crash on start"}]


def test_the_call_is_journaled_durably_before_it_is_sent(
    tmp_path: Path, external_tools: WorkspaceTools, server_tool: FakeServerTool, journal: RecordingJournal
) -> None:
    seen_at_send: list[Checkpoint] = []
    original = server_tool.call

    def sending(arguments: dict[str, Any], cancel: CancelToken) -> ToolResult:
        seen_at_send.append(journal.last_checkpoint())
        return original(arguments, cancel)

    server_tool.call = sending  # type: ignore[method-assign]
    allow = (Rule(CREATE.name, Verdict.ALLOW, RuleScope.WORKSPACE),)
    loop = _loop(tmp_path, external_tools, journal, call(CREATE.name, title="x"), final("ok"), rules=allow)
    assert isinstance(loop.start(CancelToken()), Completed)
    pending = seen_at_send[0].pending
    assert pending is not None
    assert pending.phase is PendingPhase.EXECUTING
    assert pending.external is not None
    types = journal.types()
    assert types.index(AgentEvent.CALL_SENDING) < types.index(AgentEvent.TOOL_RESULT)


def test_arguments_that_break_the_schema_are_refused_before_anything_is_asked_or_sent(
    tmp_path: Path, external_tools: WorkspaceTools, server_tool: FakeServerTool, journal: RecordingJournal
) -> None:
    loop = _loop(
        tmp_path, external_tools, journal, call(CREATE.name, title="x" * 51, extra=1), final("gave up")
    )
    assert isinstance(loop.start(CancelToken()), Completed)
    assert server_tool.received == []
    assert journal.of(AgentEvent.APPROVAL_REQUIRED) == []
    error = journal.of(AgentEvent.TOOL_MALFORMED)[0]["error"]
    assert "'title' must be at most 50 characters" in error
    assert "unknown key 'extra'" in error


def test_after_a_kill_between_send_and_result_the_call_waits_as_may_have_run(
    tmp_path: Path, external_tools: WorkspaceTools, server_tool: FakeServerTool, journal: RecordingJournal
) -> None:
    allow = (Rule(CREATE.name, Verdict.ALLOW, RuleScope.WORKSPACE),)
    loop = _loop(tmp_path, external_tools, journal, call(CREATE.name, title="x"), final("ok"), rules=allow)
    assert isinstance(loop.start(CancelToken()), Completed)
    # The checkpoint saved just before the send is what a killed process leaves behind.
    intent = next(Checkpoint.from_json(c) for c in journal.checkpoints if '"phase": "executing"' in c)
    sent = len(server_tool.received)
    restarted = _loop(
        tmp_path, external_tools, RecordingJournal(), call(CREATE.name, title="x"), final("ok"), rules=allow
    )
    waiting = restarted.resume(intent, None, CancelToken())
    assert isinstance(waiting, WaitingApproval)
    assert waiting.may_have_run
    assert len(server_tool.received) == sent  # not sent again on its own
    gone_on = restarted.resume(waiting.checkpoint, Deny(waiting.call_id), CancelToken())
    assert isinstance(gone_on, Completed)
    assert len(server_tool.received) == sent
    told = [m for m in gone_on.checkpoint.messages if m["role"] == "tool"][-1]["content"]
    assert "may or may not have taken effect" in told


def test_run_it_again_sends_the_call_once_more(
    tmp_path: Path, external_tools: WorkspaceTools, server_tool: FakeServerTool
) -> None:
    journal = RecordingJournal()
    allow = (Rule(CREATE.name, Verdict.ALLOW, RuleScope.WORKSPACE),)
    loop = _loop(tmp_path, external_tools, journal, call(CREATE.name, title="x"), final("ok"), rules=allow)
    loop.start(CancelToken())
    intent = next(Checkpoint.from_json(c) for c in journal.checkpoints if '"phase": "executing"' in c)
    waiting = loop.resume(intent, None, CancelToken())
    assert isinstance(waiting, WaitingApproval)
    again = loop.resume(waiting.checkpoint, Approve(waiting.call_id), CancelToken())
    assert isinstance(again, Completed)
    assert len(server_tool.received) == 2


def test_stop_cancels_a_pending_call_and_says_it_may_have_taken_effect(
    tmp_path: Path, external_tools: WorkspaceTools, server_tool: FakeServerTool, journal: RecordingJournal
) -> None:
    server_tool.gate = threading.Event()
    allow = (Rule(CREATE.name, Verdict.ALLOW, RuleScope.WORKSPACE),)
    loop = _loop(tmp_path, external_tools, journal, call(CREATE.name, title="x"), final("ok"), rules=allow)
    cancel = CancelToken()
    threading.Timer(0.2, cancel.cancel).start()
    outcome = loop.start(cancel)
    assert isinstance(outcome, Cancelled)
    result = journal.of(AgentEvent.TOOL_RESULT)[-1]["result"]
    assert result["kind"] == "cancelled"
    assert "may or may not have taken effect" in result["text"]
    with pytest.raises(CancelSignal):
        server_tool.call({"title": "y"}, cancel)
