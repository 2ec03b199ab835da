"""Skills in the window: `/` in the composer lists the skills that are on and Enter writes the chosen
one (it does not send); Ctrl+K and Settings → Capabilities pick one too; the Capabilities page lists
every skill and tool with what it needs and whether it is ready — or why not — in English and Chinese."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.runtime.changes import ChangeSignal
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.settings.capabilities_page import CapabilitiesPage
from mira_desktop.ui.shell.trash_dialog import TrashDialog
from tests.gui.conftest import QtMessages
from tests.gui.support import open_window
from tests.support.scripted import recorded_requests

REPO = Path(__file__).resolve().parents[2]
TEMPLATE = REPO / "tests" / "data" / "skills" / "template-skill"


def _rows(page: CapabilitiesPage) -> dict[str, list[str]]:
    tree = page.table
    return {
        tree.topLevelItem(i).text(0): [tree.topLevelItem(i).text(c) for c in range(5)]
        for i in range(tree.topLevelItemCount())
    }


def test_slash_in_the_composer_lists_the_skills_and_enter_picks_one_without_sending(
    qtbot: QtBot, app_services: AppServices, script, tmp_path: Path, qt_messages: QtMessages
) -> None:
    app_services.skills.add(TEMPLATE)
    app_services.models.set_default(script({"text": "Filled in."}, record_to="sent.jsonl"))
    window = open_window(qtbot, app_services, ready=True)
    completion = window.skill_completion.completer
    qtbot.waitUntil(lambda: "/template-skill" in completion.model().stringList())
    editor = window.composer.editor
    editor.setFocus()
    qtbot.keyClicks(editor, "/temp")
    qtbot.waitUntil(completion.popup().isVisible)
    assert completion.currentCompletion() == "/template-skill"
    qtbot.keyClick(completion.popup(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: editor.toPlainText() == "/template-skill ")
    assert not completion.popup().isVisible()
    assert not window.chat_view.widgets  # Enter picked the skill; nothing was sent
    qtbot.keyClicks(editor, "fill it in")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(recorded_requests(tmp_path / "scripts" / "sent.jsonl")) == 1, timeout=10_000)
    (sent,) = recorded_requests(tmp_path / "scripts" / "sent.jsonl")
    assert "# Insert instructions below" in sent["messages"][0]["content"]
    assert sent["messages"][-1]["content"] == "/template-skill fill it in"
    window.close()
    qt_messages.expect("This plugin does not support grabbing the keyboard")  # offscreen: the list's popup


def test_a_slash_inside_a_word_or_an_unknown_name_opens_no_list(
    qtbot: QtBot, app_services: AppServices, qt_messages: QtMessages
) -> None:
    app_services.skills.add(TEMPLATE)
    window = open_window(qtbot, app_services, ready=True)
    completion = window.skill_completion.completer
    qtbot.waitUntil(lambda: "/template-skill" in completion.model().stringList())
    editor = window.composer.editor
    editor.setFocus()
    qtbot.keyClicks(editor, "and/or")
    assert not completion.popup().isVisible()  # a slash inside a word is no skill
    qtbot.keyClicks(editor, " /")
    assert completion.popup().isVisible()  # a word that starts with a slash: every skill
    qtbot.keyClicks(editor, "zzz")
    assert not completion.popup().isVisible()  # no skill starts so
    window.close()
    qt_messages.expect("This plugin does not support grabbing the keyboard")  # offscreen: the list's popup


def test_ctrl_k_picks_a_skill_for_the_next_message(qtbot: QtBot, app_services: AppServices) -> None:
    app_services.skills.add(TEMPLATE)
    window = open_window(qtbot, app_services, ready=True)
    window.composer.editor.setPlainText("summarise this")
    window.open_switcher()
    switcher = window.switcher
    qtbot.waitUntil(lambda: any("/template-skill" in label for label, _ in switcher._entries))
    switcher.query.setText("template")
    qtbot.keyClick(switcher.query, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.composer.editor.toPlainText() == "/template-skill summarise this")
    window.close()


def test_the_capabilities_page_lists_what_each_needs_and_why_it_is_not_ready(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> None:
    app_services.skills.add(TEMPLATE)
    page = CapabilitiesPage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: "/template-skill" in _rows(page))
    rows = _rows(page)
    assert rows["/template-skill"][1:] == ["Skill", "", "nothing", "ready"]
    assert rows["write_file"][1:] == ["Tool", "", "a workspace, your approval", "ready"]
    assert rows["run_command"][3:] == ["a workspace, your approval, the sandbox", "ready"]
    assert rows["kb_search"][3] == "a knowledge base"
    app_services.mcp.add_http("forecast", "http://127.0.0.1:9/mcp")
    app_services.mcp.set_enabled("forecast", False)  # as `mira mcp disable` would: the page follows
    qtbot.waitUntil(lambda: "forecast" in _rows(page))
    assert _rows(page)["forecast"][1:4] == ["MCP server", "", "network, your approval"]
    assert _rows(page)["forecast"][4].startswith("not ready: The MCP server forecast is turned off")
    item = page.table.findItems("/template-skill", Qt.MatchFlag.MatchExactly)[0]
    item.setCheckState(2, Qt.CheckState.Unchecked)  # turned off here
    qtbot.waitUntil(lambda: not app_services.skills.is_on("template-skill"))
    qtbot.waitUntil(lambda: _rows(page)["/template-skill"][4].startswith("not ready: Turned off"))


def test_use_in_chat_on_the_capabilities_page_writes_the_skill_into_the_composer(
    qtbot: QtBot, app_services: AppServices
) -> None:
    app_services.skills.add(TEMPLATE)
    window = open_window(qtbot, app_services, ready=True)
    window.open_capabilities()
    page = window.settings_dialog.capabilities_page
    assert window.settings_dialog.tabs.currentWidget() is page
    qtbot.waitUntil(lambda: "/template-skill" in _rows(page))
    page.table.setCurrentItem(page.table.findItems("/template-skill", Qt.MatchFlag.MatchExactly)[0])
    assert page.use_button.isEnabled()
    assert page.remove_button.isEnabled()  # an added skill; a shipped one is only turned off
    page.use_button.click()
    qtbot.waitUntil(lambda: window.composer.editor.toPlainText() == "/template-skill ")
    window.close()


def test_the_capabilities_page_speaks_chinese(
    qtbot: QtBot, chinese: None, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> None:
    app_services.skills.add(TEMPLATE)
    app_services.skills.set_on("template-skill", False)
    page = CapabilitiesPage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: "/template-skill" in _rows(page))
    skill = _rows(page)["/template-skill"]
    assert skill[1] == "技能"
    assert skill[4].startswith("未就绪：已关闭：请在“能力”页面打开")
    assert _rows(page)["write_file"][3:] == ["一个工作区、你的批准", "就绪"]
    assert page.add_button.text() == "添加技能…"


def test_adding_a_bad_folder_on_the_page_says_why_and_adds_nothing(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal, tmp_path: Path
) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "SKILL.md").write_text("no front matter\n", encoding="utf-8")
    page = CapabilitiesPage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: "write_file" in _rows(page))
    page.add_folder(bad)
    qtbot.waitUntil(lambda: "has no front matter: start it with a line ---" in page.result_label.text())
    assert app_services.skills.list() == [s for s in app_services.skills.list() if s.shipped]


def test_remove_on_the_capabilities_page_moves_the_skill_to_the_trash_and_the_trash_brings_it_back(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> None:
    app_services.skills.add(TEMPLATE)
    page = CapabilitiesPage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: "/template-skill" in _rows(page))
    page.table.setCurrentItem(page.table.findItems("/template-skill", Qt.MatchFlag.MatchExactly)[0])
    assert page.remove_button.text() == "Move skill to trash"
    page.remove_button.click()  # restorable: nothing is asked
    qtbot.waitUntil(lambda: "/template-skill" not in _rows(page))
    assert page.result_label.text() == (
        "Moved the skill template-skill to the trash: Trash… in the menu brings it back."
    )
    dialog = TrashDialog(app_services, runner, changes, page)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.entries.topLevelItemCount() == 1)
    row = dialog.entries.topLevelItem(0)
    assert (row.text(0), row.text(1)) == ("template-skill", "Skill")
    row.setSelected(True)
    dialog.restore_selected()
    qtbot.waitUntil(lambda: "/template-skill" in _rows(page))  # the page follows the restore
    assert app_services.trash.list() == []
    dialog.close()


def test_a_skill_moved_to_the_trash_is_said_in_chinese(
    qtbot: QtBot, chinese: None, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> None:
    app_services.skills.add(TEMPLATE)
    page = CapabilitiesPage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: "/template-skill" in _rows(page))
    page.table.setCurrentItem(page.table.findItems("/template-skill", Qt.MatchFlag.MatchExactly)[0])
    assert page.remove_button.text() == "将技能移到回收站"
    page.remove_button.click()
    qtbot.waitUntil(
        lambda: (
            page.result_label.text() == "已将技能 template-skill 移到回收站：菜单中的“回收站…”可以恢复它。"
        )
    )
    dialog = TrashDialog(app_services, runner, changes, page)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.entries.topLevelItemCount() == 1)
    assert dialog.entries.topLevelItem(0).text(1) == "技能"
    dialog.close()
