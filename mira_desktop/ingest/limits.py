"""Limits that keep a hostile or huge file from exhausting memory or time."""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path

from mira_desktop.ingest.types import ReadError, ReadErrorKind

MB = 1024 * 1024


@dataclass(frozen=True)
class ReaderLimits:
    max_file_bytes: int = 200 * MB
    max_pages: int = 3000
    max_unpacked_bytes: int = 512 * MB
    # A member that expands more than this many times over (and past 10 MB) is a zip bomb.
    max_member_ratio: int = 200
    max_chars: int = 40_000_000
    max_cells: int = 2_000_000


def check_file_size(path: Path, limits: ReaderLimits) -> int:
    size = path.stat().st_size
    if size > limits.max_file_bytes:
        raise ReadError.said(
            ReadErrorKind.TOO_LARGE,
            "read.too_big",
            name=path.name,
            size=f"{size / MB:.0f}",
            most=f"{limits.max_file_bytes / MB:.0f}",
        )
    if size == 0:
        raise ReadError.said(ReadErrorKind.EMPTY, "read.empty", name=path.name)
    return size


def check_zip_container(path: Path, limits: ReaderLimits, kind: str) -> None:
    """Refuse Office files that are not zip packages, or that would unpack to too much data."""
    head = _head(path)
    if head.startswith(b"\xd0\xcf\x11\xe0"):
        raise ReadError.said(ReadErrorKind.ENCRYPTED, "read.protected_office", name=path.name, kind=kind)
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError) as exc:
        raise ReadError.said(
            ReadErrorKind.CORRUPT, "read.bad_file", name=path.name, kind=kind, error=exc
        ) from exc
    total = 0
    for member in members:
        total += member.file_size
        ratio = member.file_size / max(member.compress_size, 1)
        if member.file_size > 10 * MB and ratio > limits.max_member_ratio:
            raise ReadError.said(
                ReadErrorKind.TOO_LARGE,
                "read.zip_ratio",
                name=path.name,
                filename=member.filename,
                ratio=f"{ratio:.0f}",
            )
    if total > limits.max_unpacked_bytes:
        raise ReadError.said(
            ReadErrorKind.TOO_LARGE,
            "read.zip_bomb",
            name=path.name,
            total=f"{total / MB:.0f}",
            most=f"{limits.max_unpacked_bytes / MB:.0f}",
        )


def _head(path: Path) -> bytes:
    with path.open("rb") as handle:
        return handle.read(8)


def check_chars(name: str, count: int, limits: ReaderLimits) -> None:
    if count > limits.max_chars:
        raise ReadError.said(
            ReadErrorKind.TOO_LARGE, "read.too_much_text", name=name, most=f"{limits.max_chars:,}"
        )
