"""The shape `mira GROUP ACTION` commands share: a group with its own help page, actions under it, and
the actions that take the NAME of what they act on."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from mira_desktop.cli.output import Output
    from mira_desktop.services.app.bundle import AppServices

    Handler = Callable[[argparse.Namespace, AppServices, Output], int]
    Actions = argparse._SubParsersAction[argparse.ArgumentParser]


def command_group(
    groups: Actions, common: argparse.ArgumentParser, name: str, *, help_text: str, description: str
) -> Actions:
    """The command ``name`` (``description`` shown as written by ``mira NAME --help``) and the parser
    its actions are added to; one of them is required."""
    parser = groups.add_parser(
        name,
        help=help_text,
        description=description,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        parents=[common],
    )
    return parser.add_subparsers(dest="action", required=True, metavar="ACTION")


def action(
    commands: Actions, common: argparse.ArgumentParser, name: str, help_text: str, handler: Handler
) -> argparse.ArgumentParser:
    """The action ``name``, run by ``handler``; add its own arguments to what is returned."""
    parser = commands.add_parser(name, help=help_text, parents=[common])
    parser.set_defaults(handler=handler)
    return parser


def named_actions(
    commands: Actions, common: argparse.ArgumentParser, actions: Iterable[tuple[str, str, Handler]]
) -> None:
    """One action for each ``(name, help, handler)``, each taking the name of what it acts on."""
    for name, help_text, handler in actions:
        action(commands, common, name, help_text, handler).add_argument("name")
