"""A vision projector llama.cpp loads and runs, made for tests: the LLaVA layout (projector type
``mlp``: a small ViT — patch embedding, position embedding, two blocks — and a two-layer MLP into the
text model's embedding width), with seeded random weights.

No package this machine has ships a real projector, and tests fetch nothing from a hub. This one is
real to libmtmd — it is parsed, checked against the text model's width, preprocesses and encodes a
picture into image tokens that the model reads — but it has learned nothing: a test asserts what went
through the engine (the tokens a picture became, an answer streamed), never what the model says
about the picture.
"""

from __future__ import annotations

from pathlib import Path

IMAGE_SIZE = 32
PATCH_SIZE = 8
IMAGE_TOKENS = (IMAGE_SIZE // PATCH_SIZE) ** 2  # one token per patch


def write_projector(
    path: Path, text_embedding: int, *, embedding: int = 64, layers: int = 2, seed: int = 0
) -> Path:
    import gguf
    import numpy as np

    rng = np.random.default_rng(seed)
    writer = gguf.GGUFWriter(str(path), "clip")
    writer.add_bool("clip.has_vision_encoder", True)
    writer.add_string("clip.projector_type", "mlp")
    writer.add_uint32("clip.vision.image_size", IMAGE_SIZE)
    writer.add_uint32("clip.vision.patch_size", PATCH_SIZE)
    writer.add_uint32("clip.vision.embedding_length", embedding)
    writer.add_uint32("clip.vision.feed_forward_length", 2 * embedding)
    writer.add_uint32("clip.vision.block_count", layers)
    writer.add_uint32("clip.vision.projection_dim", text_embedding)
    writer.add_uint32("clip.vision.attention.head_count", 4)
    writer.add_float32("clip.vision.attention.layer_norm_epsilon", 1e-6)
    writer.add_array("clip.vision.image_mean", [0.5, 0.5, 0.5])
    writer.add_array("clip.vision.image_std", [0.5, 0.5, 0.5])
    writer.add_bool("clip.use_gelu", True)

    def random(name: str, shape: tuple[int, ...], dtype: type = np.float32) -> None:
        writer.add_tensor(name, (rng.standard_normal(shape) * 0.02).astype(dtype))

    random("v.patch_embd.weight", (embedding, 3, PATCH_SIZE, PATCH_SIZE), np.float16)
    random("v.position_embd.weight", (IMAGE_TOKENS, embedding))
    for block in range(layers):
        for name in ("attn_q", "attn_k", "attn_v", "attn_out"):
            random(f"v.blk.{block}.{name}.weight", (embedding, embedding))
            random(f"v.blk.{block}.{name}.bias", (embedding,))
        for name in ("ln1", "ln2"):
            writer.add_tensor(f"v.blk.{block}.{name}.weight", np.ones(embedding, np.float32))
            writer.add_tensor(f"v.blk.{block}.{name}.bias", np.zeros(embedding, np.float32))
        random(f"v.blk.{block}.ffn_up.weight", (2 * embedding, embedding))
        random(f"v.blk.{block}.ffn_up.bias", (2 * embedding,))
        random(f"v.blk.{block}.ffn_down.weight", (embedding, 2 * embedding))
        random(f"v.blk.{block}.ffn_down.bias", (embedding,))
    random("mm.0.weight", (text_embedding, embedding))
    random("mm.0.bias", (text_embedding,))
    random("mm.2.weight", (text_embedding, text_embedding))
    random("mm.2.bias", (text_embedding,))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path
