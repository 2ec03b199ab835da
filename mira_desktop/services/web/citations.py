"""The web sources an answer keeps: read from the run's journal, so a resumed run keeps them too.

Each ``web_search`` and ``web_fetch`` result lists the run's sources so far (``web_sources``); the
answer keeps (``metadata.web_sources``) each source it cites as ``[S1]`` or that the run read, with
its id, title and URL — every source the searches found when it cites and read none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from mira_desktop.agent.journal import AgentEvent
from mira_desktop.core.conversation.runs import RunEvent
from mira_desktop.services.web.tools import WebSearch

CITED = re.compile(r"\[(S\d{1,3})\]")


def resume_sessions(tools: Iterable[object], events: list[RunEvent]) -> None:
    """Give the web session of a resumed run's tools the sources and counts of its earlier results."""
    results = [
        (str(e.data.get("tool")), e.data.get("result") or {})
        for e in events
        if e.type == AgentEvent.TOOL_RESULT
    ]
    for tool in tools:
        if isinstance(tool, WebSearch):  # web_fetch shares its session
            tool.session.resume(results)


def answer_sources(events: list[RunEvent], answer: str) -> list[dict[str, Any]]:
    listed: dict[str, dict[str, Any]] = {}
    read: set[str] = set()
    for event in events:
        if event.type != AgentEvent.TOOL_RESULT:
            continue
        data = (event.data.get("result") or {}).get("data") or {}
        for source in data.get("web_sources") or []:
            if isinstance(source, dict) and isinstance(source.get("id"), str):
                listed[source["id"]] = {k: str(source.get(k, "")) for k in ("id", "title", "url")}
        fetched = data.get("source")
        if event.data.get("tool") == "web_fetch" and isinstance(fetched, dict):
            read.add(str(fetched.get("id")))
    cited = set(CITED.findall(answer))
    kept = [s for i, s in listed.items() if i in cited or i in read] or list(listed.values())
    return [s | {"cited": s["id"] in cited, "read": s["id"] in read} for s in kept]
