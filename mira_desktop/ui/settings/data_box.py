"""The Data box of Settings → Workspaces: the files attached to the selected workspace for read-only
SQL (``sql_schema``, ``sql_query``), attach one with its allowed tables and masked columns, detach one.
The same service and checks as ``mira data``; a refusal is the one line the command prints."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.data.sources import DataSource
    from mira_desktop.ui.runtime.operations import OperationRunner


def choose_file(parent: QWidget) -> str:
    return file_dialogs.open_file(parent, tr("data.choose_file"), filters=tr("data.filter"))[0]


def ask_words(parent: QWidget, prompt: str) -> list[str] | None:
    """Space-separated words a person types (None when they cancel)."""
    text, accepted = QInputDialog.getText(parent, tr("data.choose_file"), prompt)
    return text.split() if accepted else None


def attach_file(
    parent: QWidget,
    services: AppServices,
    runner: OperationRunner,
    *,
    workspace_id: str | None = None,
    thread_id: str | None = None,
    pick: Callable[[QWidget], str] = choose_file,
    ask: Callable[[QWidget, str], list[str] | None] = ask_words,
    done: Callable[[DataSource], None],
    failed: Callable[[BaseException], None],
) -> None:
    """Ask for a file, its allowed tables and masked columns, then attach it to the workspace or the
    thread with the checks of ``mira data add``; nothing happens when the person cancels."""
    path = pick(parent)
    if not path:
        return
    allow = ask(parent, tr("data.allow_prompt"))
    mask = None if allow is None else ask(parent, tr("data.mask_prompt"))
    if allow is None or mask is None:
        return
    data = services.data

    def add() -> DataSource:
        return data.add(
            Path(path), workspace_id=workspace_id, thread_id=thread_id, allow=tuple(allow), mask=tuple(mask)
        )

    runner.op(parent, add).success(done).failure(failed).run()


class DataBox(QGroupBox):
    loaded = Signal()

    def __init__(self, services: AppServices, runner: OperationRunner, parent: QWidget | None = None) -> None:
        super().__init__(tr("data.box_title"), parent)
        self.services = services
        self.runner = runner
        self.pick: Callable[[QWidget], str] = choose_file  # the dialogs, replaceable in tests
        self.ask: Callable[[QWidget, str], list[str] | None] = ask_words
        self.workspace_id: str | None = None
        self._sources: list[DataSource] = []
        layout = QVBoxLayout(self)
        hint = QLabel(tr("data.hint"))
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setMaximumHeight(140)  # a few files; the workspaces above keep the room
        self.list.currentItemChanged.connect(lambda *_: self._sync())
        layout.addWidget(self.list)
        buttons = QHBoxLayout()
        self.attach_button = QPushButton(tr("data.attach"))
        self.detach_button = QPushButton(tr("data.detach"))
        self.attach_button.clicked.connect(self.attach)
        self.detach_button.clicked.connect(self.detach_selected)
        buttons.addWidget(self.attach_button)
        buttons.addWidget(self.detach_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.message = QLabel("")
        self.message.setObjectName("hint")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self._sync()

    def show_for(self, workspace_id: str | None) -> None:
        self.workspace_id = workspace_id
        self._sync()
        self.reload()

    def reload(self) -> None:
        self.runner.op(self, self.services.data.list).success(self._show).failure(self._failed).run()

    def _show(self, sources: list[DataSource]) -> None:
        self._sources = [
            s for s in sources if s.workspace_id is not None and s.workspace_id == self.workspace_id
        ]
        self.list.clear()
        for source in self._sources:
            text = tr(
                "data.row",
                name=source.name,
                kind=source.kind.upper(),
                allow=", ".join(source.allow) or tr("data.every_table"),
                mask=", ".join(source.mask) or tr("data.none"),
            )
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, source.id)
            item.setToolTip(source.path)
            self.list.addItem(item)
        if not self._sources:
            self.list.addItem(QListWidgetItem(tr("data.empty")))
        self._sync()
        self.loaded.emit()

    def rows(self) -> list[str]:
        return [self.list.item(r).text() for r in range(self.list.count())]

    def _selected(self) -> DataSource | None:
        item = self.list.currentItem()
        wanted = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return next((s for s in self._sources if s.id == wanted), None)

    def _sync(self) -> None:
        self.attach_button.setEnabled(self.workspace_id is not None)
        self.detach_button.setEnabled(self._selected() is not None)

    def attach(self) -> None:
        if self.workspace_id is None:
            return
        attach_file(
            self,
            self.services,
            self.runner,
            workspace_id=self.workspace_id,
            pick=self.pick,
            ask=self.ask,
            done=self._attached,
            failed=self._failed,
        )

    def _attached(self, source: DataSource) -> None:
        self.message.setText(tr("data.attached", name=source.name))
        self.reload()

    def detach_selected(self) -> None:
        chosen = self._selected()
        if chosen is None:
            return
        remove = self.services.data.remove
        self.runner.op(self, lambda: remove(chosen.id)).success(self._detached).failure(self._failed).run()

    def _detached(self, source: DataSource) -> None:
        self.message.setText(tr("data.detached", name=source.name))
        self.reload()

    def _failed(self, exc: BaseException) -> None:
        self.message.setText(explain(exc))
