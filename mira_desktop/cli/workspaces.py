"""`mira workspaces list|add|rename|delete`."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser("workspaces", help="folders that agent threads work inside", parents=[common])
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    commands.add_parser("list", help="list workspaces", parents=[common]).set_defaults(handler=_list)
    add = commands.add_parser("add", help="add an existing folder as a workspace", parents=[common])
    add.add_argument("name")
    add.add_argument("path")
    add.set_defaults(handler=_add)
    rename = commands.add_parser(
        "rename", help="give a workspace another name (its folder is not touched)", parents=[common]
    )
    rename.add_argument("id")
    rename.add_argument("name")
    rename.set_defaults(handler=_rename)
    delete = commands.add_parser(
        "delete", help="move a workspace to the trash (its folder and files are not touched)", parents=[common]
    )
    delete.add_argument("id")
    delete.set_defaults(handler=_delete)


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    workspaces = services.workspaces.list()
    if out.as_json:
        out.data(workspaces)
    else:
        rows = [[w.id, w.name + (" (default)" if w.is_default else ""), w.root_path] for w in workspaces]
        out.table(rows, ["ID", "NAME", "FOLDER"], "No workspaces.")
    return 0


def _add(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    workspace = services.workspaces.add(args.name, args.path)
    out.result(workspace, f"Added workspace {workspace.name} ({workspace.id}) at {workspace.root_path}")
    return 0


def _rename(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    workspace = services.workspaces.rename(args.id, args.name)
    out.result(workspace, f"Renamed workspace {workspace.id} to {workspace.name}")
    return 0


def _delete(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    workspace = services.workspaces.delete(args.id)
    out.result(
        {"deleted": workspace.id, "trashed": True, "folder_kept": workspace.root_path},
        f"Moved workspace {workspace.name} ({workspace.id}) to the trash; "
        f"the folder {workspace.root_path} was not touched.",
    )
    return 0
