"""``web_search`` and ``web_fetch`` as a run's tools, sharing one :class:`WebSession`.

Each result of a search gets a source id for the run, S1, S2… (a URL seen again keeps its id);
``web_fetch(source_id, query)`` fetches that source only — the model never hands Mira a URL — and
returns at most three passages of about 500 characters ranked against ``query``. Both are reads
(allowed by default; a person may set ask or deny in Settings → Tools), journaled before they are
sent like every tool that leaves the computer. A budget per run caps the searches and the fetches;
past it the call is refused in one sentence. Every result lists the run's sources (``data``), from
which the agent route keeps, on the answer, the title and URL of each (``metadata.web_sources``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from mira_desktop.agent.tools.catalog import Origin, Risk, ToolDef
from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import MiraError
from mira_desktop.core.phrases import said
from mira_desktop.services.web.addresses import AddressPolicy
from mira_desktop.services.web.fetching import PAGE_LIMITS, FetchLimits, fetch
from mira_desktop.services.web.pages import best_passages, decode, page_text, page_title
from mira_desktop.services.web.providers import Provider, search

WEB_SEARCH = "web_search"
WEB_FETCH = "web_fetch"
SEARCH_DESCRIPTION = (
    "Search the web. Each result gets a source id (S1, S2, …) for this run; read one with web_fetch "
    "and cite it in the answer as [S1]."
)
FETCH_DESCRIPTION = (
    "Read a search result by its source id: returns up to three passages of the page that best "
    "answer the query. Cite what you use as [S1]."
)
WEB_TOOLS = ((WEB_SEARCH, SEARCH_DESCRIPTION), (WEB_FETCH, FETCH_DESCRIPTION))


@dataclass
class Source:
    id: str
    title: str
    url: str

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "title": self.title, "url": self.url}


@dataclass
class WebSession:
    """One run's provider, address rule, budgets, and the sources its searches found."""

    provider: Provider
    policy: AddressPolicy
    most_searches: int
    most_fetches: int
    transport: Any = None
    limits: FetchLimits = PAGE_LIMITS  # a page's time and size
    sources: dict[str, Source] = field(default_factory=dict)
    searches: int = 0
    fetches: int = 0

    def source_for(self, url: str, title: str) -> Source:
        for source in self.sources.values():
            if source.url == url:
                return source
        source = Source(f"S{len(self.sources) + 1}", title, url)
        self.sources[source.id] = source
        return source

    def listed(self) -> list[dict[str, str]]:
        return [s.to_dict() for s in self.sources.values()]

    def resume(self, results: list[tuple[str, dict[str, Any]]]) -> None:
        """Take up the sources and the spent budget of the run's earlier results (``(tool, result)``
        from its journal): a run resumed after an approval or a restart keeps S1, S2… and its counts."""
        for tool, result in results:
            if tool not in (WEB_SEARCH, WEB_FETCH) or result.get("kind") in ("budget", "not_found"):
                continue
            if tool == WEB_SEARCH:
                self.searches += 1
            else:
                self.fetches += 1
            for source in (result.get("data") or {}).get("web_sources") or []:
                if isinstance(source, dict) and str(source.get("id")) not in self.sources:
                    found = Source(
                        str(source["id"]), str(source.get("title", "")), str(source.get("url", ""))
                    )
                    self.sources[found.id] = found


def _definition(name: str, description: str, properties: dict[str, Any], required: list[str]) -> ToolDef:
    schema = {"type": "object", "properties": properties, "required": required, "additionalProperties": False}
    return ToolDef(name, description, schema, Risk.READ, Origin.WEB)


class WebSearch:
    def __init__(self, session: WebSession) -> None:
        self._session = session

    @property
    def session(self) -> WebSession:
        return self._session

    @property
    def definition(self) -> ToolDef:
        query = {"type": "string", "minLength": 1, "maxLength": 400, "description": "What to search for"}
        return _definition(WEB_SEARCH, SEARCH_DESCRIPTION, {"query": query}, ["query"])

    def call(self, arguments: dict[str, Any], cancel: CancelToken) -> ToolResult:
        session = self._session
        if session.searches >= session.most_searches:
            return ToolResult.refused(said("web.searches_spent", most=session.most_searches), "budget")
        session.searches += 1
        query = str(arguments["query"])
        try:
            hits = search(session.provider, query, session.policy, cancel, transport=session.transport)
        except MiraError as exc:
            return _failed(exc)
        found = [(session.source_for(hit.url, hit.title), hit) for hit in hits]
        lines = [f"[{s.id}] {s.title}\n{s.url}\n{hit.snippet}" for s, hit in found]
        text = "\n\n".join(lines) if lines else said("web.no_results", query=query).english
        return ToolResult(
            True,
            text,
            data={
                "query": query,
                "results": [s.to_dict() for s, _ in found],
                "web_sources": session.listed(),
            },
            phrase=said("web.searched", query=query[:80], count=len(found)).to_dict(),
        )


class WebFetch:
    def __init__(self, session: WebSession) -> None:
        self._session = session

    @property
    def definition(self) -> ToolDef:
        properties = {
            "source_id": {
                "type": "string",
                "pattern": "^S[0-9]{1,3}$",
                "maxLength": 4,
                "description": "e.g. S1",
            },
            "query": {
                "type": "string",
                "minLength": 1,
                "maxLength": 400,
                "description": "What to look for on the page",
            },
        }
        return _definition(WEB_FETCH, FETCH_DESCRIPTION, properties, ["source_id", "query"])

    def call(self, arguments: dict[str, Any], cancel: CancelToken) -> ToolResult:
        session = self._session
        source = session.sources.get(str(arguments["source_id"]).upper())
        if source is None:
            known = ", ".join(session.sources) or "none yet: call web_search first"
            return ToolResult.refused(
                said("web.unknown_source", id=arguments["source_id"], known=known), "not_found"
            )
        if session.fetches >= session.most_fetches:
            return ToolResult.refused(said("web.fetches_spent", most=session.most_fetches), "budget")
        session.fetches += 1
        query = str(arguments["query"])
        try:
            page = fetch(
                source.url, session.policy, cancel, limits=session.limits, transport=session.transport
            )
            html = decode(page.body, page.charset)
            text = page_text(html, page.content_type)
        except MiraError as exc:
            return _failed(exc)
        title = page_title(html) if page.content_type != "text/plain" else None
        if title and source.title == source.url:
            source.title = title
        chosen = best_passages(text, query)
        if not chosen:
            return ToolResult.refused(said("web.no_text", id=source.id, url=source.url), "empty")
        body = "\n\n".join(f"[{source.id}] …{p.text}…" for p in chosen)
        return ToolResult(
            True,
            f"{source.title} ({source.url})\n\n{body}",
            data={
                "source": source.to_dict(),
                "passages": [p.text for p in chosen],
                "web_sources": session.listed(),
            },
            phrase=said(
                "web.fetched", id=source.id, host=urlsplit(page.url).netloc, count=len(chosen)
            ).to_dict(),
        )


def _failed(exc: MiraError) -> ToolResult:
    kind = str(getattr(exc, "kind", "failed"))
    if exc.phrase is None:
        return ToolResult.failure(str(exc), kind)
    return ToolResult.refused(exc.phrase, kind)
