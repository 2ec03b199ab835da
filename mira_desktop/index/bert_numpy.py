"""A BERT sentence encoder (MiniLM) run with numpy from the model folder's own files, without torch.

Why: a search in a new process (``mira kb search``) spent about 10 of its 11 seconds importing
torch and sentence-transformers to embed one query. This runs the same network — the word,
position and token-type embeddings, the encoder layers (self-attention, exact GELU), mean pooling
over the tokens and unit length, as the folder's ``modules.json`` says — from ``model.safetensors``
(memory-mapped: :func:`mapped_tensors`) with the folder's ``tokenizer.json`` (Hugging Face
``tokenizers``), in float32. Its vectors match sentence-transformers' to a cosine of 1 within
float32 rounding (``tests/integration/knowledge/test_query_encoder.py`` checks it on real texts). It loads in a fraction of a second and embeds a
query in a few milliseconds; passages are still embedded by sentence-transformers, whose batched
kernels are faster for thousands of texts.

Only folders this can reproduce exactly are taken (:func:`supported`): a BERT model, absolute
positions, mean pooling, then normalisation. Anything else goes through sentence-transformers.
"""

from __future__ import annotations

import json
import math
import mmap
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Array = npt.NDArray[np.float32]

_MODULES = [
    "sentence_transformers.models.Transformer",
    "sentence_transformers.models.Pooling",
    "sentence_transformers.models.Normalize",
]
# safetensors dtypes and numpy's (little-endian, as the format stores them).
_DTYPES = {"F32": "<f4", "F16": "<f2", "I64": "<i8", "I32": "<i4"}
_lock = threading.Lock()
_loaded: dict[Path, BertEncoder] = {}
_threads_lock = threading.Lock()
_one_thread: dict[str, Any] = {"running": 0, "limit": None}


def supported(folder: Path) -> bool:
    """Whether ``folder`` holds a model this encoder reproduces exactly (read from its config files)."""
    try:
        modules = json.loads((folder / "modules.json").read_text("utf-8"))
        config = json.loads((folder / "config.json").read_text("utf-8"))
        pooling = json.loads((folder / "1_Pooling" / "config.json").read_text("utf-8"))
    except (OSError, ValueError):
        return False
    return (
        [m.get("type") for m in modules] == _MODULES
        and config.get("model_type") == "bert"
        and config.get("hidden_act") == "gelu"
        and config.get("position_embedding_type", "absolute") == "absolute"
        and pooling.get("pooling_mode_mean_tokens") is True
        and not any(
            pooling.get(mode)
            for mode in ("pooling_mode_cls_token", "pooling_mode_max_tokens", "pooling_mode_mean_sqrt_len_tokens")
        )
        and (folder / "tokenizer.json").is_file()
        and _mappable(folder / "model.safetensors")
    )


def _mappable(path: Path) -> bool:
    """Whether every tensor of the safetensors file has a dtype :func:`mapped_tensors` maps."""
    try:
        with path.open("rb") as handle:
            header = json.loads(handle.read(int.from_bytes(handle.read(8), "little")))
    except (OSError, ValueError):
        return False
    return isinstance(header, dict) and all(
        isinstance(entry, dict) and entry.get("dtype") in _DTYPES
        for name, entry in header.items()
        if name != "__metadata__"
    )


def encoder_for(folder: Path) -> BertEncoder:
    """The process's one encoder of ``folder`` (loaded on first use; about 90 MB for MiniLM)."""
    with _lock:
        encoder = _loaded.get(folder)
        if encoder is None:
            encoder = _loaded[folder] = BertEncoder(folder)
        return encoder


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """numpy's BLAS on one thread while the block runs (restored by the last overlapping block to
    leave): OpenBLAS's threads spin for each other, and on a busy 2-core machine (load 6) a query
    took 610 ms with them against 35 ms on one thread."""
    from threadpoolctl import threadpool_limits

    with _threads_lock:
        if _one_thread["running"] == 0:
            _one_thread["limit"] = threadpool_limits(limits=1, user_api="blas")
        _one_thread["running"] += 1
    try:
        yield
    finally:
        with _threads_lock:
            _one_thread["running"] -= 1
            if _one_thread["running"] == 0:
                _one_thread["limit"].restore_original_limits()
                _one_thread["limit"] = None


def mapped_tensors(path: Path) -> dict[str, Any]:
    """The tensors of a ``.safetensors`` file as read-only numpy arrays over a memory map of it.

    ``safetensors.numpy.load_file`` copies the whole file (90 MB for MiniLM) before
    the first query, half of it the word embeddings, of which a query reads a few rows: mapped, the
    page cache serves them in place. The format (a little-endian u64 length, that many
    bytes of JSON naming each tensor's dtype, shape and byte range, then the bytes) is read as its
    specification says; a dtype outside :data:`_DTYPES` or a byte range that does not fit raises
    ``ValueError`` (:func:`supported` leaves a file of other dtypes to sentence-transformers).
    """
    import numpy as np

    with path.open("rb") as handle:
        length = int.from_bytes(handle.read(8), "little")
        header = json.loads(handle.read(length))
        data = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    start = 8 + length
    tensors: dict[str, Any] = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        if entry["dtype"] not in _DTYPES:
            raise ValueError(f"{path.name}: tensor {name} has dtype {entry['dtype']}, which numpy cannot map here")
        dtype = np.dtype(_DTYPES[entry["dtype"]])
        begin, end = entry["data_offsets"]
        count = math.prod(entry["shape"])
        if end - begin != count * dtype.itemsize or start + end > len(data):
            raise ValueError(f"{path.name}: tensor {name} does not fit its byte range")
        tensors[name] = np.frombuffer(data, dtype=dtype, count=count, offset=start + begin).reshape(entry["shape"])
    return tensors


