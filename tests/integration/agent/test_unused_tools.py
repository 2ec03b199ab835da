"""An agent run that answers a file task without using a tool says so — on the answer, in the run's
journal, in `mira chat send`, and for the header — while one that did the work, or a task that
names no file, does not; each step of a run is journaled when the model is asked, not only after."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.agent.tool_use import NO_TOOLS_NOTE, asks_for_files
from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.services.app.bundle import AppServices
from tests.integration.agent.conftest import Mira
from tests.integration.agent.runs import answer, call, final, json_final, send_agent, settle
from tests.support.fixtures import Script


@pytest.mark.parametrize(
    ("task", "files"),
    [
        ("create hello.txt with Hello, World!", True),
        ("List the files", True),
        ("在工作区里新建一个文件", True),
        ("What does main.py do?", True),
        ("Hello, how are you?", False),
        ("你好", False),
    ],
)
def test_a_task_names_files_or_changes(task: str, files: bool) -> None:
    assert asks_for_files(task) is files


def test_a_file_task_answered_without_a_tool_is_marked_and_journaled(
    services: AppServices, project: Path, script: Script
) -> None:
    workspace = services.workspaces.add("project", str(project))
    ref = script(final("Hello, World! 123"))
    handle = send_agent(services, ref, "create hello.txt containing Hello, World!", workspace.id)
    assert settle(handle) is RunStatus.COMPLETED
    reply = answer(services, handle.thread_id)
    assert reply.metadata["no_tool_use"] is True
    kinds = [e.type for e in services.chat.run_events(handle.run_id)]
    assert "agent.model_started" in kinds
    assert kinds.index("agent.model_started") < kinds.index("agent.model_call")  # before it answers
    notes = [e.data for e in services.chat.run_events(handle.run_id) if e.type == "agent.no_tools"]
    assert notes == [{"note": NO_TOOLS_NOTE}]
    assert not (project / "hello.txt").exists()
    assert services.agent_runs.used_no_tools_last(handle.thread_id, ref) is True
    assert services.agent_runs.used_no_tools_last(handle.thread_id, "scripted:/other.json") is False


def test_a_run_that_used_a_tool_or_a_chat_without_files_is_not_marked(
    services: AppServices, project: Path, script: Script
) -> None:
    workspace = services.workspaces.add("project", str(project))
    worked = send_agent(
        services, script(call("read_file", path="notes.md"), final("It says TODO."), pick="by_turn"),
        "Read notes.md", workspace.id,
    )  # fmt: skip
    assert settle(worked) is RunStatus.COMPLETED
    assert answer(services, worked.thread_id).metadata["no_tool_use"] is False
    greeting = send_agent(services, script(final("Hi!")), "Hello there", workspace.id)
    assert settle(greeting) is RunStatus.COMPLETED
    assert answer(services, greeting.thread_id).metadata["no_tool_use"] is False


def test_chat_send_says_the_model_did_not_use_the_tools_and_how_to_pick_another(
    mira: Mira, project: Path, script: Script
) -> None:
    workspace = mira("--json", "workspaces", "add", "project", str(project)).json()["id"]
    ref = script(json_final("Trial WS.png"), profile={"supports_tools": False})  # a local model's JSON
    sent = mira("chat", "send", "--agent", "--workspace", workspace, "--model", ref, "List the files")
    assert sent.code == 0, sent.err
    assert "Trial WS.png" in sent.out
    assert sent.err.strip() == (
        f"mira: note: {NO_TOOLS_NOTE} Give the thread a model that calls tools: `mira models list` "
        "shows which do, `mira chat send --thread ID --model REF …` switches."
    )
