"""Forks in the window: "New thread from here" / "New thread from this message on" from a message's
menu open the new thread, and a forked thread shows a line above its conversation that links back to
the message it came from (a click opens that thread on the branch with the message)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from mira_desktop.ui.chat.waiting_banner import MARGIN
from mira_desktop.ui.language.i18n import explain, say, tr

if TYPE_CHECKING:
    from collections.abc import Callable

    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.threads.fork import Fork, ForkOrigin
    from mira_desktop.ui.runtime.operations import OperationRunner


class ForkLink(QWidget):
    """ "Forked from “TITLE”" above a forked thread's conversation (hidden for other threads)."""

    source_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(MARGIN, 6, MARGIN, 0)
        self.label = QLabel()
        self.label.setObjectName("muted")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Minimum)  # a long title wraps
        self.label.linkActivated.connect(lambda _link: self.source_requested.emit())
        layout.addWidget(self.label)
        self.origin: ForkOrigin | None = None
        self.hide()

    def show_origin(self, origin: ForkOrigin | None) -> None:
        self.origin = origin
        self.setVisible(origin is not None)
        if origin is None:
            return
        title = html.escape(origin.title or tr("thread.untitled"))
        if origin.exists:
            self.label.setText(f'<a href="source">{tr("chat.forked_from", title=title)}</a>')
            self.label.setToolTip(tr("chat.forked_from_tip"))
        else:
            self.label.setText(tr("chat.forked_from_gone", title=title))
            self.label.setToolTip("")


class ForkActions(QObject):
    """What the window does for forks: make one, show where the open thread came from, go back there."""

    def __init__(
        self,
        services: AppServices,
        background: OperationRunner,
        link: ForkLink,
        *,
        open_thread: Callable[[str], None],
        notice: Callable[[str], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.background = background
        self.link = link
        self._open_thread = open_thread
        self._notice = notice
        self._shown_for: str | None = None
        link.source_requested.connect(self.open_source)

    def fork(self, message_id: str, mode: str) -> None:
        """A new thread from ``message_id`` (``from_here`` or ``onward``), opened once made."""
        from mira_desktop.services.threads.fork import ForkMode

        forks = self.services.forks

        def made(fork: Fork) -> None:
            self._open_thread(fork.thread.id)

        def forked() -> Fork:  # its title in the window's language
            return forks.fork(message_id, ForkMode(mode), say=say)

        self.background.op(self, forked).success(made).failure(
            lambda error: self._notice(explain(error))
        ).run()

    def show_for(self, thread_id: str | None) -> None:
        """Show (or hide, for ``None`` and threads that are not forks) where ``thread_id`` came from."""
        self._shown_for = thread_id
        if thread_id is None:
            self.link.show_origin(None)
            return
        forks = self.services.forks

        def shown(origin: ForkOrigin | None) -> None:
            if self._shown_for == thread_id:  # another thread may have been opened meanwhile
                self.link.show_origin(origin)

        self.background.op(self, lambda: forks.origin(thread_id)).success(shown).run()

    def open_source(self) -> None:
        """Open the thread the shown fork came from, on the branch that holds its message."""
        origin = self.link.origin
        if origin is None:
            return
        forks = self.services.forks
        self.background.op(self, lambda: forks.reveal(origin)).success(self._open_thread).failure(
            lambda error: self._notice(explain(error))
        ).run()
