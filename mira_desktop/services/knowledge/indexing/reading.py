"""Reading one stored file into chunks exactly as indexing does, the settings of indexing, and how a
reader's failure and notes are kept on a job as phrases."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mira_desktop.core import phrases
from mira_desktop.ingest.chunker import BlockProgress, ChunkingSettings, ChunkSet, chunk_blocks
from mira_desktop.ingest.limits import ReaderLimits
from mira_desktop.ingest.ocr import OcrOptions
from mira_desktop.ingest.registry import read_file
from mira_desktop.ingest.types import ReadError, ReadErrorKind
from mira_desktop.services.knowledge.indexing.ocr_pages import OcrSettings


@dataclass(frozen=True)
class IndexingSettings:
    chunking: ChunkingSettings = field(default_factory=ChunkingSettings)
    limits: ReaderLimits = field(default_factory=ReaderLimits)
    wave_leaves: int = 4096  # leaves parsed before they are embedded and written together
    checkpoint_leaves: int = 512  # embedded leaves saved to the index this often
    ocr: OcrSettings = field(default_factory=OcrSettings)
    parse_step_s: float = 0.25  # the parse phase's progress is written at most this often



@dataclass(frozen=True)
class ChunkedFile:
    chunks: ChunkSet
    notes: list[phrases.Phrase | str]  # what the reader left out and why (pages OCR skipped or did not reach)


def chunk_file(
    path: Path,
    name: str,
    settings: IndexingSettings,
    count_tokens: Callable[[str], int],
    ocr: OcrOptions | None = None,
    *,
    password: str | None = None,
    progress: BlockProgress | None = None,
) -> ChunkedFile:
    """Read and chunk the file at ``path`` (the stored copy of the document ``name``) exactly as
    indexing does, titled with the file's own title, else its name; ``progress`` hears (blocks chunked,
    blocks in all). A reader's error (its sentence and its phrase's values) names the document, never
    the stored copy."""
    try:
        parsed = read_file(path, settings.limits, ocr, password=password)
        title = parsed.title or ("" if parsed.format == "beir" else Path(name).stem)
        chunks = chunk_blocks(parsed.blocks, title, settings.chunking, count_tokens, progress)
    except ReadError as exc:  # a library's message may name the stored copy: show the document instead
        raise _naming(exc, path, name) from exc
    if not chunks.leaves:
        raise ReadError.said(ReadErrorKind.EMPTY, "read.no_text", name=name)
    return ChunkedFile(chunks, list(parsed.notes))


def _naming(exc: ReadError, path: Path, name: str) -> ReadError:
    def named(text: str) -> str:
        return text.replace(str(path), name).replace(str(path.parent) + "/", "")

    error = ReadError(exc.kind, named(str(exc)))
    if exc.phrase is not None:  # the window says it in its own language, naming the document too
        values = {
            k: v if isinstance(v, int | float | phrases.Phrase) else named(str(v))
            for k, v in exc.phrase.values.items()
        }
        error.phrase = phrases.said(exc.phrase.key, **values)
    return error


def phrase_of(error: BaseException, name: str = "") -> dict[str, Any]:
    """``{"phrase": …}`` for an error kept on a job, when it was said as a phrase (``name``: led by the
    document's name, as its message is)."""
    phrase = getattr(error, "phrase", None)
    if not isinstance(phrase, phrases.Phrase):
        return {}
    return {"phrase": (phrases.said("kb.job.named", name=name, error=phrase) if name else phrase).to_dict()}


def with_notes(message: phrases.Phrase, notes: list[phrases.Phrase | str]) -> phrases.Phrase:
    """``message``, then the reader's notes (each a phrase or as the reader wrote it), after "; "."""
    for note in notes:
        message = phrases.said("kb.job.note", message=message, note=note)
    return message
