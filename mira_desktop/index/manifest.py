"""The index manifest: which generation is live, built with which format and embedder.

The index is derived data. When the format or the knowledge base's embedder changes, a new
generation is built beside the live one from the stored sources and the manifest is switched to it
in one atomic rename; queries keep using the old generation, with the embedder it was built with,
until then.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from mira_desktop.core.clock import now_iso
from mira_desktop.index.analysis import ANALYSIS_VERSION

# Bump when the layout or the content of the tables changes (the analysis has its own version).
# 2: parents in a Tantivy document store, leaf row ids indexed in the BM25 index.
# 3: each leaf's language stored with it (the vector side votes only for covered languages).
INDEX_FORMAT = 3
DEFAULT_EMBEDDER = "minilm"


@dataclass(frozen=True)
class IndexSpec:
    """What an index must have been built with to be used as it is.

    ``embedder`` is the catalog name the knowledge base chose (``minilm``, ``e5-small``,
    ``folder:/path``); ``embedding_model`` the exact model and version its vectors came from.
    """

    embedding_model: str
    dimension: int
    format: int = INDEX_FORMAT
    analysis: int = ANALYSIS_VERSION
    embedder: str = DEFAULT_EMBEDDER  # manifests written before it was recorded used the default


@dataclass(frozen=True)
class Manifest:
    generation: int
    spec: IndexSpec
    created_at: str
    # A generation being built to replace the live one (None when no rebuild is under way).
    building: int | None = None
    building_spec: IndexSpec | None = None

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2)

    @classmethod
    def from_json(cls, text: str) -> Manifest:
        data = json.loads(text)
        building_spec = data.get("building_spec")
        return cls(
            generation=int(data["generation"]),
            spec=IndexSpec(**data["spec"]),
            created_at=str(data["created_at"]),
            building=data.get("building"),
            building_spec=IndexSpec(**building_spec) if building_spec else None,
        )


def read_manifest(path: Path) -> Manifest | None:
    try:
        return Manifest.from_json(path.read_text("utf-8"))
    except FileNotFoundError:
        return None
    except (ValueError, KeyError, TypeError):
        return None  # a damaged manifest: the index is rebuilt from the sources


def new_manifest(generation: int, spec: IndexSpec) -> Manifest:
    return Manifest(generation=generation, spec=spec, created_at=now_iso())
