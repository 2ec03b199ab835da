from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mira_desktop.app import build_services
from mira_desktop.services.app.bundle import AppServices


@pytest.fixture
def app(data_dir: Path) -> Iterator[AppServices]:
    services = build_services(data_dir)
    yield services
    services.close()


def role_rows(app: AppServices) -> list[dict[str, object]]:
    """Every role row as stored, to prove that a refused write changed nothing."""
    return app.database.query("SELECT * FROM roles ORDER BY id")
