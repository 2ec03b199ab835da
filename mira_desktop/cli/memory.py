"""`mira memory list|add|edit|remove|on|off`: the facts every request may carry in its memory slot."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "memory", help="long-term memory: facts about you, each on or off", parents=[common]
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    commands.add_parser(
        "list", help="every fact, with its scope and whether it is on", parents=[common]
    ).set_defaults(handler=_list)
    add = commands.add_parser(
        "add", help="remember a fact (for every thread, or one workspace's)", parents=[common]
    )
    add.add_argument("text")
    add.add_argument("--workspace", metavar="ID", help="only for the threads of this workspace")
    add.set_defaults(handler=_add)
    edit = commands.add_parser("edit", help="change a fact's text", parents=[common])
    edit.add_argument("id")
    edit.add_argument("text")
    edit.set_defaults(handler=_edit)
    for name, handler, help_text in (
        ("remove", _remove, "forget a fact"),
        ("on", _on, "use a fact again"),
        ("off", _off, "keep a fact but leave it out of requests"),
    ):
        sub = commands.add_parser(name, help=help_text, parents=[common])
        sub.add_argument("id")
        sub.set_defaults(handler=handler)


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    facts = services.memory.list()
    if out.as_json:
        out.data(facts)
        return 0
    out.table(
        [[f.id, "on" if f.enabled else "off", f.workspace_id or "all", f.text] for f in facts],
        ["ID", "STATE", "SCOPE", "FACT"],
        "No memory facts yet: `mira memory add TEXT`.",
    )
    return 0


def _add(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    fact = services.memory.add(args.text, args.workspace)
    out.result(fact, f"Remembered {fact.id}: {fact.text}")
    return 0


def _edit(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    fact = services.memory.edit(args.id, args.text)
    out.result(fact, f"Changed {fact.id}: {fact.text}")
    return 0


def _remove(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    fact = services.memory.remove(args.id)
    out.result({"removed": fact.id}, f"Forgot {fact.id}.")
    return 0


def _on(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    fact = services.memory.set_enabled(args.id, True)
    out.result(fact, f"{fact.id} is on.")
    return 0


def _off(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    fact = services.memory.set_enabled(args.id, False)
    out.result(fact, f"{fact.id} is off (kept, not sent).")
    return 0
