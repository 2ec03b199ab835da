"""Phrases of web research (``services/web``): the English of the sentences."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "web.bad_url": "{url} is not a web address Mira can fetch.",
    "web.bad_scheme": "{url} was refused: only http:// and https:// pages are fetched, not {scheme}:.",
    "web.credentials_in_url": "{url} holds a user name or password in the address: it was not fetched.",
    "web.not_resolved": "{host} has no address (the name does not resolve): nothing was fetched.",
    "web.private_address": "{host} was refused: it is at {address}, a private, loopback or link-local address, and only the search provider you set may be there. Nothing was sent to it.",
    "web.http_status": "{host} answered with HTTP status {status}.",
    "web.wrong_type": "{host} sent {kind}, not a web page or text: it was not read.",
    "web.binary": "{host} sent binary data, not text: it was not read.",
    "web.timed_out": "{host} gave no complete answer within {seconds} s: the fetch was stopped.",
    "web.unreachable": "{host} could not be reached: {problem}",
    "web.too_many_redirects": "{host} redirected more than {most} times: the fetch was stopped.",
    "web.too_big": "The page at {host} is larger than {most} bytes (unpacked): it was not read.",
    "web.bad_encoding": "{host} sent content packed as {encoding}, which Mira does not unpack: it was not read.",
    "web.search_not_json": "The search provider at {host} did not answer with JSON: for SearXNG, allow the json format in its settings (search.formats).",
    "web.off": "Web research is off: set a search provider in Settings → Tools or with `mira web provider searxng URL`.",
    "web.key_missing": "The search API {api} needs its key: give it with `mira web provider api {api} --key-stdin` (or in Settings → Tools).",
    "web.bad_provider_url": "{url} is not a SearXNG address: give its http:// or https:// address without a query, e.g. https://searx.example.org/.",
    "web.unknown_api": "Mira does not know the search API {api!r}: use one of {known}.",
    "web.empty_key": "The key is empty: give it on standard input.",
    "web.bad_budget": "Searches per run must be 1 to {searches} and fetches per run 1 to {fetches}.",
    "web.searches_spent": "This run has used its {most} web searches: answer from the sources found, or raise the budget (`mira web budget --searches N`).",
    "web.fetches_spent": "This run has read its {most} pages: answer from what was read, or raise the budget (`mira web budget --fetches N`).",
    "web.no_results": "The search for {query!r} found nothing.",
    "web.searched": "Searched the web for {query!r}: {count} results",
    "web.unknown_source": "{id!r} is not a source of this run ({known}).",
    "web.no_text": "{id} ({url}) has no text to read.",
    "web.fetched": "Read {id} ({host}): {count} passages",
    "web.capability_off": "Web research is off: set a search provider in Settings → Tools.",
}
