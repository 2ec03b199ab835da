"""`mira threads fork MESSAGE_ID [--from-here | --onward]`: a new thread from a message."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register_fork(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    fork = commands.add_parser(
        "fork",
        help="a new thread from a message: the history up to it (default) or it and what follows",
        description="Prints the new thread's id. The new thread keeps the role, knowledge base, model and "
        "workspace, and its first message links back to the message it came from. A message on a "
        "branch the thread does not show is forked with the branch it is on (stderr says which). "
        "Exit 3: no such message (or its thread is in the trash); 4: an answer there is still being written.",
        parents=[common],
    )
    fork.add_argument("message_id")
    which = fork.add_mutually_exclusive_group()
    which.add_argument(
        "--from-here", action="store_true", help="the history up to and including the message (the default)"
    )
    which.add_argument(
        "--onward", action="store_true", help="the message and what follows it on the visible branch"
    )
    fork.set_defaults(handler=_fork)


def _fork(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.services.threads.fork import ForkMode

    fork = services.forks.fork(args.message_id, ForkMode.ONWARD if args.onward else ForkMode.FROM_HERE)
    data = {
        "thread_id": fork.thread.id,
        "title": fork.thread.title,
        "source_thread_id": fork.source_thread_id,
        "message_id": fork.message_id,
        "mode": fork.mode.value,
        "messages": fork.message_ids,
        "on_visible_branch": fork.on_visible_branch,
        "branch_leaf_id": fork.branch_leaf_id,
    }
    out.result(data, fork.thread.id)
    if not fork.on_visible_branch and not out.as_json:
        print(
            f"mira: note: {fork.message_id} is on a branch {fork.source_thread_id} does not show: "
            f"forked the branch it is on, ending at {fork.branch_leaf_id}.",
            file=sys.stderr,
        )
    return 0
