"""Providers, keys and model selection against the real store and an in-memory keyring."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.models.errors import ModelError
from mira_desktop.models.secrets import SERVICE, KeyringUnavailableError, SecretStore
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from mira_desktop.services.model_catalog.catalog import DEFAULT_MODEL_SETTING
from tests.support.fixtures import Script
from tests.support.memory_keyring import MemoryKeyring, use_keyring

SECRET = "sk-test-0123456789-very-secret"

# No test here may reach the OS keyring.
pytestmark = pytest.mark.usefixtures("keyring_backend")


def test_api_key_goes_to_the_keyring_and_never_into_the_database(
    services: AppServices, keyring_backend: MemoryKeyring, data_dir: Path
) -> None:
    provider = services.models.add_remote("lab", "http://127.0.0.1:9/v1", model="m", api_key=SECRET)
    assert provider.api_key_source.value == "keyring"
    assert keyring_backend.passwords == {(SERVICE, "provider:lab"): SECRET}
    services.database.tuples("PRAGMA wal_checkpoint(FULL)")  # under its lock: start-up tasks write meanwhile
    for path in data_dir.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
    assert SECRET not in json.dumps([p.__dict__ for p in services.models.providers()], default=str)


def test_removing_a_provider_deletes_its_key(services: AppServices, keyring_backend: MemoryKeyring) -> None:
    services.models.add_remote("lab", "http://127.0.0.1:9/v1", model="m", api_key=SECRET)
    services.models.remove_remote("lab")
    assert keyring_backend.passwords == {}
    assert services.models.providers() == []


def test_without_a_usable_keyring_the_key_is_refused_and_nothing_is_written(services: AppServices) -> None:
    from keyring.backends.fail import Keyring as FailKeyring

    with use_keyring(FailKeyring()):
        with pytest.raises(KeyringUnavailableError, match="--api-key-env"):
            services.models.add_remote("lab", "http://127.0.0.1:9/v1", api_key=SECRET)
        assert services.models.providers() == []
        assert SecretStore().available() is False


def test_env_key_source_stores_only_the_variable_name(
    services: AppServices, keyring_backend: MemoryKeyring
) -> None:
    provider = services.models.add_remote(
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
    services: AppServices, name: str, url: str, error: type[Exception]
) -> None:
    with pytest.raises(error):
        services.models.add_remote(name, url)
    assert services.models.providers() == []


def test_duplicate_provider_names_are_refused(services: AppServices) -> None:
    services.models.add_remote("lab", "http://127.0.0.1:9/v1")
    with pytest.raises(ConflictError):
        services.models.add_remote("lab", "http://127.0.0.1:10/v1")
    assert [(p.name, p.base_url) for p in services.models.providers()] == [("lab", "http://127.0.0.1:9/v1")]


def test_default_model_is_the_embedded_one_until_changed(services: AppServices, script: Script) -> None:
    assert services.models.default_ref() == "local:smollm2"
    ref = script({"text": "hi"})
    assert services.models.set_default(ref) == ref
    assert services.models.resolve(None) == ref
    assert services.models.resolve("local:smollm2") == "local:smollm2"
    with pytest.raises(NotFoundError):
        services.models.set_default("remote:nobody/m")
    with pytest.raises(ModelError, match="does not exist"):
        services.models.set_default("local:/no/such/model.gguf")


def test_the_default_model_is_read_once_and_again_after_another_process_changes_it(
    services: AppServices, script: Script, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window asks on every render; a read of the shared connection can wait behind a run."""
    import subprocess
    import sys

    reads: list[str] = []
    get = services.models._settings.get

    def counted(key: str, default: object = None) -> object:
        reads.append(key)
        return get(key, default)

    monkeypatch.setattr(services.models._settings, "get", counted)
    assert [services.models.default_ref() for _ in range(5)] == ["local:smollm2"] * 5
    assert reads == [DEFAULT_MODEL_SETTING]
    version = services.other_processes.check(None)
    ref = script({"text": "hi"})
    subprocess.run(
        [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(data_dir), "models", "default", ref],
        check=True,
        capture_output=True,
    )
    services.other_processes.check(version)  # what the window's watcher does: the change is announced
    assert services.models.default_ref() == ref
    assert len(reads) == 2


def test_model_list_shows_kind_default_and_capabilities(services: AppServices) -> None:
    services.models.add_remote("lab", "http://127.0.0.1:9/v1", model="tiny")
    entries = {e.ref: e for e in services.models.entries()}
    local = entries["local:smollm2"]
    assert local.is_default
    assert local.kind == "local"
    assert local.loaded is False
    assert local.capabilities["context_window"] >= 4096
    assert local.capabilities["supports_json_schema"] is True
    remote = entries["remote:lab/tiny"]
    assert remote.kind == "remote"
    assert remote.capabilities["supports_tools"] is True


def test_gguf_files_are_checked_before_they_are_added(services: AppServices, tmp_path: Path) -> None:
    not_gguf = tmp_path / "notes.gguf"
    not_gguf.write_text("hello")
    with pytest.raises(ModelError, match="not a GGUF model file"):
        services.models.add_local(str(not_gguf))
    with pytest.raises(ModelError, match="does not exist"):
        services.models.add_local(str(tmp_path / "missing.gguf"))
    assert services.models.local_files() == []


@pytest.mark.slow
def test_a_run_records_the_local_model_it_ran_on_with_its_parameters_and_later_settings_leave_it(
    services: AppServices,
) -> None:
    role = services.roles.create(
        {"name": "Brief", "prompt": {"description": "{{char}} answers in one word."},
         "llm_profile": {"temperature": 0.3, "max_tokens": 50}}
    )  # fmt: skip
    services.models.set_local_threads(2)
    handle = services.chat.send(None, "Say hi", SendOptions(model_ref="local:smollm2", role_id=role.id))
    assert handle.wait(120) is RunStatus.COMPLETED  # the real SmolLM2 answered
    services.models.set_local_threads(1)  # a later change of the settings…
    run = services.chat.run(handle.run_id)
    assert run is not None
    snapshot = run.model_snapshot  # …does not rewrite what the run recorded
    assert snapshot["ref"] == "local:smollm2"
    assert snapshot["name"] == "SmolLM2-135M-Instruct"
    assert snapshot["context_window"] == services.models.registry.get("local:smollm2").profile().context_window
    assert snapshot["context_reason"] in ("trained", "memory")  # sized at load: no setting of its own
    assert snapshot["sampling"]["temperature"] == 0.3
    assert snapshot["sampling"]["max_tokens"] == 50
    assert snapshot["threads"] == 2
