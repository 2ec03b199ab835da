"""Optional reranking through a Jina/Cohere-compatible ``POST /v1/rerank`` endpoint.

llama.cpp's server serves one with a reranker GGUF (``llama-server --reranking``), as do Jina,
Cohere and most inference servers. Off unless a knowledge base is configured with an endpoint
(``mira kb set-rerank KB URL``). The request is bounded (the first ``candidates`` results, each
text cut at ``max_chars``) and has a timeout; when it fails for any reason the fused order stands
and the failure is reported to the caller, who records it (a ``rerank.fallback`` run event).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from mira_desktop.core.errors import InvalidInputError

RERANK_KEY = "rerank"  # in a knowledge base's settings


class RerankError(Exception):
    """The endpoint failed or answered something that is not a ranking."""


@dataclass(frozen=True)
class RerankConfig:
    url: str  # the endpoint, e.g. http://127.0.0.1:8080/v1/rerank (a base URL gets /v1/rerank added)
    model: str = ""
    candidates: int = 20  # how many fused results are sent
    max_chars: int = 2000  # of each result's text
    timeout_s: float = 10.0
    api_key_env: str = ""  # the name of an environment variable holding a key; the key is never stored

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RerankConfig:
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        config = cls(**known)
        config.validate()
        return config

    def validate(self) -> None:
        if not self.url.startswith(("http://", "https://")):
            raise InvalidInputError.said("kb.rerank.bad_url", url=self.url)
        if not 1 <= self.candidates <= 200:
            raise InvalidInputError.said("kb.rerank.candidates", candidates=self.candidates)
        if not 100 <= self.max_chars <= 20_000:
            raise InvalidInputError.said("kb.rerank.max_chars", max_chars=self.max_chars)
        if not 0 < self.timeout_s <= 120:
            raise InvalidInputError.said("kb.rerank.timeout", timeout_s=self.timeout_s)

    @property
    def endpoint(self) -> str:
        url = self.url.rstrip("/")
        return url if url.endswith("/rerank") else url + "/v1/rerank"


def rerank(config: RerankConfig, query: str, documents: Sequence[str]) -> list[tuple[int, float]]:
    """``(index into documents, relevance score)``, best first; raises :class:`RerankError`."""
    import httpx

    documents = [d[: config.max_chars] for d in documents[: config.candidates]]
    if not documents:
        return []
    headers = {"Content-Type": "application/json"}
    key = os.environ.get(config.api_key_env, "") if config.api_key_env else ""
    if key:
        headers["Authorization"] = f"Bearer {key}"
    body: dict[str, Any] = {"query": query, "documents": documents, "top_n": len(documents)}
    if config.model:
        body["model"] = config.model
    try:
        response = httpx.post(config.endpoint, json=body, headers=headers, timeout=config.timeout_s)
    except httpx.TimeoutException as exc:
        raise RerankError(f"the rerank endpoint did not answer within {config.timeout_s:g} s") from exc
    except httpx.HTTPError as exc:
        raise RerankError(f"the rerank endpoint could not be reached ({type(exc).__name__}: {exc})") from exc
    if response.status_code != 200:
        raise RerankError(f"the rerank endpoint answered HTTP {response.status_code}: {response.text[:200]}")
    try:
        results = response.json()["results"]
        ranked = [(int(r["index"]), float(r.get("relevance_score", r.get("score")))) for r in results]
    except (ValueError, KeyError, TypeError) as exc:
        raise RerankError(f"the rerank endpoint's answer is not a ranking ({exc})") from exc
    if not ranked or any(not 0 <= i < len(documents) for i, _ in ranked):
        raise RerankError("the rerank endpoint's answer names documents that were not sent")
    best: dict[int, float] = {}
    for index, score in ranked:
        best[index] = max(score, best.get(index, score))
    return sorted(best.items(), key=lambda item: -item[1])
