from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.app import build_services
from mira_desktop.core.conversation.runs import RunKind
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.routes.chat import ChatRoute
from mira_desktop.services.chat.routes.rag import RagRoute
from mira_desktop.services.chat.routes.rag_retriever import KnowledgeRetriever

Script = Callable[..., str]


@pytest.fixture
def app(data_dir: Path) -> Iterator[AppServices]:
    services = build_services(data_dir)
    services.chat.register_route(RunKind.CHAT, ChatRoute(retry_delays=(0.0, 0.0)))
    services.chat.register_route(
        RunKind.RAG, RagRoute(KnowledgeRetriever(services.knowledge.search), retry_delays=(0.0, 0.0))
    )
    yield services
    services.close()


@pytest.fixture
def script(tmp_path: Path) -> Script:
    """Write a scripted model file and return its model reference."""
    counter = iter(range(1000))

    def make(*replies: dict[str, Any]) -> str:
        path = tmp_path / f"script-{next(counter)}.json"
        path.write_text(json.dumps({"replies": list(replies)}), encoding="utf-8")
        return f"scripted:{path}"

    return make
