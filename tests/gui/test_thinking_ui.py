"""A thinking model in the window: its reasoning streams into a block collapsed by default that says
how long it thought, opens on a click and copies; an answer cut off while thinking offers Continue;
the thread's thinking switch shows only for a model that has one. In English and in Chinese."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.shell.main_window import MainWindow
from tests.gui.support import open_window
from tests.support.scripted import RELEASE, release

THOUGHT = "The user wants a sum. Two and two make four."
THINKER = {"thinks": True, "thinking_switch": "enable_thinking"}


@pytest.fixture
def make_script(tmp_path: Path) -> Callable[..., str]:
    def make(*replies: dict[str, object], profile: dict[str, object] | None = None) -> str:
        path = tmp_path / f"script-{len(list(tmp_path.glob('script-*')))}.json"
        path.write_text(json.dumps({"replies": list(replies), **({"profile": profile} if profile else {})}))
        return f"scripted:{path}"

    return make


def _send(qtbot: QtBot, window: MainWindow, text: str) -> None:
    window.composer.editor.setFocus()
    qtbot.keyClicks(window.composer.editor, text)
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)


def _answer(window: MainWindow):  # type: ignore[no-untyped-def]
    order = window.chat_view._order
    widget = window.chat_view.widgets[order[-1]] if order else None
    return widget if widget is not None and widget.message.role == "assistant" else None


def test_reasoning_streams_into_a_collapsed_block_that_opens_on_click_and_copies(
    qtbot: QtBot, app_services: AppServices, make_script: Callable[..., str]
) -> None:
    thinking = {"reasoning": THOUGHT, "text": "It is 4.", "hold_after": 2, "release_when": RELEASE}
    ref = make_script(thinking, profile=THINKER)  # held two words into its thought until the checks
    app_services.models.set_default(ref)
    window = open_window(qtbot, app_services, ready=True)
    _send(qtbot, window, "What is 2 + 2?")
    qtbot.waitUntil(lambda: _answer(window) is not None and _answer(window).reasoning.isVisible(), timeout=20_000)
    block = _answer(window).reasoning
    assert block.toggle.text() == "Thinking…"  # while it thinks, before any answer text
    assert not block.body.isVisible()
    release(ref)
    qtbot.waitUntil(lambda: _answer(window).message.status == "complete", timeout=20_000)
    widget = _answer(window)
    block = widget.reasoning
    assert block.toggle.text().startswith("Thought for ")
    assert block.toggle.text().endswith(" s")
    assert not block.body.isVisible()  # collapsed by default
    assert THOUGHT not in widget.body.text()
    qtbot.mouseClick(block.toggle, Qt.MouseButton.LeftButton)
    assert block.body.isVisible()
    assert block.body.text().replace("\u200b", "") == THOUGHT
    block.copy_button.click()
    assert QApplication.clipboard().text() == THOUGHT
    widget.copy_button.click()
    assert QApplication.clipboard().text() == "It is 4."  # the answer's Copy leaves the thinking out
    saved = app_services.threads.show(window.current_thread_id or "").messages[-1]
    assert (saved.content, saved.parts[0]["text"]) == ("It is 4.", THOUGHT)
    window.close()


@pytest.mark.usefixtures("chinese")
def test_the_thinking_block_speaks_chinese(
    qtbot: QtBot, app_services: AppServices, make_script: Callable[..., str]
) -> None:
    app_services.models.set_default(make_script({"reasoning": THOUGHT, "text": "4。"}, profile=THINKER))
    window = open_window(qtbot, app_services, ready=True)
    _send(qtbot, window, "What is 2 + 2?")  # keyClicks types Latin keys only
    qtbot.waitUntil(lambda: _answer(window) is not None and _answer(window).message.status == "complete", timeout=20_000)
    block = _answer(window).reasoning
    assert block.toggle.text().startswith("已思考 ")
    assert block.toggle.text().endswith(" 秒")
    qtbot.mouseClick(block.toggle, Qt.MouseButton.LeftButton)
    assert block.copy_button.text() == "复制思考过程"
    window.close()


def test_an_answer_cut_off_while_thinking_says_so_and_continue_answers_with_more_room(
    qtbot: QtBot, app_services: AppServices, make_script: Callable[..., str]
) -> None:
    app_services.models.set_default(
        make_script({"reasoning": THOUGHT, "text": "", "finish": "length"}, {"text": "It is 4."}, profile=THINKER)
    )
    window = open_window(qtbot, app_services, ready=True)
    _send(qtbot, window, "What is 2 + 2?")
    qtbot.waitUntil(lambda: _answer(window) is not None and _answer(window).message.status == "error", timeout=20_000)
    widget = _answer(window)
    assert widget.status.text().replace("\u200b", "").startswith("Cut off while thinking")
    assert widget.status.property("state") == "cut_off"
    assert widget.continue_button.isVisibleTo(widget)
    assert not widget.retry_button.isVisibleTo(widget)
    assert widget.reasoning.isVisibleTo(widget)
    widget.continue_button.click()
    qtbot.waitUntil(lambda: _answer(window).message.content == "It is 4.", timeout=20_000)
    window.close()


def test_the_thinking_switch_shows_only_for_a_model_that_has_one_and_turns_thinking_off(
    qtbot: QtBot, app_services: AppServices, make_script: Callable[..., str]
) -> None:
    plain = make_script({"text": "Hi."})
    app_services.models.set_default(make_script({"reasoning": THOUGHT, "text": "4."}, profile=THINKER))
    window = open_window(qtbot, app_services, ready=True)
    _send(qtbot, window, "What is 2 + 2?")
    qtbot.waitUntil(lambda: _answer(window) is not None and _answer(window).message.status == "complete", timeout=20_000)
    thread_id = window.current_thread_id or ""
    header = window.header
    qtbot.waitUntil(header.thinking_button.isVisible, timeout=10_000)
    assert header.thinking_button.isChecked()  # the model's default: it thinks
    header.thinking_button.click()
    qtbot.waitUntil(lambda: app_services.threads.thinking(thread_id) is False, timeout=10_000)
    app_services.threads.set_model(thread_id, plain)
    qtbot.waitUntil(lambda: not header.thinking_button.isVisible(), timeout=10_000)
    window.close()
