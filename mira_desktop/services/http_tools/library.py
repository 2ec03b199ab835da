"""The declared HTTP tools: the shipped weather example and those the person added, on or off.

Declarations are kept in the settings table (``http_tools.declared``: name → declaration), which
switches are on in ``http_tools.on``; a shipped tool is off until turned on and can only be turned
off, not removed. A secret header's value is read from the keyring when a call is made; adding a
declaration whose secret is not in the keyring is refused, and so is a call after it was removed.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import Any

from mira_desktop.agent.tools.catalog import ALL_TOOLS
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.models.secrets import SecretStore
from mira_desktop.services.http_tools.declaration import (
    REFERENCE,
    HttpToolDeclaration,
    parse_declaration,
    secret_account,
)
from mira_desktop.services.http_tools.tool import HttpTool
from mira_desktop.services.http_tools.weather import SHIPPED
from mira_desktop.store.settings import SettingsRepository

DECLARED_KEY = "http_tools.declared"
ON_KEY = "http_tools.on"


@dataclass(frozen=True)
class HttpToolView:
    declaration: HttpToolDeclaration
    on: bool
    shipped: bool
    missing_secret: str | None  # the reference of a secret header not in the keyring

    def to_dict(self) -> dict[str, Any]:
        return self.declaration.to_dict() | {
            "on": self.on,
            "shipped": self.shipped,
            "ready": self.missing_secret is None,
            "missing_secret": self.missing_secret,
        }


class HttpToolLibrary:
    def __init__(self, settings: SettingsRepository, secrets: SecretStore, changes: ChangeFeed) -> None:
        self._settings = settings
        self._secrets = secrets
        self._changes = changes

    # -- reading ---------------------------------------------------------------------------------
    def list(self) -> builtins.list[HttpToolView]:
        on = self._on()
        return [
            HttpToolView(d, d.name in on, d.name in SHIPPED, self._missing(d))
            for d in sorted(self._all().values(), key=lambda d: d.name)
        ]

    def get(self, name: str) -> HttpToolDeclaration:
        found = self._all().get(name)
        if found is None:
            raise NotFoundError.said("http_tools.not_found", name=name)
        return found

    def run_tools(self, taken: set[str]) -> builtins.list[HttpTool]:
        """The tools that are on, as a run's tools (``taken`` collects their names)."""
        found = []
        for view in self.list():
            if view.on and view.declaration.name not in taken:
                taken.add(view.declaration.name)
                found.append(HttpTool(view.declaration, self.secret_values))
        return found

    def secret_values(self, tool: HttpToolDeclaration) -> dict[str, str]:
        """Header → value of ``tool``'s secret headers, read from the keyring now."""
        values = {}
        for header, reference in tool.secret_headers.items():
            value = self._secrets.read(secret_account(reference))
            if not value:
                raise InvalidInputError.said(
                    "http_tools.secret_missing", name=tool.name, header=header, reference=reference
                )
            values[header] = value
        return values

    # -- changing --------------------------------------------------------------------------------
    def add(self, data: object) -> HttpToolDeclaration:
        """Check ``data`` and keep it, on; nothing is kept when anything is wrong."""
        taken = frozenset({t.name for t in ALL_TOOLS} | set(SHIPPED))
        declaration = parse_declaration(data, taken=taken)
        if declaration.name in self._declared():
            raise InvalidInputError.said("http_tools.name_taken", name=declaration.name)
        self.secret_values(declaration)  # refused now rather than at the first call
        self._settings.set(DECLARED_KEY, {**self._declared(), declaration.name: declaration.to_dict()})
        self._settings.set(ON_KEY, sorted(self._on() | {declaration.name}))
        self._changes.publish(Topic.TOOLS)
        return declaration

    def remove(self, name: str) -> None:
        if name in SHIPPED:
            raise InvalidInputError.said("http_tools.shipped", name=name)
        declared = self._declared()
        if name not in declared:
            raise NotFoundError.said("http_tools.not_found", name=name)
        del declared[name]
        self._settings.set(DECLARED_KEY, declared)
        self._settings.set(ON_KEY, sorted(self._on() - {name}))
        self._changes.publish(Topic.TOOLS)

    def set_on(self, name: str, on: bool) -> HttpToolDeclaration:
        declaration = self.get(name)
        self._settings.set(ON_KEY, sorted(self._on() | {name} if on else self._on() - {name}))
        self._changes.publish(Topic.TOOLS)
        return declaration

    def set_secret(self, reference: str, value: str) -> None:
        """Keep a secret header's value in the keyring under ``reference``."""
        if not REFERENCE.match(reference):
            raise InvalidInputError.said("http_tools.bad_reference", header="-", reference=reference)
        if not value.strip():
            raise InvalidInputError.said("http_tools.empty_secret")
        self._secrets.store(secret_account(reference), value.strip(), what="the secret header")

    # -- the stored form -------------------------------------------------------------------------
    def _declared(self) -> dict[str, Any]:
        stored = self._settings.get(DECLARED_KEY, {})
        return dict(stored) if isinstance(stored, dict) else {}

    def _all(self) -> dict[str, HttpToolDeclaration]:
        found = dict(SHIPPED)
        for name, data in self._declared().items():
            try:
                found[name] = parse_declaration(data)
            except InvalidInputError:
                continue  # written by a newer Mira with rules this one does not know
        return found

    def _on(self) -> set[str]:
        stored = self._settings.get(ON_KEY, [])
        return {str(n) for n in stored} if isinstance(stored, list) else set()

    def _missing(self, tool: HttpToolDeclaration) -> str | None:
        try:
            self.secret_values(tool)
        except InvalidInputError:
            return next(iter(tool.secret_headers.values()))
        return None
