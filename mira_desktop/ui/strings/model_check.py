"""Window text: the model check (Settings → Models, Get models, the header's picker, model roles)."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "check.heading": translate("check", "Model check on this machine", "check.heading"),
    "check.run": translate("check", "Check this model", "check.run"),
    "check.run_tip": translate(
        "check",
        "Runs a short suite here: speed, four agent tasks with Mira's file tools in a scratch folder and four "
        "knowledge questions (English and Chinese). Takes a few minutes for a local model.",
        "check.run_tip",
    ),
    "check.cancel": translate("check", "Cancel", "check.cancel"),
    "check.cancelled": translate("check", "Check cancelled: nothing was kept.", "check.cancelled"),
    "check.never": translate("check", "Not checked yet.", "check.never"),
    "check.pick": translate("check", "Pick a model to see its check.", "check.pick"),
    "check.row.date": translate("check", "Checked", "check.row.date"),
    "check.row.machine": translate("check", "Machine", "check.row.machine"),
    "check.row.speed": translate("check", "Speed", "check.row.speed"),
    "check.row.agent": translate("check", "Agent tasks", "check.row.agent"),
    "check.row.knowledge": translate("check", "Knowledge answers", "check.row.knowledge"),
    "check.row.thinking": translate("check", "Thought", "check.row.thinking"),
    "check.row.tools": translate("check", "Calls tools as", "check.row.tools"),
    "check.row.result": translate("check", "Result", "check.row.result"),
    "check.machine": translate("check", "{cpu}, {cores} cores, {memory} GB memory", "check.machine"),
    "check.speed": translate(
        "check", "first token {first} ms, {rate} tokens/s with a window of {window} tokens", "check.speed"
    ),
    "check.speed_none": translate("check", "no answer to time", "check.speed_none"),
    "check.score": translate("check", "{passed} of {total}", "check.score"),
    "check.yes": translate("check", "yes", "check.yes"),
    "check.no": translate("check", "no", "check.no"),
    "check.passed": translate("check", "✓ {task}", "check.passed"),
    "check.failed": translate("check", "✗ {task}: {why}", "check.failed"),
    "check.summary": translate(
        "check", "Checked {date}: agent {agent} · knowledge {knowledge} · {rate} tokens/s", "check.summary"
    ),
    "check.summary_failed": translate("check", "Checked {date}: {why}", "check.summary_failed"),
}
