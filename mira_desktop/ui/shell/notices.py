"""What the main window says and asks: a notice in the status line, a notification's display (an
error's dialog), and "quit while an answer is written?" (:class:`Notices`, from the first frame);
and, once the services are attached, the questions about a message: "delete this message?",
"retitle the thread?", "remember that?" (:class:`MessageQuestions`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QWidget

from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.core.notifications import Notification
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.chat.controller import ChatController
    from mira_desktop.ui.chat.header import ChatHeader
    from mira_desktop.ui.runtime.operations import OperationRunner
    from mira_desktop.ui.shell.undo_notice import UndoNotice


class Notices:
    """The window's status line and its dialogs that need nothing but the window."""

    def __init__(self, window: QMainWindow) -> None:
        self._window = window
        self._waiting = ""

    def notice(self, text: str) -> None:
        self._window.statusBar().showMessage(text, 10000)

    def waiting(self, text: str) -> None:
        """An answer waiting for its model: said until its turn comes (``""``: it came, the line clears
        if it still says so)."""
        bar = self._window.statusBar()
        if text:
            self._waiting = text
            bar.showMessage(text)
        elif self._waiting and bar.currentMessage() == self._waiting:
            bar.clearMessage()

    def show_notification(self, note: Notification) -> None:
        """One display per level: an error is a dialog (its details behind "Show Details…"), anything
        else the status line. The sentence is the error's, in the window's language."""
        from PySide6.QtWidgets import QMessageBox  # its enums cost the first frame ~3 ms

        from mira_desktop.core.notifications import Level

        text = explain(note.error) if note.error is not None else note.message
        if note.level is not Level.ERROR:
            self._window.statusBar().showMessage(text, 15000)
            return
        box = QMessageBox(QMessageBox.Icon.Warning, tr("app.title"), text, parent=self._window)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if note.details:
            box.setDetailedText(note.details)
        box.show()

    def ask_before_quitting(self) -> str:
        """While a reply is being written: "stop", "after" (quit once it is finished) or "cancel"."""
        from PySide6.QtWidgets import QMessageBox  # its enums cost the first frame ~3 ms

        box = QMessageBox(QMessageBox.Icon.Question, tr("quit.title"), tr("quit.question"), parent=self._window)
        stop = box.addButton(tr("quit.stop"), QMessageBox.ButtonRole.DestructiveRole)
        after = box.addButton(tr("quit.after"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return (
            "stop" if box.clickedButton() is stop else "after" if box.clickedButton() is after else "cancel"
        )


class MessageQuestions:
    """The questions about one message of the open thread, and what the answers do."""

    def __init__(
        self,
        window: QWidget,
        *,
        services: AppServices,
        runner: OperationRunner,
        controller: ChatController,
        header: ChatHeader,
        undo_notice: UndoNotice,
        current: Callable[[], str | None],
        notice: Callable[[str], None],
    ) -> None:
        self._window = window
        self._services = services
        self._runner = runner
        self._controller = controller
        self._header = header
        self._undo_notice = undo_notice
        self._current = current
        self._notice = notice

    def delete_message(self, message_id: str) -> None:
        from PySide6.QtWidgets import QMessageBox  # its enums cost the first frame ~3 ms

        answer = QMessageBox.question(self._window, tr("message.delete"), tr("message.delete_confirm"))
        if answer != QMessageBox.StandardButton.Yes or self._current() is None:
            return
        branches = self._services.branches
        self._runner.op(self._window, lambda: branches.delete_message(message_id)).failure(self._failed).run()

    def offer_retitle(self, message_id: str, text: str) -> None:
        """The thread's first message was edited while the title still is that message as it was:
        offer the new text as the title (a title the user chose is left alone)."""
        from mira_desktop.services.chat.titles import make_title

        history, thread_id = self._controller.state.history, self._current()
        users = [m for m in history if m.role == "user"]
        if thread_id is None or not users or users[0].id != message_id:
            return
        old, new = make_title(users[0].content), make_title(text)
        if old == new or self._header.title.text() != old:
            return
        threads = self._services.threads

        def retitle() -> None:
            self._runner.op(self._window, lambda: threads.rename(thread_id, new)).failure(self._failed).run()

        self._undo_notice.offer(tr("look.retitle_offer", title=new), retitle, tr("look.retitle"))

    def memory_answered(self, message_id: str, remember: bool) -> None:
        """The user's answer to an answer's "Remember that …?" (nothing is stored without it)."""
        memory = self._services.memory
        work = (
            (lambda: memory.accept_proposal(message_id))
            if remember
            else (lambda: memory.dismiss_proposal(message_id))
        )
        self._runner.op(self._window, work).failure(self._failed).run()

    def _failed(self, exc: BaseException) -> None:
        self._notice(explain(exc))
