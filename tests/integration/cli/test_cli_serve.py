"""`mira serve`: serving headless until Ctrl+C, the LAN rule, and the token shown once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import httpx

from mira_desktop.services.local_server.service import TOKEN_ACCOUNT

if TYPE_CHECKING:
    from tests.integration.cli.conftest import Mira
    from tests.support.memory_keyring import MemoryKeyring

_MAIN = "import sys; from mira_desktop.app import main; sys.exit(main())"


def test_mira_serve_answers_until_interrupted(data_dir: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3]), "HF_HUB_OFFLINE": "1"}
    command = [sys.executable, "-c", _MAIN, "--data-dir", str(data_dir), "--json", "serve", "--port", "0"]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    ) as server:
        try:
            assert server.stdout is not None
            lines: list[str] = []
            while not lines or lines[-1] != "}":  # one JSON document, printed as the server starts
                line = server.stdout.readline()
                assert line, server.stderr.read() if server.stderr else "no output"
                lines.append(line.rstrip("\n"))
            started = json.loads("\n".join(lines))

            listed = httpx.get(f"{started['url']}/models", timeout=60).json()

            assert started["host"] == "127.0.0.1"
            assert started["token"] is None
            assert "local:smollm2" in [m["id"] for m in listed["data"]]
            server.send_signal(signal.SIGINT)
            assert server.wait(timeout=60) == 0
        finally:
            if server.poll() is None:
                server.kill()


def test_serving_on_another_address_needs_lan_mode(mira: Mira) -> None:
    result = mira("serve", "--host", "0.0.0.0", "--port", "0")

    assert result.code == 2
    assert "mira serve --lan" in result.err


def test_serve_token_new_shows_a_token_once_and_keeps_it_in_the_keyring(
    mira: Mira, keyring_backend: MemoryKeyring
) -> None:
    before = mira("serve", "token")
    made = mira("--json", "serve", "token", "--new")
    after = mira("serve", "token")

    token = made.json()["token"]
    assert "No token yet" in before.out
    assert keyring_backend.passwords[("mira-desktop", TOKEN_ACCOUNT)] == token
    assert "kept in the keyring" in after.out
    assert token not in after.out
