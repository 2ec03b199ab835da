"""`mira models …` against the real store, an in-memory keyring and the real SmolLM2."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.integration.cli.conftest import Mira
from tests.support.fixtures import Script
from tests.support.memory_keyring import MemoryKeyring

SECRET = "sk-cli-secret-value-42"


# No command here may reach the OS keyring.
pytestmark = pytest.mark.usefixtures("keyring_backend")


def test_models_list_shows_the_embedded_default(mira: Mira) -> None:
    entries = mira("--json", "models", "list").json()
    assert entries[0]["ref"] == "local:smollm2"
    assert entries[0]["is_default"] is True
    assert entries[0]["kind"] == "local"
    assert entries[0]["loaded"] is False
    assert entries[0]["capabilities"]["context_window"] >= 4096
    assert "* local:smollm2" in mira("models", "list").out


def test_add_remote_with_key_on_stdin_keeps_the_key_out_of_output_and_disk(
    mira: Mira, data_dir: Path, keyring_backend: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(SECRET + "\n"))
    result = mira(
        "--json",
        "models",
        "add-remote",
        "lab",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--model",
        "tiny",
        "--api-key-stdin",
    )
    assert result.code == 0, result.err
    assert result.json()["api_key_source"] == "keyring"
    assert SECRET not in result.out
    assert list(keyring_backend.passwords.values()) == [SECRET]
    listed = mira("--json", "models", "list")
    assert "remote:lab/tiny" in {e["ref"] for e in listed.json()}
    assert SECRET not in listed.out
    for path in data_dir.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes()
    assert mira("models", "remove", "lab").code == 0
    assert keyring_backend.passwords == {}


def test_default_model_can_be_shown_and_set(mira: Mira, script: Script) -> None:
    assert mira("--json", "models", "default").json() == {"default": "local:smollm2"}
    ref = script({"text": "Hello from the script"})
    assert mira("models", "default", ref).code == 0
    assert mira("models", "default").out.strip() == ref
    bad = mira("models", "default", "nonsense")
    assert bad.code == 2
    assert "is not a model reference" in bad.err


def test_models_test_runs_a_one_line_completion_with_timing(mira: Mira, script: Script) -> None:
    result = mira("--json", "models", "test", script({"text": "Hello there!"}))
    assert result.code == 0, result.err
    data = result.json()
    assert data["text"] == "Hello there!"
    assert data["total_s"] >= data["first_token_s"] >= 0


def test_models_test_reports_a_dead_server_as_unreachable(mira: Mira) -> None:
    assert (
        mira("models", "add-remote", "dead", "--base-url", "http://127.0.0.1:9/v1", "--model", "m").code == 0
    )
    result = mira("models", "test", "remote:dead/m")
    assert result.code == 5  # a model or server failed (README, exit status)
    assert "127.0.0.1:9" in result.err
    assert result.err.count("\n") == 1


@pytest.mark.slow
def test_models_test_on_the_embedded_model(mira: Mira) -> None:
    result = mira("--json", "models", "test")
    assert result.code == 0, result.err
    data = result.json()
    assert data["ref"] == "local:smollm2"
    assert data["completion_tokens"] > 0
    assert data["text"]


def test_add_remote_errors_change_nothing(mira: Mira) -> None:
    bad = mira("models", "add-remote", "a b", "--base-url", "http://x/v1")
    assert bad.code == 2
    assert mira("--json", "models", "list").json()[-1]["ref"] == "local:smollm2"
    bad_header = mira("models", "add-remote", "lab", "--base-url", "http://x/v1", "--header", "nocolon")
    assert bad_header.code == 2
    assert len(mira("--json", "models", "list").json()) == 1
