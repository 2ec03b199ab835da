"""Making the default model ready in the background after the window shows."""

from __future__ import annotations

from dataclasses import dataclass

from mira_desktop.core.errors import MiraError
from mira_desktop.services.model_catalog.catalog import ModelService


@dataclass(frozen=True)
class ModelReadiness:
    ref: str
    ready: bool
    label: str
    problem: str = ""
    error: MiraError | None = None  # the problem, for the window to say in its language


def prepare_model(models: ModelService, ref: str) -> ModelReadiness:
    """Load ``ref`` (a local model is read into memory; slow: run it off the UI thread)."""
    try:
        profile = models.load(ref)
    except MiraError as exc:
        return ModelReadiness(ref, False, ref, str(exc), exc)
    return ModelReadiness(ref, True, profile.display_name)
