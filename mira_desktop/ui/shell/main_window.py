"""The main window: thread sidebar, chat header, chat area with composer, status bar.

Built from the data folder's first look (:mod:`~mira_desktop.services.app.first_look`: its threads,
the welcome draft, the theme) and shown first, with the composer taking typing: the window paints
before the data folder is opened and the services are built (on a worker); :meth:`attach` connects
it to them.
A thread clicked before then opens at once, read-only, and what was typed on each page is kept
(:class:`~mira_desktop.ui.shell.first_moments.FirstMoments`); the attached window takes both over. The
composer has the keyboard whenever the window is activated (unless another text field of the
window had it). Every list and label follows the services' change feed, and everything read from
the database or a file is read through an operation, off the UI thread.

The window holds the layout and the wiring; what it does is done by parts, each built with exactly
what it uses (:mod:`~mira_desktop.ui.shell.window_parts`): :class:`Notices` from the first frame,
and once the services are attached the greetings, the model line, the open thread's follower, the
questions about a message, quitting, the chat's actions and the other windows
(:class:`~mira_desktop.ui.shell.other_windows.OtherWindows`, whose windows it names for tests and
scripts).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QLineEdit,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QWidget,
)

from mira_desktop.ui.language.i18n import explain, say, tr
from mira_desktop.ui.look.theme import apply_theme
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.shell.first_moments import FirstMoments
from mira_desktop.ui.shell.menus import MenuCommands, build_menus
from mira_desktop.ui.shell.model_status import current_model_ref
from mira_desktop.ui.shell.notices import Notices
from mira_desktop.ui.shell.project_groups import PROJECT_ROLE
from mira_desktop.ui.shell.quitting import close_other_windows
from mira_desktop.ui.shell.sidebar import MORE
from mira_desktop.ui.shell.window_layout import build_layout, build_status_bar

if TYPE_CHECKING:
    from PySide6.QtWidgets import QComboBox, QLabel, QMessageBox, QProgressBar

    from mira_desktop.core.conversation.chat_state import ChatState, FirstLookCarried, ThreadOpened
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.app.first_look import FirstLook
    from mira_desktop.services.chat.service import SendOptions
    from mira_desktop.ui.chat.answer_stage import AnswerStage
    from mira_desktop.ui.chat.composer import Composer
    from mira_desktop.ui.chat.fork_actions import ForkLink
    from mira_desktop.ui.chat.header import ChatHeader
    from mira_desktop.ui.chat.view import ChatView
    from mira_desktop.ui.chat.waiting_banner import WaitingBanner
    from mira_desktop.ui.knowledge.page import KnowledgePage
    from mira_desktop.ui.look.elided_label import ElidedLabel
    from mira_desktop.ui.roles.workbench import RoleWorkbench
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.settings.dialog import SettingsDialog
    from mira_desktop.ui.shell.other_windows import OtherWindows
    from mira_desktop.ui.shell.quick_switcher import QuickSwitcher
    from mira_desktop.ui.shell.sidebar import ThreadSidebar
    from mira_desktop.ui.shell.trash_dialog import TrashDialog
    from mira_desktop.ui.shell.undo_notice import UndoNotice


USABLE_WITHIN_MS = 2000  # the model starts loading then at the latest


class _NotificationRelay(QObject):
    arrived = Signal(object)


class MainWindow(QMainWindow):
    model_readiness_changed = Signal(object)
    thread_followed = Signal(bool)  # a change of the open thread was looked at: True if it was shown anew
    thread_shown = Signal(str)  # a thread's messages are on screen (before the services too)
    # The widgets ui/shell/window_layout builds in the first frame.
    sidebar: ThreadSidebar
    header: ChatHeader
    bindings: ChatHeader  # the header, under the name tests and scripts use
    thread_title: ElidedLabel
    model_picker: QComboBox
    usage_timer: QTimer
    chat_view: ChatView
    composer: Composer
    waiting_banner: WaitingBanner
    fork_link: ForkLink
    answer_stage: AnswerStage
    data_label: QLabel
    model_label: QLabel
    model_progress: QProgressBar
    undo_notice: UndoNotice
    memory_label: QLabel

    def __init__(self, data_dir: str, first_look: FirstLook | None = None) -> None:
        super().__init__()
        self.services: AppServices | None = None
        self.changes: ChangeSignal | None = None
        # Eight workers: at start one waits for the model to load, and listing or opening a thread must
        # not queue behind it or the composer's file, the context meter, an agent thread's header.
        self.background = OperationRunner(self._report_failure, workers=8)
        self.setWindowTitle(tr("app.title"))
        self.resize(1180, 760)
        self.current_thread_id: str | None = None
        self._shown_history: tuple[object, ...] = ()
        self._closed = False  # shut down: nothing more is read or shown
        self._was_busy = False
        self._became_usable = False
        self.notices = Notices(self)  # the status line and the dialogs that need nothing else
        self.windows: OtherWindows | None = None  # the windows it opens, once the services are attached
        self._build_layout()
        # Before the services: a listed thread opens read-only, each page's text is kept.
        self.first_moments = FirstMoments(
            self,
            data_dir=data_dir,
            look=first_look,
            runner=self.background,
            sidebar=self.sidebar,
            header=self.header,
            chat_view=self.chat_view,
            composer=self.composer,
        )
        self.first_moments.shown.connect(self.thread_shown)
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
        build_status_bar(self, data_dir)
        self._notes = _NotificationRelay()
        self._notes.arrived.connect(self.notices.show_notification)
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
        build_layout(self)  # the widgets, laid out; what they tell the window's own steps:
        self.sidebar.thread_list.customContextMenuRequested.connect(self._thread_context_menu)
        self.header.changed.connect(self._bindings_changed)
        self.header.loaded.connect(self._header_loaded)
        self.header.keyboard_released.connect(
            lambda: self._composer_takes_keyboard(Qt.FocusReason.PopupFocusReason)
        )

    def attach(self, services: AppServices, *, check_model: bool = False) -> None:
        """Connect the window to the opened data folder's services. Once the threads are listed, with
        ``check_model``, the default model loads."""
        from mira_desktop.core.changes import Topic
        from mira_desktop.ui.chat.controller import ChatController
        from mira_desktop.ui.runtime.changes import ChangeSignal, Follow
        from mira_desktop.ui.shell.window_parts import (
            build_chat_parts,
            build_shell_parts,
            build_thread_actions,
            connect_chat,
            other_windows,
        )

        self.services = services
        self.background.set_bug_reporter(services.tasks.save_crash_report)
        self.changes = changes = ChangeSignal(services.changes)
        services.notifications.subscribe(self._notes.arrived.emit)
        self.menuBar().setEnabled(True)
        runner, notice = self.background, self.notices.notice
        self.controller = ChatController(services, runner, self._render, self.send_options, self)
        self.controller.notice.connect(notice)
        self.controller.waiting.connect(self.notices.waiting)
        parts = build_shell_parts(self, services, changes, self.controller)
        self.greetings, self.model_status, self.following = parts.greetings, parts.model_status, parts.following
        self.questions, self.quitting = parts.questions, parts.quitting
        chat = build_chat_parts(self, services, changes, self.controller, deleted=self.following.thread_deleted)
        self.agent_actions, self.attachment_actions, self.dictation = chat.agent, chat.attachments, chat.dictation
        self.skill_completion, self.media_actions, self.thread_actions = chat.skills, chat.media, chat.threads
        self.windows = other_windows(self, services, changes, self.thread_actions)
        self.header.menu_button.setMenu(self.thread_actions.menu)
        self.thread_actions.menu.aboutToHide.connect(
            lambda: QTimer.singleShot(0, self.header.keyboard_released.emit)  # after its action ran
        )
        connect_chat(self)
        self.header.attach(services, runner, changes)
        self._once_usable(check_model)
        self.sidebar.attach(services, runner, changes)
        self.waiting_banner.attach(services, runner, changes)
        self.forks, self.project_actions, self.compare = build_thread_actions(self, services, runner, notice)
        self._follow = Follow(self, changes, {Topic.MESSAGES, Topic.THREADS}, self.following.thread_data_changed)
        self._start(services)

    def _start(self, services: AppServices) -> None:
        """The attached window's first reads, and the background work that follows the data folder."""
        from mira_desktop.ui.shell.window_parts import remember_folders

        preferences = services.preferences
        self.background.op(self, preferences.theme).success(apply_theme).run()
        remember_folders(self, self.background, preferences)
        services.knowledge.indexer.start()  # pending and interrupted index jobs resume in the background
        services.other_processes.watch()  # a `mira` command's writes show here too
        services.idle_models.watch()  # a local model left unused gives its memory back
        self.model_status.follow_model_states()
        self._take_over_the_first_moments()

    def _take_over_the_first_moments(self) -> None:
        """The page open before the services (its messages on screen, kept until read again through
        them) and the text of each page shown then, typed or read: a queued message stays queued."""
        from mira_desktop.core.conversation.chat_state import WELCOME, FirstLookCarried

        carried = self.first_moments.hand_over()
        event = FirstLookCarried(carried.current, carried.shown, carried.drafts, carried.typed)
        self.controller.hidden_earlier = carried.hidden_earlier  # "Show earlier" stays while it is read again
        if carried.current == WELCOME:
            self.controller.dispatch(event)
            self.new_chat()
        else:
            self._open(carried.current, event)

    def _once_usable(self, check_model: bool) -> None:
        """Once the threads are listed (the window is usable), the model loads: started earlier, it
        would take the processor from the listing."""
        self._after_listing = lambda: self._usable(check_model)
        self.sidebar.listed.connect(self._after_listing)
        # A list that is not read (a failed or very slow read) must not hold them back for good.
        QTimer.singleShot(USABLE_WITHIN_MS, self, self._after_listing)

    def _usable(self, check_model: bool) -> None:
        """The services listed the threads for the first time (or did not within USABLE_WITHIN_MS)."""
        if self.services is None or self._became_usable:
            return
        self._became_usable = True
        self.sidebar.listed.disconnect(self._after_listing)
        if check_model:
            self.model_status.start_check()

    def _bindings_changed(self) -> None:
        self.usage_timer.start()
        if self.services is not None and self.current_thread_id is None:
            self.greetings.show()

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

        if self.services is None:  # before the services: the welcome page and its text
            self.first_moments.new_chat()
            self.composer.editor.setFocus()
            return
        self.current_thread_id = None
        self.greetings.clear()
        self.forks.show_for(None)
        self.header.show_thread(None)
        self.sidebar.select(None)
        self.controller.dispatch(ThreadOpened(WELCOME))
        welcome_draft = self.services.threads.welcome_draft
        self.background.op(self, welcome_draft).success(
            lambda draft: self.controller.dispatch(HistoryLoaded(WELCOME, (), draft))
        ).run()
        self.composer.editor.setFocus()
        self.usage_timer.start()
        self.model_status.check_if_changed()

    def open_thread(self, thread_id: str) -> None:
        from mira_desktop.core.conversation.chat_state import ThreadOpened

        if self.services is None:  # clicked in the first look: shown as stored, read again on attach
            self.first_moments.open_thread(thread_id)
            self._composer_takes_keyboard(Qt.FocusReason.OtherFocusReason)
            return
        self._open(thread_id, ThreadOpened(thread_id))

    def _open(self, thread_id: str, opened: ThreadOpened | FirstLookCarried) -> None:
        self.current_thread_id = thread_id
        item = self.sidebar.thread_list.currentItem()
        title = item.text().split("\n", 1)[0] if item is not None else ""
        self.header.show_thread(thread_id, title)
        self.sidebar.select(thread_id)
        self.controller.reset_visible_limit()
        self.controller.dispatch(opened)
        self.forks.show_for(thread_id)
        self.usage_timer.start()
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
            ).failure(lambda exc: self.notices.notice(explain(exc))).run()

    def send_options(self) -> SendOptions:
        from mira_desktop.services.chat.service import SendOptions

        draft = self.header.draft
        return SendOptions(
            model_ref=draft.model_ref,
            role_id=draft.role_id,
            knowledge_base_id=draft.knowledge_base_id,
            agent=draft.agent,
            workspace_id=draft.workspace_id if draft.agent else draft.project_id,
            greeting=self.greetings.chosen(),
            tts=draft.tts,
        )

    def _render(self, state: ChatState, hidden_earlier: int) -> None:
        from mira_desktop.core.conversation.chat_state import WELCOME

        self.chat_view.show_history(state.history, hidden_earlier=hidden_earlier)
        shown = (state.current, tuple((m.id, m.status) for m in state.history))
        if shown != self._shown_history:  # an answer ended, a branch switched, another thread opened
            self._shown_history = shown
            self.usage_timer.start()
            if state.current != WELCOME and state.history:
                self.thread_shown.emit(state.current)
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

    # -- what the parts built on attach do, under the names the menus, tests and scripts use ----------
    def open_settings(self) -> None:
        assert self.windows is not None
        self.windows.open_settings()

    def open_roles(self) -> None:
        assert self.windows is not None
        self.windows.open_roles()

    def open_knowledge(self) -> None:
        assert self.windows is not None
        self.windows.open_knowledge()

    def open_capabilities(self) -> None:
        assert self.windows is not None
        self.windows.open_capabilities()

    def open_get_models(self) -> None:
        assert self.windows is not None
        self.windows.open_get_models()

    def open_switcher(self) -> None:
        assert self.windows is not None
        self.windows.open_switcher()

    def open_source(self, message_id: str, number: int) -> None:
        assert self.windows is not None
        self.windows.open_source(message_id, number)

    def palette_commands(self) -> list[tuple[str, Callable[[], None]]]:
        assert self.windows is not None
        return self.windows.palette_commands()

    def show_shortcuts(self) -> None:
        assert self.windows is not None
        self.windows.show_shortcuts()

    def open_trash(self) -> None:
        if self.windows is not None:  # the sidebar's trash button works before the services, not this
            self.windows.open_trash()

    def back_up(self) -> None:
        if self.windows is not None:
            self.windows.back_up()

    @property
    def settings_dialog(self) -> SettingsDialog | None:
        return None if self.windows is None else self.windows.settings_dialog

    @property
    def role_workbench(self) -> RoleWorkbench | None:
        return None if self.windows is None else self.windows.role_workbench

    @property
    def knowledge_page(self) -> KnowledgePage | None:
        return None if self.windows is None else self.windows.knowledge_page

    @property
    def switcher(self) -> QuickSwitcher | None:
        return None if self.windows is None else self.windows.switcher

    @property
    def shortcuts_sheet(self) -> QMessageBox | None:
        return None if self.windows is None else self.windows.shortcuts_sheet

    @property
    def trash_dialog(self) -> TrashDialog | None:
        return None if self.windows is None else self.windows.trash_dialog

    @property
    def source_dialog(self) -> QWidget | None:
        return None if self.windows is None else self.windows.source_dialog

    def start_model_check(self) -> None:
        """Load the chosen model off the UI thread (the status line and the composer follow)."""
        self.model_status.start_check()

    def current_model_ref(self) -> str | None:
        return current_model_ref(self.header)

    def _header_loaded(self) -> None:
        self.model_status.header_loaded()

    def update_usage(self) -> None:
        """Show how much of the model's window the next request uses (computed off the UI thread)."""
        if self.services is None or self._closed or self.quitting.leaving:
            return  # not attached yet, or closing (a late change of the header must not read the database)
        self.following.update_usage()

    def _report_failure(self, exc: BaseException) -> None:
        """A failure no operation shows itself: a dialog (a bug's crash report written first)."""
        from mira_desktop.core.notifications import Level, Notification

        error = self.background.as_error(exc)
        note = Notification(Level.ERROR, str(error), getattr(error, "details", ""), error)
        if self.services is None:
            self.notices.show_notification(note)
        else:
            self.services.notifications.post(note.level, note.message, note.details, error)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt naming)
        """Closing the main window (or Ctrl+Q) quits Mira: every Mira window closes with it; while an
        answer is written it asks first."""
        if self.services is not None and not self._closed and not self.quitting.may_close(event):
            return
        self._shut_down()
        super().closeEvent(event)

    def _shut_down(self) -> None:
        """Every Mira window closes, what runs for the window is cancelled, its workers end."""
        self._closed = True
        close_other_windows(self)
        self.usage_timer.stop()
        if self.services is not None:
            self.controller.close()
            self.services.stop_work()  # runs end as cancelled (their partial answers kept), indexing pauses
            self.services.notifications.unsubscribe(self._notes.arrived.emit)
        if self.changes is not None:
            self.changes.close()
        self.background.shutdown()  # cancels the operations still running, and waits a bounded time
