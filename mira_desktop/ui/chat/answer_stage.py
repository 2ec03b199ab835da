"""Under the conversation while a knowledge answer is on its way: the stage it is in (searching,
weighing the passages, rewriting the question, writing) and the seconds since the question, counted
live — on a loaded machine an answer can take a minute and more before its first word.

Fed with the run's journaled events (``ChatController.run_event``): ``rag.stage`` starts or moves it,
the run's end hides it.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QWidget

from mira_desktop.core.conversation.runs import PAUSE_EVENTS
from mira_desktop.ui.language.i18n import tr_or

STAGE_EVENT = "rag.stage"  # services/chat/routes/rag.py


class AnswerStage(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("composerWait")
        self.setContentsMargins(24, 2, 24, 0)
        self.stage = ""
        self._asked_at = 0.0  # time.monotonic() of the question, as the run counts it
        self._tick = QTimer(self)
        self._tick.setInterval(1000)
        self._tick.timeout.connect(self._show)
        self.hide()

    def live_event(self, event: Any) -> None:
        """A journaled event of the run being written (a ``LiveEvent``)."""
        if event.type == STAGE_EVENT:
            self.stage = str(event.data.get("stage", ""))
            self._asked_at = time.monotonic() - float(event.data.get("elapsed_ms", 0)) / 1000
            self._show()
            self._tick.start()
            self.show()
        elif event.type in PAUSE_EVENTS:
            self.stage = ""
            self._tick.stop()
            self.hide()

    def _show(self) -> None:
        seconds = int(time.monotonic() - self._asked_at)
        self.setText(tr_or(f"stage.{self.stage}", self.stage, seconds=seconds))
