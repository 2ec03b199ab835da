"""``local:``: GGUF models run in-process by llama.cpp on one owned worker thread."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mira_desktop.core.errors import NotFoundError
from mira_desktop.core.gguf_names import model_name
from mira_desktop.core.model_refs import ModelRef
from mira_desktop.core.tasks import TaskRunner
from mira_desktop.models.adapters.local.gguf import check_gguf
from mira_desktop.models.adapters.local.settings import LocalSettings
from mira_desktop.models.embedded import EMBEDDED_CHAT_MODEL_NAME, smollm2_gguf_path
from mira_desktop.models.protocol import ChatModel
from mira_desktop.models.registry import Adapter

EMBEDDED_NAME = "smollm2"


def local_model_path(ref: ModelRef) -> Path:
    """The GGUF file of a ``local:`` reference (the embedded model's, or the path it names)."""
    if ref.target == EMBEDDED_NAME:
        path = smollm2_gguf_path()
        if path is None:
            raise NotFoundError.said("models.smollm_missing")
        return path
    return Path(ref.target).expanduser()


def local_adapter(
    settings: Callable[[], LocalSettings],
    tasks: TaskRunner,
    on_state: Callable[[str, str], None] | None = None,
) -> Adapter:
    """``local:smollm2`` (the embedded default) or ``local:/path/to/model.gguf``; ``on_state`` hears
    (reference, "loading" | "loaded" | "failed" | "unloaded") as a model loads and unloads."""

    def path_of(ref: ModelRef) -> tuple[Path, str]:
        path = local_model_path(ref)
        if ref.target == EMBEDDED_NAME:
            return path, EMBEDDED_CHAT_MODEL_NAME
        return path, Path(model_name(path.name)).stem  # a model in parts: its name without "-00001-of-0000N"

    def build(ref: ModelRef) -> ChatModel:
        # The adapter's module is imported with the first model, not with the services that list threads.
        from mira_desktop.models.adapters.local.llama import LlamaCppModel

        path, name = path_of(ref)
        current = settings().for_model(str(ref))  # its own window and KV cache type
        return LlamaCppModel(
            str(ref),
            path,
            name,
            current,
            tasks,
            projector=current.projector_for(path.resolve()),
            image_long_side=lambda: settings().image_long_side,  # a changed setting applies to the next picture
            on_state=on_state,
        )

    def check(ref: ModelRef) -> None:
        check_gguf(path_of(ref)[0])  # (a projector is checked when the model loads: a broken one can be removed)

    return Adapter(build, check)
