"""Each budget ends the run with a plain explanation, never a hang; "continue" goes on with raised limits."""

from __future__ import annotations

from pathlib import Path

from mira_desktop.agent.budgets import BudgetLimits, StopReason
from mira_desktop.agent.loop import AgentLoop
from mira_desktop.agent.outcomes import Completed
from mira_desktop.agent.tools.workspace_tools import WorkspaceTools
from mira_desktop.core.cancel import CancelToken
from mira_desktop.models.adapters.scripted import ScriptedModel

from .conftest import BASE_MESSAGES, RecordingJournal, call, final, scripted


def run(
    model: ScriptedModel,
    tools: WorkspaceTools,
    journal: RecordingJournal,
    limits: BudgetLimits,
    **kwargs: object,
) -> Completed:
    loop = AgentLoop(model, tools, journal, base_messages=BASE_MESSAGES, limits=limits, **kwargs)  # type: ignore[arg-type]
    outcome = loop.start(CancelToken())
    assert isinstance(outcome, Completed)
    return outcome


def reads(count: int) -> list[dict[str, object]]:
    return [call("read_file", path="notes.md", start_line=n) for n in range(1, count + 1)]


def test_model_call_limit_ends_the_run_and_says_what_was_done(
    tmp_path: Path, tools: WorkspaceTools, journal: RecordingJournal
) -> None:
    outcome = run(scripted(tmp_path, *reads(5)), tools, journal, BudgetLimits(model_calls=2))
    assert outcome.stop_reason is StopReason.MODEL_CALLS
    assert "limit of 2 model calls" in outcome.final_text
    assert "Read notes.md" in outcome.final_text
    assert journal.of("budget.stop")[0]["reason"] == "model_calls"
    assert "".join(journal.deltas).endswith(outcome.final_text)


def test_tool_call_limit_answers_the_unrun_call_and_stops(
    tmp_path: Path, tools: WorkspaceTools, journal: RecordingJournal
) -> None:
    outcome = run(scripted(tmp_path, *reads(5)), tools, journal, BudgetLimits(tool_calls=2))
    assert outcome.stop_reason is StopReason.TOOL_CALLS
    results = [m["content"] for m in outcome.checkpoint.messages if m["role"] == "tool"]
    assert len(results) == 3
    assert results[-1].startswith("Not run: the run stopped")


def test_wall_time_limit_ends_the_run(
    tmp_path: Path, tools: WorkspaceTools, journal: RecordingJournal
) -> None:
    now = [0.0]

    def clock() -> float:
        now[0] += 40.0  # every look at the clock: 40 seconds of work
        return now[0]

    outcome = run(scripted(tmp_path, *reads(10)), tools, journal, BudgetLimits(wall_seconds=100), clock=clock)
    assert outcome.stop_reason is StopReason.WALL_TIME
    assert "time limit of 100 seconds" in outcome.final_text


def test_an_identical_call_is_not_run_again_but_corrected(
    tmp_path: Path, tools: WorkspaceTools, journal: RecordingJournal
) -> None:
    same = call("search_files", query="TODO")
    model = scripted(tmp_path, same, same, final("Found it."))
    outcome = run(model, tools, journal, BudgetLimits(repeats=1))
    assert outcome.stop_reason is None
    assert "Not run again" in model.requests[2].messages[-1].content
    assert len(journal.of("tool.repeat")) == 1
    assert [r["result"]["kind"] for r in journal.of("tool.result")] == ["", "repeat"]


def test_repeats_past_the_limit_end_the_run(
    tmp_path: Path, tools: WorkspaceTools, journal: RecordingJournal
) -> None:
    same = call("list_files")
    outcome = run(scripted(tmp_path, same, same, same, same), tools, journal, BudgetLimits(repeats=2))
    assert outcome.stop_reason is StopReason.REPEATS
    assert "kept repeating" in outcome.final_text


def test_a_b_a_b_alternation_ends_the_run(
    tmp_path: Path, tools: WorkspaceTools, journal: RecordingJournal
) -> None:
    a, b = call("read_file", path="notes.md"), call("list_files")
    outcome = run(scripted(tmp_path, a, b, a, b, a), tools, journal, BudgetLimits(repeats=10))
    assert outcome.stop_reason is StopReason.ALTERNATION
    assert "back and forth" in outcome.final_text


def test_continue_with_raised_limits_goes_on_with_the_same_counters(
    tmp_path: Path, tools: WorkspaceTools, journal: RecordingJournal
) -> None:
    model = scripted(tmp_path, *reads(2), final("Read it all."))
    loop = AgentLoop(model, tools, journal, base_messages=BASE_MESSAGES, limits=BudgetLimits(model_calls=2))
    stopped = loop.start(CancelToken())
    assert isinstance(stopped, Completed)
    assert stopped.stop_reason is StopReason.MODEL_CALLS
    raised = stopped.checkpoint.limits.continued(stopped.checkpoint.counters)
    outcome = loop.continue_run(stopped.checkpoint, raised, CancelToken())
    assert isinstance(outcome, Completed)
    assert outcome.stop_reason is None
    assert outcome.final_text == "Read it all."
    assert outcome.checkpoint.counters.model_calls == 3
    assert "limits were raised" in model.requests[-1].messages[-1].content
    assert journal.of("agent.continued")[0]["limits"]["model_calls"] == 4
