"""Compare in the window: two panes stream side by side, keeping one shows it in the thread with the
other as its sibling branch, Undo brings the first back; from the composer too, and in Chinese."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.run_records import SendOptions
from mira_desktop.ui.chat.compare_dialog import CompareDialog
from mira_desktop.ui.chat.message_widget import MessageWidget
from mira_desktop.ui.shell.main_window import MainWindow
from tests.gui.support import open_window
from tests.support.fixtures import Script
from tests.support.scripted import release


def _widgets(window: MainWindow) -> list[MessageWidget]:
    view = window.chat_view
    return [view.widgets[i] for i in view._order]


def _dialog(qtbot: QtBot, window: MainWindow) -> CompareDialog:
    qtbot.waitUntil(
        lambda: window.compare.dialog is not None and window.compare.dialog.isVisible(), timeout=10_000
    )
    dialog = window.compare.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.pickers[1].count() >= 2, timeout=10_000)
    return dialog


def _pick(dialog: CompareDialog, first: str, second: str) -> None:
    for picker, ref in zip(dialog.pickers, (first, second), strict=True):
        index = picker.findData(ref)
        assert index >= 0, f"{ref} is not offered"
        picker.setCurrentIndex(index)


def test_compare_from_a_message_streams_two_panes_and_keeping_the_right_one_leaves_the_left_as_a_sibling(
    qtbot: QtBot, app_services: AppServices, script: Script
) -> None:
    left = script({"text": "Left one two three four.", "hold_after": 2, "release_when": "release"})
    right = script(
        {"text": "Hello!"}, {"text": "Right one two three.", "hold_after": 2, "release_when": "release"}
    )
    app_services.models.set_default(left)
    opened = app_services.chat.send(None, "Capital of France?", SendOptions(model_ref=right))
    assert opened.wait(30).value == "completed"
    window = open_window(qtbot, app_services, ready=True)
    window.open_thread(opened.thread_id)
    qtbot.waitUntil(lambda: len(_widgets(window)) == 2, timeout=10_000)
    question = _widgets(window)[0]
    [action] = [a for a in question.build_menu().actions() if a.text() == "Compare two models…"]

    action.trigger()
    dialog = _dialog(qtbot, window)
    assert dialog.question.text() == "Message: Capital of France?"
    _pick(dialog, left, right)
    qtbot.mouseClick(dialog.start_button, qtbot_left())

    left_pane, right_pane = dialog.panes
    # Both stream at once: each shows its first words while both are held mid-answer.
    qtbot.waitUntil(
        lambda: left_pane.text.toPlainText() == "Left one " and right_pane.text.toPlainText() == "Right one ",
        timeout=10_000,
    )
    assert dialog.note.text().startswith("Both at once: the two models fit in memory together")
    assert not left_pane.keep.isEnabled()
    release(left)
    release(right)
    qtbot.waitUntil(right_pane.keep.isEnabled, timeout=10_000)
    assert (left_pane.text.toPlainText(), right_pane.text.toPlainText()) == (
        "Left one two three four.",
        "Right one two three.",
    )
    assert left_pane.speed.text().startswith("First token ")
    assert right_pane.status.text() == "Done"

    qtbot.mouseClick(right_pane.keep, qtbot_left())

    qtbot.waitUntil(
        lambda: (
            [w.message.content for w in _widgets(window)] == ["Capital of France?", "Right one two three."]
        ),
        timeout=10_000,
    )
    answer = _widgets(window)[1].message
    assert answer.sibling_count == 3  # the first answer and the left one are kept beside it
    assert answer.model_ref == right
    assert window.undo_notice.isVisible()
    qtbot.mouseClick(window.undo_notice.button, qtbot_left())
    qtbot.waitUntil(
        lambda: [w.message.content for w in _widgets(window)][-1] == "Left one two three four.",
        timeout=10_000,
    )
    window.close()


def test_compare_from_the_composer_sends_the_draft_to_a_new_thread_and_stop_stops_both(
    qtbot: QtBot, app_services: AppServices, script: Script
) -> None:
    left = script({"text": "alpha beta gamma", "hold_after": 1})
    right = script({"text": "one two three", "hold_after": 1})
    app_services.models.set_default(left)
    window = open_window(qtbot, app_services, ready=True)
    window.composer.editor.setPlainText("Which is faster?")
    qtbot.mouseClick(window.composer.compare_button, qtbot_left())
    dialog = _dialog(qtbot, window)
    dialog.pickers[1].addItem("right", right)  # a second model to offer (only the default is listed)
    _pick(dialog, left, right)
    qtbot.mouseClick(dialog.start_button, qtbot_left())
    qtbot.waitUntil(lambda: all(p.text.toPlainText() for p in dialog.panes), timeout=10_000)
    qtbot.waitUntil(lambda: window.current_thread_id is not None, timeout=10_000)
    assert window.composer.editor.toPlainText() == ""  # sent: the composer is emptied, as by Send

    qtbot.mouseClick(dialog.stop_button, qtbot_left())

    qtbot.waitUntil(
        lambda: all(p.status.text() == "Stopped: the text so far is kept" for p in dialog.panes),
        timeout=10_000,
    )
    assert [p.text.toPlainText() for p in dialog.panes] == ["alpha ", "one "]
    thread = app_services.threads.show(window.current_thread_id or "")
    assert sorted(m.content for m in thread.messages) == ["Which is faster?", "alpha ", "one "]
    dialog.close()
    # The thread shows what was kept once the answers ended (its view read again in place).
    qtbot.waitUntil(
        lambda: [w.message.status for w in _widgets(window)] == ["complete", "cancelled"], timeout=10_000
    )
    window.close()


def test_the_compare_dialog_speaks_chinese(
    qtbot: QtBot, app_services: AppServices, script: Script, chinese: None
) -> None:
    left, right = script({"text": "左边。"}), script({"text": "右边。"})
    app_services.models.set_default(left)
    window = open_window(qtbot, app_services, ready=True)
    assert window.composer.compare_button.text() == "比较…"
    window.composer.editor.setPlainText("你好")
    qtbot.mouseClick(window.composer.compare_button, qtbot_left())
    dialog = _dialog(qtbot, window)
    dialog.pickers[1].addItem("right", right)
    _pick(dialog, left, right)
    qtbot.mouseClick(dialog.start_button, qtbot_left())
    qtbot.waitUntil(dialog.panes[1].keep.isEnabled, timeout=10_000)
    assert dialog.windowTitle() == "比较两个模型"
    assert dialog.panes[1].keep.text() == "保留这个回答"
    assert dialog.note.text().startswith("同时作答：两个模型可以一起放进内存")
    assert dialog.panes[0].status.text() == "完成"
    dialog.close()
    window.close()


def qtbot_left() -> object:
    from PySide6.QtCore import Qt

    return Qt.MouseButton.LeftButton
