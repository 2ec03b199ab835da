"""The main window: thread sidebar, chat area with composer, status bar."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.chat.composer import Composer
from mira_desktop.ui.chat.thread_bindings import ThreadBindings
from mira_desktop.ui.chat.view import ChatView
from mira_desktop.ui.i18n import tr
from mira_desktop.ui.operations import Background
from mira_desktop.ui.shell.sidebar import ThreadSidebar
from mira_desktop.ui.shell.theme import STYLE_SHEET

if TYPE_CHECKING:
    from mira_desktop.core.conversation.chat_state import ChatState
    from mira_desktop.core.notifications import Notification
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.chat.service import SendOptions
    from mira_desktop.services.model_catalog.readiness import ModelReadiness


class _NotificationRelay(QObject):
    arrived = Signal(object)


class MainWindow(QMainWindow):
    """Built empty and shown first; :meth:`attach` then connects it to the opened data folder."""

    model_readiness_changed = Signal(object)

    def __init__(self, data_dir: str) -> None:
        super().__init__()
        self.services: AppServices | None = None
        self.background = Background(self._report_failure)
        self.setWindowTitle(tr("app.title"))
        self.resize(1180, 760)
        self.setStyleSheet(STYLE_SHEET)
        self._show_archived = False
        self.current_thread_id: str | None = None
        self._checked_ref: str | None = None

        self._build_layout()
        self._build_status_bar(data_dir)
        self._notes = _NotificationRelay()
        self._notes.arrived.connect(self._show_notification)

    def _build_menu(self) -> None:
        menu = self.menuBar().addMenu(tr("menu.mira"))
        settings = QAction(tr("menu.settings"), self)
        settings.setShortcut(QKeySequence.StandardKey.Preferences)
        settings.setShortcuts(
            [QKeySequence("Ctrl+,"), *QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences)]
        )
        settings.triggered.connect(self.open_settings)
        quit_action = QAction(tr("menu.quit"), self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        roles = QAction(tr("menu.roles"), self)
        roles.setShortcut(QKeySequence("Ctrl+Shift+R"))
        roles.triggered.connect(self.open_roles)
        knowledge = QAction(tr("menu.knowledge"), self)
        knowledge.setShortcut(QKeySequence("Ctrl+Shift+K"))
        knowledge.triggered.connect(self.open_knowledge)
        menu.addAction(settings)
        menu.addAction(roles)
        menu.addAction(knowledge)
        menu.addSeparator()
        menu.addAction(quit_action)

    def attach(self, services: AppServices) -> None:
        from mira_desktop.ui.chat.controller import ChatController
        from mira_desktop.ui.chat.thread_actions import ThreadActions

        self.services = services
        services.notifications.subscribe(self._notes.arrived.emit)
        self._build_menu()
        self.controller = ChatController(services, self.background, self._render, self._send_options)
        self.controller.threads_changed.connect(self._threads_refreshed)
        self.controller.notice.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.thread_actions = ThreadActions(
            self,
            services=services,
            background=self.background,
            current=lambda: self.current_thread_id,
            changed=self._thread_changed,
            deleted=self.new_chat,
        )
        self.thread_menu_button.setMenu(self.thread_actions.menu)
        self._connect_chat()
        self.bindings.attach(services)
        # Pending and interrupted index jobs resume in the background as soon as the app runs.
        services.knowledge.indexer.start()
        self.bindings.changed.connect(self._bindings_changed)
        self.refresh_model_picker()
        self.refresh_workspaces()
        self.refresh_threads()
        self.new_chat()

    def _connect_chat(self) -> None:
        from mira_desktop.core.conversation import chat_state as uchat

        dispatch = self.controller.dispatch
        self.composer.send_requested.connect(lambda text: dispatch(uchat.SendRequested(text)))
        self.composer.stop_requested.connect(lambda: dispatch(uchat.StopRequested()))
        self.composer.draft_changed.connect(lambda text: dispatch(uchat.DraftEdited(text)))
        self.composer.draft_changed.connect(lambda _text: self._usage_timer.start())
        self.chat_view.edit_submitted.connect(lambda mid, text: dispatch(uchat.EditRequested(mid, text)))
        self.chat_view.regenerate_requested.connect(lambda mid: dispatch(uchat.RegenerateRequested(mid)))
        self.chat_view.retry_requested.connect(lambda mid: dispatch(uchat.RetryRequested(mid)))
        self.chat_view.sibling_requested.connect(lambda mid: dispatch(uchat.BranchSwitchRequested(mid)))
        self.chat_view.delete_requested.connect(self.delete_message)
        self.chat_view.source_requested.connect(self.open_source)
        self.chat_view.earlier_requested.connect(self.controller.show_earlier)
        self.sidebar.search_changed.connect(lambda _text: self._search_timer.start())

    def _build_layout(self) -> None:
        self.sidebar = ThreadSidebar()
        self.sidebar.thread_selected.connect(self.open_thread)
        self.sidebar.new_chat_requested.connect(self.new_chat)
        self.sidebar.archived_toggled.connect(self._set_show_archived)

        self.thread_title = QLabel(tr("sidebar.new_chat"))
        self.thread_title.setObjectName("threadTitle")
        self.model_picker = QComboBox()
        self.model_picker.setObjectName("modelPicker")
        self.model_picker.setMinimumWidth(260)
        self.model_picker.setToolTip(tr("header.model_tip"))
        self.model_picker.activated.connect(self._model_picked)
        self.draft_model_ref: str | None = None
        header = QWidget()
        header.setObjectName("chatHeader")
        header_layout = QHBoxLayout(header)
        header_layout.setContentsMargins(24, 10, 24, 10)
        self.thread_menu_button = QToolButton()
        self.thread_menu_button.setText("⋯")
        self.thread_menu_button.setToolTip(tr("thread.menu"))
        self.thread_menu_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.bindings = ThreadBindings()
        header_layout.addWidget(self.thread_title, 1)
        header_layout.addWidget(self.bindings)
        header_layout.addWidget(self.model_picker)
        header_layout.addWidget(self.thread_menu_button)
        self._usage_timer = QTimer(self)
        self._usage_timer.setSingleShot(True)
        self._usage_timer.setInterval(300)
        self._usage_timer.timeout.connect(self.update_usage)
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(200)
        self._search_timer.timeout.connect(self.refresh_threads)

        self.chat_view = ChatView()
        self.composer = Composer()
        chat_area = QWidget()
        chat_layout = QVBoxLayout(chat_area)
        chat_layout.setContentsMargins(0, 0, 0, 0)
        chat_layout.setSpacing(0)
        chat_layout.addWidget(header)
        chat_layout.addWidget(self.chat_view, 1)
        chat_layout.addWidget(self.composer)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.sidebar)
        splitter.addWidget(chat_area)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([260, 920])
        splitter.setChildrenCollapsible(False)
        self.setCentralWidget(splitter)

    def _build_status_bar(self, data_dir: str) -> None:
        self.data_label = QLabel(tr("status.data", path=data_dir))
        self.model_label = QLabel("")
        self.model_progress = QProgressBar()
        self.model_progress.setRange(0, 0)
        self.model_progress.setFixedWidth(90)
        self.model_progress.setTextVisible(False)
        self.statusBar().addWidget(self.data_label, 1)
        self.statusBar().addPermanentWidget(self.model_progress)
        self.statusBar().addPermanentWidget(self.model_label)

    # -- model readiness -------------------------------------------------------------------------
    def start_model_check(self) -> None:
        """Load the heavy inference library off the UI thread, after the window is shown."""
        from mira_desktop.services.model_catalog.readiness import prepare_model

        assert self.services is not None
        services = self.services
        ref = self.current_model_ref()
        self._checked_ref = ref
        self.model_label.setText(tr("status.model_loading", name=ref))
        self.model_progress.show()
        self.composer.set_ready(False, tr("composer.loading"))
        self.background.run(lambda: prepare_model(services.models, ref), self._model_checked)

    def current_model_ref(self) -> str:
        """The model the visible thread (or the welcome draft) runs on."""
        assert self.services is not None
        thread_ref = self.draft_model_ref
        if self.current_thread_id is not None:
            thread_ref = self.services.threads.get(self.current_thread_id).model_ref
        return self.services.models.resolve(thread_ref)

    def refresh_model_picker(self) -> None:
        assert self.services is not None
        models = self.services.models
        bound = self.draft_model_ref
        if self.current_thread_id is not None:
            bound = self.services.threads.get(self.current_thread_id).model_ref
        self.model_picker.blockSignals(True)
        self.model_picker.clear()
        self.model_picker.addItem(tr("header.default_model", name=models.default_ref()), None)
        for entry in models.entries():
            self.model_picker.addItem(f"{entry.name} · {entry.ref}", entry.ref)
        if bound is not None and self.model_picker.findData(bound) < 0:
            self.model_picker.addItem(bound, bound)  # a model no longer listed stays visible
        self.model_picker.setCurrentIndex(max(0, self.model_picker.findData(bound)) if bound else 0)
        self.model_picker.blockSignals(False)

    def _model_picked(self, index: int) -> None:
        assert self.services is not None
        ref = self.model_picker.itemData(index)
        if self.current_thread_id is None:
            self.draft_model_ref = ref
        else:
            self.services.threads.set_model(self.current_thread_id, ref)
            self.refresh_threads()
        self.start_model_check()

    def open_roles(self) -> None:
        from mira_desktop.ui.roles.workbench import RoleWorkbench

        assert self.services is not None
        workbench = RoleWorkbench(self.services)
        workbench.setWindowTitle(tr("menu.roles").rstrip("…"))
        workbench.resize(1100, 760)
        workbench.start_chat_requested.connect(self.start_chat_with_role)
        workbench.roles_changed.connect(self.bindings.refresh)
        self.role_workbench = workbench
        workbench.show()

    def open_knowledge(self) -> None:
        from mira_desktop.ui.knowledge.page import KnowledgePage

        assert self.services is not None
        page = KnowledgePage(self.services, self.background)
        page.setWindowTitle(tr("menu.knowledge").rstrip("…"))
        page.resize(1100, 760)
        page.knowledge_bases_changed.connect(self.bindings.refresh)
        self.knowledge_page = page
        page.show()

    def start_chat_with_role(self, role_id: str) -> None:
        """A new chat (the welcome draft) bound to ``role_id``."""
        self.new_chat()
        self.bindings.select_role(role_id)
        self.raise_()
        self.activateWindow()

    def _bindings_changed(self) -> None:
        self.refresh_threads()
        self._usage_timer.start()

    def open_settings(self) -> None:
        from mira_desktop.ui.settings.dialog import SettingsDialog

        assert self.services is not None
        dialog = SettingsDialog(self.services, self.background, self)
        dialog.models_page.models_changed.connect(self.refresh_model_picker)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.settings_dialog = dialog
        dialog.show()

    def _model_checked(self, readiness: ModelReadiness) -> None:
        self.model_progress.hide()
        if readiness.ready:
            self.model_label.setText(tr("status.model_ready", name=readiness.label))
            self.composer.set_ready(True)
        else:
            self.model_label.setText(tr("status.model_failed", name=readiness.label))
            self.model_label.setToolTip(readiness.problem)
            self.composer.set_ready(False, tr("composer.unavailable"))
            if self.services is not None:
                from mira_desktop.core.notifications import Level

                self.services.notifications.post(Level.ERROR, readiness.problem)
        self.model_readiness_changed.emit(readiness)

    # -- threads ---------------------------------------------------------------------------------
    def refresh_workspaces(self) -> None:
        assert self.services is not None
        default = self.services.workspaces.default()
        self.sidebar.set_workspaces(self.services.workspaces.list(), default.id)

    def refresh_threads(self) -> None:
        from mira_desktop.core.conversation.threads import ThreadStatus

        assert self.services is not None
        status = ThreadStatus.ARCHIVED if self._show_archived else ThreadStatus.ACTIVE
        threads = self.services.threads.list(status)
        query = self.sidebar.search_box.text().strip()
        if query:
            matching = {hit.thread_id for hit in self.services.threads.search(query, limit=500)}
            threads = [t for t in threads if t.id in matching]
        self.sidebar.set_threads(threads, searching=bool(query), selected=self.current_thread_id)

    def new_chat(self) -> None:
        """Show the welcome page: a draft, no thread row until the first send."""
        from mira_desktop.core.conversation.chat_state import WELCOME, HistoryLoaded, ThreadOpened

        assert self.services is not None
        self.current_thread_id = None
        self.draft_model_ref = None
        self.thread_title.setText(tr("sidebar.new_chat"))
        self.bindings.show_thread(None)
        self.refresh_model_picker()
        self.sidebar.thread_list.clearSelection()
        self.controller.dispatch(ThreadOpened(WELCOME))
        self.controller.dispatch(HistoryLoaded(WELCOME, (), self.services.threads.welcome_draft()))
        self.composer.editor.setFocus()
        self._usage_timer.start()

    def open_thread(self, thread_id: str) -> None:
        from mira_desktop.core.conversation.chat_state import ThreadOpened

        assert self.services is not None
        thread = self.services.threads.get(thread_id)
        self.current_thread_id = thread_id
        self.thread_title.setText(thread.title or tr("thread.untitled"))
        self.bindings.show_thread(thread_id)
        self.refresh_model_picker()
        self.controller.reset_visible_limit()
        self.controller.dispatch(ThreadOpened(thread_id))
        self._usage_timer.start()
        if self.current_model_ref() != self._checked_ref:
            self.start_model_check()

    def delete_message(self, message_id: str) -> None:
        from mira_desktop.core.conversation.chat_state import ThreadOpened

        assert self.services is not None
        answer = QMessageBox.question(self, tr("message.delete"), tr("message.delete_confirm"))
        if answer != QMessageBox.StandardButton.Yes or self.current_thread_id is None:
            return
        try:
            self.services.branches.delete_message(message_id)
        except Exception as exc:
            self.statusBar().showMessage(str(exc), 10000)
            return
        self.controller.dispatch(ThreadOpened(self.current_thread_id))

    def _threads_refreshed(self) -> None:
        """After a run or a change: the list, and the open thread's title (auto-titled by its first answer)."""
        self.refresh_threads()
        if (
            self.services is not None
            and self.current_thread_id
            and self.services.threads.exists(self.current_thread_id)
        ):
            thread = self.services.threads.get(self.current_thread_id)
            self.thread_title.setText(thread.title or tr("thread.untitled"))

    def open_source(self, message_id: str, number: int) -> None:
        """Open source [number] of an answer: a PDF at its page inside Mira, anything else outside."""
        from mira_desktop.services.knowledge.sources import SourceService
        from mira_desktop.ui.chat.source_viewer import PdfPageDialog, open_in_system_viewer

        assert self.services is not None
        try:
            source = self.services.sources.cited(message_id, number)
        except Exception as exc:
            self.statusBar().showMessage(str(exc), 10000)
            return
        if source.page is None:
            open_in_system_viewer(source)
            return

        def shown(png: bytes) -> None:
            dialog = PdfPageDialog(source, png, self)
            self.source_dialog = dialog
            dialog.show()

        self.background.run(lambda: SourceService.render_pdf_page(source.path, source.page or 1), shown)

    def _thread_changed(self) -> None:
        self.refresh_threads()
        if self.current_thread_id is not None:
            if self.services is not None and not self.services.threads.exists(self.current_thread_id):
                self.new_chat()
                return
            thread = self.services.threads.get(self.current_thread_id) if self.services else None
            if thread is not None:
                self.thread_title.setText(thread.title or tr("thread.untitled"))

    def _send_options(self) -> SendOptions:
        from mira_desktop.services.chat.service import SendOptions

        return SendOptions(
            model_ref=self.draft_model_ref,
            role_id=self.bindings.draft_role_id,
            knowledge_base_id=self.bindings.draft_kb_id,
            workspace_id=self.sidebar.workspace_picker.currentData(),
        )

    def _render(self, state: ChatState, hidden_earlier: int) -> None:
        from mira_desktop.core.conversation.chat_state import WELCOME

        self.chat_view.show_history(state.history, hidden_earlier=hidden_earlier)
        self.composer.set_text(state.draft)
        self.composer.set_busy(state.busy)
        current = None if state.current == WELCOME else state.current
        if current != self.current_thread_id and current is not None:
            self.current_thread_id = current  # the first send created the thread
            self.refresh_threads()
            thread = self.services.threads.get(current) if self.services else None
            if thread is not None:
                self.thread_title.setText(thread.title or tr("thread.untitled"))
            self.bindings.show_thread(current)
            self.refresh_model_picker()
        if state.notice:
            self.statusBar().showMessage(state.notice, 10000)

    def update_usage(self) -> None:
        """Show how much of the model's window the next request uses (computed off the UI thread)."""
        if self.services is None:
            return
        services = self.services
        thread_id = self.current_thread_id
        draft = self.composer.editor.toPlainText()
        ref = self.current_model_ref()

        def measure() -> tuple[int, int]:
            request = services.chat.preview(thread_id, draft, ref)
            return request.prompt_tokens, request.window

        self.background.run(measure, lambda result: self.composer.set_usage(*result), self._usage_failed)

    def _usage_failed(self, error: BaseException) -> None:
        self.composer.meter.setText(str(error))

    def _set_show_archived(self, archived: bool) -> None:
        self._show_archived = archived
        self.refresh_threads()

    # -- notifications and shutdown --------------------------------------------------------------
    def _report_failure(self, exc: BaseException) -> None:
        from mira_desktop.core.notifications import Level, Notification

        message = f"{type(exc).__name__}: {exc}"
        if self.services is None:
            self._show_notification(Notification(Level.ERROR, message))
        else:
            self.services.notifications.post(Level.ERROR, message)

    def _show_notification(self, note: Notification) -> None:
        from mira_desktop.core.notifications import Level

        self.statusBar().showMessage(note.message, 15000)
        if note.level is Level.ERROR:
            box = QMessageBox(QMessageBox.Icon.Warning, tr("app.title"), note.message, parent=self)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.show()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt naming)
        self._usage_timer.stop()
        self._search_timer.stop()
        if self.services is not None:
            self.controller.close()
            self.services.chat.stop()
            self.services.knowledge.indexer.stop()
            self.services.notifications.unsubscribe(self._notes.arrived.emit)
        self.background.shutdown()
        super().closeEvent(event)
