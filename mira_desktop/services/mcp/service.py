"""MCP servers: add (a command or a URL), import another app's file, list, turn on and off, per
workspace too, test, list tools, remove — and the live sessions behind them (:mod:`.sessions`).

The configuration is in SQLite; header values, and the environment values whose names mark them as
secrets (:mod:`.secret_names`), in the OS keyring (``mcp:<server>:env:<NAME>`` /
``mcp:<server>:header:<NAME>``); the other environment values are the server's settings
(``mcp:<server>:env:<NAME>`` in the settings table), so a server that needs no secret is added where
no keyring is usable. A variable may instead be passed on from Mira's own environment. Each server's state (running, failed with the reason, tools found) is
published on the change feed (``tools``), so Settings → Tools shows it as it changes.
"""

from __future__ import annotations

import builtins
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import ConflictError, InvalidInputError, MiraError, NotFoundError
from mira_desktop.core.tool_records import EnvSource, McpServer, Transport
from mira_desktop.models.secrets import KeyringUnavailableError, SecretStore
from mira_desktop.services.mcp.config_file import read_config_file
from mira_desktop.services.mcp.connection import ServerFailed
from mira_desktop.services.mcp.importing import ImportReport, import_servers
from mira_desktop.services.mcp.names import check_server_name
from mira_desktop.services.mcp.reasons import Reason
from mira_desktop.services.mcp.secret_names import env_source
from mira_desktop.services.mcp.sessions import LiveState, McpSessions, ServerState
from mira_desktop.services.mcp.spec import ServerSpec
from mira_desktop.services.mcp.views import ServerView
from mira_desktop.store.mcp_servers import McpServerRepository
from mira_desktop.store.settings import SettingsRepository

TIMEOUT_KEY = "mcp.timeout_seconds"
DEFAULT_TIMEOUT = 60.0
MAX_TIMEOUT = 3600.0


class McpServerError(MiraError):
    """An MCP server could not be started or reached; the sentence says which and why."""

    exit_code = 5  # a server failed
    server: str = ""
    reason: Reason | None = None  # for the window: Mira's words in its language, the server's as written


