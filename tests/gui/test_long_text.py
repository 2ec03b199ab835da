"""Long text never breaks the chat's layout: a word wider than the column wraps anywhere, a code
block scrolls sideways inside itself, and copying leaves out the break points."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QTextDocument
from PySide6.QtWidgets import QScrollBar
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.chat.long_text import ZWSP, breakable_html
from mira_desktop.ui.chat.message_body import CodeBlock
from mira_desktop.ui.shell.main_window import MainWindow
from tests.gui.support import open_window

HASH = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08" * 3
URL = "https://example.org/" + "a-very-long-path-segment/" * 12 + "?query=" + "x" * 80
WIDE_CODE = "print(" + ", ".join(f"'value number {n}'" for n in range(40)) + ")"


def _send(qtbot: QtBot, window: MainWindow, text: str) -> None:
    window.composer.editor.setFocus()
    window.composer.editor.setPlainText(text)
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=20_000)


def _answer(window: MainWindow):  # type: ignore[no-untyped-def]
    return window.chat_view.widgets[window.chat_view._order[-1]]


def test_an_unbroken_word_wraps_and_the_message_actions_stay_on_screen(
    qtbot: QtBot, app_services: AppServices, script, tmp_path: Path
) -> None:
    answer = f"The digest is {HASH} and the page is {URL} — both {HASH[:70]}."
    app_services.models.set_default(script({"text": answer}))
    window = open_window(qtbot, app_services, ready=True)
    window.resize(1280, 800)
    _send(qtbot, window, f"Check {HASH}")
    qtbot.waitUntil(lambda: _answer(window).message.status == "complete", timeout=20_000)
    view = window.chat_view
    viewport = view.scroll_area.viewport().width()
    qtbot.waitUntil(lambda: view.list_widget.width() <= viewport)
    for widget in view.widgets.values():
        assert widget.width() <= viewport
        assert widget.body.width() <= widget.width()
        assert widget.body.height() > widget.body.fontMetrics().height() * 2  # it wrapped
    reply = _answer(window)
    delete = reply.delete_button
    right_edge = delete.mapTo(view.list_widget, delete.rect().topRight()).x()
    assert right_edge <= viewport  # Copy, Regenerate and Delete stay on screen
    assert view.scroll_area.horizontalScrollBar().maximum() == 0
    assert ZWSP in reply.body.text()  # break points in the rendered text …
    assert ZWSP not in reply.message.content  # … never in what was stored

    shown = QTextDocument()
    shown.setHtml(reply.body.text())
    reply.body.setSelection(0, len(shown.toPlainText()))
    assert reply.body.hasSelectedText()
    qtbot.keyClick(reply.body, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert ZWSP not in QGuiApplication.clipboard().text()
    assert HASH in QGuiApplication.clipboard().text()
    window.close()


def test_a_wide_code_block_scrolls_inside_itself_and_copies_whole(
    qtbot: QtBot, app_services: AppServices, script
) -> None:
    answer = f"Here it is:\n\n```python\n{WIDE_CODE}\n```\n\nAnd after the code, a last line."
    app_services.models.set_default(script({"text": answer}))
    window = open_window(qtbot, app_services, ready=True)
    window.resize(1280, 800)
    _send(qtbot, window, "Print forty values")
    reply = _answer(window)
    qtbot.waitUntil(lambda: reply.message.status == "complete", timeout=20_000)
    blocks = reply.findChildren(CodeBlock)
    assert len(blocks) == 1
    block = blocks[0]
    qtbot.waitUntil(lambda: block.view.horizontalScrollBar().maximum() > 0)  # it scrolls sideways
    viewport = window.chat_view.scroll_area.viewport().width()
    assert block.width() < viewport
    assert window.chat_view.scroll_area.horizontalScrollBar().maximum() == 0
    bar: QScrollBar = block.view.horizontalScrollBar()
    assert block.view.height() >= bar.height()  # the line and its scroll bar both show
    assert "Here it is:" in reply.body.text()
    assert any("a last line" in w.text() for w in reply._pieces if hasattr(w, "text"))
    block.copy_button.click()
    assert QGuiApplication.clipboard().text() == WIDE_CODE
    window.close()


def test_break_points_go_into_text_never_into_tags_entities_or_code() -> None:
    markup = f'<p><a href="{URL}">{URL}</a> &amp; {HASH}</p><pre>{HASH}</pre>'
    result = breakable_html(markup)
    assert f'href="{URL}"' in result  # the link target is untouched
    assert "&amp;" in result
    assert f"<pre>{HASH}</pre>" in result
    assert result.replace(ZWSP, "") == markup
    assert breakable_html("中文" * 60) == "中文" * 60  # Chinese already wraps between characters
