"""The composer's microphone with a recorder that plays speech made with Piper (this machine has no
microphone): recording shows the time and level, stopping transcribes with the real faster-whisper
into the composer — never sent —, the shortcut does the same, and a machine without a microphone
is told so in the window."""

from __future__ import annotations

import shutil
import struct
from pathlib import Path

import pytest
from PySide6.QtGui import QKeySequence, QShortcut
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.chat.dictation import DeviceRefusedError, MicrophoneRecorder, Recorder, level_of
from mira_desktop.ui.language.i18n import tr
from tests.gui.support import open_window
from tests.support.speech import piper_wav, word_error_rate

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("heavy_libraries_loaded")]
QUESTION = "What is the emergency launch code for the escape capsule?"


class PlayedRecorder(Recorder):
    """A recorder whose "microphone" is a WAV made before: what a person would have said."""

    def __init__(self, speech: Path | None, why_not: str | None = None) -> None:
        super().__init__()
        self.speech, self.why_not = speech, why_not
        self.path: Path | None = None
        self.discarded = False

    def unavailable(self) -> str | None:
        return self.why_not

    def start(self, path: Path) -> None:
        self.path = path
        self.level.emit(0.42)

    def stop(self) -> Path:
        assert self.path is not None
        assert self.speech is not None
        shutil.copyfile(self.speech, self.path)
        return self.path

    def discard(self) -> None:
        self.discarded = True


def test_dictation_records_shows_time_and_level_and_puts_the_text_in_the_composer_unsent(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    window = open_window(qtbot, app_services, ready=True)
    recorder = PlayedRecorder(piper_wav(QUESTION, tmp_path / "spoken.wav"))
    window.dictation.recorder = recorder
    window.composer.editor.setPlainText("Quick question:")
    window.composer.editor.moveCursor(window.composer.editor.textCursor().MoveOperation.End)
    window.composer.mic_button.click()
    strip = window.dictation.strip
    assert window.dictation.recording
    assert strip.isVisible()
    assert strip.label.text().startswith("● Recording 0:0")
    assert strip.meter.value() == 42
    assert window.composer.mic_button.isChecked()

    window.composer.mic_button.click()
    assert strip.label.text() == "Transcribing what you said…"
    assert not window.composer.mic_button.isEnabled()
    qtbot.waitUntil(lambda: not window.dictation.busy, timeout=120_000)
    text = window.composer.editor.toPlainText()
    assert text.startswith("Quick question: ")
    assert word_error_rate(QUESTION, text.removeprefix("Quick question: ")) <= 0.4, (
        text
    )  # Piper varies a little per take
    assert not strip.isVisible()
    assert window.composer.mic_button.isEnabled()
    assert recorder.path is not None
    assert not recorder.path.exists()  # the recording is deleted once read
    assert app_services.threads.list() == []  # nothing was sent
    assert not window.controller.state.busy
    window.close()


def test_the_shortcut_dictates_too(qtbot: QtBot, app_services: AppServices, tmp_path: Path) -> None:
    """The window's Ctrl+Shift+M starts and stops it (offscreen Qt has no active window to send
    keys to, so the shortcut is activated as Qt does on the key; the key itself was pressed with
    xdotool in an X session, see the report)."""
    window = open_window(qtbot, app_services, ready=True)
    window.dictation.recorder = PlayedRecorder(piper_wav("Hello Mira.", tmp_path / "hello.wav"))
    (shortcut,) = [s for s in window.findChildren(QShortcut) if s.key() == QKeySequence("Ctrl+Shift+M")]
    assert window.composer.mic_button.toolTip().startswith("Dictate (Ctrl+Shift+M)")
    shortcut.activated.emit()
    assert window.dictation.recording
    shortcut.activated.emit()
    qtbot.waitUntil(
        lambda: not window.dictation.busy and bool(window.composer.editor.toPlainText()), timeout=120_000
    )
    assert "hello" in window.composer.editor.toPlainText().lower()
    window.close()


def test_without_a_microphone_the_composer_says_so(qtbot: QtBot, app_services: AppServices) -> None:
    window = open_window(qtbot, app_services, ready=True)
    window.dictation.recorder = PlayedRecorder(None, why_not="No microphone was found: connect one.")
    window.composer.mic_button.click()
    assert not window.dictation.recording
    assert not window.composer.mic_button.isChecked()
    assert window.composer.notice.text() == "No microphone was found: connect one."
    window.close()


def test_the_real_recorder_on_a_computer_without_a_microphone_says_so(
    qtbot: QtBot, app_services: AppServices
) -> None:
    from PySide6.QtMultimedia import QMediaDevices

    if QMediaDevices.audioInputs():
        pytest.skip("this computer has a microphone: the real recorder would record")
    window = open_window(qtbot, app_services, ready=True)
    assert isinstance(window.dictation.recorder, MicrophoneRecorder)  # the one the window uses
    window.composer.mic_button.click()
    assert not window.dictation.recording
    assert not window.composer.mic_button.isChecked()
    assert window.composer.notice.text() == tr("dictation.no_microphone")
    window.close()


def test_silence_is_said_in_the_composer(qtbot: QtBot, app_services: AppServices, tmp_path: Path) -> None:
    from tests.support.speech import silence_wav

    window = open_window(qtbot, app_services, ready=True)
    window.dictation.recorder = PlayedRecorder(silence_wav(tmp_path / "quiet.wav"))
    window.composer.mic_button.click()
    window.composer.mic_button.click()
    qtbot.waitUntil(lambda: not window.dictation.busy, timeout=120_000)
    assert window.composer.notice.text().startswith("No speech was heard in dictation-")
    assert window.composer.editor.toPlainText() == ""
    window.close()


def test_the_level_follows_the_loudness() -> None:
    quiet = struct.pack("<4h", 0, 0, 0, 0)
    loud = struct.pack("<4h", 30000, -30000, 30000, -30000)
    assert level_of(quiet) == 0.0
    assert level_of(loud) > 0.95


class RefusedRecorder(PlayedRecorder):
    """A microphone the system will not open."""

    def start(self, path: Path) -> None:
        raise DeviceRefusedError("the audio input 'Built-in' did not open (Error.OpenError)")


def test_a_microphone_that_will_not_open_is_said_in_one_sentence_without_the_devices_words(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = open_window(qtbot, app_services, ready=True)
    window.dictation.recorder = RefusedRecorder(None)
    window.composer.mic_button.click()
    assert not window.dictation.recording
    assert not window.composer.mic_button.isChecked()
    qtbot.waitUntil(lambda: "check that it is connected" in window.composer.notice.text())
    assert "OpenError" not in window.composer.notice.text()  # the device's words go to the log
    window.close()
