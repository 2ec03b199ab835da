"""Window text: the conversation: composer, context meter, messages, header. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "header.agent": translate("header", "Agent", "header.agent"),
    "header.agent_tip": translate(
        "header",
        "Agent mode: the model may read and (with your approval) change files in the chosen workspace",
        "header.agent_tip",
    ),
    "header.workspace_tip": translate("header", "The folder agent runs work in", "header.workspace_tip"),
    "header.thinking": translate("header", "Thinking", "header.thinking"),
    "header.thinking_tip": translate(
        "header",
        "Let the model reason before it answers: its reasoning is shown collapsed above the answer and never sent back",
        "header.thinking_tip",
    ),
    "message.thinking": translate("message", "Thinking…", "message.thinking"),
    "message.thought_for": translate("message", "Thought for {seconds} s", "message.thought_for"),
    "message.thinking_copy": translate("message", "Copy thinking", "message.thinking_copy"),
    "message.thinking_tip": translate(
        "message", "Show or hide how the model reasoned before answering", "message.thinking_tip"
    ),
    "composer.loading": translate("composer", "Loading the model…", "composer.loading"),
    "composer.unavailable": translate(
        "composer", "The model is not available: see the status bar.", "composer.unavailable"
    ),
    "composer.placeholder": translate(
        "composer", "Message {name} — Enter to send, Shift+Enter for a new line", "composer.placeholder"
    ),
    "composer.send": translate("composer", "Send", "composer.send"),
    "composer.attach": translate("composer", "Attach a file", "composer.attach"),
    "composer.attach_tip": translate(
        "composer",
        "Attach a file ({shortcut}): an image, text, code, PDF or Office document — or drop one here, or paste an image",
        "composer.attach_tip",
    ),
    "composer.attaching": translate("composer", "Reading {name}…", "composer.attaching"),
    "message.stopped": translate("message", "stopped", "message.stopped"),
    "message.error": translate("message", "error", "message.error"),
    "composer.stop": translate("composer", "Stop", "composer.stop"),
    "composer.stop_tip": translate(
        "composer", "Stop writing (Esc); the text so far is kept", "composer.stop_tip"
    ),
    "composer.usage": translate("composer", "Context: {used} / {window} tokens", "composer.usage"),
    "composer.usage_why": translate(
        "composer", "Context: {used} / {window} tokens ({reason})", "composer.usage_why"
    ),
    "meter.tip": translate("meter", "What the next request holds:", "meter.tip"),
    "meter.tool_schemas": translate(
        "meter",
        "Tool schemas: {shown} of {offered} shown; the others by name until the model asks for them",
        "meter.tool_schemas",
    ),
    "meter.role": translate("meter", "Role", "meter.role"),
    "meter.summary": translate("meter", "Summary", "meter.summary"),
    "meter.memory": translate("meter", "Memory", "meter.memory"),
    "meter.agent": translate("meter", "Agent context", "meter.agent"),
    "meter.history": translate("meter", "Conversation", "meter.history"),
    "meter.passages": translate("meter", "Knowledge passages (at most)", "meter.passages"),
    "meter.attachment": translate("meter", "Attachment", "meter.attachment"),
    "chat.show_earlier": translate("chat", "Show earlier messages", "chat.show_earlier"),
    "chat.show_earlier_n": translate(
        "chat", "Show %Ln earlier messages", "chat.show_earlier_n", 1
    ).counted_by("n"),
    "message.you": translate("message", "You", "message.you"),
    "message.mira": translate("message", "Mira", "message.mira"),
    "message.copy": translate("message", "Copy", "message.copy"),
    "message.edit": translate("message", "Edit", "message.edit"),
    "message.regenerate": translate("message", "New answer", "message.regenerate"),
    "message.retry": translate("message", "Try again", "message.retry"),
    "message.delete": translate("message", "Delete", "message.delete"),
    "message.delete_tip": translate(
        "message", "Delete this message and the replies below it", "message.delete_tip"
    ),
    "message.model": translate("message", "Model: {name}", "message.model"),
    "message.fork_here": translate("message", "New thread from here", "message.fork_here"),
    "message.fork_onward": translate("message", "New thread from this message on", "message.fork_onward"),
    "chat.forked_from": translate("chat", "Forked from “{title}”", "chat.forked_from"),
    "chat.forked_from_tip": translate(
        "chat", "Open the message this thread was made from", "chat.forked_from_tip"
    ),
    "chat.forked_from_gone": translate(
        "chat", "Forked from “{title}”, which is no longer here", "chat.forked_from_gone"
    ),
    "message.delete_confirm": translate(
        "message",
        "Delete this message and every reply below it? Other branches are kept.",
        "message.delete_confirm",
    ),
    "message.sources": translate("message", "Sources:", "message.sources"),
    "message.save_and_send": translate("message", "Save and send", "message.save_and_send"),
    "message.cancel": translate("message", "Cancel", "message.cancel"),
    "message.previous_branch": translate("message", "Previous version", "message.previous_branch"),
    "message.next_branch": translate("message", "Next version", "message.next_branch"),
    "message.stopped_note": translate(
        "message", "Stopped — the text so far is kept.", "message.stopped_note"
    ),
    "message.error_note": translate("message", "Failed: {error}", "message.error_note"),
    # Before a model's or server's English error, in a window in another language: what happened.
    "model_error.unreachable": translate(
        "model_error", "The model server cannot be reached.", "model_error.unreachable"
    ),
    "model_error.timeout": translate(
        "model_error", "The model took too long to answer.", "model_error.timeout"
    ),
    "model_error.auth": translate("model_error", "The server refused the API key.", "model_error.auth"),
    "model_error.rate_limit": translate(
        "model_error", "The server asks to slow down.", "model_error.rate_limit"
    ),
    "model_error.context_overflow": translate(
        "model_error", "The conversation is too long for the model.", "model_error.context_overflow"
    ),
    "model_error.model_error": translate("model_error", "The model failed.", "model_error.model_error"),
    "message.writing": translate("message", "Writing…", "message.writing"),
    "message.continue": translate("message", "Continue", "message.continue"),
    "message.waiting_note": translate("message", "Waiting for your approval.", "message.waiting_note"),
    "message.continue_tip": translate(
        "message",
        "Carry on from where the answer stopped (a new version that starts with this text)",
        "message.continue_tip",
    ),
    "message.copy_code": translate("message", "Copy", "message.copy_code"),
    "message.copy_selection": translate("message", "Copy selection", "message.copy_selection"),
    "message.cut_off_note": translate(
        "message",
        "Cut off: the answer reached its length limit. Continue to read the rest.",
        "message.cut_off_note",
    ),
    "message.unsupported": translate(
        "message",
        "%Ln sentence(s) of this answer are not found in the sources shown.",
        "message.unsupported",
        1,
    ).counted_by("count"),
    "message.cited_by_mira": translate(
        "message",
        "Mira tied %Ln sentence(s) to their sources: the model did not cite them.",
        "message.cited_by_mira",
        1,
    ).counted_by("count"),
    "message.unsupported_list": translate(
        "message", "Not found in the sources — check these yourself:", "message.unsupported_list"
    ),
    "message.repeating_note": translate(
        "message", "Stopped by Mira: the answer began repeating itself.", "message.repeating_note"
    ),
    "header.role_tip": translate("header", "The role (persona) of this thread", "header.role_tip"),
    "header.kb_tip": translate("header", "Answer from this knowledge base, with sources", "header.kb_tip"),
    "header.no_role": translate("header", "No role", "header.no_role"),
    "header.no_kb": translate("header", "No knowledge base", "header.no_kb"),
    "header.role_draft": translate("header", "draft: not used", "header.role_draft"),
    "header.role_archived": translate("header", "archived: not used", "header.role_archived"),
    "header.default_model": translate("header", "Default ({name})", "header.default_model"),
    "header.model_tip": translate("header", "The model this thread uses", "header.model_tip"),
    "header.window_tip": translate(
        "header",
        "The context window of this thread's model: how much of the conversation it reads at once. Settings → Models changes it.",
        "header.window_tip",
    ),
    "window.tokens": translate("window", "{tokens} tokens — {reason}", "window.tokens"),
    "window.tokens_only": translate("window", "{tokens} tokens", "window.tokens_only"),
    "window.reason_trained": translate("window", "what the model was trained for", "window.reason_trained"),
    "window.reason_memory": translate("window", "what memory allows", "window.reason_memory"),
    "window.reason_setting": translate("window", "your setting", "window.reason_setting"),
    "header.get_models": translate("header", "Get more models…", "header.get_models"),
}
