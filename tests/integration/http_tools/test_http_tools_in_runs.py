"""A declared HTTP tool in a real agent run with the scripted model: offered once on, asked before the
call, sent with its secret header from the keyring, its JSON given to the model — and the secret in
no event, message or database page. Arguments that do not match the schema are never sent."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.app.bundle import AppServices
from tests.integration.agent.runs import call, event_data, final, send_agent, settle
from tests.support.fixtures import Script
from tests.support.json_api import SECRET, JsonApi
from tests.support.memory_keyring import MemoryKeyring
from tests.support.scripted import recorded_requests
from tests.support.waiting import wait_for


def _add(services: AppServices, api: JsonApi) -> None:
    services.http_tools.set_secret("test-weather", SECRET)
    services.http_tools.add(api.declaration())


@pytest.mark.usefixtures("keyring_backend")
def test_a_declared_tool_asks_first_then_sends_its_secret_and_gives_the_model_the_json(
    services: AppServices,
    workspace: str,
    script: Script,
    json_api: JsonApi,
    tmp_path: Path,
) -> None:
    _add(services, json_api)
    ref = script(
        call("weather_here", latitude=39.9, longitude=116.4),
        final("It is 21.5 °C."),
        pick="by_turn",
        record_to="sent.jsonl",
    )
    handle = send_agent(services, ref, "What is the weather in Beijing?", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    assert json_api.requests == []  # nothing is sent before the person says yes
    pending = services.agent_runs.show(handle.run_id).pending
    assert pending is not None
    assert pending["arguments"] == {"latitude": 39.9, "longitude": 116.4}
    assert settle(services.agent_runs.approve(handle.run_id)) is RunStatus.COMPLETED

    (sent,) = json_api.requests
    assert sent["query"] == {"latitude": "39.9", "longitude": "116.4"}
    assert sent["headers"]["X-Api-Key"] == SECRET
    (result,) = [r["result"] for r in event_data(services, handle.run_id, "tool.result")]
    assert result["ok"] is True
    assert result["phrase"]["key"] == "http_tools.answered"
    first, second = recorded_requests(tmp_path / "scripts" / "sent.jsonl")
    assert "weather_here" in first["tools"]
    told = next(m for m in second["messages"] if m.get("role") == "tool")
    assert '"temperature_2m": 21.5' in told["content"]
    assert '"key_seen": "[secret]"' in told["content"]  # the API echoed the key: masked
    stored = b"".join(p.read_bytes() for p in services.folder.root.glob("mira.db*"))
    assert SECRET.encode() not in stored
    assert b"sk-weather" not in stored
    logs = b"".join(p.read_bytes() for p in services.folder.logs_dir.rglob("*") if p.is_file())
    assert b"sk-weather" not in logs


@pytest.mark.usefixtures("keyring_backend")
def test_arguments_that_do_not_match_the_schema_are_refused_and_never_sent(
    services: AppServices, workspace: str, script: Script, json_api: JsonApi
) -> None:
    _add(services, json_api)
    ref = script(call("weather_here", latitude="north", longitude=116.4), final("Could not."), pick="by_turn")
    handle = send_agent(services, ref, "Weather?", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    (result,) = [r["result"] for r in event_data(services, handle.run_id, "tool.result")]
    assert result["ok"] is False
    assert "'latitude'" in result["text"]
    assert "number" in result["text"]
    assert json_api.requests == []


def test_the_shipped_weather_tool_is_off_until_turned_on_and_cannot_be_removed(
    services: AppServices, workspace: str
) -> None:
    workspace_row = services.workspaces.get(workspace)
    (weather,) = [v for v in services.http_tools.list() if v.declaration.name == "weather"]
    assert weather.shipped
    assert not weather.on
    assert weather.declaration.url == "https://api.open-meteo.com/v1/forecast"
    offered = [t.definition.name for t in services.tools.run_tools(workspace_row, None, start=False)[0]]
    assert "weather" not in offered
    services.http_tools.set_on("weather", True)
    tools = {t.definition.name: t for t in services.tools.run_tools(workspace_row, None, start=False)[0]}
    assert tools["weather"].definition.origin.value == "http"
    assert tools["weather"].definition.server == "api.open-meteo.com"
    listing = {t.tool.name: t for t in services.tools.report(workspace_row, start=False).tools}
    assert listing["weather"].default.value == "ask"
    with pytest.raises(InvalidInputError, match="comes with Mira and cannot be removed"):
        services.http_tools.remove("weather")
    assert any(v.declaration.name == "weather" for v in services.http_tools.list())


def test_capabilities_list_a_declared_tool_with_its_needs_and_why_it_is_not_ready(
    services: AppServices, json_api: JsonApi, keyring_backend: MemoryKeyring
) -> None:
    from mira_desktop.services.tools.capabilities import capabilities

    def listed() -> dict[str, dict[str, object]]:
        found = capabilities(
            services.skills, services.tools, services.mcp, services.workspaces.default(), services.http_tools
        )
        return {c.name: c.to_dict() for c in found}

    assert listed()["weather"]["why_not"] == "Turned off: turn it on with `mira tools enable-http weather`."
    services.http_tools.set_on("weather", True)
    weather = listed()["weather"]
    assert weather["ready"] is True
    assert weather["needs"] == ["network", "approval"]
    _add(services, json_api)
    keyring_backend.delete_password("mira-desktop", "http:test-weather")
    here = listed()["weather_here"]
    assert here["needs"] == ["network", "approval", "key"]
    assert here["ready"] is False
    assert "mira tools set-secret test-weather" in str(here["why_not"])


@pytest.mark.usefixtures("keyring_backend")
def test_stop_ends_a_call_blocked_on_a_silent_server_at_once_not_at_its_timeout(
    services: AppServices, workspace: str, script: Script, json_api: JsonApi
) -> None:
    services.http_tools.set_secret("test-weather", SECRET)
    services.http_tools.add(json_api.declaration("/slow", timeout_seconds=30))  # holds its answer 10 s
    ref = script(call("weather_here", latitude=39.9, longitude=116.4), final("Never."), pick="by_turn")
    handle = send_agent(services, ref, "Weather?", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    resumed = services.agent_runs.approve(handle.run_id)
    wait_for(lambda: len(json_api.requests) == 1, 30, what="the call to reach the server")
    stopped = time.monotonic()
    services.agent_runs.cancel(handle.run_id)
    assert settle(resumed) is RunStatus.CANCELLED
    took = time.monotonic() - stopped
    assert took < 1.5, f"the run ended {took:.1f} s after Stop (the server held its answer 10 s)"
    assert not json_api.release.is_set()  # the server never answered: Stop cut the wait
    (result,) = [r["result"] for r in event_data(services, handle.run_id, "tool.result")]
    assert result["ok"] is False
    assert SECRET not in str(result)
