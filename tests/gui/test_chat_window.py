"""The chat window driven as a user would: send, stream, stop, retry, branches, drafts."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.shell.main_window import MainWindow
from tests.gui.support import open_window

SLOW = {"text": " ".join(f"w{i}" for i in range(300)), "token_delay_ms": 20, "hold_after": 20}  # then held


@pytest.fixture
def make_script(tmp_path: Path) -> Callable[..., str]:
    def make(*replies: dict[str, object]) -> str:
        path = tmp_path / f"script-{len(list(tmp_path.glob('script-*')))}.json"
        path.write_text(json.dumps({"replies": list(replies)}))
        return f"scripted:{path}"

    return make


def _type_and_send(qtbot: QtBot, window: MainWindow, text: str) -> None:
    window.composer.editor.setFocus()
    qtbot.keyClicks(window.composer.editor, text)
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)


def _last_widget(window: MainWindow):  # type: ignore[no-untyped-def]
    order = window.chat_view._order
    return window.chat_view.widgets[order[-1]] if order else None


def test_sending_streams_the_answer_and_creates_the_thread(
    qtbot: QtBot, app_services: AppServices, make_script: Callable[..., str]
) -> None:
    app_services.models.set_default(make_script({"text": "Hello **there**, friend.", "token_delay_ms": 5}))
    window = open_window(qtbot, app_services, ready=True)
    assert app_services.threads.list(None) == []
    _type_and_send(qtbot, window, "Hi Mira")
    assert window.composer.editor.toPlainText() == ""
    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=20_000)
    qtbot.waitUntil(
        lambda: _last_widget(window) is not None and _last_widget(window).message.status == "complete"
    )
    body = _last_widget(window).body.text()
    assert "<b>there</b>" in body or "font-weight" in body  # Markdown rendered
    threads = app_services.threads.list(None)
    assert len(threads) == 1
    assert window.current_thread_id == threads[0].id
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 1)
    assert "Hi Mira" in window.sidebar.thread_list.item(0).text()
    messages = app_services.threads.show(threads[0].id).messages
    assert [m.content for m in messages] == ["Hi Mira", "Hello **there**, friend."]
    window.close()


def test_stop_keeps_the_partial_answer_shown_and_saved(
    qtbot: QtBot, app_services: AppServices, make_script: Callable[..., str]
) -> None:
    app_services.models.set_default(make_script(SLOW))
    window = open_window(qtbot, app_services, ready=True)
    _type_and_send(qtbot, window, "Count for me")
    qtbot.waitUntil(window.composer.stop_button.isVisible, timeout=10_000)
    qtbot.waitUntil(
        lambda: (
            _last_widget(window) is not None
            and _last_widget(window).message.role == "assistant"
            and len((_last_widget(window).message.content or "").split()) >= 5
        ),
        timeout=10_000,
    )
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=10_000)
    qtbot.waitUntil(lambda: _last_widget(window).message.status == "cancelled", timeout=10_000)
    widget = _last_widget(window)
    assert widget.status.isVisibleTo(widget)
    # One way to another answer: "New answer" (and Continue), not Retry beside Regenerate.
    assert widget.regenerate_button.isVisibleTo(widget)
    assert not widget.retry_button.isVisibleTo(widget)
    assert window.composer.send_button.isVisible()
    saved = app_services.threads.show(window.current_thread_id or "").messages[-1]
    assert saved.status is MessageStatus.CANCELLED
    assert saved.content.startswith("w0 w1 w2 w3 w4")
    assert len(saved.content.split()) < 300
    window.close()


def test_an_error_is_shown_with_retry_and_retry_answers_again(
    qtbot: QtBot, app_services: AppServices, make_script: Callable[..., str]
) -> None:
    app_services.models.set_default(
        make_script(
            {"error": {"kind": "auth", "message": "The key was refused."}}, {"text": "Second time lucky"}
        )
    )
    window = open_window(qtbot, app_services, ready=True)
    _type_and_send(qtbot, window, "Hello?")
    qtbot.waitUntil(
        lambda: _last_widget(window) is not None and _last_widget(window).message.status == "error",
        timeout=20_000,
    )
    widget = _last_widget(window)
    assert "The key was refused." in widget.status.text()
    assert widget.retry_button.isVisibleTo(widget)
    widget.retry_button.click()
    qtbot.waitUntil(lambda: _last_widget(window).message.content == "Second time lucky", timeout=20_000)
    qtbot.waitUntil(lambda: _last_widget(window).message.sibling_count == 2, timeout=10_000)
    assert _last_widget(window).branch_label.text() == "2/2"
    window.close()


def test_regenerate_then_switch_back_to_the_first_branch(
    qtbot: QtBot, app_services: AppServices, make_script: Callable[..., str]
) -> None:
    app_services.models.set_default(make_script({"text": "First answer"}, {"text": "Second answer"}))
    window = open_window(qtbot, app_services, ready=True)
    _type_and_send(qtbot, window, "Question")
    qtbot.waitUntil(
        lambda: _last_widget(window) is not None and _last_widget(window).message.content == "First answer",
        timeout=20_000,
    )
    qtbot.waitUntil(_last_widget(window).regenerate_button.isVisible)
    _last_widget(window).regenerate_button.click()
    qtbot.waitUntil(
        lambda: (
            _last_widget(window).message.content == "Second answer"
            and _last_widget(window).message.sibling_count == 2
        ),
        timeout=20_000,
    )
    widget = _last_widget(window)
    assert widget.branch_label.text() == "2/2"
    assert widget.previous_button.isEnabled()
    widget.previous_button.click()
    qtbot.waitUntil(lambda: _last_widget(window).message.content == "First answer", timeout=10_000)
    assert _last_widget(window).branch_label.text() == "1/2"
    thread = app_services.threads.get(window.current_thread_id or "")
    assert app_services.threads.show(thread.id).messages[1].id == thread.active_leaf_id
    window.close()


def test_edit_in_place_sends_a_new_branch(
    qtbot: QtBot, app_services: AppServices, make_script: Callable[..., str]
) -> None:
    app_services.models.set_default(make_script({"text": "About cats"}, {"text": "About dogs"}))
    window = open_window(qtbot, app_services, ready=True)
    _type_and_send(qtbot, window, "Tell me about cats")
    qtbot.waitUntil(
        lambda: not window.controller.state.busy and len(window.chat_view._order) == 2, timeout=20_000
    )
    qtbot.waitUntil(window.chat_view.widgets[window.chat_view._order[0]].edit_button.isVisible)
    first = window.chat_view.widgets[window.chat_view._order[0]]
    first.edit_button.click()
    first.editor.setPlainText("Tell me about dogs")
    first.save_edit.click()
    qtbot.waitUntil(lambda: _last_widget(window).message.content == "About dogs", timeout=20_000)
    qtbot.waitUntil(
        lambda: window.chat_view.widgets[window.chat_view._order[0]].message.sibling_count == 2,
        timeout=10_000,
    )
    assert len(app_services.threads.show(window.current_thread_id or "").messages) == 4
    window.close()


def test_drafts_are_kept_per_thread_and_across_restarts(
    qtbot: QtBot, app_services: AppServices, make_script: Callable[..., str]
) -> None:
    app_services.models.set_default(make_script({"text": "ok"}))
    window = open_window(qtbot, app_services, ready=True)
    _type_and_send(qtbot, window, "Start")
    qtbot.waitUntil(
        lambda: not window.controller.state.busy and window.current_thread_id is not None, timeout=20_000
    )
    thread_id = window.current_thread_id
    qtbot.keyClicks(window.composer.editor, "unfinished thought")
    window.new_chat()
    assert window.composer.editor.toPlainText() == ""
    qtbot.keyClicks(window.composer.editor, "welcome draft")
    window.open_thread(thread_id or "")
    qtbot.waitUntil(lambda: window.composer.editor.toPlainText() == "unfinished thought", timeout=10_000)
    window.close()
    assert app_services.threads.get(thread_id or "").draft == "unfinished thought"
    assert app_services.threads.welcome_draft() == "welcome draft"
    again = open_window(qtbot, app_services, ready=True)
    qtbot.waitUntil(lambda: again.composer.editor.toPlainText() == "welcome draft")
    again.open_thread(thread_id or "")
    qtbot.waitUntil(lambda: again.composer.editor.toPlainText() == "unfinished thought", timeout=10_000)
    again.close()
