"""`mira web provider searxng URL | api NAME --key-stdin | off`, `mira web budget`, `mira web status`:
web research for agent runs (``web_search``, ``web_fetch``), off until a provider is set."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from mira_desktop.cli.output import Output
from mira_desktop.services.web.providers import APIS

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.web.research import WebStatus

HELP = """\
Agent runs get web_search and web_fetch once you set a search provider: a SearXNG instance (its JSON
API; allow the json format in its settings.yml, search.formats) or the Brave Search API with your key
(kept in the keyring, read from standard input). Each result gets a source id for the run (S1, S2…);
web_fetch reads one result's page and gives the model at most three passages of about 500
characters that answer its query; the answer cites [S1] and keeps each source's title and URL
(`mira threads show`). Mira fetches only from the provider and the result pages: never a private,
loopback or link-local address unless it is the provider you set; redirects are checked again;
pages are capped in time (15 s), size (2 MB unpacked) and type (HTML or text). Budgets cap the
searches and fetches of one run."""


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "web",
        help="web research for agent runs: the search provider, budgets",
        description=HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        parents=[common],
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    commands.add_parser(
        "status", help="the provider, whether it is ready, the budgets", parents=[common]
    ).set_defaults(handler=_status)
    provider = commands.add_parser(
        "provider", help="set the search provider, or turn web research off", parents=[common]
    )
    kinds = provider.add_subparsers(dest="kind", required=True, metavar="KIND")
    searxng = kinds.add_parser("searxng", help="a SearXNG instance (no key)", parents=[common])
    searxng.add_argument("url", help="its address, e.g. https://searx.example.org/")
    searxng.set_defaults(handler=_searxng)
    api = kinds.add_parser(
        "api", help="a search API with a key: " + ", ".join(sorted(APIS)), parents=[common]
    )
    api.add_argument("name", choices=sorted(APIS))
    api.add_argument(
        "--key-stdin", action="store_true", help="read the key from standard input (else keep the stored one)"
    )
    api.set_defaults(handler=_api)
    kinds.add_parser("off", help="no provider: runs get no web tools", parents=[common]).set_defaults(
        handler=_off
    )
    budget = commands.add_parser("budget", help="searches and fetches one run may make", parents=[common])
    budget.add_argument("--searches", type=int, metavar="N", help="web searches per run (1-50, default 5)")
    budget.add_argument("--fetches", type=int, metavar="N", help="pages read per run (1-100, default 8)")
    budget.set_defaults(handler=_budget)


def source_lines(metadata: dict[str, Any] | None) -> list[str]:
    """An answer's web sources as `mira threads show` and `mira chat send` print them, one a line."""
    sources = (metadata or {}).get("web_sources") or []
    return [
        f"[{s.get('id')}] {s.get('title') or s.get('url')}  {s.get('url')}"
        for s in sources
        if isinstance(s, dict)
    ]


def _said(status: WebStatus) -> str:
    if status.kind is None:
        where = "Web research is off."
    elif status.kind == "searxng":
        where = f"Web research searches SearXNG at {status.url}."
    else:
        where = f"Web research searches the {status.kind} API ({'key stored' if status.key_stored else 'no key'})."
    why = f"\nNot ready: {status.why_not.english}" if status.on and status.why_not is not None else ""
    return f"{where}{why}\nPer run: {status.searches} searches, {status.fetches} pages read."


def _status(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    status = services.web.status()
    out.result(status.to_dict(), _said(status))
    return 0


def _searxng(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    status = services.web.use_searxng(args.url)
    out.result(status.to_dict(), _said(status))
    return 0


def _api(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    status = services.web.use_api(args.name, sys.stdin.read() if args.key_stdin else None)
    out.result(status.to_dict(), _said(status))
    return 0


def _off(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    status = services.web.turn_off()
    out.result(status.to_dict(), _said(status))
    return 0


def _budget(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    status = services.web.set_budget(args.searches, args.fetches)
    out.result(status.to_dict(), _said(status))
    return 0
