"""How a local GGUF model is run: its context window, threads and batch (the adapter's settings,
read before the llama.cpp adapter itself is imported)."""

from __future__ import annotations

import os
from dataclasses import dataclass

DEFAULT_CONTEXT = 4096


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
    context_window: int = DEFAULT_CONTEXT
    threads: int = 0  # 0: default_threads()
    batch_size: int = 256
