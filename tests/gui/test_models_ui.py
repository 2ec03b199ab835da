from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from mira_desktop.app import build_services
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.threads import ThreadRepository
from tests.gui.support import open_window
from tests.support.memory_keyring import MemoryKeyring, use_keyring


@pytest.fixture
def keyring_backend() -> Iterator[MemoryKeyring]:
    with use_keyring(MemoryKeyring()) as backend:
        yield backend  # type: ignore[misc]


@pytest.fixture
def app_services(data_dir: Path, keyring_backend: MemoryKeyring) -> Iterator[AppServices]:
    services = build_services(data_dir)
    yield services
    services.close()


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"replies": [{"text": "Scripted hello"}, {"text": "again"}]}))
    return path


def _refs(page: object) -> list[str]:
    models = page.model_list  # type: ignore[attr-defined]
    return [models.item(i).data(256) for i in range(models.count())]


def test_models_page_adds_a_provider_whose_key_goes_to_the_keyring(
    qtbot: QtBot, app_services: AppServices, keyring_backend: MemoryKeyring
) -> None:
    window = open_window(qtbot, app_services)
    window.open_settings()
    page = window.settings_dialog.models_page
    page.remote_name.setText("lab")
    page.remote_url.setText("not a url")
    with qtbot.waitSignal(page.changed):
        page.add_remote_button.click()
    assert "is not an http(s) URL" in page.remote_error.text()
    assert app_services.models.providers() == []

    page.remote_url.setText("http://127.0.0.1:9/v1")
    page.remote_model.setText("tiny")
    page.remote_key.setText("sk-ui-secret")
    with qtbot.waitSignal(page.changed):
        page.add_remote_button.click()
    assert page.remote_key.text() == ""
    assert "keyring" in page.remote_error.text()
    assert list(keyring_backend.passwords.values()) == ["sk-ui-secret"]
    qtbot.waitUntil(lambda: "remote:lab/tiny" in _refs(page))
    # The header picker lists the new model too.
    qtbot.waitUntil(lambda: window.model_picker.findData("remote:lab/tiny") >= 0)
    window.settings_dialog.close()
    window.close()


def test_models_page_tests_a_model_and_sets_the_default(
    qtbot: QtBot, app_services: AppServices, script: Path
) -> None:
    app_services.models.set_default(f"scripted:{script}")
    window = open_window(qtbot, app_services)
    window.open_settings()
    page = window.settings_dialog.models_page
    qtbot.waitUntil(lambda: page.model_list.count() == 2)  # listed in the background
    assert _refs(page) == ["local:smollm2", f"scripted:{script}"]
    assert page.model_list.item(1).text().startswith("★")
    page.model_list.setCurrentRow(1)
    with qtbot.waitSignal(page.test_finished, timeout=30_000) as tested:
        page.test_button.click()
    assert "Scripted hello" in tested.args[0]
    assert "first token" in tested.args[0]
    page.model_list.setCurrentRow(0)
    with qtbot.waitSignal(page.changed):
        page.default_button.click()
    assert app_services.models.default_ref() == "local:smollm2"
    qtbot.waitUntil(lambda: window.model_picker.itemText(0).endswith("(SmolLM2-135M-Instruct)"))
    window.settings_dialog.close()
    window.close()


def test_model_picker_binds_the_open_thread_to_a_model(
    qtbot: QtBot, app_services: AppServices, script: Path
) -> None:
    thread = ThreadRepository(app_services.database).create(title="Pinned model")
    window = open_window(qtbot, app_services)
    window.open_thread(thread.id)
    window.model_picker.addItem("scripted", f"scripted:{script}")
    index = window.model_picker.findData(f"scripted:{script}")
    with qtbot.waitSignal(window.model_readiness_changed, timeout=30_000) as ready:
        window.model_picker.activated.emit(index)
    assert ready.args[0].ready
    assert app_services.threads.get(thread.id).model_ref == f"scripted:{script}"
    assert window.current_model_ref() == f"scripted:{script}"
    window.model_picker.activated.emit(0)  # back to the app default
    qtbot.waitUntil(lambda: app_services.threads.get(thread.id).model_ref is None)
    qtbot.waitUntil(lambda: not window.model_progress.isVisible(), timeout=60_000)
    window.close()
