"""`mira tools add-http|list-http|show-http|remove-http|enable-http|disable-http|set-secret`: tools
declared as data — one HTTPS JSON endpoint each, asked before each call by default."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.cli.actions import action, command_group, named_actions
from mira_desktop.cli.output import Output
from mira_desktop.core.errors import InvalidInputError

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices

HELP = """\
A declared HTTP tool is a JSON file: name, description, url (https://; http:// only on 127.0.0.1 or
localhost), method (GET sends the arguments as the query, POST as a JSON body), parameters (a JSON
schema of the arguments), headers, secret_headers ({"X-Api-Key": "REFERENCE"}: the value is in the
keyring, stored with `mira tools set-secret REFERENCE` from standard input), timeout_seconds (1-60,
default 10) and max_response_bytes (default 1000000). Mira checks the arguments against the schema,
calls only that host (a redirect elsewhere is refused), refuses an answer that is not JSON or is too
big, and gives the model the JSON. Agent runs ask before each call unless you allow the tool
(`mira agent permissions`). The shipped example `weather` (Open-Meteo, no key) is off until you run
`mira tools enable-http weather`."""


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    commands = command_group(
        groups,
        common,
        "tools",
        help_text="tools declared as data: HTTPS JSON endpoints agent runs can call",
        description=HELP,
    )
    action(
        commands, common, "list-http", "every declared tool: on or off, method, url, ready or why not", _list
    )
    action(
        commands, common, "add-http", "check a declaration (FILE.json) and keep it, on", _add
    ).add_argument("file", help="the JSON declaration")
    named_actions(
        commands,
        common,
        (
            ("show-http", "a declared tool's whole declaration", _show),
            (
                "remove-http",
                "forget a declared tool (the shipped weather tool can only be turned off)",
                _remove,
            ),
            ("enable-http", "turn a declared tool on: agent runs are offered it", _turn),
            ("disable-http", "turn a declared tool off: no run is offered it", _turn),
        ),
    )
    action(
        commands,
        common,
        "set-secret",
        "store a secret header's value (read from standard input) in the keyring",
        _set_secret,
    ).add_argument("reference", help="the reference a declaration's secret_headers names")


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    views = services.http_tools.list()
    if out.as_json:
        out.data([v.to_dict() for v in views])
        return 0
    rows = [
        [
            v.declaration.name,
            "on" if v.on else "off",
            v.declaration.method,
            v.declaration.url,
            "ready" if v.missing_secret is None else f"needs `mira tools set-secret {v.missing_secret}`",
        ]
        for v in views
    ]
    out.table(rows, ["TOOL", "ON", "METHOD", "URL", "READY"], "No declared tools.")
    return 0


def _add(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    path = Path(args.file)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise InvalidInputError.said("http_tools.file_unreadable", path=str(path), problem=str(exc)) from exc
    tool = services.http_tools.add(data)
    out.result(
        tool.to_dict() | {"on": True}, f"Added the tool {tool.name} ({tool.method} {tool.url}); it is on."
    )
    return 0


def _show(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    tool = services.http_tools.get(args.name)
    out.result(tool.to_dict(), json.dumps(tool.to_dict(), ensure_ascii=False, indent=2))
    return 0


def _remove(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    services.http_tools.remove(args.name)
    out.result({"name": args.name, "removed": True}, f"Removed the tool {args.name}.")
    return 0


def _turn(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    """`enable-http` and `disable-http`."""
    on = args.action == "enable-http"
    tool = services.http_tools.set_on(args.name, on)
    state = "on (runs ask before each call)" if on else "off"
    out.result({"name": tool.name, "on": on}, f"The tool {tool.name} is {state}.")
    return 0


def _set_secret(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    services.http_tools.set_secret(args.reference, sys.stdin.read())
    out.result(
        {"reference": args.reference, "stored": True}, f"Stored the secret {args.reference} in the keyring."
    )
    return 0
