"""`mira attachments list|gc`: the stored files, what refers to them, and collecting the unreferenced."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output, to_data

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "attachments", help="files attached to messages, and their garbage collection", parents=[common]
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    listing = commands.add_parser(
        "list", help="every stored file with the messages and drafts that refer to it", parents=[common]
    )
    listing.add_argument(
        "--unreferenced", action="store_true", help="only files nothing refers to (what gc would remove)"
    )
    listing.set_defaults(handler=_list)
    gc = commands.add_parser(
        "gc", help="delete files nothing has referred to for the grace period", parents=[common]
    )
    gc.add_argument("--dry-run", action="store_true", help="say what would be deleted, delete nothing")
    gc.add_argument(
        "--grace",
        metavar="SECONDS",
        type=float,
        help="how long a file must have been unreferenced (default: the setting, 3600)",
    )
    gc.set_defaults(handler=_gc)


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    uses = services.attachments.list(unreferenced=args.unreferenced)
    if out.as_json:
        out.data([{**_record(u.attachment), "messages": u.messages, "drafts": u.drafts} for u in uses])
        return 0
    out.table(
        [
            [
                u.attachment.id,
                u.attachment.name,
                _size(u.attachment.size_bytes),
                str(u.messages),
                str(u.drafts),
                u.attachment.released_at or "",
            ]
            for u in uses
        ],
        ["ID", "NAME", "SIZE", "MESSAGES", "DRAFTS", "RELEASED"],
        "No unreferenced files." if args.unreferenced else "No attachments yet.",
    )
    return 0


def _gc(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    report = services.attachments.collect(args.grace, dry_run=args.dry_run)
    verb = "Would delete" if report.dry_run else "Deleted"
    names = f": {', '.join(report.names)}" if report.names else ""
    extra = f"; {report.orphan_files} stray file(s)" if report.orphan_files else ""
    out.result(
        report,
        f"{verb} {len(report.removed)} file(s), {_size(report.bytes_freed)}{names}{extra}; {report.kept} kept.",
    )
    return 0


def _record(attachment: object) -> dict[str, object]:
    data = to_data(attachment)
    assert isinstance(data, dict)
    return data


def _size(size: int) -> str:
    return f"{size / 1024 / 1024:.1f} MB" if size >= 1024 * 1024 else f"{size / 1024:.0f} KB"
