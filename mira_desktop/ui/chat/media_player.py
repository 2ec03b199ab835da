"""The media under an answer: a player for its speech (QtMultimedia), its picture, and — for one that
failed or is still being made — the reason or the progress, with Stop and Speak again.

QtMultimedia comes with PySide6-Addons and is imported when Play is first pressed (the length shows
from the WAV's header before), so neither the window's start nor each answer with speech pays for
starting the multimedia backend; without it the button opens the WAV in the system's player.
"""

from __future__ import annotations

import wave
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QToolButton, QVBoxLayout, QWidget

from mira_desktop.ui.desktop.external_open import open_externally
from mira_desktop.ui.language.i18n import say, tr
from mira_desktop.ui.look.icons import themed

if TYPE_CHECKING:
    from mira_desktop.services.media.service import MediaView

IMAGE_WIDTH = 320


def _wav_length_ms(path: str) -> int:
    """The WAV's length from its header (0 when it cannot be read): shown before any playback."""
    try:
        with wave.open(path, "rb") as audio:
            return int(audio.getnframes() * 1000 / max(audio.getframerate(), 1))
    except (OSError, EOFError, wave.Error):
        return 0


def audio_outputs() -> list[Any]:
    """The sound output devices Qt can play to (none on a machine without sound, or in a container)."""
    from PySide6.QtMultimedia import QMediaDevices

    return list(QMediaDevices.audioOutputs())


def _clock(ms: int) -> str:
    seconds = max(ms, 0) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


