"""Role use cases."""

from __future__ import annotations

from mira_desktop.core.errors import NotFoundError
from mira_desktop.core.roles import Role, RoleStatus
from mira_desktop.store.roles import RoleRepository


class RoleService:
    def __init__(self, roles: RoleRepository) -> None:
        self._roles = roles

    def list(self, status: RoleStatus | None = None) -> list[Role]:
        return self._roles.list(status)

    def get(self, role_id: str) -> Role:
        found = self._roles.get(role_id)
        if found is None:
            raise NotFoundError(f"No role with id {role_id}: see `mira roles list`.")
        return found

    def delete(self, role_id: str) -> Role:
        """Delete the role; threads that used it keep every message and lose only the binding."""
        role = self.get(role_id)
        self._roles.delete(role_id)
        return role
