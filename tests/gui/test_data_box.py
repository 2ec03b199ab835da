"""Settings → Workspaces → Data: attach a file to the selected workspace with allowed tables and
masked columns, see it listed, detach it — with the checks of `mira data`; a file that is not data is
refused in one line and nothing is attached. In English and in Chinese."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.runtime.changes import ChangeSignal
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.settings.workspaces_page import WorkspacesPage
from tests.support.fixtures import Script


@pytest.fixture
def page(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> WorkspacesPage:
    widget = WorkspacesPage(app_services, runner, changes)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitUntil(lambda: widget.list.count() == 1)
    widget.list.setCurrentRow(0)  # Mira BASE
    qtbot.waitUntil(lambda: widget.data_box.rows() == ["No data attached to this workspace."])
    return widget


def _database(tmp_path: Path) -> Path:
    path = tmp_path / "people.db"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE people (name TEXT, ssn TEXT)")
    connection.commit()
    connection.close()
    return path


def _answers(*replies: list[str]) -> object:
    given = iter(replies)
    return lambda _parent, _prompt: next(given)


def test_a_file_attached_in_settings_is_listed_with_its_mask_and_can_be_detached(
    qtbot: QtBot, page: WorkspacesPage, app_services: AppServices, tmp_path: Path
) -> None:
    box = page.data_box
    box.pick = lambda _parent: str(_database(tmp_path))
    box.ask = _answers(["people"], ["people.ssn"])  # type: ignore[assignment]
    box.attach_button.click()
    qtbot.waitUntil(lambda: box.rows() == ["people.db (SQLITE): allowed people; masked people.ssn"])
    assert box.message.text() == "Attached people.db."
    (source,) = app_services.data.list()
    assert source.workspace_id == app_services.workspaces.default().id
    assert source.mask == ("people.ssn",)
    box.list.setCurrentRow(0)
    box.detach_button.click()
    qtbot.waitUntil(lambda: box.rows() == ["No data attached to this workspace."])
    assert app_services.data.list() == []
    assert (tmp_path / "people.db").exists()


def test_a_file_that_is_not_a_database_is_refused_in_one_line_and_nothing_is_attached(
    qtbot: QtBot, page: WorkspacesPage, app_services: AppServices, tmp_path: Path
) -> None:
    fake = tmp_path / "notes.db"
    fake.write_text("not a database\n" * 50)
    box = page.data_box
    box.pick = lambda _parent: str(fake)
    box.ask = _answers([], [])  # type: ignore[assignment]
    box.attach_button.click()
    qtbot.waitUntil(lambda: "is not a SQLite database" in box.message.text())
    assert "\n" not in box.message.text()
    assert app_services.data.list() == []


def test_the_data_box_speaks_chinese(
    qtbot: QtBot, chinese: None, app_services: AppServices, runner: OperationRunner, tmp_path: Path
) -> None:
    widget = WorkspacesPage(app_services, runner)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitUntil(lambda: widget.list.count() == 1)
    widget.list.setCurrentRow(0)
    box = widget.data_box
    qtbot.waitUntil(lambda: box.rows() == ["此工作区没有附加数据。"])
    assert box.attach_button.text() == "附加文件…"
    box.pick = lambda _parent: str(_database(tmp_path))
    box.ask = _answers([], ["people.ssn"])  # type: ignore[assignment]
    box.attach_button.click()
    qtbot.waitUntil(lambda: box.rows() == ["people.db（SQLITE）：允许 所有表；遮蔽 people.ssn"])


def test_a_query_in_the_trace_says_its_rows_and_opens_its_table_on_a_double_click(
    qtbot: QtBot, chinese: None, app_services: AppServices, tmp_path: Path
) -> None:
    from mira_desktop.core.cancel import CancelToken
    from mira_desktop.services.data.tool import SqlQuery
    from mira_desktop.ui.chat.agent_panel import AgentPanel

    source = app_services.data.add(_database(tmp_path), workspace_id=app_services.workspaces.default().id)
    result = SqlQuery([source]).call({"sql": "SELECT 'Ann' AS name, 3 AS n"}, CancelToken())
    panel = AgentPanel("run-1")
    qtbot.addWidget(panel)
    call = {"id": "c1", "tool": "sql_query", "arguments": {"sql": "SELECT 'Ann' AS name, 3 AS n"}}
    panel.show_events([("tool.call", call), ("tool.result", {"id": "c1", "result": result.to_dict()})])
    line = panel.trace.topLevelItem(0).child(0)
    assert line.text(0) == "✓ 已查询 people.db：1 行"
    with qtbot.waitSignal(panel.output_requested) as opened:
        panel.trace.itemDoubleClicked.emit(line, 0)
    assert opened.args == ["run-1", "c1", "sql_query"]
    assert "| Ann | 3 |" in result.text  # what the window's output dialog shows for the call


def test_the_thread_menu_attaches_data_to_that_thread_only(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, script: Script, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QMenu, QWidget

    from mira_desktop.core.conversation.runs import RunStatus
    from mira_desktop.services.chat.service import SendOptions
    from mira_desktop.ui.chat.thread_actions import ThreadActions

    handle = app_services.chat.send(None, "Hello", SendOptions(model_ref=script({"text": "Hi."})))
    assert handle.done.wait(30)
    assert handle.status is RunStatus.COMPLETED
    parent = QWidget()
    qtbot.addWidget(parent)
    notices: list[str] = []
    actions = ThreadActions(
        parent, services=app_services, runner=runner, current=lambda: handle.thread_id,
        deleted=lambda _id: None, notice=notices.append,
    )  # fmt: skip
    actions.pick_data = lambda _parent: str(_database(tmp_path))
    actions.ask_data = _answers(["people"], [])  # type: ignore[assignment]
    menu = QMenu(parent)
    with qtbot.waitSignal(actions.state_shown):
        actions.fill(menu, handle.thread_id)
    (attach,) = [a for a in menu.actions() if a.text() == "Attach data for SQL…"]
    attach.trigger()
    qtbot.waitUntil(lambda: notices == ["Attached people.db."])
    (source,) = app_services.data.list()
    assert (source.thread_id, source.workspace_id, source.allow) == (handle.thread_id, None, ("people",))


def _thread_menu(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, script: Script
) -> tuple[str, object, list[str]]:
    from PySide6.QtWidgets import QWidget

    from mira_desktop.core.conversation.runs import RunStatus
    from mira_desktop.services.chat.service import SendOptions
    from mira_desktop.ui.chat.thread_actions import ThreadActions

    handle = app_services.chat.send(None, "Hello", SendOptions(model_ref=script({"text": "Hi."})))
    assert handle.done.wait(30)
    assert handle.status is RunStatus.COMPLETED
    assert handle.thread_id is not None
    parent = QWidget()
    qtbot.addWidget(parent)
    notices: list[str] = []
    actions = ThreadActions(
        parent, services=app_services, runner=runner, current=lambda: handle.thread_id,
        deleted=lambda _id: None, notice=notices.append,
    )  # fmt: skip
    return handle.thread_id, actions, notices


def test_the_thread_menu_detaches_the_threads_own_data_and_leaves_the_file_and_the_workspace_alone(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, script: Script, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QMenu

    from mira_desktop.ui.chat.thread_actions import ThreadActions

    thread_id, actions, notices = _thread_menu(qtbot, app_services, runner, script)
    assert isinstance(actions, ThreadActions)
    database = _database(tmp_path)
    before = database.read_bytes()
    mine = app_services.data.add(database, thread_id=thread_id)
    shared = app_services.data.add(database, workspace_id=app_services.workspaces.default().id)
    menu = QMenu(actions.parent)
    with qtbot.waitSignal(actions.state_shown):
        actions.fill(menu, thread_id)
    (detach,) = [a.menu() for a in menu.actions() if a.text() == "Detach data"]
    assert detach is not None
    assert detach.isEnabled()
    assert [a.text() for a in detach.actions()] == ["people.db (sqlite)"]  # not the workspace's
    detach.actions()[0].trigger()
    qtbot.waitUntil(lambda: notices == ["Detached people.db; the file is unchanged."])
    assert [s.id for s in app_services.data.list()] == [shared.id]
    assert mine.id not in [s.id for s in app_services.data.for_run(None, thread_id)]
    assert database.read_bytes() == before
    with qtbot.waitSignal(actions.state_shown):
        actions.fill(menu, thread_id)
    (empty,) = [a.menu() for a in menu.actions() if a.text() == "Detach data"]
    assert empty is not None
    assert not empty.isEnabled()
    assert empty.actions() == []


@pytest.mark.usefixtures("chinese")
def test_the_thread_menus_detach_speaks_chinese(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, script: Script, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QMenu

    from mira_desktop.ui.chat.thread_actions import ThreadActions

    thread_id, actions, notices = _thread_menu(qtbot, app_services, runner, script)
    assert isinstance(actions, ThreadActions)
    app_services.data.add(_database(tmp_path), thread_id=thread_id)
    menu = QMenu(actions.parent)
    with qtbot.waitSignal(actions.state_shown):
        actions.fill(menu, thread_id)
    (detach,) = [a.menu() for a in menu.actions() if a.text() == "取消附加数据"]
    assert detach is not None
    assert [a.text() for a in detach.actions()] == ["people.db（sqlite）"]
    detach.actions()[0].trigger()
    qtbot.waitUntil(lambda: notices == ["已取消附加 people.db；文件未改动。"])
    assert app_services.data.list() == []
