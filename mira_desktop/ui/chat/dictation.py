"""Dictation in the composer: the microphone button (and Ctrl+Shift+M) records, shows the level and
the time, and on stop transcribes the recording on this computer; the text lands in the composer at
the cursor, for the person to read and edit — it is never sent by itself.

Recording goes through a small :class:`RecordingDevice` protocol: :class:`MicrophoneRecorder` reads the
default input with QtMultimedia's ``QAudioSource`` (16 kHz mono 16-bit when the device offers it)
and writes a WAV; tests and machines without a microphone use another recorder. The transcription
runs as an operation (off the UI thread) through ``services.speech_input``; the recording is
deleted once read. The language is detected, else the window's.
"""

from __future__ import annotations

import logging
import math
import struct
import time
import wave
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

from mira_desktop.ui.chat.composer import DICTATION_SHORTCUT, Composer
from mira_desktop.ui.desktop.shortcuts import describe
from mira_desktop.ui.language.i18n import explain, language, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.speech_input.transcriber import Transcript
    from mira_desktop.ui.runtime.operations import OperationRunner

MAX_SECONDS = 120  # a recording stops by itself here: dictation is for a message, not a meeting
RATE = 16_000  # what Whisper listens at


_log = logging.getLogger(__name__)


class RecordingDevice(Protocol):
    """What dictation asks of a recorder (the microphone, or a recording played in tests)."""

    level: Any  # Signal(float): 0–1, as sound comes in
    failed: Any  # Signal(str): the device stopped (unplugged, refused), why in one sentence

    def unavailable(self) -> str | None:
        """None when it can record here, else why not (for the window to say)."""

    def start(self, path: Path) -> None:
        """Start recording into the WAV file ``path``; raises :class:`DeviceRefusedError` if it cannot."""

    def stop(self) -> Path:
        """Stop and finish the WAV; its path."""

    def discard(self) -> None:
        """Stop and delete what was recorded."""


class DeviceRefusedError(OSError):
    """The microphone would not open (busy, unplugged, or refused by the system)."""


class Recorder(QObject):
    """The signals every :class:`RecordingDevice` emits; a recorder subclasses this and provides the
    protocol's methods."""

    level = Signal(float)
    failed = Signal(str)


class MicrophoneRecorder(Recorder):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._source: Any = None
        self._device: Any = None
        self._path: Path | None = None
        self._frames = bytearray()
        self._format: tuple[int, int, int] = (1, 2, RATE)  # channels, bytes per sample, rate

    def unavailable(self) -> str | None:
        try:
            from PySide6.QtMultimedia import QMediaDevices
        except ImportError:
            return tr("dictation.no_multimedia")
        return None if QMediaDevices.audioInputs() else tr("dictation.no_microphone")

    def start(self, path: Path) -> None:
        from PySide6.QtMultimedia import QAudioFormat, QAudioSource, QMediaDevices

        device = QMediaDevices.defaultAudioInput()
        wanted = QAudioFormat()
        wanted.setSampleRate(RATE)
        wanted.setChannelCount(1)
        wanted.setSampleFormat(QAudioFormat.SampleFormat.Int16)
        chosen = wanted if device.isFormatSupported(wanted) else device.preferredFormat()
        if chosen.sampleFormat() != QAudioFormat.SampleFormat.Int16:
            chosen.setSampleFormat(QAudioFormat.SampleFormat.Int16)
        self._format = (chosen.channelCount(), 2, chosen.sampleRate())
        self._path, self._frames = path, bytearray()
        source = QAudioSource(device, chosen, self)
        source.stateChanged.connect(lambda _state: self._check(source))
        self._source = source
        self._device = source.start()
        if self._device is None:  # QAudioSource says why only through error()
            self._source = None
            raise DeviceRefusedError(
                f"the audio input {device.description()!r} did not open ({source.error()})"
            )
        self._device.readyRead.connect(self._read)

    def _read(self) -> None:
        data = bytes(self._device.readAll().data())
        self._frames += data
        self.level.emit(level_of(data))

    def _check(self, source: Any) -> None:
        from PySide6.QtMultimedia import QAudio

        if source.error() != QAudio.Error.NoError:
            self.failed.emit(tr("dictation.device_failed"))

    def stop(self) -> Path:
        assert self._path is not None
        assert self._source is not None
        self._read()
        self._source.stop()
        channels, width, rate = self._format
        write_wav(self._path, bytes(self._frames), channels, width, rate)
        self._source = self._device = None
        return self._path

    def discard(self) -> None:
        if self._source is not None:
            self._source.stop()
        self._source = self._device = None
        if self._path is not None:
            self._path.unlink(missing_ok=True)


def level_of(pcm: bytes) -> float:
    """How loud 16-bit samples are, 0–1 (their RMS on a log scale, -60 dB to 0)."""
    count = len(pcm) // 2
    if not count:
        return 0.0
    samples = struct.unpack(f"<{count}h", pcm[: count * 2])
    rms = math.sqrt(sum(s * s for s in samples) / count) / 32768
    return 0.0 if rms <= 0 else min(max((20 * math.log10(rms) + 60) / 60, 0.0), 1.0)


