"""Long-term memory: what the model receives, in which order, within which budget — and that
nothing is remembered without the user saying so."""

from __future__ import annotations

import json

import pytest

from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from tests.integration.cli.conftest import Mira
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent


def _system(services: AppServices, ref: str, index: int = -1) -> str:
    first = requests_sent(services, ref)[index].messages[0]
    return first.content if first.role == "system" else ""


def test_enabled_facts_go_after_the_role_and_summary_and_before_the_history(
    services: AppServices, script: Script
) -> None:
    ref = script({"text": "Sure."}, {"text": "Again."})
    role = services.roles.create({"name": "Chef", "prompt": {"description": "{{char}} cooks."}})
    services.memory.add("The user is vegetarian.")
    off = services.memory.add("The user hates onions.")
    services.memory.set_enabled(off.id, False)
    first = services.chat.send(None, "Plan dinner.", SendOptions(model_ref=ref, role_id=role.id))
    first.wait(10)
    services.summaries.set(first.thread_id, "They talked about dinner.")
    services.chat.send(first.thread_id, "And lunch?").wait(10)
    system = _system(services, ref)
    assert (
        system.index("You are Chef.")
        < system.index("Summary of the earlier")
        < system.index("- The user is vegetarian.")
    )
    assert "onions" not in system  # switched off: kept, not sent
    assert requests_sent(services, ref)[-1].messages[1].content == "Plan dinner."  # then the history


def test_memory_stays_within_its_budget_most_recently_used_first(
    services: AppServices, script: Script
) -> None:
    ref = script(*[{"text": "ok"}] * 3)
    old = services.memory.add("Old fact " + "word " * 20)
    services.chat.send(None, "hello", SendOptions(model_ref=ref)).wait(10)  # marks the fact used
    for number in range(60):  # far more than the slot holds (8,192 // 8 tokens, at most 400)
        services.memory.add(f"Fact number {number} " + "padding " * 10)
    request = services.chat.preview(None, "hi", ref)
    memory = next(s for s in request.sections if s.name == "memory")
    assert memory.tokens <= 400 + 8
    assert old.id in request.memory_ids  # the one used most recently comes first
    assert len(request.memory_ids) < 61


def test_a_fact_larger_than_the_budget_is_left_out_and_the_rest_is_sent(
    services: AppServices, script: Script
) -> None:
    small = script({"text": "ok"}, profile={"context_window": 512})
    huge = services.memory.add("word " * 90)  # fits MAX_FACT_CHARS, not a 512-token model's memory slot
    services.memory.add("The user is left-handed.")
    request = services.chat.preview(None, "hi", small)
    assert huge.id not in request.memory_ids
    assert "left-handed" in request.messages[0].content
    with pytest.raises(InvalidInputError, match="at most 500 characters"):
        services.memory.add("x" * 501)


def test_workspace_facts_reach_only_that_workspaces_threads(
    services: AppServices, script: Script, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    ref = script({"text": "ok"}, {"text": "ok"})
    folder = tmp_path / "proj"
    folder.mkdir()
    workspace = services.workspaces.add("Proj", str(folder))
    services.memory.add("The project uses tabs.", workspace.id)
    services.chat.send(None, "hi", SendOptions(model_ref=ref, workspace_id=workspace.id)).wait(10)
    assert "tabs" in _system(services, ref)
    services.chat.send(None, "hi", SendOptions(model_ref=ref)).wait(10)
    assert "tabs" not in _system(services, ref)
    with pytest.raises(NotFoundError):
        services.memory.add("x", "ws_nope")


def test_a_thread_can_leave_memory_out(services: AppServices, script: Script) -> None:
    ref = script({"text": "ok"}, {"text": "ok"})
    services.memory.add("The user is vegetarian.")
    handle = services.chat.send(None, "hi", SendOptions(model_ref=ref))
    handle.wait(10)
    services.threads.set_flag(handle.thread_id, "memory", False)
    services.chat.send(handle.thread_id, "again").wait(10)
    assert "vegetarian" not in _system(services, ref)


def test_a_proposed_fact_is_only_remembered_when_accepted(services: AppServices, script: Script) -> None:
    ref = script({"text": "Good to know."}, {"text": "Noted."})
    first = services.chat.send(None, "I prefer metric units.", SendOptions(model_ref=ref))
    first.wait(10)
    answer = services.threads.show(first.thread_id).messages[-1]
    assert answer.metadata["memory_proposal"] == "The user prefers metric units."
    assert services.memory.list() == []  # nothing written silently
    fact = services.memory.accept_proposal(answer.id)
    assert fact.text == "The user prefers metric units."
    assert fact.source == "proposal"
    second = services.chat.send(first.thread_id, "记住我住在杭州。")
    second.wait(10)
    again = services.threads.show(first.thread_id).messages[-1]
    assert again.metadata["memory_proposal"] == "我住在杭州"
    services.memory.dismiss_proposal(again.id)
    assert [f.text for f in services.memory.list()] == ["The user prefers metric units."]
    with pytest.raises(ConflictError):
        services.memory.accept_proposal(again.id)


def test_the_cli_manages_facts_and_previews_the_exact_next_request(mira: Mira, script: Script) -> None:
    added = mira("--json", "memory", "add", "The user prefers tea.")
    assert added.code == 0
    fact_id = added.json()["id"]
    assert mira("memory", "off", fact_id).code == 0
    assert mira("--json", "memory", "list").json()[0]["enabled"] is False
    assert mira("memory", "on", fact_id).code == 0
    assert mira("memory", "edit", fact_id, "The user prefers green tea.").code == 0
    sent = mira("--json", "chat", "send", "--model", script({"text": "ok"}), "hello")
    thread_id = json.loads(sent.out.strip().splitlines()[-1])["thread_id"]
    preview = mira("--json", "threads", "preview", thread_id, "What should I drink?").json()
    assert preview["messages"][0]["content"].endswith("- The user prefers green tea.")
    assert preview["messages"][-1] == {"role": "user", "content": "What should I drink?"}
    assert preview["memory_facts"] == [fact_id]
    assert mira("threads", "set", thread_id, "--memory", "off").code == 0
    assert mira("--json", "threads", "preview", thread_id).json()["memory_facts"] == []
    assert mira("memory", "remove", fact_id).code == 0
    assert mira("memory", "remove", fact_id).code == 3
