"""A line above the conversation while agent runs wait for approval — also the ones a closed Mira
left waiting — with a link to each run's thread. It sits in the transcript's margins, never wider than
the chat pane, and as tall as its wrapped text."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from mira_desktop.core.changes import Topic
from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.runtime.changes import Follow

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner


MARGIN = 24  # the transcript's side margins (ui/chat/view.py, the header)


class WaitingBanner(QWidget):
    thread_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(MARGIN, 8, MARGIN, 0)
        self.label = QLabel()
        self.label.setObjectName("approvalCard")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setContentsMargins(12, 6, 12, 6)
        # A long thread title wraps; it never asks the window for more width.
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Minimum)
        self.label.linkActivated.connect(self.thread_requested.emit)
        layout.addWidget(self.label)
        self.hide()
        self.count = 0

    def attach(self, services: AppServices, runner: OperationRunner, changes: ChangeSignal) -> None:
        self._services = services
        self._runner = runner
        self._follow = Follow(self, changes, {Topic.RUNS, Topic.THREADS}, lambda _c: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        threads = self._services.threads

        def load() -> list[tuple[str, str]]:
            waiting = []
            for thread_id in threads.awaiting_approval():
                thread = threads.get(thread_id)
                waiting.append((thread.id, thread.title or tr("thread.untitled")))
            return waiting

        self._runner.op(self, load).success(self._show).run()

    def _show(self, waiting: list[tuple[str, str]]) -> None:
        self.count = len(waiting)
        links = ", ".join(f'<a href="{thread_id}">{html.escape(title)}</a>' for thread_id, title in waiting)
        self.label.setText(tr("agent.waiting_banner", count=len(waiting), links=links))
        self.setVisible(bool(waiting))
