"""Settings → Tools → Declare an HTTP tool…: a refused declaration keeps the dialog open with the
sentence and adds nothing; a good one is kept (its secret in the keyring, not the declaration) and
the page says so. Settings → Capabilities turns the shipped weather tool on."""

from __future__ import annotations

import json

import keyring
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.runtime.changes import ChangeSignal
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.settings.capabilities_page import ON_COLUMN, CapabilitiesPage
from mira_desktop.ui.settings.tools_page import ToolsPage
from tests.support.json_api import JsonApi, json_api  # noqa: F401 (the fixture)


def _names(services: AppServices) -> list[str]:
    return sorted(v.declaration.name for v in services.http_tools.list())


@pytest.mark.usefixtures("keyring_backend")
def test_the_form_refuses_a_plain_http_url_then_adds_the_tool_with_its_secret_in_the_keyring(
    qtbot: QtBot,
    app_services: AppServices,
    runner: OperationRunner,
    changes: ChangeSignal,
    json_api: JsonApi,  # noqa: F811
) -> None:
    page = ToolsPage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    page.declare_button.click()
    dialog = page.http_dialog
    dialog.name.setText("weather_here")
    dialog.description.setText("The weather at a place, from the test API.")
    dialog.url.setText("http://api.example.com/weather")
    dialog.secret_headers.setPlainText(json.dumps({"X-Api-Key": "gui-key"}))
    dialog.secret_value.setText("sk-gui-secret")
    dialog.add_button.click()
    qtbot.waitUntil(lambda: "is not an HTTPS address" in dialog.error.text())
    assert dialog.isVisible()
    assert _names(app_services) == ["weather"]

    dialog.url.setText(json_api.base + "/weather")
    dialog.add_button.click()
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert page.result_label.text() == "Added the tool weather_here; runs ask before each call."
    assert _names(app_services) == ["weather", "weather_here"]
    assert (
        keyring.get_password("mira-desktop", "http:gui-key") == "sk-gui-secret"
    )  # the test's memory keyring
    assert "sk-gui-secret" not in json.dumps(app_services.http_tools.get("weather_here").to_dict())


def test_a_field_that_is_not_json_is_said_before_anything_is_sent(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> None:
    page = ToolsPage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.declare_button.click()
    dialog = page.http_dialog
    dialog.parameters.setPlainText("{not json")
    dialog.add_button.click()
    assert dialog.error.text().startswith("parameters is not valid JSON:")
    assert dialog.isVisible()


def test_the_capabilities_page_turns_the_shipped_weather_tool_on(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> None:
    page = CapabilitiesPage(app_services, runner, changes)
    qtbot.addWidget(page)

    def weather() -> object:
        found = page.table.findItems("weather", Qt.MatchFlag.MatchExactly)
        return found[0] if found else None

    qtbot.waitUntil(lambda: weather() is not None)
    item = weather()
    assert item.checkState(ON_COLUMN) == Qt.CheckState.Unchecked
    assert item.text(4).startswith("not ready: Turned off")
    item.setCheckState(ON_COLUMN, Qt.CheckState.Checked)
    qtbot.waitUntil(
        lambda: any(v.on for v in app_services.http_tools.list() if v.declaration.name == "weather")
    )
    qtbot.waitUntil(lambda: weather() is not None and weather().text(4) == "ready")
