"""Choosing how a turn is answered: agent, knowledge base (RAG) or plain chat (DESIGN §3.3)."""

from __future__ import annotations

from dataclasses import dataclass

from mira_desktop.core.conversation.runs import RunKind


@dataclass(frozen=True)
class RouteDecision:
    kind: RunKind
    reason: str


def choose_route(*, agent_enabled: bool, knowledge_base_id: str | None, user_text: str) -> RouteDecision:
    if agent_enabled:
        return RouteDecision(RunKind.AGENT, "agent mode is on for this thread")
    if knowledge_base_id and user_text.strip():
        return RouteDecision(RunKind.RAG, f"the thread is bound to knowledge base {knowledge_base_id}")
    if knowledge_base_id:
        return RouteDecision(RunKind.CHAT, "the message has no text to search the knowledge base with")
    return RouteDecision(RunKind.CHAT, "no knowledge base or agent mode: normal chat")
