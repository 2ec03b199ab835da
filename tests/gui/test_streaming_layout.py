"""A streaming answer that grows by a line is laid out once, in its new height: the labels of its
finished lines and of the messages above it keep their size instead of being squeezed for a pass
and grown back (which repainted every label on screen each frame)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from mira_desktop.core.conversation.chat_view import ViewMessage
from mira_desktop.ui.chat.view import ChatView


class _Shrinks(QObject):
    """Every label made shorter at the same width (a squeeze: while streaming no text gets shorter;
    a new label's first size, from Qt's default one, changes its width too)."""

    def __init__(self) -> None:
        super().__init__()
        self.labels: list[tuple[str, int, int]] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if isinstance(watched, QLabel) and event.type() == QEvent.Type.Resize:
            old, new = event.oldSize(), event.size()  # type: ignore[attr-defined]
            if old.width() == new.width() and 0 < new.height() < old.height():
                self.labels.append((watched.text()[:30], old.height(), new.height()))
        return False


def _stream_lines(qtbot: QtBot, view: ChatView, history: list[ViewMessage], lines: int) -> None:
    answer = ViewMessage(id="answer", parent_id=None, role="assistant", content="", status="streaming")
    text = ""
    for line in range(lines):
        for word in range(8):
            text += f"line{line}word{word} "
            view.show_history([*history, replace(answer, content=text)])
            QApplication.processEvents()  # the posted layout requests and the paint, as a frame runs them
        text += "\n"


def test_finished_lines_and_earlier_messages_are_never_squeezed_while_an_answer_streams(qtbot: QtBot) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    qtbot.waitExposed(view)
    history = [
        ViewMessage(
            id=f"m{i}",
            parent_id=None,
            role=("user", "assistant")[i % 2],
            content="words " * 60,
            status="complete",
        )
        for i in range(4)
    ]
    view.show_history(history)
    shrinks = _Shrinks()
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(shrinks)
    try:
        _stream_lines(qtbot, view, history, lines=12)
    finally:
        app.removeEventFilter(shrinks)

    answer = view.widgets["answer"]
    frozen = answer._frozen
    assert len(frozen) == 11  # every finished line in a label of its own (the 12th is the live tail)
    assert shrinks.labels == []
    for label in frozen:  # and each is exactly as tall as its text needs
        assert label.height() == label.heightForWidth(label.width())


class _FirstPaint(QObject):
    """The height and the height for the width of each message when the list first paints."""

    def __init__(self, view: ChatView) -> None:
        super().__init__()
        self.view = view
        self.sizes: list[tuple[int, int]] | None = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if watched is self.view.list_widget and event.type() == QEvent.Type.Paint and self.sizes is None:
            shown = [self.view.widgets[i] for i in self.view._order[self.view._start :]]
            self.sizes = [(widget.height(), widget.heightForWidth(widget.width())) for widget in shown]
        return False


def test_an_opened_thread_first_paints_its_messages_at_their_full_height(qtbot: QtBot) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    qtbot.waitExposed(view)
    other = ViewMessage(id="other", parent_id=None, role="user", content="Another thread", status="complete")
    view.show_history([other])  # another thread is open
    qtbot.waitUntil(view.widgets["other"].isVisible)
    view.show_history([])  # a new chat, then the long thread is clicked
    first = _FirstPaint(view)
    view.list_widget.installEventFilter(first)
    history = [
        ViewMessage(
            id=f"m{i}",
            parent_id=None,
            role=("user", "assistant")[i % 2],
            content=f"Message {i}: " + "some text " * 12,
            status="complete",
        )
        for i in range(30)
    ]
    view.show_history(history)
    qtbot.waitUntil(lambda: first.sizes is not None)

    assert first.sizes is not None
    assert len(first.sizes) >= 8  # more than a screenful of messages
    assert [height for height, _ in first.sizes] == [needed for _, needed in first.sizes]  # none squeezed
