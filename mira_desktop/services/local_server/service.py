"""The local server's use cases: its settings, its token, the models it offers and each request's work.

The HTTP layer (``http_app``) only parses and answers; the models are the registry's own adapters
(``ModelService.registry``: the one loaded copy the window's chats use), the embedders the knowledge
bases' (``KnowledgeEmbedders``). Each request is logged on one line, and kept among the recent ones.
"""

from __future__ import annotations

import hmac
import logging
import secrets as token_bytes
import threading
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.models.protocol import Chunk, ModelProfile
from mira_desktop.models.turns import Asker
from mira_desktop.services.local_server.in_progress import InProgress
from mira_desktop.services.local_server.openai_format import CompletionAsk

if TYPE_CHECKING:
    from mira_desktop.core.tasks import TaskRunner
    from mira_desktop.models.protocol import ChatModel
    from mira_desktop.models.secrets import SecretStore
    from mira_desktop.services.knowledge.embedders import KnowledgeEmbedders
    from mira_desktop.services.local_server.runner import RunningServer
    from mira_desktop.services.model_catalog.catalog import ModelService
    from mira_desktop.store.settings import SettingsRepository

log = logging.getLogger("mira.local_server")

TOKEN_ACCOUNT = "local-server-token"  # the keyring account of the bearer token (never a setting)
ENABLED_SETTING = "local_server.enabled"
PORT_SETTING = "local_server.port"
LAN_SETTING = "local_server.lan"
DEFAULT_PORT = 8765
DEFAULT_WAIT_S = 120.0  # how long a request waits for a busy model before a 503
WAIT_COMMENT_S = 10.0  # how often a streamed request waiting its turn hears `: waiting, N ahead`
RECENT = 50


@dataclass(frozen=True)
class ServerSettings:
    enabled: bool
    port: int
    lan: bool


@dataclass(frozen=True)
class RequestRecord:
    """One served request as the log line and the Settings page show it (never the token)."""

    client: str
    path: str
    model: str
    status: int
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    outcome: str  # completed | cancelled | refused | failed


