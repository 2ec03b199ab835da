"""Search providers: a SearXNG instance (its JSON API, no key) or a search API with a key.

SearXNG answers ``GET {url}/search?q=…&format=json`` with ``{"results": [{"url", "title",
"content"}, …]}`` (the instance must allow the ``json`` format in its ``search.formats``). The Brave
Search API answers ``GET https://api.search.brave.com/res/v1/web/search?q=…&count=N`` with the key
in ``X-Subscription-Token`` and ``{"web": {"results": [{"url", "title", "description"}, …]}}``.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from mira_desktop.core.cancel import CancelToken
from mira_desktop.services.web.addresses import AddressPolicy
from mira_desktop.services.web.fetching import JSON_TYPES, FetchError, FetchLimits, fetch

SEARXNG = "searxng"
BRAVE = "brave"
APIS = {BRAVE: "https://api.search.brave.com/res/v1/web/search"}
MOST_RESULTS = 8
SNIPPET_CHARS = 300
SEARCH_LIMITS = FetchLimits(seconds=15.0, most_bytes=2_000_000)


@dataclass(frozen=True)
class Hit:
    title: str
    url: str
    snippet: str


@dataclass(frozen=True)
class Provider:
    """The provider a run searches: ``kind`` searxng or an API name, its address, the key's value."""

    kind: str
    url: str
    key: str | None = None

    def search_url(self, query: str, count: int) -> str:
        if self.kind == SEARXNG:
            base = self.url if self.url.endswith("/") else self.url + "/"
            return f"{base}search?{urlencode({'q': query, 'format': 'json'})}"
        return f"{self.url}?{urlencode({'q': query, 'count': count})}"

    def headers(self) -> dict[str, str]:
        return {"X-Subscription-Token": self.key} if self.kind == BRAVE and self.key else {}


def search(
    provider: Provider,
    query: str,
    policy: AddressPolicy,
    cancel: CancelToken,
    *,
    count: int = MOST_RESULTS,
    limits: FetchLimits = SEARCH_LIMITS,
    transport: Any = None,
) -> list[Hit]:
    host = policy.provider[1] if policy.provider else "?"
    try:
        fetched = fetch(
            provider.search_url(query, count),
            policy,
            cancel,
            types=JSON_TYPES,
            limits=limits,
            headers=provider.headers(),
            transport=transport,
        )
        data = json.loads(fetched.body.decode("utf-8"))
    except FetchError as exc:
        if exc.phrase is None or exc.phrase.key != "web.wrong_type":
            raise
        raise FetchError.said("web.search_not_json", host=host) from exc
    except (UnicodeDecodeError, ValueError) as exc:
        raise FetchError.said("web.search_not_json", host=host) from exc
    pick: Callable[[Any], list[Any]] = _searxng if provider.kind == SEARXNG else _brave
    hits = []
    for item in pick(data):
        if not isinstance(item, dict) or not isinstance(item.get("url"), str):
            continue
        snippet = item.get("content") or item.get("description") or ""
        hits.append(
            Hit(_clean(item.get("title")) or item["url"], item["url"], _clean(snippet)[:SNIPPET_CHARS])
        )
        if len(hits) >= count:
            break
    return hits


def _searxng(data: Any) -> list[Any]:
    results = data.get("results") if isinstance(data, dict) else None
    return results if isinstance(results, list) else []


def _brave(data: Any) -> list[Any]:
    web = data.get("web") if isinstance(data, dict) else None
    results = web.get("results") if isinstance(web, dict) else None
    return results if isinstance(results, list) else []


def _clean(value: object) -> str:
    text = re.sub(r"<[^>]+>", "", str(value or ""))  # Brave marks matches with <strong>
    return " ".join(html.unescape(text).split())
