"""The secrets scan's local-server part: the server's bearer token, made by `mira serve token --new`
(the one output allowed to show it), then used by clients of `mira serve --lan` — rightly, wrongly,
and inside a refused request — so that the scan can look for it wherever Mira writes.
"""

from __future__ import annotations

import base64
import json
import signal
import subprocess
from pathlib import Path
from urllib.parse import quote

import httpx

from reliability.common import MIRA


def token_forms(token: str) -> dict[str, bytes]:
    found = {
        "server token": token,
        "server token, base64 of the header": base64.b64encode(f"Bearer {token}".encode()).decode(),
        "server token, URL-encoded": quote(token, safe=""),
    }
    return {name: text.encode() for name, text in found.items()}


def exercise(data: Path, env: dict[str, str], model: str, token: str) -> list[dict[str, object]]:
    """Serve in LAN mode on 127.0.0.1 and send it requests with the token; what was printed and answered."""
    command = [MIRA, "--data-dir", str(data), "--json", "serve", "--lan", "--port", "0"]
    steps: list[dict[str, object]] = []
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    ) as server:
        try:
            assert server.stdout is not None
            lines: list[str] = []
            while not lines or lines[-1] != "}":
                line = server.stdout.readline()
                if not line:
                    break
                lines.append(line.rstrip("\n"))
            url = json.loads("\n".join(lines))["url"] if lines else ""
            right = {"Authorization": f"Bearer {token}"}
            asks = [
                ("list models with the token", "GET", "/models", right, None),
                ("chat with the token", "POST", "/chat/completions", right,
                 {"model": model, "messages": [{"role": "user", "content": "Hello through the server."}]}),
                ("stream with the token", "POST", "/chat/completions", right,
                 {"model": model, "stream": True, "messages": [{"role": "user", "content": "Stream it."}]}),
                ("a wrong token", "GET", "/models", {"Authorization": f"Bearer {token[:-2]}xx"}, None),
                ("an unknown model, with the token", "POST", "/chat/completions", right,
                 {"model": "nope", "messages": [{"role": "user", "content": "x"}]}),
            ]  # fmt: skip
            with httpx.Client(timeout=120) as http:
                for name, method, path, headers, body in asks:
                    reply = http.request(method, url + path, headers=headers, json=body) if url else None
                    steps.append({"step": f"server: {name}", "exit": reply.status_code if reply else -1,
                                  "stdout": reply.text if reply else "", "stderr": ""})  # fmt: skip
            server.send_signal(signal.SIGINT)
            server.wait(timeout=60)
        finally:
            if server.poll() is None:
                server.kill()
        out, err = server.communicate()
    steps.append(
        {
            "step": "mira serve --lan",
            "exit": server.returncode,
            "stdout": "\n".join(lines) + out,
            "stderr": err,
        }
    )
    return steps
