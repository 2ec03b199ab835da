"""While an answer streams, its finished lines are frozen into selectable labels and the unfinished
ones are drawn by one cheap text widget: together they show exactly the text so far; once the
answer settles, its Markdown body replaces both."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.chat.long_text import without_breaks
from mira_desktop.ui.chat.message_body import MessageLabel
from mira_desktop.ui.chat.message_widget import MessageWidget
from mira_desktop.ui.shell.main_window import MainWindow
from tests.gui.support import open_window
from tests.support.fixtures import Script

WORDS = [f"word{i}" for i in range(400)]  # no line breaks: frozen at spaces every ~400 characters


def _answer(window: MainWindow) -> MessageWidget | None:
    order = window.chat_view._order
    widget = window.chat_view.widgets.get(order[-1]) if order else None
    return widget if widget is not None and widget.message.role == "assistant" else None


def _frozen(widget: MessageWidget) -> list[str]:
    return [
        without_breaks(label.text())
        for label in widget.findChildren(MessageLabel)
        if label is not widget.body and label.isVisibleTo(widget)
    ]


def test_a_streaming_answer_shows_its_text_so_far_in_frozen_lines_and_a_live_tail_then_settles(
    qtbot: QtBot, app_services: AppServices, script: Script
) -> None:
    app_services.models.set_default(script({"text": " ".join(WORDS), "token_delay_ms": 5}))
    window = open_window(qtbot, app_services, ready=True)
    window.composer.editor.setFocus()
    window.composer.editor.setPlainText("Stream please")
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)

    def streaming_with_frozen_lines() -> bool:
        answer = _answer(window)
        return (
            answer is not None
            and answer.message.status == "streaming"
            and answer.live is not None
            and bool(answer.live.text())
            and len(_frozen(answer)) >= 2
        )

    qtbot.waitUntil(streaming_with_frozen_lines, timeout=20_000)
    answer = _answer(window)
    assert answer is not None
    assert answer.live is not None
    shown = " ".join(piece.strip() for piece in _frozen(answer)) + " " + answer.live.text()
    assert shown.split() == answer.message.content.split()  # every word so far, once, in order
    assert not answer.body.isVisibleTo(answer)
    assert answer.live.height() >= answer.live.fontMetrics().height()

    qtbot.waitUntil(lambda: answer.message.status == "complete", timeout=20_000)
    assert not answer.live.isVisibleTo(answer)
    assert _frozen(answer) == []
    assert answer.body.isVisibleTo(answer)
    assert without_breaks(answer.body.text()).count("word399") == 1
    window.close()
