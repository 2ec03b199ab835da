"""Knowledge base use cases."""

from __future__ import annotations

from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.core.knowledge import KnowledgeBase
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository


class KnowledgeBaseService:
    def __init__(self, knowledge_bases: KnowledgeBaseRepository) -> None:
        self._kbs = knowledge_bases

    def create(self, name: str, description: str = "") -> KnowledgeBase:
        if not name.strip():
            raise InvalidInputError("A knowledge base needs a name.")
        return self._kbs.create(name.strip(), description)

    def list(self) -> list[KnowledgeBase]:
        return self._kbs.list()

    def get(self, kb_id: str) -> KnowledgeBase:
        found = self._kbs.get(kb_id)
        if found is None:
            raise NotFoundError(f"No knowledge base with id {kb_id}: see `mira kb list`.")
        return found

    def delete(self, kb_id: str) -> KnowledgeBase:
        """Delete the knowledge base; threads bound to it keep every message and lose only the binding."""
        kb = self.get(kb_id)
        self._kbs.delete(kb_id)
        return kb
