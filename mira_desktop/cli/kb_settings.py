"""`mira kb embedders|set-embedder|set-rerank`: how a knowledge base retrieves.

Registered by :mod:`mira_desktop.cli.kb` on its ``kb`` sub-parsers; ``mira kb create NAME --embedder NAME``
calls :func:`check_embedder` before creating the base and
:func:`apply_embedder` after.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output
from mira_desktop.core.errors import InvalidInputError

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.knowledge.indexing.progress import IndexProgress


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    embedders = commands.add_parser(
        "embedders",
        help="the embedders a knowledge base can use: languages, whether they run here, chunks/s here",
        parents=[common],
    )
    embedders.add_argument(
        "--measure", metavar="NAME", help="measure NAME's indexing speed on this computer first (or 'all')"
    )
    embedders.set_defaults(handler=_embedders)
    choose = commands.add_parser(
        "set-embedder",
        help="switch a knowledge base's embedder (the index is rebuilt beside the old one, which keeps answering)",
        parents=[common],
    )
    choose.add_argument("kb", metavar="KB", help="knowledge base id or name")
    choose.add_argument(
        "embedder", metavar="NAME", help="minilm, e5-small, or the folder of a sentence-transformers model"
    )
    choose.add_argument(
        "--no-wait", action="store_true", help="leave the rebuild to the app or `mira kb resume`"
    )
    choose.set_defaults(handler=_set_embedder)
    rerank = commands.add_parser(
        "set-rerank",
        help="rerank results through a /v1/rerank endpoint (llama.cpp server, Jina, Cohere), or --off",
        parents=[common],
    )
    rerank.add_argument("kb", metavar="KB", help="knowledge base id or name")
    rerank.add_argument("url", nargs="?", metavar="URL", help="e.g. http://127.0.0.1:8080/v1/rerank")
    rerank.add_argument("--off", action="store_true", help="stop reranking")
    rerank.add_argument("--model", default="", help="the model name the endpoint expects, if any")
    rerank.add_argument("--candidates", type=int, default=20, help="results sent (default 20)")
    rerank.add_argument(
        "--max-chars", type=int, default=2000, help="characters of each result sent (default 2000)"
    )
    rerank.add_argument("--timeout", type=float, default=10.0, help="seconds before the fused order is kept")
    rerank.add_argument("--api-key-env", default="", metavar="VAR", help="environment variable holding a key")
    rerank.set_defaults(handler=_set_rerank)


def check_embedder(services: AppServices, name: str) -> None:
    """Refuse, with the reason and the fix, an embedder that cannot run here (nothing is created)."""
    services.knowledge.embedders.check(name)


def apply_embedder(services: AppServices, kb_id: str, name: str) -> str:
    """Set ``kb_id``'s embedder (for ``kb create --embedder``); returns its catalog name."""
    return services.knowledge.embedders.set_for(kb_id, name).name


def _embedders(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    embedders = services.knowledge.embedders
    if args.measure:
        names = (
            [c.option.name for c in embedders.choices() if c.option.available]
            if args.measure == "all"
            else [args.measure]
        )
        for name in names:
            print(f"measuring {name} …", file=sys.stderr, flush=True)
            embedders.measure(name)
    choices = embedders.choices()
    if out.as_json:
        out.data(choices)
        return 0
    rows = []
    for c in choices:
        languages = "all" if c.option.languages is None else ",".join(sorted(c.option.languages))
        speed = f"{c.speed.chunks_per_s:.1f} ({c.speed.how})" if c.speed else "not measured"
        status = "yes" if c.option.available else "no: " + str(c.option.unavailable or "")
        rows.append([c.option.name, languages, speed, str(c.in_use_by), status])
    out.table(rows, ["NAME", "LANGUAGES", "CHUNKS/S HERE", "BASES", "RUNS HERE"], "No embedders.")
    return 0


def _set_embedder(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    kb = services.knowledge_bases.resolve(args.kb)
    chosen = services.knowledge.embedders.set_for(kb.id, args.embedder)
    rebuilt = False
    if not args.no_wait and services.knowledge.indexes.needs_rebuild(kb.id):
        report = services.knowledge.queue.run(kb.id, on_progress=_progress, on_wait=_tell)
        rebuilt = report.rebuilt
    data = {"knowledge_base": kb.id, "embedder": chosen.name, "rebuilt": rebuilt}
    text = f"{kb.name} now uses {chosen.name}" + (
        "; the index was rebuilt" if rebuilt else "; its index is rebuilt by the next indexing run"
    )
    out.result(data, text)
    return 0


def _set_rerank(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.services.knowledge.rerank import RerankConfig

    kb = services.knowledge_bases.resolve(args.kb)
    if args.off == bool(args.url):
        raise InvalidInputError("Give the endpoint URL, or --off to stop reranking.")
    config = None
    if args.url:
        config = RerankConfig(
            args.url, args.model, args.candidates, args.max_chars, args.timeout, args.api_key_env
        )
    services.knowledge_bases.set_rerank(kb.id, config)
    out.result(
        {"knowledge_base": kb.id, "rerank": config.to_dict() if config else None},
        f"{kb.name}: " + (f"results reranked by {config.endpoint}" if config else "reranking off"),
    )
    return 0


def _progress(progress: IndexProgress) -> None:
    print(f"\r{progress.message[:100]:<100}", end="", file=sys.stderr, flush=True)


def _tell(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
