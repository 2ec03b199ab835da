"""The thread sidebar: new chat, search, active/archived threads, grouped by project once there is
more than one (``project_groups``: collapsible headers with counts, the last used first).

The list is read in the background and re-read whenever the services announce a change of threads
(a run started or ended, a rename, an archive, a delete — from this window or any other).
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QListWidgetItem,
    QPushButton,
    QStackedWidget,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.core.changes import Topic
from mira_desktop.core.conversation.threads import Thread, ThreadStatus
from mira_desktop.ui.desktop.shortcuts import describe
from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.runtime.changes import Follow
from mira_desktop.ui.shell.project_groups import (
    GROUP_MORE,
    GROUP_PAGE,
    HEADER,
    MORE,
    PROJECT_ROLE,
    ThreadList,
)
from mira_desktop.ui.shell.sidebar_listing import Listing, ListingAsked, read_listing

if TYPE_CHECKING:
    from mira_desktop.core.workspaces import ProjectSummary
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner


PAGE = 200  # threads read at a time
__all__ = ["MORE", "PAGE", "ThreadSidebar"]


class ThreadSidebar(QWidget):
    default_model = ""  # the default model's reference, once read (threads that follow it name it)

    thread_selected = Signal(str)
    new_chat_requested = Signal()
    archived_toggled = Signal(bool)
    search_changed = Signal(str)
    trash_requested = Signal()
    listed = Signal()  # the list shows what the database holds now

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.services: AppServices | None = None
        self.runner: OperationRunner | None = None
        self.selected_id: str | None = None
        self.waiting: set[str] = set()  # threads whose agent run waits for approval
        self._listed: object = None  # what the list shows and its selection: the same read leaves it
        self.shown = PAGE  # newest threads listed; scrolling to the end (or "Show more") adds a page
        self.projects: list[ProjectSummary] = []  # the groups shown (none: one project, a flat list)
        self.collapsed: set[str] = set()  # projects whose threads are hidden
        self.group_shown: dict[str, int] = {}  # projects showing more than GROUP_PAGE threads
        self.scope: str | None = None  # the project the search is kept to
        self.setObjectName("sidebar")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setMinimumWidth(220)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 10, 10, 10)
        layout.setSpacing(8)

        self.new_chat_button = QPushButton("＋  " + tr("sidebar.new_chat"))
        self.new_chat_button.setObjectName("newChat")
        self.new_chat_button.setToolTip(tr("sidebar.new_chat") + " (Ctrl+N)")
        self.new_chat_button.clicked.connect(self.new_chat_requested)
        describe(QShortcut(QKeySequence.StandardKey.New, self, self.new_chat_requested.emit), "shortcuts.new_chat")

        self.search_box = QLineEdit()
        self.search_box.setPlaceholderText(tr("sidebar.search"))
        self.search_box.setClearButtonEnabled(True)
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(200)
        self._search_timer.timeout.connect(self.refresh)
        self.search_box.textChanged.connect(self.search_changed)
        self.search_box.textChanged.connect(lambda _text: self._search_timer.start())
        describe(QShortcut(QKeySequence.StandardKey.Find, self, self.search_box.setFocus), "shortcuts.search")

        self.scope_button = self._scope_button()
        self.status_tabs = QTabBar()
        self.status_tabs.addTab(tr("sidebar.active"))
        self.status_tabs.addTab(tr("sidebar.archived"))
        self.status_tabs.setExpanding(True)
        self.status_tabs.currentChanged.connect(lambda index: self.archived_toggled.emit(index == 1))
        self.status_tabs.currentChanged.connect(lambda _index: self.refresh())

        self.thread_list = self._thread_list()
        self.empty_label = QLabel(tr("sidebar.empty"))
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setObjectName("muted")
        self.list_stack = QStackedWidget()
        self.list_stack.addWidget(self.thread_list)
        self.list_stack.addWidget(self.empty_label)

        self.trash_button = self._trash_button()
        for widget, stretch in (
            (self.new_chat_button, 0),
            (self.search_box, 0),
            (self.scope_button, 0),
            (self.status_tabs, 0),
            (self.list_stack, 1),
            (self.trash_button, 0),
        ):
            layout.addWidget(widget, stretch)

    def _thread_list(self) -> ThreadList:
        listed = ThreadList()
        listed.setObjectName("threadList")
        listed.itemClicked.connect(self._item_clicked)
        listed.verticalScrollBar().valueChanged.connect(self._scrolled)
        listed.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        listed.setTextElideMode(Qt.TextElideMode.ElideRight)
        listed.setWordWrap(False)
        return listed

    def _scope_button(self) -> QPushButton:
        """"Searching in NAME": a click searches every project again."""
        button = QPushButton()
        button.setObjectName("link")
        button.setFlat(True)
        button.setToolTip(tr("project.scope_clear"))
        button.clicked.connect(lambda: self.set_scope(None))
        button.hide()
        return button

    def _trash_button(self) -> QPushButton:
        button = QPushButton(tr("sidebar.trash", count=0))
        button.setFlat(True)
        button.setObjectName("link")
        button.setToolTip(tr("sidebar.trash_tip"))
        button.clicked.connect(self.trash_requested)
        return button

    def attach(self, services: AppServices, runner: OperationRunner, changes: ChangeSignal) -> None:
        # Set here, not in the first frame: importing QStyle makes its enums, ~10 ms of start-up.
        from PySide6.QtWidgets import QStyle

        self.trash_button.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_TrashIcon))
        self.services = services
        self.runner = runner
        # MODELS: a thread on the default model names it ("default: NAME"), which follows a new default.
        self._follow = Follow(
            self, changes, {Topic.THREADS, Topic.RUNS, Topic.MODELS, Topic.WORKSPACES}, lambda _c: self.refresh()
        )
        self._follow_trash = Follow(self, changes, {Topic.TRASH}, lambda _c: self.count_trash())
        self.refresh()
        self.count_trash()

    def count_trash(self) -> None:
        if self.services is None or self.runner is None:
            return
        self.runner.op(self, self.services.trash.count).success(
            lambda n: self.trash_button.setText(tr("sidebar.trash", count=n))
        ).run()

    @property
    def archived(self) -> bool:
        return self.status_tabs.currentIndex() == 1

    def refresh(self) -> None:
        """Re-read the list (in the background) for the tab and the search shown."""
        if self.services is None or self.runner is None:
            return
        asked = ListingAsked(
            status=ThreadStatus.ARCHIVED if self.archived else ThreadStatus.ACTIVE,
            query=self.search_box.text().strip(),
            shown=self.shown,
            scope=self.scope,
            collapsed=frozenset(self.collapsed),
            group_shown=dict(self.group_shown),
        )
        services = self.services

        def show(found: Listing) -> None:
            self.default_model = found.default_model
            self.show_listed(
                found.threads, searching=found.searching, waiting=found.waiting, more=found.more, projects=found.projects
            )

        self.runner.op(self, lambda: read_listing(services, asked)).success(show).run()

    def show_listed(
        self,
        threads: Sequence[Thread],
        *,
        searching: bool = False,
        waiting: Set[str] = frozenset(),
        more: bool = False,
        projects: Sequence[ProjectSummary] = (),
    ) -> None:
        """Show ``threads`` (a read of the database: the first look, or a refresh) and say so;
        with ``projects``, grouped under them."""
        rows = tuple((t.id, t.title, t.model_ref, t.workspace_id) for t in threads)
        groups = (tuple(projects), frozenset(self.collapsed), tuple(sorted(self.group_shown.items())))
        listed = (rows, searching, frozenset(waiting), more, groups, self.default_model)
        if (listed, self.selected_id) == self._listed:
            self.listed.emit()
            return  # nothing changed (another process wrote elsewhere): keep the scroll and selection
        if isinstance(self._listed, tuple) and self._listed[0][:5] == listed[:5] != self._listed[0]:
            self._listed = (listed, self.selected_id)  # the same rows, the default's name now known or
            self._name_the_default(threads)  # changed: their subtitles change in place, no rebuild
            self.select(self.selected_id)
            self.listed.emit()
            return
        if isinstance(self._listed, tuple) and self._listed[0] == listed:
            self._listed = (listed, self.selected_id)  # the same rows, another selection (e.g. the
            self.select(self.selected_id)  # first look's list, then a thread opened): no rebuild
            self.listed.emit()
            return
        self._listed = (listed, self.selected_id)
        self.waiting = set(waiting)
        self.projects = list(projects)
        scrolled = self.thread_list.verticalScrollBar().value()
        self.thread_list.setUpdatesEnabled(False)  # one paint for the whole list
        self.set_threads(list(threads), searching=searching, selected=self.selected_id)
        if more:
            item = QListWidgetItem(tr("sidebar.more"))
            item.setData(Qt.ItemDataRole.UserRole, MORE)
            item.setForeground(self.palette().placeholderText())
            self.thread_list.addItem(item)
        self.thread_list.setUpdatesEnabled(True)
        self.thread_list.verticalScrollBar().setValue(scrolled)  # where the person was reading
        self.listed.emit()

    def forget_listed(self) -> None:
        """The next read builds every row again (benchmarks/sidebar_projects.py measures that)."""
        self._listed = None

    def select(self, thread_id: str | None) -> None:
        self.selected_id = thread_id
        self.thread_list.clearSelection()
        for row in range(self.thread_list.count()):
            item = self.thread_list.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == thread_id:
                item.setSelected(True)

    def set_threads(
        self, threads: list[Thread], *, searching: bool = False, selected: str | None = None
    ) -> None:
        self.thread_list.clear()
        from mira_desktop.core.model_names import readable_model

        folder = self.services.folder.models_dir if self.services is not None else None
        names: dict[str | None, str] = {None: self._default_text(folder)}  # each model named once

        def add(thread: Thread, project_id: str | None, indent: str = "") -> None:
            ref = thread.model_ref
            model = names.get(ref) or names.setdefault(ref, readable_model(ref, folder) if ref else "")
            title = thread.title or tr("thread.untitled")
            item = QListWidgetItem(f"{indent}{title}\n{indent}{model}")
            item.setData(Qt.ItemDataRole.UserRole, thread.id)
            item.setData(PROJECT_ROLE, project_id)
            item.setToolTip(f"{title}\n{thread.model_ref or model}")
            if thread.id in self.waiting:  # an agent run of this thread waits for the user's approval
                from PySide6.QtWidgets import QStyle

                item.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning))
                item.setToolTip(f"{title}\n{model}\n{tr('message.waiting_note')}")
            self.thread_list.addItem(item)
            if thread.id == selected:
                item.setSelected(True)

        if self.projects:
            self.thread_list.add_groups(self.projects, threads, self.collapsed, searching, add)
        else:
            for thread in threads:  # one project: nowhere to drop a thread on
                add(thread, None)
        if threads or self.projects:
            self.list_stack.setCurrentWidget(self.thread_list)
        else:
            empty = tr("sidebar.no_archived") if self.archived else tr("sidebar.empty")
            self.empty_label.setText(tr("sidebar.no_match") if searching else empty)
            self.list_stack.setCurrentWidget(self.empty_label)

    def thread_ids(self) -> list[str]:
        """The threads the list shows, top to bottom (headers and "more" rows left out)."""
        from mira_desktop.ui.shell.project_groups import is_thread

        rows = (self.thread_list.item(r).data(Qt.ItemDataRole.UserRole) for r in range(self.thread_list.count()))
        return [str(data) for data in rows if is_thread(data)]

    def toggle_project(self, project_id: str) -> None:
        """Open or close a project's group."""
        self.collapsed ^= {project_id}
        self.refresh()

    def set_scope(self, project_id: str | None) -> None:
        """Keep the search to one project (None: every project)."""
        self.scope = project_id
        name = next((p.workspace.name for p in self.projects if p.workspace.id == project_id), "")
        self.scope_button.setText("✕  " + tr("project.scope", name=name))
        self.scope_button.setVisible(project_id is not None)
        if project_id is not None:
            self.search_box.setFocus()
        self.refresh()

    def _name_the_default(self, threads: Sequence[Thread]) -> None:
        folder = self.services.folder.models_dir if self.services is not None else None
        following = {t.id: t.title or tr("thread.untitled") for t in threads if not t.model_ref}
        indent = "    " if self.projects else ""
        for row in range(self.thread_list.count()):
            item = self.thread_list.item(row)
            title = following.get(str(item.data(Qt.ItemDataRole.UserRole)))
            if title is not None:
                item.setText(f"{indent}{title}\n{indent}{self._default_text(folder)}")
                item.setToolTip(item.text())

    def _default_text(self, folder: object) -> str:
        """A thread that follows the default model: "default: NAME" once the default is known."""
        from mira_desktop.core.model_names import readable_model

        if not self.default_model:
            return tr("thread.default_model")
        return tr("thread.default_named", name=readable_model(self.default_model, folder))  # type: ignore[arg-type]

    def show_more(self) -> None:
        """The next page of older threads under the ones shown."""
        self.shown += PAGE
        self.refresh()

    def _scrolled(self, value: int) -> None:
        last = self.thread_list.item(self.thread_list.count() - 1) if self.thread_list.count() else None
        at_end = value >= self.thread_list.verticalScrollBar().maximum() > 0
        if at_end and last is not None and last.data(Qt.ItemDataRole.UserRole) == MORE:
            self.show_more()

    def _item_clicked(self, item: QListWidgetItem) -> None:
        data = str(item.data(Qt.ItemDataRole.UserRole))
        if data == MORE:
            self.show_more()
            return
        if data.startswith(HEADER):
            self.toggle_project(data.removeprefix(HEADER))
            return
        if data.startswith(GROUP_MORE):
            project_id = data.removeprefix(GROUP_MORE)
            self.group_shown[project_id] = self.group_shown.get(project_id, GROUP_PAGE) + PAGE
            self.refresh()
            return
        self.selected_id = item.data(Qt.ItemDataRole.UserRole)
        self.thread_selected.emit(self.selected_id)
