"""Settings → Models → "Check this model": the check runs in the background with its progress and a
Cancel, its table shows the scores, the speed and the machine, and where a model is picked (the
header's picker, the model roles) its last check shows on hover — in English and in Chinese."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.model_check.suite import load_suite
from tests.gui.support import open_window


def _reference_script(folder: Path, **first: object) -> str:
    replies = load_suite().reference_replies()
    replies[0] = {**replies[0], **first}  # the speed probe's reply
    path = folder / "reference.json"
    path.write_text(json.dumps({"replies": replies}), encoding="utf-8")
    return f"scripted:{path}"


def _models_page(qtbot: QtBot, app_services: AppServices, ref: str):  # type: ignore[no-untyped-def]
    window = open_window(qtbot, app_services)
    window.open_settings()
    page = window.settings_dialog.models_page
    qtbot.waitUntil(lambda: page.model_list.count() == 2)
    with qtbot.waitSignal(page.check_box.shown):
        page.model_list.setCurrentRow([page.model_list.item(i).data(256) for i in range(2)].index(ref))
    return window, page


def test_check_this_model_shows_its_table_and_the_pickers_show_it_on_hover(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    ref = _reference_script(tmp_path)
    app_services.models.set_default(ref)
    window, page = _models_page(qtbot, app_services, ref)
    box = page.check_box
    assert box.note.text() == "Not checked yet."
    assert not box.table.isVisible()

    with qtbot.waitSignal(box.checked, timeout=60_000) as ended:
        box.run_button.click()
        assert box.cancel_button.isVisible()
        assert box.progress.isVisible()

    assert ended.args == [ref]
    shown = dict(box.rows())
    assert shown["Agent tasks"] == "4 of 4"
    assert shown["Knowledge answers"] == "4 of 4"
    assert shown["Thought"] == "no"
    assert shown["Calls tools as"] == "openai"
    assert "cores" in shown["Machine"]
    assert "GB memory" in shown["Machine"]
    assert shown["Speed"].startswith("first token ")
    assert shown["Checked"]
    assert not box.cancel_button.isVisible()
    agent_row = next(n for n in range(box.table.rowCount()) if box.table.item(n, 0).text() == "Agent tasks")
    assert box.table.item(agent_row, 1).toolTip().splitlines() == [f"✓ {t.id}" for t in load_suite().agent]
    # Where the model is picked: the header's picker and the model roles say its last check on hover.
    qtbot.waitUntil(
        lambda: "agent 4 of 4" in str(window.model_picker.itemData(0, Qt.ItemDataRole.ToolTipRole))
    )
    fast = page.roles_box.combos["fast"]
    qtbot.waitUntil(
        lambda: "knowledge 4 of 4" in str(fast.itemData(fast.findData(ref), Qt.ItemDataRole.ToolTipRole))
    )
    window.settings_dialog.close()
    window.close()


def test_cancel_stops_the_check_and_keeps_nothing(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    ref = _reference_script(tmp_path, hold_after=1)  # the speed probe's reply holds until stopped
    app_services.models.set_default(ref)
    window, page = _models_page(qtbot, app_services, ref)
    box = page.check_box
    box.run_button.click()
    qtbot.waitUntil(lambda: box.note.text() == "Measuring speed…")

    box.cancel_button.click()

    assert box.note.text() == "Check cancelled: nothing was kept."
    assert not box.progress.isVisible()
    assert box.run_button.isEnabled()
    qtbot.waitUntil(lambda: window.background.settled, timeout=30_000)
    assert app_services.model_checks.latest(ref) is None
    window.settings_dialog.close()
    window.close()


def test_the_check_table_in_chinese(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, chinese: None
) -> None:
    ref = _reference_script(tmp_path)
    app_services.models.set_default(ref)
    window, page = _models_page(qtbot, app_services, ref)
    assert page.check_box.note.text() == "尚未检查。"

    with qtbot.waitSignal(page.check_box.checked, timeout=60_000):
        page.check_box.run_button.click()

    shown = dict(page.check_box.rows())
    assert shown["智能体任务"] == "4 / 4"
    assert shown["知识问答"] == "4 / 4"
    assert "核" in shown["机器"]
    assert shown["速度"].startswith("首个词元")
    window.settings_dialog.close()
    window.close()
