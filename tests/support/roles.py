"""Reading role rows straight from the store."""

from __future__ import annotations

from mira_desktop.services.app.bundle import AppServices


def role_rows(services: AppServices) -> list[dict[str, object]]:
    """Every role row as stored, to prove that a refused write changed nothing."""
    return services.database.query("SELECT * FROM roles ORDER BY id")
