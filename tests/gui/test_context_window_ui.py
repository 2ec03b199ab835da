"""The window's side of a context sized at load and of idle unload: Settings → Models shows a local
model's window and why, sets its window and KV cache type (asking first past free memory), and the
idle minutes; the header and the context meter say the window and why; the status line says which
models are in memory, that an idle one was unloaded, and "loading…" when the next send loads it —
in English and in Chinese (the real SmolLM2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.settings.models_page import ModelsPage
from mira_desktop.ui.shell.main_window import MainWindow
from tests.gui.support import open_window
from tests.support.gguf_files import write_gguf

pytestmark = pytest.mark.slow


def _select(qtbot: QtBot, page: ModelsPage, ref: str) -> None:
    rows = page.model_list

    def found() -> int | None:
        return next((i for i in range(rows.count()) if rows.item(i).data(256) == ref), None)

    qtbot.waitUntil(lambda: found() is not None, timeout=10_000)  # the list is read in the background
    with qtbot.waitSignal(page.window_box.shown, timeout=10_000):
        rows.setCurrentRow(found())  # type: ignore[arg-type]


def _loaded_window(qtbot: QtBot, app_services: AppServices) -> MainWindow:
    window = open_window(qtbot, app_services)
    with qtbot.waitSignal(window.model_readiness_changed, timeout=60_000):
        window.start_model_check()
    return window


def test_the_models_page_shows_and_sets_a_local_models_window_and_kv_type(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = open_window(qtbot, app_services)
    window.open_settings()
    page = window.settings_dialog.models_page
    box = page.window_box
    _select(qtbot, page, "local:smollm2")
    assert box.summary.text() == "When it loads: 8,192 tokens — what the model was trained for"
    assert box.window_size.value() == 0
    assert box.window_size.text() == "Sized at load"
    assert box.window_size.maximum() == 8192
    box.window_size.setValue(4096)
    box.kv_type.setCurrentIndex(box.kv_type.findData("q8_0"))
    with qtbot.waitSignal(box.shown, timeout=10_000):
        box.apply_button.click()
    assert box.summary.text() == "When it loads: 4,096 tokens — your setting"
    assert box.note.text() == "Saved: the model loads with it on its next use."
    options = app_services.models.local_options("local:smollm2")
    assert (options.context, options.kv_type) == (4096, "q8_0")
    qtbot.waitUntil(lambda: "4,096 tokens — your setting" in page.model_list.currentItem().text())
    page.idle.setValue(5)
    page.idle.editingFinished.emit()
    qtbot.waitUntil(lambda: app_services.models.idle_minutes() == 5)
    window.settings_dialog.close()


def test_a_window_past_free_memory_is_asked_about_before_it_is_kept(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    path = write_gguf(
        tmp_path / "huge.gguf", layers=80, context=1 << 24, embedding=8192, heads=64, heads_kv=8
    )
    ref = app_services.models.add_local(str(path)).ref
    window = open_window(qtbot, app_services)
    window.open_settings()
    page = window.settings_dialog.models_page
    box = page.window_box
    _select(qtbot, page, ref)
    assert box.summary.text().endswith("— what memory allows")
    box.window_size.setValue(1 << 24)
    with qtbot.waitSignal(box.changed, timeout=10_000):
        box.apply_button.click()
    assert "16,777,216-token window" in box.note.text()
    assert "MB of memory" in box.note.text()
    assert box.apply_button.text() == "Set it anyway"
    assert app_services.models.local_options(ref).context == 0  # asked, not kept
    with qtbot.waitSignal(box.shown, timeout=10_000):
        box.apply_button.click()
    assert app_services.models.local_options(ref).context == 1 << 24
    window.settings_dialog.close()


def test_the_header_meter_and_status_line_follow_the_window_and_an_idle_unload(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = _loaded_window(qtbot, app_services)
    want = "8,192 tokens — what the model was trained for"
    qtbot.waitUntil(lambda: window.header.window_label.text() == want, timeout=10_000)
    assert window.memory_label.text().startswith("In memory: ")
    window.composer.editor.setPlainText("Hello")
    qtbot.waitUntil(lambda: "/ 8,192 tokens (what the model was trained for)" in window.composer.meter.text())
    assert app_services.idle_models.check(seconds=0.0) == ["local:smollm2"]
    qtbot.waitUntil(lambda: "unloaded while idle" in window.model_label.text(), timeout=10_000)
    qtbot.waitUntil(lambda: window.memory_label.text() == "No local model in memory", timeout=10_000)
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.model_label.text().endswith("— loading…"), timeout=30_000)
    assert window.model_progress.isVisible()
    qtbot.waitUntil(lambda: window.model_label.text().endswith("— ready"), timeout=60_000)
    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=120_000)
    assert window.memory_label.text().startswith("In memory: ")


def test_the_window_and_the_status_line_speak_chinese(
    qtbot: QtBot, chinese: None, app_services: AppServices
) -> None:
    window = _loaded_window(qtbot, app_services)
    qtbot.waitUntil(
        lambda: window.header.window_label.text() == "8,192 个词元 — 模型训练时的长度", timeout=10_000
    )
    assert window.memory_label.text().startswith("内存中：")
    window.open_settings()
    page = window.settings_dialog.models_page
    _select(qtbot, page, "local:smollm2")
    assert page.window_box.title() == "上下文窗口"
    assert page.window_box.summary.text() == "正在使用：8,192 个词元 — 模型训练时的长度"
    window.settings_dialog.close()
