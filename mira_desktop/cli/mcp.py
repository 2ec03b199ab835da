"""`mira mcp add|import|list|tools|test|enable|disable|remove|trust-read-only|workspace|timeout`."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mira_desktop.cli.output import Output
from mira_desktop.core.errors import InvalidInputError

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices

ADD_USAGE = (
    "mira mcp add NAME [--env NAME=VALUE | --env NAME]... -- COMMAND [ARGS...]\n"
    "       mira mcp add NAME --url URL [--header NAME:VALUE]..."
)
ADD_HELP = """\
A server Mira starts: everything after -- is its command line. --env NAME=VALUE stores a value whose
name marks it as a secret (KEY, TOKEN, SECRET, PASSWORD, AUTH...) in the OS keyring only (never in
Mira's database; with no usable keyring the server is not added) and any other value (a path) as
the server's setting; --env NAME passes Mira's own variable NAME on.
A server at a URL (streamable HTTP): --url, with --header values stored in the keyring."""


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "mcp", help="MCP servers: tools from other programs for agent runs", parents=[common]
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    add = commands.add_parser(
        "add",
        help="add a server: a command Mira starts, or a URL",
        usage=ADD_USAGE,
        description=ADD_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        parents=[common],
    )
    add.add_argument("name", help="a short name: letters, digits, - and _ (its tools are NAME__TOOL)")
    add.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    add.set_defaults(handler=_add)
    imported = commands.add_parser(
        "import",
        help='add the servers of an "mcpServers" JSON file (Claude Desktop, Cursor, LM Studio); a server'
        " that cannot be added (a secret and no usable keyring) is named with the reason",
        parents=[common],
    )
    imported.add_argument("file", help="e.g. ~/.config/Claude/claude_desktop_config.json")
    imported.set_defaults(handler=_import)
    listed = commands.add_parser("list", help="every server: its state, tools found and last error", parents=[common])
    listed.set_defaults(handler=_list)
    for action, help_text, handler in (
        ("tools", "start the server if needed and list its tools with their permission", _tools),
        ("test", "start (or reach) the server, list its tools, say how long it took", _test),
        ("enable", "turn a server on for agent runs", _enable),
        ("disable", "turn a server off (it is stopped)", _disable),
        ("remove", "stop and forget a server, its stored secrets and its settings", _remove),
    ):
        command = commands.add_parser(action, help=help_text, parents=[common])
        command.add_argument("name")
        command.set_defaults(handler=handler)
    trust = commands.add_parser(
        "trust-read-only",
        help="run the tools this server marks read-only without asking (on), or ask for them too (off)",
        parents=[common],
    )
    trust.add_argument("name")
    trust.add_argument("value", choices=["on", "off"])
    trust.set_defaults(handler=_trust)
    workspace = commands.add_parser(
        "workspace", help="turn a server on or off for one workspace's runs", parents=[common]
    )
    workspace.add_argument("workspace_id")
    workspace.add_argument("name")
    workspace.add_argument("value", choices=["on", "off", "default"], help="default: as the server is set")
    workspace.set_defaults(handler=_workspace)
    timeout = commands.add_parser(
        "timeout", help="show or set how long a call (and a start) may take, in seconds", parents=[common]
    )
    timeout.add_argument("seconds", nargs="?", type=float)
    timeout.set_defaults(handler=_timeout)


def _add(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    options, command = _split_add(args.rest)
    mcp = services.mcp
    if options.url is not None:
        if command:
            raise InvalidInputError("Give either --url or a command after --, not both.")
        server = mcp.add_http(args.name, options.url, _pairs(options.header, ":", "--header NAME:VALUE"))
    else:
        if not command:
            raise InvalidInputError(f"Give the server's command after --, or its --url. Usage: {ADD_USAGE}")
        env: dict[str, str | None] = {}
        for item in options.env:
            name, sep, value = item.partition("=")
            env[name] = value if sep else None
        server = mcp.add_stdio(args.name, command[0], command[1:], env)
    out.result(
        mcp.view(server.name).to_dict(),
        f"Added the MCP server {server.name} ({server.where}); it starts when a run needs it. "
        f"Try it: mira mcp test {server.name}",
    )
    return 0


def _split_add(rest: list[str]) -> tuple[argparse.Namespace, list[str]]:
    # argparse drops a "--" that comes right after NAME, and keeps one that follows options.
    if "--" in rest:
        at = rest.index("--")
        before, command = rest[:at], rest[at + 1 :]
    elif rest and rest[0].startswith("-"):
        before, command = rest, []
    else:
        before, command = [], rest
    parser = argparse.ArgumentParser(prog="mira mcp add NAME", add_help=False, exit_on_error=False)
    parser.add_argument("--env", action="append", default=[])
    parser.add_argument("--url")
    parser.add_argument("--header", action="append", default=[])
    try:
        options, unknown = parser.parse_known_args(before)
    except argparse.ArgumentError as exc:
        raise InvalidInputError(f"{exc}. Usage: {ADD_USAGE}") from None
    if unknown:
        raise InvalidInputError(
            f"Unexpected {' '.join(unknown)!r}: put the server's command after --. Usage: {ADD_USAGE}"
        )
    return options, command


def _pairs(items: list[str], separator: str, form: str) -> dict[str, str]:
    found = {}
    for item in items:
        name, sep, value = item.partition(separator)
        if not sep or not name.strip():
            raise InvalidInputError(f"{item!r} is not {form}.")
        found[name.strip()] = value.strip()
    return found


def _import(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    report = services.mcp.import_file(Path(args.file).expanduser())
    data = {
        "added": report.added,
        "refused": [{"name": n, "reason": str(r)} for n, r in report.refused],
        "renamed": [{"from": a, "to": b} for a, b in report.renamed],
        "settings": [{"name": n, "variables": v} for n, v in report.settings],
    }
    if out.as_json:
        out.data(data)
    else:
        out.line(f"Added {len(report.added)} MCP server(s): {', '.join(report.added) or 'none'}.")
        for original, name in report.renamed:
            out.line(f"  {original!r} is named {name} in Mira.")
        for name, variables in report.settings:
            out.line(f"  {name}: {', '.join(variables)} kept as its settings (not secrets, by their names).")
        for name, reason in report.refused:
            out.line(f"  Not added: {name} — {reason}")
    return 0 if report.added or not report.refused else 2


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    views = services.mcp.list()
    if out.as_json:
        out.data([v.to_dict() for v in views])
        return 0
    rows = []
    for view in views:
        state = view.state.value + (f": {view.reason}" if view.reason else "")
        found = str(len(view.tools)) if view.server.tools is not None else "-"
        rows.append([view.server.name, "on" if view.server.enabled else "off", found, view.server.where, state])
    out.table(rows, ["SERVER", "ON", "TOOLS", "COMMAND OR URL", "STATE"], "No MCP servers: add one with `mira mcp add` or `mira mcp import`.")
    return 0


def _tools(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.services.mcp.tool import definitions

    server = services.mcp.get(args.name)
    listed = services.mcp.tools(args.name)
    permissions = services.tool_permissions.effective(None)
    items = definitions(services.mcp.get(args.name), listed, set())
    described: list[dict[str, Any]] = []
    for item in items:
        if item.definition is None:
            described.append({"tool": item.remote_name, "name": None, "problem": item.problem})
            continue
        tool = item.definition
        chosen = permissions.get(tool.name)
        described.append(
            tool.to_dict()
            | {
                "tool": item.remote_name,
                "permission": chosen.permission.value if chosen else ("allow" if tool.risk.value == "read" else "ask"),
            }
        )
    if out.as_json:
        out.data({"server": server.name, "tools": described})
        return 0
    rows = [
        [
            d["name"] or "-",
            "yes" if d.get("read_only_hint") else "-",
            d.get("permission", "not offered"),
            str(d.get("description") or d.get("problem") or "")[:80].split("\n", 1)[0],
        ]
        for d in described
    ]
    out.table(rows, ["TOOL", "READ-ONLY", "PERMISSION", "WHAT IT DOES"], f"{server.name} lists no tools.")
    return 0


def _test(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    started = time.perf_counter()
    listed = services.mcp.tools(args.name)
    seconds = time.perf_counter() - started
    out.result(
        {"server": args.name, "ok": True, "seconds": round(seconds, 3), "tools": [t["name"] for t in listed]},
        f"{args.name} works: {len(listed)} tool(s) in {seconds:.2f} s — {', '.join(t['name'] for t in listed) or 'none'}.",
    )
    return 0


def _enable(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    services.mcp.set_enabled(args.name, True)
    out.result({"server": args.name, "enabled": True}, f"{args.name} is on for agent runs.")
    return 0


def _disable(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    services.mcp.set_enabled(args.name, False)
    out.result({"server": args.name, "enabled": False}, f"{args.name} is off: no run is offered its tools.")
    return 0


def _remove(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    services.mcp.remove(args.name)
    out.result({"server": args.name, "removed": True}, f"Removed the MCP server {args.name}, its stored secrets and its settings.")
    return 0


def _trust(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    services.mcp.set_trust_read_only(args.name, args.value == "on")
    text = (
        f"The tools {args.name} marks read-only now run without asking."
        if args.value == "on"
        else f"Every tool of {args.name} asks again (unless you allowed it)."
    )
    out.result({"server": args.name, "trust_read_only": args.value == "on"}, text)
    return 0


def _workspace(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    workspace = services.workspaces.get(args.workspace_id)
    value = None if args.value == "default" else args.value == "on"
    services.mcp.set_for_workspace(workspace.id, args.name, value)
    said = {"on": "uses", "off": "does not use", "default": "follows the server's own switch for"}[args.value]
    out.result(
        {"workspace_id": workspace.id, "server": args.name, "enabled": value},
        f"{workspace.name} {said} {args.name}.",
    )
    return 0


def _timeout(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if args.seconds is not None:
        services.mcp.set_timeout(args.seconds)
    seconds = services.mcp.timeout()
    out.result({"timeout_seconds": seconds}, f"An MCP call (and a server's start) may take {seconds:g} seconds.")
    return 0
