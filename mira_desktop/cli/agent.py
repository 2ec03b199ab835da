"""`mira agent tools`: the tools agent runs can call, each with its JSON schema and risk."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser("agent", help="agent runs: the tools they can call", parents=[common])
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    tools = commands.add_parser(
        "tools", help="each tool with its risk, description and JSON schema", parents=[common]
    )
    tools.set_defaults(handler=_tools)


def _tools(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.agent.tools.catalog import ALL_TOOLS

    described = [tool.to_dict() for tool in ALL_TOOLS]
    if out.as_json:
        out.data(described)
        return 0
    out.table(
        [[t["name"], t["risk"], t["description"]] for t in described],
        ["TOOL", "RISK", "WHAT IT DOES"],
        "No tools.",
    )
    return 0
