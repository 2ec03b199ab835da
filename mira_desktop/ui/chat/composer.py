"""The composer: Enter sends, Shift+Enter adds a line, Esc stops; Send becomes Stop while a reply is
written; a meter shows how much of the model's window the next request uses.

The editor takes typing from the window's first frame, before the model is ready: what is typed
then waits in it, with a line under it saying so, and Enter (or Send) queues it — "sends as soon as
the model is ready" — so nothing typed is lost and nothing leaves unseen: editing the text or Esc
takes it back out of the queue, and a model that fails to load leaves it in the editor, unsent.

A file goes with the message through the paperclip (Ctrl+Shift+A), a drop of one file, or a pasted
image; its chip sits above the editor and a refused file's reason in the notice line. What is done
with them (adding, the plan, removing) is :class:`~mira_desktop.ui.chat.attachment_actions.AttachmentActions`'s.
The microphone (Ctrl+Shift+M) dictates into the editor: :class:`~mira_desktop.ui.chat.dictation.Dictation`.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCompleter,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.chat.drops import dropped
from mira_desktop.ui.desktop.shortcuts import describe
from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.look.icons import themed

ATTACH_SHORTCUT = "Ctrl+Shift+A"
DICTATION_SHORTCUT = "Ctrl+Shift+M"  # the microphone: ``dictation.Dictation`` binds it
_LIST_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab, Qt.Key.Key_Backtab, Qt.Key.Key_Escape)


class _Editor(QPlainTextEdit):
    submitted = Signal()
    files_given = Signal(object)  # drops.DroppedFiles: dropped or pasted into the text

    def __init__(self) -> None:
        super().__init__()
        # Keys the editor handles itself (no QShortcut): named for the F1 sheet all the same.
        self.setProperty("miraKeys", "Enter / Shift+Enter")
        describe(self, "shortcuts.send")
        self.completion: QCompleter | None = None  # the `/` list of skills (chat/skill_picker.py)

    def canInsertFromMimeData(self, source: QMimeData) -> bool:  # noqa: N802 (Qt naming)
        return dropped(source) is not None or super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source: QMimeData) -> None:  # noqa: N802 (Qt naming)
        """A pasted or dropped file or image is attached, not written into the text as its path."""
        given = dropped(source)
        if given is None:
            super().insertFromMimeData(source)
        else:
            self.files_given.emit(given)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt naming)
        listing = self.completion.popup() if self.completion is not None else None
        if listing is not None and listing.isVisible() and event.key() in _LIST_KEYS:
            event.ignore()  # the open `/` list takes them: Enter picks a skill, it does not send
            return
        is_enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if is_enter and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.submitted.emit()
            return
        super().keyPressEvent(event)


class Composer(QWidget):
    send_requested = Signal(str)
    compare_requested = Signal(str)  # Compare…: the draft, to two models side by side
    stop_requested = Signal()
    draft_changed = Signal(str)
    attach_requested = Signal()  # the paperclip: choose a file
    files_given = Signal(object)  # drops.DroppedFiles: dropped files or a pasted image

    def __init__(self, parent: QWidget | None = None) -> None:  # noqa: PLR0915 (one layout, built in order)
        super().__init__(parent)
        self.setObjectName("composer")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(16, 8, 16, 10)
        outer.setSpacing(4)
        self.notice = QLabel()
        self.notice.setObjectName("composerNotice")
        self.notice.setWordWrap(True)
        self.notice.hide()
        self.chip_row = QHBoxLayout()  # the draft's file, above the editor
        self.chip_row.setContentsMargins(0, 0, 0, 0)
        self.chip_row.addStretch(1)
        self.chip: QWidget | None = None
        row = QHBoxLayout()
        self.editor = _Editor()
        self.editor.setObjectName("composerEditor")
        self.editor.setFixedHeight(84)
        self.editor.submitted.connect(self._submit)
        self.editor.files_given.connect(self.files_given)
        self.attach_button = self._build_attach_button()
        self.mic_button = self._build_mic_button()
        self.editor.textChanged.connect(lambda: self.draft_changed.emit(self.editor.toPlainText()))
        self.send_button = QPushButton(tr("composer.send"))
        self.send_button.setObjectName("sendButton")
        self.send_button.clicked.connect(self._submit)
        self.compare_button = QToolButton()
        self.compare_button.setText(tr("compare.action"))
        self.compare_button.setToolTip(tr("compare.action_tip"))
        self.compare_button.clicked.connect(self._compare)
        self.stop_button = QPushButton(tr("composer.stop"))
        self.stop_button.setObjectName("stopButton")
        self.stop_button.setToolTip(tr("composer.stop_tip"))
        self.stop_button.clicked.connect(self.stop_requested)
        self.stop_button.hide()
        describe(QShortcut(QKeySequence(Qt.Key.Key_Escape), self.window() or self, self._escape), "shortcuts.stop")
        row.addWidget(self.editor, 1)
        row.addWidget(self.attach_button, 0, Qt.AlignmentFlag.AlignBottom)
        row.addWidget(self.mic_button, 0, Qt.AlignmentFlag.AlignBottom)
        row.addWidget(self.compare_button, 0, Qt.AlignmentFlag.AlignBottom)
        row.addWidget(self.send_button, 0, Qt.AlignmentFlag.AlignBottom)
        row.addWidget(self.stop_button, 0, Qt.AlignmentFlag.AlignBottom)
        outer.addWidget(self.notice)
        outer.addLayout(self.chip_row)
        outer.addLayout(row)
        outer.addLayout(self._build_status_row())
        self.setAcceptDrops(True)
        self._ready = False
        self._loading = True  # not ready yet, and it will be on its own (the model is loading)
        self._queued = False  # Enter was pressed while loading: send once ready
        self._busy = False
        self._adding = False
        self._persona = tr("message.mira")
        self._waiting_text: str | None = None
        self._usage: tuple[int, int, list[tuple[str, int]]] | None = None
        self._file_tokens = 0
        self._window_reason = ""  # why the window is what it is (trained, memory, setting)
        self._tool_schemas: dict[str, int] | None = None  # an agent request's tools shown in full, of all
        self.editor.textChanged.connect(self._edited)
        self.set_ready(False, tr("composer.loading"), loading=True)

    def _build_status_row(self) -> QHBoxLayout:
        """Under the editor: what happens to text typed before the model is ready, and the meter."""
        self.meter = QLabel("")
        self.meter.setObjectName("contextMeter")
        self.meter.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.wait_note = QLabel("")
        self.wait_note.setObjectName("composerWait")
        self.wait_note.setWordWrap(True)
        self.wait_note.hide()
        status_row = QHBoxLayout()
        status_row.setContentsMargins(0, 0, 0, 0)
        status_row.addWidget(self.wait_note, 1)
        status_row.addWidget(self.meter)
        return status_row

    @property
    def ready(self) -> bool:
        """Whether Enter sends now (the model is ready)."""
        return self._ready

    @property
    def queued(self) -> bool:
        """Whether the text is queued to be sent as soon as the model is ready."""
        return self._queued

    def set_ready(self, ready: bool, placeholder: str | None = None, *, loading: bool = False) -> None:
        """Ready: Enter sends. Not ready while ``loading`` (the model is being loaded): typing still
        works and Enter queues the text; otherwise (the model failed) the text only waits.

        The editor stays enabled either way: a disabled editor gives its keyboard focus away (to
        "New chat", whose button a space then pressed).
        """
        self._ready = ready
        self._loading = not ready and loading
        self._waiting_text = placeholder
        self.attach_button.setEnabled(ready)
        self.mic_button.setEnabled(ready)
        self._placeholder(placeholder or tr("composer.placeholder", name=self._persona))
        if self._queued and ready:
            self._queued = False
            self._sync_buttons()
            self._submit()  # what was queued leaves now
        elif self._queued and not self._loading:
            self._queued = False  # the model failed: the text stays, unsent
        self._sync_buttons()
        self._show_wait()

    def _edited(self) -> None:
        if self._queued:
            self._queued = False  # an edited message is no longer the one that was queued
            self._sync_buttons()
        self._show_wait()

    def unqueue(self) -> bool:
        """Take the queued text back out of the queue (Esc); whether there was one."""
        if not self._queued:
            return False
        self._queued = False
        self._sync_buttons()
        self._show_wait()
        return True

    def _show_wait(self) -> None:
        has_text = bool(self.editor.toPlainText().strip())
        if self._ready or not has_text:
            text = ""
        elif self._queued:
            text = tr("startup.queued")
        elif self._loading:
            text = tr("startup.typed_while_loading")
        else:
            text = tr("startup.typed_unavailable")
        self.wait_note.setText(text)
        self.wait_note.setVisible(bool(text))

    def _placeholder(self, text: str) -> None:
        """Show ``text`` in the empty editor now: QPlainTextEdit does not repaint for a new placeholder,
        so the old one stayed on screen until something else repainted the editor."""
        if self.editor.placeholderText() != text:
            self.editor.setPlaceholderText(text)
            # Not before the first frame: the first viewport() makes PySide look through the scroll
            # areas' classes for its type (~15 ms); a window not shown yet paints the new text anyway.
            if self.editor.isVisible():
                self.editor.viewport().update()

    def set_persona(self, name: str) -> None:
        """Who the message goes to: the thread's role, or Mira."""
        self._persona = name or tr("message.mira")
        if self._ready or not self._waiting_text:
            self._placeholder(tr("composer.placeholder", name=self._persona))

    def set_busy(self, busy: bool) -> None:
        self._busy = busy
        self._sync_buttons()

    def set_text(self, text: str) -> None:
        """Show ``text`` (a thread's draft) without it counting as an edit."""
        if self.editor.toPlainText() != text:
            self.editor.blockSignals(True)
            self.editor.setPlainText(text)
            self.editor.moveCursor(self.editor.textCursor().MoveOperation.End)
            self.editor.blockSignals(False)
            self._queued = False  # another draft is shown: what was queued is not what is there now
            self._sync_buttons()
            self._show_wait()

    def insert_text(self, text: str) -> None:
        """Put dictated ``text`` at the cursor (a space apart from what is there), never sending it."""
        cursor = self.editor.textCursor()
        whole = self.editor.toPlainText()
        before, after = whole[: cursor.position()], whole[cursor.position() :]
        spaced = (" " if before and not before[-1].isspace() else "") + text
        cursor.insertText(spaced + (" " if after and not after[0].isspace() else ""))
        self.editor.setTextCursor(cursor)
        self.editor.setFocus()

    def show_dictation_strip(self, strip: QWidget) -> None:
        """The recording's time and level, left of the file's chip above the editor."""
        self.chip_row.insertWidget(0, strip)

    def set_usage(
        self,
        used: int,
        window: int,
        sections: list[tuple[str, int]] | None = None,
        reason: str = "",
        tool_schemas: dict[str, int] | None = None,
    ) -> None:
        """What the next request will hold, against the current model's window (and why it is that
        large: "trained", "memory" or "setting"); the parts on hover, with how many of an agent
        run's tools it shows with their schemas when it lists some by name only."""
        self._usage = (used, window, list(sections or []))
        self._window_reason = reason
        self._tool_schemas = tool_schemas
        self._show_usage()

    def set_file_tokens(self, tokens: int) -> None:
        """What the draft's file adds to the next request (its text, or its passages at most)."""
        self._file_tokens = tokens
        self._show_usage()

    def show_usage_error(self, text: str) -> None:
        """The next request cannot be measured (e.g. the model is gone): why, in place of the count."""
        self._usage = None
        self.meter.setText(text)

    def _show_usage(self) -> None:
        if self._usage is None:
            return
        used, window, sections = self._usage
        if self._file_tokens:
            used += self._file_tokens
            sections = [*sections, ("attachment", self._file_tokens)]
        share = used / window if window else 0
        reason = self._window_reason
        if reason in ("trained", "memory", "setting"):
            why = tr(f"window.reason_{reason}")
            self.meter.setText(tr("composer.usage_why", used=f"{used:,}", window=f"{window:,}", reason=why))
        else:
            self.meter.setText(tr("composer.usage", used=f"{used:,}", window=f"{window:,}"))
        parts = [f"{tr('meter.' + name)}: {tokens:,}" for name, tokens in sections if tokens]
        schemas = self._tool_schemas
        if schemas:
            parts.append(tr("meter.tool_schemas", shown=schemas["shown"], offered=schemas["offered"]))
        self.meter.setToolTip("\n".join([tr("meter.tip"), *parts]))
        self.meter.setProperty("level", "high" if share > 0.85 else "normal")
        self.meter.style().polish(self.meter)

    # -- the draft's file -------------------------------------------------------------------------
    def _build_attach_button(self) -> QToolButton:
        """The paperclip beside Send, and its shortcut."""
        button = QToolButton()
        button.setObjectName("attachButton")
        themed(button, "paperclip")
        button.setToolTip(tr("composer.attach_tip", shortcut=ATTACH_SHORTCUT))
        button.setAccessibleName(tr("composer.attach"))
        button.clicked.connect(self.attach_requested)
        describe(QShortcut(QKeySequence(ATTACH_SHORTCUT), self, self._attach_by_key), "shortcuts.attach")
        return button

    def _build_mic_button(self) -> QToolButton:
        """The microphone beside the paperclip; ``dictation.Dictation`` gives it its behaviour."""
        button = QToolButton(self)
        button.setObjectName("micButton")
        button.setCheckable(True)
        themed(button, "microphone")  # the one icon set, redrawn when the theme changes
        button.setToolTip(tr("dictation.tip", shortcut=DICTATION_SHORTCUT))
        button.setAccessibleName(tr("dictation.start"))
        return button

    def show_chip(self, chip: QWidget | None) -> None:
        """Show ``chip`` (the draft's file) above the editor, or none."""
        if self.chip is not None:
            self.chip_row.removeWidget(self.chip)
            self.chip.deleteLater()
        self.chip = chip
        if chip is not None:
            self.chip_row.insertWidget(0, chip)

    def show_notice(self, text: str, *, muted: bool = False) -> None:
        """One line about the file: why it was refused, or that it is being read ("" hides it)."""
        self.notice.setText(text)
        self.notice.setProperty("level", "muted" if muted else "warning")
        self.notice.style().polish(self.notice)
        self.notice.setVisible(bool(text))

    def set_adding(self, adding: bool) -> None:
        """While a file is being read, Send waits: the message must not leave without it."""
        self._adding = adding
        self._sync_buttons()

    def _attach_by_key(self) -> None:
        if self._ready:
            self.attach_requested.emit()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt naming)
        if self._ready and dropped(event.mimeData()) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt naming)
        given = dropped(event.mimeData())
        if self._ready and given is not None:
            event.acceptProposedAction()
            self.files_given.emit(given)

    def _escape(self) -> None:
        if not self.unqueue():
            self.stop_requested.emit()

    def _sync_buttons(self) -> None:
        self.send_button.setVisible(not self._busy)
        self.send_button.setEnabled((self._ready or (self._loading and not self._queued)) and not self._adding)
        self.send_button.setToolTip("" if self._ready else tr("startup.send_tip"))
        self.stop_button.setVisible(self._busy)
        self.compare_button.setVisible(not self._busy)
        self.compare_button.setEnabled(self._ready and not self._adding)

    def _compare(self) -> None:
        text = self.editor.toPlainText()
        if text.strip() and self._ready and not self._busy and not self._adding:
            self.compare_requested.emit(text)

    def _submit(self) -> None:
        text = self.editor.toPlainText()
        if not text.strip() or self._busy or self._adding:
            return
        if not self._ready:
            if self._loading and not self._queued:
                self._queued = True  # sent by set_ready(True), unless edited or Esc first
                self._sync_buttons()
                self._show_wait()
            return
        self.send_requested.emit(text)
