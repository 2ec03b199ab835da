"""`mira data add|list|remove|schema|query`: data files an agent run may read with SQL (``sql_schema``,
``sql_query``), attached to a workspace or a thread, read-only."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import InvalidInputError

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices

HELP = """\
Attach a SQLite, CSV, XLSX or Parquet file to a workspace (every agent thread in it) or to one
thread: agent runs there get the tools sql_schema and sql_query. The file is opened read-only; a
query is one SELECT, checked by parsing it before it runs (writes, ATTACH, PRAGMA, SET, LOAD,
INSTALL, COPY, CALL, file-reading functions and two statements are refused); it sees only the
tables (or TABLE.COLUMN) in --allow (default: every table) and never the values of --mask columns;
it is interrupted after 5 s and its result cut at 200 rows or 64 kB. A CSV or Parquet file is one
table named after the file; an XLSX file has one table per sheet. Such a file above 200 MB is
refused; reading one stops after 30 s, and what was read is kept until the file changes."""


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "data",
        help="data files (SQLite, CSV, XLSX, Parquet) agent runs may query with read-only SQL",
        description=HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        parents=[common],
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    add = commands.add_parser("add", help="attach a file to a workspace or thread", parents=[common])
    add.add_argument("path", help="the SQLite, CSV, XLSX or Parquet file")
    owner = add.add_mutually_exclusive_group()
    owner.add_argument(
        "--workspace", metavar="ID", help="every agent run in this workspace (default: Mira BASE)"
    )
    owner.add_argument("--thread", metavar="ID", help="only this thread's agent runs")
    add.add_argument(
        "--allow", nargs="+", default=[], metavar="TABLE", help="only these tables (or TABLE.COLUMN)"
    )
    add.add_argument("--mask", nargs="+", default=[], metavar="TABLE.COLUMN", help="columns shown as ***")
    add.set_defaults(handler=_add)
    listing = commands.add_parser("list", help="every attached file", parents=[common])
    where = listing.add_mutually_exclusive_group()
    where.add_argument("--workspace", metavar="ID", help="only the files attached to this workspace")
    where.add_argument("--thread", metavar="ID", help="only the files attached to this thread itself")
    listing.set_defaults(handler=_list)
    remove = commands.add_parser(
        "remove",
        help="detach a file, or every file of a thread (the files themselves are left alone)",
        parents=[common],
    )
    which = remove.add_mutually_exclusive_group(required=True)
    which.add_argument("id", nargs="?", help="the id `mira data list` shows")
    which.add_argument("--thread", metavar="ID", help="every file attached to this thread itself")
    remove.set_defaults(handler=_remove)
    schema = commands.add_parser("schema", help="the tables and columns a run sees", parents=[common])
    schema.add_argument("id")
    schema.set_defaults(handler=_schema)
    query = commands.add_parser("query", help="run one read-only SELECT as a run would", parents=[common])
    query.add_argument("id")
    query.add_argument("sql")
    query.set_defaults(handler=_query)


def _add(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    thread_id = services.threads.get(args.thread).id if args.thread else None
    workspace_id = None
    if thread_id is None:
        workspace_id = (
            services.workspaces.get(args.workspace) if args.workspace else services.workspaces.default()
        ).id
    source = services.data.add(
        Path(args.path),
        workspace_id=workspace_id,
        thread_id=thread_id,
        allow=tuple(args.allow),
        mask=tuple(args.mask),
    )
    where = f"the thread {thread_id}" if thread_id else f"the workspace {workspace_id}"
    out.result(source.to_dict(), f"Attached {source.name} ({source.kind}) to {where} as {source.id}.")
    return 0


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    found = services.data.list()
    if args.thread:
        found = services.data.for_thread(services.threads.get(args.thread).id)
    elif args.workspace:
        workspace_id = services.workspaces.get(args.workspace).id
        found = [s for s in found if s.workspace_id == workspace_id]
    if out.as_json:
        out.data([s.to_dict() for s in found])
        return 0
    rows = [
        [
            s.id,
            s.name,
            s.kind,
            f"workspace {s.workspace_id}" if s.workspace_id else f"thread {s.thread_id}",
            ", ".join(s.allow) or "every table",
            ", ".join(s.mask) or "-",
        ]
        for s in found
    ]
    out.table(
        rows,
        ["ID", "FILE", "KIND", "FOR", "ALLOWED", "MASKED"],
        "No data attached: see `mira data add --help`.",
    )
    return 0


def _remove(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if args.id:
        source = services.data.remove(args.id)
        out.result(
            {"id": source.id, "removed": True},
            f"Detached {source.name} ({source.id}); the file is unchanged.",
        )
        return 0
    thread_id = services.threads.get(args.thread).id
    removed = [services.data.remove(s.id) for s in services.data.for_thread(thread_id)]
    names = ", ".join(f"{s.name} ({s.id})" for s in removed)
    out.result(
        {"thread_id": thread_id, "removed": [s.id for s in removed]},
        f"Detached {names} from the thread {thread_id}; the files are unchanged."
        if removed
        else f"No data is attached to the thread {thread_id} itself.",
    )
    return 0


def _schema(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.services.data.tool import SqlSchema

    result = SqlSchema([services.data.get(args.id)]).call({}, CancelToken())
    out.result(result.data, result.text)
    return 0


def _query(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.services.data.tool import SqlQuery

    result = SqlQuery([services.data.get(args.id)]).call({"sql": args.sql}, CancelToken())
    if not result.ok:
        raise InvalidInputError(result.text)
    out.result(result.data, result.text)
    return 0
