"""Window text: dictation in the composer. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "dictation.tip": translate(
        "dictation",
        "Dictate ({shortcut}): speak, then press again; the text goes into the message for you to check before sending",
        "dictation.tip",
    ),
    "dictation.start": translate("dictation", "Dictate", "dictation.start"),
    "dictation.stop": translate("dictation", "Stop dictating", "dictation.stop"),
    "dictation.recording": translate(
        "dictation", "● Recording {time} — press the microphone again to stop", "dictation.recording"
    ),
    "dictation.transcribing": translate("dictation", "Transcribing what you said…", "dictation.transcribing"),
    "dictation.no_microphone": translate(
        "dictation",
        "No microphone was found: connect one (or allow Mira to use it) and try again.",
        "dictation.no_microphone",
    ),
    "dictation.no_multimedia": translate(
        "dictation",
        "Dictation needs QtMultimedia (PySide6-Addons): reinstall Mira.",
        "dictation.no_multimedia",
    ),
    "dictation.device_failed": translate(
        "dictation",
        "The microphone stopped recording: check that it is connected and try again.",
        "dictation.device_failed",
    ),
}
