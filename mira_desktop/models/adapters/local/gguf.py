"""Checking that a file is a GGUF model before llama.cpp is asked to load it."""

from __future__ import annotations

from pathlib import Path

from mira_desktop.models.errors import ErrorKind, ModelError

GGUF_MAGIC = b"GGUF"


def check_gguf(path: Path) -> None:
    """Raise a ModelError naming the problem if ``path`` is not a readable GGUF file."""
    if not path.exists():
        raise ModelError(
            ErrorKind.MODEL_ERROR,
            f"The model file {path} does not exist: pick another GGUF file.",
            missing=True,
        )
    if not path.is_file():
        raise ModelError(ErrorKind.MODEL_ERROR, f"{path} is a folder, not a GGUF model file.")
    try:
        with path.open("rb") as handle:
            magic = handle.read(4)
    except OSError as exc:
        raise ModelError(
            ErrorKind.MODEL_ERROR, f"Cannot read the model file {path}: {exc.strerror}."
        ) from exc
    if magic != GGUF_MAGIC:
        raise ModelError(
            ErrorKind.MODEL_ERROR,
            f"{path.name} is not a GGUF model file: llama.cpp needs a .gguf file (convert the model or pick another).",
        )
