"""State that never goes stale: Settings → Models follows a new default and a model that has
answered (loaded) while it stays open; the welcome page says where answers come from
(tests/gui/test_newcomer_window.py)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.run_records import SendOptions
from mira_desktop.ui.changes import ChangeSignal
from mira_desktop.ui.operations import OperationRunner
from mira_desktop.ui.settings.models_page import ModelsPage
from tests.support.fixtures import Script


def _row(page: ModelsPage, ref: str) -> str:
    rows = {
        page.model_list.item(i).data(256): page.model_list.item(i).text()
        for i in range(page.model_list.count())
    }
    return rows.get(ref, "")


def test_the_models_tab_follows_a_new_default_and_a_model_that_answered_while_it_is_open(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal, script: Script
) -> None:
    page = ModelsPage(app_services, runner, changes=changes)
    qtbot.addWidget(page)
    page.show()
    assert _row(page, "local:smollm2").startswith("★")
    chosen = script({"text": "Hello."})
    app_services.models.set_default(chosen)  # as Get models' "Use for new threads" does
    qtbot.waitUntil(lambda: _row(page, chosen).startswith("★"), timeout=10_000)
    assert not _row(page, "local:smollm2").startswith("★")
    assert "loaded" not in _row(page, "local:smollm2")
    handle = app_services.chat.send(None, "Say hi.", SendOptions(model_ref="local:smollm2"))
    assert handle.wait(120).value == "completed"  # the built-in model answered: it is loaded now
    qtbot.waitUntil(lambda: "loaded" in _row(page, "local:smollm2"), timeout=10_000)
    page.close()
