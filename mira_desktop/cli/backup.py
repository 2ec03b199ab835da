"""`mira backup create [-o FILE]|verify FILE|restore FILE DIR`: the whole data folder in one archive."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "backup", help="back up the data folder into one archive, check one, restore one", parents=[common]
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    create = commands.add_parser(
        "create",
        help="write a consistent backup (also while the app runs); API keys are never included",
        parents=[common],
    )
    create.add_argument(
        "-o", "--output", metavar="FILE", help="the archive to write (default: mira-backup-DATE.zip here)"
    )
    create.set_defaults(handler=_create)
    verify = commands.add_parser(
        "verify", help="check every checksum and the database of a backup", parents=[common]
    )
    verify.add_argument("file")
    verify.set_defaults(handler=_verify)
    restore = commands.add_parser(
        "restore",
        help="restore a backup into a new, empty folder (verified first); use it with --data-dir DIR",
        parents=[common],
    )
    restore.add_argument("file")
    restore.add_argument("dir")
    restore.set_defaults(handler=_restore)


def _size(count: int) -> str:
    if count < 1024:
        return f"{count} bytes"
    value = float(count)
    for unit in ("KB", "MB"):
        value /= 1024
        if value < 1024:
            return f"{value:.1f} {unit}"
    return f"{value / 1024:.1f} GB"


def _create(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    target = Path(args.output) if args.output else Path.cwd() / services.backup.default_name()
    report = services.backup.create(
        target, on_progress=lambda step: print(f"backing up {step}…", file=sys.stderr)
    )
    out.result(
        {"path": str(report.path), "files": report.files, "bytes": report.bytes, "indexes": report.indexes},
        f"Saved {report.path} ({report.files} files, {_size(report.bytes)}). "
        f"Check it with `mira backup verify {report.path}`.",
    )
    return 0


def _verify(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    manifest = services.backup.verify(Path(args.file))
    out.result(
        {
            "ok": True,
            "kind": manifest.kind,
            "created_at": manifest.created_at,
            "files": len(manifest.files),
            "bytes": manifest.total_bytes,
            "schema_version": manifest.schema_version,
        },
        f"{args.file} is intact: {len(manifest.files)} files, {_size(manifest.total_bytes)}, "
        f"taken {manifest.created_at[:16].replace('T', ' ')} UTC by Mira {manifest.app_version}.",
    )
    return 0


def _restore(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    report = services.backup.restore(Path(args.file), Path(args.dir))
    lines = [
        f"Restored {report.files} files ({_size(report.bytes)}) into {report.folder}. "
        f"Open it with `mira --data-dir {report.folder}` or MIRA_DATA_DIR={report.folder}.",
        *report.notes,
    ]
    out.result(
        {"folder": str(report.folder), "files": report.files, "bytes": report.bytes, "notes": report.notes},
        "\n".join(lines),
    )
    return 0
