"""The Memory page and the "Remember that …?" offer under an answer."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.runtime.changes import ChangeSignal
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.settings.memory_page import MemoryPage
from tests.gui.support import open_window


def test_facts_are_added_switched_off_and_removed_on_the_memory_page(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> None:
    page = MemoryPage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(page.empty.isVisible)
    page.new_fact.setText("I prefer metric units")
    page.add_button.click()
    qtbot.waitUntil(lambda: page.facts.count() == 1)
    assert [f.text for f in app_services.memory.list()] == ["I prefer metric units"]
    page.facts.item(0).setCheckState(Qt.CheckState.Unchecked)
    qtbot.waitUntil(lambda: not app_services.memory.list()[0].enabled)
    app_services.memory.add("Made elsewhere")  # e.g. `mira memory add`: the page follows
    qtbot.waitUntil(lambda: page.facts.count() == 2)
    page.facts.setCurrentRow(0)
    page.remove_button.click()
    qtbot.waitUntil(lambda: page.facts.count() == 1)
    assert [f.text for f in app_services.memory.list()] == ["Made elsewhere"]
    page.close()


def test_an_answer_offers_to_remember_and_only_accepting_stores_the_fact(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    script = tmp_path / "s.json"
    script.write_text(json.dumps({"replies": [{"text": "Good to know."}]}))
    app_services.models.set_default(f"scripted:{script}")
    window = open_window(qtbot, app_services, ready=True)
    window.composer.send_requested.emit("I prefer metric units.")
    qtbot.waitUntil(
        lambda: window.current_thread_id is not None and not window.controller.state.busy, timeout=20_000
    )

    def offered() -> bool:
        widget = (
            window.chat_view.widgets.get(window.chat_view._order[-1]) if window.chat_view._order else None
        )
        return widget is not None and widget.proposal.isVisible()

    qtbot.waitUntil(offered, timeout=10_000)
    answer = window.chat_view.widgets[window.chat_view._order[-1]]
    assert "The user prefers metric units." in answer.proposal_label.text()
    assert app_services.memory.list() == []
    answer.memory_answered.emit(answer.message.id, True)
    qtbot.waitUntil(
        lambda: [f.text for f in app_services.memory.list()] == ["The user prefers metric units."]
    )
    qtbot.waitUntil(lambda: len(window.chat_view._order) == 2 and not offered())
    window.close()
