"""`mira threads list|show|archive|unarchive|delete`."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output
from mira_desktop.core.threads import ThreadStatus

if TYPE_CHECKING:
    from mira_desktop.services.app_services import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser("threads", help="chat threads", parents=[common])
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    listing = commands.add_parser(
        "list", help="list threads (active ones unless told otherwise)", parents=[common]
    )
    listing.add_argument("--archived", action="store_true", help="list archived threads instead")
    listing.add_argument("--all", action="store_true", help="list active and archived threads")
    listing.set_defaults(handler=_list)
    for name, handler, help_text in (
        ("show", _show, "show a thread and all its messages (every branch)"),
        ("archive", _archive, "archive a thread (kept, hidden from the main list)"),
        ("unarchive", _unarchive, "bring an archived thread back"),
        ("delete", _delete, "delete a thread with its messages, runs and media"),
    ):
        sub = commands.add_parser(name, help=help_text, parents=[common])
        sub.add_argument("id")
        sub.set_defaults(handler=handler)


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    status = None if args.all else ThreadStatus.ARCHIVED if args.archived else ThreadStatus.ACTIVE
    threads = services.threads.list(status)
    if out.as_json:
        out.data(threads)
    else:
        rows = [
            [t.id, t.title or "(untitled)", t.status.value, t.model_ref or "default", t.updated_at]
            for t in threads
        ]
        out.table(rows, ["ID", "TITLE", "STATUS", "MODEL", "UPDATED"], "No threads.")
    return 0


def _show(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    detail = services.threads.show(args.id)
    if out.as_json:
        data = {
            "thread": detail.thread,
            "messages": [
                {
                    "id": m.id,
                    "parent_id": m.parent_id,
                    "role": m.role,
                    "content": m.content,
                    "status": m.status,
                    "error": m.error,
                    "run_id": m.run_id,
                    "created_at": m.created_at,
                }
                for m in detail.messages
            ],
        }
        out.data(data)
        return 0
    thread = detail.thread
    out.line(f"{thread.title or '(untitled)'}  [{thread.id}, {thread.status.value}]")
    for m in detail.messages:
        marker = "" if m.status.value == "complete" else f" ({m.status.value})"
        out.line(f"\n{m.role.value}{marker} {m.id}:\n{m.content}")
    return 0


def _archive(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    thread = services.threads.archive(args.id)
    out.result(thread, f"Archived {thread.id}.")
    return 0


def _unarchive(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    thread = services.threads.unarchive(args.id)
    out.result(thread, f"Unarchived {thread.id}.")
    return 0


def _delete(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    thread = services.threads.delete(args.id)
    out.result({"deleted": thread.id}, f"Deleted thread {thread.id} and its messages.")
    return 0
