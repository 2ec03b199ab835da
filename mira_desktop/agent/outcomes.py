"""How a call into the loop ends, and what the user can answer to a run that waits."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mira_desktop.agent.budgets import BudgetLimits, StopReason
from mira_desktop.agent.checkpoint import Checkpoint
from mira_desktop.agent.evidence import Evidence
from mira_desktop.agent.guardrail import Rule, RuleScope
from mira_desktop.agent.tools.proposals import Proposal


@dataclass(frozen=True)
class Completed:
    """The run ended with an answer; ``stop_reason`` is set when a limit ended it (then
    ``final_text`` explains, and the run can be continued from ``checkpoint`` with raised limits)."""

    final_text: str
    evidence: Evidence
    stop_reason: StopReason | None
    checkpoint: Checkpoint
    added_rules: tuple[Rule, ...] = ()
    said: dict[str, Any] | None = (
        None  # ``final_text`` as a phrase when Mira wrote it (a stop), for the window
    )


@dataclass(frozen=True)
class WaitingApproval:
    """Nothing of ``proposal`` was done; persist ``checkpoint`` and ask the user. An external call
    (``external`` is its tool's card) has no proposal; ``may_have_run``: it was sent before a kill."""

    checkpoint: Checkpoint
    proposal: Proposal | None  # None for a read a user permission made wait, and for external calls
    call_id: str
    tool: str
    reason: str
    added_rules: tuple[Rule, ...] = ()
    arguments: dict[str, Any] = field(default_factory=dict)
    external: dict[str, Any] | None = None
    may_have_run: bool = False


@dataclass(frozen=True)
class Failed:
    """The run cannot go on: ``error`` is ``{"kind", "message"}`` (+ ``detail`` for model errors)."""

    error: dict[str, Any]
    evidence: Evidence
    checkpoint: Checkpoint
    added_rules: tuple[Rule, ...] = ()


@dataclass(frozen=True)
class Cancelled:
    """The user stopped the run; ``partial_text`` is what the model had streamed of its answer."""

    partial_text: str
    evidence: Evidence
    checkpoint: Checkpoint
    added_rules: tuple[Rule, ...] = ()


Outcome = Completed | WaitingApproval | Failed | Cancelled


@dataclass(frozen=True)
class Approve:
    """Run the pending call ``call_id`` (for a call that may have run: send it again); with ``always``,
    also allow its tool for the run or workspace."""

    call_id: str
    always: RuleScope | None = None


@dataclass(frozen=True)
class Deny:
    """Do not run the pending call (for a call that may have run: go on without it); the model reads ``reason``."""

    call_id: str
    reason: str = ""


@dataclass(frozen=True)
class NewMessage:
    """The user wrote instead of deciding: the pending call is denied and the message goes to the model."""

    text: str


@dataclass(frozen=True)
class ContinueRun:
    """Go on after a limit stopped the run, with these (raised) limits."""

    limits: BudgetLimits


UserDecision = Approve | Deny | NewMessage
