"""The thread menu (⋯ in the chat header, and right-click on a thread in the sidebar): rename,
summary, archive, export, import, delete, data for SQL attached and detached, and the switches for
memory, spoken answers and a picture with each answer. Every read, change and file runs in the background (the menu's switches show the
thread once it is read); the lists follow the services' change feed."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QMenu, QMessageBox, QWidget

from mira_desktop.core.conversation.threads import ThreadStatus
from mira_desktop.ui.chat.summary_dialog import SummaryDialog
from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.language.i18n import explain, say, tr
from mira_desktop.ui.settings.data_box import ask_words, attach_file, choose_file

if TYPE_CHECKING:
    from collections.abc import Callable

    from mira_desktop.core.conversation.threads import Thread
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.data.sources import DataSource
    from mira_desktop.ui.chat.header import Draft
    from mira_desktop.ui.runtime.operations import OperationRunner


@dataclass(frozen=True)
class _Switches:
    """The menu's actions that show the thread's state (read in the background)."""

    archive: QAction
    memory: QAction
    speak: QAction
    picture: QAction
    detach: QMenu  # one action per data file attached to the thread


class _Events(QObject):
    state_shown = Signal(str)


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
        self._events = _Events(parent)
        self.state_shown = self._events.state_shown  # a menu shows its thread's switches as read (its id)
        self.services = services
        self.runner = runner
        self._current = current
        self._deleted = deleted
        self._notice = notice
        self._undo = undo
        self._draft = draft  # the welcome page's choices: a new chat may speak from its first answer
        self.pick_data: Callable[[QWidget], str] = choose_file  # the dialogs, replaceable in tests
        self.ask_data: Callable[[QWidget, str], list[str] | None] = ask_words
        self.menu = QMenu(parent)
        self.menu.aboutToShow.connect(lambda: self.fill(self.menu, self._current()))
        self.summary_dialog: QWidget | None = None
        self._fills: dict[int, int] = {}  # each menu's fills so far: only its latest shows what it read

    def fill(self, menu: QMenu, thread_id: str | None) -> None:
        """The actions for ``thread_id`` (None: only import is possible). The thread's switches are read
        in the background: they stay off until it is read (then ``state_shown``)."""
        menu.clear()  # deletes the actions an earlier fill's read would have shown
        number = self._fills[id(menu)] = self._fills.get(id(menu), 0) + 1
        menu.setToolTipsVisible(True)
        entries: list[tuple[str, Callable[[str], None]]] = [
            (tr("thread.rename"), self.rename),
            (tr("thread.summary"), self.edit_summary),
            (tr("thread.archive"), self.toggle_archive),
            (tr("thread.export_md"), lambda t: self.export(t, "md")),
            (tr("thread.export_json"), lambda t: self.export(t, "json")),
            (tr("data.attach_thread"), self.attach_data),
        ]
        actions: dict[str, QAction] = {}
        for text, slot in entries:
            action = menu.addAction(text)
            action.setEnabled(thread_id is not None)
            action.triggered.connect(lambda _c=False, s=slot: s(thread_id or ""))
            actions[text] = action
        detach = menu.addMenu(tr("data.detach_thread"))
        detach.setEnabled(False)  # until the thread's attached files are read
        switches = _Switches(
            archive=actions[tr("thread.archive")],
            memory=menu.addAction(tr("thread.memory")),
            speak=menu.addAction(tr("thread.speak")),
            picture=menu.addAction(tr("thread.picture")),
            detach=detach,
        )
        for switch in (switches.memory, switches.speak, switches.picture):
            switch.setCheckable(True)
            switch.setEnabled(False)
        menu.addAction(tr("thread.import_json")).triggered.connect(lambda _c=False: self.import_json())
        menu.addSeparator()
        delete = menu.addAction(tr("thread.delete"))
        delete.setEnabled(thread_id is not None)
        delete.triggered.connect(lambda _c=False: self.delete(thread_id or ""))
        if thread_id is None:
            self._draft_switches(switches)
            return
        services = self.services

        def read() -> tuple[Thread, Any, list[DataSource]]:
            thread = services.threads.get(thread_id)
            return thread, services.media.image_availability(thread_id), services.data.for_thread(thread_id)

        def show(found: tuple[Thread, Any, list[DataSource]]) -> None:
            if number == self._fills.get(id(menu)):  # else the menu was filled again: these actions are gone
                self._show_state(switches, *found)

        self.runner.op(menu, read).success(show).failure(lambda exc: self._notice(explain(exc))).run()

    def _draft_switches(self, switches: _Switches) -> None:
        """The welcome page's menu: speaking answers can be chosen before the first send."""
        draft = self._draft() if self._draft is not None else None
        switches.memory.setChecked(True)
        switches.speak.setChecked(draft is not None and draft.tts)
        switches.speak.setEnabled(draft is not None)
        if draft is not None:
            switches.speak.toggled.connect(lambda on: self._speak_draft(draft, on))

    def _show_state(
        self, switches: _Switches, thread: Thread, availability: Any, attached: list[DataSource]
    ) -> None:
        """The switches of ``thread`` as read; only now do they change anything."""
        for source in attached:
            item = switches.detach.addAction(tr("data.detach_item", name=source.name, kind=source.kind))
            item.triggered.connect(lambda _c=False, s=source: self.detach_data(s))
        switches.detach.setEnabled(bool(attached))
        if thread.status is ThreadStatus.ARCHIVED:
            switches.archive.setText(tr("thread.unarchive"))
        switches.memory.setChecked(thread.memory_enabled)
        switches.speak.setChecked(thread.tts_enabled)
        switches.picture.setChecked(thread.image_enabled)
        available = availability.available
        if not available:
            self._explain_picture(switches.picture, say(availability.reason))
        switches.memory.setEnabled(True)
        switches.speak.setEnabled(True)
        switches.picture.setEnabled(available or thread.image_enabled)
        services, thread_id = self.services, thread.id
        switches.memory.toggled.connect(
            lambda on: self._run(lambda: services.threads.set_flag(thread_id, "memory", on))
        )
        switches.speak.toggled.connect(
            lambda on: self._run(lambda: services.media.set_flags(thread_id, tts=on))
        )
        switches.picture.toggled.connect(
            lambda on: self._run(lambda: services.media.set_flags(thread_id, image=on))
        )
        self.state_shown.emit(thread_id)

    @staticmethod
    def _explain_picture(picture: QAction, reason: str) -> None:
        # Rich text, so a long reason wraps instead of running across the screen.
        tip = tr("thread.picture_unavailable", reason=reason)
        picture.setToolTip(f"<p>{html.escape(tip)}</p>")

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
        services = self.services

        def toggle() -> bool:
            on = not services.threads.get(thread_id).tts_enabled
            services.media.set_flags(thread_id, tts=on)
            return on

        self._run(toggle, lambda on: self._notice(tr("look.speak_on") if on else tr("look.speak_off")))

    def _run(self, work: Callable[[], object], done: Callable[[object], None] | None = None) -> None:
        op = self.runner.op(self.parent, work).failure(lambda exc: self._notice(explain(exc)))
        if done is not None:
            op.success(done)
        op.run()

    def attach_data(self, thread_id: str) -> None:
        """Attach a data file to this thread only: its agent runs get sql_schema and sql_query."""
        attach_file(
            self.parent,
            self.services,
            self.runner,
            thread_id=thread_id,
            pick=self.pick_data,
            ask=self.ask_data,
            done=lambda source: self._notice(tr("data.attached", name=source.name)),
            failed=lambda exc: self._notice(explain(exc)),
        )

    def detach_data(self, source: DataSource) -> None:
        """Detach one data file from this thread (the file itself is left alone)."""
        data = self.services.data
        self._run(
            lambda: data.remove(source.id), lambda _r: self._notice(tr("data.detached", name=source.name))
        )

    def rename(self, thread_id: str) -> None:
        threads = self.services.threads
        self._run(lambda: threads.get(thread_id), lambda thread: self._ask_title(thread_id, thread))

    def _ask_title(self, thread_id: str, thread: Any) -> None:
        current = thread.title or ""
        title, ok = QInputDialog.getText(self.parent, tr("thread.rename"), tr("thread.title"), text=current)
        if ok and title.strip():
            threads = self.services.threads
            self._run(lambda: threads.rename(thread_id, title))

    def edit_summary(self, thread_id: str) -> None:
        dialog = SummaryDialog(self.services, self.runner, thread_id, self.parent)
        self.summary_dialog = dialog
        dialog.show()

    def toggle_archive(self, thread_id: str) -> None:
        threads = self.services.threads

        def toggle() -> object:
            if threads.get(thread_id).status is ThreadStatus.ARCHIVED:
                return threads.unarchive(thread_id)
            return threads.archive(thread_id)

        self._run(toggle)

    def export(self, thread_id: str, fmt: str) -> None:
        threads = self.services.threads
        self._run(lambda: threads.get(thread_id), lambda thread: self._export(thread, fmt))

    def _export(self, thread: Any, fmt: str) -> None:
        suggested = f"{(thread.title or 'thread')[:40]}.{fmt}"
        path, _ = file_dialogs.save_file(self.parent, tr("thread.export"), suggested)
        if path:
            services = self.services
            self._run(
                lambda: services.transfer.export(thread, fmt, Path(path)),
                lambda _r: self._notice(tr("thread.exported", path=path)),
            )

    def import_json(self) -> None:
        path, _ = file_dialogs.open_file(self.parent, tr("thread.import_json"), "", "JSON (*.json)")
        if path:
            services = self.services

            def refused(exc: BaseException) -> None:
                QMessageBox.warning(self.parent, tr("thread.import_json"), explain(exc))

            self.runner.op(self.parent, lambda: services.transfer.import_file(Path(path))).failure(
                refused
            ).run()

    def delete(self, thread_id: str) -> None:
        """Move the thread to the trash at once (no question: Undo, or the trash, brings it back)."""
        services = self.services
        threads = services.threads

        def deleted(thread: object) -> None:
            self._deleted(thread_id)
            title = getattr(thread, "title", "") or tr("thread.untitled")
            if self._undo is not None:
                self._undo(
                    tr("thread.trashed", title=title),
                    lambda: self._run(lambda: services.trash.restore(thread_id)),
                )
            else:
                self._notice(tr("thread.trashed", title=title))

        self._run(lambda: threads.delete(thread_id), deleted)
