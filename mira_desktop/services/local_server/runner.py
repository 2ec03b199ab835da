"""The server running: uvicorn on a socket Mira binds itself, its event loop on one task of the runner."""

from __future__ import annotations

import socket
import time
from typing import TYPE_CHECKING

from mira_desktop.core.errors import ConflictError, InvalidInputError

if TYPE_CHECKING:
    import uvicorn
    from starlette.types import ASGIApp

    from mira_desktop.core.tasks import Task
    from mira_desktop.services.local_server.service import LocalServerService

START_WAIT_S = 10.0
STOP_WAIT_S = 10.0


class RunningServer:
    """A server answering on :attr:`url` until :meth:`stop` (which cancels the answers in flight)."""

    def __init__(self, server: uvicorn.Server, sock: socket.socket, task: Task[None], service: LocalServerService,
                 new_token: str | None) -> None:  # fmt: skip
        self._server = server
        self._socket = sock
        self._task = task
        self._service = service
        self.new_token = new_token  # a token made for this start, to show once (None: one was kept)
        host, port = sock.getsockname()[:2]
        self.host = str(host)
        self.port = int(port)

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/v1"

    @classmethod
    def start(
        cls, app: ASGIApp, host: str, port: int, service: LocalServerService, *, new_token: str | None
    ) -> RunningServer:
        import uvicorn

        try:
            family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
            sock = socket.socket(family, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, port))
            sock.listen(128)
        except OSError as exc:
            raise InvalidInputError.said(
                "server.cannot_bind", host=host, port=port, reason=exc.strerror or exc
            ) from exc
        config = uvicorn.Config(
            app,
            log_config=None,  # Mira's logging stays as it is; each request is logged by the service
            access_log=False,
            lifespan="off",
            ws="none",
            timeout_graceful_shutdown=3,
        )
        server = uvicorn.Server(config)
        task = service.tasks.start("local-server", lambda _cancel: server.run(sockets=[sock]))
        deadline = time.monotonic() + START_WAIT_S
        while not server.started:  # uvicorn says it started with a flag only
            if task.wait(0.02) or time.monotonic() > deadline:
                server.should_exit = True
                sock.close()
                raise ConflictError.said(
                    "server.cannot_bind", host=host, port=port, reason=task.error or "timeout"
                )
        return cls(server, sock, task, service, new_token)

    @property
    def running(self) -> bool:
        return not self._task.done

    def wait(self, timeout: float) -> bool:
        """Whether the server ended within ``timeout`` seconds."""
        return self._task.wait(timeout)

    def stop(self) -> None:
        self._service.stop_requests()
        self._server.should_exit = True
        self._task.wait(STOP_WAIT_S)
        self._socket.close()