def write_wav(path: Path, pcm: bytes, channels: int, width: int, rate: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(width)
        out.setframerate(rate)
        out.writeframes(pcm)


class RecordingStrip(QWidget):
    """● 0:07 and the level, above the editor while recording; "Transcribing…" after."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("recordingStrip")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.label.setObjectName("recordingLabel")
        self.meter = QProgressBar()
        self.meter.setObjectName("recordingLevel")
        self.meter.setRange(0, 100)
        self.meter.setTextVisible(False)
        self.meter.setFixedSize(120, 8)
        row.addWidget(self.label)
        row.addWidget(self.meter)
        row.addStretch(1)
        self.hide()


class Dictation(QObject):
    """The mic button's behaviour: record, show the level and time, transcribe into the composer."""

    transcribed = Signal(str)  # the text put into the composer

    def __init__(
        self,
        parent: QWidget,
        *,
        services: AppServices,
        runner: OperationRunner,
        composer: Composer,
        recorder: RecordingDevice | None = None,
    ) -> None:
        super().__init__(parent)
        self.speech = services.speech_input
        self.runner = runner
        self.composer = composer
        self.recorder = recorder or MicrophoneRecorder(self)
        self.strip = RecordingStrip()
        composer.show_dictation_strip(self.strip)
        self.recording = False
        self.busy = False  # a recording is being transcribed
        self._started = 0.0
        self._clock = QTimer(self)  # the time shown while recording
        self._clock.setInterval(200)
        self._clock.timeout.connect(self._tick)
        composer.mic_button.clicked.connect(self.toggle)
        describe(QShortcut(QKeySequence(DICTATION_SHORTCUT), parent, self._by_key), "shortcuts.dictate")
        self._connected: RecordingDevice | None = None
        self._connect(self.recorder)

    def _connect(self, recorder: RecordingDevice) -> None:
        if self._connected is not recorder:
            recorder.level.connect(self._show_level)
            recorder.failed.connect(self._device_failed)
            self._connected = recorder

    def _by_key(self) -> None:
        if self.composer.mic_button.isEnabled():
            self.toggle()

    def toggle(self) -> None:
        if self.busy:
            self.composer.mic_button.setChecked(False)
            return
        if self.recording:
            self.stop()
        else:
            self.start()

    def start(self) -> None:
        self._connect(self.recorder)
        why = self.recorder.unavailable()
        if why:
            self.composer.mic_button.setChecked(False)
            self.composer.show_notice(why)
            return
        path = self.speech.new_recording_path(time.strftime("dictation-%Y%m%d-%H%M%S.wav"))
        self.strip.meter.setValue(0)
        try:
            self.recorder.start(path)
        except (
            DeviceRefusedError
        ) as exc:  # said in the window's language; the device's own words go to the log
            _log.warning("dictation: %s", exc)
            self.composer.mic_button.setChecked(False)
            self.composer.show_notice(tr("dictation.device_failed"))
            return
        self.recording = True
        self._started = time.monotonic()
        self.composer.mic_button.setChecked(True)
        self.composer.mic_button.setAccessibleName(tr("dictation.stop"))
        self.composer.show_notice("")
        self._tick()
        self.strip.show()
        self._clock.start()

    def stop(self) -> None:
        """Stop recording and transcribe what was said into the composer."""
        if not self.recording:
            return
        self._end_recording()
        path = self.recorder.stop()
        self.busy = True
        self.composer.mic_button.setEnabled(False)
        self.strip.label.setText(tr("dictation.transcribing"))
        self.strip.meter.hide()
        self.strip.show()
        speech, fallback = self.speech, language()
        # The operation's token: closing the window stops the transcription between two segments.
        op = self.runner.op(self, lambda: speech.transcribe_recording(path, fallback=fallback, cancel=op.token))
        op.success(self._heard).failure(self._not_heard).run()

    def cancel(self) -> None:
        """Stop recording and throw the recording away (Esc while recording)."""
        if self.recording:
            self._end_recording()
            self.recorder.discard()
            self.strip.hide()

    def _end_recording(self) -> None:
        self.recording = False
        self._clock.stop()
        self.composer.mic_button.setChecked(False)
        self.composer.mic_button.setAccessibleName(tr("dictation.start"))

    def _tick(self) -> None:
        seconds = int(time.monotonic() - self._started)
        self.strip.label.setText(tr("dictation.recording", time=f"{seconds // 60}:{seconds % 60:02d}"))
        if seconds >= MAX_SECONDS:
            self.stop()

    def _show_level(self, value: float) -> None:
        self.strip.meter.setValue(round(value * 100))

    def _device_failed(self, why: str) -> None:
        if self.recording:
            self.cancel()
            self.composer.show_notice(why)

    def _heard(self, transcript: Transcript) -> None:
        self._done()
        self.composer.insert_text(transcript.text)
        self.transcribed.emit(transcript.text)

    def _not_heard(self, error: BaseException) -> None:
        self._done()
        self.composer.show_notice(explain(error))

    def _done(self) -> None:
        self.busy = False
        self.composer.mic_button.setEnabled(self.composer.editor.isEnabled())
        self.strip.hide()
        self.strip.meter.show()
