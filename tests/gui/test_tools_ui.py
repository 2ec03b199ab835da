"""Settings → Tools and the approval card of an MCP call: a server with its state and tools, Test,
Import, permissions per tool and per workspace; the card shows the server, the tool and every
argument, and "Always allow … in this workspace" makes it permanent; a call that may have run asks."""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

from pytestqt.qtbot import QtBot

from mira_desktop.core.tool_records import Permission
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.runtime.changes import ChangeSignal
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.settings.tools_page import ToolsPage
from tests.gui.support import agent_draft_in, open_window
from tests.support.memory_keyring import MemoryKeyring

SERVER = Path(__file__).resolve().parents[1] / "support" / "mcp_server.py"


def _add_notes(services: AppServices, state: Path) -> None:
    services.mcp.add_stdio("notes", sys.executable, [str(SERVER), "--state", str(state)])


def _rows(page: ToolsPage) -> dict[str, list[str]]:
    tree = page.servers
    return {
        tree.topLevelItem(i).text(0): [tree.topLevelItem(i).text(c) for c in range(5)]
        for i in range(tree.topLevelItemCount())
    }


def test_the_tools_page_shows_a_server_tests_it_and_follows_its_state(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal, tmp_path: Path
) -> None:
    page = ToolsPage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(page.empty.isVisible)
    assert "bubblewrap" in page.sandbox_label.text()
    _add_notes(app_services, tmp_path / "notes")  # as `mira mcp add` would: the page follows
    qtbot.waitUntil(lambda: "notes" in _rows(page))
    assert _rows(page)["notes"][2:4] == ["not running", "not listed yet"]
    page.servers.setCurrentItem(page.servers.topLevelItem(0))
    page.test_button.click()
    qtbot.waitUntil(lambda: "notes works: 6 tool" in page.result_label.text(), timeout=60_000)
    qtbot.waitUntil(lambda: _rows(page)["notes"][2:4] == ["running", "6"])
    qtbot.waitUntil(lambda: "notes__create_note" in page.permissions.combos)
    combo = page.permissions.combos["notes__create_note"]
    assert combo.itemText(0) == "Default (Ask)"
    combo.setCurrentIndex(combo.findData("allow"))
    combo.activated.emit(combo.currentIndex())
    qtbot.waitUntil(lambda: "notes__create_note" in app_services.tool_permissions.effective(None))
    chosen = app_services.tool_permissions.effective(None)["notes__create_note"]
    assert (chosen.permission, chosen.workspace_id) == (Permission.ALLOW, None)
    page.trust_box.click()
    qtbot.waitUntil(lambda: app_services.mcp.get("notes").trust_read_only)
    page.close()


def test_a_server_that_fails_shows_its_reason(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> None:
    app_services.mcp.add_stdio("exits", sys.executable, ["-c", "import sys; sys.exit('missing token')"])
    page = ToolsPage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: "exits" in _rows(page))
    page.servers.setCurrentItem(page.servers.topLevelItem(0))
    page.test_button.click()
    qtbot.waitUntil(lambda: "missing token" in page.result_label.text(), timeout=60_000)
    assert page.result_label.text().startswith("The MCP server exits could not be started or reached")
    qtbot.waitUntil(lambda: _rows(page)["exits"][2] == "failed")
    page.servers.setCurrentItem(page.servers.topLevelItem(0))
    qtbot.waitUntil(lambda: "missing token" in page.detail.text())
    assert page.detail.text().startswith("exits: failed: ")
    page.close()


