"""The knowledge base as the routes see it: hybrid search over published versions, as evidence."""

from __future__ import annotations

from mira_desktop.core.cancel import CancelToken
from mira_desktop.services.chat.routes.rag import Evidence, Retrieval
from mira_desktop.services.knowledge.search import Hit, KnowledgeSearch


class KnowledgeRetriever:
    def __init__(self, search: KnowledgeSearch) -> None:
        self._search = search

    def knowledge_base_name(self, kb_id: str) -> str:
        return self._search.knowledge_base_name(kb_id)

    def searchable_documents(self, kb_id: str) -> int:
        return self._search.searchable_documents(kb_id)

    def retrieve(self, kb_id: str, query: str, k: int, cancel: CancelToken) -> list[Evidence]:
        return self.retrieve_detailed(kb_id, query, k, cancel).evidence

    def retrieve_detailed(self, kb_id: str, query: str, k: int, cancel: CancelToken) -> Retrieval:
        """The evidence, and how the search ran (query language, vector side skipped, rerank fallback)."""
        result = self._search.search_detailed(kb_id, query, k=k, mode="hybrid", cancel_token=cancel)
        return Retrieval([_evidence(hit) for hit in result.hits], dict(result.notes))


def _evidence(hit: Hit) -> Evidence:
    return Evidence(
        document_id=hit.document_id,
        document=hit.document,
        location=dict(hit.location),
        location_label=hit.location_label,
        text=hit.text,
        scores=dict(hit.scores),
        version_id=hit.version_id,
        context_location=dict(hit.context_location),
        context_location_label=hit.context_location_label,
        merged=hit.merged,
    )