class McpService:
    def __init__(
        self,
        *,
        servers: McpServerRepository,
        settings: SettingsRepository,
        secrets: SecretStore,
        sessions: McpSessions,
        changes: ChangeFeed,
        logs_dir: Path,
    ) -> None:
        self._servers = servers
        self._settings = settings
        self._secrets = secrets
        self.sessions = sessions
        self._changes = changes
        self._logs = logs_dir / "mcp"

    # -- configuration ---------------------------------------------------------------------------
    def add_stdio(
        self, name: str, command: str, args: Sequence[str] = (), env: Mapping[str, str | None] | None = None
    ) -> McpServer:
        """A server Mira starts as ``command args``. An ``env`` value whose name marks it as a secret goes
        to the keyring, any other one is kept as the server's setting (None: passed on from Mira's own
        environment).

        Raises:
            KeyringUnavailableError: a secret value, and no usable keyring (nothing is stored then).
        """
        check_server_name(name)
        if not command.strip():
            raise InvalidInputError.said("mcp.no_command")
        self._refuse_taken(name)
        env = dict(env or {})
        for variable in env:
            if not variable or "=" in variable:
                raise InvalidInputError.said("mcp.bad_env", variable=variable)
        sources = {k: env_source(k, v) for k, v in env.items()}
        secrets = {k: v for k, v in env.items() if v is not None and sources[k] is EnvSource.KEYRING}
        self._store_secrets(name, "env", secrets)
        for variable, value in env.items():
            if value is not None and sources[variable] is EnvSource.SETTING:
                self._settings.set(_account(name, "env", variable), value)
        server = self._servers.add(name, Transport.STDIO, command=command.strip(), args=args, env=sources)
        self._changes.publish(Topic.TOOLS, server.id)
        return server

    def add_http(self, name: str, url: str, headers: Mapping[str, str] | None = None) -> McpServer:
        """A server reached over streamable HTTP at ``url``; header values go to the keyring."""
        check_server_name(name)
        parsed = urlparse(url)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise InvalidInputError.said("mcp.bad_url", url=url)
        self._refuse_taken(name)
        headers = dict(headers or {})
        self._store_secrets(name, "header", headers)
        server = self._servers.add(name, Transport.HTTP, url=url, headers=list(headers))
        self._changes.publish(Topic.TOOLS, server.id)
        return server

    def import_file(self, path: Path) -> ImportReport:
        """Add every server of an ``mcpServers`` JSON file that Mira can use (:mod:`.importing`)."""
        return import_servers(self, read_config_file(path))

    def get(self, name: str) -> McpServer:
        found = self._servers.get_by_name(name)
        if found is None:
            raise NotFoundError.said("mcp.not_found", name=name)
        return found

    def list(self) -> list[ServerView]:
        return [self._view(server) for server in self._servers.list()]

    def view(self, name: str) -> ServerView:
        return self._view(self.get(name))

    def set_enabled(self, name: str, enabled: bool) -> None:
        server = self.get(name)
        self._servers.update(name, enabled=enabled)
        if not enabled:
            self.sessions.stop(name)
        self._changes.publish(Topic.TOOLS, server.id)

    def set_trust_read_only(self, name: str, trusted: bool) -> None:
        """Whether the tools this server marks read-only run without asking (they still may not)."""
        server = self.get(name)
        self._servers.update(name, trust_read_only=trusted)
        self._changes.publish(Topic.TOOLS, server.id)

    def set_for_workspace(self, workspace_id: str, name: str, enabled: bool | None) -> None:
        """Turn the server on or off for one workspace's runs (None: as the server's own switch)."""
        server = self.get(name)
        self._servers.set_for_workspace(workspace_id, server.id, enabled)
        self._changes.publish(Topic.TOOLS, server.id, workspace_id=workspace_id)

    def for_workspace(self, workspace_id: str) -> builtins.list[tuple[McpServer, bool]]:
        """Every server with whether runs in ``workspace_id`` use it."""
        chosen = self._servers.for_workspace(workspace_id)
        return [(s, chosen.get(s.id, s.enabled)) for s in self._servers.list()]

    def remove(self, name: str) -> None:
        """Stop the server, forget it, its stored secrets and its settings."""
        server = self.get(name)
        self.sessions.stop(name)
        for variable, source in server.env.items():
            if source is EnvSource.KEYRING:
                self._secrets.forget(_account(name, "env", variable))
            elif source is EnvSource.SETTING:
                self._settings.delete(_account(name, "env", variable))
        for header in server.headers:
            self._secrets.forget(_account(name, "header", header))
        self._servers.delete(name)
        self._changes.publish(Topic.TOOLS, server.id)

    # -- settings --------------------------------------------------------------------------------
    def timeout(self) -> float:
        stored = self._settings.get(TIMEOUT_KEY, DEFAULT_TIMEOUT)
        return float(stored) if isinstance(stored, int | float) and stored > 0 else DEFAULT_TIMEOUT

    def set_timeout(self, seconds: float) -> None:
        if not 1 <= seconds <= MAX_TIMEOUT:
            raise InvalidInputError.said("mcp.bad_timeout", most=f"{MAX_TIMEOUT:g}")
        self._settings.set(TIMEOUT_KEY, seconds)
        self._changes.publish(Topic.TOOLS)

    # -- running ---------------------------------------------------------------------------------
    def tools(self, name: str, cancel: CancelToken | None = None) -> builtins.list[dict[str, Any]]:
        """The server's tools now: it is started (or reached) first when it does not run.

        Raises:
            ConflictError: the server is turned off.
            McpServerError: it could not be started or reached (the sentence says why).
        """
        server = self.get(name)
        if not server.enabled:
            raise ConflictError.said("mcp.turned_off", name=name)
        try:
            tools = self.sessions.ensure(self._launch(server), self.timeout(), cancel, self._logs / f"{name}.log")
        except ServerFailed as exc:
            self._servers.update(name, last_error=exc.reason.to_json())
            error = McpServerError.said("mcp.failed", name=name, reason=exc.reason.spoken)
            error.server, error.reason = name, exc.reason
            raise error from None
        self._servers.set_listing(name, tools)
        self._changes.publish(Topic.TOOLS, server.id)
        return tools

    def call(
        self, name: str, tool: str, arguments: dict[str, Any], cancel: CancelToken, timeout: float | None = None
    ) -> Any:
        """Call ``tool`` of server ``name`` (started again first when it stopped); its ``CallToolResult``.

        Raises:
            McpServerError: the server could not be started.
            CallFailed: no answer in time, the server stopped meanwhile, or it refused the call.
            Cancelled: the user stopped the run.
        """
        if self.sessions.state(name).state is not ServerState.RUNNING:  # not started yet, or it stopped
            self.tools(name, cancel)
        return self.sessions.call(name, tool, arguments, timeout or self.timeout(), cancel)

    def close(self) -> None:
        self.sessions.close()

    # -- helpers ---------------------------------------------------------------------------------
    def _view(self, server: McpServer) -> ServerView:
        live = self.sessions.state(server.name)
        state, reason = live.state, live.reason
        if state is ServerState.STOPPED and server.last_error:  # failed here earlier, or in another process
            state, reason = ServerState.FAILED, Reason.from_json(server.last_error)
        return ServerView(server, state, reason, list(server.tools or []))

    def _launch(self, server: McpServer) -> ServerSpec:
        """The stored server with its values: settings read, secrets from the keyring."""
        env: dict[str, str] = {}
        for variable, source in server.env.items():
            if source is EnvSource.INHERIT:
                value = os.environ.get(variable)
            elif source is EnvSource.SETTING:
                value = self._setting(server, variable)
            else:
                value = self._secret(server, "env", variable)
            if value is not None:
                env[variable] = value
        headers = {h: v for h in server.headers if (v := self._secret(server, "header", h)) is not None}
        return ServerSpec(server.name, server.transport, server.command, server.args, env, server.url, headers)

    def _secret(self, server: McpServer, kind: str, name: str) -> str | None:
        value = self._secrets.read(_account(server.name, kind, name))
        if value is None:
            raise ServerFailed(Reason.of("secret_env" if kind == "env" else "secret_header", name=name))
        return value

    def _setting(self, server: McpServer, variable: str) -> str:
        value = self._settings.get(_account(server.name, "env", variable))
        if value is None:
            raise ServerFailed(Reason.of("setting_env", name=variable))
        return str(value)

    def _store_secrets(self, name: str, kind: str, values: Mapping[str, str]) -> None:
        """Keep ``values`` in the keyring; without a usable one, refuse before anything is stored."""
        if values and not self._secrets.available():
            key = "mcp.no_keyring_env" if kind == "env" else "mcp.no_keyring_header"
            raise KeyringUnavailableError.said(key, name=", ".join(values))
        for key, value in values.items():
            self._secrets.store(_account(name, kind, key), value)

    def _refuse_taken(self, name: str) -> None:
        if self._servers.get_by_name(name) is not None:
            raise ConflictError.said("mcp.name_taken", name=name)


def _account(server: str, kind: str, name: str) -> str:
    return f"mcp:{server}:{kind}:{name}"


def on_state_change(changes: ChangeFeed) -> Any:
    """What the sessions call when a server's state changes: the window follows ``tools``."""

    def publish(name: str, state: LiveState) -> None:
        changes.publish(Topic.TOOLS, name, state=state.state.value)

    return publish
