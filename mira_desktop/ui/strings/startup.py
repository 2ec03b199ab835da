"""Window text: start-up: what the composer says about text typed before the model is ready. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "startup.typed_while_loading": translate(
        "startup",
        "The model is still loading: your message waits here, and Enter sends it as soon as the model is ready.",
        "startup.typed_while_loading",
    ),
    "startup.queued": translate(
        "startup",
        "Sends as soon as the model is ready. Esc or an edit keeps it here unsent.",
        "startup.queued",
    ),
    "startup.typed_unavailable": translate(
        "startup",
        "Not sent: the model could not be loaded (see the status bar). Your message stays here; pick another model to send it.",
        "startup.typed_unavailable",
    ),
    "startup.send_tip": translate(
        "startup", "The model is loading: Send queues the message until it is ready", "startup.send_tip"
    ),
}
