"""Providers, keys and model selection against the real store and an in-memory keyring."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from mira_desktop.app import build_services
from mira_desktop.core.conversation.sampling import SamplingParams
from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.models.errors import ModelError
from mira_desktop.models.secrets import SERVICE, KeyringUnavailableError, SecretStore
from mira_desktop.services.app.bundle import AppServices
from tests.support.memory_keyring import MemoryKeyring, use_keyring

SECRET = "sk-test-0123456789-very-secret"


@pytest.fixture
def keyring_backend() -> Iterator[MemoryKeyring]:
    with use_keyring(MemoryKeyring()) as backend:
        yield backend  # type: ignore[misc]


@pytest.fixture
def app(data_dir: Path, keyring_backend: MemoryKeyring) -> Iterator[AppServices]:
    services = build_services(data_dir)
    yield services
    services.close()


def test_api_key_goes_to_the_keyring_and_never_into_the_database(
    app: AppServices, keyring_backend: MemoryKeyring, data_dir: Path
) -> None:
    provider = app.models.add_remote("lab", "http://127.0.0.1:9/v1", model="m", api_key=SECRET)
    assert provider.api_key_source.value == "keyring"
    assert keyring_backend.passwords == {(SERVICE, "provider:lab"): SECRET}
    app.database.conn.execute("PRAGMA wal_checkpoint(FULL)")
    for path in data_dir.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
    assert SECRET not in json.dumps([p.__dict__ for p in app.models.providers()], default=str)


def test_removing_a_provider_deletes_its_key(app: AppServices, keyring_backend: MemoryKeyring) -> None:
    app.models.add_remote("lab", "http://127.0.0.1:9/v1", model="m", api_key=SECRET)
    app.models.remove_remote("lab")
    assert keyring_backend.passwords == {}
    assert app.models.providers() == []


def test_without_a_usable_keyring_the_key_is_refused_and_nothing_is_written(data_dir: Path) -> None:
    from keyring.backends.fail import Keyring as FailKeyring

    with use_keyring(FailKeyring()):
        services = build_services(data_dir)
        try:
            with pytest.raises(KeyringUnavailableError, match="--api-key-env"):
                services.models.add_remote("lab", "http://127.0.0.1:9/v1", api_key=SECRET)
            assert services.models.providers() == []
            assert SecretStore().available() is False
        finally:
            services.close()


def test_env_key_source_stores_only_the_variable_name(
    app: AppServices, keyring_backend: MemoryKeyring
) -> None:
    provider = app.models.add_remote(
        "cloud", "https://api.example.invalid/v1", model="m", api_key_env="MY_KEY"
    )
    assert provider.api_key_source.value == "env"
    assert provider.api_key_env == "MY_KEY"
    assert keyring_backend.passwords == {}


@pytest.mark.parametrize(
    ("name", "url", "error"),
    [
        ("has space", "http://x/v1", InvalidInputError),
        ("a/b", "http://x/v1", InvalidInputError),
        ("ok", "ftp://x", InvalidInputError),
        ("ok", "not a url", InvalidInputError),
    ],
)
def test_bad_provider_input_is_rejected(
    app: AppServices, name: str, url: str, error: type[Exception]
) -> None:
    with pytest.raises(error):
        app.models.add_remote(name, url)
    assert app.models.providers() == []


def test_duplicate_provider_names_are_refused(app: AppServices) -> None:
    app.models.add_remote("lab", "http://127.0.0.1:9/v1")
    with pytest.raises(ConflictError):
        app.models.add_remote("lab", "http://127.0.0.1:10/v1")


def test_default_model_is_the_embedded_one_until_changed(app: AppServices, tmp_path: Path) -> None:
    assert app.models.default_ref() == "local:smollm2"
    script = tmp_path / "s.json"
    script.write_text('{"replies": [{"text": "hi"}]}')
    assert app.models.set_default(f"scripted:{script}") == f"scripted:{script}"
    assert app.models.resolve(None) == f"scripted:{script}"
    assert app.models.resolve("local:smollm2") == "local:smollm2"
    with pytest.raises(NotFoundError):
        app.models.set_default("remote:nobody/m")
    with pytest.raises(ModelError, match="does not exist"):
        app.models.set_default("local:/no/such/model.gguf")


def test_model_list_shows_kind_default_and_capabilities(app: AppServices) -> None:
    app.models.add_remote("lab", "http://127.0.0.1:9/v1", model="tiny")
    entries = {e.ref: e for e in app.models.entries()}
    local = entries["local:smollm2"]
    assert local.is_default
    assert local.kind == "local"
    assert local.loaded is False
    assert local.capabilities["context_window"] >= 4096
    assert local.capabilities["supports_json_schema"] is True
    remote = entries["remote:lab/tiny"]
    assert remote.kind == "remote"
    assert remote.capabilities["supports_tools"] is True


def test_gguf_files_are_checked_before_they_are_added(app: AppServices, tmp_path: Path) -> None:
    not_gguf = tmp_path / "notes.gguf"
    not_gguf.write_text("hello")
    with pytest.raises(ModelError, match="not a GGUF model file"):
        app.models.add_local(str(not_gguf))
    with pytest.raises(ModelError, match="does not exist"):
        app.models.add_local(str(tmp_path / "missing.gguf"))
    assert app.models.local_files() == []


def test_run_snapshot_records_the_model_and_its_parameters(app: AppServices) -> None:
    snapshot = app.models.snapshot("local:smollm2", SamplingParams(temperature=0.3, max_tokens=50))
    assert snapshot["ref"] == "local:smollm2"
    assert snapshot["name"] == "SmolLM2-135M-Instruct"
    assert snapshot["sampling"]["temperature"] == 0.3
    assert snapshot["threads"] >= 1
