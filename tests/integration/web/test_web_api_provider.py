"""The Brave Search API as the provider: its key read from the keyring at each search and sent in
X-Subscription-Token, its results (``web.results``, with <strong> marks) listed with source ids; a
key the API refuses is one sentence. The API's address points at the stand-in on 127.0.0.1."""

from __future__ import annotations

from mira_desktop.core.cancel import CancelToken
from mira_desktop.models.secrets import SecretStore
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.web.research import WebResearch
from mira_desktop.store.settings import SettingsRepository
from tests.support.memory_keyring import MemoryKeyring
from tests.support.web_stand_in import BRAVE_KEY, WebStandIn


def _research(services: AppServices, stand_in: WebStandIn) -> WebResearch:
    return WebResearch(
        SettingsRepository(services.database),
        SecretStore(),
        services.changes,
        api_urls={"brave": stand_in.url("res/v1/web/search")},
    )


def test_a_brave_search_sends_the_key_from_the_keyring_and_lists_its_results(
    services: AppServices, web_stand_in: WebStandIn, keyring_backend: MemoryKeyring
) -> None:
    research = _research(services, web_stand_in)
    research.use_api("brave", BRAVE_KEY)
    search, _fetch = research.run_tools()
    result = search.call({"query": "Mira Falls"}, CancelToken())
    assert result.ok, result.text
    (sent,) = web_stand_in.requests
    assert sent["path"] == "/res/v1/web/search"
    assert sent["query"] == {"q": "Mira Falls", "count": "8"}
    assert sent["headers"]["X-Subscription-Token"] == BRAVE_KEY
    assert result.text.startswith("[S1] Mira Falls facts\n")
    assert "Mira Falls is a waterfall in the northern hills." in result.text  # <strong> taken out
    assert BRAVE_KEY not in result.text


def test_a_key_the_api_refuses_is_said_in_one_sentence(
    services: AppServices, web_stand_in: WebStandIn, keyring_backend: MemoryKeyring
) -> None:
    research = _research(services, web_stand_in)
    research.use_api("brave", "BSA-wrong")
    search, _fetch = research.run_tools()
    result = search.call({"query": "Mira Falls"}, CancelToken())
    assert not result.ok
    assert result.phrase is not None
    assert result.phrase["key"] == "web.http_status"
    assert result.text == "127.0.0.1 answered with HTTP status 401."
