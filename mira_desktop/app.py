"""Composition root: builds the store and services, installs error hooks, starts the UI or the CLI.

Nothing else constructs concrete adapters: :func:`~mira_desktop.app_wiring.build_services` builds
every service (the ``mira`` command and the tests call it; the window calls it on a worker thread
after its first frame). Heavy libraries are not imported here: the window must appear before they
load.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.app_wiring import build_services
from mira_desktop.cli.parser import build_parser, parse_gui_launch
from mira_desktop.core.data_folder import resolve_data_dir
from mira_desktop.core.errors import MiraError

if TYPE_CHECKING:
    from mira_desktop.core.notifications import Notification, NotificationBus
    from mira_desktop.services.app.bundle import AppServices


def open_window_services(data_dir: Path, notifications: NotificationBus | None = None) -> AppServices:
    """The services of the desktop app, built on the window's worker thread after its first frame;
    then what a kill or a shutdown left unfinished goes on (model downloads; index jobs resume when
    the window attaches)."""
    services = build_services(data_dir, notifications)
    try:
        services.hub.downloads.resume_unfinished()
    except BaseException:
        services.close()
        raise
    _serve_if_turned_on(services)
    return services


def _serve_if_turned_on(services: AppServices) -> None:
    """The window serves its models while it is open when Settings → Local server says so; a port
    taken or a keyring missing is said, and the window opens all the same."""
    from mira_desktop.core.notifications import Level

    try:
        services.local_server.serve_as_set()
    except MiraError as exc:
        services.notifications.post(Level.WARNING, str(exc), error=exc)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    launch = parse_gui_launch(arguments)
    if launch is not None:
        from mira_desktop.ui.shell.launch import run_gui

        return run_gui(
            resolve_data_dir(launch.data_dir),
            open_window_services,
            exit_after_paint=launch.exit_after_paint,
            exit_when_ready=launch.exit_when_ready,
        )
    parser = build_parser()
    args = parser.parse_args(arguments)
    if args.group is None:
        parser.print_help(sys.stderr)
        return 2
    return _run_cli(args)


def _run_cli(args: argparse.Namespace) -> int:
    from mira_desktop.cli.main import run_command
    from mira_desktop.services.app.crash_reports import write_crash_report

    services: AppServices | None = None
    data_dir = resolve_data_dir(args.data_dir)
    try:
        services = build_services(data_dir)
        services.notifications.subscribe(_print_notification)  # background work's problems are seen here too
        services.changes.subscribe(services.other_processes.record)  # the open window reloads just these
        return run_command(args, services)
    except MiraError as exc:
        print(f"mira: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("mira: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader closed the pipe (`mira kb search … | head`): end quietly, as a killed writer would.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except Exception as exc:
        where = ""
        with contextlib.suppress(OSError):
            where = f" (details in {write_crash_report(data_dir / 'logs', exc)})"
        print(f"mira: internal error: {type(exc).__name__}: {exc}{where}", file=sys.stderr)
        return 70
    finally:
        if services is not None:
            services.close()


def _print_notification(note: Notification) -> None:
    """A warning or error of the command's background work, one line on stderr (what the window shows)."""
    from mira_desktop.core.notifications import Level

    if note.level is not Level.INFO:
        print(f"mira: {note.level.value}: {note.message}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
