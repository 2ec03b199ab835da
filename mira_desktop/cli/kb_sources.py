"""`mira kb show-source MESSAGE_ID N` (a cited passage with its document, page and lines) and
`mira kb ocr KB [LANGUAGES]` (the languages a base's scans and pictures are read in)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    show = commands.add_parser(
        "show-source",
        help="print source [N] of an answer: the passage with its document, page (OCR marked) or lines",
        parents=[common],
    )
    show.add_argument("message_id", metavar="MESSAGE_ID", help="the answer (see `mira threads show`)")
    show.add_argument("n", metavar="N", type=int, help="the source's number, as the answer cites it")
    show.set_defaults(handler=_show_source)
    ocr = commands.add_parser(
        "ocr",
        help="show or set the languages scanned pages and pictures are read in (Tesseract codes, default eng+chi_sim)",
        parents=[common],
    )
    ocr.add_argument("kb", metavar="KB", help="knowledge base id or name")
    ocr.add_argument("languages", nargs="?", metavar="LANGUAGES", help="e.g. eng+chi_sim or eng,deu")
    ocr.set_defaults(handler=_ocr)


def _show_source(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    passage = services.sources.passage(args.message_id, args.n)
    if out.as_json:
        out.data(passage.to_dict())
        return 0
    out.line(f"[{passage.n}] {passage.source.document} — {passage.source.label}")
    out.line(f"stored copy: {passage.source.path}")
    out.line()
    out.line(passage.quote)
    return 0


def _ocr(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.services.knowledge.indexing.ocr_pages import parse_languages

    kb = services.knowledge_bases.resolve(args.kb)
    if args.languages:
        codes = services.knowledge_bases.set_ocr_languages(kb.id, parse_languages(args.languages))
        text = f"{kb.name}: scans and pictures are read in {'+'.join(codes)} from its next index job on"
    else:
        codes = services.knowledge_bases.ocr_languages(kb.id)
        text = f"{kb.name}: scans and pictures are read in {'+'.join(codes)}"
    out.result({"knowledge_base": kb.id, "languages": list(codes)}, text)
    return 0
