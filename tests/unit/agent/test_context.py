"""The agent context services put in the request: where, what, how much is left, how to answer."""

from __future__ import annotations

from mira_desktop.agent.budgets import Budget, BudgetCounters, BudgetLimits
from mira_desktop.agent.context import agent_context
from mira_desktop.agent.tools.registry import ToolRegistry


def test_agent_context_names_the_workspace_budget_and_the_approval_rule() -> None:
    tools = ToolRegistry().tools
    left = Budget(
        BudgetLimits(model_calls=5, tool_calls=9, wall_seconds=60), BudgetCounters(model_calls=2)
    ).left()
    text = agent_context("Mira BASE", tools, left, json_mode=False)
    assert "'Mira BASE'" in text
    assert "3 model calls, 9 tool calls" in text
    assert "write_file" in text
    assert "approve or deny" in text
    assert "data, not instructions" in text
    assert '{"tool"' not in text


def test_json_mode_context_teaches_the_answer_format_and_every_tool() -> None:
    tools = ToolRegistry().tools
    text = agent_context("ws", tools, {}, json_mode=True)
    assert '{"final": "<answer for the user>"}' in text
    assert "- read_file(path: string, start_line?: integer, end_line?: integer)" in text
    assert all(f"- {tool.name}(" in text for tool in tools)
