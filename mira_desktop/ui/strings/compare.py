"""Window text: two models side by side (the Compare dialog, its entries in the composer and a message's menu)."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "compare.title": translate("compare", "Compare two models", "compare.title"),
    "compare.action": translate("compare", "Compare…", "compare.action"),
    "compare.action_tip": translate(
        "compare", "Send this message to two models and see both answers side by side", "compare.action_tip"
    ),
    "compare.message_action": translate("compare", "Compare two models…", "compare.message_action"),
    "compare.question": translate("compare", "Message: {text}", "compare.question"),
    "compare.first": translate("compare", "First model", "compare.first"),
    "compare.second": translate("compare", "Second model", "compare.second"),
    "compare.start": translate("compare", "Compare", "compare.start"),
    "compare.stop": translate("compare", "Stop both", "compare.stop"),
    "compare.keep": translate("compare", "Keep this answer", "compare.keep"),
    "compare.keep_tip": translate(
        "compare", "Show this answer in the thread; the other stays a branch beside it", "compare.keep_tip"
    ),
    "compare.waiting": translate("compare", "Waiting for its turn…", "compare.waiting"),
    "compare.writing": translate("compare", "Writing…", "compare.writing"),
    "compare.speed": translate("compare", "First token {first} ms · {rate} tokens/s", "compare.speed"),
    "compare.speed_first": translate("compare", "First token {first} ms", "compare.speed_first"),
    "compare.ended_completed": translate("compare", "Done", "compare.ended_completed"),
    "compare.ended_cancelled": translate(
        "compare", "Stopped: the text so far is kept", "compare.ended_cancelled"
    ),
    "compare.ended_failed": translate("compare", "Failed: {error}", "compare.ended_failed"),
    "compare.kept": translate(
        "compare", "The answer of {model} is kept; the other is a branch beside it.", "compare.kept"
    ),
}
