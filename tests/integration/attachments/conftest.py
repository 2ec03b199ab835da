from __future__ import annotations

import pytest

from mira_desktop.services.app.bundle import AppServices


@pytest.fixture
def bm25_only(services: AppServices) -> AppServices:
    """The services, with long files retrieved by BM25 alone (no embedding model to load)."""
    services.attachments.retriever.embedder = lambda: None
    return services
