"""An agent task of the check: Mira's real agent loop and file tools in a scratch workspace, every
change allowed, judged by the files left there, the files read and the answer's words."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from mira_desktop.agent.budgets import BudgetLimits
from mira_desktop.agent.checkpoint import Checkpoint
from mira_desktop.agent.context import agent_context
from mira_desktop.agent.files.root import WorkspaceRoot
from mira_desktop.agent.guardrail import Rule, RuleScope, Verdict
from mira_desktop.agent.loop import AgentLoop
from mira_desktop.agent.outcomes import Cancelled, Completed, Failed, WaitingApproval
from mira_desktop.agent.snapshots import SnapshotStore
from mira_desktop.agent.tools.registry import ToolRegistry
from mira_desktop.agent.tools.workspace_tools import WorkspaceTools
from mira_desktop.core.cancel import Cancelled as CancelSignal
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.protocol import ChatMessage, ChatModel
from mira_desktop.services.model_check.outcome import TaskOutcome
from mira_desktop.services.model_check.suite import AgentTask

# Small on purpose: each task takes one or two calls done right; a model that wanders is stopped soon.
LIMITS = BudgetLimits(model_calls=4, tool_calls=6, wall_seconds=90.0)
SAMPLING = SamplingParams(max_tokens=384, temperature=0.0)
ANSWER_CHARS = 300


class _Journal:
    """The run's steps kept in memory: nothing of a check goes into the threads or the run journal."""

    def __init__(self) -> None:
        self.events: list[tuple[str, dict[str, Any]]] = []
        self.text = ""

    def event(self, type: str, data: dict[str, Any]) -> None:
        self.events.append((type, data))

    def checkpoint(self, checkpoint: Checkpoint) -> None:
        return None  # a check is never resumed

    def delta(self, text: str) -> None:
        self.text += text


def run_agent_task(model: ChatModel, task: AgentTask, scratch: Path, cancel: CancelToken) -> TaskOutcome:
    """Run ``task`` in a new folder under ``scratch``; raises ``Cancelled`` when ``cancel`` stops it."""
    folder = scratch / task.id
    folder.mkdir(parents=True)
    for name, text in task.files.items():
        (folder / name).write_text(text, "utf-8")
    registry = ToolRegistry()
    rules = [Rule(tool.name, Verdict.ALLOW, RuleScope.WORKSPACE) for tool in registry.tools]
    budget = {
        "model_calls": LIMITS.model_calls,
        "tool_calls": LIMITS.tool_calls,
        "wall_seconds": LIMITS.wall_seconds,
    }
    system = agent_context(task.id, registry.tools, budget, json_mode=not model.profile().supports_tools)
    journal = _Journal()
    started = time.perf_counter()
    # The scratch folder is Mira's own temporary folder, not one a person picked: nothing to validate.
    with WorkspaceRoot(folder, validate=False) as root:
        loop = AgentLoop(
            model,
            WorkspaceTools(root, registry, SnapshotStore(scratch / f".{task.id}-snapshots")),
            journal,
            base_messages=[ChatMessage("system", system), ChatMessage("user", task.prompt)],
            limits=LIMITS,
            workspace_rules=rules,
            sampling=SAMPLING,
        )
        outcome = loop.start(cancel)
    seconds = time.perf_counter() - started
    if isinstance(outcome, Cancelled) or cancel.cancelled:
        raise CancelSignal()
    reasons: list[Phrase] = []
    answer = ""
    read: list[str] = []
    if isinstance(outcome, Completed):
        answer = outcome.final_text
        read = list(outcome.evidence.files_read)
        if outcome.stop_reason is not None:
            reasons.append(said(f"check.agent.stopped.{outcome.stop_reason.value}"))
    elif isinstance(outcome, Failed):
        read = list(outcome.evidence.files_read)
        reasons.append(said("check.agent.failed", error=str(outcome.error.get("message", ""))))
    elif isinstance(outcome, WaitingApproval):  # every tool is allowed: a call that still waits is a bug
        reasons.append(said("check.agent.waiting", tool=outcome.tool))
    reasons += judge(task, folder, read, answer)
    return TaskOutcome(
        task.id,
        "agent",
        task.language,
        not reasons,
        reasons,
        seconds,
        (answer or journal.text)[:ANSWER_CHARS],
    )


def judge(task: AgentTask, folder: Path, read: list[str], answer: str) -> list[Phrase]:
    """What is not as ``task.expect`` says, each a sentence; empty when the task was done."""
    expect = task.expect
    wrong: list[Phrase] = []
    for name, wanted in dict(expect.get("files", {})).items():
        path = folder / name
        if not path.is_file():
            wrong.append(said("check.agent.file_missing", file=name))
            continue
        text = path.read_text("utf-8", errors="replace")
        wrong += [
            said("check.agent.file_lacks", file=name, text=t)
            for t in wanted.get("contains", [])
            if t not in text
        ]
        wrong += [
            said("check.agent.file_holds", file=name, text=t) for t in wanted.get("lacks", []) if t in text
        ]
    wrong += [
        said("check.agent.file_left", file=name)
        for name in expect.get("absent", [])
        if (folder / name).exists()
    ]
    seen = {Path(p).as_posix().lstrip("./") for p in read}
    wrong += [said("check.agent.not_read", file=name) for name in expect.get("read", []) if name not in seen]
    folded = answer.casefold()
    wrong += [
        said("check.answer_lacks", text=t)
        for t in expect.get("answer_contains", [])
        if t.casefold() not in folded
    ]
    return wrong
