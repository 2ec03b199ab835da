"""An agent run with a local model whose template renders tools: it calls them in its own format.

The embedded SmolLM2 gets a Hermes-style tools template (``tests/support/tools_gguf.py``). The run
offers the tools through that template; the task asks for files, so the first call is required and
the call grammar writes it from the reply's first token; the tool really runs in the workspace and
its result goes back through the template as a ``<tool_response>``; later steps are free.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.agent.tools.catalog import RUN_COMMAND_NAME
from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.tool_records import Permission
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from tests.integration.agent.conftest import Mira
from tests.integration.agent.runs import event_data, set_limits
from tests.support.tools_gguf import smollm2_gemma4, smollm2_hermes

pytestmark = pytest.mark.slow

GREEDY_AGENT = {
    "name": "Agent",
    "prompt": {"description": "{{char}} works on the files with the tools."},
    "llm_profile": {"temperature": 0.0},
}


def test_a_model_whose_template_renders_tools_calls_them_in_its_own_format_and_says_so(
    services: AppServices, workspace: str, tmp_path: Path
) -> None:
    gguf = smollm2_hermes(tmp_path / "smollm2-hermes.gguf")
    services.models.add_local(str(gguf))
    set_limits(services, model_calls=2)
    services.tool_permissions.set(RUN_COMMAND_NAME, Permission.DENY, workspace)
    role = services.roles.create(GREEDY_AGENT).id
    options = SendOptions(model_ref=f"local:{gguf}", agent=True, workspace_id=workspace, role_id=role)
    handle = services.chat.send(None, "List the files of this folder.", options)
    assert handle.done.wait(240), "SmolLM2 did not finish"
    assert handle.status is RunStatus.COMPLETED, services.chat.run(handle.run_id)

    started = event_data(services, handle.run_id, "agent.model_started")
    assert [(s["mode"], s["format"]) for s in started] == [("native", "hermes")] * len(started)
    assert started[0]["tool_choice"] == "required"  # a file task starts with a call
    assert all(s["tool_choice"] == "auto" for s in started[1:])  # then the model may answer
    calls = event_data(services, handle.run_id, "tool.call")
    assert calls, "no call was made"
    assert calls[0]["tool"] in {"list_files", "read_file", "search_files"}
    results = event_data(services, handle.run_id, "tool.result")
    assert results[0]["id"] == calls[0]["id"]  # the call ran in the workspace
    assert event_data(services, handle.run_id, "tool.malformed") == []


def test_mira_models_says_which_way_each_model_calls_tools(mira: Mira, tmp_path: Path) -> None:
    gguf = smollm2_hermes(tmp_path / "smollm2-hermes.gguf")
    assert mira("models", "add-local", str(gguf)).code == 0
    table = mira("models", "list").out.splitlines()
    calls, switch, after = (table[0].index(name) for name in ("TOOL CALLS", "THINKING SWITCH", "CAPABILITIES"))
    by_ref = {  # the columns by where the header puts them (the CONTEXT cell holds spaces)
        line.lstrip("* ").split()[0]: [line[calls:switch].strip(), line[switch:after].strip()] for line in table[1:]
    }
    assert by_ref[f"local:{gguf}"] == ["hermes", "no"]
    assert by_ref["local:smollm2"] == ["json", "no"]
    template = mira("--json", "models", "template", f"local:{gguf}").json()
    assert (template["tool_call_format"], template["thinking_switch"]) == ("hermes", False)
    shown = mira("models", "template", f"local:{gguf}").out
    assert "Tool calls: hermes — its own format" in shown


def test_mira_models_says_a_gemma_4_template_calls_tools_in_gemma_4s_format(mira: Mira, tmp_path: Path) -> None:
    gguf = smollm2_gemma4(tmp_path / "smollm2-gemma4.gguf")
    assert mira("models", "add-local", str(gguf)).code == 0
    table = mira("models", "list").out.splitlines()
    calls, switch = (table[0].index(name) for name in ("TOOL CALLS", "THINKING SWITCH"))
    row = next(line for line in table[1:] if f"local:{gguf}" in line)
    assert row[calls:switch].strip() == "gemma4"
    template = mira("--json", "models", "template", f"local:{gguf}").json()
    assert (template["tool_call_format"], template["thinking_switch"]) == ("gemma4", True)
    assert "Tool calls: gemma4 — Gemma 4's own format" in mira("models", "template", f"local:{gguf}").out
