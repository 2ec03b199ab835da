"""Slices of the shared BEIR corpora, small enough to index in a test."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import SHARED_DATA

SCIFACT = SHARED_DATA / "scifact"
CMRC = SHARED_DATA / "zh" / "cmrc2018_dev_beir"


def corpus_slice(source: Path, target: Path, count: int) -> Path:
    """The first ``count`` records of a BEIR corpus, as a smaller corpus file."""
    with source.open(encoding="utf-8") as handle:
        lines = [line for _, line in zip(range(count), handle, strict=False)]
    target.write_text("".join(lines), encoding="utf-8")
    return target


def beir_ids(path: Path) -> list[str]:
    return [json.loads(line)["_id"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
