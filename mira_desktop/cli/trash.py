"""`mira trash list|restore ID|empty|keep DAYS`: what was deleted, restorable until it is purged."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output
from mira_desktop.core.errors import InvalidInputError

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "trash",
        help="deleted threads, roles, projects, documents, knowledge bases and skills: restore them or empty the trash",
        parents=[common],
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    commands.add_parser(
        "list", help="what is in the trash, newest first, with the day each goes for good", parents=[common]
    ).set_defaults(handler=_list)
    restore = commands.add_parser(
        "restore", help="bring an entry back (its trash id or the object's own id)", parents=[common]
    )
    restore.add_argument("id")
    restore.set_defaults(handler=_restore)
    empty = commands.add_parser(
        "empty", help="delete everything in the trash for good (asks first)", parents=[common]
    )
    empty.add_argument("--yes", action="store_true", help="do not ask")
    empty.set_defaults(handler=_empty)
    keep = commands.add_parser(
        "keep",
        help="how many days an entry stays before it is purged on start (default 30)",
        parents=[common],
    )
    keep.add_argument("days", type=int, nargs="?")
    keep.set_defaults(handler=_keep)


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    entries = services.trash.list()
    if out.as_json:
        out.data(entries)
        return 0
    out.table(
        [
            [e.id, e.kind, e.object_id, e.label, e.trashed_at[:16].replace("T", " "), e.purge_after[:10]]
            for e in entries
        ],
        ["ID", "KIND", "OBJECT", "NAME", "DELETED", "PURGED ON"],
        "The trash is empty.",
    )
    return 0


def _restore(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    restored = services.trash.restore(args.id)
    entry = restored.entry
    lines = [f"Restored the {entry.kind.replace('_', ' ')} {entry.label!r} ({entry.object_id})."] + [
        f"  {note}" for note in restored.notes
    ]
    out.result(restored, "\n".join(lines))
    return 0


def _empty(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    count = services.trash.count()
    if count and not args.yes:
        if not sys.stdin.isatty():
            raise InvalidInputError(
                f"Emptying the trash deletes {count} item(s) for good: add --yes to confirm."
            )
        answer = input(f"Delete {count} item(s) in the trash for good? [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            out.result({"purged": 0}, "Nothing was deleted.")
            return 0
    purged = services.trash.empty()
    out.result({"purged": purged}, f"Deleted {purged} item(s) for good." if purged else "The trash is empty.")
    return 0


def _keep(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    days = (
        services.trash.retention_days() if args.days is None else services.trash.set_retention_days(args.days)
    )
    out.result({"retention_days": days}, f"Entries stay in the trash for {days} day(s), then go for good.")
    return 0
