"""Picking a skill for a message: ``/`` at the start of a word in the composer opens the list of the
skills that are on (typing narrows it; Enter or a click writes ``/name ``), and Ctrl+K or
Settings → Capabilities put ``/name`` in front of the draft. The services read ``/name`` from the
message and send that skill's instructions with the request."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QStringListModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QCompleter

from mira_desktop.core.changes import Topic
from mira_desktop.services.skills.context import picked
from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.runtime.changes import Follow

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.chat.composer import Composer
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner

TYPED = re.compile(r"(?:^|(?<=\s))/([a-z0-9-]*)$")  # a "/name" being typed just before the cursor


def pick_skill(composer: Composer, name: str) -> None:
    """Put ``/name`` in front of the draft (once) and give the composer the keyboard."""
    editor = composer.editor
    if not picked([editor.toPlainText()], [name]):  # the services' own reading of "/name"
        cursor = editor.textCursor()
        cursor.movePosition(cursor.MoveOperation.Start)
        cursor.insertText(f"/{name} ")
    cursor = editor.textCursor()
    cursor.movePosition(cursor.MoveOperation.End)
    editor.setTextCursor(cursor)
    editor.setFocus()


class SkillCompletion(QObject):
    """The composer's ``/`` list of skills, read in the background and again when skills change."""

    def __init__(
        self,
        owner: QObject,
        *,
        services: AppServices,
        runner: OperationRunner,
        composer: Composer,
        changes: ChangeSignal,
    ) -> None:
        super().__init__(owner)
        self._services = services
        self._runner = runner
        self._composer = composer
        self._names: list[str] = []
        self._model = QStringListModel(self)
        self.completer = QCompleter(self._model, self)
        self.completer.setWidget(composer.editor)
        self.completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setFilterMode(Qt.MatchFlag.MatchStartsWith)
        self._popup().setToolTip(tr("skills.completion_tip"))
        self.completer.activated.connect(self._chosen)  # the chosen row's text: "/name"
        composer.editor.completion = self.completer  # its Enter, Tab and Esc go to the list while it shows
        composer.editor.textChanged.connect(self._typed)
        self._follow = Follow(self, changes, {Topic.TOOLS}, lambda _c: self.reload())
        self.reload()

    def reload(self) -> None:
        skills = self._services.skills
        self._runner.op(self, lambda: [(s.name, s.description) for s in skills.enabled()]).success(
            self._show
        ).run()

    def _show(self, found: list[tuple[str, str]]) -> None:
        self._names = [name for name, _ in found]
        self._model.setStringList([f"/{name}" for name in self._names])
        for row, (_name, description) in enumerate(found):
            self._model.setData(self._model.index(row), description, Qt.ItemDataRole.ToolTipRole)

    def _typed(self) -> None:
        editor = self._composer.editor
        cursor = editor.textCursor()
        before = editor.toPlainText()[: cursor.position()]
        match = TYPED.search(before)
        popup = self._popup()
        if match is None or not self._names:
            popup.hide()
            return
        self.completer.setCompletionPrefix("/" + match.group(1))
        if self.completer.completionCount() == 0:
            popup.hide()
            return
        popup.setCurrentIndex(self.completer.completionModel().index(0, 0))
        rect = editor.cursorRect()
        rect.setWidth(max(260, popup.sizeHintForColumn(0) + 24))
        self.completer.complete(rect)

    def _popup(self) -> QAbstractItemView:
        popup = self.completer.popup()
        assert popup is not None, "a QCompleter always has its list"
        return popup

    def _chosen(self, chosen: str) -> None:
        editor = self._composer.editor
        cursor = editor.textCursor()
        match = TYPED.search(editor.toPlainText()[: cursor.position()])
        if match is None:
            return
        cursor.movePosition(cursor.MoveOperation.Left, cursor.MoveMode.KeepAnchor, len(match.group(0)))
        cursor.insertText(f"{chosen} ")
        editor.setTextCursor(cursor)
        self._popup().hide()