class LocalServerService:
    def __init__(
        self,
        *,
        models: ModelService,
        embedders: KnowledgeEmbedders,
        settings: SettingsRepository,
        secrets: SecretStore,
        tasks: TaskRunner,
        changes: ChangeFeed,
        wait_s: float = DEFAULT_WAIT_S,
    ) -> None:
        self._models = models
        self._embedders = embedders
        self._settings = settings
        self._secrets = secrets
        self.tasks = tasks
        self._changes = changes
        self.wait_s = wait_s
        self.wait_comment_s = WAIT_COMMENT_S
        self.gate = models.turns  # the same turns as the window's runs: one answer at a time per model
        self.in_progress = InProgress()
        self._token: str | None = None
        self._lock = threading.Lock()
        self._recent: deque[RequestRecord] = deque(maxlen=RECENT)
        self._listeners: list[Callable[[RequestRecord], None]] = []
        self._running: RunningServer | None = None

    # -- settings --------------------------------------------------------------------------------
    def settings(self) -> ServerSettings:
        port = self._settings.get(PORT_SETTING, DEFAULT_PORT)
        return ServerSettings(
            enabled=bool(self._settings.get(ENABLED_SETTING, False)),
            port=int(port) if isinstance(port, int) else DEFAULT_PORT,
            lan=bool(self._settings.get(LAN_SETTING, False)),
        )

    def set_settings(
        self, *, enabled: bool | None = None, port: int | None = None, lan: bool | None = None
    ) -> ServerSettings:
        if port is not None:
            check_port(port)
            self._settings.set(PORT_SETTING, port)
        if enabled is not None:
            self._settings.set(ENABLED_SETTING, enabled)
        if lan is not None:
            self._settings.set(LAN_SETTING, lan)
        self._changes.publish(Topic.PREFERENCES, what="local_server")
        return self.settings()

    # -- the token -------------------------------------------------------------------------------
    def has_token(self) -> bool:
        return self._current_token() is not None

    def new_token(self) -> str:
        """Make and keep a new token (the old one stops working at once); the caller shows it once."""
        token = token_bytes.token_urlsafe(32)
        self._secrets.store(TOKEN_ACCOUNT, token, what="the local server's token")
        with self._lock:
            self._token = token
        return token

    def token_matches(self, given: str) -> bool:
        token = self._current_token()
        return token is not None and hmac.compare_digest(token.encode(), given.encode())

    def _current_token(self) -> str | None:
        with self._lock:
            if self._token is None:
                self._token = self._secrets.read(TOKEN_ACCOUNT)
            return self._token

    # -- what it offers --------------------------------------------------------------------------
    def model_list(self) -> list[dict[str, Any]]:
        """``GET /v1/models``: the chat models Mira can use now, then the embedders that run here."""
        listed: list[dict[str, Any]] = [
            {"id": e.ref, "object": "model", "created": 0, "owned_by": "mira", "name": e.name, "kind": e.kind}
            for e in self._models.entries()
            if not e.detail and (e.kind != "remote" or "/" in e.ref)
        ]
        listed += [
            {"id": c.option.name, "object": "model", "created": 0, "owned_by": "mira", "name": c.option.label,
             "kind": "embedding"}
            for c in self._embedders.choices()
            if c.option.available
        ]  # fmt: skip
        return listed

    def chat_model(self, name: str) -> tuple[ChatModel, ModelProfile]:
        """The registry's adapter for ``name`` (one of :meth:`model_list`: nothing else is loaded)."""
        refs = {e.ref for e in self._models.entries() if not e.detail}
        if name not in refs:
            raise NotFoundError.said("server.unknown_model", model=name)
        model = self._models.registry.get(name)
        return model, model.profile()

    def check_tools(self, ask: CompletionAsk, profile: ModelProfile) -> None:
        if ask.request.tools and not profile.supports_tools:
            raise InvalidInputError.said("server.no_tools", model=ask.model)

    # -- the work --------------------------------------------------------------------------------
    def answer(self, model: ChatModel, ask: CompletionAsk, cancel: CancelToken) -> Iterator[Chunk]:
        """The model's chunks for ``ask``, once its turn came (the caller took the model's turn)."""
        yield from model.stream(ask.request, cancel)

    def embed(self, name: str, texts: list[str], cancel: CancelToken) -> tuple[list[list[float]], int]:
        names = {c.option.name for c in self._embedders.choices() if c.option.available}
        if name not in names:
            raise NotFoundError.said("server.unknown_embedder", model=name)
        embedder = self._embedders.get(name)
        with self.gate.turn(f"embedder:{name}", cancel, asker=Asker.SERVER, timeout=self.wait_s, name=name):
            vectors = embedder.encode(texts, cancel=cancel)
            tokens = sum(embedder.count_tokens(t) for t in texts)
        return [[float(x) for x in row] for row in vectors], tokens

    def stop_requests(self) -> None:
        """Cancel every request in progress (the server stopping); one: ``in_progress.stop(id)``."""
        self.in_progress.stop_all()

    def active_count(self) -> int:
        return self.in_progress.count()

    # -- the log ---------------------------------------------------------------------------------
    def record(self, entry: RequestRecord) -> None:
        log.info(
            "%s %s model=%s status=%d prompt_tokens=%d completion_tokens=%d seconds=%.3f %s",
            entry.client, entry.path, entry.model or "-", entry.status, entry.prompt_tokens,
            entry.completion_tokens, entry.seconds, entry.outcome,
        )  # fmt: skip
        with self._lock:
            self._recent.append(entry)
            listeners = list(self._listeners)
        for listener in listeners:
            listener(entry)

    def recent(self) -> list[RequestRecord]:
        with self._lock:
            return list(self._recent)

    def on_request(self, listener: Callable[[RequestRecord], None]) -> Callable[[], None]:
        with self._lock:
            self._listeners.append(listener)

        def unregister() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unregister

    # -- serving ---------------------------------------------------------------------------------
    def start(
        self, host: str = "127.0.0.1", port: int | None = None, *, lan: bool | None = None
    ) -> RunningServer:
        """Serve on ``host:port`` (port None: the setting; 0: any free one) until ``stop()``.

        A host other than a loopback one needs LAN mode (``lan``, else the setting), and LAN mode a
        token (made here when there is none: :attr:`RunningServer.new_token` says it once)."""
        from mira_desktop.services.local_server.access import is_loopback_host
        from mira_desktop.services.local_server.http_app import build_app
        from mira_desktop.services.local_server.runner import RunningServer

        current = self.settings()
        lan = current.lan if lan is None else lan
        port = current.port if port is None else port
        check_port(port, allow_any=True)
        if not lan and not is_loopback_host(host):
            raise InvalidInputError.said("server.lan_needed", host=host)
        self.stop()  # one server per process: a new start replaces the one running
        made = self.new_token() if lan and not self.has_token() else None
        running = RunningServer.start(build_app(self, lan=lan), host, port, self, new_token=made)
        with self._lock:
            self._running = running
        return running

    def serve_as_set(self) -> RunningServer | None:
        """Serve as the settings say (the window, as it opens and when its page changes them): on
        127.0.0.1, or every address in LAN mode; stopped when turned off."""
        current = self.settings()
        if not current.enabled:
            self.stop()
            return None
        return self.start("0.0.0.0" if current.lan else "127.0.0.1", current.port, lan=current.lan)

    def running(self) -> RunningServer | None:
        with self._lock:
            return self._running

    def stop(self) -> None:
        """Stop the server if one runs (its answers in flight are cancelled)."""
        with self._lock:
            running, self._running = self._running, None
        if running is not None:
            running.stop()


def check_port(port: int, *, allow_any: bool = False) -> None:
    if isinstance(port, bool) or not isinstance(port, int) or not (0 if allow_any else 1) <= port <= 65535:
        raise InvalidInputError.said("server.bad_port", port=port)
