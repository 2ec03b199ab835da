"""The central chat area: an empty state for a new chat, or the visible branch of a thread.

Message widgets are kept by id and updated in place, so a streaming answer only re-renders its own
body; the controller calls :meth:`show_history` at most once per frame.

A long branch is shown from its end: widgets are made for the newest :data:`FIRST_SHOWN` messages
the controller read, and for :data:`MORE_SHOWN` older ones each time the reader scrolls to the top
(or clicks "Show n earlier messages", which counts both these and the ones not read yet); once
every message read has a widget, the top asks the controller to read more. The message the reader
was looking at stays where it was on the screen.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QLabel, QPushButton, QScrollArea, QStackedWidget, QVBoxLayout, QWidget

from mira_desktop.ui.chat.drops import dropped
from mira_desktop.ui.chat.grow_first import grow_to_fit
from mira_desktop.ui.language.i18n import tr

if TYPE_CHECKING:  # loaded with the first message, after the window has painted
    from mira_desktop.core.conversation.chat_state import ViewMessage
    from mira_desktop.ui.chat.agent_panel import AgentPanel
    from mira_desktop.ui.chat.message_widget import MessageWidget

FIRST_SHOWN = 12  # message widgets made when a thread opens (its end; a screenful or more)
MORE_SHOWN = 10  # made each time the reader reaches the top
NEAR_TOP = 40  # pixels from the top at which older messages are shown


class ChatView(QStackedWidget):
    edit_submitted = Signal(str, str)
    regenerate_requested = Signal(str)
    retry_requested = Signal(str)
    continue_requested = Signal(str)
    delete_requested = Signal(str)
    sibling_requested = Signal(str)
    source_requested = Signal(str, int)
    earlier_requested = Signal()
    agent_panel_needed = Signal(object)  # an AgentPanel to fill with its run's steps and state
    memory_answered = Signal(str, bool)
    fork_requested = Signal(str, str)  # message id, "from_here" or "onward"
    compare_requested = Signal(str)  # message id: compare two models on its question
    media_strip_needed = Signal(object)  # a MediaStrip under a new answer (to be filled and followed)
    files_given = Signal(object)  # drops.DroppedFiles: files dropped on the conversation
    better_model_requested = Signal()  # the welcome page's "Choose a better model…"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build_empty_state()
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("transcript")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Always on: with a bar shown only when needed, QScrollArea measures a taller-than-the-window
        # transcript at every width down to the bar's (some fifteen full layouts of every changed
        # message per frame while an answer streams).
        self.scroll_area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.list_widget = QWidget()
        self.list_widget.setObjectName("messageList")
        self.list_layout = QVBoxLayout(self.list_widget)
        self.list_layout.setContentsMargins(24, 12, 24, 12)
        self.list_layout.setSpacing(10)
        self.earlier_button = QPushButton(tr("chat.show_earlier"))
        self.earlier_button.setObjectName("earlierButton")
        self.earlier_button.clicked.connect(self.show_older)
        self.list_layout.addWidget(self.earlier_button, 0, Qt.AlignmentFlag.AlignHCenter)
        self.list_layout.addStretch(1)
        self.scroll_area.setWidget(self.list_widget)
        self._pinned = True  # follow the newest text until the user scrolls up
        bar = self.scroll_area.verticalScrollBar()
        bar.rangeChanged.connect(self._follow)
        bar.valueChanged.connect(self._scrolled)
        self.widgets: dict[str, MessageWidget] = {}
        self._order: list[str] = []  # every message read, oldest first; widgets for _order[_start:]
        self._history: Sequence[ViewMessage] = ()
        self._start = 0
        self._hidden_earlier = 0  # older messages the controller has not read
        self._reading_earlier = False  # asked the controller for more: show some once they arrive
        self._anchor: tuple[MessageWidget, int] | None = None  # kept at its place on screen
        self._older_timer = QTimer(self)
        self._older_timer.setSingleShot(True)
        self._older_timer.timeout.connect(self._older_if_at_top)
        self.addWidget(self.empty_state)
        self.addWidget(self.scroll_area)
        self.setAcceptDrops(True)
        self.show_empty()

    def _build_empty_state(self) -> None:
        self.empty_state = QWidget()
        self.empty_state.setObjectName("emptyState")
        empty_layout = QVBoxLayout(self.empty_state)
        empty_layout.addStretch(2)
        title = QLabel(tr("empty.title"))
        title.setObjectName("emptyTitle")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.body = body = QLabel(tr("empty.body"))
        body.setObjectName("muted")
        body.setAlignment(Qt.AlignmentFlag.AlignCenter)
        body.setWordWrap(True)
        empty_layout.addWidget(title)
        empty_layout.addWidget(body)
        # "This model is for trying Mira" with a way to a better one (a Chinese window, the embedded model).
        self.model_note = QLabel()
        self.model_note.setObjectName("hint")
        self.model_note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.model_note.setWordWrap(True)
        self.model_note.setTextFormat(Qt.TextFormat.RichText)
        self.model_note.linkActivated.connect(lambda _link: self.better_model_requested.emit())
        self.model_note.hide()
        empty_layout.addWidget(self.model_note)
        empty_layout.addStretch(3)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt naming)
        if dropped(event.mimeData()) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt naming)
        """A file dropped on the conversation goes with the next message, as on the composer."""
        given = dropped(event.mimeData())
        if given is not None:
            event.acceptProposedAction()
            self.files_given.emit(given)

    def show_model_note(self, text: str, link: str) -> None:
        """Under the welcome text: ``text`` and a ``link`` to better models ("" hides it)."""
        self.model_note.setVisible(bool(text))
        if text:
            self.model_note.setText(f'{html.escape(text)}<br><a href="models">{html.escape(link)}</a>')

    def show_where_it_runs(self, remote_name: str) -> None:
        """The welcome text: everything on this computer, or ("" otherwise) the remote model that
        answers — "Everything runs on this computer" would not be true then."""
        self.body.setText(tr("empty.body_remote", name=remote_name) if remote_name else tr("empty.body"))

    def show_empty(self) -> None:
        self.setCurrentWidget(self.empty_state)

    def show_history(self, history: Sequence[ViewMessage], *, hidden_earlier: int = 0) -> None:
        if not history:
            self._clear()
            self.show_empty()
            return
        self.setCurrentWidget(self.scroll_area)
        self._hidden_earlier = hidden_earlier
        ids = [m.id for m in history]
        if ids != self._order:
            self._relayout(history)
        else:
            self._history = history
            for message in history[self._start :]:
                widget = self.widgets[message.id]
                if widget.message != message:
                    widget.update_message(message)
        self._show_earlier_count()

    def _show_earlier_count(self) -> None:
        older = self._hidden_earlier + self._start  # not read yet, and read but not shown yet
        self.earlier_button.setVisible(older > 0)
        self.earlier_button.setText(tr("chat.show_earlier_n", n=str(older)))

    def _scrolled(self, value: int) -> None:
        bar = self.scroll_area.verticalScrollBar()
        self._pinned = value >= bar.maximum() - 40
        if value <= NEAR_TOP and not self._pinned:
            self._older_timer.start(0)  # after this scroll step: the layout is not to change under it

    def _follow(self, _minimum: int, maximum: int) -> None:
        bar = self.scroll_area.verticalScrollBar()
        if self._anchor is not None:
            widget, offset = self._anchor
            self._anchor = None
            bar.setValue(widget.y() - offset)  # older messages above it: it stays where it was
        elif self._pinned:
            bar.setValue(maximum)
        if self._start > 0 and maximum < bar.pageStep() // 2:
            self._older_timer.start(0)  # too little to scroll up through: show more

    def _older_if_at_top(self) -> None:
        bar = self.scroll_area.verticalScrollBar()
        if self.currentWidget() is not self.scroll_area:
            return
        if bar.maximum() < bar.pageStep() // 2:
            self.show_older(read_more=False)  # fill the screen from what was read
        elif bar.value() <= NEAR_TOP and not self._pinned:
            self.show_older()

    def show_older(self, *, read_more: bool = True) -> None:
        """Make the widgets of up to :data:`MORE_SHOWN` older messages already read, above the
        others; when all have one, ask the controller to read more (``read_more``)."""
        if self._start > 0:
            self._keep_in_place()
            self._build(self._history, max(0, self._start - MORE_SHOWN))
            self._show_earlier_count()
        elif read_more and self._hidden_earlier > 0 and not self._reading_earlier:
            self._reading_earlier = True
            self.earlier_requested.emit()

    def _keep_in_place(self) -> None:
        first = self.widgets.get(self._order[self._start]) if self._order else None
        if first is not None and not self._pinned:  # (pinned: the end stays in view)
            self._anchor = (first, first.y() - self.scroll_area.verticalScrollBar().value())

    def _relayout(self, history: Sequence[ViewMessage]) -> None:
        ids = [m.id for m in history]
        built = [index for index, message_id in enumerate(ids) if message_id in self.widgets]
        if not self._order or self._order[0] not in set(ids) or not built:
            self._pinned = True  # another thread (or the first load): start at its end
            self._reading_earlier = False
            start = max(0, len(history) - FIRST_SHOWN)
        else:
            start = built[0]  # the same thread: the same messages shown, and the new ones
            if self._reading_earlier:  # the older messages the reader scrolled up to have arrived
                self._reading_earlier = False
                self._keep_in_place()
                start = max(0, start - MORE_SHOWN)
        self._order = ids
        self._build(history, start)

    def _build(self, history: Sequence[ViewMessage], start: int) -> None:
        """Widgets for ``history[start:]`` in order, after the "earlier" button; no others."""
        keep = {m.id for m in history[start:]}
        for message_id in [i for i in self.widgets if i not in keep]:
            widget = self.widgets.pop(message_id)
            self.list_layout.removeWidget(widget)
            widget.deleteLater()
        made: list[MessageWidget] = []
        for index, message in enumerate(history[start:]):
            existing = self.widgets.get(message.id)
            if existing is None:
                existing = self._make(message)
                self.widgets[message.id] = existing
                made.append(existing)
            elif existing.message != message:
                existing.update_message(message)
            if self.list_layout.indexOf(existing) != index + 1:
                self.list_layout.insertWidget(index + 1, existing)  # after the "earlier" button
        self._history, self._start = history, start
        if made and self._anchor is None:
            self._show_at_full_height(made)

    def _show_at_full_height(self, made: list[MessageWidget]) -> None:
        """Show new message widgets laid out once, at their full height. Left to Qt, each is shown
        by a queued call that lays the list out at once in its old height (a new chat's: the
        window's), squeezing every message to fit, and the first paint showed them so; the scroll
        area grows the list only after. Shown here with the list's layout off, then the list grown
        to their height before its layout runs. (Not when older messages are shown above the one
        being read: that keeps its place from their positions, which the layout gives.)"""
        self.list_layout.setEnabled(False)
        for widget in made:
            widget.show()
        self.list_layout.setEnabled(True)
        grow_to_fit(self.list_widget)

    def _make(self, message: ViewMessage) -> MessageWidget:
        from mira_desktop.ui.chat.message_widget import MessageWidget

        widget = MessageWidget(message)
        widget.edit_submitted.connect(self.edit_submitted)
        widget.regenerate_requested.connect(self.regenerate_requested)
        widget.retry_requested.connect(self.retry_requested)
        widget.continue_requested.connect(self.continue_requested)
        widget.delete_requested.connect(self.delete_requested)
        widget.sibling_requested.connect(self.sibling_requested)
        widget.source_requested.connect(self.source_requested)
        widget.agent_panel_needed.connect(self.agent_panel_needed)
        widget.memory_answered.connect(self.memory_answered)
        widget.fork_requested.connect(self.fork_requested)
        widget.compare_requested.connect(self.compare_requested)
        if widget.agent_panel is not None:  # made while the widget was built, before the connection
            self.agent_panel_needed.emit(widget.agent_panel)
        if widget.media_strip is not None:
            self.media_strip_needed.emit(widget.media_strip)
        return widget

    def agent_panel_for(self, message_id: str, run_id: str) -> AgentPanel | None:
        """The agent panel of the answer ``message_id`` (made on the first step of a live run)."""
        widget = self.widgets.get(message_id)
        if widget is None:
            return None
        if widget.agent_panel is None and not widget.message.run_id:
            widget.message = replace(widget.message, run_id=run_id)
        return widget.ensure_agent_panel()

    def _clear(self) -> None:
        for widget in self.widgets.values():
            self.list_layout.removeWidget(widget)
            widget.deleteLater()
        self.widgets.clear()
        self._order = []
        self._history, self._start, self._anchor = (), 0, None
