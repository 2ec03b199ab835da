"""Each answer names the model that wrote it (a thread on the default model keeps answering with a
new default), and a message's menu makes a new thread from it that links back (issue 32, issue 34)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.run_records import SendOptions
from mira_desktop.ui.chat.message_widget import MessageWidget
from mira_desktop.ui.shell.main_window import MainWindow
from tests.gui.support import open_window
from tests.support.fixtures import Script


def _answers(window: MainWindow) -> list[MessageWidget]:
    view = window.chat_view
    return [view.widgets[i] for i in view._order if view.widgets[i].message.role == "assistant"]


def _two_turns(services: AppServices, script: Script) -> tuple[str, str, str]:
    """A thread on the default model that answers once with one default and once with another."""
    first, second = script({"text": "From the first."}), script({"text": "From the second."})
    services.models.set_default(first)
    handle = services.chat.send(None, "hello", SendOptions())
    assert handle.wait(30).value == "completed"
    services.models.set_default(second)  # "Use for new threads" on another model meanwhile
    again = services.chat.send(handle.thread_id, "and again", SendOptions())
    assert again.wait(30).value == "completed"
    return handle.thread_id, first, second


def _name(ref: str) -> str:
    return f"Scripted ({ref.rsplit('/', 1)[-1]})"


def test_each_answer_names_the_model_that_wrote_it_after_the_default_changed(
    qtbot: QtBot, app_services: AppServices, script: Script
) -> None:
    thread_id, first, second = _two_turns(app_services, script)
    window = open_window(qtbot, app_services, ready=True)
    window.open_thread(thread_id)
    qtbot.waitUntil(lambda: len(_answers(window)) == 2, timeout=10_000)
    labels = [w.model_label for w in _answers(window)]
    assert [label.text() for label in labels] == [f"Model: {_name(first)}", f"Model: {_name(second)}"]
    assert [label.toolTip() for label in labels] == [first, second]  # the whole reference on hover
    qtbot.waitUntil(lambda: all(label.isVisibleTo(window) for label in labels), timeout=10_000)
    window.close()


def test_an_answer_names_its_model_in_chinese(
    qtbot: QtBot, app_services: AppServices, script: Script, chinese: None
) -> None:
    thread_id, first, _second = _two_turns(app_services, script)
    window = open_window(qtbot, app_services, ready=True)
    window.open_thread(thread_id)
    qtbot.waitUntil(lambda: len(_answers(window)) == 2, timeout=10_000)
    assert _answers(window)[0].model_label.text() == f"模型：{_name(first)}"
    menu = [a.text() for a in _answers(window)[0].build_menu().actions()]
    assert "从这里开始新对话" in menu
    assert "从这条消息起开始新对话" in menu
    [action] = [a for a in _answers(window)[0].build_menu().actions() if a.text() == "从这里开始新对话"]
    action.trigger()
    qtbot.waitUntil(lambda: window.current_thread_id not in (None, thread_id), timeout=10_000)
    title = app_services.threads.get(thread_id).title
    assert app_services.threads.get(str(window.current_thread_id)).title == f"{title}（分支）"
    qtbot.waitUntil(window.fork_link.isVisible, timeout=10_000)
    assert title in window.fork_link.label.text()  # the link names the source by its own title
    window.close()


def test_new_thread_from_here_opens_the_fork_which_links_back_to_the_message(
    qtbot: QtBot, app_services: AppServices, script: Script
) -> None:
    thread_id, _first, _second = _two_turns(app_services, script)
    window = open_window(qtbot, app_services, ready=True)
    window.open_thread(thread_id)
    qtbot.waitUntil(lambda: len(_answers(window)) == 2, timeout=10_000)
    first_answer = _answers(window)[0]
    [action] = [a for a in first_answer.build_menu().actions() if a.text() == "New thread from here"]
    action.trigger()
    qtbot.waitUntil(lambda: window.current_thread_id not in (None, thread_id), timeout=10_000)
    fork_id = window.current_thread_id
    qtbot.waitUntil(
        lambda: (
            [w.message.content for w in window.chat_view.widgets.values()] == ["hello", "From the first."]
        ),
        timeout=10_000,
    )
    qtbot.waitUntil(window.fork_link.isVisible, timeout=10_000)
    title = app_services.threads.get(thread_id).title
    assert window.fork_link.label.text() == f'<a href="source">Forked from “{title}”</a>'
    assert app_services.threads.get(str(fork_id)).title == f"{title} (fork)"  # not the source's twin
    window.fork_link.label.linkActivated.emit("source")  # a click on the link
    qtbot.waitUntil(lambda: window.current_thread_id == thread_id, timeout=10_000)
    qtbot.waitUntil(lambda: not window.fork_link.isVisible(), timeout=10_000)  # the source is no fork
    assert fork_id in [t.id for t in app_services.threads.list()]
    window.close()


def test_new_thread_from_this_message_on_copies_it_and_what_follows(
    qtbot: QtBot, app_services: AppServices, script: Script
) -> None:
    thread_id, _first, second = _two_turns(app_services, script)
    window = open_window(qtbot, app_services, ready=True)
    window.open_thread(thread_id)
    qtbot.waitUntil(lambda: len(_answers(window)) == 2, timeout=10_000)
    [action] = [
        a for a in _answers(window)[0].build_menu().actions() if a.text() == "New thread from this message on"
    ]
    action.trigger()
    qtbot.waitUntil(lambda: window.current_thread_id not in (None, thread_id), timeout=10_000)
    expected = ["From the first.", "and again", "From the second."]
    qtbot.waitUntil(
        lambda: [window.chat_view.widgets[i].message.content for i in window.chat_view._order] == expected,
        timeout=10_000,
    )
    assert _answers(window)[-1].model_label.toolTip() == second  # the copy still names its model
    window.close()


def test_an_answer_sent_from_the_window_names_its_model_once_it_ends(
    qtbot: QtBot, app_services: AppServices, script: Script
) -> None:
    from PySide6.QtCore import Qt

    model = script({"text": "Streamed.", "token_delay_ms": 5})
    app_services.models.set_default(model)
    window = open_window(qtbot, app_services, ready=True)
    window.composer.editor.setFocus()
    qtbot.keyClicks(window.composer.editor, "hello")
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(
        lambda: len(_answers(window)) == 1 and _answers(window)[0].message.status == "complete",
        timeout=20_000,
    )
    qtbot.waitUntil(
        lambda: _answers(window)[0].model_label.text() == f"Model: {_name(model)}", timeout=10_000
    )
    window.close()
