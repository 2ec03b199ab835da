"""Web research's settings: the search provider the person set, its key, the budgets per run.

Off until the person sets a provider (``web.provider`` in the settings table: a SearXNG URL, or the
name of a search API whose key is in the keyring under ``web:<name>``). Budgets (``web.budget``) cap
the searches and the page fetches of one agent run. A run gets ``web_search`` and ``web_fetch``
only while a provider is set and ready (:meth:`WebResearch.run_tools`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.models.secrets import SecretStore
from mira_desktop.services.web.addresses import AddressPolicy, Resolver, system_resolver
from mira_desktop.services.web.providers import APIS, SEARXNG, Provider
from mira_desktop.services.web.tools import WebFetch, WebSearch, WebSession
from mira_desktop.store.settings import SettingsRepository

PROVIDER_KEY = "web.provider"
BUDGET_KEY = "web.budget"
DEFAULT_SEARCHES = 5
DEFAULT_FETCHES = 8
MOST_SEARCHES = 50
MOST_FETCHES = 100


def key_account(api: str) -> str:
    return f"web:{api}"


@dataclass(frozen=True)
class WebStatus:
    kind: str | None  # None: off; "searxng"; or an API's name
    url: str | None
    key_stored: bool
    searches: int
    fetches: int
    why_not: Phrase | None  # None when ready (or off: see ``on``)

    @property
    def on(self) -> bool:
        return self.kind is not None

    @property
    def ready(self) -> bool:
        return self.on and self.why_not is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "provider": self.kind,
            "url": self.url,
            "key_stored": self.key_stored,
            "searches_per_run": self.searches,
            "fetches_per_run": self.fetches,
            "on": self.on,
            "ready": self.ready,
            "why_not": None if self.why_not is None else self.why_not.english,
        }


class WebResearch:
    def __init__(
        self,
        settings: SettingsRepository,
        secrets: SecretStore,
        changes: ChangeFeed,
        *,
        resolver: Resolver = system_resolver,
        api_urls: dict[str, str] | None = None,
        transport: Any = None,
    ) -> None:
        self._settings = settings
        self._secrets = secrets
        self._changes = changes
        self._resolver = resolver
        self._api_urls = {**APIS, **(api_urls or {})}  # tests point an API at a stand-in
        self._transport = transport

    # -- reading ---------------------------------------------------------------------------------
    def status(self) -> WebStatus:
        stored = self._stored()
        searches, fetches = self.budget()
        if stored is None:
            return WebStatus(None, None, False, searches, fetches, said("web.off"))
        kind = stored["kind"]
        if kind == SEARXNG:
            return WebStatus(kind, str(stored.get("url")), False, searches, fetches, None)
        has_key = bool(self._secrets.read(key_account(str(kind))))
        why = None if has_key else said("web.key_missing", api=kind)
        return WebStatus(str(kind), self._api_urls.get(str(kind)), has_key, searches, fetches, why)

    def budget(self) -> tuple[int, int]:
        stored = self._settings.get(BUDGET_KEY, {})
        stored = stored if isinstance(stored, dict) else {}
        return _count(stored.get("searches"), DEFAULT_SEARCHES), _count(
            stored.get("fetches"), DEFAULT_FETCHES
        )

    def provider(self) -> Provider | None:
        """The provider a run uses now, with its key (None while off or not ready)."""
        status = self.status()
        if not status.ready or status.kind is None or status.url is None:
            return None
        key = None if status.kind == SEARXNG else self._secrets.read(key_account(status.kind))
        return Provider(status.kind, status.url, key)

    def run_tools(self) -> list[WebSearch | WebFetch]:
        """``web_search`` and ``web_fetch`` for one run, sharing its source ids (none while off)."""
        provider = self.provider()
        if provider is None:
            return []
        searches, fetches = self.budget()
        policy = AddressPolicy.for_provider(provider.url, self._resolver)
        session = WebSession(provider, policy, searches, fetches, self._transport)
        return [WebSearch(session), WebFetch(session)]

    # -- changing --------------------------------------------------------------------------------
    def use_searxng(self, url: str) -> WebStatus:
        parts = urlsplit(url.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise InvalidInputError.said("web.bad_provider_url", url=url)
        if parts.username is not None or parts.password is not None or parts.query or parts.fragment:
            raise InvalidInputError.said("web.bad_provider_url", url=url)
        self._settings.set(PROVIDER_KEY, {"kind": SEARXNG, "url": url.strip()})
        self._changes.publish(Topic.TOOLS)
        return self.status()

    def use_api(self, name: str, key: str | None) -> WebStatus:
        """Search through the API ``name``; ``key`` is stored in the keyring (None: keep the stored one)."""
        if name not in APIS:
            raise InvalidInputError.said("web.unknown_api", api=name, known=", ".join(sorted(APIS)))
        if key is not None:
            if not key.strip():
                raise InvalidInputError.said("web.empty_key")
            self._secrets.store(key_account(name), key.strip(), what="the search API key")
        elif not self._secrets.read(key_account(name)):
            raise InvalidInputError.said("web.key_missing", api=name)
        self._settings.set(PROVIDER_KEY, {"kind": name})
        self._changes.publish(Topic.TOOLS)
        return self.status()

    def turn_off(self) -> WebStatus:
        """No provider: runs get no web tools (a stored key stays in the keyring)."""
        self._settings.set(PROVIDER_KEY, None)
        self._changes.publish(Topic.TOOLS)
        return self.status()

    def set_budget(self, searches: int | None, fetches: int | None) -> WebStatus:
        now_searches, now_fetches = self.budget()
        searches = now_searches if searches is None else searches
        fetches = now_fetches if fetches is None else fetches
        if not 1 <= searches <= MOST_SEARCHES or not 1 <= fetches <= MOST_FETCHES:
            raise InvalidInputError.said("web.bad_budget", searches=MOST_SEARCHES, fetches=MOST_FETCHES)
        self._settings.set(BUDGET_KEY, {"searches": searches, "fetches": fetches})
        self._changes.publish(Topic.TOOLS)
        return self.status()

    def _stored(self) -> dict[str, Any] | None:
        stored = self._settings.get(PROVIDER_KEY, None)
        return stored if isinstance(stored, dict) and stored.get("kind") else None


def _count(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else default
