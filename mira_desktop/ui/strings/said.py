"""Window text around what services say: the agent trace's words for a verdict, a decision and a
limit, and names of things that are gone. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "said.removed_document": translate("said", "(removed)", "said.removed_document"),
    "said.verdict.allow": translate("said", "allowed", "said.verdict.allow"),
    "said.verdict.deny": translate("said", "denied", "said.verdict.deny"),
    "said.verdict.require_approval": translate("said", "asks you", "said.verdict.require_approval"),
    "said.decision.approve": translate("said", "approve", "said.decision.approve"),
    "said.decision.deny": translate("said", "deny", "said.decision.deny"),
    "said.decision.new_message": translate("said", "a new message instead", "said.decision.new_message"),
    "said.limit.model_calls": translate("said", "model calls", "said.limit.model_calls"),
    "said.limit.tool_calls": translate("said", "tool calls", "said.limit.tool_calls"),
    "said.limit.wall_time": translate("said", "time", "said.limit.wall_time"),
    "said.limit.repeats": translate("said", "repeated calls", "said.limit.repeats"),
    "said.limit.alternation": translate("said", "back-and-forth", "said.limit.alternation"),
    "said.limit.malformed_calls": translate("said", "malformed answers", "said.limit.malformed_calls"),
    "said.trace.repeat": translate("said", "not run again: the same call as before", "said.trace.repeat"),
    "said.trace.malformed": translate("said", "could not be read: {error}", "said.trace.malformed"),
    "said.trace.found_applied": translate(
        "said", "already made before Mira stopped: not made twice", "said.trace.found_applied"
    ),
}
