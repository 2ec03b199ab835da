"""Building Role records for the compiler's unit tests (no database)."""

from __future__ import annotations

from typing import Any

from mira_desktop.core.roles.records import Role, RoleStatus
from mira_desktop.core.roles.schema import RoleDocument


def make_role(
    name: str = "Aria",
    *,
    status: RoleStatus = RoleStatus.ACTIVE,
    prompt: dict[str, Any] | None = None,
    lorebook: list[dict[str, Any]] | None = None,
    llm_profile: dict[str, Any] | None = None,
    version: int = 3,
) -> Role:
    """A role whose fields passed the real schema, as the store would hold them."""
    document = RoleDocument.model_validate(
        {
            "name": name,
            "status": status,
            "prompt": prompt or {},
            "lorebook": lorebook or [],
            "llm_profile": llm_profile or {},
        }
    )
    return Role(
        id="rol_test",
        name=document.name,
        summary="",
        status=document.status,
        version=version,
        created_at="2025-01-01T00:00:00.000Z",
        updated_at="2025-01-01T00:00:00.000Z",
        prompt=document.stored_prompt(),
        lorebook=document.stored_lorebook(),
        llm_profile=document.stored_profile(),
    )
