"""The thread menu (⋯ in the chat header, and right-click on a thread in the sidebar): rename,
summary, archive, export, import, delete, and the switches for memory, spoken answers and a picture
with each answer. Every change and every file runs in the background; the
lists follow the services' change feed."""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog, QMenu, QMessageBox, QWidget

from mira_desktop.core.conversation.threads import ThreadStatus
from mira_desktop.ui import file_dialogs
from mira_desktop.ui.i18n import explain, say, tr

if TYPE_CHECKING:
    from collections.abc import Callable

    from mira_desktop.core.conversation.threads import Thread
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.chat.header import Draft
    from mira_desktop.ui.operations import OperationRunner


class ThreadActions:
    def __init__(
        self,
        parent: QWidget,
        *,
        services: AppServices,
        runner: OperationRunner,
        current: Callable[[], str | None],
        deleted: Callable[[str], None],
        notice: Callable[[str], None],
        undo: Callable[[str, Callable[[], None]], None] | None = None,
        draft: Callable[[], Draft] | None = None,
    ) -> None:
        self.parent = parent
        self.services = services
        self.runner = runner
        self._current = current
        self._deleted = deleted
        self._notice = notice
        self._undo = undo
        self._draft = draft  # the welcome page's choices: a new chat may speak from its first answer
        self.menu = QMenu(parent)
        self.menu.aboutToShow.connect(lambda: self.fill(self.menu, self._current()))
        self.summary_dialog: QWidget | None = None

    def fill(self, menu: QMenu, thread_id: str | None) -> None:
        """The actions for ``thread_id`` (None: only import is possible)."""
        menu.clear()
        thread = self.services.threads.get(thread_id) if thread_id else None
        archived = thread is not None and thread.status is ThreadStatus.ARCHIVED
        entries: list[tuple[str, Callable[[str], None]]] = [
            (tr("thread.rename"), self.rename),
            (tr("thread.summary"), self.edit_summary),
            (tr("thread.unarchive") if archived else tr("thread.archive"), self.toggle_archive),
            (tr("thread.export_md"), lambda t: self.export(t, "md")),
            (tr("thread.export_json"), lambda t: self.export(t, "json")),
        ]
        for text, slot in entries:
            action = menu.addAction(text)
            action.setEnabled(thread_id is not None)
            action.triggered.connect(lambda _c=False, s=slot: s(thread_id or ""))
        memory = menu.addAction(tr("thread.memory"))
        memory.setCheckable(True)
        memory.setChecked(thread is None or thread.memory_enabled)
        memory.setEnabled(thread_id is not None)
        memory.toggled.connect(
            lambda on: self._run(lambda: self.services.threads.set_flag(thread_id or "", "memory", on))
        )
        self._media_switches(menu, thread)
        menu.addAction(tr("thread.import_json")).triggered.connect(lambda _c=False: self.import_json())
        menu.addSeparator()
        delete = menu.addAction(tr("thread.delete"))
        delete.setEnabled(thread_id is not None)
        delete.triggered.connect(lambda _c=False: self.delete(thread_id or ""))

    def _media_switches(self, menu: QMenu, thread: Thread | None) -> None:
        """Speak answers, and a picture with each (disabled, with the reason, while none can be made)."""
        media = self.services.media
        menu.setToolTipsVisible(True)
        speak = menu.addAction(tr("thread.speak"))
        speak.setCheckable(True)
        draft = self._draft() if self._draft is not None and thread is None else None
        speak.setChecked(thread.tts_enabled if thread is not None else draft is not None and draft.tts)
        speak.setEnabled(thread is not None or draft is not None)
        if draft is not None:
            speak.toggled.connect(lambda on: self._speak_draft(draft, on))
        picture = menu.addAction(tr("thread.picture"))
        picture.setCheckable(True)
        picture.setChecked(thread is not None and thread.image_enabled)
        answer = media.image_availability(thread.id if thread else None)
        available, reason = answer.available, say(answer.reason)
        picture.setEnabled(thread is not None and (available or thread.image_enabled))
        if not available:
            # Rich text, so a long reason wraps instead of running across the screen.
            tip = tr("thread.picture_unavailable", reason=reason)
            picture.setToolTip(f"<p>{html.escape(tip)}</p>")
        if thread is not None:
            thread_id = thread.id
            speak.toggled.connect(lambda on: self._run(lambda: media.set_flags(thread_id, tts=on)))
            picture.toggled.connect(lambda on: self._run(lambda: media.set_flags(thread_id, image=on)))

    def _speak_draft(self, draft: Draft, on: bool) -> None:
        draft.tts = on
        self._notice(tr("look.speak_on") if on else tr("look.speak_off"))

    def toggle_speech(self, thread_id: str | None) -> None:
        """Speak answers, on or off: for ``thread_id``, or the new chat's draft (None)."""
        if thread_id is None:
            if self._draft is not None:
                draft = self._draft()
                self._speak_draft(draft, not draft.tts)
            return
        media, thread = self.services.media, self.services.threads.get(thread_id)
        on = not thread.tts_enabled
        self._run(
            lambda: media.set_flags(thread_id, tts=on),
            lambda _t: self._notice(tr("look.speak_on") if on else tr("look.speak_off")),
        )

    def _run(self, work: Callable[[], object], done: Callable[[object], None] | None = None) -> None:
        op = self.runner.op(self.parent, work).failure(lambda exc: self._notice(explain(exc)))
        if done is not None:
            op.success(done)
        op.run()

    def rename(self, thread_id: str) -> None:
        current = self.services.threads.get(thread_id).title
        title, ok = QInputDialog.getText(self.parent, tr("thread.rename"), tr("thread.title"), text=current)
        if ok and title.strip():
            self._run(lambda: self.services.threads.rename(thread_id, title))

    def edit_summary(self, thread_id: str) -> None:
        from mira_desktop.ui.chat.summary_dialog import SummaryDialog

        dialog = SummaryDialog(self.services, self.runner, thread_id, self.parent)
        self.summary_dialog = dialog
        dialog.show()

    def toggle_archive(self, thread_id: str) -> None:
        threads = self.services.threads
        if threads.get(thread_id).status is ThreadStatus.ARCHIVED:
            self._run(lambda: threads.unarchive(thread_id))
        else:
            self._run(lambda: threads.archive(thread_id))

    def export(self, thread_id: str, fmt: str) -> None:
        thread = self.services.threads.get(thread_id)
        suggested = f"{(thread.title or 'thread')[:40]}.{fmt}"
        path, _ = file_dialogs.save_file(self.parent, tr("thread.export"), suggested)
        if path:
            transfer = self.services.transfer
            self._run(
                lambda: transfer.export(thread, fmt, Path(path)),
                lambda _r: self._notice(tr("thread.exported", path=path)),
            )

    def import_json(self) -> None:
        path, _ = file_dialogs.open_file(self.parent, tr("thread.import_json"), "", "JSON (*.json)")
        if path:
            transfer = self.services.transfer

            def refused(exc: BaseException) -> None:
                QMessageBox.warning(self.parent, tr("thread.import_json"), explain(exc))

            self.runner.op(self.parent, lambda: transfer.import_file(Path(path))).failure(refused).run()

    def delete(self, thread_id: str) -> None:
        """Move the thread to the trash at once (no question: Undo, or the trash, brings it back)."""
        threads, trash = self.services.threads, self.services.trash

        def deleted(thread: object) -> None:
            self._deleted(thread_id)
            title = getattr(thread, "title", "") or tr("thread.untitled")
            if self._undo is not None:
                self._undo(
                    tr("thread.trashed", title=title), lambda: self._run(lambda: trash.restore(thread_id))
                )
            else:
                self._notice(tr("thread.trashed", title=title))

        self._run(lambda: threads.delete(thread_id), deleted)
