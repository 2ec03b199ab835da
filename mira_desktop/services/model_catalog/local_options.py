"""Each local model's own context window and KV cache type, and after how many idle minutes a local
model is unloaded: two settings, ``models.local_options`` (model reference → {"context", "kv_type"})
and ``models.idle_minutes``.

A window of 0 (or none) is sized when the model loads (``models/adapters/local/window.py``). A window
set past what the model was trained for is refused; one past what free memory holds now is refused
with the numbers unless forced (the window asks first, ``mira models set`` wants ``--force``); one
past all the memory there is is refused again when the model loads.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mira_desktop.core.errors import ConflictError, InvalidInputError
from mira_desktop.models.adapters.local.fit import FITS_SHARE, available_memory, estimate
from mira_desktop.models.adapters.local.gguf_metadata import read_file_header
from mira_desktop.models.adapters.local.settings import DEFAULT_IDLE_MINUTES
from mira_desktop.models.adapters.local.window import KV_TYPES, MIN_CONTEXT, largest_fitting, trained_for
from mira_desktop.store.settings import SettingsRepository

OPTIONS_SETTING = "models.local_options"
IDLE_MINUTES_SETTING = "models.idle_minutes"
IDLE_MINUTES_MAX = 24 * 60


@dataclass(frozen=True)
class LocalOptions:
    context: int  # 0: sized at load
    kv_type: str

    def to_dict(self) -> dict[str, object]:
        return {"context": self.context, "kv_type": self.kv_type}


@dataclass(frozen=True)
class LocalWindow:
    """A local model's window as the window shows it: in use (or planned) and why, its setting."""

    tokens: int
    reason: str  # trained | memory | setting
    trained: int  # what the model was trained for (the most a setting may ask)
    setting: LocalOptions
    loaded: bool


def trained_length(path_text: str) -> int:
    return trained_for(read_file_header(Path(path_text)))


def all_options(settings: SettingsRepository) -> dict[str, LocalOptions]:
    stored = settings.get(OPTIONS_SETTING, {})
    if not isinstance(stored, dict):
        return {}
    found = {}
    for ref, value in stored.items():
        if isinstance(value, dict):
            kv_type = str(value.get("kv_type") or "f16")
            found[str(ref)] = LocalOptions(
                int(value.get("context") or 0), kv_type if kv_type in KV_TYPES else "f16"
            )
    return found


def options(settings: SettingsRepository, ref: str) -> LocalOptions:
    return all_options(settings).get(ref, LocalOptions(0, "f16"))


def check_window(
    path_text: str,
    projector: str | None,
    *,
    name: str,
    window: int,
    kv_type: str,
    batch: int,
    force: bool = False,
) -> None:
    """Refuse ``window`` for the model file ``path_text`` when it is past what the model was trained for
    (InvalidInputError) or, unless ``force``, past what fits in free memory now (ConflictError, with the
    numbers)."""
    path = Path(path_text)
    header = read_file_header(path)
    if header is None:
        return  # not a header this reader knows: the load says why
    trained = trained_for(header)
    if window > trained:
        raise InvalidInputError.said("models.window_past_trained", name=name, trained=trained, window=window)
    size = path.stat().st_size + (Path(projector).stat().st_size if projector else 0)
    available = available_memory()
    need = estimate(header, size, context=window, batch=batch, available=available, kv_type=kv_type)
    if need.total > FITS_SHARE * available and not force:
        mb = 1 << 20
        largest = largest_fitting(header, size, available=available, batch=batch, kv_type=kv_type)
        raise ConflictError.said(
            "models.window_past_fit",
            name=name,
            window=f"{window:,}",
            needed=f"{need.total / mb:,.0f} MB",
            available=f"{available / mb:,.0f} MB",
            share=f"{FITS_SHARE:.0%}",
            largest=str(largest),
        )


def set_options(settings: SettingsRepository, ref: str, chosen: LocalOptions) -> None:
    if chosen.kv_type not in KV_TYPES:
        raise InvalidInputError.said("models.bad_kv_type", types=", ".join(KV_TYPES), kv_type=chosen.kv_type)
    if chosen.context and chosen.context < MIN_CONTEXT // 4:
        raise InvalidInputError.said("models.bad_window", low=MIN_CONTEXT // 4, window=chosen.context)
    stored = {k: v.to_dict() for k, v in all_options(settings).items()}
    if chosen == LocalOptions(0, "f16"):
        stored.pop(ref, None)
    else:
        stored[ref] = chosen.to_dict()
    settings.set(OPTIONS_SETTING, stored)


def idle_minutes(settings: SettingsRepository) -> float:
    value = settings.get(IDLE_MINUTES_SETTING, DEFAULT_IDLE_MINUTES)
    return (
        float(value)
        if isinstance(value, int | float) and not isinstance(value, bool)
        else DEFAULT_IDLE_MINUTES
    )


def set_idle_minutes(settings: SettingsRepository, minutes: float) -> None:
    if not 0 <= minutes <= IDLE_MINUTES_MAX:
        raise InvalidInputError.said("models.bad_idle", high=IDLE_MINUTES_MAX, minutes=minutes)
    settings.set(IDLE_MINUTES_SETTING, minutes)
