"""Checking that a file is a GGUF model before llama.cpp is asked to load it."""

from __future__ import annotations

from pathlib import Path

from mira_desktop.models.errors import ErrorKind, ModelError

GGUF_MAGIC = b"GGUF"


def check_gguf(path: Path) -> None:
    """Raise a ModelError naming the problem if ``path`` is not a readable GGUF file."""
    if not path.exists():
        raise ModelError.classified(ErrorKind.MODEL_ERROR, "models.file.missing", path=path, missing=True)
    if not path.is_file():
        raise ModelError.classified(ErrorKind.MODEL_ERROR, "models.file.folder", path=path)
    try:
        with path.open("rb") as handle:
            magic = handle.read(4)
    except OSError as exc:
        raise ModelError.classified(
            ErrorKind.MODEL_ERROR, "models.file.unreadable", path=path, reason=exc.strerror
        ) from exc
    if magic != GGUF_MAGIC:
        raise ModelError.classified(ErrorKind.MODEL_ERROR, "models.file.not_gguf", name=path.name)
