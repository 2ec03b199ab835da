"""Agent runs in the window: the approval card, approving resumes the same run, the trace, undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from tests.gui.support import agent_draft_in, open_window


def agent_task(services: AppServices, project: Path) -> None:
    """A TODO in the project's notes, and a scripted model that reads it and asks to mark it done."""
    (project / "notes.md").write_text("TODO: buy milk\n")
    script = project.parent / "agent.json"
    script.write_text(
        json.dumps(
            {
                "pick": "by_turn",
                "replies": [
                    {"tool_calls": [{"name": "read_file", "arguments": {"path": "notes.md"}}]},
                    {
                        "tool_calls": [
                            {
                                "name": "write_file",
                                "arguments": {"path": "notes.md", "content": "DONE: buy milk\n"},
                            }
                        ]
                    },
                    {"text": "Marked the TODO as done."},
                ],
            }
        )
    )
    services.models.set_default(f"scripted:{script}")


def test_the_approval_card_appears_and_approving_resumes_the_run_and_the_trace_shows_the_write(
    qtbot: QtBot,
    app_services: AppServices,
    project: Path,
    workspace: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    agent_task(app_services, project)
    folder, workspace_id = project, workspace
    window = open_window(qtbot, app_services, ready=True)
    agent_draft_in(qtbot, window, workspace_id)  # agent mode on the welcome draft
    window.composer.send_requested.emit("Mark the TODO as done")
    qtbot.waitUntil(
        lambda: window.current_thread_id is not None and not window.controller.state.busy, timeout=20_000
    )

    def card_shown() -> bool:
        widget = window.chat_view.widgets[window.chat_view._order[-1]]
        return widget.agent_panel is not None and widget.agent_panel.card.isVisible()

    qtbot.waitUntil(card_shown, timeout=10_000)
    answer = window.chat_view.widgets[window.chat_view._order[-1]]
    panel = answer.agent_panel
    assert panel is not None
    assert "write_file" in panel.card.title.text()
    assert panel.card.reason.text() == (
        "write_file creates or changes files in the workspace, so it needs your approval."
    )
    assert "DONE: buy milk" in panel.card.diff.toPlainText()
    assert answer.status.text() == "Waiting for your approval."
    assert (folder / "notes.md").read_text() == "TODO: buy milk\n"  # nothing written before approval
    run_id = panel.run_id

    panel.card.approve_button.click()
    qtbot.waitUntil(lambda: (folder / "notes.md").read_text() == "DONE: buy milk\n", timeout=20_000)
    qtbot.waitUntil(lambda: app_services.chat.run(run_id).status.value == "completed", timeout=20_000)
    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=10_000)

    def settled() -> bool:
        widget = window.chat_view.widgets.get(window.chat_view._order[-1])
        return (
            widget is not None
            and widget.message.content == "Marked the TODO as done."
            and widget.agent_panel is not None
        )

    qtbot.waitUntil(settled, timeout=10_000)
    panel = window.chat_view.widgets[window.chat_view._order[-1]].agent_panel
    assert panel is not None
    qtbot.waitUntil(lambda: panel.trace.topLevelItemCount() >= 2, timeout=10_000)
    steps = [panel.trace.topLevelItem(i).text(0) for i in range(panel.trace.topLevelItemCount())]
    assert any(step.startswith("write_file") for step in steps)
    qtbot.waitUntil(lambda: not panel.card.isVisible(), timeout=10_000)
    qtbot.waitUntil(panel.undo_button.isVisible, timeout=10_000)

    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Yes)
    panel.undo_button.click()
    qtbot.waitUntil(lambda: (folder / "notes.md").read_text() == "TODO: buy milk\n", timeout=10_000)
    window.close()


def test_runs_left_waiting_are_listed_on_start_with_a_badge_and_open_with_their_card(
    qtbot: QtBot, app_services: AppServices, project: Path, workspace: str
) -> None:
    from mira_desktop.services.chat.service import SendOptions

    agent_task(app_services, project)
    workspace_id = workspace
    handle = app_services.chat.send(
        None, "Mark the TODO as done", SendOptions(agent=True, workspace_id=workspace_id)
    )
    handle.wait(20)
    assert app_services.chat.run(handle.run_id).status.value == "waiting_approval"
    window = open_window(qtbot, app_services, ready=True)  # as after a restart
    qtbot.waitUntil(
        lambda: window.waiting_banner.isVisible() and window.waiting_banner.count == 1, timeout=10_000
    )
    qtbot.waitUntil(lambda: window.sidebar.thread_ids() == [handle.thread_id])  # under its project's header
    listed = window.sidebar.thread_list
    [row] = [r for r in range(listed.count()) if listed.item(r).data(Qt.ItemDataRole.UserRole) == handle.thread_id]
    assert not listed.item(row).icon().isNull()
    window.waiting_banner.label.linkActivated.emit(handle.thread_id)
    qtbot.waitUntil(lambda: window.current_thread_id == handle.thread_id)

    def card_shown() -> bool:
        widget = window.chat_view.widgets.get(handle.assistant_message_id)
        return widget is not None and widget.agent_panel is not None and widget.agent_panel.card.isVisible()

    qtbot.waitUntil(card_shown, timeout=10_000)
    window.close()
