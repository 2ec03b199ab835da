"""What the main window says and asks: a notice in the status line, a failure's dialog (a bug's
crash report first), "delete this message?", "retitle the thread?", "remember that?", and "quit
while an answer is written?". A mixin of :class:`MainWindow`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from mira_desktop.ui.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.core.notifications import Notification


class Notices:
    services: Any
    background: Any
    controller: Any
    header: Any
    undo_notice: Any
    current_thread_id: str | None
    statusBar: Any  # noqa: N815 (Qt's name)

    def _window(self) -> QWidget:
        return cast("QWidget", self)

    def delete_message(self, message_id: str) -> None:
        from PySide6.QtWidgets import QMessageBox  # its enums cost the first frame ~3 ms

        assert self.services is not None
        answer = QMessageBox.question(self._window(), tr("message.delete"), tr("message.delete_confirm"))
        if answer != QMessageBox.StandardButton.Yes or self.current_thread_id is None:
            return
        branches = self.services.branches
        self.background.op(self._window(), lambda: branches.delete_message(message_id)).failure(
            lambda exc: self._notice(explain(exc))
        ).run()

    def _offer_retitle(self, message_id: str, text: str) -> None:
        """The thread's first message was edited while the title still is that message as it was:
        offer the new text as the title (a title the user chose is left alone)."""
        from mira_desktop.services.chat.titles import make_title

        history, thread_id = self.controller.state.history, self.current_thread_id
        users = [m for m in history if m.role == "user"]
        if thread_id is None or not users or users[0].id != message_id or self.services is None:
            return
        old, new = make_title(users[0].content), make_title(text)
        if old == new or self.header.title.text() != old:
            return
        threads = self.services.threads

        def retitle() -> None:
            self.background.op(self._window(), lambda: threads.rename(thread_id, new)).failure(
                lambda exc: self._notice(explain(exc))
            ).run()

        self.undo_notice.offer(tr("look.retitle_offer", title=new), retitle, tr("look.retitle"))

    def _memory_answered(self, message_id: str, remember: bool) -> None:
        """The user's answer to an answer's "Remember that …?" (nothing is stored without it)."""
        assert self.services is not None
        memory = self.services.memory
        work = (
            (lambda: memory.accept_proposal(message_id))
            if remember
            else (lambda: memory.dismiss_proposal(message_id))
        )
        self.background.op(self._window(), work).failure(lambda exc: self._notice(explain(exc))).run()

    def _notice(self, text: str) -> None:
        self.statusBar().showMessage(text, 10000)

    def _report_failure(self, exc: BaseException) -> None:
        """A failure no operation shows itself: a dialog (a bug's crash report written first)."""
        from mira_desktop.core.notifications import Level, Notification

        error = self.background.as_error(exc)
        note = Notification(Level.ERROR, str(error), getattr(error, "details", ""), error)
        if self.services is None:
            self._show_notification(note)
        else:
            self.services.notifications.post(note.level, note.message, note.details, error)

    def _show_notification(self, note: Notification) -> None:
        """One display per level: an error is a dialog (its details behind "Show Details…"), anything
        else the status line. The sentence is the error's, in the window's language."""
        from PySide6.QtWidgets import QMessageBox  # its enums cost the first frame ~3 ms

        from mira_desktop.core.notifications import Level

        text = explain(note.error) if note.error is not None else note.message
        if note.level is not Level.ERROR:
            self.statusBar().showMessage(text, 15000)
            return
        box = QMessageBox(QMessageBox.Icon.Warning, tr("app.title"), text, parent=self._window())
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if note.details:
            box.setDetailedText(note.details)
        box.show()

    def ask_before_quitting(self) -> str:
        """While a reply is being written: "stop", "after" (quit once it is finished) or "cancel"."""
        from PySide6.QtWidgets import QMessageBox  # its enums cost the first frame ~3 ms

        box = QMessageBox(QMessageBox.Icon.Question, tr("quit.title"), tr("quit.question"), parent=self._window())
        stop = box.addButton(tr("quit.stop"), QMessageBox.ButtonRole.DestructiveRole)
        after = box.addButton(tr("quit.after"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return (
            "stop" if box.clickedButton() is stop else "after" if box.clickedButton() is after else "cancel"
        )
