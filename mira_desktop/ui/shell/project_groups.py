"""The sidebar's rows when threads are grouped by project: a header per project (collapsible, with
its thread count, the last used first), its newest threads under it, and "Show N more" where it has
more. Threads are dragged onto another project's rows to move them there.

Rows are told apart by their data: a thread's id, ``project:ID`` for a header, ``more:ID`` for a
group's "show more" and ``MORE`` for the flat list's "show older" (a single project shows no headers).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence, Set
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QDropEvent, QFont
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem

from mira_desktop.ui.language.i18n import tr

if TYPE_CHECKING:
    from mira_desktop.core.conversation.threads import Thread
    from mira_desktop.core.workspaces import ProjectSummary

MORE = "__more__"  # the data of the flat list's last item when older threads remain
HEADER = "project:"
GROUP_MORE = "more:"
PROJECT_ROLE = Qt.ItemDataRole.UserRole + 1  # the project a row belongs to
GROUP_PAGE = 10  # threads shown under each open project before its "Show N more"


def is_thread(data: object) -> bool:
    return isinstance(data, str) and data != MORE and not data.startswith((HEADER, GROUP_MORE))


class ThreadList(QListWidget):
    """The sidebar's list; a thread dropped on a project's rows asks to move there."""

    thread_dropped = Signal(str, str)  # thread id, project id

    def __init__(self) -> None:
        super().__init__()
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)

    def add_groups(
        self,
        projects: Sequence[ProjectSummary],
        threads: Sequence[Thread],
        collapsed: Set[str],
        searching: bool,
        add: Callable[[Thread, str, str], None],
    ) -> None:
        """A header per project, then (unless it is closed) its threads through ``add(thread,
        project id, indent)`` and "Show N more"; a search shows only the projects it found in, open."""
        base = next(p.workspace.id for p in projects if p.workspace.is_default)
        for summary, inside in grouped(projects, threads, base):
            project_id = summary.workspace.id
            if searching and not inside:
                continue
            closed = project_id in collapsed and not searching
            self.addItem(header_item(summary, closed))
            for thread in [] if closed else inside:
                add(thread, project_id, "    ")
            if not closed and not searching and summary.thread_count > len(inside):
                self.addItem(more_item(project_id, summary.thread_count - len(inside)))
        self.even_rows()

    def even_rows(self) -> None:
        """Every row as tall as a thread's two lines, so that the list lays out thousands of rows
        without measuring each (a header alone would be one line high)."""
        thread_row = next(
            (r for r in range(self.count()) if is_thread(self.item(r).data(Qt.ItemDataRole.UserRole))), None
        )
        self.setUniformItemSizes(thread_row is not None)
        if thread_row is None:
            return
        height = self.sizeHintForRow(thread_row)
        for row in range(min(thread_row, self.count())):
            self.item(row).setSizeHint(QSize(-1, height))

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt's name)
        target = self.itemAt(event.position().toPoint())
        dragged = self.currentItem()
        event.setDropAction(Qt.DropAction.IgnoreAction)  # the list rebuilds from the database
        event.accept()
        if target is None or dragged is None:
            return
        self.drop_on(dragged, target)

    def drop_on(self, dragged: QListWidgetItem, target: QListWidgetItem) -> None:
        """``dragged`` (a thread) was dropped on ``target`` (any row of a project)."""
        thread_id, project_id = dragged.data(Qt.ItemDataRole.UserRole), target.data(PROJECT_ROLE)
        if is_thread(thread_id) and project_id and project_id != dragged.data(PROJECT_ROLE):
            self.thread_dropped.emit(str(thread_id), str(project_id))


def header_item(summary: ProjectSummary, collapsed: bool) -> QListWidgetItem:
    project = summary.workspace
    arrow = "▸" if collapsed else "▾"
    item = QListWidgetItem(f"{arrow}  " + tr("project.header", name=project.name, count=summary.thread_count))
    item.setData(Qt.ItemDataRole.UserRole, HEADER + project.id)
    item.setData(PROJECT_ROLE, project.id)
    item.setToolTip(project.root_path or tr("project.no_folder"))
    font = QFont(item.font())
    font.setBold(True)
    item.setFont(font)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDropEnabled)
    return item


def more_item(project_id: str, count: int) -> QListWidgetItem:
    item = QListWidgetItem("    " + tr("project.more", count=count))
    item.setData(Qt.ItemDataRole.UserRole, GROUP_MORE + project_id)
    item.setData(PROJECT_ROLE, project_id)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDropEnabled)
    return item


def grouped(
    projects: Sequence[ProjectSummary], threads: Iterable[Thread], base_id: str
) -> list[tuple[ProjectSummary, list[Thread]]]:
    """Each project (in the order given) with its threads (in the order given)."""
    by_project: dict[str, list[Thread]] = {p.workspace.id: [] for p in projects}
    for thread in threads:
        by_project.setdefault(thread.workspace_id or base_id, []).append(thread)
    return [(p, by_project.get(p.workspace.id, [])) for p in projects]
