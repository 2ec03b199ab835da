"""How the loop reports every step, so services can persist run events and checkpoints.

Exactly-once across a kill at any point rests on two promises of the journal:
:meth:`AgentJournal.checkpoint` returns only once the checkpoint is durable (committed), and the
loop calls it with a change's intent (the proposal with its before/after hashes, phase
``executing``) *before* making the change and again *after* recording its result. A run resumed
from the last checkpoint therefore finds either no intent (nothing was done), an intent without a
result (resolved by comparing the disk with the proposal's ``after`` state, never by running it
blindly), or the result (never run again). If the journal raises, the loop stops without making
the change. A call to another program (an MCP server, ``run_command``) is journaled the same way
before it is sent; as its effect cannot be read back, a resumed run that finds its intent without a
result never sends it again on its own but waits for the user ("it may have run").
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Protocol

from mira_desktop.agent.checkpoint import Checkpoint


class AgentEvent(StrEnum):
    """Event types the loop emits (``data`` is JSON-ready)."""

    RESUMED = "agent.resumed"  # {"decision": {...} | None, "pending": id | None}
    CONTINUED = "agent.continued"  # {"limits": {...}}
    MODEL_CALL = (
        "agent.model_call"  # {"step", "mode", "format", "prompt_tokens", "completion_tokens", "tool_calls", "finish"}
    )
    # {"step", "mode", "format", "tool_choice"}: the model is asked (a call can take a minute); format
    # is how it calls tools (its own family's, "openai" for a server, "json" for Mira's grammar)
    MODEL_STARTED = "agent.model_started"
    # {"shown", "offered", "asked", "text", "phrase"} and, at a run's start, "folded" (the tools listed by name
    # only) or, after a tool_schema call, "names" (the schemas the model just asked for)
    TOOL_SCHEMAS = "agent.tool_schemas"
    NO_TOOLS = "agent.no_tools"  # {"note"}: the run answered a file task without using a tool
    INTERIM_TEXT = "agent.interim_text"  # {"text"}: text streamed before tool calls, not the answer
    TOOL_CALL = "tool.call"  # {"id", "tool", "arguments"}
    TOOL_MALFORMED = "tool.malformed"  # {"id", "tool", "error", "ends_run"}
    TOOL_REPEAT = "tool.repeat"  # {"id", "tool"}
    TOOL_DECISION = "tool.decision"  # {"id", "tool", "verdict", "reason", "rule"}
    # {"id", "tool", "reason", "proposal", "arguments", "external", "may_have_run"}
    APPROVAL_REQUIRED = "approval.required"
    APPROVAL_DECIDED = "approval.decided"  # {"id", "decision": approve|deny|new_message, "reason", "rule"}
    APPROVAL_STALE = "approval.stale"  # {"id", "paths"}: the file changed; proposed again
    CHANGE_INTENT = "change.intent"  # {"id", "proposal"}: checkpointed before the change
    CHANGE_FOUND_APPLIED = "change.found_applied"  # {"id"}: resumed; the change was already on disk
    CALL_SENDING = "tool.sending"  # {"id", "tool", "server"}: an external call, checkpointed before sending
    TOOL_RESULT = "tool.result"  # {"id", "tool", "result"}
    RULE_ADDED = "guardrail.rule_added"  # {"rule"}: persist a workspace rule
    BUDGET_STOP = "budget.stop"  # {"reason", "limits", "counters"}


class AgentJournal(Protocol):
    def event(self, type: str, data: dict[str, Any]) -> None:
        """Record one step of the run (a run event)."""
        ...

    def checkpoint(self, checkpoint: Checkpoint) -> None:
        """Persist the run's state durably before returning (see the module docstring)."""
        ...

    def delta(self, text: str) -> None:
        """A piece of the answer as it streams (coalesce before persisting)."""
        ...