def test_an_idle_server_that_dies_shows_as_failed_with_its_reason_and_the_next_call_starts_it_again(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal, tmp_path: Path
) -> None:
    state = tmp_path / "notes"
    _add_notes(app_services, state)
    page = ToolsPage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: "notes" in _rows(page))
    page.servers.setCurrentItem(page.servers.topLevelItem(0))
    page.test_button.click()
    qtbot.waitUntil(lambda: _rows(page)["notes"][2] == "running", timeout=60_000)
    [pid] = (state / "pids").read_text().split()
    os.kill(int(pid), signal.SIGKILL)  # no call pending: nobody waits for an answer from it
    qtbot.waitUntil(lambda: _rows(page)["notes"][2] == "failed", timeout=30_000)  # followed, not polled
    page.servers.setCurrentItem(None)
    page.servers.setCurrentItem(page.servers.topLevelItem(0))
    qtbot.waitUntil(lambda: page.detail.text().startswith("notes: failed: it stopped"))
    page.test_button.click()  # the next call starts it again
    qtbot.waitUntil(lambda: _rows(page)["notes"][2] == "running", timeout=60_000)
    assert len((state / "pids").read_text().split()) == 2
    assert "notes works: 6 tool" in page.result_label.text()
    page.close()


def test_import_adds_the_servers_of_a_claude_desktop_file(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal, tmp_path: Path
) -> None:
    config = tmp_path / "claude_desktop_config.json"
    config.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "notes": {"command": sys.executable, "args": [str(SERVER)]},
                    "old": {"type": "sse", "url": "http://127.0.0.1:1/sse"},
                }
            }
        )
    )
    page = ToolsPage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    page.import_file(str(config))
    qtbot.waitUntil(lambda: "notes" in _rows(page))
    qtbot.waitUntil(lambda: "notes." in page.result_label.text())
    assert page.result_label.text().startswith("Added 1 server")
    assert "Not added: old — it uses the SSE transport" in page.result_label.text()
    page.close()


def _mcp_task(services: AppServices, tmp_path: Path, state: Path) -> None:
    _add_notes(services, state)
    script = tmp_path / "agent.json"
    call = {"name": "notes__create_note", "arguments": {"title": "groceries", "body": "milk and eggs"}}
    script.write_text(json.dumps({"pick": "by_turn", "replies": [{"tool_calls": [call]}, {"text": "Noted."}]}))
    services.models.set_default(f"scripted:{script}")


def test_the_approval_card_of_an_mcp_call_shows_server_tool_and_arguments_and_always_allow_sticks(
    qtbot: QtBot, app_services: AppServices, workspace: str, tmp_path: Path
) -> None:
    state = tmp_path / "notes"
    _mcp_task(app_services, tmp_path, state)
    workspace_id = workspace
    window = open_window(qtbot, app_services, ready=True)
    agent_draft_in(qtbot, window, workspace_id)
    window.composer.send_requested.emit("Note my groceries")

    def card() -> object:
        order = window.chat_view._order
        widget = window.chat_view.widgets[order[-1]] if order else None
        panel = widget.agent_panel if widget is not None else None
        return panel.card if panel is not None and panel.card.isVisible() else None

    qtbot.waitUntil(lambda: card() is not None, timeout=60_000)
    shown = card()
    assert shown.title.text() == "The agent wants to call create_note on the MCP server notes"
    assert shown.reason.text() == "notes__create_note is a tool of the MCP server notes: it needs your approval."
    assert "A call outside the workspace cannot be undone." in shown.note.text()
    assert json.loads(shown.diff.toPlainText()) == {"title": "groceries", "body": "milk and eggs"}
    assert shown.always_workspace.text() == "Always allow notes__create_note in this workspace"
    assert not (state / "calls.log").exists()  # nothing sent before the approval
    shown.always_workspace.click()
    qtbot.waitUntil((state / "calls.log").exists, timeout=30_000)
    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=30_000)
    chosen = app_services.tool_permissions.effective(workspace_id)["notes__create_note"]
    assert (chosen.permission, chosen.workspace_id) == (Permission.ALLOW, workspace_id)
    assert (state / "calls.log").read_text().splitlines() == ["create_note groceries"]
    window.close()  # before the services close: its timers end with it


