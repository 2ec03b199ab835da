"""A checkpoint round-trips through JSON with everything a resumed run needs."""

from __future__ import annotations

import json

import pytest

from mira_desktop.agent.budgets import BudgetCounters, BudgetLimits
from mira_desktop.agent.checkpoint import (
    Checkpoint,
    ParsedCall,
    PendingCall,
    PendingPhase,
    message_from_dict,
    message_to_dict,
)
from mira_desktop.agent.evidence import Evidence
from mira_desktop.agent.files.changes import FileChange
from mira_desktop.agent.guardrail import Rule, RuleScope, Verdict
from mira_desktop.agent.tools.proposals import Proposal
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.models.protocol import ChatMessage, ToolCall


def test_checkpoint_round_trips_through_json() -> None:
    proposal = Proposal("call_1-0", "write_file", {"path": "a.txt", "content": "x"}, "Create a.txt", "+x\n",
                        (FileChange("a.txt", None, "ab" * 32),))  # fmt: skip
    checkpoint = Checkpoint(
        messages=[
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [{"id": "call_1-0", "name": "write_file", "arguments": {}}],
            }
        ],
        pending=PendingCall(
            "call_1-0",
            "write_file",
            {"path": "a.txt", "content": "x"},
            PendingPhase.AWAITING_APPROVAL,
            proposal,
            "needs approval",
        ),
        queued=[
            ParsedCall("call_1-1", "read_file", {"path": "b"}),
            ParsedCall("call_1-2", "x", None, "bad JSON"),
        ],
        limits=BudgetLimits(model_calls=9),
        counters=BudgetCounters(model_calls=1, tool_calls=1, elapsed_seconds=2.5, history=["h"]),
        evidence=Evidence(
            files_read=["b"],
            files_changed=["c"],
            kb_sources=[{"document": "d", "location": "p. 1"}],
            changes=[FileChange("c", "cd" * 32, None)],
        ),
        run_rules=[Rule("edit_file", Verdict.ALLOW, RuleScope.RUN)],
        started_at="2025-01-01T00:00:00.000Z",
    )
    text = checkpoint.to_json()
    assert json.loads(text)["pending"]["proposal"]["changes"][0]["before"] is None
    assert Checkpoint.from_json(text) == checkpoint


def test_a_checkpoint_from_another_version_is_refused_clearly() -> None:
    with pytest.raises(InvalidInputError, match="cannot be resumed"):
        Checkpoint.from_dict({"version": 99})


def test_messages_convert_to_plain_dicts_and_back() -> None:
    message = ChatMessage("assistant", "thinking", (ToolCall("c1", "read_file", {"path": "a"}),))
    assert message_from_dict(json.loads(json.dumps(message_to_dict(message)))) == message
    tool = ChatMessage("tool", "result", tool_call_id="c1", name="read_file")
    assert message_from_dict(message_to_dict(tool)) == tool
