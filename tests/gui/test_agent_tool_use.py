"""An agent run that did nothing says so: the note under the answer, the header's hint with the way
to a model that can call tools, and the run's steps shown while the model works."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.shell.main_window import MainWindow
from tests.gui.support import agent_draft_in, open_window
from tests.support.fixtures import Script


def _agent_window(qtbot: QtBot, services: AppServices, workspace: str, model: str) -> MainWindow:
    services.models.set_default(model)
    window = open_window(qtbot, services, ready=True)
    agent_draft_in(qtbot, window, workspace)
    return window


def _answer(window: MainWindow):  # type: ignore[no-untyped-def]
    return window.chat_view.widgets[window.chat_view._order[-1]]


def test_a_file_task_answered_without_tools_says_so_and_the_header_offers_another_model(
    qtbot: QtBot, app_services: AppServices, workspace: str, script: Script
) -> None:
    window = _agent_window(qtbot, app_services, workspace, script({"text": "Hello, World! 123"}))
    assert not window.header.tool_hint.isVisible()  # nothing known against this model yet
    window.composer.send_requested.emit("create hello.txt with Hello, World!")
    qtbot.waitUntil(
        lambda: window.current_thread_id is not None and not window.controller.state.busy, timeout=20_000
    )
    reply = _answer(window)
    qtbot.waitUntil(lambda: "no_tool_use" in reply.message.flags, timeout=10_000)
    assert reply.status.isVisibleTo(reply)
    assert reply.status.text() == "No file was read or changed — this model did not use the tools."
    hint = window.header.tool_hint
    qtbot.waitUntil(hint.isVisible, timeout=10_000)
    assert "did not use the tools" in hint.text()
    assert hint.text().startswith("Scripted (")  # the model by its name, not its reference
    assert "Choose a model that can…" in hint.text()
    hint.linkActivated.emit("models")
    qtbot.waitUntil(lambda: getattr(window, "settings_dialog", None) is not None)
    assert window.settings_dialog.tabs.currentWidget() is window.settings_dialog.get_models_page
    window.settings_dialog.close()
    window.close()


def test_a_model_that_cannot_call_tools_is_named_in_the_header_in_agent_mode(
    qtbot: QtBot, app_services: AppServices, workspace: str, script: Script
) -> None:
    model = script({"text": "Hi"}, profile={"supports_tools": False, "supports_json_schema": False})
    window = _agent_window(qtbot, app_services, workspace, model)
    hint = window.header.tool_hint
    qtbot.waitUntil(hint.isVisible, timeout=10_000)
    assert "cannot call tools" in hint.text()
    window.header.agent_button.click()  # agent mode off: no hint
    qtbot.waitUntil(lambda: not hint.isVisible(), timeout=10_000)
    window.close()


def test_the_steps_show_while_the_model_works(
    qtbot: QtBot, app_services: AppServices, workspace: str, script: Script
) -> None:
    slow = {"text": " ".join(f"w{i}" for i in range(300)), "token_delay_ms": 30}  # ~9 s to answer
    window = _agent_window(qtbot, app_services, workspace, script(slow))
    window.composer.send_requested.emit("Tell me about this folder")
    qtbot.waitUntil(lambda: window.controller.state.busy, timeout=10_000)
    try:
        _watch_the_steps(qtbot, window)
    finally:
        app_services.chat.close()  # a failed check leaves no run for the window's close to ask about
    window.close()


def _watch_the_steps(qtbot: QtBot, window: MainWindow) -> None:

    def waiting_panel():  # type: ignore[no-untyped-def]
        order = window.chat_view._order
        panel = window.chat_view.widgets[order[-1]].agent_panel if order else None
        return panel if panel is not None and panel._waiting is not None else None

    qtbot.waitUntil(lambda: waiting_panel() is not None, timeout=10_000)
    panel = waiting_panel()
    qtbot.waitUntil(panel.trace.isVisible)  # opened by itself while the run works (shown a frame later)
    assert panel._waiting.text(0).startswith("Step ")
    assert "waiting for the model" in panel._waiting.text(0)
    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=30_000)
    qtbot.waitUntil(lambda: panel._waiting is None, timeout=10_000)
    lines = [panel.trace.topLevelItem(i).text(0) for i in range(panel.trace.topLevelItemCount())]
    assert any(line.startswith("Model call 1:") for line in lines)  # the step, once answered
