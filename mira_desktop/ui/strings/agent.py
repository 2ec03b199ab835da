"""Window text: agent runs: trace, approvals, undo. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "agent.steps": translate("agent", "Steps ({count})", "agent.steps"),
    "agent.model_call": translate("agent", "Model call {step}: {tokens} tokens", "agent.model_call"),
    "agent.stopped": translate("agent", "Stopped by the {reason} limit", "agent.stopped"),
    "agent.undone": translate("agent", "Undone", "agent.undone"),
    "agent.undo": translate("agent", "Undo run…", "agent.undo"),
    "agent.undo_tip": translate("agent", "Put back every file this run changed:", "agent.undo_tip"),
    "agent.undo_confirm": translate(
        "agent", "Put back these files as they were before the run?\n\n{files}", "agent.undo_confirm"
    ),
    "agent.continue": translate("agent", "Continue run", "agent.continue"),
    "agent.changed": translate("agent", "Changed: {files}", "agent.changed"),
    "agent.approve": translate("agent", "Approve", "agent.approve"),
    "agent.deny": translate("agent", "Deny", "agent.deny"),
    "agent.deny_reason": translate("agent", "Tell the agent why (optional):", "agent.deny_reason"),
    "agent.always_run": translate("agent", "Always for this run", "agent.always_run"),
    "agent.always_workspace": translate("agent", "Always for this workspace", "agent.always_workspace"),
    "agent.wants": translate("agent", "The agent wants to {tool}: {what}", "agent.wants"),
    "agent.why.write": translate(
        "agent",
        "{tool} creates or changes files in the workspace, so it needs your approval.",
        "agent.why.write",
    ),
    "agent.why.destructive": translate(
        "agent",
        "{tool} removes or moves files in the workspace, so it needs your approval.",
        "agent.why.destructive",
    ),
    "agent.decision": translate("agent", "{verdict}: {reason}", "agent.decision"),
    "agent.asked": translate("agent", "asked for your approval", "agent.asked"),
    "agent.decided": translate("agent", "you chose: {decision}", "agent.decided"),
    "agent.stale": translate("agent", "the file changed since: proposed again", "agent.stale"),
    "agent.waiting_banner": translate(
        "agent", "%Ln agent run(s) wait for your approval: {links}", "agent.waiting_banner", 1
    ),
}
