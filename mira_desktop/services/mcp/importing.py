"""Importing the servers of another app's ``mcpServers`` file: each one Mira can use is added, each
one it cannot is refused on its own with the reason (a taken name, an SSE-only server, a secret value
and no usable keyring), and the report says which environment values were kept as settings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mira_desktop.core.errors import ConflictError, InvalidInputError
from mira_desktop.core.phrases import Phrase
from mira_desktop.core.tool_records import EnvSource, Transport
from mira_desktop.models.secrets import KeyringUnavailableError
from mira_desktop.services.mcp.secret_names import env_source

if TYPE_CHECKING:
    from mira_desktop.services.mcp.config_file import ReadFile, ServerEntry
    from mira_desktop.services.mcp.service import McpService


@dataclass(frozen=True)
class ImportReport:
    added: list[str]
    refused: list[tuple[str, str | Phrase]]  # (name in the file, why: a phrase the window can translate)
    renamed: list[tuple[str, str]]  # (name in the file, name in Mira)
    settings: list[tuple[str, list[str]]] = field(default_factory=list)  # (server, values kept as settings)


def import_servers(mcp: McpService, read: ReadFile) -> ImportReport:
    """Add the servers of ``read`` through ``mcp``; a refusal stops only its own server."""
    added: list[str] = []
    refused: list[tuple[str, str | Phrase]] = list(read.refused)
    renamed: list[tuple[str, str]] = []
    settings: list[tuple[str, list[str]]] = []
    for entry in read.entries:
        spec = entry.spec
        try:
            _add(mcp, entry)
        except (InvalidInputError, ConflictError, KeyringUnavailableError) as exc:
            refused.append((entry.original_name, exc.phrase or str(exc)))
            continue
        added.append(spec.name)
        if spec.name != entry.original_name:
            renamed.append((entry.original_name, spec.name))
        plain = [k for k, v in spec.env.items() if env_source(k, v) is EnvSource.SETTING]
        if plain:
            settings.append((spec.name, plain))
    return ImportReport(added, refused, renamed, settings)


def _add(mcp: McpService, entry: ServerEntry) -> None:
    spec = entry.spec
    if spec.transport is Transport.HTTP:
        mcp.add_http(spec.name, str(spec.url), spec.headers)
    else:
        mcp.add_stdio(spec.name, str(spec.command), spec.args, dict(spec.env))
    if not entry.enabled:
        mcp.set_enabled(spec.name, False)
