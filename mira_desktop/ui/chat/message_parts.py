"""What a message carries beside its text: the chips of a user message's files, and under an answer
its media strip (speech, picture), which the window fills and keeps current."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from mira_desktop.ui.chat.attachment_chip import AttachmentChip
from mira_desktop.ui.chat.media_player import MediaStrip

if TYPE_CHECKING:
    from mira_desktop.core.conversation.chat_state import AttachmentRef, ViewMessage

GREETING_PREFIX = "greeting:"


class PartChips(QWidget):
    """Read-only chips of the files a user message was sent with (hidden when it has none)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageParts")
        self._row = QHBoxLayout(self)
        self._row.setContentsMargins(0, 2, 0, 2)
        self._row.setSpacing(6)
        self._row.addStretch(1)
        self.chips: list[AttachmentChip] = []
        self._shown: tuple[AttachmentRef, ...] = ()
        self.hide()

    def show_parts(self, parts: tuple[AttachmentRef, ...]) -> None:
        if parts == self._shown:
            return
        self._shown = parts
        for chip in self.chips:
            self._row.removeWidget(chip)
            chip.deleteLater()
        self.chips = [AttachmentChip.from_ref(part) for part in parts]
        for index, chip in enumerate(self.chips):
            self._row.insertWidget(index, chip)
        self.setVisible(bool(parts))


def has_media(message: ViewMessage) -> bool:
    """An answer that was written (not the welcome greeting, not a placeholder): it may be spoken."""
    return (
        message.role == "assistant"
        and not message.optimistic
        and "greeting" not in message.flags
        and not message.id.startswith(GREETING_PREFIX)
    )


def media_strip_for(message: ViewMessage) -> MediaStrip | None:
    """The (empty, hidden) strip under an answer; the window fills it from the answer's media."""
    if not has_media(message):
        return None

    return MediaStrip(message.id)


def add_parts(layout: QVBoxLayout, message: ViewMessage) -> tuple[PartChips, MediaStrip | None]:
    """Put a message's file chips (and, under an answer, its media strip) into its ``layout``."""
    chips = PartChips()
    layout.addWidget(chips)
    strip = media_strip_for(message)
    if strip is not None:
        layout.addWidget(strip)
    return chips, strip
