"""Will a model fit? Weights plus KV cache plus llama.cpp's compute buffer, against available memory.

Read from the GGUF header (of a remote file through a Range request, before anything is fetched):

- weights: the file's size (llama.cpp maps the file; every page is touched while answering);
- KV cache: layers × context × KV heads × (key + value length) × the bytes of one element: 2 for f16
  (llama.cpp's default), 34/32 for q8_0 (blocks of 32 one-byte values and a 2-byte scale);
- compute buffer: llama.cpp reserves the logits of a whole micro-batch (vocabulary × batch × 4
  bytes) and the activations of the widest layer (batch × embedding × 4 × 4 bytes); with an f16
  cache (no flash attention) a micro-batch's attention scores over the whole window are also
  materialized, in f32 (batch × context × heads × 4 bytes), which a q8_0 cache's flash attention
  does not do.

Measured on SmolLM2-135M (``benchmarks/downloads.py``): llama.cpp reported a 45.00 MiB KV buffer at
2,048 tokens (the formula gives 45.00) and a 49.69 MiB compute buffer (the formula gives 50.25).
Without the attention scores, the estimate fell 22 % short of the resident memory after a full
8,192-token window (``benchmarks/context_window.py``: 324 MB against 417 MB).
The verdict compares the total with the memory available now (``psutil``): at most 70 % of it
fits, at most 95 % is tight, more does not fit.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from mira_desktop.models.adapters.local.gguf_metadata import GgufHeader

FITS_SHARE = 0.70
TIGHT_SHARE = 0.95
# The bytes of one cached key or value element for each KV cache type llama.cpp takes here.
KV_TYPE_BYTES = {"f16": 2.0, "q8_0": 34 / 32}


class Verdict(StrEnum):
    FITS = "fits"
    TIGHT = "tight"
    TOO_BIG = "too_big"


@dataclass(frozen=True)
class FitEstimate:
    weights: int
    kv_cache: int
    compute: int
    available: int
    context: int

    @property
    def total(self) -> int:
        return self.weights + self.kv_cache + self.compute

    @property
    def verdict(self) -> Verdict:
        if self.total <= FITS_SHARE * self.available:
            return Verdict.FITS
        if self.total <= TIGHT_SHARE * self.available:
            return Verdict.TIGHT
        return Verdict.TOO_BIG


def available_memory() -> int:
    """The memory this machine can give a model now (free plus reclaimable), in bytes."""
    import psutil

    return int(psutil.virtual_memory().available)


def kv_cache_bytes(header: GgufHeader, context: int, kv_type: str = "f16") -> int:
    layers, heads = header.block_count or 0, header.head_count_kv or 0
    per_token = heads * ((header.key_length or 0) + (header.value_length or 0)) * KV_TYPE_BYTES[kv_type]
    return round(layers * context * per_token)


def compute_bytes(header: GgufHeader, batch: int, context: int = 0, kv_type: str = "f16") -> int:
    vocab, embedding = header.vocab_size or 0, header.embedding_length or 0
    scores = batch * context * (header.head_count or 0) * 4 if kv_type == "f16" else 0
    return batch * vocab * 4 + batch * embedding * 4 * 4 + scores


def estimate(
    header: GgufHeader, size: int, *, context: int, batch: int, available: int, kv_type: str = "f16"
) -> FitEstimate:
    """The memory a model of ``size`` bytes with ``header`` needs at ``context`` tokens."""
    window = min(context, header.context_length or context)
    kv = kv_cache_bytes(header, window, kv_type)
    return FitEstimate(size, kv, compute_bytes(header, batch, window, kv_type), available, window)
