"""Where a knowledge base keeps its files, and the copies of the sources it indexed.

``<data>/knowledge/<kb_id>/index/`` holds the index (see :mod:`mira_desktop.index.knowledge_index`);
``<data>/knowledge/<kb_id>/sources/<sha256[:2]>/<sha256>/<name>`` holds each indexed file as it was
read, so a job resumed after a kill, or an index rebuilt for a new model, reads exactly the same
bytes even if the original has changed or gone.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.fileio import write_atomically
from mira_desktop.ingest.registry import is_supported

BEIR_SUFFIX = ".beir.json"


@dataclass(frozen=True)
class SourceFile:
    """One document to add: a file on disk, or one entry of a BEIR corpus (``data`` holds it)."""

    name: str
    source_path: str  # identifies the document on re-add: the absolute path, or corpus#_id
    path: Path | None = None
    data: bytes | None = None
    mtime_ns: int | None = None
    file_name: str = ""  # the name of the stored copy (its extension picks the reader)

    @property
    def stored_name(self) -> str:
        return self.file_name or self.name

    def read(self) -> bytes:
        if self.data is not None:
            return self.data
        assert self.path is not None
        return self.path.read_bytes()


class KnowledgeFiles:
    def __init__(self, knowledge_dir: Path) -> None:
        self.knowledge_dir = knowledge_dir

    def kb_dir(self, kb_id: str) -> Path:
        return self.knowledge_dir / kb_id

    def index_dir(self, kb_id: str) -> Path:
        return self.kb_dir(kb_id) / "index"

    def evaluations_dir(self, kb_id: str) -> Path:
        """Reports of `mira eval rag` runs on this knowledge base (JSON, newest by name)."""
        return self.kb_dir(kb_id) / "evaluations"

    def sources_dir(self, kb_id: str) -> Path:
        return self.kb_dir(kb_id) / "sources"

    def store_source(self, kb_id: str, name: str, data: bytes) -> tuple[str, str]:
        """Copy ``data`` into the knowledge base (atomically); returns (sha256, path relative to the kb)."""
        digest = hashlib.sha256(data).hexdigest()
        relative = Path("sources") / digest[:2] / digest / _safe_name(name)
        target = self.kb_dir(kb_id) / relative
        if not target.exists():
            write_atomically(target, data)
        return digest, relative.as_posix()

    def source_path(self, kb_id: str, stored_path: str) -> Path:
        return self.kb_dir(kb_id) / stored_path

    def remove_source(self, kb_id: str, stored_path: str) -> None:
        folder = (self.kb_dir(kb_id) / stored_path).parent
        if folder.is_relative_to(self.sources_dir(kb_id)):
            shutil.rmtree(folder, ignore_errors=True)
            with contextlib.suppress(OSError):
                folder.parent.rmdir()  # the sha256[:2] folder, once empty

    def remove_kb(self, kb_id: str) -> None:
        shutil.rmtree(self.kb_dir(kb_id), ignore_errors=True)


def _safe_name(name: str) -> str:
    cleaned = "".join(c if c not in "/\\:\0" else "_" for c in name).strip(". ") or "document"
    return cleaned[:180]


@dataclass(frozen=True)
class Skipped:
    path: str
    reason: str


def expand_paths(paths: list[str]) -> tuple[list[SourceFile], list[Skipped]]:
    """Files named, files found under folders named (hidden ones skipped), and BEIR corpus entries.

    A missing path is bad input and changes nothing; unsupported files under a folder are listed
    as skipped, while an unsupported file named on its own is still taken (its read error is shown).
    """
    for raw in paths:
        if not Path(raw).expanduser().exists():
            raise InvalidInputError.said("kb.no_such_file", raw=raw)
    found: list[SourceFile] = []
    skipped: list[Skipped] = []
    for raw in paths:
        path = Path(raw).expanduser().absolute()
        if path.is_dir():
            for file in _walk(path):
                if is_supported(file):
                    found.append(_file(file))
                else:
                    skipped.append(
                        Skipped(str(file), f"{file.suffix or 'no extension'} is not a supported format")
                    )
        elif path.suffix.lower() == ".jsonl" and _looks_like_beir(path):
            found.extend(beir_entries(path))
        else:
            found.append(_file(path))
    return found, skipped


def _file(path: Path) -> SourceFile:
    return SourceFile(path.name, str(path), path=path, mtime_ns=path.stat().st_mtime_ns)


def _walk(folder: Path) -> Iterator[Path]:
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if not name.startswith("."):
                yield Path(root) / name


def _looks_like_beir(path: Path) -> bool:
    with path.open("rb") as handle:
        first = handle.readline()
    try:
        record = json.loads(first)
    except ValueError:
        return False
    return isinstance(record, dict) and "_id" in record and "text" in record


def beir_entries(path: Path) -> list[SourceFile]:
    """One document per line of a BEIR ``corpus.jsonl``; ``_id`` becomes the document name."""
    entries: list[SourceFile] = []
    with path.open("r", encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                doc_id = str(record["_id"])
                text = str(record.get("text") or "")
                title = str(record.get("title") or "")
            except (ValueError, KeyError, TypeError) as exc:
                raise InvalidInputError.said(
                    "kb.bad_corpus", name=path.name, number=number, error=exc
                ) from exc
            data = json.dumps({"_id": doc_id, "title": title, "text": text}, ensure_ascii=False).encode(
                "utf-8"
            )
            entries.append(
                SourceFile(doc_id, f"{path.absolute()}#{doc_id}", data=data, file_name=doc_id + BEIR_SUFFIX)
            )
    return entries
