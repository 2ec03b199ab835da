"""Budgets: each limit stops the run with an explanation; repeats are answered, then end the run."""

from __future__ import annotations

import json

from mira_desktop.agent.budgets import (
    Budget,
    BudgetCounters,
    BudgetLimits,
    StopReason,
    explain_stop,
    with_more_model_calls,
)
from mira_desktop.core.phrases import said


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_model_and_tool_call_limits() -> None:
    budget = Budget(BudgetLimits(model_calls=2, tool_calls=1), BudgetCounters())
    assert budget.before_model_call() is None
    budget.count_model_call(10, 5)
    budget.count_model_call(10, 5)
    assert budget.before_model_call() is StopReason.MODEL_CALLS
    assert budget.check_call("read_file", {"path": "a"}).stop is None
    assert budget.check_call("read_file", {"path": "b"}).stop is StopReason.TOOL_CALLS
    assert budget.counters.prompt_tokens == 20


def test_wall_time_counts_working_time_only() -> None:
    clock = FakeClock()
    budget = Budget(BudgetLimits(wall_seconds=60), BudgetCounters(), clock)
    clock.now += 50
    assert budget.before_model_call() is None
    saved = BudgetCounters.from_dict(json.loads(json.dumps(budget.sync().to_dict())))
    clock.now += 3600  # waiting for approval, in no process at all
    resumed = Budget(BudgetLimits(wall_seconds=60), saved, clock)
    assert resumed.before_model_call() is None
    clock.now += 11
    assert resumed.before_model_call() is StopReason.WALL_TIME


def test_identical_call_is_a_repeat_until_the_workspace_changes() -> None:
    budget = Budget(BudgetLimits(repeats=5), BudgetCounters())
    assert not budget.check_call("read_file", {"path": "a", "start_line": 1}).repeat
    assert budget.check_call("read_file", {"start_line": 1, "path": "a"}).repeat  # same canonical JSON
    budget.count_change()
    assert not budget.check_call("read_file", {"path": "a", "start_line": 1}).repeat
    assert budget.counters.tool_calls == 2
    assert budget.counters.repeats == 1


def test_repeats_past_the_limit_end_the_run() -> None:
    budget = Budget(BudgetLimits(repeats=1), BudgetCounters())
    budget.check_call("list_files", {})
    assert budget.check_call("list_files", {}).repeat
    assert budget.check_call("list_files", {}).stop is StopReason.REPEATS


def test_a_b_a_b_alternation_ends_the_run_even_across_changes() -> None:
    budget = Budget(BudgetLimits(repeats=10), BudgetCounters())
    a = ("edit_file", {"path": "x", "old_text": "1", "new_text": "2"})
    b = ("edit_file", {"path": "x", "old_text": "2", "new_text": "1"})
    for tool, args in (a, b, a):
        assert budget.check_call(tool, args).stop is None
        budget.count_change()
    assert budget.check_call(*b).stop is StopReason.ALTERNATION


def test_malformed_calls_are_answered_once_then_end_the_run() -> None:
    budget = Budget(BudgetLimits(malformed_calls=1), BudgetCounters())
    assert budget.count_malformed() is None
    assert budget.count_malformed() is StopReason.MALFORMED


def test_continue_raises_the_limits_and_keeps_the_counters() -> None:
    limits = BudgetLimits(model_calls=2, tool_calls=3, repeats=1)
    counters = BudgetCounters(model_calls=2, tool_calls=3, repeats=2, history=["x", "y", "x"])
    budget = Budget(limits, counters)
    assert budget.before_model_call() is StopReason.MODEL_CALLS
    budget.continue_with(limits.continued(counters))
    assert budget.before_model_call() is None
    assert budget.counters.model_calls == 2
    assert budget.limits.model_calls == 4
    assert budget.limits.repeats == 3
    assert budget.counters.history == []


def test_each_stop_is_explained_in_plain_words() -> None:
    limits = BudgetLimits(model_calls=3, tool_calls=4, wall_seconds=300)
    counters = BudgetCounters(model_calls=3, elapsed_seconds=301, repeats=3, malformed_calls=2)
    done = said("agent.done.nothing_changed_first")
    texts = {reason: explain_stop(reason, limits, counters, done).english for reason in StopReason}
    assert "limit of 3 model calls" in texts[StopReason.MODEL_CALLS]
    assert "limit of 4 tool calls" in texts[StopReason.TOOL_CALLS]
    assert "time limit of 5 minutes" in texts[StopReason.WALL_TIME]
    assert "repeating" in texts[StopReason.REPEATS]
    assert "back and forth" in texts[StopReason.ALTERNATION]
    assert "2 malformed answers" in texts[StopReason.MALFORMED]
    assert all(f"What was done: {done.english}" in t and "continue" in t for t in texts.values())


def test_limits_and_counters_serialize_to_json() -> None:
    limits = BudgetLimits(model_calls=7)
    assert BudgetLimits.from_dict(json.loads(json.dumps(limits.to_dict()))) == limits
    counters = BudgetCounters(model_calls=1, since_change=["a"], history=["a"])
    assert BudgetCounters.from_dict(json.loads(json.dumps(counters.to_dict()))) == counters


def test_more_steps_adds_model_calls_only() -> None:
    limits = BudgetLimits(model_calls=5, tool_calls=7)
    assert with_more_model_calls(limits, 3) == BudgetLimits(model_calls=8, tool_calls=7)
