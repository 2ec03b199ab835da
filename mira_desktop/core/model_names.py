"""Model references as a person reads them: the repository and file of a downloaded model, not its
absolute path; the model and provider of a remote one; the script's file name of a scripted one.

The reference itself stays what is stored and sent (``local:/…/models/OWNER/REPO/FILE.gguf``); the
window shows :func:`readable_model` and keeps the whole reference for the tooltip.
"""

from __future__ import annotations

from pathlib import PurePath

from mira_desktop.core.errors import MiraError
from mira_desktop.core.gguf_names import model_name
from mira_desktop.core.model_refs import ModelKind, parse_model_ref

EMBEDDED_TARGET = "smollm2"
EMBEDDED_NAME = "SmolLM2-135M-Instruct"


def readable_model(ref: str, models_dir: str | PurePath | None = None) -> str:
    """``ref`` in a few words: ``OWNER/REPO · FILE.gguf`` for a file under ``models_dir`` (where Get
    models downloads to), the file's name for another GGUF file, ``MODEL (PROVIDER)`` for a remote
    model, ``Scripted (FILE)`` for a script; an unparsable reference is returned as it is.

    A model in parts is named by its split name (``STEM.gguf``, not ``STEM-00001-of-00002.gguf``),
    as the picker, Settings and the downloads name it (:func:`~mira_desktop.core.gguf_names.model_name`)."""
    try:
        parsed = parse_model_ref(ref)
    except MiraError:
        return ref
    if parsed.kind is ModelKind.REMOTE:
        return f"{parsed.model} ({parsed.target})" if parsed.model else parsed.target
    if parsed.kind is ModelKind.LOCAL and parsed.target == EMBEDDED_TARGET:
        return EMBEDDED_NAME
    path = PurePath(parsed.target)
    if parsed.kind is ModelKind.LOCAL and models_dir is not None:
        try:
            inside = path.relative_to(models_dir)
        except ValueError:
            inside = None
        if inside is not None and len(inside.parts) >= 3:
            return f"{'/'.join(inside.parts[:-1])} · {model_name(inside.name)}"
    return model_name(path.name) if parsed.kind is ModelKind.LOCAL else f"Scripted ({path.name})"
