"""Model servers the user already runs on this computer: Ollama, LM Studio, llama.cpp server, Jan.

Only loopback is probed (``127.0.0.1``), each at its usual port, with one short ``GET /v1/models``
(every one of them speaks the OpenAI-compatible API there); what answers is offered as a provider
with its models. The ports are a parameter, so a test points the probe at a server of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

KNOWN_SERVERS: tuple[tuple[str, int], ...] = (
    ("Ollama", 11434),
    ("LM Studio", 1234),
    ("llama.cpp", 8080),
    ("Jan", 1337),
)
TIMEOUT_S = 0.5


@dataclass(frozen=True)
class FoundServer:
    app: str
    port: int
    models: tuple[str, ...]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def provider_name(self) -> str:
        """The name it gets as a provider: ``ollama``, ``lm-studio``, ``llama.cpp``, ``jan``."""
        return self.app.lower().replace(" ", "-")


def probe(
    servers: Sequence[tuple[str, int]] = KNOWN_SERVERS, timeout_s: float = TIMEOUT_S
) -> list[FoundServer]:
    """The servers among ``servers`` that answer on loopback, with the models they serve."""
    import httpx  # here, not at the top: the services are built before the window is usable

    found = []
    with httpx.Client(timeout=timeout_s, trust_env=False) as client:  # no proxy for loopback
        for app, port in servers:
            try:
                response = client.get(f"http://127.0.0.1:{port}/v1/models")
                data = response.json() if response.status_code == 200 else None
            except (httpx.HTTPError, ValueError):
                continue
            items = data.get("data") if isinstance(data, dict) else None
            if not isinstance(items, list):
                continue
            models = tuple(str(m["id"]) for m in items if isinstance(m, dict) and m.get("id"))
            found.append(FoundServer(app, port, models))
    return found
