"""The types of the shared fixtures in tests/conftest.py, for annotating the tests that take them."""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


class Script(Protocol):
    """The ``script`` fixture: write a model script, get its ``scripted:`` reference."""

    def __call__(self, *replies: dict[str, Any], **settings: Any) -> str: ...


class OpenServices(Protocol):
    """The ``open_services`` fixture: services on a data folder, closed when the ``with`` ends."""

    def __call__(self, folder: Path | None = None, **options: Any) -> AbstractContextManager[AppServices]: ...
