"""One message in the chat: Markdown body, status, and its actions (copy, edit, regenerate, retry,
delete, ◀ n/m ▶ between sibling branches)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QContextMenuEvent, QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.chat.agent_panel import AgentPanel
from mira_desktop.ui.chat.citation_note import citation_label, citation_note
from mira_desktop.ui.chat.grow_first import grow_to_fit
from mira_desktop.ui.chat.long_text import breakable, without_breaks
from mira_desktop.ui.chat.message_body import MessageLabel, show_settled
from mira_desktop.ui.chat.message_parts import add_parts
from mira_desktop.ui.chat.reasoning_block import ReasoningBlock
from mira_desktop.ui.chat.source_links import source_links
from mira_desktop.ui.chat.streaming_text import StreamingText
from mira_desktop.ui.chat.web_sources import show_web_sources, web_sources_label
from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.look.theme import current_is_dark

if TYPE_CHECKING:
    from mira_desktop.core.conversation.chat_state import ViewMessage


AVATAR_PX = 28
GREETING_PREFIX = "greeting:"  # the welcome page's greeting, not yet a message of a thread


def _tool(text: str, tip: str) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setAutoRaise(True)
    return button


class MessageWidget(QFrame):
    edit_submitted = Signal(str, str)
    regenerate_requested = Signal(str)
    retry_requested = Signal(str)
    continue_requested = Signal(str)
    delete_requested = Signal(str)
    sibling_requested = Signal(str)
    source_requested = Signal(str, int)  # message id, source number
    agent_panel_needed = Signal(object)  # the AgentPanel just made for this answer (to be filled)
    memory_answered = Signal(str, bool)  # message id, remember (True) or dismiss
    fork_requested = Signal(str, str)  # message id, "from_here" or "onward": a new thread from it
    compare_requested = Signal(str)  # message id: its question answered by two models side by side

    def __init__(self, message: ViewMessage, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("userMessage" if message.role == "user" else "assistantMessage")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.message = message
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 8)
        layout.setSpacing(4)
        self.who = QLabel()
        self.who.setObjectName("messageAuthor")
        self.avatar = QLabel()
        self.avatar.setFixedSize(AVATAR_PX, AVATAR_PX)
        self.avatar.hide()
        self._avatar_path = ""
        self.body = MessageLabel()  # wraps anywhere when a word is wider than the column
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
        self.status = QLabel()
        self.status.setObjectName("messageStatus")
        self.status.setWordWrap(True)
        self.sources = self._build_sources()
        self.editor: QPlainTextEdit | None = None  # built on the first edit: most messages never need it
        self._build_actions()
        self.body_layout = QVBoxLayout()
        self.body_layout.setSpacing(0)
        self.body_layout.addWidget(self.body)
        author_row = QHBoxLayout()
        author_row.setSpacing(6)
        author_row.addWidget(self.avatar)
        author_row.addWidget(self.who, 1)
        layout.addLayout(author_row)
        self.reasoning = ReasoningBlock()  # a thinking model's reasoning, collapsed above the answer
        layout.addWidget(self.reasoning)
        layout.addLayout(self.body_layout)
        layout.addWidget(self.sources)
        self.citations = citation_label(layout)  # which sentences Mira tied, which none supports
        self.web_sources = web_sources_label(layout)  # [S1] title: the web pages an agent's answer used
        self.parts, self.media_strip = add_parts(layout, message)  # files sent; an answer's media
        layout.addWidget(self._build_proposal())
        self.agent_panel: AgentPanel | None = None  # made for the answers of agent runs
        self._panel_index = layout.count()
        layout.addWidget(self.status)
        layout.addLayout(self.action_row)
        self._rendered_text: str | None = None
        self._rendered_streaming = False
        self._frozen: list[QLabel] = []
        self._frozen_length = 0
        self._pieces: list[QWidget] = []  # the settled text's code blocks and later prose, after body
        self.live: StreamingText | None = None  # the streaming answer's unfinished lines (made once needed)
        self._frozen_box: QWidget | None = None  # its finished lines (made once needed)
        self.update_message(message)

    def _build_sources(self) -> QLabel:
        """The answer's sources as links: a click opens the passage (a PDF at its page)."""
        sources = QLabel()
        sources.setObjectName("messageSources")
        sources.setWordWrap(True)
        sources.setTextFormat(Qt.TextFormat.RichText)
        sources.linkActivated.connect(lambda link: self.source_requested.emit(self.message.id, int(link)))
        return sources

    def _build_proposal(self) -> QWidget:
        """ "Remember that …?" under an answer that offers a memory fact."""
        self.proposal = QWidget()
        row = QHBoxLayout(self.proposal)
        row.setContentsMargins(0, 0, 0, 0)
        self.proposal_label = QLabel()
        self.proposal_label.setObjectName("muted")
        self.proposal_label.setWordWrap(True)
        remember = QPushButton(tr("memory.accept"))
        dismiss = QPushButton(tr("memory.dismiss"))
        remember.clicked.connect(lambda: self.memory_answered.emit(self.message.id, True))
        dismiss.clicked.connect(lambda: self.memory_answered.emit(self.message.id, False))
        row.addWidget(self.proposal_label, 1)
        row.addWidget(remember)
        row.addWidget(dismiss)
        self.proposal.hide()
        return self.proposal

    def _build_actions(self) -> None:
        self.action_row = QHBoxLayout()
        self.action_row.setSpacing(2)
        self.previous_button = _tool("", tr("message.previous_branch"))
        self.previous_button.setArrowType(Qt.ArrowType.LeftArrow)
        self.branch_label = QLabel()
        self.branch_label.setObjectName("muted")
        self.next_button = _tool("", tr("message.next_branch"))
        self.next_button.setArrowType(Qt.ArrowType.RightArrow)
        self.copy_button = _tool(tr("message.copy"), tr("message.copy"))
        self.edit_button = _tool(tr("message.edit"), tr("message.edit"))
        # One way to get another answer, named for what it does: "Try again" after a failure (the
        # prominent button), "New answer" otherwise; both add a sibling branch.
        self.regenerate_button = _tool(tr("message.regenerate"), tr("look.regenerate_tip"))
        self.retry_button = QPushButton(tr("message.retry"))
        self.retry_button.setToolTip(tr("look.regenerate_tip"))
        self.retry_button.setObjectName("retryButton")
        self.continue_button = QPushButton(tr("message.continue"))
        self.continue_button.setToolTip(tr("message.continue_tip"))
        self.delete_button = _tool(tr("message.delete"), tr("message.delete_tip"))
        self.model_label = QLabel()  # which model wrote an answer (a thread may change model)
        self.model_label.setObjectName("muted")
        self.model_label.hide()
        for branch_widget in (self.previous_button, self.branch_label, self.next_button, self.model_label):
            self.action_row.addWidget(branch_widget)
        self.action_row.addStretch(1)
        for widget in (
            self.retry_button,
            self.continue_button,
            self.copy_button,
            self.edit_button,
            self.regenerate_button,
            self.delete_button,
        ):
            self.action_row.addWidget(widget)
        self.previous_button.clicked.connect(lambda: self._go(self.message.previous_sibling))
        self.next_button.clicked.connect(lambda: self._go(self.message.next_sibling))
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.message.content))
        self.edit_button.clicked.connect(self.begin_edit)
        self.regenerate_button.clicked.connect(lambda: self.regenerate_requested.emit(self.message.id))
        self.retry_button.clicked.connect(lambda: self.retry_requested.emit(self.message.id))
        self.continue_button.clicked.connect(lambda: self.continue_requested.emit(self.message.id))
        self.delete_button.clicked.connect(lambda: self.delete_requested.emit(self.message.id))

    def update_message(self, message: ViewMessage) -> None:
        self.message = message
        user = message.role == "user"
        self.who.setText(tr("message.you") if user else message.author or tr("message.mira"))
        self._show_avatar(message.avatar)
        streaming = message.status == "streaming"
        if message.content != self._rendered_text or streaming != self._rendered_streaming:
            self._rendered_text = message.content
            self._rendered_streaming = streaming
            if streaming:
                self._show_streaming(message.content)
            else:
                self._drop_frozen()
                self._pieces = show_settled(
                    self.body,
                    self.body_layout,
                    message.content,
                    dark=current_is_dark(),
                    copy_label=tr("message.copy_code"),
                )
        self.reasoning.show_reasoning(
            message.reasoning, message.thinking_seconds, thinking=streaming and not message.content
        )
        self.parts.show_parts(message.parts)
        self.proposal.setVisible(bool(message.proposal) and message.status == "complete")
        if message.proposal:
            self.proposal_label.setText(tr("memory.proposal", fact=message.proposal))
        if "agent" in message.flags or message.status == "waiting_approval":
            self.ensure_agent_panel()
        self.sources.setVisible(bool(message.sources))
        if message.sources:
            self.sources.setText(f"{tr('message.sources')} {source_links(message.sources)}")
        show_web_sources(self.web_sources, message)
        note, detail = citation_note(message)
        self.citations.setText(note)
        self.citations.setToolTip(detail)
        self.citations.setVisible(bool(note) and message.status != "streaming")
        self._show_status(message)
        self._show_actions(message, user)
        self.model_label.setVisible(bool(message.model) and not user)
        if message.model:
            self.model_label.setText(tr("message.model", name=message.model))
            self.model_label.setToolTip(message.model_ref)

    def _show_status(self, message: ViewMessage) -> None:
        status_text = {
            "cancelled": tr("message.stopped_note"),
            "error": tr("message.error_note", error=message.error or tr("message.error")),
            "streaming": tr("message.writing"),
            "waiting_approval": tr("message.waiting_note"),
        }.get(message.status, "")
        state = message.status
        if "cut_off_thinking" in message.flags and message.status == "error":
            status_text, state = message.error, "cut_off"  # not a failure to retry: room to go on
        elif message.status == "complete" and "stopped_repeating" in message.flags:
            status_text, state = tr("message.repeating_note"), "cut_off"
        elif message.status == "complete" and "cut_off" in message.flags:
            status_text, state = tr("message.cut_off_note"), "cut_off"
        elif message.status == "complete" and "same_as" in message.flags:
            status_text = tr("look.same_answer")
        elif message.status == "complete" and "no_tool_use" in message.flags:
            status_text, state = tr("win.agent_no_tools"), "cut_off"  # an agent run that did nothing
        self.status.setText(breakable(status_text))  # an error may quote a path or a URL
        if self.status.property("state") != state:  # a repolish relays the label out: only on a change
            self.status.setProperty("state", state)
            self.status.style().unpolish(self.status)
            self.status.style().polish(self.status)
        self.status.setVisible(bool(status_text))

    def _show_actions(self, message: ViewMessage, user: bool) -> None:
        settled = message.status not in ("streaming", "waiting_approval") and not message.optimistic
        branches = message.sibling_count > 1
        self.previous_button.setVisible(branches)
        self.next_button.setVisible(branches)
        self.branch_label.setVisible(branches)
        self.branch_label.setText(f"{message.sibling_index}/{message.sibling_count}")
        self.previous_button.setEnabled(settled and message.previous_sibling is not None)
        self.next_button.setEnabled(settled and message.next_sibling is not None)
        self.copy_button.setVisible(bool(message.content))
        self.edit_button.setVisible(user and settled)
        greeting = "greeting" in message.flags or message.id.startswith(GREETING_PREFIX)
        thinking_cut_off = "cut_off_thinking" in message.flags
        failed = message.status == "error" and not thinking_cut_off
        self.retry_button.setVisible(not user and failed and not message.optimistic)
        self.continue_button.setVisible(
            not user
            and settled
            and (
                thinking_cut_off
                or (bool(message.content) and ("cut_off" in message.flags or message.status == "cancelled"))
            )
        )
        self.regenerate_button.setVisible(not user and settled and not greeting and not failed)
        self.delete_button.setVisible(settled and not message.id.startswith(GREETING_PREFIX))
        if self.editor is not None:
            self.save_edit.hide()
            self.cancel_edit.hide()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802 (Qt's name)
        """Right-click: the message's actions (copy, edit, another answer, delete, a new thread)."""
        menu = self.build_menu()
        if not menu.isEmpty():
            menu.exec(event.globalPos())
        menu.deleteLater()

    def build_menu(self) -> QMenu:
        """The message's menu: its visible actions, and a new thread from it."""
        menu = QMenu(self)
        for button in (
            self.copy_button,
            self.edit_button,
            self.retry_button,
            self.regenerate_button,
            self.continue_button,
            self.delete_button,
        ):
            if button.isVisible() and button.isEnabled():
                menu.addAction(button.text()).triggered.connect(button.click)
        if self._forkable():
            menu.addSeparator()
            if self.message.role in ("user", "assistant") and "greeting" not in self.message.flags:
                compare = menu.addAction(tr("compare.message_action"))
                compare.triggered.connect(lambda: self.compare_requested.emit(self.message.id))
            for key, mode in (("message.fork_here", "from_here"), ("message.fork_onward", "onward")):
                action = menu.addAction(tr(key))
                action.triggered.connect(lambda _checked=False, m=mode: self.fork_requested.emit(self.message.id, m))
        if self.body.hasSelectedText():
            selected = without_breaks(self.body.selectedText())
            menu.addAction(tr("message.copy_selection")).triggered.connect(
                lambda: QGuiApplication.clipboard().setText(selected)
            )
        return menu

    def _forkable(self) -> bool:
        """A message of a thread (not the welcome page's greeting) that is not being written."""
        message = self.message
        return (
            not message.optimistic
            and not message.id.startswith(GREETING_PREFIX)
            and message.status not in ("streaming", "waiting_approval")
        )

    def ensure_agent_panel(self) -> AgentPanel | None:
        """The panel of steps, approval and undo under an agent run's answer (made once)."""
        if self.agent_panel is None and self.message.run_id:
            self.agent_panel = AgentPanel(self.message.run_id)
            self.agent_panel.message_id = self.message.id
            layout = self.layout()
            assert isinstance(layout, QVBoxLayout)
            layout.insertWidget(self._panel_index, self.agent_panel)
            self.agent_panel_needed.emit(self.agent_panel)
            if self.message.status == "streaming" and not self.message.content:
                self.body.setText(tr("win.agent_working"))  # not "…": the steps show below
        return self.agent_panel

    def _show_avatar(self, path: str) -> None:
        if path == self._avatar_path:
            return
        self._avatar_path = path
        pixmap = QPixmap(path) if path else QPixmap()
        if pixmap.isNull():
            self.avatar.hide()
            return
        self.avatar.setPixmap(
            pixmap.scaled(
                AVATAR_PX,
                AVATAR_PX,
                Qt.AspectRatioMode.KeepAspectRatioByExpanding,
                Qt.TransformationMode.SmoothTransformation,
            )
        )
        self.avatar.show()

    def _show_streaming(self, text: str) -> None:
        """Plain text while streaming, with finished lines frozen in labels of their own, so a frame
        only lays out the last few lines; Markdown replaces it all once the answer settles."""
        self.body.setTextFormat(Qt.TextFormat.PlainText)
        for piece in self._pieces:  # streaming again (a run that goes on): the settled pieces go
            self.body_layout.removeWidget(piece)
            piece.deleteLater()
        self._pieces = []
        cut = _freeze_point(text, self._frozen_length)
        if cut > self._frozen_length:
            lines = self._frozen_lines()
            piece = MessageLabel(breakable(text[self._frozen_length : cut].rstrip("\n")), self._frozen_box)
            piece.setTextFormat(Qt.TextFormat.PlainText)
            piece.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            # Shown before it joins the layout: showing a widget lays its parent out at once, in the
            # box's old height (every line squeezed, then grown back); added after, the box grows
            # first (grow_first) and its lines keep their size.
            piece.show()
            lines.addWidget(piece)
            grow_to_fit(self._frozen_box)  # before Qt lays it out in its old height (grow_first)
            self._frozen.append(piece)
            self._frozen_length = cut
        tail = text[self._frozen_length :]
        if tail:  # the unfinished lines: one cheap layout per frame (never a QLabel's ten)
            self.body.hide()
            self._live_text().setText(tail)
            self._live_text().show()
            grow_to_fit(self)  # a new line: laid out once, in the new height (grow_first)
            return
        if self.live is not None:
            self.live.hide()
            self.live.setText("")
        agent = "agent" in self.message.flags or self.agent_panel is not None
        waiting = tr("win.agent_working") if agent else "…"  # the panel under it shows the steps
        self.body.setText("" if text else waiting)
        self.body.show()

    def _frozen_lines(self) -> QVBoxLayout:
        """The finished lines, in a box of their own: a box layout asks every label in it for its
        height again whenever it is invalidated, and the live text below invalidates the message's
        layout each frame; this box's layout is invalidated only when a line is frozen."""
        if self._frozen_box is None:
            self._frozen_box = QWidget()
            lines = QVBoxLayout(self._frozen_box)
            lines.setContentsMargins(0, 0, 0, 0)
            lines.setSpacing(0)
            self.body_layout.insertWidget(0, self._frozen_box)
        self._frozen_box.show()
        layout = self._frozen_box.layout()
        assert isinstance(layout, QVBoxLayout)
        return layout

    def _live_text(self) -> StreamingText:
        if self.live is None:
            self.live = StreamingText()
            self.body_layout.addWidget(self.live)  # after the frozen lines and the (hidden) body
        return self.live

    def _drop_frozen(self) -> None:
        for piece in [*self._frozen, *self._pieces]:
            piece.hide()
            piece.deleteLater()
        if self._frozen_box is not None:
            self._frozen_box.hide()
        self._frozen = []
        self._frozen_length = 0
        self._pieces = []
        if self.live is not None:  # settled: the whole answer is Markdown in body and its pieces
            self.live.hide()
            self.live.setText("")
            self.body.show()

    def _ensure_editor(self) -> QPlainTextEdit:
        if self.editor is None:
            self.editor = QPlainTextEdit()
            self.save_edit = QPushButton(tr("message.save_and_send"))
            self.cancel_edit = QPushButton(tr("message.cancel"))
            self.save_edit.clicked.connect(self._submit_edit)
            self.cancel_edit.clicked.connect(self.end_edit)
            layout = self.layout()
            assert isinstance(layout, QVBoxLayout)
            layout.insertWidget(layout.indexOf(self.status), self.editor)
            self.action_row.insertWidget(self.action_row.indexOf(self.copy_button), self.save_edit)
            self.action_row.insertWidget(self.action_row.indexOf(self.copy_button), self.cancel_edit)
        return self.editor

    def begin_edit(self) -> None:
        self._ensure_editor()
        assert self.editor is not None
        self.editor.setPlainText(self.message.content)
        self.editor.setFixedHeight(max(60, min(200, self.body.sizeHint().height() + 20)))
        self.editor.show()
        self.body.hide()
        for piece in self._pieces:
            piece.hide()
        self.save_edit.show()
        self.cancel_edit.show()
        self.edit_button.hide()
        self.editor.setFocus()

    def end_edit(self) -> None:
        if self.editor is not None:
            self.editor.hide()
        self.body.show()
        for piece in self._pieces:
            piece.show()
        self.update_message(self.message)

    def _submit_edit(self) -> None:
        text = self.editor.toPlainText() if self.editor is not None else ""
        if text.strip():
            self.end_edit()
            self.edit_submitted.emit(self.message.id, text)

    def _go(self, message_id: str | None) -> None:
        if message_id:
            self.sibling_requested.emit(message_id)


FREEZE_AFTER = 400  # characters of a single unbroken paragraph before it is frozen at a space


def _freeze_point(text: str, frozen: int) -> int:
    """Where the streamed text can be frozen: after the last full line, or at a space in a long one."""
    newline = text.rfind("\n", frozen)
    if newline >= 0 and newline + 1 > frozen:
        return newline + 1
    if len(text) - frozen > FREEZE_AFTER:
        space = text.rfind(" ", frozen, len(text) - 80)
        if space > frozen:
            return space + 1
    return frozen
