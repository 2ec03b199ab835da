"""Window text: Settings → Tools → Web research (the search provider, its key, budgets per run) and
the web sources under an answer. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "web.box_title": translate("web", "Web research", "web.box_title"),
    "web.hint": translate(
        "web",
        "Agent runs get web_search and web_fetch once a search provider is set: each result gets a "
        "source id (S1, S2…) and the answer cites it. Pages are fetched only from the provider and "
        "the results, never from a private or local address unless it is the provider.",
        "web.hint",
    ),
    "web.provider": translate("web", "Search provider", "web.provider"),
    "web.off": translate("web", "Off", "web.off"),
    "web.searxng": translate("web", "SearXNG (no key)", "web.searxng"),
    "web.brave": translate("web", "Brave Search API (key)", "web.brave"),
    "web.url": translate("web", "SearXNG address", "web.url"),
    "web.key": translate("web", "API key", "web.key"),
    "web.key_stored": translate("web", "Stored in the keyring (leave empty to keep it)", "web.key_stored"),
    "web.searches": translate("web", "Searches per run", "web.searches"),
    "web.fetches": translate("web", "Pages read per run", "web.fetches"),
    "web.save": translate("web", "Save", "web.save"),
    "web.ready": translate("web", "Ready: agent runs can search the web.", "web.ready"),
    "web.is_off": translate("web", "Off: agent runs get no web tools.", "web.is_off"),
    "web.sources": translate("web", "Web sources:", "web.sources"),
}
