"""Window text: Settings → Local server. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "localserver.tab": translate("localserver", "Local server", "localserver.tab"),
    "localserver.hint": translate(
        "localserver",
        "Other programs (an editor, a script) can use the models Mira has loaded through an OpenAI-compatible address, while this window is open. `mira serve` does the same without the window.",
        "localserver.hint",
    ),
    "localserver.enabled": translate(
        "localserver", "Serve Mira's models to other programs", "localserver.enabled"
    ),
    "localserver.port": translate("localserver", "Port", "localserver.port"),
    "localserver.lan": translate(
        "localserver", "Also answer other computers on the local network (with the token)", "localserver.lan"
    ),
    "localserver.serving": translate("localserver", "Serving on {url}", "localserver.serving"),
    "localserver.stopped": translate("localserver", "Not serving.", "localserver.stopped"),
    "localserver.new_token": translate("localserver", "Make a new token", "localserver.new_token"),
    "localserver.token_shown": translate(
        "localserver",
        "The new token, shown only now: copy it into the other program. The old one no longer works.",
        "localserver.token_shown",
    ),
    "localserver.token_kept": translate(
        "localserver", "A token is kept in the keyring (it is not shown again).", "localserver.token_kept"
    ),
    "localserver.token_none": translate("localserver", "No token yet.", "localserver.token_none"),
    "localserver.requests": translate(
        "localserver", "Requests served since the window opened", "localserver.requests"
    ),
    "localserver.request_line": translate(
        "localserver",
        "{client} · {model} · {status} · {prompt} + {completion} tokens · {seconds} s · {outcome}",
        "localserver.request_line",
    ),
    "localserver.outcome_completed": translate("localserver", "answered", "localserver.outcome_completed"),
    "localserver.outcome_cancelled": translate("localserver", "stopped", "localserver.outcome_cancelled"),
    "localserver.outcome_refused": translate("localserver", "refused", "localserver.outcome_refused"),
    "localserver.outcome_failed": translate("localserver", "failed", "localserver.outcome_failed"),
    "localserver.stop": translate("localserver", "Stop the chosen request", "localserver.stop"),
    "localserver.in_progress": translate("localserver", "Requests in progress", "localserver.in_progress"),
    "localserver.answering": translate(
        "localserver", "#{id} {client} — {model}: being answered", "localserver.answering"
    ),
    "localserver.queued": translate(
        "localserver", "#{id} {client} — {model}: waiting, {ahead} ahead", "localserver.queued"
    ),
}
