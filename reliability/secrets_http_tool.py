"""The secrets scan's declared-HTTP-tool part: the planted key becomes a secret header's value
(`mira tools set-secret`, from standard input), a declared tool sends it to a JSON API on loopback
that echoes it back (plainly and URL-encoded), and an agent run of the scripted model calls the tool —
so that the scan can look for the key in the run's events, outputs and messages, and in what
`mira tools list-http` / `show-http` print.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import quote

from reliability.common import mira

TOOL = "soak_echo"
REFERENCE = "soak-echo-key"


class EchoApi:
    """A JSON API on 127.0.0.1 that answers every GET with the X-Api-Key it was sent, twice encoded."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        seen = self.seen

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                key = self.headers.get("X-Api-Key", "")
                seen.append(key)
                data = json.dumps({"echo": key, "encoded": quote(key, safe=""), "ok": True}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                return

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> EchoApi:
        self.thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/echo"


def exercise(data: Path, env: dict[str, str], key: str, work: Path) -> tuple[list[dict[str, object]], bool]:
    """The steps (what each command printed) and whether the key reached the API."""
    declaration = work / "http-tool.json"
    declaration_data = {
        "name": TOOL,
        "description": "Echoes what it was sent (the secrets scan).",
        "url": "",
        "method": "GET",
        "parameters": {"type": "object", "properties": {"q": {"type": "string", "maxLength": 50}}},
        "secret_headers": {"X-Api-Key": REFERENCE},
    }
    script = work / "http-tool-script.json"
    call = {"name": TOOL, "arguments": {"q": "hello"}}
    script.write_text(
        json.dumps({"pick": "by_turn", "replies": [{"tool_calls": [call]}, {"text": "Echoed."}]})
    )
    steps: list[dict[str, object]] = []

    def step(name: str, *args: str, stdin: str | None = None) -> None:
        done = mira(data, *args, stdin=stdin, env=env, timeout=300)
        steps.append({"step": name, "exit": done.returncode, "stdout": done.stdout, "stderr": done.stderr})

    with EchoApi() as api:
        declaration.write_text(json.dumps(declaration_data | {"url": api.url}), encoding="utf-8")
        step("http tool: store the secret header", "tools", "set-secret", REFERENCE, stdin=key + "\n")
        step("http tool: declare it", "tools", "add-http", str(declaration))
        step("http tool: allow it", "agent", "permissions", TOOL, "allow")
        step("http tool: list", "--json", "tools", "list-http")
        step("http tool: show", "--json", "tools", "show-http", TOOL)
        step(
            "http tool: an agent run calls it",
            "--json",
            "chat",
            "send",
            "--agent",
            "--model",
            f"scripted:{script}",
            "Echo it.",
        )
    return steps, key in api.seen
