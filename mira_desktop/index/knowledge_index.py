"""One knowledge base's index folder: manifest, lock, and generations of LanceDB + Tantivy data.

Layout::

    <root>/manifest.json      which generation is live (and which is being built), with its spec
    <root>/index.lock         the writer lock (owner's process id)
    <root>/g0001/lance/       LanceDB table ``leaves``, with the vectors
    <root>/g0001/parents/     parent chunks by row id (a Tantivy document store)
    <root>/g0001/tantivy/     the BM25 index of the same leaves

Writers hold :meth:`KnowledgeIndex.lock`; readers take no lock and read the live generation.
"""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.core.fileio import write_atomically
from mira_desktop.core.phrases import Phrase
from mira_desktop.index.lexical import LexicalIndex
from mira_desktop.index.locking import IndexLock
from mira_desktop.index.manifest import IndexSpec, Manifest, new_manifest, read_manifest
from mira_desktop.index.parents import ParentStore
from mira_desktop.index.records import LeafRow, ParentRow
from mira_desktop.index.vectors import VectorStore

if TYPE_CHECKING:
    from mira_desktop.index.embedder import Vectors

_GENERATION = re.compile(r"^g(\d{4,})$")


class Generation:
    """A complete, self-contained copy of the index data."""

    def __init__(self, folder: Path, number: int, spec: IndexSpec) -> None:
        self.folder = folder
        self.number = number
        self.spec = spec
        self.vectors = VectorStore(folder / "lance", spec.dimension)
        self.lexical = LexicalIndex(folder / "tantivy")
        self.parents = ParentStore(folder / "parents")

    def add(self, leaves: Sequence[LeafRow], vectors: Vectors, parents: Sequence[ParentRow]) -> None:
        """Store leaves (with their vectors) and parents. LanceDB first: a kill before Tantivy's commit
        leaves vectors that a resumed job keeps, and the version stays invisible until published."""
        self.vectors.add_leaves(leaves, vectors)
        self.parents.add(parents)
        self.lexical.add(leaves)

    def delete_versions(self, version_ids: Sequence[str]) -> None:
        self.lexical.delete_versions(version_ids)
        self.parents.delete_versions(version_ids)
        self.vectors.delete_versions(version_ids)


class KnowledgeIndex:
    def __init__(self, root: Path, spec: IndexSpec, label: Phrase | str = "this knowledge base") -> None:
        self.root = root
        self.spec = spec
        self.label = label
        self._generations: dict[int, Generation] = {}
        self._lock = threading.Lock()

    @property
    def manifest_path(self) -> Path:
        return self.root / "manifest.json"

    def lock(self) -> IndexLock:
        return IndexLock(self.root / "index.lock", self.label)

    def manifest(self) -> Manifest | None:
        return read_manifest(self.manifest_path)

    def _generation(self, number: int, spec: IndexSpec) -> Generation:
        with self._lock:
            found = self._generations.get(number)
            if found is None or found.spec != spec:
                found = Generation(self.root / f"g{number:04d}", number, spec)
                self._generations[number] = found
            return found

    def live(self) -> Generation | None:
        """The generation queries read, or None before anything was indexed."""
        manifest = self.manifest()
        if manifest is None:
            return None
        return self._generation(manifest.generation, manifest.spec)

    def building(self) -> Generation | None:
        """The generation being rebuilt beside the live one, if a rebuild is under way."""
        manifest = self.manifest()
        if manifest is None or manifest.building is None or manifest.building_spec is None:
            return None
        return self._generation(manifest.building, manifest.building_spec)

    def is_current(self) -> bool:
        """Whether the live generation was built as this Mira builds indexes (no rebuild needed)."""
        manifest = self.manifest()
        return manifest is None or manifest.spec == self.spec

    # The methods below change the folder: call them with the lock held.

    def ensure_live(self) -> Generation:
        manifest = self.manifest()
        if manifest is None:
            number = self._next_number()
            write_atomically(self.manifest_path, new_manifest(number, self.spec).to_json())
            return self._generation(number, self.spec)
        return self._generation(manifest.generation, manifest.spec)

    def start_rebuild(self) -> Generation:
        """The generation to build beside the live one; a rebuild interrupted earlier is continued."""
        manifest = self.manifest()
        assert manifest is not None, "nothing to rebuild before the first generation"
        if manifest.building is not None and manifest.building_spec == self.spec:
            return self._generation(manifest.building, self.spec)
        number = self._next_number()
        shutil.rmtree(self.root / f"g{number:04d}", ignore_errors=True)
        write_atomically(
            self.manifest_path, replace(manifest, building=number, building_spec=self.spec).to_json()
        )
        return self._generation(number, self.spec)

    def finish_rebuild(self) -> Generation:
        """Make the rebuilt generation live in one atomic manifest switch, then drop the old one."""
        manifest = self.manifest()
        assert manifest is not None
        assert manifest.building is not None
        assert manifest.building_spec is not None
        switched = new_manifest(manifest.building, manifest.building_spec)
        write_atomically(self.manifest_path, switched.to_json())
        self.remove_stale()
        return self._generation(switched.generation, switched.spec)

    def remove_stale(self) -> None:
        """Delete generation folders that are neither live nor being built."""
        manifest = self.manifest()
        keep = set() if manifest is None else {manifest.generation, manifest.building}
        for folder in self._generation_folders():
            number = int(_GENERATION.match(folder.name).group(1))  # type: ignore[union-attr]
            if number not in keep:
                with self._lock:
                    self._generations.pop(number, None)
                shutil.rmtree(folder, ignore_errors=True)

    def destroy(self) -> None:
        with self._lock:
            self._generations.clear()
        shutil.rmtree(self.root, ignore_errors=True)

    def _generation_folders(self) -> list[Path]:
        if not self.root.is_dir():
            return []
        return [p for p in self.root.iterdir() if p.is_dir() and _GENERATION.match(p.name)]

    def _next_number(self) -> int:
        numbers = [int(_GENERATION.match(p.name).group(1)) for p in self._generation_folders()]  # type: ignore[union-attr]
        manifest = self.manifest()
        if manifest is not None:
            numbers += [manifest.generation, manifest.building or 0]
        return max(numbers, default=0) + 1
