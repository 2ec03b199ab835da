"""What a scripted model received (for asserting on what a route sent, not on what it meant to send),
and the release of a reply the script holds (``"hold_after"`` with ``"release_when"``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mira_desktop.models.protocol import ChatRequest
    from mira_desktop.services.app.bundle import AppServices


def requests_sent(services: AppServices, ref: str) -> list[ChatRequest]:
    """Every request the scripted model ``ref`` received in this process, oldest first."""
    from mira_desktop.models.adapters.scripted import ScriptedModel

    model = services.models.registry.get(ref)
    assert isinstance(model, ScriptedModel), f"{ref} is not a scripted model"
    return list(model.requests)


RELEASE = "release"  # the ``release_when`` file name the tests use


def release(ref: str, name: str = RELEASE) -> None:
    """Let a held reply of the script ``ref`` go on: create its ``release_when`` file beside the script."""
    (Path(ref.removeprefix("scripted:")).parent / name).touch()


def recorded_requests(path: Path) -> list[dict[str, Any]]:
    """The requests a script with ``record_to`` wrote, one JSON object a line, oldest first (any process)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
