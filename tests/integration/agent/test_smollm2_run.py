"""The real SmolLM2 in a real agent run, constrained by the grammar: every call it makes is schema-valid.

Greedy sampling (a role with temperature 0) keeps SmolLM2's choices repeatable. The prompt names
the tool, since a 135M model otherwise answers from its imagination; which arguments it picks is
its own choice, and that is what the grammar must keep valid. ``run_command`` is denied in the
workspace, so it is not offered: these runs show SmolLM2 the workspace tools they ask it to call.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mira_desktop.agent.tools.catalog import BY_NAME, RUN_COMMAND_NAME
from mira_desktop.agent.tools.validation import validation_errors
from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.tool_records import Permission
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from tests.integration.agent.conftest import NOTES
from tests.integration.agent.runs import event_data, set_limits

pytestmark = pytest.mark.slow

SMOLLM2 = "local:smollm2"
GREEDY_AGENT = {
    "name": "Agent",
    "prompt": {"description": "{{char}} works on the files with the tools."},
    "llm_profile": {"temperature": 0.0},
}


@pytest.fixture
def greedy(services: AppServices, workspace: str) -> str:
    set_limits(services, model_calls=2)
    services.tool_permissions.set(RUN_COMMAND_NAME, Permission.DENY, workspace)
    return services.roles.create(GREEDY_AGENT).id


def _run(services: AppServices, workspace: str, role_id: str, text: str) -> str:
    options = SendOptions(model_ref=SMOLLM2, agent=True, workspace_id=workspace, role_id=role_id)
    handle = services.chat.send(None, text, options)
    assert handle.done.wait(240), "SmolLM2 did not finish"
    assert handle.status in (RunStatus.COMPLETED, RunStatus.WAITING_APPROVAL), services.chat.run(
        handle.run_id
    )
    return handle.run_id


def _invalid_calls(services: AppServices, run_id: str) -> list[dict[str, Any]]:
    """The calls of the run that name no tool or whose arguments do not fit its schema, and the
    answers that were not even JSON."""
    bad = [
        call
        for call in event_data(services, run_id, "tool.call")
        if call["tool"] not in BY_NAME
        or validation_errors(call["arguments"], BY_NAME[call["tool"]].parameters)
    ]
    return bad + event_data(services, run_id, "tool.malformed")


def test_smollm2_in_a_real_run_calls_a_tool_and_every_call_fits_its_schema(
    services: AppServices, workspace: str, project: Path, greedy: str
) -> None:
    run_id = _run(services, workspace, greedy, "Call the tool read_file on notes.md.")
    assert {c["mode"] for c in event_data(services, run_id, "agent.model_call")} == {"json"}
    calls = event_data(services, run_id, "tool.call")
    assert calls, "SmolLM2 answered without a tool call"
    assert calls[0]["tool"] == "read_file"
    assert _invalid_calls(services, run_id) == []
    results = event_data(services, run_id, "tool.result")
    assert results[0]["id"] == calls[0]["id"]  # the call ran, and its result went back to the model
    assert (project / "notes.md").read_text() == NOTES


def test_smollm2_cannot_send_numbers_outside_their_bounds(
    services: AppServices, workspace: str, greedy: str
) -> None:
    run_id = _run(services, workspace, greedy, "Call the tool list_files.")
    assert event_data(services, run_id, "tool.call"), "SmolLM2 answered without a tool call"
    assert _invalid_calls(services, run_id) == []
