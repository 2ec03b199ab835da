"""`mira kb create|list|add|reindex|docs|jobs|search|remove-doc|delete|watch|resume`; the embedder and
rerank settings (`embedders|set-embedder|set-rerank`) are in :mod:`mira_desktop.cli.kb_settings`, cited
sources and OCR languages (`show-source|ocr`) in :mod:`mira_desktop.cli.kb_sources`."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING, Any

from mira_desktop.cli import kb_settings, kb_sources
from mira_desktop.cli.output import Output
from mira_desktop.core.errors import InvalidInputError

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.knowledge.indexing.builder import RunReport
    from mira_desktop.services.knowledge.indexing.progress import IndexProgress

MODES = ("hybrid", "vector", "bm25")


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser("kb", help="knowledge bases: documents, indexing, search", parents=[common])
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    create = commands.add_parser("create", help="create a knowledge base", parents=[common])
    create.add_argument("name")
    create.add_argument("--description", default="")
    create.add_argument(
        "--embedder",
        metavar="NAME",
        help="minilm (default), e5-small, or a sentence-transformers model folder",
    )
    create.set_defaults(handler=_create)
    commands.add_parser(
        "list", help="knowledge bases with document and chunk counts", parents=[common]
    ).set_defaults(handler=_list)
    add = commands.add_parser(
        "add",
        help="add files or folders (a BEIR corpus.jsonl adds one document per line); waits for indexing",
        parents=[common],
    )
    add.add_argument("kb", metavar="KB", help="knowledge base id or name")
    add.add_argument("paths", nargs="+", metavar="PATH")
    add.add_argument(
        "--no-wait",
        action="store_true",
        help="queue the jobs and return (the app or `mira kb resume` runs them)",
    )
    add.set_defaults(handler=_add)
    reindex = commands.add_parser(
        "reindex",
        help="index documents again from their stored copies (text read anew: ligatures, soft hyphens "
        "and full-width letters normalised), or open an encrypted PDF with its password; waits",
        parents=[common],
    )
    reindex.add_argument("kb", metavar="KB", help="knowledge base id or name")
    reindex.add_argument("docs", nargs="*", metavar="DOC", help="document ids or names (default: every one)")
    reindex.add_argument(
        "--password-stdin",
        action="store_true",
        help="read the password of the encrypted PDF DOC from stdin (used for this indexing only, never stored)",
    )
    reindex.add_argument("--no-wait", action="store_true", help="queue the jobs and return")
    reindex.set_defaults(handler=_reindex)
    for name, handler, help_text in (
        ("docs", _docs, "documents with their version, status, chunks and errors"),
        ("jobs", _jobs, "index jobs, newest first"),
        ("delete", _delete, "move a knowledge base to the trash with its documents and index (threads are kept)"),
    ):
        sub = commands.add_parser(name, help=help_text, parents=[common])
        sub.add_argument("kb", metavar="KB", help="knowledge base id or name")
        sub.set_defaults(handler=handler)
    search = commands.add_parser(
        "search", help="test retrieval: passages with their scores", parents=[common]
    )
    search.add_argument("kb", metavar="KB", help="knowledge base id or name")
    search.add_argument("query")
    search.add_argument("--k", type=int, default=5, help="how many passages (default 5)")
    search.add_argument("--mode", choices=MODES, default="hybrid")
    search.set_defaults(handler=_search)
    remove = commands.add_parser(
        "remove-doc", help="move a document to the trash (no longer searched, restorable)", parents=[common]
    )
    remove.add_argument("kb", metavar="KB", help="knowledge base id or name")
    remove.add_argument("doc", metavar="DOC", help="document id or name")
    remove.set_defaults(handler=_remove_doc)
    watch = commands.add_parser(
        "watch", help="follow a folder: index it now and re-index changed files", parents=[common]
    )
    watch.add_argument("kb", metavar="KB", help="knowledge base id or name")
    watch.add_argument("folder", nargs="?", metavar="FOLDER")
    watch.add_argument("--off", action="store_true", help="stop following the folder (documents are kept)")
    watch.add_argument("--no-wait", action="store_true", help="queue the changes and return")
    watch.set_defaults(handler=_watch)
    resume = commands.add_parser(
        "resume", help="run pending and interrupted index jobs to completion", parents=[common]
    )
    resume.add_argument("kb", metavar="KB", nargs="?", help="knowledge base id or name (default: all)")
    resume.set_defaults(handler=_resume)
    kb_settings.register(commands, common)
    kb_sources.register(commands, common)


def _create(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if args.embedder:
        kb_settings.check_embedder(services, args.embedder)
    kb = services.knowledge_bases.create(args.name, args.description)
    embedder = kb_settings.apply_embedder(services, kb.id, args.embedder) if args.embedder else "minilm"
    out.result(kb, f"Created knowledge base {kb.name} ({kb.id}), embedder {embedder}")
    return 0


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    summaries = services.knowledge_bases.summaries()
    if out.as_json:
        out.data(summaries)
    else:
        rows = [
            [
                s.id,
                s.name,
                str(s.documents),
                str(s.chunks),
                str(s.active_jobs) if s.active_jobs else "-",
                s.watch_path or "-",
            ]
            for s in summaries
        ]
        out.table(
            rows,
            ["ID", "NAME", "DOCS", "CHUNKS", "JOBS", "WATCHING"],
            "No knowledge bases: create one with `mira kb create NAME`.",
        )
    return 0


def _add(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    kb = services.knowledge_bases.resolve(args.kb)
    result = services.knowledge.queue.add(kb.id, args.paths)
    data: dict[str, Any] = {
        "knowledge_base": kb.id,
        "jobs": result.jobs,
        "unchanged": result.unchanged,
        "skipped": [{"path": s.path, "reason": s.reason} for s in result.skipped],
    }
    if not out.as_json:
        out.line(
            f"Queued {len(result.jobs)} document(s) in {kb.name}" + _extra(result.unchanged, result.skipped)
        )
    if args.no_wait or not result.jobs:
        if out.as_json:
            out.data(data)
        return 0
    report = _wait(services, kb.id, result.jobs, out)
    return _finish(services, kb.id, job_ids=result.jobs, report=report, data=data, out=out)


def _reindex(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    kb = services.knowledge_bases.resolve(args.kb)
    documents = [services.knowledge_bases.document(kb.id, ref).id for ref in args.docs] or None
    password = None
    if args.password_stdin:
        if documents is None:
            raise InvalidInputError(
                "A password opens one document: name it (`mira kb reindex KB DOC --password-stdin`)."
            )
        if args.no_wait:
            raise InvalidInputError("A password is only kept while this command runs: leave out --no-wait.")
        password = sys.stdin.readline().rstrip("\r\n")
        if not password:
            raise InvalidInputError(
                "No password on stdin: pipe it in, e.g. `printf %s PASSWORD | mira kb reindex …`."
            )
    result = services.knowledge.queue.reindex(kb.id, documents, password=password)
    data: dict[str, Any] = {"knowledge_base": kb.id, "jobs": result.jobs, "busy": result.busy,
                            "missing": result.missing}  # fmt: skip
    if not out.as_json:
        notes = [f"{len(result.busy)} already being indexed"] if result.busy else []
        notes += [f"{name}: its file is gone, add it again" for name in result.missing]
        extra = f" ({'; '.join(notes)})" if notes else ""
        out.line(f"Queued {len(result.jobs)} document(s) of {kb.name} to index again{extra}")
    if args.no_wait or not result.jobs:
        if out.as_json:
            out.data(data)
        return 0
    report = _wait(services, kb.id, result.jobs, out)
    return _finish(services, kb.id, job_ids=result.jobs, report=report, data=data, out=out)


def _extra(unchanged: list[str], skipped: list[Any]) -> str:
    parts = []
    if unchanged:
        parts.append(f"{len(unchanged)} unchanged")
    if skipped:
        parts.append(f"{len(skipped)} skipped (unsupported type)")
    return f" ({', '.join(parts)})" if parts else ""


def _wait(services: AppServices, kb_id: str, job_ids: list[str], out: Output) -> RunReport:
    progress = _ProgressPrinter()
    return services.knowledge.queue.run_until_done(
        kb_id,
        job_ids,
        on_progress=progress,
        on_wait=lambda message: print(message, file=sys.stderr, flush=True),
    )


def _finish(
    services: AppServices,
    kb_id: str,
    *,
    job_ids: list[str],
    report: RunReport,
    data: dict[str, Any],
    out: Output,
) -> int:
    jobs = {j.id: j for j in services.knowledge_bases.jobs(kb_id, limit=None)}
    mine = [jobs[j] for j in job_ids if j in jobs]
    failed = [j for j in mine if j.state == "failed"]
    data |= {
        "published": sum(1 for j in mine if j.state == "published"),
        "failed": [{"document": j.document, "error": j.error} for j in failed],
        "cancelled": sum(1 for j in mine if j.state == "cancelled"),
        "embedded": report.embedded,
    }
    if out.as_json:
        out.data(data)
    else:
        out.line(f"Indexed {data['published']} of {len(mine)} document(s).")
        for j in failed:
            out.line(f"  failed: {j.document}: {j.error}")
    if failed:
        print(
            f"mira: error: {len(failed)} of {len(mine)} file(s) could not be indexed (see above).",
            file=sys.stderr,
        )
        return 2  # bad input: those files; the others are indexed
    return 0


class _ProgressPrinter:
    """Progress on stderr (stdout stays one JSON document): at most a line a second, and every failure."""

    def __init__(self) -> None:
        self._last = 0.0

    def __call__(self, progress: IndexProgress) -> None:
        now = time.monotonic()
        if progress.state != "failed" and now - self._last < 1.0:
            return
        self._last = now
        chunks = f", chunks {progress.leaves_done}/{progress.leaves_total}" if progress.leaves_total else ""
        print(
            f"[{progress.jobs_done}/{progress.jobs_total} jobs{chunks}] {progress.message}",
            file=sys.stderr,
            flush=True,
        )


def _docs(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    kb = services.knowledge_bases.resolve(args.kb)
    documents = services.knowledge_bases.documents(kb.id)
    if out.as_json:
        out.data(documents)
        return 0
    rows = [
        [
            d.id,
            d.name,
            f"v{d.version}" if d.version else "-",
            d.status + (f" (v{d.latest_version})" if d.version and d.latest_version != d.version else ""),
            str(d.chunks),
            d.error or "",
        ]
        for d in documents
    ]
    out.table(
        rows,
        ["ID", "NAME", "VERSION", "STATUS", "CHUNKS", "ERROR"],
        "No documents: add some with `mira kb add`.",
    )
    return 0


def _jobs(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    kb = services.knowledge_bases.resolve(args.kb)
    jobs = services.knowledge_bases.jobs(kb.id)
    if out.as_json:
        out.data(jobs)
        return 0
    rows = [
        [j.id, j.document, f"v{j.version}", j.state, f"{j.progress * 100:.0f}%", j.error or j.message]
        for j in jobs
    ]
    out.table(rows, ["ID", "DOCUMENT", "VERSION", "STATE", "PROGRESS", "MESSAGE"], "No index jobs.")
    return 0


def _search(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    kb = services.knowledge_bases.resolve(args.kb)
    hits = services.knowledge.search.search(kb.id, args.query, args.k, args.mode)
    if out.as_json:
        out.data(
            {
                "knowledge_base": kb.id,
                "query": args.query,
                "mode": args.mode,
                "hits": [
                    {
                        "document": h.document,
                        "document_id": h.document_id,
                        "version": h.version,
                        "location": h.location,
                        "location_label": h.location_label,
                        "text": h.text,
                        "score": h.score,
                        "scores": h.scores,
                        "merged": h.merged,
                    }
                    for h in hits
                ],
            }
        )
        return 0
    if not hits:
        out.line("No passages found.")
    for number, h in enumerate(hits, start=1):
        scores = "  ".join(f"{k} {v:.3f}" for k, v in h.scores.items())
        out.line(f"[{number}] {h.document} ({h.location_label})  {scores}")
        quote = " ".join(h.text.split())
        out.line(f"    {quote[:300]}{'…' if len(quote) > 300 else ''}")
    return 0


def _remove_doc(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    kb = services.knowledge_bases.resolve(args.kb)
    document = services.knowledge_bases.remove_document(kb.id, args.doc, on_wait=_tell)
    out.result(
        {"removed": document.id, "name": document.name, "trashed": True},
        f"Moved {document.name} ({document.id}) to the trash: it is no longer searched; "
        f"`mira trash restore {document.id}` brings it back.",
    )
    return 0


def _delete(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    kb = services.knowledge_bases.resolve(args.kb)
    preview = services.knowledge_bases.deletion_preview(kb.id)
    services.knowledge_bases.delete(kb.id, on_wait=_tell)
    out.result(
        {
            "deleted": kb.id,
            "in_trash": True,
            "documents_removed": preview.documents_removed,
            "threads_kept": preview.threads_unbound,
            "messages_kept": preview.messages_kept,
        },
        f"Moved {kb.name} ({kb.id}) to the trash with its {preview.documents_removed} document(s); "
        f"`mira trash restore {kb.id}` brings it back. {preview.threads_unbound} thread(s) with "
        f"{preview.messages_kept} message(s) were kept, unbound until then.",
    )
    return 0


def _watch(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.services.knowledge.indexing.folder_sync import sync_folder

    kb = services.knowledge_bases.resolve(args.kb)
    if args.off:
        services.knowledge_bases.watch(kb.id, None)
        out.result({"knowledge_base": kb.id, "watching": None}, f"{kb.name} no longer follows a folder.")
        return 0
    if not args.folder:
        raise InvalidInputError("Name the folder to follow, or use --off.")
    folder = services.knowledge_bases.watch(kb.id, args.folder)
    assert folder is not None
    synced = sync_folder(kb.id, folder, services.knowledge_bases, services.knowledge.queue)
    data: dict[str, Any] = {
        "knowledge_base": kb.id,
        "watching": folder,
        "jobs": synced.queued,
        "removed": synced.removed,
        "unchanged": synced.unchanged,
    }
    if not out.as_json:
        out.line(
            f"{kb.name} follows {folder}: {len(synced.queued)} new or changed file(s), "
            f"{len(synced.removed)} removed, {synced.unchanged} unchanged."
        )
    if args.no_wait or not synced.queued:
        if out.as_json:
            out.data(data)
        return 0
    report = _wait(services, kb.id, synced.queued, out)
    return _finish(services, kb.id, job_ids=synced.queued, report=report, data=data, out=out)


def _resume(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    indexing = services.knowledge.queue
    kb_ids = [services.knowledge_bases.resolve(args.kb).id] if args.kb else indexing.pending_knowledge_bases()
    results = []
    progress = _ProgressPrinter()
    for kb_id in kb_ids:
        report = indexing.run(kb_id, on_progress=progress, on_wait=_tell)
        results.append(
            {
                "knowledge_base": kb_id,
                "published": report.published,
                "failed": report.failed,
                "cancelled": report.cancelled,
                "embedded": report.embedded,
                "kept": report.kept,
                "rebuilt": report.rebuilt,
            }
        )
        if not out.as_json:
            out.line(
                f"{kb_id}: {report.published} published, {report.failed} failed"
                + (f", {report.kept} chunks kept from the interrupted run" if report.kept else "")
                + (", index rebuilt" if report.rebuilt else "")
            )
    if out.as_json:
        out.data({"resumed": results})
    elif not kb_ids:
        out.line("Nothing to resume.")
    return 0


def _tell(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
