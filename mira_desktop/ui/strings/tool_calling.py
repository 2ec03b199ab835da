"""Window text: how a model calls tools and whether its template has a thinking switch (Settings →
Models, the agent's trace). The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "toolcalls.line": translate("toolcalls", "Tool calls: {how}", "toolcalls.line"),
    "toolcalls.how.json": translate(
        "toolcalls", "Mira's JSON grammar (its template renders no tools)", "toolcalls.how.json"
    ),
    "toolcalls.how.hermes": translate(
        "toolcalls", "in its own format (Hermes / Qwen <tool_call>)", "toolcalls.how.hermes"
    ),
    "toolcalls.how.llama3": translate(
        "toolcalls", "in its own format (Llama 3, a JSON reply)", "toolcalls.how.llama3"
    ),
    "toolcalls.how.mistral": translate(
        "toolcalls", "in its own format (Mistral [TOOL_CALLS])", "toolcalls.how.mistral"
    ),
    "toolcalls.how.mistral_args": translate(
        "toolcalls", "in its own format (Mistral [TOOL_CALLS] … [ARGS])", "toolcalls.how.mistral_args"
    ),
    "toolcalls.how.gpt_oss": translate(
        "toolcalls", "in its own format (gpt-oss harmony)", "toolcalls.how.gpt_oss"
    ),
    "toolcalls.how.gemma4": translate("toolcalls", "Gemma 4's own format", "toolcalls.how.gemma4"),
    "toolcalls.how.openai": translate("toolcalls", "the server's native calls", "toolcalls.how.openai"),
    "toolcalls.thinking_yes": translate(
        "toolcalls",
        "Thinking switch: yes, its template can turn thinking on or off",
        "toolcalls.thinking_yes",
    ),
    "toolcalls.thinking_no": translate(
        "toolcalls", "Thinking switch: no, its template has none", "toolcalls.thinking_no"
    ),
    "toolcalls.required": translate(
        "toolcalls",
        "A call was required: the call's grammar started at the reply's first token.",
        "toolcalls.required",
    ),
    "agent.model_call_how": translate(
        "agent", "Model call {step}: {tokens} tokens · tool calls: {how}", "agent.model_call_how"
    ),
}
