"""What the window does for the media under answers: fill each answer's strip, follow the ``media``
topic so speech being made, ready or failed shows without a click, and carry out Speak again and
Stop. Reads and writes go through operations; a new strip and the changes that arrive together are
read in one go."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QWidget

from mira_desktop.core.changes import Topic
from mira_desktop.ui.language.i18n import explain
from mira_desktop.ui.runtime.changes import Follow

if TYPE_CHECKING:
    from mira_desktop.core.changes import Change
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.media.service import MediaView
    from mira_desktop.ui.chat.media_player import MediaStrip
    from mira_desktop.ui.chat.view import ChatView
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner


class MediaActions(QObject):
    def __init__(
        self,
        parent: QWidget,
        *,
        services: AppServices,
        runner: OperationRunner,
        chat_view: ChatView,
        changes: ChangeSignal,
        notice: Callable[[str], None],
    ) -> None:
        super().__init__(parent)
        self.media = services.media
        self.runner = runner
        self.chat_view = chat_view
        self._notice = notice
        self._wanted: set[str] = set()  # answers whose media to read on the next turn of the loop
        self._batch = QTimer(self)
        self._batch.setSingleShot(True)
        self._batch.setInterval(0)
        self._batch.timeout.connect(self._read)
        chat_view.media_strip_needed.connect(self.fill_strip)
        self._follow = Follow(self, changes, {Topic.MEDIA}, self._changed)

    def fill_strip(self, strip: MediaStrip) -> None:
        strip.speak_requested.connect(self.speak_again)
        strip.stop_requested.connect(self.stop)
        self._want(strip.message_id)

    def speak_again(self, message_id: str) -> None:
        media = self.media
        self.runner.op(self, lambda: media.speak(message_id)).failure(
            lambda exc: self._notice(explain(exc))
        ).run()

    def stop(self, message_id: str) -> None:
        media = self.media
        self.runner.op(self, lambda: media.stop(message_id)).failure(lambda exc: self._notice(explain(exc))).run()

    def _changed(self, changes: list[Change]) -> None:
        shown = {message_id for message_id, strip in self._strips()}
        touched = {i for c in changes for i in c.ids}
        for message_id in shown if any(not c.ids for c in changes) else shown & touched:
            self._want(message_id)

    def _want(self, message_id: str) -> None:
        self._wanted.add(message_id)
        self._batch.start()

    def _read(self) -> None:
        ids, self._wanted = sorted(self._wanted), set()
        media = self.media

        def read() -> dict[str, list[MediaView]]:
            return {message_id: media.for_message(message_id) for message_id in ids}

        self.runner.op(self, read).success(self._show).failure(lambda exc: self._notice(explain(exc))).run()

    def _show(self, found: dict[str, list[MediaView]]) -> None:
        for message_id, strip in self._strips():
            if message_id in found:
                strip.set_media(found[message_id])

    def _strips(self) -> list[tuple[str, MediaStrip]]:
        return [
            (message_id, widget.media_strip)
            for message_id, widget in self.chat_view.widgets.items()
            if widget.media_strip is not None and shiboken6.isValid(widget.media_strip)
        ]
