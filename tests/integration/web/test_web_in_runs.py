"""Web research in real agent runs with the scripted model: off until a provider is set; then
web_search → web_fetch → an answer citing [S1], the answer keeping each source's title and URL —
in English, and in Chinese from a GBK page — (`mira threads show` printing them: test_web_cli.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.services.app.bundle import AppServices
from tests.integration.agent.runs import (
    GRAMMAR_MODE,
    answer,
    call,
    event_data,
    final,
    json_call,
    json_final,
    send_agent,
    settle,
)
from tests.support.fixtures import Script
from tests.support.memory_keyring import MemoryKeyring
from tests.support.scripted import recorded_requests
from tests.support.web_stand_in import WebStandIn


def _offered(services: AppServices, workspace: str) -> list[str]:
    tools, _ = services.tools.run_tools(services.workspaces.get(workspace), None, start=False)
    return [t.definition.name for t in tools]


def test_web_tools_are_offered_only_once_a_provider_is_set(
    services: AppServices, workspace: str, web_stand_in: WebStandIn
) -> None:
    assert services.web.status().on is False
    assert "web_search" not in _offered(services, workspace)
    services.web.use_searxng(web_stand_in.base)
    assert {"web_search", "web_fetch"} <= set(_offered(services, workspace))
    listing = {
        t.tool.name: t for t in services.tools.report(services.workspaces.get(workspace), start=False).tools
    }
    assert listing["web_search"].tool.origin.value == "web"
    assert listing["web_fetch"].default.value == "allow"
    services.web.turn_off()
    assert "web_fetch" not in _offered(services, workspace)
    assert web_stand_in.requests == []  # listing the tools reaches nothing


def test_an_agent_searches_reads_a_page_and_its_answer_keeps_the_cited_source(
    services: AppServices,
    workspace: str,
    script: Script,
    web_stand_in: WebStandIn,
    tmp_path: Path,
) -> None:
    services.web.use_searxng(web_stand_in.base)
    ref = script(
        call("web_search", query="Mira Falls height"),
        call("web_fetch", source_id="S1", query="How tall is Mira Falls?"),
        final("Mira Falls drops 142 metres in three steps [S1]."),
        pick="by_turn",
        record_to="sent.jsonl",
    )
    handle = send_agent(services, ref, "How tall is Mira Falls?", workspace)
    assert settle(handle) is RunStatus.COMPLETED

    assert web_stand_in.paths() == ["/search", "/pages/en.html"]
    assert web_stand_in.requests[0]["query"] == {"q": "Mira Falls height", "format": "json"}
    searched, fetched = [r["result"] for r in event_data(services, handle.run_id, "tool.result")]
    assert searched["ok"]
    assert fetched["ok"]
    _, second, third = recorded_requests(tmp_path / "scripts" / "sent.jsonl")
    listing = next(m for m in second["messages"] if m.get("role") == "tool")["content"]
    assert listing.startswith("[S1] Mira Falls facts\n" + web_stand_in.url("pages/en.html"))
    assert "[S2]" in listing
    read = [m for m in third["messages"] if m.get("role") == "tool"][-1]["content"]
    assert "142 metres" in read
    assert "Subscribe to our newsletter" not in read  # the page's menu was left out
    assert len(fetched["data"]["passages"]) <= 3
    assert all(len(p) <= 500 for p in fetched["data"]["passages"])

    message = answer(services, handle.thread_id)
    assert message.content == "Mira Falls drops 142 metres in three steps [S1]."
    assert message.metadata["web_sources"] == [
        {
            "id": "S1",
            "title": "Mira Falls facts",
            "url": web_stand_in.url("pages/en.html"),
            "cited": True,
            "read": True,
        }
    ]


def test_a_chinese_question_reads_a_gbk_page_and_cites_it(
    services: AppServices, workspace: str, script: Script, web_stand_in: WebStandIn, tmp_path: Path
) -> None:
    services.web.use_searxng(web_stand_in.base)
    ref = script(
        call("web_search", query="米拉瀑布 步道 开放"),
        call("web_fetch", source_id="S1", query="步道什么时候开放"),
        final("步道五月至十月开放 [S1]。"),
        pick="by_turn",
        record_to="sent.jsonl",
    )
    handle = send_agent(services, ref, "米拉瀑布的步道什么时候开放？", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    assert web_stand_in.paths()[-1] == "/pages/zh-gbk.html"
    *_, last = recorded_requests(tmp_path / "scripts" / "sent.jsonl")
    read = [m for m in last["messages"] if m.get("role") == "tool"][-1]["content"]
    assert "步道五月至十月开放" in read
    assert "首页 | 关于我们" not in read
    (source,) = answer(services, handle.thread_id).metadata["web_sources"]
    assert source["title"] == "米拉瀑布简介"
    assert source["cited"] is True


@pytest.mark.parametrize("searches", [1])
def test_a_run_past_its_search_budget_is_told_so_and_still_answers(
    services: AppServices, workspace: str, script: Script, web_stand_in: WebStandIn, searches: int
) -> None:
    services.web.use_searxng(web_stand_in.base)
    services.web.set_budget(searches, 1)
    ref = script(
        call("web_search", query="falls"),
        call("web_search", query="falls again"),
        final("From what I found: [S1]."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Tell me about Mira Falls", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    first, second = [r["result"] for r in event_data(services, handle.run_id, "tool.result")]
    assert first["ok"] is True
    assert second["phrase"]["key"] == "web.searches_spent"
    assert web_stand_in.paths() == ["/search"]


@pytest.mark.usefixtures("keyring_backend")
def test_a_run_resumed_after_an_approval_keeps_its_source_ids_and_spent_budget(
    services: AppServices, workspace: str, script: Script, web_stand_in: WebStandIn
) -> None:
    services.web.use_searxng(web_stand_in.base)
    services.web.set_budget(1, 5)
    ref = script(
        call("web_search", query="Mira Falls"),
        call("write_file", path="notes.md", content="Mira Falls\n"),
        call("web_fetch", source_id="S1", query="height"),
        call("web_search", query="more"),
        final("It drops 142 metres [S1]."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Note down and answer: how tall is Mira Falls?", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    assert settle(services.agent_runs.approve(handle.run_id)) is RunStatus.COMPLETED
    results = {r["tool"]: r["result"] for r in event_data(services, handle.run_id, "tool.result")}
    assert results["web_fetch"]["ok"] is True  # S1 is still S1 after the pause
    assert results["web_search"]["phrase"]["key"] == "web.searches_spent"  # the last search: over budget
    assert web_stand_in.paths() == ["/search", "/pages/en.html"]
    (source,) = answer(services, handle.thread_id).metadata["web_sources"]
    assert source["id"] == "S1"


def test_capabilities_list_web_research_with_its_needs_and_why_it_is_not_ready(
    services: AppServices, keyring_backend: MemoryKeyring
) -> None:
    from mira_desktop.services.tools.capabilities import capabilities

    def listed() -> dict[str, dict[str, object]]:
        found = capabilities(
            services.skills,
            services.tools,
            services.mcp,
            services.workspaces.default(),
            services.http_tools,
            web=services.web,
        )
        return {c.name: c.to_dict() for c in found}

    off = listed()["web_search"]
    assert off["ready"] is False
    assert str(off["why_not"]).startswith("Web research is off")
    services.web.use_searxng("http://127.0.0.1:8888/")
    assert listed()["web_fetch"] | {"description": ""} == {
        "kind": "tool",
        "name": "web_fetch",
        "description": "",
        "needs": ["network"],
        "ready": True,
        "why_not": None,
        "on": None,
        "shipped": False,
    }
    services.web.use_api("brave", "BSA-1")
    assert listed()["web_search"]["needs"] == ["network", "key"]
    keyring_backend.delete_password("mira-desktop", "web:brave")  # removed beside the app
    assert "needs its key" in str(listed()["web_search"]["why_not"])


def test_a_local_model_in_grammar_mode_researches_the_same_way(
    services: AppServices, workspace: str, script: Script, web_stand_in: WebStandIn
) -> None:
    services.web.use_searxng(web_stand_in.base)
    ref = script(
        json_call("web_search", query="Mira Falls"),
        json_call("web_fetch", source_id="S1", query="first recorded visit"),
        json_final("The first recorded visit was in 1871 [S1]."),
        pick="by_turn",
        profile=GRAMMAR_MODE,
    )
    handle = send_agent(services, ref, "When was Mira Falls first visited?", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    fetched = [r["result"] for r in event_data(services, handle.run_id, "tool.result")][-1]
    assert "1871" in fetched["text"]
    message = answer(services, handle.thread_id)
    assert message.content == "The first recorded visit was in 1871 [S1]."
    assert [s["id"] for s in message.metadata["web_sources"]] == ["S1"]
