"""The one GGUF header reader: the same answers as ``gguf.GGUFReader``, and prefixes it cannot read."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from mira_desktop.models.adapters.local.gguf_metadata import (
    NotGguf,
    Truncated,
    read_file_header,
    read_gguf_info,
    read_header,
)
from tests.support.gguf_files import CHATML, smollm2, write_gguf

if TYPE_CHECKING:
    from gguf import GGUFReader


def _reference_values(reader: GGUFReader) -> tuple[dict[str, object], dict[str, int]]:
    from gguf import GGUFValueType

    values: dict[str, object] = {}
    lengths: dict[str, int] = {}
    for key, field in reader.fields.items():
        if key.startswith("GGUF."):
            continue
        if field.types[0] == GGUFValueType.ARRAY:
            lengths[key] = len(field.data)
        else:
            values[key] = field.contents()
    return values, lengths


def test_every_key_of_the_smollm2_file_reads_as_gguf_reader_reads_it() -> None:
    from gguf import GGUFReader

    path = smollm2()
    reference = GGUFReader(path)
    header = read_file_header(path)
    assert header is not None
    values, lengths = _reference_values(reference)
    ours = {k: v for k, v in header.values.items() if k not in lengths}
    assert ours.keys() == values.keys()
    for key, value in values.items():
        assert ours[key] == pytest.approx(value) if isinstance(value, float) else ours[key] == value, key
    assert header.array_lengths == lengths
    assert header.data_offset == reference.data_offset
    assert header.tensor_count == len(reference.tensors)
    assert header.data_end == max(t.data_offset + t.n_bytes for t in reference.tensors)
    assert header.data_end == path.stat().st_size
    assert (header.architecture, header.quantization, header.context_length) == ("llama", "Q4_1", 8192)
    assert (header.block_count, header.head_count, header.head_count_kv, header.key_length) == (30, 9, 3, 64)
    assert header.vocab_size == 49152
    assert "<|im_start|>" in (header.chat_template or "")


def test_gguf_reader_cannot_read_the_prefix_a_range_request_fetches_and_this_reader_can(
    tmp_path: Path,
) -> None:
    from gguf import GGUFReader

    path = smollm2()
    whole = read_file_header(path)
    assert whole is not None
    prefix = tmp_path / "prefix.gguf"
    prefix.write_bytes(path.read_bytes()[: whole.data_offset + 4096])
    with pytest.raises(ValueError, match="reshape"):
        GGUFReader(prefix)
    header = read_header(prefix.read_bytes())
    assert header.values == whole.values
    assert header.data_offset == whole.data_offset


def test_a_prefix_that_ends_inside_the_vocabulary_asks_for_more_bytes() -> None:
    data = smollm2().read_bytes()[:2_000_000]
    with pytest.raises(Truncated) as cut:
        read_header(data[:300_000])
    assert cut.value.needed > 300_000
    assert read_header(data).block_count == 30


def test_a_file_written_by_the_gguf_writer_reads_back_with_its_template(tmp_path: Path) -> None:
    path = write_gguf(tmp_path / "tiny.gguf", layers=6, heads=8, heads_kv=2, embedding=512, vocab=100)
    header = read_file_header(path, keep_tokens=True)
    assert header is not None
    assert (header.block_count, header.head_count_kv, header.key_length, header.vocab_size) == (6, 2, 64, 100)
    assert header.chat_template == CHATML
    assert header.quantization == "Q4_K_M"
    assert (header.tokens or ())[:2] == ("tok0", "tok1")
    info = read_gguf_info(path)
    assert info is not None
    assert (info.name, info.size_bytes) == ("Tiny test model", path.stat().st_size)


def test_a_cut_short_or_foreign_file_is_not_a_model(tmp_path: Path) -> None:
    path = write_gguf(tmp_path / "tiny.gguf")
    cut = tmp_path / "cut.gguf"
    cut.write_bytes(path.read_bytes()[:-100])  # the tensor data is missing its end
    assert read_file_header(cut) is None
    foreign = tmp_path / "notes.gguf"
    foreign.write_bytes(b"PK\x03\x04" + bytes(100))
    assert read_file_header(foreign) is None
    with pytest.raises(NotGguf):
        read_header(foreign.read_bytes())
