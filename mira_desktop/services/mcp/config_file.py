"""Reading the ``mcpServers`` JSON that Claude Desktop, Cursor, LM Studio and others write.

``{"mcpServers": {NAME: {"command": …, "args": […], "env": {…}}}}`` for a server Mira starts, or
``{NAME: {"url": …, "headers": {…}}}`` (``"type": "http"`` / ``"streamable-http"``) for one it
reaches over streamable HTTP; VS Code's ``{"servers": …}`` is read the same way. An entry Mira
cannot use (an SSE-only server, a missing command) is reported with its reason and the others are
still read. Names are made usable (``my server`` → ``my-server``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.tool_records import Transport
from mira_desktop.services.mcp.names import server_name_from
from mira_desktop.services.mcp.spec import ServerSpec

MAX_FILE_BYTES = 1_000_000
HTTP_TYPES = {"http", "streamable-http", "streamablehttp", "streamable_http"}


@dataclass(frozen=True)
class ServerEntry:
    """One server of a configuration file, with its secret values (they go to the keyring)."""

    spec: ServerSpec
    enabled: bool
    original_name: str  # as the file names it (``spec.name`` is a valid name made from it)


@dataclass(frozen=True)
class ReadFile:
    entries: list[ServerEntry]
    refused: list[tuple[str, str]]  # (name in the file, why it cannot be used)


def read_config_file(path: Path) -> ReadFile:
    """The servers of ``path``; raises InvalidInputError when it is not such a file at all."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise InvalidInputError.said("mcp.file.too_big", path=path)
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InvalidInputError.said("mcp.file.missing", path=path) from None
    except OSError as exc:
        raise InvalidInputError.said("mcp.file.unreadable", path=path, reason=exc.strerror) from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InvalidInputError.said("mcp.file.bad_json", path=path, error=exc) from exc
    servers = data.get("mcpServers", data.get("servers")) if isinstance(data, dict) else None
    if not isinstance(servers, dict):
        raise InvalidInputError.said("mcp.file.no_servers", path=path)
    entries: list[ServerEntry] = []
    refused: list[tuple[str, str]] = []
    for raw_name, raw in servers.items():
        try:
            entries.append(_entry(str(raw_name), raw))
        except InvalidInputError as exc:
            refused.append((str(raw_name), str(exc)))
    return ReadFile(entries, refused)


def _entry(raw_name: str, raw: Any) -> ServerEntry:
    if not isinstance(raw, dict):
        raise InvalidInputError.said("mcp.file.not_object")
    name = server_name_from(raw_name)
    enabled = not bool(raw.get("disabled", False))
    kind = str(raw.get("type", raw.get("transport", ""))).lower()
    if kind == "sse":
        raise InvalidInputError.said("mcp.file.sse")
    if "url" in raw or kind in HTTP_TYPES:
        url = raw.get("url")
        if not isinstance(url, str) or urlparse(url).scheme not in ("http", "https") or not urlparse(url).netloc:
            raise InvalidInputError.said("mcp.file.bad_url")
        spec = ServerSpec(name, Transport.HTTP, url=url, headers=_strings(raw.get("headers"), "headers"))
        return ServerEntry(spec, enabled, raw_name)
    command = raw.get("command")
    if not isinstance(command, str) or not command.strip():
        raise InvalidInputError.said("mcp.file.no_command")
    args = raw.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, str | int | float) for a in args):
        raise InvalidInputError.said("mcp.file.bad_args")
    spec = ServerSpec(
        name,
        Transport.STDIO,
        command=command.strip(),
        args=tuple(str(a) for a in args),
        env=_strings(raw.get("env"), "env"),
    )
    return ServerEntry(spec, enabled, raw_name)


def _strings(value: Any, what: str) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(v, str | int | float | bool) for v in value.values()):
        raise InvalidInputError.said("mcp.file.bad_map", what=what)
    return {str(k): str(v) for k, v in value.items()}
