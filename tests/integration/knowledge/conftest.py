from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from mira_desktop.app import build_services
from mira_desktop.services.app.bundle import AppServices
from tests.conftest import SHARED_DATA

SCIFACT = SHARED_DATA / "scifact"
CMRC = SHARED_DATA / "zh" / "cmrc2018_dev_beir"


@pytest.fixture
def app(data_dir: Path) -> Iterator[AppServices]:
    services = build_services(data_dir)
    yield services
    services.close()


def corpus_slice(source: Path, target: Path, count: int) -> Path:
    """The first ``count`` records of a BEIR corpus, as a smaller corpus file."""
    with source.open(encoding="utf-8") as handle:
        lines = [line for _, line in zip(range(count), handle, strict=False)]
    target.write_text("".join(lines), encoding="utf-8")
    return target


def beir_ids(path: Path) -> list[str]:
    return [json.loads(line)["_id"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
