"""Window text: thread actions and the context summary. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "thread.memory": translate("thread", "Use memory in this thread", "thread.memory"),
    "thread.speak": translate("thread", "Speak answers", "thread.speak"),
    "thread.picture": translate("thread", "Picture with each answer", "thread.picture"),
    "thread.picture_unavailable": translate(
        "thread", "No pictures here: {reason}", "thread.picture_unavailable"
    ),
    "thread.untitled": translate("thread", "Untitled", "thread.untitled"),
    "thread.default_model": translate("thread", "default model", "thread.default_model"),
    "thread.default_named": translate("thread", "default: {name}", "thread.default_named"),
    "thread.menu": translate("thread", "Thread actions", "thread.menu"),
    "thread.rename": translate("thread", "Rename…", "thread.rename"),
    "thread.title": translate("thread", "Title", "thread.title"),
    "thread.summary": translate("thread", "Context summary…", "thread.summary"),
    "thread.archive": translate("thread", "Archive", "thread.archive"),
    "thread.unarchive": translate("thread", "Unarchive", "thread.unarchive"),
    "thread.export": translate("thread", "Export thread", "thread.export"),
    "thread.exported": translate("thread", "Saved {path}.", "thread.exported"),
    "thread.export_md": translate("thread", "Export as Markdown…", "thread.export_md"),
    "thread.export_json": translate("thread", "Export as JSON (all branches)…", "thread.export_json"),
    "thread.import_json": translate("thread", "Import a JSON thread…", "thread.import_json"),
    "thread.delete": translate("thread", "Move to trash", "thread.delete"),
    "thread.trashed": translate("thread", "Moved “{title}” to the trash.", "thread.trashed"),
    "summary.title": translate("summary", "Context summary", "summary.title"),
    "summary.explain": translate(
        "summary",
        "Sent to the model before the conversation, never shown as a message. Long threads refresh it automatically.",
        "summary.explain",
    ),
    "summary.generate": translate("summary", "Generate", "summary.generate"),
    "summary.clear": translate("summary", "Clear", "summary.clear"),
    "summary.loading": translate("summary", "Reading the summary…", "summary.loading"),
    "summary.saved": translate("summary", "Saved.", "summary.saved"),
    "summary.cleared": translate("summary", "Cleared.", "summary.cleared"),
    "summary.generating": translate("summary", "Summarizing with the thread's model…", "summary.generating"),
    "summary.generated": translate(
        "summary", "Generated; edit it if you like, then Save.", "summary.generated"
    ),
}
