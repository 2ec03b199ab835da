"""Running a parsed ``mira`` command against the services."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from mira_desktop.cli.output import Output

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices

    Handler = Callable[[argparse.Namespace, AppServices, Output], int]


def run_command(args: argparse.Namespace, services: AppServices, stdout: TextIO | None = None) -> int:
    handler: Handler = args.handler
    return handler(args, services, Output(bool(args.json), stdout))
