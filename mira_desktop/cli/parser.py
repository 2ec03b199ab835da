"""The ``mira`` argument parser: global options, then a group, then an action."""

from __future__ import annotations

import argparse

from mira_desktop import __version__

DESCRIPTION = """\
Mira Desktop: a local-first assistant. With no command, opens the desktop app.
With a command, works headless on the same data folder (safe beside the running app)."""

EPILOG = """\
Global options go before the group, e.g. `mira --data-dir D --json workspaces list`.
The data folder is --data-dir, else $MIRA_DATA_DIR, else the platform's user data folder.
Exit status is 0 on success; on failure one line goes to stderr and nothing is half-written."""


def _global_options(parser: argparse.ArgumentParser, *, defaults: bool) -> None:
    # Subcommands accept the same options; SUPPRESS keeps them from resetting what came earlier.
    default_dir: str | None = None
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        default=default_dir if defaults else argparse.SUPPRESS,
        help="data folder (default: $MIRA_DATA_DIR or the platform's user data folder)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        default=False if defaults else argparse.SUPPRESS,
        help="print JSON (one object, or JSON lines for streams)",
    )


def parse_gui_launch(argv: list[str]) -> argparse.Namespace | None:
    """The options of a window launch, or None when ``argv`` names a command (or asks for help).

    Decided with the global options alone, so the window starts without loading the commands.
    """
    parser = argparse.ArgumentParser(prog="mira", add_help=False)
    _global_options(parser, defaults=True)
    # Hidden, for the start-up benchmark and the bundle smoke test. --exit-after-paint: open the
    # window, print the time to its first paint as JSON, and quit. --exit-when-ready: start as
    # usual, print the first paint and the time the window became usable (threads listed, composer
    # enabled with the model ready) as JSON, and quit.
    parser.add_argument("--exit-after-paint", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--exit-when-ready", action="store_true", help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args(argv)
    return None if rest else args


def build_parser() -> argparse.ArgumentParser:
    from mira_desktop.cli import (
        agent,
        attachments,
        backup,
        chat,
        data,
        eval,
        info,
        kb,
        mcp,
        media,
        memory,
        models,
        projects,
        roles,
        runs,
        serve,
        skills,
        threads,
        tools,
        transcribe,
        trash,
        web,
        workspaces,
    )

    parser = argparse.ArgumentParser(
        prog="mira",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _global_options(parser, defaults=True)
    parser.add_argument("--version", action="version", version=f"mira {__version__}")
    common = argparse.ArgumentParser(add_help=False)
    _global_options(common, defaults=False)
    groups = parser.add_subparsers(dest="group", metavar="GROUP", title="command groups")
    info.register(groups, common)
    workspaces.register(groups, common)
    projects.register(groups, common)
    roles.register(groups, common)
    chat.register(groups, common)
    threads.register(groups, common)
    runs.register(groups, common)
    agent.register(groups, common)
    mcp.register(groups, common)
    skills.register(groups, common)
    data.register(groups, common)
    tools.register(groups, common)
    web.register(groups, common)
    memory.register(groups, common)
    trash.register(groups, common)
    backup.register(groups, common)
    models.register(groups, common)
    kb.register(groups, common)
    eval.register(groups, common)
    attachments.register(groups, common)
    media.register(groups, common)
    transcribe.register(groups, common)
    serve.register(groups, common)
    return parser
