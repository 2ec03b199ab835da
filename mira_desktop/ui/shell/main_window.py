"""The main window: thread sidebar, chat header, chat area with composer, status bar.

Built from the data folder's first look (:mod:`~mira_desktop.services.app.first_look`: its threads,
the welcome draft, the theme) and shown first, with the composer taking typing: the window paints
before the data folder is opened and the services are built (on a worker); :meth:`attach` connects
it to them.
A thread clicked before then opens once they are, and what was typed stays in the composer. The
composer has the keyboard whenever the window is activated (unless another text field of the
window had it). Every list and label follows the services' change feed, and everything read from
the database or a file is read through an operation, off the UI thread.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QProgressBar,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.chat.composer import Composer
from mira_desktop.ui.chat.fork_actions import ForkActions, ForkLink
from mira_desktop.ui.chat.header import ChatHeader
from mira_desktop.ui.chat.view import ChatView
from mira_desktop.ui.chat.waiting_banner import WaitingBanner
from mira_desktop.ui.i18n import explain, say, tr
from mira_desktop.ui.operations import OperationRunner
from mira_desktop.ui.shell.greetings import WelcomeGreetings
from mira_desktop.ui.shell.menus import MenuCommands, build_menus
from mira_desktop.ui.shell.model_status import ModelStatus
from mira_desktop.ui.shell.notices import Notices
from mira_desktop.ui.shell.open_thread import OpenThreadFollow
from mira_desktop.ui.shell.other_windows import OtherWindows
from mira_desktop.ui.shell.project_actions import ProjectActions
from mira_desktop.ui.shell.project_groups import PROJECT_ROLE
from mira_desktop.ui.shell.quitting import Quitting
from mira_desktop.ui.shell.sidebar import MORE, ThreadSidebar
from mira_desktop.ui.shell.undo_notice import UndoNotice
from mira_desktop.ui.theme import apply_theme

if TYPE_CHECKING:
    from mira_desktop.core.conversation.chat_state import ChatState
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.app.first_look import FirstLook
    from mira_desktop.services.app.preferences import Preferences
    from mira_desktop.services.chat.service import SendOptions
    from mira_desktop.ui.changes import ChangeSignal


USABLE_WITHIN_MS = 2000  # the model starts loading then at the latest


class _NotificationRelay(QObject):
    arrived = Signal(object)


class MainWindow(OtherWindows, WelcomeGreetings, ModelStatus, Notices, OpenThreadFollow, Quitting, QMainWindow):
    model_readiness_changed = Signal(object)
    thread_followed = Signal(bool)  # a change of the open thread was looked at: True if it was shown anew

    def __init__(self, data_dir: str, first_look: FirstLook | None = None) -> None:
        super().__init__()
        self.services: AppServices | None = None
        self.changes: ChangeSignal | None = None
        # Eight workers: at start one waits for the model to load, and listing or opening a thread must
        # not queue behind it or the composer's file, the context meter, an agent thread's header.
        self.background = OperationRunner(self._report_failure, workers=8)
        self.setWindowTitle(tr("app.title"))
        self.resize(1180, 760)
        self._first_look = first_look
        self.current_thread_id: str | None = None
        self._opening: str | None = None  # a thread clicked before the services were attached
        self._checked_ref: str | None = None
        self._check_pending = False
        self._greetings: list[str] = []  # the welcome page's role greetings
        self._shown_history: tuple[object, ...] = ()
        self._quitting = False
        self._was_busy = False
        self._greeting_index = 0
        self._became_usable = False
        self._build_layout()
        build_menus(  # in the first frame, so that nothing moves when the services arrive
            self,
            MenuCommands(
                settings=self.open_settings,
                roles=self.open_roles,
                knowledge=self.open_knowledge,
                capabilities=self.open_capabilities,
                switcher=self.open_switcher,
                trash=self.open_trash,
                backup=self.back_up,
                quit=self.close,
                shortcuts=self.show_shortcuts,
            ),
        )
        self.menuBar().setEnabled(False)  # its windows need the services
        self._build_status_bar(data_dir)
        self._notes = _NotificationRelay()
        self._notes.arrived.connect(self._show_notification)
        self._show_first_look(first_look)
        # Styled once the widgets exist: set earlier, every widget added was polished again as it moved.
        apply_theme(first_look.theme if first_look is not None else "system")

    def _show_first_look(self, look: FirstLook | None) -> None:
        """The threads and the welcome draft the database holds, before the services are built."""
        if look is not None and look.read:
            self.sidebar.show_listed(look.threads, waiting=look.waiting, more=look.more)
            self.composer.set_text(look.welcome_draft)
        self.composer.editor.setFocus()  # where typing goes as soon as the window is shown

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt naming)
        """Activated (shown, clicked, switched to): the composer takes the keyboard, unless the
        person was typing in another field of this window (the thread search, an edited message)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            self._composer_takes_keyboard(Qt.FocusReason.ActiveWindowFocusReason)

    def _composer_takes_keyboard(self, reason: Qt.FocusReason) -> None:
        """Focus the composer, unless the person is typing in another field of this window."""
        focused = self.focusWidget()  # the window's last focused child: Qt gives it focus back
        if focused is None or focused is self.composer.editor:
            self.composer.editor.setFocus(reason)
            return
        from PySide6.QtWidgets import QAbstractSpinBox, QTextEdit  # not before the first frame: their enums

        typing_elsewhere = (
            isinstance(focused, QLineEdit | QPlainTextEdit | QTextEdit | QAbstractSpinBox)
            and not getattr(focused, "isReadOnly", lambda: False)()
        ) or (isinstance(focused, QComboBox) and focused.isEditable())
        if not typing_elsewhere:
            self.composer.editor.setFocus(reason)

    # -- building --------------------------------------------------------------------------------
    def _build_layout(self) -> None:
        self.sidebar = ThreadSidebar()
        self.sidebar.thread_selected.connect(self.open_thread)
        self.sidebar.new_chat_requested.connect(self.new_chat)
        self.sidebar.trash_requested.connect(self.open_trash)
        self.sidebar.thread_list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.sidebar.thread_list.customContextMenuRequested.connect(self._thread_context_menu)
        self.header = ChatHeader()
        self.header.changed.connect(self._bindings_changed)
        self.header.model_picked.connect(self.start_model_check)
        self.header.loaded.connect(self._header_loaded)
        self.header.notice.connect(self._notice)
        self.header.models_requested.connect(self.open_get_models)
        self.header.keyboard_released.connect(
            lambda: self._composer_takes_keyboard(Qt.FocusReason.PopupFocusReason)
        )
        # The header's parts under the names the window's tests and scripts use.
        self.bindings = self.header
        self.thread_title = self.header.title
        self.model_picker = self.header.model_picker
        self._usage_timer = QTimer(self)
        self._usage_timer.setSingleShot(True)
        self._usage_timer.setInterval(300)
        self._usage_timer.timeout.connect(self.update_usage)

        self.chat_view = ChatView()
        self.composer = Composer()
        chat_area = QWidget()
        chat_layout = QVBoxLayout(chat_area)
        chat_layout.setContentsMargins(0, 0, 0, 0)
        chat_layout.setSpacing(0)
        chat_layout.addWidget(self.header)
        self.waiting_banner = WaitingBanner()
        self.waiting_banner.thread_requested.connect(self.open_thread)
        chat_layout.addWidget(self.waiting_banner)
        self.fork_link = ForkLink()  # a forked thread's way back to the message it came from
        chat_layout.addWidget(self.fork_link)
        chat_layout.addWidget(self.chat_view, 1)
        from mira_desktop.ui.chat.answer_stage import AnswerStage

        self.answer_stage = AnswerStage()  # a knowledge answer's stage and seconds, while it comes
        chat_layout.addWidget(self.answer_stage)
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
        self.undo_notice = UndoNotice()
        self.statusBar().addPermanentWidget(self.undo_notice)
        self.statusBar().addPermanentWidget(self.model_progress)
        self.statusBar().addPermanentWidget(self.model_label)
        self.memory_label = QLabel("")  # which local models are in memory now
        self.memory_label.setObjectName("modelsInMemory")
        self.statusBar().addPermanentWidget(self.memory_label)

    def attach(self, services: AppServices, *, check_model: bool = False) -> None:
        """Connect the window to the opened data folder's services. Once the threads are listed, with
        ``check_model``, the default model loads."""
        from mira_desktop.core.changes import Topic
        from mira_desktop.ui.changes import ChangeSignal, Follow
        from mira_desktop.ui.chat.agent_actions import AgentActions
        from mira_desktop.ui.chat.attachment_actions import AttachmentActions
        from mira_desktop.ui.chat.controller import ChatController
        from mira_desktop.ui.chat.dictation import Dictation
        from mira_desktop.ui.chat.media_actions import MediaActions
        from mira_desktop.ui.chat.skill_picker import SkillCompletion
        from mira_desktop.ui.chat.thread_actions import ThreadActions

        self.services = services
        self.background.set_bug_reporter(services.tasks.save_crash_report)
        self.changes = ChangeSignal(services.changes)
        services.notifications.subscribe(self._notes.arrived.emit)
        self.menuBar().setEnabled(True)
        self.controller = ChatController(services, self.background, self._render, self._send_options, self)
        self.agent_actions = AgentActions(
            self,
            services=services,
            runner=self.background,
            controller=self.controller,
            chat_view=self.chat_view,
            notice=self._notice,
        )
        self.controller.notice.connect(self._notice)
        self.attachment_actions = AttachmentActions(
            self,
            services=services,
            runner=self.background,
            composer=self.composer,
            changes=self.changes,
            model_ref=self.header.bound_model_ref,
        )
        self.dictation = Dictation(self, services=services, runner=self.background, composer=self.composer)
        self.skill_completion = SkillCompletion(
            self, services=services, runner=self.background, composer=self.composer, changes=self.changes
        )
        self.media_actions = MediaActions(
            self,
            services=services,
            runner=self.background,
            chat_view=self.chat_view,
            changes=self.changes,
            notice=self._notice,
        )
        self.thread_actions = ThreadActions(
            self,
            services=services,
            runner=self.background,
            current=lambda: self.current_thread_id,
            deleted=self._thread_deleted,
            notice=self._notice,
            undo=self.undo_notice.offer,
            draft=lambda: self.header.draft,
        )
        self.header.menu_button.setMenu(self.thread_actions.menu)
        self.thread_actions.menu.aboutToHide.connect(
            lambda: QTimer.singleShot(0, self.header.keyboard_released.emit)  # after its action ran
        )
        self._connect_chat()
        self.header.attach(services, self.background, self.changes)
        # Once the threads are listed (the window is usable), the model loads: started earlier, it would
        # take the processor from the listing.
        self._after_listing = lambda: self._usable(check_model)
        self.sidebar.listed.connect(self._after_listing)
        # A list that is not read (a failed or very slow read) must not hold them back for good.
        QTimer.singleShot(USABLE_WITHIN_MS, self, self._after_listing)
        self.sidebar.attach(services, self.background, self.changes)
        self.waiting_banner.attach(services, self.background, self.changes)
        self.forks = ForkActions(
            services, self.background, self.fork_link, open_thread=self.open_thread, notice=self._notice, parent=self
        )
        self.chat_view.fork_requested.connect(self.forks.fork)
        self.project_actions = ProjectActions(
            self, services=services, runner=self.background, sidebar=self.sidebar, notice=self._notice,
            new_thread_in=self.new_chat_in_project,
        )  # fmt: skip
        self._follow = Follow(self, self.changes, {Topic.MESSAGES, Topic.THREADS}, self._thread_data_changed)
        preferences = services.preferences
        self.background.op(self, preferences.theme).success(apply_theme).run()
        self._remember_folders(preferences)
        services.knowledge.indexer.start()  # pending and interrupted index jobs resume in the background
        services.other_processes.watch()  # a `mira` command's writes show here too
        services.idle_models.watch()  # a local model left unused gives its memory back
        self.follow_model_states()
        self._keep_what_was_typed()
        self.new_chat()
        if self._opening is not None:
            self.open_thread(self._opening)

    def _usable(self, check_model: bool) -> None:
        """The services listed the threads for the first time (or did not within USABLE_WITHIN_MS)."""
        if self.services is None or self._became_usable:
            return
        self._became_usable = True
        self.sidebar.listed.disconnect(self._after_listing)
        if check_model:
            self.start_model_check()

    def _keep_what_was_typed(self) -> None:
        """The composer's text from before the services (the saved draft, or what was typed since)
        becomes the welcome page's draft: saved when it differs from the saved one."""
        from mira_desktop.core.conversation.chat_state import WELCOME, DraftEdited, HistoryLoaded

        text = self.composer.editor.toPlainText()  # the same text: a queued send stays queued
        look = self._first_look
        if not text:
            return  # nothing shown or typed: the saved draft loads as usual
        if look is not None and look.read and text == look.welcome_draft:
            self.controller.dispatch(HistoryLoaded(WELCOME, (), text))  # the saved draft, unchanged
        else:
            self.controller.dispatch(DraftEdited(text))

    def _remember_folders(self, preferences: Preferences) -> None:
        """File dialogs open where the last one was left, across restarts (the home folder at first)."""
        from mira_desktop.ui import file_dialogs

        def save(folder: str) -> None:
            self.background.op(self, lambda: preferences.set_last_folder(folder)).run()

        self.background.op(self, preferences.last_folder).success(lambda folder: file_dialogs.use(folder, save)).run()

    def _connect_chat(self) -> None:
        from mira_desktop.core.conversation import chat_state as uchat

        dispatch, attachments = self.controller.dispatch, self.attachment_actions
        self.composer.send_requested.connect(lambda text: dispatch(attachments.send_event(text)))
        self.controller.state_changed.connect(attachments.follow_state)
        self.header.changed.connect(attachments.refresh_plan)
        attachments.file_tokens_changed.connect(self.composer.set_file_tokens)
        self.chat_view.files_given.connect(attachments.give)
        self.composer.stop_requested.connect(lambda: dispatch(uchat.StopRequested()))
        self.composer.draft_changed.connect(lambda text: dispatch(uchat.DraftEdited(text)))
        self.composer.draft_changed.connect(lambda _text: self._usage_timer.start())
        self.chat_view.edit_submitted.connect(self._offer_retitle)
        self.chat_view.edit_submitted.connect(lambda mid, text: dispatch(uchat.EditRequested(mid, text)))
        self.chat_view.regenerate_requested.connect(lambda mid: dispatch(uchat.RegenerateRequested(mid)))
        self.chat_view.retry_requested.connect(lambda mid: dispatch(uchat.RetryRequested(mid)))
        self.chat_view.sibling_requested.connect(self._sibling_requested)
        self.chat_view.continue_requested.connect(lambda mid: dispatch(uchat.ContinueRequested(mid)))
        self.chat_view.delete_requested.connect(self.delete_message)
        self.chat_view.source_requested.connect(self.open_source)
        self.chat_view.earlier_requested.connect(self.controller.show_earlier)
        self.chat_view.agent_panel_needed.connect(self.agent_actions.fill_panel)
        self.chat_view.memory_answered.connect(self._memory_answered)
        self.chat_view.better_model_requested.connect(self.open_get_models)
        self.controller.run_event.connect(self.agent_actions.live_event)
        self.controller.run_event.connect(self.answer_stage.live_event)

    def _bindings_changed(self) -> None:
        self._usage_timer.start()
        if self.current_thread_id is None:
            self._show_greetings()

    def start_chat_with_role(self, role_id: str) -> None:
        """A new chat (the welcome draft) bound to ``role_id``."""
        self.new_chat()
        self.header.select_role(role_id)
        self.raise_()
        self.activateWindow()

    # -- threads ---------------------------------------------------------------------------------
    def new_chat(self) -> None:
        """Show the welcome page: a draft, no thread row until the first send."""
        from mira_desktop.core.conversation.chat_state import WELCOME, HistoryLoaded, ThreadOpened

        if self.services is None:  # before the services: the welcome page is what shows
            self._opening = None
            self.sidebar.select(None)
            self.composer.editor.setFocus()
            return
        self.current_thread_id = None
        self._greetings = []
        self.forks.show_for(None)
        self.header.show_thread(None)
        self.sidebar.select(None)
        self.controller.dispatch(ThreadOpened(WELCOME))
        welcome_draft = self.services.threads.welcome_draft
        self.background.op(self, welcome_draft).success(
            lambda draft: self.controller.dispatch(HistoryLoaded(WELCOME, (), draft))
        ).run()
        self.composer.editor.setFocus()
        self._usage_timer.start()
        if self._checked_ref is not None and self.current_model_ref() != self._checked_ref:
            self.start_model_check()

    def open_thread(self, thread_id: str) -> None:
        from mira_desktop.core.conversation.chat_state import ThreadOpened

        if self.services is None:  # clicked in the first look: opened once the services are attached
            self._opening = thread_id
            self.sidebar.select(thread_id)
            return
        self.current_thread_id = thread_id
        item = self.sidebar.thread_list.currentItem()
        title = item.text().split("\n", 1)[0] if item is not None else ""
        self.header.show_thread(thread_id, title)
        self.sidebar.select(thread_id)
        self.controller.reset_visible_limit()
        self.controller.dispatch(ThreadOpened(thread_id))
        self.forks.show_for(thread_id)
        self._usage_timer.start()
        # A thread opened from the list, the switcher or the waiting banner: what is typed next is
        # the next message (it went into the list's type-ahead before).
        self._composer_takes_keyboard(Qt.FocusReason.OtherFocusReason)

    def _thread_context_menu(self, position: QPoint) -> None:
        item = self.sidebar.thread_list.itemAt(position)
        if (item is not None and item.data(Qt.ItemDataRole.UserRole) == MORE) or self.services is None:
            return
        menu = QMenu(self)
        if not self.project_actions.fill(menu, item):  # a thread's row: its menu, and "Move to project"
            thread_id = str(item.data(Qt.ItemDataRole.UserRole))  # type: ignore[union-attr]
            self.thread_actions.fill(menu, thread_id)
            self.project_actions.add_move_menu(menu, thread_id, item.data(PROJECT_ROLE))  # type: ignore[union-attr]
        menu.exec(self.sidebar.thread_list.viewport().mapToGlobal(position))

    def new_chat_in_project(self, project_id: str) -> None:
        """A new chat (the welcome draft) in ``project_id``, starting with its defaults."""
        self.new_chat()
        if self.services is not None:
            self.background.op(self, partial(self.services.projects.get, project_id)).success(
                self.header.start_in_project
            ).failure(lambda exc: self._notice(explain(exc))).run()

    def _send_options(self) -> SendOptions:
        from mira_desktop.services.chat.service import SendOptions

        draft = self.header.draft
        greeting = None
        if draft.role_id is not None and self._greetings:
            greeting = self._greetings[min(self._greeting_index, len(self._greetings) - 1)]
        return SendOptions(
            model_ref=draft.model_ref,
            role_id=draft.role_id,
            knowledge_base_id=draft.knowledge_base_id,
            agent=draft.agent,
            workspace_id=draft.workspace_id if draft.agent else draft.project_id,
            greeting=greeting,
            tts=draft.tts,
        )

    def _render(self, state: ChatState, hidden_earlier: int) -> None:
        from mira_desktop.core.conversation.chat_state import WELCOME

        self.chat_view.show_history(state.history, hidden_earlier=hidden_earlier)
        shown = (state.current, tuple((m.id, m.status) for m in state.history))
        if shown != self._shown_history:  # an answer ended, a branch switched, another thread opened
            self._shown_history = shown
            self._usage_timer.start()
        self.composer.set_text(state.draft)
        self.composer.set_busy(state.busy)
        if self._was_busy and not state.busy:
            self.composer.editor.setFocus()  # the answer is done: ready for the next message
        self._was_busy = state.busy
        current = None if state.current == WELCOME else state.current
        if current != self.current_thread_id and current is not None:
            self.current_thread_id = current  # the first send created the thread
            self.header.show_thread(current)
            self.sidebar.select(current)
        if state.notice:
            self.statusBar().showMessage(say(state.notice), 10000)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt naming)
        """Closing the main window (or Ctrl+Q) quits Mira: every Mira window closes with it."""
        if self._may_close(event):
            self._shut_down()
            super().closeEvent(event)