def test_a_call_that_may_have_run_asks_to_run_it_again_or_go_on(
    qtbot: QtBot, app_services: AppServices, workspace: str, tmp_path: Path
) -> None:
    from mira_desktop.agent.checkpoint import Checkpoint, PendingPhase
    from mira_desktop.core.conversation.runs import EventType, RunStatus
    from mira_desktop.services.chat.recovery import recover_interrupted
    from mira_desktop.store.messages import MessageRepository
    from mira_desktop.store.runs import RunRepository

    state = tmp_path / "notes"
    _mcp_task(app_services, tmp_path, state)
    workspace_id = workspace
    from mira_desktop.services.chat.service import SendOptions

    handle = app_services.chat.send(None, "Note it", SendOptions(agent=True, workspace_id=workspace_id))
    assert handle.wait(30) is RunStatus.WAITING_APPROVAL
    # As a Mira killed after sending the call would leave it: the intent journaled, no result.
    runs = RunRepository(app_services.database)
    checkpoint = Checkpoint.from_json(runs.checkpoint_json(handle.run_id) or "")
    assert checkpoint.pending is not None
    checkpoint.pending = type(checkpoint.pending)(
        **{**checkpoint.pending.__dict__, "phase": PendingPhase.EXECUTING}
    )
    runs.save_checkpoint(handle.run_id, checkpoint.to_json(), {})
    runs.set_status(handle.run_id, RunStatus.RUNNING)
    runs.append_event(handle.run_id, EventType.RUN_RESUMED, {"pid": 2**22 + 7, "process_start": 1})
    recover_interrupted(app_services.database, runs, MessageRepository(app_services.database))

    window = open_window(qtbot, app_services, ready=True)
    window.open_thread(handle.thread_id)

    def card() -> object:
        widget = window.chat_view.widgets.get(handle.assistant_message_id)
        panel = widget.agent_panel if widget is not None else None
        return panel.card if panel is not None and panel.card.isVisible() else None

    qtbot.waitUntil(lambda: card() is not None, timeout=30_000)
    shown = card()
    assert shown.title.text() == "This call may have run — run it again, or go on without it"
    assert (shown.approve_button.text(), shown.deny_button.text()) == ("Run it again", "Go on without it")
    assert not shown.always_workspace.isVisible()
    shown.deny_button.click()  # go on without it: no reason asked, nothing sent
    qtbot.waitUntil(lambda: app_services.chat.run(handle.run_id).status is RunStatus.COMPLETED, timeout=30_000)
    assert not (state / "calls.log").exists()
    window.close()  # before the services close: its timers end with it


def test_adding_a_server_without_a_keyring_keeps_plain_values_as_settings_and_refuses_a_secret(
    qtbot: QtBot,
    app_services: AppServices,
    runner: OperationRunner,
    changes: ChangeSignal,
    keyring_backend: MemoryKeyring,
) -> None:
    from mira_desktop.ui.settings.mcp_server_dialog import AddServerDialog

    keyring_backend.priority = 0  # type: ignore[assignment]  # as the "fail" keyring of a bare Linux
    page = ToolsPage(app_services, runner, changes)
    qtbot.addWidget(page)
    secret = AddServerDialog(app_services, runner, page)
    qtbot.addWidget(secret)
    secret.name.setText("github")
    secret.command.setText(f"{sys.executable} {SERVER}")
    secret.env.setPlainText("GITHUB_TOKEN=ghp_x\nLOG_LEVEL=debug")
    secret.add_button.click()
    qtbot.waitUntil(lambda: secret.error.text() != "")
    assert "No usable system keyring was found to keep the secret value of GITHUB_TOKEN" in secret.error.text()
    assert secret.add_button.isEnabled()  # the dialog stays open to fix it

    plain = AddServerDialog(app_services, runner, page)
    qtbot.addWidget(plain)
    plain.name.setText("files")
    plain.command.setText(f"{sys.executable} {SERVER}")
    plain.env.setPlainText("NOTES_DIR=/data/notes")
    with qtbot.waitSignal(plain.added):
        plain.add_button.click()
    assert {s.server.name: s.server.env for s in app_services.mcp.list()} == {"files": {"NOTES_DIR": "setting"}}
    assert keyring_backend.passwords == {}
    page.close()
