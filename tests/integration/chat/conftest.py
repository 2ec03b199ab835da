from __future__ import annotations

import pytest

from mira_desktop.core.conversation.runs import RunKind
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.routes.chat import ChatRoute
from mira_desktop.services.chat.routes.rag import RagRoute
from mira_desktop.services.chat.routes.rag_retriever import KnowledgeRetriever


@pytest.fixture
def fast_retries(services: AppServices) -> AppServices:
    """The services, with routes that retry a transient model error without waiting between tries."""
    services.chat.register_route(RunKind.CHAT, ChatRoute(retry_delays=(0.0, 0.0)))
    services.chat.register_route(
        RunKind.RAG, RagRoute(KnowledgeRetriever(services.knowledge.search), retry_delays=(0.0, 0.0))
    )
    return services
