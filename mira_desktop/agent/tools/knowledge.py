"""``kb_search``: the thread's knowledge base, searched through a callable the services layer provides."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.core.cancel import CancelToken

MAX_HIT_CHARS = 1200
DEFAULT_HITS = 5


@dataclass(frozen=True)
class KbHit:
    """One retrieved passage: the document's name, where in it (``p. 3``, ``slide 2``, ``lines 10–20``)."""

    document: str
    location: str
    text: str
    score: float | None = None

    def source(self) -> dict[str, Any]:
        return {"document": self.document, "location": self.location}


KbSearch = Callable[[str, int], Sequence[KbHit]]
"""``(query, k) -> hits``: the same retrieval as the RAG route, bound to the thread's knowledge base."""


def kb_search(search: KbSearch, args: dict[str, Any], cancel: CancelToken) -> ToolResult:
    query = str(args["query"])
    hits = list(search(query, int(args.get("k", DEFAULT_HITS))))
    cancel.raise_if_cancelled()
    if not hits:
        nothing = ToolResult(True, f"The knowledge base has nothing for {query!r}.", data={"hits": []})
        return nothing.shown_as("agent.done.kb_nothing", query=query)
    lines = [f"{len(hits)} passages for {query!r} (quote them with their document and location):"]
    for number, hit in enumerate(hits, start=1):
        text = hit.text.strip()
        if len(text) > MAX_HIT_CHARS:
            text = text[:MAX_HIT_CHARS] + "…"
        lines.append(f"[{number}] {hit.document}, {hit.location}:\n{text}")
    data = {"hits": [{**hit.source(), "text": hit.text, "score": hit.score} for hit in hits]}
    return ToolResult(True, "\n\n".join(lines), data=data).shown_as(
        "agent.done.kb_found", count=len(hits), query=query
    )
