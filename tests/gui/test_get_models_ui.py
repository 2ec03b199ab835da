"""Settings → Get models against the stand-in Hub: search, fit badges, a download with its progress,
pause and resume, then one click to use it; the servers box and the prompt format of Settings → Models."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.hub.catalogue import load_catalogue
from mira_desktop.services.hub.transfer import RetryPolicy
from mira_desktop.store.downloads import DownloadState
from mira_desktop.ui.settings.servers_box import ServersBox
from tests.gui.support import open_window
from tests.support.gguf_files import write_gguf
from tests.support.hub_server import Repo, RepoFile, StandInHub
from tests.support.memory_keyring import MemoryKeyring
from tests.support.model_server import ModelListServer

TINY = "mira-tests/tiny-chat-GGUF"


@pytest.fixture
def stand_in(tmp_path: Path) -> Iterator[StandInHub]:
    files = [
        RepoFile("tiny-chat-Q4_K_M.gguf", write_gguf(tmp_path / "a.gguf", tensor_bytes=3 << 20).read_bytes()),
        RepoFile("tiny-chat-Q8_0.gguf", write_gguf(tmp_path / "b.gguf", tensor_bytes=6 << 20).read_bytes()),
    ]
    with StandInHub([Repo(TINY, files)]) as hub:
        yield hub


@pytest.fixture
def hub_services(app_services: AppServices, stand_in: StandInHub) -> AppServices:
    app_services.hub.settings.set_endpoint(stand_in.url)
    app_services.hub.downloads.policy = RetryPolicy(attempts=3, first_delay_s=0.01, max_delay_s=0.05)
    return app_services


def test_get_models_opens_directly_with_the_recommended_models_first(
    qtbot: QtBot, hub_services: AppServices
) -> None:
    window = open_window(qtbot, hub_services)
    window.open_get_models()
    dialog = window.settings_dialog
    page = dialog.get_models_page
    assert dialog.tabs.currentWidget() is page
    qtbot.waitUntil(lambda: page.repo_list.count() > 0)  # read from the catalogue in the background
    repos = [page.repo_list.item(i).data(256) for i in range(page.repo_list.count())]
    assert repos[0] == load_catalogue()[0].repo  # the shipped list, in its order
    assert load_catalogue()[0].licence in page.repo_list.item(0).text()
    assert page.downloads.empty.isVisibleTo(page)
    dialog.close()


def test_search_fit_download_with_progress_pause_resume_and_use_it_for_new_threads(
    qtbot: QtBot, hub_services: AppServices, stand_in: StandInHub
) -> None:
    window = open_window(qtbot, hub_services)
    window.open_get_models()
    page = window.settings_dialog.get_models_page
    page.search_field.setText("tiny")
    with qtbot.waitSignal(page.searched, timeout=10_000):
        page.search_button.click()
    assert page.repo_list.count() == 1
    with qtbot.waitSignal(page.models_shown, timeout=10_000):
        page.repo_list.setCurrentRow(0)
    assert page.files.rowCount() == 2
    assert page.files.item(1, 0).text() == "★ tiny-chat-Q8_0.gguf"  # the largest that fits
    assert [page.files.item(r, 4).text() for r in range(2)] == ["Fits", "Fits"]
    assert "llama, context 2048 tokens, chat template chatml" in page.repo_info.text()
    assert page.selected_file() == "tiny-chat-Q8_0.gguf"

    stand_in.hold(after=2_000_000)  # it cannot finish before the pause, however loaded the machine
    with qtbot.waitSignal(page.download_started, timeout=10_000) as started:
        page.download_button.click()
    download_id = started.args[0]
    qtbot.waitUntil(lambda: download_id in page.downloads.rows, timeout=10_000)
    row = page.downloads.rows[download_id]
    qtbot.waitUntil(lambda: row.bar.value() > 0 and "/s" in row.detail.text(), timeout=20_000)
    assert "left" in row.detail.text()
    row.pause_button.click()
    qtbot.waitUntil(lambda: row.resume_button.isVisibleTo(row), timeout=20_000)
    assert "Paused. Resume it" in row.detail.text()
    assert hub_services.hub.downloads.get(download_id).state is DownloadState.PAUSED
    stand_in.release()
    row.resume_button.click()
    qtbot.waitUntil(lambda: row.default_button.isVisibleTo(row), timeout=30_000)
    ref = hub_services.hub.downloads.get(download_id).model_ref
    assert ref is not None
    assert row.detail.text() == "Ready: mira-tests/tiny-chat-GGUF · tiny-chat-Q8_0.gguf"  # not its path
    assert row.detail.toolTip() == ref
    assert stand_in.byte_requests()[-1].headers.get("range", "").startswith("bytes=")
    row.default_button.click()
    qtbot.waitUntil(lambda: hub_services.models.default_ref() == ref, timeout=5_000)
    qtbot.waitUntil(lambda: "New threads now use" in page.notice.text(), timeout=5_000)
    window.settings_dialog.close()


def test_a_failed_download_shows_its_reason_in_the_list(
    qtbot: QtBot, hub_services: AppServices, stand_in: StandInHub
) -> None:
    stand_in.faults.wrong_bytes.add("tiny-chat-Q4_K_M.gguf")
    window = open_window(qtbot, hub_services)
    window.open_get_models()
    page = window.settings_dialog.get_models_page
    with qtbot.waitSignal(page.models_shown, timeout=10_000):
        page.show_repo(TINY)
    page.files.selectRow(0)
    with qtbot.waitSignal(page.download_started, timeout=10_000) as started:
        page.download_button.click()
    download_id = started.args[0]
    qtbot.waitUntil(
        lambda: (
            download_id in page.downloads.rows
            and "do not match the sha256" in page.downloads.rows[download_id].detail.text()
        ),
        timeout=20_000,
    )
    row = page.downloads.rows[download_id]
    assert row.title.text().startswith("Failed")
    assert not row.resume_button.isVisibleTo(row)
    window.settings_dialog.close()


def test_a_server_running_here_is_added_in_one_click(
    qtbot: QtBot, app_services: AppServices, runner: object
) -> None:
    with ModelListServer(["qwen2.5:7b"]) as server:
        box = ServersBox(app_services, runner, ports=[("Ollama", server.port)])  # type: ignore[arg-type]
        qtbot.addWidget(box)
        qtbot.waitUntil(lambda: len(box.rows) == 1, timeout=5_000)
        label, button = box.rows[0]
        assert f"Ollama at http://127.0.0.1:{server.port}/v1 — qwen2.5:7b" == label.text()
        with qtbot.waitSignal(box.added, timeout=5_000) as added:
            button.click()
        assert added.args[0] == "remote:ollama/qwen2.5:7b"
        qtbot.waitUntil(lambda: len(box.rows) == 1 and not box.rows[0][1].isEnabled(), timeout=5_000)


def test_the_models_page_shows_the_two_turn_sample_of_the_selected_local_model(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = open_window(qtbot, app_services)
    window.open_settings()
    page = window.settings_dialog.models_page
    qtbot.waitUntil(lambda: "<|im_start|>" in page.template_box.sample.toPlainText(), timeout=10_000)
    assert "The model's own chat template (chatml)" in page.template_box.summary.text()
    assert page.template_box.sample.toPlainText().count("<|im_start|>user") == 2
    with qtbot.waitSignal(window.settings_dialog.tabs.currentChanged, timeout=2_000):
        page.get_models_button.click()
    assert window.settings_dialog.tabs.currentWidget() is window.settings_dialog.get_models_page
    window.settings_dialog.close()


@pytest.mark.slow
def test_a_fresh_data_folder_finds_a_two_part_model_downloads_it_through_a_cut_and_chats_with_it(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    """The whole way in the window: the embedded SmolLM2 in two real parts as a Hub repository (as
    large models are published), one row for both, a connection cut mid-body, one click to use it
    for new threads, then a question answered by it."""
    from PySide6.QtCore import Qt

    from tests.support.gguf_files import smollm2, split_gguf

    repo, stem = "HuggingFaceTB/SmolLM2-135M-Instruct-GGUF", "smollm2-135m-instruct-q4_1"
    parts = [RepoFile(p.name, p.read_bytes()) for p in split_gguf(smollm2(), tmp_path / "parts", stem)]
    with StandInHub([Repo(repo, parts)]) as hub:
        app_services.hub.settings.set_endpoint(hub.url)
        app_services.hub.downloads.policy = RetryPolicy(attempts=3, first_delay_s=0.01, max_delay_s=0.05)
        window = open_window(qtbot, app_services)
        window.open_get_models()
        page = window.settings_dialog.get_models_page
        page.search_field.setText("SmolLM2")
        with qtbot.waitSignal(page.searched, timeout=10_000):
            page.search_button.click()
        with qtbot.waitSignal(page.models_shown, timeout=10_000):
            page.repo_list.setCurrentRow(0)
        assert page.files.rowCount() == 1  # one model, not one row per part
        assert page.files.item(0, 0).text() == f"★ {stem}.gguf (2 parts)"
        assert page.files.item(0, 0).toolTip().endswith(f"{stem}-00001-of-00002.gguf\n{stem}-00002-of-00002.gguf")
        assert page.files.item(0, 4).text() == "Fits"
        hub.faults.cut_after = 20_000_000  # the connection drops 20 MB into the first part
        with qtbot.waitSignal(page.download_started, timeout=10_000) as started:
            page.download_button.click()
        download_id = started.args[0]
        qtbot.waitUntil(lambda: download_id in page.downloads.rows, timeout=10_000)
        assert f"{stem}.gguf (2 parts)" in page.downloads.rows[download_id].title.text()
        qtbot.waitUntil(
            lambda: (
                page.downloads.rows[download_id].default_button.isVisibleTo(
                    page.downloads.rows[download_id]
                )
            ),
            timeout=60_000,
        )
        ranges = [s.headers.get("range") for s in hub.byte_requests()]
        assert ranges[-3:] == [None, "bytes=20000000-", None]  # the first part resumed, then the second
        page.downloads.rows[download_id].default_button.click()
        ref = app_services.hub.downloads.get(download_id).model_ref
        qtbot.waitUntil(lambda: app_services.models.default_ref() == ref, timeout=5_000)
        window.settings_dialog.close()
    window.new_chat()
    window.composer.set_ready(True)
    window.composer.editor.setFocus()
    qtbot.keyClicks(window.composer.editor, "Say hello.")
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: app_services.threads.list(None) != [], timeout=20_000)
    thread = app_services.threads.list(None)[0]
    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=120_000)
    messages = app_services.threads.show(thread.id).messages
    assert [m.status for m in messages] == ["complete", "complete"]
    assert messages[1].content.strip()
    run = app_services.chat.run(messages[1].run_id)  # type: ignore[arg-type]
    assert run is not None
    assert run.model_snapshot["ref"] == ref


def test_the_hub_endpoint_and_token_are_read_and_kept_in_the_background(
    qtbot: QtBot, hub_services: AppServices, stand_in: StandInHub, keyring_backend: MemoryKeyring
) -> None:
    window = open_window(qtbot, hub_services)
    window.open_get_models()
    page = window.settings_dialog.get_models_page
    qtbot.waitUntil(lambda: stand_in.url in page.endpoint_label.text())
    assert page.endpoint_field.text() == stand_in.url

    page.token_field.setText("hf_secret")
    with qtbot.waitSignal(page.endpoint_shown):
        page.token_button.click()
    assert page.status.text() == ""
    assert list(keyring_backend.passwords.values()) == ["hf_secret"]
    assert page.token_field.text() == ""
    assert "keyring" in page.endpoint_label.text()

    page.endpoint_field.setText("not a url")
    with qtbot.waitSignal(page.endpoint_shown):
        page.endpoint_button.click()
    assert "not a url" in page.status.text()
    assert hub_services.hub.endpoint().url == stand_in.url


def test_a_token_without_a_usable_keyring_is_refused_with_the_reason(
    qtbot: QtBot, hub_services: AppServices, keyring_backend: MemoryKeyring
) -> None:
    keyring_backend.priority = 0  # type: ignore[assignment]  # as the "fail" keyring of a bare Linux
    window = open_window(qtbot, hub_services)
    window.open_get_models()
    page = window.settings_dialog.get_models_page
    qtbot.waitUntil(page.token_button.isEnabled)
    page.token_field.setText("hf_secret")
    with qtbot.waitSignal(page.endpoint_shown):
        page.token_button.click()
    assert "No usable system keyring" in page.status.text()
    assert keyring_backend.passwords == {}


def test_a_finished_download_offers_check_this_model_and_a_check_that_cannot_run_says_why(
    qtbot: QtBot, hub_services: AppServices, stand_in: StandInHub
) -> None:
    """The stand-in's model has a real GGUF header but no weights llama.cpp can load: its check is
    kept as one that could not run, and the table under the downloads says why."""
    window = open_window(qtbot, hub_services)
    window.open_get_models()
    page = window.settings_dialog.get_models_page
    with qtbot.waitSignal(page.models_shown, timeout=10_000):
        page.show_repo(TINY)
    with qtbot.waitSignal(page.download_started, timeout=10_000) as started:
        page.download_button.click()
    download_id = started.args[0]
    qtbot.waitUntil(lambda: download_id in page.downloads.rows, timeout=10_000)
    row = page.downloads.rows[download_id]
    assert not row.check_button.isVisibleTo(row)  # not before the model is in
    qtbot.waitUntil(lambda: row.check_button.isVisibleTo(row), timeout=30_000)
    ref = hub_services.hub.downloads.get(download_id).model_ref

    with qtbot.waitSignal(page.check_box.checked, timeout=60_000) as checked:
        row.check_button.click()

    assert checked.args == [ref]
    shown = dict(page.check_box.rows())
    assert shown["Result"].startswith("The check could not run: the model did not load.")
    assert "cores" in shown["Machine"]
    kept = hub_services.model_checks.latest(ref)
    assert kept is not None
    assert kept.status == "failed"
    window.settings_dialog.close()
