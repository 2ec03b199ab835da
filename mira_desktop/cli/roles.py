"""`mira roles list`."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output

if TYPE_CHECKING:
    from mira_desktop.services.app_services import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "roles", help="personas with prompt fields and sampling settings", parents=[common]
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    commands.add_parser("list", help="list roles", parents=[common]).set_defaults(handler=_list)


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    roles = services.roles.list()
    if out.as_json:
        out.data(roles)
    else:
        rows = [[r.id, r.name, r.status.value, r.summary] for r in roles]
        out.table(rows, ["ID", "NAME", "STATUS", "SUMMARY"], "No roles.")
    return 0
