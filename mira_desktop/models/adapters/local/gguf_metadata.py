"""A GGUF file's header — metadata and tensor table — read from a local file or from its first bytes.

Why not ``gguf.GGUFReader`` (the reference reader of llama.cpp's ``gguf`` package): it builds a
numpy view for every string of every array (the vocabulary and the merges), a hundred times slower
than this reader on SmolLM2's header (benchmarks/README.md, "Figures behind choices in the code"). And it cannot read a prefix at all:
it maps the whole file and shapes every tensor's data, so the header fetched from the Hub with a
Range request (the first few megabytes of a multi-gigabyte file) fails with "cannot reshape array"
(``tests/unit/models/test_gguf_metadata.py`` pins both). So this one small reader serves both paths:
it walks the key/value pairs and the tensor table over a buffer (an ``mmap`` of a local file, or
the bytes fetched so far), skips arrays without keeping them (except short numeric ones and,
when asked, the token texts), and raises :class:`Truncated` with how many bytes it needs when a
prefix ends too early. The names of types and file types are ``gguf``'s own enums, and the tests
check every field against ``GGUFReader``.
"""

from __future__ import annotations

import mmap
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAGIC = b"GGUF"
_U64 = struct.Struct("<Q")
DEFAULT_ALIGNMENT = 32
MAX_KEYS = 100_000
MAX_TENSORS = 1_000_000
MAX_STRING = 64 << 20  # a chat template or a name, never this long in a real file
SMALL_ARRAY = 4096  # numeric arrays up to this length are kept (per-layer head counts)
_SCALARS = {
    0: "<B",
    1: "<b",
    2: "<H",
    3: "<h",
    4: "<I",
    5: "<i",
    6: "<f",
    7: "<?",
    10: "<Q",
    11: "<q",
    12: "<d",
}
_STRING, _ARRAY = 8, 9


class Truncated(Exception):  # noqa: N818 (a signal to fetch more, not an error)
    """The buffer ended inside the header; ``needed`` bytes would take the reader further."""

    def __init__(self, needed: int) -> None:
        super().__init__(f"the header goes on past {needed} bytes")
        self.needed = needed


class NotGguf(ValueError):  # noqa: N818
    """The bytes are not a GGUF header this reader understands."""


@dataclass(frozen=True)
class GgufHeader:
    """What the header says, with the offsets needed to check that a file is whole."""

    version: int
    values: dict[str, Any]  # every key; arrays as their short numeric list, or None when skipped
    array_lengths: dict[str, int]
    tensor_count: int
    data_offset: int  # where the tensor data begins
    data_end: int  # where the last tensor's data ends: a whole file is at least this long
    tokens: tuple[str, ...] | None = field(default=None, repr=False)

    @property
    def architecture(self) -> str:
        return str(self.values.get("general.architecture") or "")

    def arch_value(self, name: str) -> Any:
        return self.values.get(f"{self.architecture}.{name}")

    @property
    def name(self) -> str:
        return str(self.values.get("general.name") or "")

    @property
    def context_length(self) -> int | None:
        return _int(self.arch_value("context_length"))

    @property
    def block_count(self) -> int | None:
        return _int(self.arch_value("block_count"))

    @property
    def embedding_length(self) -> int | None:
        return _int(self.arch_value("embedding_length"))

    @property
    def head_count(self) -> int | None:
        return _int(self.arch_value("attention.head_count"))

    @property
    def head_count_kv(self) -> int | None:
        return _int(self.arch_value("attention.head_count_kv")) or self.head_count

    @property
    def key_length(self) -> int | None:
        """The size of one attention head's key (``embedding / heads`` unless the header says)."""
        return _int(self.arch_value("attention.key_length")) or self._head_dim()

    @property
    def value_length(self) -> int | None:
        return _int(self.arch_value("attention.value_length")) or self._head_dim()

    @property
    def vocab_size(self) -> int | None:
        return self.array_lengths.get("tokenizer.ggml.tokens") or _int(self.arch_value("vocab_size"))

    @property
    def chat_template(self) -> str | None:
        template = self.values.get("tokenizer.chat_template")
        return template if isinstance(template, str) and template.strip() else None

    @property
    def file_type(self) -> int | None:
        return _int(self.values.get("general.file_type"))

    @property
    def quantization(self) -> str:
        """The quantization of most tensors (``Q4_K_M``), by the name ``gguf`` gives its file type."""
        file_type = self.file_type
        if file_type is None:
            return ""
        from gguf.constants import LlamaFileType

        try:
            return LlamaFileType(file_type).name.removeprefix("MOSTLY_").removeprefix("ALL_")
        except ValueError:
            return str(file_type)

    def _head_dim(self) -> int | None:
        embedding, heads = self.embedding_length, self.head_count
        return embedding // heads if embedding and heads else None


def _int(value: Any) -> int | None:
    if isinstance(value, list):  # a per-layer list: the largest layer decides what must fit
        value = max(value) if value else None
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else None


def read_file_header(path: Path, *, keep_tokens: bool = False) -> GgufHeader | None:
    """The header of the GGUF file at ``path``, or None when it is not a whole, readable GGUF file."""
    try:
        with path.open("rb") as handle:
            size = path.stat().st_size
            if size < 24:
                return None
            with mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
                view = memoryview(mapped)
                try:
                    header = read_header(view, keep_tokens=keep_tokens)
                finally:
                    view.release()  # before the map closes: the header keeps only copies
    except (OSError, ValueError, Truncated):
        return None
    return header if header.data_end <= size else None


