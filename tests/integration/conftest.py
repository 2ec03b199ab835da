"""Fixtures the integration tests share, one per kind of set-up (besides those of tests/conftest.py).

- ``workspace``: the ``project`` folder (tests/conftest.py) added as a workspace of the test's
  services; its id. A package whose tests need particular files overrides ``project``
  (agent/conftest.py: notes and a source file; sandbox: a module and its tests, inside a home).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


@pytest.fixture
def workspace(services: AppServices, project: Path) -> str:
    """The ``project`` folder added as a workspace (named "project"); its id."""
    return services.workspaces.add("project", str(project)).id
