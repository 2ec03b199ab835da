"""Cancel is checked between every phase; a cancelled run keeps what it did and is not a failure."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.agent.guardrail import Rule, RuleScope, Verdict
from mira_desktop.agent.loop import AgentLoop
from mira_desktop.agent.outcomes import Approve, Cancelled, WaitingApproval
from mira_desktop.agent.tools.workspace_tools import WorkspaceTools
from mira_desktop.core.cancel import CancelToken

from .conftest import BASE_MESSAGES, RecordingJournal, call, final, scripted


class CancellingJournal(RecordingJournal):
    """Cancels the token when the run reaches ``at`` (an event type)."""

    def __init__(self, token: CancelToken, at: str) -> None:
        super().__init__()
        self.token = token
        self.at = at

    def event(self, type: str, data: dict[str, Any]) -> None:
        super().event(type, data)
        if type == self.at:
            self.token.cancel()


REPLIES = (call("read_file", path="notes.md"), call("write_file", path="a.txt", content="x"), final("done"))
ALLOW_WRITES = [Rule("write_file", Verdict.ALLOW, RuleScope.WORKSPACE)]


def test_a_pre_cancelled_token_does_not_start_the_run(
    tmp_path: Path, tools: WorkspaceTools, journal: RecordingJournal
) -> None:
    token = CancelToken()
    token.cancel()
    model = scripted(tmp_path, *REPLIES)
    outcome = AgentLoop(model, tools, journal, base_messages=BASE_MESSAGES).start(token)
    assert isinstance(outcome, Cancelled)
    assert model.requests == []


@pytest.mark.parametrize(
    "case",
    [
        ("agent.model_call", 1, []),  # after the answer: its calls are dropped, none runs
        ("tool.decision", 1, ["Stopped: the user stopped the run while this call ran."]),  # inside the read
        ("tool.result", 1, ["{read}"]),  # after a result, before the next model call
        ("change.intent", 2, ["{read}", "{write}"]),  # a change in flight is finished, never torn
    ],
    ids=["after-the-model-answered", "inside-a-read", "after-a-result", "with-a-change-in-flight"],
)
def test_cancel_at_each_phase_stops_before_the_next(
    tmp_path: Path, tools: WorkspaceTools, workspace: Path, case: tuple[str, int, list[str]]
) -> None:
    phase, model_calls, results = case
    token = CancelToken()
    journal = CancellingJournal(token, phase)
    model = scripted(tmp_path, *REPLIES)
    loop = AgentLoop(model, tools, journal, base_messages=BASE_MESSAGES, workspace_rules=ALLOW_WRITES)
    outcome = loop.start(token)
    assert isinstance(outcome, Cancelled)
    assert len(model.requests) == model_calls
    told = [m["content"] for m in outcome.checkpoint.messages if m["role"] == "tool"]
    assert len(told) == len(results)
    for text, expected in zip(told, results, strict=True):
        if expected == "{read}":
            assert text.startswith("notes.md, lines 1–3")
        elif expected == "{write}":
            assert text.startswith("Done: Create a.txt")
        else:
            assert text == expected
    assert (workspace / "a.txt").exists() == (phase == "change.intent")
    assert journal.last_checkpoint() == outcome.checkpoint


def test_cancel_while_the_model_streams_keeps_the_partial_answer(
    tmp_path: Path, tools: WorkspaceTools, journal: RecordingJournal
) -> None:
    token = CancelToken()
    model = scripted(tmp_path, {"text": "one two three four five six", "hold_after": 2})  # held until the cancel

    class StopAfterTwoWords(RecordingJournal):
        def delta(self, text: str) -> None:
            super().delta(text)
            if len(self.deltas) == 2:
                threading.Thread(target=token.cancel).start()

    outcome = AgentLoop(model, tools, StopAfterTwoWords(), base_messages=BASE_MESSAGES).start(token)
    assert isinstance(outcome, Cancelled)
    assert outcome.partial_text.strip() == "one two"


def test_cancel_while_waiting_for_approval_executes_nothing(
    tmp_path: Path, tools: WorkspaceTools, workspace: Path, journal: RecordingJournal
) -> None:
    loop = AgentLoop(
        scripted(tmp_path, call("write_file", path="a.txt", content="x")),
        tools,
        journal,
        base_messages=BASE_MESSAGES,
    )
    waiting = loop.start(CancelToken())
    assert isinstance(waiting, WaitingApproval)
    token = CancelToken()
    token.cancel()
    outcome = loop.resume(waiting.checkpoint, Approve(waiting.call_id), token)
    assert isinstance(outcome, Cancelled)
    assert not (workspace / "a.txt").exists()
    assert outcome.checkpoint.pending is None