def read_header(buffer: bytes | memoryview, *, keep_tokens: bool = False) -> GgufHeader:
    """Parse the header at the start of ``buffer``.

    Raises:
        Truncated: ``buffer`` ends inside the header (fetch more and call again).
        NotGguf: the bytes are not a GGUF header.
    """
    reader = _Reader(memoryview(buffer))
    try:
        return reader.header(keep_tokens)
    finally:
        reader.view.release()


class _Reader:
    def __init__(self, view: memoryview) -> None:
        self.view = view
        self.offset = 0

    def need(self, count: int) -> int:
        start = self.offset
        end = start + count
        if end > len(self.view):
            raise Truncated(end)
        self.offset = end
        return start

    def scalar(self, fmt: str) -> Any:
        size = struct.calcsize(fmt)
        start = self.need(size)
        return struct.unpack_from(fmt, self.view, start)[0]

    def string(self) -> str:
        length = self.scalar("<Q")
        if length > MAX_STRING:
            raise NotGguf("a string longer than any header holds")
        start = self.need(length)
        try:
            return bytes(self.view[start : start + length]).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise NotGguf("a key or value is not UTF-8") from exc

    def header(self, keep_tokens: bool) -> GgufHeader:
        start = self.need(4)
        if bytes(self.view[start : start + 4]) != MAGIC:
            raise NotGguf("no GGUF magic")
        version = self.scalar("<I")
        if version not in (2, 3):
            raise NotGguf(f"GGUF version {version} is not supported")
        tensors, keys = self.scalar("<Q"), self.scalar("<Q")
        if keys > MAX_KEYS or tensors > MAX_TENSORS:
            raise NotGguf("more keys or tensors than any model has")
        values: dict[str, Any] = {}
        lengths: dict[str, int] = {}
        tokens: tuple[str, ...] | None = None
        for _ in range(keys):
            key = self.string()
            kind = self.scalar("<I")
            if kind == _ARRAY:
                item_kind, count = self.scalar("<I"), self.scalar("<Q")
                lengths[key] = count
                keep = keep_tokens and key == "tokenizer.ggml.tokens"
                items = self.array(item_kind, count, keep)
                if keep:
                    tokens = tuple(items or ())
                values[key] = items if item_kind in _SCALARS else None
            else:
                values[key] = self.value(kind)
        alignment = values.get("general.alignment", DEFAULT_ALIGNMENT)
        if not isinstance(alignment, int) or alignment <= 0 or alignment & (alignment - 1):
            raise NotGguf("the alignment is not a power of two")
        ends = [self.tensor_end() for _ in range(tensors)]
        data_offset = -(-self.offset // alignment) * alignment
        return GgufHeader(
            version=version,
            values=values,
            array_lengths=lengths,
            tensor_count=tensors,
            data_offset=data_offset,
            data_end=data_offset + max(ends, default=0),
            tokens=tokens,
        )

    def value(self, kind: int) -> Any:
        if kind in _SCALARS:
            return self.scalar(_SCALARS[kind])
        if kind == _STRING:
            return self.string()
        raise NotGguf(f"unknown value type {kind}")

    def array(self, kind: int, count: int, keep: bool) -> list[Any] | None:
        if kind in _SCALARS:
            size = struct.calcsize(_SCALARS[kind])
            start = self.need(size * count)
            if count > SMALL_ARRAY:
                return None
            return list(struct.unpack_from(f"<{count}{_SCALARS[kind][1]}", self.view, start))
        if kind == _STRING:
            if keep:
                return [self.string() for _ in range(count)]
            self._skip_strings(count)
            return None
        raise NotGguf(f"arrays of type {kind} are not read")

    def _skip_strings(self, count: int) -> None:
        """Step over ``count`` strings (a vocabulary: 150,000 of them) with the loop kept tight: one
        precompiled unpack per string, and the end checked by the unpack itself rather than by a
        comparison per string."""
        view, offset, unpack = self.view, self.offset, _U64.unpack_from
        try:
            for _ in range(count):
                offset += 8 + unpack(view, offset)[0]
        except struct.error:
            raise Truncated(offset + 8) from None
        if offset > len(view):
            raise Truncated(offset)
        self.offset = offset

    def tensor_end(self) -> int:
        from gguf.constants import GGML_QUANT_SIZES, GGMLQuantizationType

        self.need(self.scalar("<Q"))  # the name
        dims = self.scalar("<I")
        if dims > 8:
            raise NotGguf("a tensor with more than 8 dimensions")
        shape = [self.scalar("<Q") for _ in range(dims)]
        kind, offset = self.scalar("<I"), self.scalar("<Q")
        try:
            block, size = GGML_QUANT_SIZES[GGMLQuantizationType(kind)]
        except (ValueError, KeyError) as exc:
            raise NotGguf(f"unknown tensor type {kind}") from exc
        elements = 1
        for dim in shape:
            elements *= dim
        return int(offset + elements * size // block)


@dataclass(frozen=True)
class GgufInfo:
    """What a list of model files shows: name, architecture, quantization, context, size."""

    name: str
    architecture: str
    quantization: str
    context_length: int | None
    size_bytes: int


def read_gguf_info(path: Path) -> GgufInfo | None:
    """The summary of the GGUF file at ``path``, or None when it is not a whole, readable GGUF file."""
    header = read_file_header(path)
    if header is None:
        return None
    return GgufInfo(
        name=header.name or path.stem,
        architecture=header.architecture,
        quantization=header.quantization,
        context_length=header.context_length,
        size_bytes=path.stat().st_size,
    )
