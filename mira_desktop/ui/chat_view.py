"""The central chat area: an empty state for a new chat, or the messages of a thread."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QStackedWidget, QTextBrowser, QVBoxLayout, QWidget

from mira_desktop.ui.strings import tr

if TYPE_CHECKING:
    from mira_desktop.core.threads import Message


class ChatView(QStackedWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.empty_state = QWidget()
        self.empty_state.setObjectName("emptyState")
        empty_layout = QVBoxLayout(self.empty_state)
        empty_layout.addStretch(2)
        title = QLabel(tr("empty.title"))
        title.setObjectName("emptyTitle")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        body = QLabel(tr("empty.body"))
        body.setObjectName("muted")
        body.setAlignment(Qt.AlignmentFlag.AlignCenter)
        body.setWordWrap(True)
        empty_layout.addWidget(title)
        empty_layout.addWidget(body)
        empty_layout.addStretch(3)
        self.transcript = QTextBrowser()
        self.transcript.setObjectName("transcript")
        self.transcript.setOpenExternalLinks(False)
        self.addWidget(self.empty_state)
        self.addWidget(self.transcript)
        self.show_empty()

    def show_empty(self) -> None:
        self.setCurrentWidget(self.empty_state)

    def show_messages(self, messages: list[Message]) -> None:
        from mira_desktop.core.threads import MessageStatus

        blocks = []
        for message in messages:
            who = html.escape(message.role.value.capitalize())
            badge = ""
            if message.status is MessageStatus.CANCELLED:
                badge = f" <span style='color:#b7791f'>({tr('message.stopped')})</span>"
            elif message.status is MessageStatus.ERROR:
                badge = f" <span style='color:#c53030'>({tr('message.error')})</span>"
            body = html.escape(message.content).replace("\n", "<br>")
            blocks.append(f"<p><b>{who}</b>{badge}<br>{body}</p>")
        self.transcript.setHtml("".join(blocks))
        self.setCurrentWidget(self.transcript)
