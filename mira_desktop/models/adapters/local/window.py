"""The context window a local model loads with, and why: what it was trained for, what this machine's
free memory holds, or the person's own setting.

The memory a window costs is the Get models estimate (:mod:`.fit`: weights, KV cache at the window and
KV type, compute buffer). A window chosen here fits in ``FITS_SHARE`` of the memory available now,
in steps of ``STEP`` tokens, never past what the model was trained for and never under
``MIN_CONTEXT`` (a model that does not fit even then is left to llama.cpp to refuse). A window the
person set is used as set, unless it needs more memory than there is: then loading is refused with
the numbers (:class:`WindowTooLarge`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from mira_desktop.models.adapters.local.fit import FITS_SHARE, FitEstimate, available_memory, estimate
from mira_desktop.models.adapters.local.gguf_metadata import GgufHeader, read_file_header
from mira_desktop.models.adapters.local.settings import LocalSettings
from mira_desktop.models.errors import ErrorKind, ModelError

MIN_CONTEXT = 2048
STEP = 1024
FALLBACK_TRAINED = 4096  # a header that does not say what the model was trained for
KV_TYPES = ("f16", "q8_0")


class WindowReason(StrEnum):
    TRAINED = "trained"  # what the model was trained for: memory holds all of it
    MEMORY = "memory"  # what this machine's free memory holds
    SETTING = "setting"  # the person's setting for this model


@dataclass(frozen=True)
class WindowChoice:
    tokens: int
    reason: WindowReason
    trained: int  # what the model was trained for
    kv_type: str
    fit: FitEstimate  # the memory this window needs, against what is available

    def to_dict(self) -> dict[str, object]:
        return {
            "tokens": self.tokens,
            "reason": self.reason.value,
            "trained": self.trained,
            "kv_type": self.kv_type,
            "needs_bytes": self.fit.total,
            "available_bytes": self.fit.available,
        }


class WindowTooLarge(ValueError):  # noqa: N818 (a refusal with its numbers)
    """A window that needs more memory than there is."""

    def __init__(self, fit: FitEstimate, largest: int) -> None:
        super().__init__(
            f"a {fit.context}-token window needs {fit.total} bytes; {fit.available} are available"
        )
        self.fit = fit
        self.largest = largest  # the largest window that fits


def trained_for(header: GgufHeader | None) -> int:
    return (header.context_length if header is not None else None) or FALLBACK_TRAINED


def largest_fitting(
    header: GgufHeader, size: int, *, available: int, batch: int, kv_type: str, share: float = FITS_SHARE
) -> int:
    """The largest window (a multiple of ``STEP``, at most what it was trained for) whose estimate is
    within ``share`` of ``available``; ``MIN_CONTEXT`` (or less, if trained for less) when none is."""
    trained = trained_for(header)

    def fits(tokens: int) -> bool:
        need = estimate(header, size, context=tokens, batch=batch, available=available, kv_type=kv_type)
        return need.total <= share * available

    if fits(trained):
        return trained
    low, high = 0, trained // STEP  # fits(low * STEP) holds (or low is 0), fits(high * STEP) does not
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle * STEP) else (low, middle)
    return max(low * STEP, min(MIN_CONTEXT, trained))


def choose_window(
    header: GgufHeader,
    size: int,
    *,
    available: int,
    batch: int,
    kv_type: str = "f16",
    setting: int | None = None,
) -> WindowChoice:
    """The window to load with; raises :class:`WindowTooLarge` for a set window memory cannot hold."""
    trained = trained_for(header)

    def need(tokens: int) -> FitEstimate:
        return estimate(header, size, context=tokens, batch=batch, available=available, kv_type=kv_type)

    if setting:
        fit = need(setting)
        if fit.total > available:
            raise WindowTooLarge(
                fit, largest_fitting(header, size, available=available, batch=batch, kv_type=kv_type)
            )
        return WindowChoice(setting, WindowReason.SETTING, trained, kv_type, fit)
    tokens = largest_fitting(header, size, available=available, batch=batch, kv_type=kv_type)
    reason = WindowReason.TRAINED if tokens >= trained else WindowReason.MEMORY
    return WindowChoice(tokens, reason, trained, kv_type, need(tokens))


def plan_window(
    path: Path, projector: Path | None, settings: LocalSettings, *, name: str, ref: str
) -> WindowChoice:
    """The window the model file ``path`` would load with now, with ``settings`` (its own window and
    KV cache type); a set window memory cannot hold raises ModelError with the numbers."""
    header = read_file_header(path)
    if header is None:  # not a GGUF this reader knows: check_gguf says why at the load
        raise ModelError.classified(ErrorKind.MODEL_ERROR, "models.local.unloadable", name=path.name)
    # A projector that is gone is said when the model loads (with its fix), not here.
    size = path.stat().st_size + (
        projector.stat().st_size if projector is not None and projector.is_file() else 0
    )
    try:
        return choose_window(
            header,
            size,
            available=available_memory(),
            batch=settings.batch_size,
            kv_type=settings.kv_type,
            setting=settings.context_window,
        )
    except WindowTooLarge as exc:
        mb = 1 << 20
        raise ModelError.classified(
            ErrorKind.MODEL_ERROR,
            "models.local.window_too_large",
            name=name,
            window=f"{exc.fit.context:,}",
            needed=f"{exc.fit.total / mb:,.0f} MB",
            weights=f"{exc.fit.weights / mb:,.0f} MB",
            kv=f"{exc.fit.kv_cache / mb:,.0f} MB",
            available=f"{exc.fit.available / mb:,.0f} MB",
            largest=str(exc.largest),
            ref=ref,
        ) from exc
