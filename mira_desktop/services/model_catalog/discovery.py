"""Models already on this computer: GGUF files in the folders of LM Studio, GPT4All, Jan and Ollama.

Ollama keeps its models as content-addressed blobs; its manifests name them (``library/llama3/8b``
→ the layer of media type ``…image.model``) and the blob is recognised by the GGUF magic. Each
find carries what its header says (name, quantization, context length) and its size, so a user
can choose before adding it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from mira_desktop.models.adapters.local.gguf_metadata import GgufInfo, read_gguf_info

MAX_FILES = 500
OLLAMA_MODEL_LAYER = "application/vnd.ollama.image.model"


@dataclass(frozen=True)
class FoundModel:
    path: Path
    app: str  # which program keeps it: LM Studio, GPT4All, Jan, Ollama
    label: str  # the program's name for it (Ollama: library/name:tag), else the file name
    info: GgufInfo

    def to_dict(self) -> dict[str, object]:
        return {
            "path": str(self.path),
            "app": self.app,
            "label": self.label,
            "name": self.info.name,
            "architecture": self.info.architecture,
            "quantization": self.info.quantization,
            "context_length": self.info.context_length,
            "size_bytes": self.info.size_bytes,
        }


def default_folders(home: Path) -> list[tuple[str, Path]]:
    """Where each program keeps its models on Linux, macOS and Windows."""
    return [
        ("LM Studio", home / ".lmstudio" / "models"),
        ("LM Studio", home / ".cache" / "lm-studio" / "models"),
        ("GPT4All", home / ".local" / "share" / "nomic.ai" / "GPT4All"),
        ("GPT4All", home / "Library" / "Application Support" / "nomic.ai" / "GPT4All"),
        ("GPT4All", home / "AppData" / "Local" / "nomic.ai" / "GPT4All"),
        ("Jan", home / "jan" / "models"),
        ("Jan", home / ".local" / "share" / "Jan" / "data" / "models"),
        ("Jan", home / ".local" / "share" / "Jan" / "data" / "llamacpp" / "models"),
        ("Ollama", home / ".ollama" / "models"),
        ("Ollama", Path("/usr/share/ollama/.ollama/models")),
    ]


def discover(folders: list[tuple[str, Path]]) -> list[FoundModel]:
    """Every GGUF model under ``folders`` (each file once, biggest programs' names kept)."""
    found: dict[Path, FoundModel] = {}
    for app, folder in folders:
        candidates = _ollama(folder) if app == "Ollama" else _gguf_files(folder)
        for path, label in candidates:
            real = path.resolve()
            if real in found or len(found) >= MAX_FILES:
                continue
            info = read_gguf_info(real)
            if info is not None:
                found[real] = FoundModel(real, app, label, info)
    return sorted(found.values(), key=lambda m: (m.app, m.label.casefold()))


def _gguf_files(folder: Path) -> Iterator[tuple[Path, str]]:
    if not folder.is_dir():
        return
    for path in folder.rglob("*.gguf"):
        if path.is_file():
            yield path, path.name


def _ollama(folder: Path) -> Iterator[tuple[Path, str]]:
    manifests, blobs = folder / "manifests", folder / "blobs"
    if not manifests.is_dir() or not blobs.is_dir():
        return
    for manifest in manifests.rglob("*"):
        if not manifest.is_file():
            continue
        try:
            layers = json.loads(manifest.read_text("utf-8")).get("layers", [])
        except (OSError, ValueError, AttributeError):
            continue
        for layer in layers if isinstance(layers, list) else []:
            if isinstance(layer, dict) and layer.get("mediaType") == OLLAMA_MODEL_LAYER:
                digest = str(layer.get("digest", "")).replace(":", "-")
                parts = manifest.relative_to(manifests).parts
                label = "/".join(parts[1:-1]) + ":" + parts[-1] if len(parts) >= 3 else manifest.name
                yield blobs / digest, label