class AudioPlayer(QWidget):
    """Play / pause and the position of one WAV."""

    def __init__(self, path: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("audioPlayer")
        self.path = path
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.play_button = QPushButton(tr("media.play"))
        themed(self.play_button, "play", 16)
        self.position_label = QLabel("0:00")
        self.position_label.setObjectName("muted")
        row.addWidget(self.play_button)
        row.addWidget(self.position_label, 1)
        self.player: Any = None  # made on the first Play: the multimedia backend starts only then
        self._output: Any = None
        self._length_ms = _wav_length_ms(path)
        self.position_label.setText(f"0:00 / {_clock(self._length_ms)}")
        self.play_button.clicked.connect(self.toggle)

    def ensure_player(self) -> bool:
        """Make the media player for the WAV (QtMultimedia); False when it is not installed, in
        which case the button opens the WAV in the system's player instead."""
        if self.player is not None:
            return True
        try:
            from PySide6.QtMultimedia import QAudioOutput, QMediaPlayer
        except ImportError:
            self.play_button.setText(tr("media.open"))
            self.play_button.setToolTip(tr("media.no_player"))
            self.play_button.clicked.disconnect()
            self.play_button.clicked.connect(self._open_elsewhere)
            return False
        self.player = QMediaPlayer(self)
        self._output = QAudioOutput(self)
        self.player.setAudioOutput(self._output)
        self.player.positionChanged.connect(self._moved)
        self.player.durationChanged.connect(self._moved)
        self.player.playbackStateChanged.connect(self._state_changed)
        self.player.setSource(QUrl.fromLocalFile(self.path))
        return True

    def toggle(self) -> None:
        if self.player is None and self._no_sound_device():
            return
        if not self.ensure_player():
            self._open_elsewhere()
            return
        from PySide6.QtMultimedia import QMediaPlayer

        if self.player.playbackState() == QMediaPlayer.PlaybackState.PlayingState:
            self.player.pause()
        else:
            self.player.play()

    def _no_sound_device(self) -> bool:
        """With no sound output device playing would be silent: say so, and offer the system's
        player instead (True), before any player is made."""
        try:
            outputs = audio_outputs()
        except ImportError:
            return False  # no QtMultimedia: ensure_player offers the system's player
        if outputs:
            return False
        self.position_label.setText(tr("look.no_audio_device"))
        self.position_label.setObjectName("mediaNote")
        self.position_label.setProperty("level", "warning")
        self.position_label.style().unpolish(self.position_label)
        self.position_label.style().polish(self.position_label)
        self.play_button.setText(tr("media.open"))
        self.play_button.setToolTip(tr("look.no_audio_device_tip"))
        self.play_button.clicked.disconnect()
        self.play_button.clicked.connect(self._open_elsewhere)
        return True

    def stop(self) -> None:
        if self.player is not None:
            self.player.stop()

    def _moved(self, _value: int) -> None:
        if self.player is not None:
            self.position_label.setText(
                f"{_clock(self.player.position())} / {_clock(self.player.duration())}"
            )

    def _state_changed(self, state: Any) -> None:
        from PySide6.QtMultimedia import QMediaPlayer

        playing = state == QMediaPlayer.PlaybackState.PlayingState
        self.play_button.setText(tr("media.pause") if playing else tr("media.play"))
        themed(self.play_button, "pause" if playing else "play", 16)

    def _open_elsewhere(self) -> None:
        open_externally(self.path, self)


class MediaStrip(QWidget):
    """Every medium of one answer; ``set_media`` with ``services.media.for_message(id)`` after each
    change of the ``media`` topic for that message."""

    speak_requested = Signal(str)  # message id: make its speech again
    stop_requested = Signal(str)  # message id: stop what is being made

    def __init__(self, message_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mediaStrip")
        self.message_id = message_id
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 4, 0, 0)
        self._layout.setSpacing(4)
        self.players: list[AudioPlayer] = []
        self.images: list[QLabel] = []
        self.notes: list[QLabel] = []
        self._shown: tuple[tuple[str, str], ...] = ()
        self.setVisible(False)

    def set_media(self, media: list[MediaView]) -> None:
        shown = tuple((m.id, m.status) for m in media)
        if shown == self._shown:
            return  # nothing changed: a playing player keeps playing
        self._shown = shown
        self._clear()
        for medium in media:
            self._layout.addWidget(self._widget(medium))
        self.setVisible(bool(media))

    def _widget(self, medium: MediaView) -> QWidget:
        if medium.status == "ready" and medium.path and medium.kind == "audio":
            player = AudioPlayer(medium.path)
            self.players.append(player)
            return self._with_button(player, tr("media.again"), self.speak_requested)
        if medium.status == "ready" and medium.path and medium.kind == "image":
            image = QLabel()
            image.setObjectName("answerImage")
            pixmap = QPixmap(medium.path)
            image.setPixmap(
                pixmap.scaledToWidth(
                    min(IMAGE_WIDTH, max(pixmap.width(), 1)), Qt.TransformationMode.SmoothTransformation
                )
            )
            image.setToolTip(str(medium.detail.get("prompt", "")))
            self.images.append(image)
            return image
        note = QLabel()
        note.setObjectName("mediaNote")
        note.setWordWrap(True)
        self.notes.append(note)
        if medium.status == "failed":
            key = "speech_failed" if medium.kind == "audio" else "image_failed"
            reason = say(medium.error_phrase) if medium.error_phrase is not None else medium.error or "?"
            note.setText(tr(f"media.{key}", reason=reason))
            note.setProperty("level", "warning")
            if medium.kind == "audio":
                return self._with_button(note, tr("media.again"), self.speak_requested)
            return note
        note.setText(tr("media.speaking") if medium.kind == "audio" else tr("media.drawing"))
        return self._with_button(note, tr("media.stop"), self.stop_requested)

    def _with_button(self, widget: QWidget, text: str, signal: Any) -> QWidget:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(widget, 1)
        button = QToolButton()
        button.setText(text)
        button.setAutoRaise(True)
        button.clicked.connect(lambda: signal.emit(self.message_id))
        row.addWidget(button)
        return box

    def _clear(self) -> None:
        for player in self.players:
            player.stop()
        self.players, self.images, self.notes = [], [], []
        while (item := self._layout.takeAt(0)) is not None:
            widget = item.widget()
            if widget is not None:
                widget.deleteLater()
