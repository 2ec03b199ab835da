"""Reading a GGUF file's header without loading the model: name, architecture, quantization, context.

GGUF (llama.cpp's format): magic ``GGUF``, a version, tensor and key/value counts, then typed
key/value pairs. Only the metadata is read; large arrays (the tokenizer's vocabulary) are skipped
over without keeping them. A damaged or foreign file gives ``None``, never an exception.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from mira_desktop.models.adapters.local.gguf import GGUF_MAGIC

MAX_KEYS = 10_000
MAX_STRING = 1 << 20
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
# llama.cpp's general.file_type values: the quantization of most tensors.
FILE_TYPES = {
    0: "F32", 1: "F16", 2: "Q4_0", 3: "Q4_1", 7: "Q8_0", 8: "Q5_0", 9: "Q5_1", 10: "Q2_K", 11: "Q3_K_S",
    12: "Q3_K_M", 13: "Q3_K_L", 14: "Q4_K_S", 15: "Q4_K_M", 16: "Q5_K_S", 17: "Q5_K_M", 18: "Q6_K",
    19: "IQ2_XXS", 20: "IQ2_XS", 21: "Q2_K_S", 22: "IQ3_XS", 23: "IQ3_XXS", 24: "IQ1_S", 25: "IQ4_NL",
    26: "IQ3_S", 27: "IQ3_M", 28: "IQ2_S", 29: "IQ2_M", 30: "IQ4_XS", 31: "IQ1_M", 32: "BF16",
}  # fmt: skip


@dataclass(frozen=True)
class GgufInfo:
    name: str
    architecture: str
    quantization: str
    context_length: int | None
    size_bytes: int


class _Damaged(Exception):  # noqa: N818 (internal signal)
    pass


def read_gguf_info(path: Path) -> GgufInfo | None:
    """The header of the GGUF file at ``path``, or None when it is not a readable GGUF file."""
    try:
        size = path.stat().st_size
        with path.open("rb") as handle:
            if handle.read(4) != GGUF_MAGIC:
                return None
            version = _read(handle, "<I")
            if version < 2:
                return None  # GGUF v1 used 32-bit counts; nobody ships it any more
            _tensors, keys = _read(handle, "<Q"), _read(handle, "<Q")
            if keys > MAX_KEYS:
                return None
            meta = dict(_pair(handle) for _ in range(keys))
    except (OSError, struct.error, _Damaged, UnicodeDecodeError):
        return None
    architecture = str(meta.get("general.architecture", ""))
    context = meta.get(f"{architecture}.context_length")
    file_type = meta.get("general.file_type")
    return GgufInfo(
        name=str(meta.get("general.name") or path.stem),
        architecture=architecture,
        quantization=FILE_TYPES.get(int(file_type), str(file_type)) if isinstance(file_type, int) else "",
        context_length=int(context) if isinstance(context, int) else None,
        size_bytes=size,
    )


def _read(handle: IO[bytes], fmt: str) -> Any:
    size = struct.calcsize(fmt)
    data = handle.read(size)
    if len(data) != size:
        raise _Damaged
    return struct.unpack(fmt, data)[0]


def _string(handle: IO[bytes]) -> str:
    length = _read(handle, "<Q")
    if length > MAX_STRING:
        raise _Damaged
    data = handle.read(length)
    if len(data) != length:
        raise _Damaged
    return data.decode("utf-8")


def _pair(handle: IO[bytes]) -> tuple[str, Any]:
    key = _string(handle)
    return key, _value(handle, _read(handle, "<I"))


def _value(handle: IO[bytes], kind: int) -> Any:
    if kind in _SCALARS:
        return _read(handle, _SCALARS[kind])
    if kind == _STRING:
        return _string(handle)
    if kind == _ARRAY:
        item_kind, count = _read(handle, "<I"), _read(handle, "<Q")
        if item_kind in _SCALARS:  # skipped, not kept
            handle.seek(struct.calcsize(_SCALARS[item_kind]) * count, 1)
        elif item_kind == _STRING:
            for _ in range(count):
                handle.seek(_read(handle, "<Q"), 1)
        else:
            raise _Damaged
        return None
    raise _Damaged
