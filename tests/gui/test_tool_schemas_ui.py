"""Tool schemas disclosed as needed, in the window and in Chinese: the context meter says how many of
an agent request's tools it shows with their schemas, and a real run's steps say when the model
asked for one."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from mira_desktop.agent.tools.disclosure import TOOL_SCHEMA
from mira_desktop.services.app.bundle import AppServices
from tests.gui.support import agent_draft_in, open_window
from tests.integration.agent.runs import call, final
from tests.support.fixtures import Script

FORTY = [f"place_lookup_{n:02d}" for n in range(1, 41)]


def _declare(services: AppServices) -> None:
    for name in FORTY:  # never called here: the address only has to be a valid one
        services.http_tools.add(
            {
                "name": name,
                "description": f"Look up a place ({name}).",
                "url": "http://127.0.0.1:9/places",
                "method": "GET",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "query": {"type": "string", "maxLength": 200, "description": "The place to look up"},
                        "country": {"type": "string", "maxLength": 2, "description": "A country code"},
                        "limit": {"type": "integer", "minimum": 1, "maximum": 50, "description": "How many"},
                    },
                    "required": ["query"],
                    "additionalProperties": False,
                },
            }
        )


def test_the_meter_and_the_steps_say_in_chinese_which_tool_schemas_the_model_saw(
    qtbot: QtBot, app_services: AppServices, workspace: str, script: Script, chinese: None
) -> None:
    _declare(app_services)
    model = script(
        call(TOOL_SCHEMA, names=["place_lookup_05"]),
        final("好的。"),
        pick="by_turn",
        profile={"context_window": 2048},
    )
    app_services.models.set_default(model)
    window = open_window(qtbot, app_services, ready=True)
    agent_draft_in(qtbot, window, workspace)
    window.composer.editor.setPlainText("查一下上海")
    qtbot.waitUntil(lambda: "工具参数定义：已提供" in window.composer.meter.toolTip(), timeout=20_000)
    assert "其余只列出名称" in window.composer.meter.toolTip()
    window.composer.send_requested.emit("查一下上海")
    qtbot.waitUntil(
        lambda: window.current_thread_id is not None and not window.controller.state.busy, timeout=30_000
    )
    panel = window.chat_view.widgets[window.chat_view._order[-1]].agent_panel
    assert panel is not None

    def lines() -> list[str]:
        return [panel.trace.topLevelItem(i).text(0) for i in range(panel.trace.topLevelItemCount())]

    qtbot.waitUntil(lambda: any("模型请求了 1 个" in line for line in lines()), timeout=10_000)
    first = next(line for line in lines() if line.startswith("工具参数定义"))
    assert "其余只列出名称" in first
    window.close()
