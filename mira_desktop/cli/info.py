"""`mira info`."""

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
        "info", help="data folder, schema version, app version, default model", parents=[common]
    )
    parser.set_defaults(handler=_info)


def _info(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    info = services.info.info()
    if out.as_json:
        out.data(info)
        return 0
    out.line(f"Mira Desktop {info.app_version}")
    out.line(f"Data folder:    {info.data_dir}")
    out.line(
        f"Database:       {info.database_path} (schema {info.schema_version} of {info.schema_version_known})"
    )
    model_state = info.default_model_path or "model file not found"
    out.line(f"Default model:  {info.default_model} ({model_state})")
    return 0
