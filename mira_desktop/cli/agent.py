"""`mira agent tools|permissions|sandbox`: the tools agent runs can call, each with its server, risk
and permission; setting a permission; the command sandbox."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output
from mira_desktop.core.errors import InvalidInputError

if TYPE_CHECKING:
    from mira_desktop.core.workspaces import Workspace
    from mira_desktop.services.app.bundle import AppServices

PERMISSION_CHOICES = ["ask", "allow", "deny", "default"]


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "agent", help="agent runs: the tools they can call and the permission of each", parents=[common]
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    tools = commands.add_parser(
        "tools",
        help="each tool with its server, risk, permission and description (MCP servers are started to list theirs)",
        parents=[common],
    )
    tools.add_argument("--workspace", metavar="ID", help="the permissions of this workspace (default: Mira BASE)")
    tools.set_defaults(handler=_tools)
    permissions = commands.add_parser(
        "permissions",
        help="list the permissions you set; with TOOL and a value, set one (default: back to the tool's default)",
        parents=[common],
    )
    permissions.add_argument("tool", nargs="?", help="a tool's name, e.g. write_file or files__search")
    permissions.add_argument("value", nargs="?", choices=PERMISSION_CHOICES)
    permissions.add_argument("--workspace", metavar="ID", help="in this workspace only (default: every workspace)")
    permissions.set_defaults(handler=_permissions)
    sandbox = commands.add_parser(
        "sandbox", help="whether run_command has a sandbox here, and its time limit", parents=[common]
    )
    sandbox.add_argument("--time-limit", type=float, metavar="SECONDS", help="set a command's time limit")
    sandbox.set_defaults(handler=_sandbox)


def _workspace(services: AppServices, workspace_id: str | None) -> Workspace:
    if workspace_id:
        return services.workspaces.get(workspace_id)
    default = next((w for w in services.workspaces.list() if w.is_default), None)
    assert default is not None, "Mira BASE is made at the first start"
    return default


def _tools(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    workspace = _workspace(services, args.workspace)
    report = services.tools.report(workspace, start=True)
    if out.as_json:
        out.data(
            {
                "workspace": {"id": workspace.id, "name": workspace.name},
                "tools": [listing.to_dict() for listing in report.tools],
                "absent": [line.english for line in report.absent],
            }
        )
        return 0
    rows = []
    for listing in report.tools:
        tool = listing.tool
        permission = (listing.permission or listing.default).value
        where = "" if listing.permission is None else (" (this workspace)" if listing.set_here else " (everywhere)")
        hint = " read-only" if tool.read_only_hint else ""
        rows.append(
            [tool.name, tool.server or tool.origin.value, tool.risk.value + hint, permission + where, tool.description[:70]]
        )
    out.table(rows, ["TOOL", "SERVER", "RISK", "PERMISSION", "WHAT IT DOES"], "No tools.")
    for line in report.absent:
        out.line(f"Not offered: {line}")
    return 0


def _permissions(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.core.tool_records import Permission

    workspace = services.workspaces.get(args.workspace) if args.workspace else None
    where = f"in {workspace.name}" if workspace else "in every workspace"
    if args.tool is not None:
        if args.value is None:
            raise InvalidInputError(f"Say what {args.tool} may do: ask, allow, deny or default.")
        value = None if args.value == "default" else Permission(args.value)
        services.tool_permissions.set(args.tool, value, workspace.id if workspace else None)
        said = "follows its default" if value is None else f"is set to {value.value}"
        out.result(
            {"tool": args.tool, "permission": args.value, "workspace_id": workspace.id if workspace else None},
            f"{args.tool} {said} {where}.",
        )
        return 0
    names = {w.id: w.name for w in services.workspaces.list()}
    listed = services.tool_permissions.list(workspace.id if workspace else None)
    if out.as_json:
        out.data([{"tool": p.tool, "permission": p.permission.value, "workspace_id": p.workspace_id} for p in listed])
        return 0
    rows = [[p.tool, p.permission.value, names.get(p.workspace_id or "", "every workspace")] for p in listed]
    out.table(rows, ["TOOL", "PERMISSION", "WHERE"], "No permissions set: every tool follows its default.")
    return 0


def _sandbox(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if args.time_limit is not None:
        services.tools.set_command_seconds(args.time_limit)
    sandbox = services.tools.sandbox()
    seconds = services.tools.command_seconds()
    reason = None if sandbox.reason is None else str(sandbox.reason)
    data = {"available": sandbox.available, "reason": reason, "bwrap": sandbox.version, "time_limit": seconds}
    text = (
        f"run_command runs in a bubblewrap sandbox ({sandbox.version}); a command may take {seconds:g} seconds."
        if sandbox.available
        else f"run_command is not offered: {sandbox.reason}."
    )
    out.result(data, text)
    return 0
