"""Found by the secrets scan (reliability/secrets_scan.py): a server that refused the API key and
echoed it back JSON-escaped (``/`` written ``\\/``, as a PHP proxy does) got the key past the
redaction into the message's error, and from there into exports and backups. Every escaped or
URL-encoded echo of the key is now masked."""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from tests.support.cli import Mira
from tests.support.memory_keyring import MemoryKeyring

KEY = "sk-test/4f6c0d1e2a3b4c5d6e7f8091a2b3c4d5+k="


class EchoingServer:
    """Refuses every chat with 401 and the key it was sent, escaped as ``escape`` says."""

    def __init__(self, escape: str) -> None:
        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                sent = self.headers.get("Authorization", "").removeprefix("Bearer ")
                echoed = quote(sent, safe="") if escape == "url" else sent
                body = json.dumps({"error": {"message": f"Incorrect API key provided: {echoed}"}})
                data = (body.replace("/", "\\/") if escape == "json" else body).encode()
                self.send_response(401)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                return

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"


@pytest.fixture(params=["json", "url"], ids=["json-escaped", "url-encoded"])
def echoing_server(request: pytest.FixtureRequest) -> Iterator[EchoingServer]:
    server = EchoingServer(request.param)
    yield server
    server.httpd.shutdown()
    server.httpd.server_close()


def test_a_key_the_server_echoes_escaped_is_kept_out_of_the_error_and_the_export(
    mira: Mira,
    keyring_backend: MemoryKeyring,
    echoing_server: EchoingServer,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(KEY + "\n"))
    added = mira(
        "models", "add-remote", "echo", "--base-url", echoing_server.url, "--model", "m", "--api-key-stdin"
    )
    assert added.code == 0, added.err

    sent = mira("--json", "chat", "send", "--model", "remote:echo/m", "Hello?")
    assert sent.code == 5
    thread_id = json.loads(sent.out.splitlines()[-1])["thread_id"]
    exported = tmp_path / "thread.json"
    assert mira("threads", "export", thread_id, "--format", "json", "-o", str(exported)).code == 0

    random_part = KEY.split("/", 1)[1].split("+", 1)[0]
    text = exported.read_text(encoding="utf-8")
    assert "[redacted]" in text  # the echo is there, masked
    assert random_part not in text
    assert random_part not in sent.out + sent.err