class BertEncoder:
    """Unit-length sentence vectors of texts, as sentence-transformers computes them for this folder."""

    def __init__(self, folder: Path) -> None:
        from tokenizers import Tokenizer

        config = json.loads((folder / "config.json").read_text("utf-8"))
        settings_file = folder / "sentence_bert_config.json"
        settings = json.loads(settings_file.read_text("utf-8")) if settings_file.is_file() else {}
        self.max_tokens = int(settings.get("max_seq_length", 256))
        self._heads = int(config["num_attention_heads"])
        self._eps = float(config.get("layer_norm_eps", 1e-12))
        self._layers = int(config["num_hidden_layers"])
        self._tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self._tokenizer.enable_truncation(self.max_tokens)
        self._tokenizer.no_padding()
        self._w: dict[str, Any] = mapped_tensors(folder / "model.safetensors")
        for name in [n for n in self._w if n.endswith(".weight") and self._w[n].ndim == 2 and "embeddings" not in n]:
            # Stored (out, in); x @ W wants (in, out), and laid out so: a query took 14 ms on the
            # transposed views against 10 ms on these copies (the word embeddings stay mapped).
            self._w[name] = self._w[name].T.copy()

    def encode(self, texts: Sequence[str]) -> Array:
        """One unit-length float32 vector per text (each text on its own: no padding to mix in)."""
        import numpy as np

        out = np.zeros((len(texts), self._w["embeddings.word_embeddings.weight"].shape[1]), dtype=np.float32)
        for row, encoding in enumerate(self._tokenizer.encode_batch(list(texts))):
            tokens = self._hidden(np.asarray(encoding.ids), np.asarray(encoding.type_ids))
            mean = tokens.mean(axis=0)
            out[row] = mean / max(float(np.linalg.norm(mean)), 1e-12)
        return out

    def _hidden(self, ids: Any, types: Any) -> Array:
        import numpy as np

        w = self._w
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][: len(ids)]
            + w["embeddings.token_type_embeddings.weight"][types]
        )
        x = self._norm(x, "embeddings.LayerNorm")
        width = x.shape[1]
        size = width // self._heads
        for i in range(self._layers):
            p = f"encoder.layer.{i}."

            def heads(name: str, x: Array = x, p: str = p) -> Array:
                projected = x @ w[f"{p}attention.self.{name}.weight"] + w[f"{p}attention.self.{name}.bias"]
                split: Array = projected.reshape(len(ids), self._heads, size).transpose(1, 0, 2)
                return split

            scores = heads("query") @ heads("key").transpose(0, 2, 1) / np.float32(math.sqrt(size))
            scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
            scores /= scores.sum(axis=-1, keepdims=True)
            context = (scores @ heads("value")).transpose(1, 0, 2).reshape(len(ids), width)
            attended = context @ w[f"{p}attention.output.dense.weight"] + w[f"{p}attention.output.dense.bias"]
            x = self._norm(attended + x, f"{p}attention.output.LayerNorm")
            inner = _gelu(x @ w[f"{p}intermediate.dense.weight"] + w[f"{p}intermediate.dense.bias"])
            x = self._norm(inner @ w[f"{p}output.dense.weight"] + w[f"{p}output.dense.bias"] + x, f"{p}output.LayerNorm")
        return x

    def _norm(self, x: Array, name: str) -> Array:
        import numpy as np

        centred = x - x.mean(axis=-1, keepdims=True)
        scaled = centred / np.sqrt((centred * centred).mean(axis=-1, keepdims=True) + np.float32(self._eps))
        result: Array = scaled * self._w[f"{name}.weight"] + self._w[f"{name}.bias"]
        return result


def _gelu(x: Array) -> Array:
    """BERT's exact GELU, x * Φ(x) = x/2 * (1 + erf(x / √2)).

    numpy has no error function: erf is Abramowitz and Stegun's 7.1.26, whose absolute error is
    below 1.5e-7, the size of float32's own rounding here.
    """
    import numpy as np

    z = x / np.float32(math.sqrt(2.0))
    a = np.abs(z)
    t = np.float32(1.0) / (np.float32(1.0) + np.float32(0.3275911) * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    erf = np.sign(z) * (np.float32(1.0) - poly.astype(np.float32) * np.exp(-a * a))
    result: Array = (x * np.float32(0.5) * (np.float32(1.0) + erf)).astype(np.float32)
    return result
