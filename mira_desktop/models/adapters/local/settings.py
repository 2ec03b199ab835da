"""How a local GGUF model is run: its context window and KV cache type (each model's own setting, or
sized at load), threads and batch, the vision projector of each model, how large a picture it is
shown, and after how long unused it is unloaded (the adapter's settings, read before the llama.cpp
adapter itself is imported)."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

DEFAULT_CONTEXT = 4096  # the window assumed before a model's own is known (an estimate's)
DEFAULT_IDLE_MINUTES = 15  # a local model unused this long is unloaded (0: never)
# A picture's long side before it goes to a projector: projectors see 224-896 px tiles (Qwen's resize to
# a budget of patches, Gemma's to 896), so 1,024 px keeps text legible while a 12-megapixel photo no
# longer costs seconds of encoding and hundreds of megabytes of bitmap.
DEFAULT_IMAGE_LONG_SIDE = 1024


def default_threads() -> int:
    """Threads for generation: all cores but one (at least one).

    Measured on a 2-core machine with SmolLM2: 2 threads gave ~100 tokens/s when idle but ~1 token/s
    while another process kept one core busy (llama.cpp's threads wait for each other at every
    step), while 1 thread gave ~50 tokens/s either way. Leaving a core free keeps a busy desktop
    from collapsing generation; the setting ``models.local_threads`` overrides it.
    """
    cores = os.cpu_count() or 1
    return max(1, cores - 1)


@dataclass(frozen=True)
class LocalSettings:
    context_window: int | None = None  # this model's window; None: sized at load (see ``window``)
    kv_type: str = "f16"  # this model's KV cache type: f16 or q8_0
    threads: int = 0  # 0: default_threads()
    batch_size: int = 256
    image_long_side: int = DEFAULT_IMAGE_LONG_SIDE
    projectors: tuple[tuple[str, str], ...] = ()  # (model path, its vision projector's path)
    # (model reference, its window or 0 for sized at load, its KV cache type)
    model_options: tuple[tuple[str, int, str], ...] = ()
    idle_minutes: float = DEFAULT_IDLE_MINUTES

    def projector_for(self, model: Path) -> Path | None:
        """The vision projector recorded for the model file ``model``, if any."""
        wanted = str(model)
        return next((Path(projector) for path, projector in self.projectors if path == wanted), None)

    def for_model(self, ref: str) -> LocalSettings:
        """These settings with ``ref``'s own window and KV cache type, when it has them."""
        for option_ref, context, kv_type in self.model_options:
            if option_ref == ref:
                return replace(self, context_window=context or None, kv_type=kv_type)
        return self
