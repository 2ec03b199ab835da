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
        raise ReadError(
            ReadErrorKind.TOO_LARGE,
            f"{path.name} is {size / MB:.0f} MB, above the {limits.max_file_bytes / MB:.0f} MB limit for one file.",
        )
    if size == 0:
        raise ReadError(ReadErrorKind.EMPTY, f"{path.name} is empty (0 bytes).")
    return size


def check_zip_container(path: Path, limits: ReaderLimits, kind: str) -> None:
    """Refuse Office files that are not zip packages, or that would unpack to too much data."""
    head = _head(path)
    if head.startswith(b"\xd0\xcf\x11\xe0"):
        raise ReadError(
            ReadErrorKind.ENCRYPTED,
            f"{path.name} is password-protected or in the old binary Office format: open it in its "
            f"application and save it as an unprotected {kind} file.",
        )
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError) as exc:
        raise ReadError(ReadErrorKind.CORRUPT, f"{path.name} is not a valid {kind} file ({exc}).") from exc
    total = 0
    for member in members:
        total += member.file_size
        ratio = member.file_size / max(member.compress_size, 1)
        if member.file_size > 10 * MB and ratio > limits.max_member_ratio:
            raise ReadError(
                ReadErrorKind.TOO_LARGE,
                f"{path.name} contains {member.filename} that expands {ratio:.0f} times over: "
                "refusing a possible zip bomb.",
            )
    if total > limits.max_unpacked_bytes:
        raise ReadError(
            ReadErrorKind.TOO_LARGE,
            f"{path.name} unpacks to {total / MB:.0f} MB, above the {limits.max_unpacked_bytes / MB:.0f} MB "
            "limit: refusing a possible zip bomb.",
        )


def _head(path: Path) -> bytes:
    with path.open("rb") as handle:
        return handle.read(8)


def check_chars(name: str, count: int, limits: ReaderLimits) -> None:
    if count > limits.max_chars:
        raise ReadError(
            ReadErrorKind.TOO_LARGE,
            f"{name} holds more than {limits.max_chars:,} characters of text, above the limit for one file.",
        )
