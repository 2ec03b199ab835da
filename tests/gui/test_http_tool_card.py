"""The approval card of a declared HTTP tool's call says which tool, the request it makes and the
host it goes to — not an MCP server — shows every argument, and nothing is sent before approval."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from tests.gui.support import agent_draft_in, open_window
from tests.support.json_api import JsonApi, json_api  # noqa: F401 (the fixture)


def test_the_card_of_a_declared_http_call_names_the_request_and_its_host(
    qtbot: QtBot,
    app_services: AppServices,
    workspace: str,
    tmp_path: Path,
    json_api: JsonApi,  # noqa: F811
) -> None:
    declaration = json_api.declaration(secret_headers={})
    app_services.http_tools.add(declaration)
    script = tmp_path / "agent.json"
    call = {"name": "weather_here", "arguments": {"latitude": 39.9, "longitude": 116.4}}
    script.write_text(
        json.dumps({"pick": "by_turn", "replies": [{"tool_calls": [call]}, {"text": "21.5 °C."}]})
    )
    app_services.models.set_default(f"scripted:{script}")
    window = open_window(qtbot, app_services, ready=True)
    agent_draft_in(qtbot, window, workspace)
    window.composer.send_requested.emit("Weather in Beijing?")

    def card() -> object:
        order = window.chat_view._order
        widget = window.chat_view.widgets[order[-1]] if order else None
        panel = widget.agent_panel if widget is not None else None
        return panel.card if panel is not None and panel.card.isVisible() else None

    qtbot.waitUntil(lambda: card() is not None, timeout=60_000)
    shown = card()
    assert shown.title.text() == f"The agent wants to call weather_here: GET {declaration['url']}"
    host = declaration["url"].split("/")[2]
    assert shown.reason.text() == f"weather_here sends these arguments to {host}: it needs your approval."
    assert "read-only" not in shown.note.text()
    assert json.loads(shown.diff.toPlainText()) == {"latitude": 39.9, "longitude": 116.4}
    assert json_api.requests == []
    shown.approve_button.click()
    qtbot.waitUntil(lambda: len(json_api.requests) == 1, timeout=30_000)
    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=30_000)
    assert json_api.requests[0]["query"] == {"latitude": "39.9", "longitude": "116.4"}
    window.close()  # before the services close: its timers end with it
