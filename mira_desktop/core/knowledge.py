"""Knowledge bases: named collections of documents with their own index."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KnowledgeBase:
    id: str
    name: str
    description: str
    created_at: str
    updated_at: str
