"""Which local model sees through which vision projector (``mmproj`` file), and how large a picture
it is shown: two settings, ``models.projectors`` (model path → projector path) and
``models.image_long_side``.

A model downloaded with its projector is recorded here by the download; a GGUF file added by hand is
given one with ``mira models projector REF PATH`` or the window's Models page. A projector is checked
to be a GGUF file when it is set; whether llama.cpp takes it is known when the model loads.
"""

from __future__ import annotations

from pathlib import Path

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.models.adapters.local.gguf import check_gguf
from mira_desktop.models.adapters.local.settings import DEFAULT_IMAGE_LONG_SIDE
from mira_desktop.store.settings import SettingsRepository

PROJECTORS_SETTING = "models.projectors"
IMAGE_LONG_SIDE_SETTING = "models.image_long_side"
IMAGE_LONG_SIDE_RANGE = (224, 4096)  # below, text in a picture is unreadable; above, no projector gains


def projectors(settings: SettingsRepository) -> dict[str, str]:
    """Every recorded pair: a model file's resolved path → its projector's."""
    stored = settings.get(PROJECTORS_SETTING, {})
    return {str(k): str(v) for k, v in stored.items()} if isinstance(stored, dict) else {}


def set_projector(settings: SettingsRepository, model: Path, projector: str | None) -> str | None:
    """Record (or, with None, forget) the projector of ``model``; returns the resolved path kept."""
    pairs = projectors(settings)
    if projector is None:
        pairs.pop(str(model), None)
        kept = None
    else:
        path = Path(projector).expanduser().resolve()
        check_gguf(path)
        if path == model:
            raise InvalidInputError.said("models.projector_is_model", path=str(path))
        kept = pairs[str(model)] = str(path)
    settings.set(PROJECTORS_SETTING, pairs)
    return kept


def image_long_side(settings: SettingsRepository) -> int:
    value = settings.get(IMAGE_LONG_SIDE_SETTING, DEFAULT_IMAGE_LONG_SIDE)
    return (
        int(value)
        if isinstance(value, int | float) and not isinstance(value, bool)
        else DEFAULT_IMAGE_LONG_SIDE
    )


def set_image_long_side(settings: SettingsRepository, pixels: int) -> None:
    low, high = IMAGE_LONG_SIDE_RANGE
    if not low <= pixels <= high:
        raise InvalidInputError.said("models.bad_image_side", pixels=pixels, low=low, high=high)
    settings.set(IMAGE_LONG_SIDE_SETTING, pixels)
