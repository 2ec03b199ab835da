"""Projects in the window: the sidebar groups threads by project (counts, the last used first,
collapsible), a thread moves by its menu or by a drop, a new thread in a project starts with its
defaults (and its instructions count in the request), deleting a project asks where its threads go."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.shell.main_window import MainWindow
from mira_desktop.ui.shell.project_groups import HEADER
from mira_desktop.ui.shell.quick_switcher import QuickSwitcher
from tests.gui.support import open_window

_LATER = itertools.count()


def _thread(services: AppServices, title: str, project_id: str | None = None) -> str:
    """A thread with a message, used after every thread made before it (and after every project)."""
    thread = ThreadRepository(services.database).create(title=title, workspace_id=project_id)
    MessageRepository(services.database).add(thread.id, MessageRole.USER, "hello")
    with services.database.transaction():
        services.database.execute(
            "UPDATE threads SET updated_at = ? WHERE id = ?",
            (f"2999-01-01T00:00:{next(_LATER) % 60:02d}.000Z", thread.id),
        )
    return thread.id


def _rows(window: MainWindow) -> list[str]:
    listed = window.sidebar.thread_list
    return [listed.item(r).text().split("\n")[0].strip() for r in range(listed.count())]


def _switcher_rows(switcher: QuickSwitcher) -> list[str]:
    return [switcher.list.item(r).text() for r in range(switcher.list.count())]


def _header_row(window: MainWindow, project_id: str) -> int:
    listed = window.sidebar.thread_list
    return next(
        r
        for r in range(listed.count())
        if listed.item(r).data(Qt.ItemDataRole.UserRole) == HEADER + project_id
    )


def test_threads_are_grouped_by_project_with_counts_the_last_used_first_and_a_group_closes(
    qtbot: QtBot, app_services: AppServices
) -> None:
    trip = app_services.projects.create("Trip")
    _thread(app_services, "Loose thread")
    _thread(app_services, "Hotels", trip.id)
    _thread(app_services, "Trains", trip.id)  # the newest: Trip was used last
    window = open_window(qtbot, app_services)
    base = tr("project.header", name="Mira BASE", count=1)
    qtbot.waitUntil(lambda: len(_rows(window)) == 5)
    assert _rows(window) == [
        "▾  " + tr("project.header", name="Trip", count=2),
        "Trains",
        "Hotels",
        "▾  " + base,
        "Loose thread",
    ]
    assert len(window.sidebar.thread_ids()) == 3

    header = window.sidebar.thread_list.item(_header_row(window, trip.id))
    window.sidebar.thread_list.itemClicked.emit(header)  # a click closes the group
    qtbot.waitUntil(lambda: len(_rows(window)) == 3)
    assert _rows(window)[0] == "▸  " + tr("project.header", name="Trip", count=2)
    window.sidebar.thread_list.itemClicked.emit(window.sidebar.thread_list.item(_header_row(window, trip.id)))
    qtbot.waitUntil(lambda: len(_rows(window)) == 5)
    window.close()


def test_a_thread_moves_to_another_project_by_its_menu_and_by_a_drop(
    qtbot: QtBot, app_services: AppServices
) -> None:
    work = app_services.projects.create("Work")
    home = app_services.projects.create("Home")
    thread_id = _thread(app_services, "Budget", work.id)
    window = open_window(qtbot, app_services)
    qtbot.waitUntil(lambda: "Budget" in _rows(window) and len(window.sidebar.projects) == 3)
    menu = QMenu(window)
    submenu = window.project_actions.add_move_menu(menu, thread_id, work.id)
    [to_home] = [a for a in submenu.actions() if a.text() == "Home"]
    assert not next(a for a in submenu.actions() if a.text() == "Work").isEnabled()  # where it is
    to_home.trigger()
    qtbot.waitUntil(lambda: app_services.threads.get(thread_id).workspace_id == home.id)
    qtbot.waitUntil(
        lambda: _rows(window)[:2] == ["▾  " + tr("project.header", name="Home", count=1), "Budget"]
    )
    assert window.statusBar().currentMessage() == tr("project.moved", title="Budget", name="Home")

    listed = window.sidebar.thread_list
    dragged = listed.item(_rows(window).index("Budget"))
    listed.drop_on(dragged, listed.item(_header_row(window, work.id)))  # what a drop on Work's rows does
    qtbot.waitUntil(lambda: app_services.threads.get(thread_id).workspace_id == work.id)
    window.close()


def test_a_new_thread_in_a_project_starts_with_its_defaults_and_its_instructions_count_in_the_request(
    qtbot: QtBot, app_services: AppServices, script: Callable[..., str]
) -> None:
    model = script({"text": "Cheerio."})
    role = app_services.roles.list()[0]
    project = app_services.projects.create("Essays")
    app_services.projects.set(
        project.id, instructions="Write in British English, always.", role_id=role.id, model_ref=model
    )
    window = open_window(qtbot, app_services, ready=True)
    window.new_chat_in_project(project.id)
    qtbot.waitUntil(lambda: window.header.draft.project_id == project.id)
    assert (window.header.draft.role_id, window.header.draft.model_ref) == (role.id, model)
    assert window.header.title.text() == tr("project.new_in", name="Essays")
    qtbot.waitUntil(lambda: tr("meter.project") in window.composer.meter.toolTip())
    window.composer.editor.setPlainText("Hello")
    window.composer.send_requested.emit("Hello")
    qtbot.waitUntil(lambda: len(app_services.threads.list(None)) == 1)
    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=20_000)
    [thread] = app_services.threads.list(None)
    assert (thread.workspace_id, thread.role_id, thread.model_ref) == (project.id, role.id, model)
    preview = app_services.chat.preview(thread.id, "next")
    assert "Write in British English, always." in preview.messages[0].content
    window.close()


def test_deleting_a_project_asks_where_its_threads_go_and_cancel_changes_nothing(
    qtbot: QtBot, app_services: AppServices
) -> None:
    project = app_services.projects.create("Old plans")
    thread_id = _thread(app_services, "Someday", project.id)
    window = open_window(qtbot, app_services)
    qtbot.waitUntil(lambda: len(window.sidebar.projects) == 2)
    question = window.project_actions.ask_delete(project.id)
    assert question is not None
    qtbot.waitUntil(question.isVisible)
    assert question.text() == tr("project.delete_ask", name="Old plans", count=1)
    question.button(question.StandardButton.Cancel).click()
    assert app_services.projects.get(project.id).name == "Old plans"

    question = window.project_actions.ask_delete(project.id)
    assert question is not None
    question.to_base.click()
    qtbot.waitUntil(lambda: app_services.trash.count() == 1)
    assert app_services.threads.get(thread_id).workspace_id is None  # in Mira BASE, back on restore
    qtbot.waitUntil(lambda: window.sidebar.projects == [] and _rows(window) == ["Someday"])
    window.close()


def test_the_search_kept_to_one_project_finds_only_its_threads(
    qtbot: QtBot, app_services: AppServices
) -> None:
    garden = app_services.projects.create("Garden")
    _thread(app_services, "Roses in May", garden.id)
    _thread(app_services, "Roses on the balcony")
    window = open_window(qtbot, app_services)
    qtbot.waitUntil(lambda: len(window.sidebar.projects) == 2)
    menu = QMenu(window)
    header = window.sidebar.thread_list.item(_header_row(window, garden.id))
    assert window.project_actions.fill(menu, header)
    next(a for a in menu.actions() if a.text() == tr("project.search_here")).trigger()
    assert window.sidebar.scope_button.text() == "✕  " + tr("project.scope", name="Garden")
    window.sidebar.search_box.setText("Roses")
    qtbot.waitUntil(lambda: [r for r in _rows(window) if not r.startswith("▾")] == ["Roses in May"])
    window.open_switcher()  # Ctrl+K is kept to the project too
    switcher = window.switcher
    qtbot.waitUntil(lambda: tr("switcher.thread", title="Roses in May") in _switcher_rows(switcher))
    assert tr("switcher.thread", title="Roses on the balcony") not in _switcher_rows(switcher)
    assert tr("switcher.project", name="Mira BASE") in _switcher_rows(switcher)
    switcher.close()
    window.sidebar.scope_button.click()
    both = {"Roses on the balcony", "Roses in May"}  # the project shown first is the last used: either
    qtbot.waitUntil(lambda: {r for r in _rows(window) if not r.startswith("▾")} == both)
    window.close()


def test_projects_speak_chinese(qtbot: QtBot, app_services: AppServices, chinese: None) -> None:
    project = app_services.projects.create("旅行")
    _thread(app_services, "酒店", project.id)
    window = open_window(qtbot, app_services)
    qtbot.waitUntil(lambda: len(window.sidebar.projects) == 2 and "酒店" in _rows(window))
    assert _rows(window)[0] == "▾  旅行  ·  1"
    question = window.project_actions.ask_delete(project.id)
    assert question is not None
    assert question.text().startswith("删除项目“旅行”？")
    assert question.to_trash.text() == "对话随项目移到回收站"
    question.button(question.StandardButton.Cancel).click()
    menu = QMenu(window)
    window.project_actions.fill(menu, window.sidebar.thread_list.item(0))
    assert [a.text() for a in menu.actions() if a.text()][:2] == ["在此项目中新建对话", "在此项目中搜索"]
    window.close()


def test_a_project_exported_from_its_menu_comes_back_by_import_with_its_threads(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    project = app_services.projects.create("Recipes")
    app_services.projects.set(project.id, instructions="Metric units.")
    _thread(app_services, "Bread", project.id)
    window = open_window(qtbot, app_services)
    qtbot.waitUntil(lambda: len(window.sidebar.projects) == 2)
    target = tmp_path / "recipes.json"
    window.project_actions.export_to(project.id, target)
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == tr("project.exported", path=str(target)))
    window.project_actions.import_from(target)
    said = tr("project.imported", name="Recipes (2)", count=1)
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == said)
    qtbot.waitUntil(lambda: len(window.sidebar.projects) == 3)
    copy = next(p.workspace for p in window.sidebar.projects if p.workspace.name == "Recipes (2)")
    assert copy.instructions == "Metric units."
    assert [t.title for t in app_services.threads.in_project(copy.id)] == ["Bread"]
    window.close()


def test_the_project_settings_show_and_save_its_instructions_and_defaults(
    qtbot: QtBot, app_services: AppServices
) -> None:
    from mira_desktop.ui.shell.project_dialog import ProjectDialog

    project = app_services.projects.create("Letters")
    role = app_services.roles.list()[1]
    window = open_window(qtbot, app_services)
    dialog = window.project_actions.open_settings(project.id)
    assert isinstance(dialog, ProjectDialog)
    qtbot.waitUntil(lambda: dialog.name.text() == "Letters")
    assert dialog.folder_label.text() == tr("project.no_folder")
    dialog.instructions.setPlainText("Sign every letter with “Mira”.")
    dialog.role.setCurrentIndex(dialog.role.findData(role.id))
    dialog.memory.setCurrentIndex(dialog.memory.findData("project"))
    with qtbot.waitSignal(dialog.finished_work):
        dialog.save_button.click()
    assert dialog.status.text() == tr("project.saved", name="Letters")
    saved = app_services.projects.get(project.id)
    assert (saved.instructions, saved.defaults.role_id, saved.defaults.memory_scope) == (
        "Sign every letter with “Mira”.",
        role.id,
        "project",
    )
    dialog.instructions.setPlainText("x" * 20_001)  # too long: said, nothing saved
    with qtbot.waitSignal(dialog.finished_work):
        dialog.save_button.click()
    assert "20,000" in dialog.status.text()
    assert app_services.projects.get(project.id).instructions == "Sign every letter with “Mira”."
    dialog.close()
    window.close()


def test_a_project_whose_thread_is_answering_is_not_deleted_and_the_window_says_why(
    qtbot: QtBot, app_services: AppServices, script: Callable[..., str]
) -> None:
    from mira_desktop.services.chat.run_records import SendOptions
    from tests.support.scripted import RELEASE, release

    model = script({"text": "one two three four five", "hold_after": 1, "release_when": RELEASE})
    project = app_services.projects.create("Busy")
    window = open_window(qtbot, app_services)
    handle = app_services.chat.send(None, "go", SendOptions(workspace_id=project.id, model_ref=model))
    qtbot.waitUntil(lambda: len(window.sidebar.projects) == 2)
    question = window.project_actions.ask_delete(project.id)
    assert question is not None
    question.to_trash.click()
    said = "is answering or waits for approval"
    qtbot.waitUntil(lambda: said in window.statusBar().currentMessage())
    assert app_services.projects.get(project.id).name == "Busy"
    assert app_services.trash.count() == 0
    release(model)
    assert handle.done.wait(30)
    qtbot.waitUntil(lambda: not app_services.chat.active_runs())
    window.close()
