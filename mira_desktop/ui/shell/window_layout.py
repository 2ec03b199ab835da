"""The main window's widgets as its first frame builds them: the sidebar, the chat area (header,
banners, transcript, answer stage, composer) in a splitter, and the status bar. Connections to the
window's own steps stay in :class:`~mira_desktop.ui.shell.main_window.MainWindow`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QProgressBar, QSplitter, QVBoxLayout, QWidget

from mira_desktop.ui.chat.composer import Composer
from mira_desktop.ui.chat.fork_actions import ForkLink
from mira_desktop.ui.chat.header import ChatHeader
from mira_desktop.ui.chat.view import ChatView
from mira_desktop.ui.chat.waiting_banner import WaitingBanner
from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.shell.sidebar import ThreadSidebar
from mira_desktop.ui.shell.undo_notice import UndoNotice

if TYPE_CHECKING:
    from mira_desktop.ui.shell.main_window import MainWindow


def build_layout(window: MainWindow) -> None:
    """The sidebar and the chat area side by side, each widget under the name the window uses."""
    window.sidebar = ThreadSidebar()
    window.sidebar.thread_selected.connect(window.open_thread)
    window.sidebar.new_chat_requested.connect(window.new_chat)
    window.sidebar.trash_requested.connect(window.open_trash)
    window.sidebar.thread_list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    window.header = ChatHeader()
    window.header.model_picked.connect(window.start_model_check)
    window.header.notice.connect(window.notices.notice)
    window.header.models_requested.connect(window.open_get_models)
    # The header's parts under the names the window's tests and scripts use.
    window.bindings = window.header
    window.thread_title = window.header.title
    window.model_picker = window.header.model_picker
    window.usage_timer = QTimer(window)
    window.usage_timer.setSingleShot(True)
    window.usage_timer.setInterval(300)
    window.usage_timer.timeout.connect(window.update_usage)

    window.chat_view = ChatView()
    window.composer = Composer()
    chat_area = QWidget()
    chat_layout = QVBoxLayout(chat_area)
    chat_layout.setContentsMargins(0, 0, 0, 0)
    chat_layout.setSpacing(0)
    chat_layout.addWidget(window.header)
    window.waiting_banner = WaitingBanner()
    window.waiting_banner.thread_requested.connect(window.open_thread)
    chat_layout.addWidget(window.waiting_banner)
    window.fork_link = ForkLink()  # a forked thread's way back to the message it came from
    chat_layout.addWidget(window.fork_link)
    chat_layout.addWidget(window.chat_view, 1)
    from mira_desktop.ui.chat.answer_stage import AnswerStage

    window.answer_stage = AnswerStage()  # a knowledge answer's stage and seconds, while it comes
    chat_layout.addWidget(window.answer_stage)
    chat_layout.addWidget(window.composer)

    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.addWidget(window.sidebar)
    splitter.addWidget(chat_area)
    splitter.setStretchFactor(1, 1)
    splitter.setSizes([260, 920])
    splitter.setChildrenCollapsible(False)
    window.setCentralWidget(splitter)


def build_status_bar(window: MainWindow, data_dir: str) -> None:
    """The data folder, the Undo notice, the model and its progress, and the models in memory."""
    window.data_label = QLabel(tr("status.data", path=data_dir))
    window.model_label = QLabel("")
    window.model_progress = QProgressBar()
    window.model_progress.setRange(0, 0)
    window.model_progress.setFixedWidth(90)
    window.model_progress.setTextVisible(False)
    window.statusBar().addWidget(window.data_label, 1)
    window.undo_notice = UndoNotice()
    window.statusBar().addPermanentWidget(window.undo_notice)
    window.statusBar().addPermanentWidget(window.model_progress)
    window.statusBar().addPermanentWidget(window.model_label)
    window.memory_label = QLabel("")  # which local models are in memory now
    window.memory_label.setObjectName("modelsInMemory")
    window.statusBar().addPermanentWidget(window.memory_label)
