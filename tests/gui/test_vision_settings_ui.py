"""The window's side of local vision: Get models shows the projector that comes with a model and
"Text only" leaves it out; Settings → Models gives a local model a projector and takes it away, in
English and in Chinese."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from tests.gui.conftest import Speak
from tests.gui.support import open_window
from tests.support.gguf_files import write_gguf
from tests.support.hub_server import Repo, RepoFile, StandInHub

VISION = "mira-tests/tiny-vision-GGUF"


@pytest.fixture
def stand_in(tmp_path: Path) -> Iterator[StandInHub]:
    files = [
        RepoFile(
            "tiny-vision-Q4_K_M.gguf", write_gguf(tmp_path / "a.gguf", tensor_bytes=2 << 20).read_bytes()
        ),
        RepoFile("mmproj-F16.gguf", write_gguf(tmp_path / "b.gguf", tensor_bytes=1 << 17).read_bytes()),
        RepoFile("mmproj-F32.gguf", write_gguf(tmp_path / "c.gguf", tensor_bytes=1 << 18).read_bytes()),
    ]
    with StandInHub([Repo(VISION, files)]) as hub:
        yield hub


def test_get_models_shows_the_projector_beside_the_model_and_text_only_leaves_it_out(
    qtbot: QtBot, app_services: AppServices, stand_in: StandInHub
) -> None:
    app_services.hub.settings.set_endpoint(stand_in.url)
    window = open_window(qtbot, app_services)
    window.open_get_models()
    page = window.settings_dialog.get_models_page
    with qtbot.waitSignal(page.models_shown, timeout=10_000):
        page.show_repo(VISION)
    assert page.files.rowCount() == 1  # the projectors are not models
    page.files.selectRow(0)
    assert page.projector_label.isVisibleTo(page)
    assert page.projector_label.text().startswith("Sees pictures: its vision projector mmproj-F16.gguf (")
    assert page.text_only.isVisibleTo(page)
    page.text_only.setChecked(True)
    assert page.projector_label.text().startswith("Text only: mmproj-F16.gguf (")
    with qtbot.waitSignal(page.download_started, timeout=10_000) as started:
        page.download_button.click()
    text_only = app_services.hub.downloads.get(started.args[0])
    assert [p.path for p in text_only.parts] == ["tiny-vision-Q4_K_M.gguf"]
    app_services.hub.downloads.cancel(text_only.id)
    page.text_only.setChecked(False)
    with qtbot.waitSignal(page.download_started, timeout=10_000) as started:
        page.download_button.click()
    with_projector = app_services.hub.downloads.get(started.args[0])
    assert [p.path for p in with_projector.parts] == ["tiny-vision-Q4_K_M.gguf", "mmproj-F16.gguf"]
    qtbot.waitUntil(
        lambda: app_services.hub.downloads.get(with_projector.id).model_ref is not None, timeout=20_000
    )
    ref = app_services.hub.downloads.get(with_projector.id).model_ref
    assert app_services.models.projector(ref) is not None  # type: ignore[arg-type]
    window.settings_dialog.close()


def _select(qtbot: QtBot, page: object, ref: str) -> None:
    rows = page.model_list  # type: ignore[attr-defined]

    def found() -> int | None:
        return next((i for i in range(rows.count()) if rows.item(i).data(256) == ref), None)

    qtbot.waitUntil(lambda: found() is not None, timeout=10_000)  # the list is read in the background
    rows.setCurrentRow(found())


def test_the_models_page_gives_a_local_model_a_projector_and_takes_it_away(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    (tmp_path / "模型").mkdir()
    model = write_gguf(tmp_path / "模型" / "看图-Q4_K_M.gguf", tensor_bytes=1 << 16)
    projector = write_gguf(tmp_path / "模型" / "mmproj-看图-f16.gguf", tensor_bytes=1 << 16)
    ref = app_services.models.add_local(str(model)).ref
    window = open_window(qtbot, app_services)
    window.open_settings()
    page = window.settings_dialog.models_page
    box = page.vision_box
    with qtbot.waitSignal(box.shown, timeout=10_000):
        _select(qtbot, page, ref)
    assert box.summary.text().startswith("No vision projector: attached pictures are read by OCR.")
    assert not box.remove_button.isEnabled()
    with qtbot.waitSignal(box.shown, timeout=10_000):
        box.set_projector(str(projector))
    assert box.summary.text() == f"Sees attached pictures through its vision projector {projector}."
    qtbot.waitUntil(lambda: "sees pictures" in page.model_list.currentItem().text())  # the list is read again
    assert app_services.models.projector(ref) == str(projector)
    with qtbot.waitSignal(box.shown, timeout=10_000):
        box.set_projector(None)
    assert box.summary.text().startswith("No vision projector")
    qtbot.waitUntil(lambda: "sees pictures" not in page.model_list.currentItem().text())
    # A file that is not a GGUF is refused where it was picked, and nothing changes.
    text = tmp_path / "notes.txt"
    text.write_text("no model", "utf-8")
    with qtbot.waitSignal(box.shown, timeout=10_000):
        box.set_projector(str(text))
    assert "notes.txt is not a GGUF model file" in box.summary.text()
    assert app_services.models.projector(ref) is None
    window.settings_dialog.close()


def test_the_projector_and_text_only_speak_chinese(
    qtbot: QtBot, chinese: None, app_services: AppServices, stand_in: StandInHub, tmp_path: Path
) -> None:
    app_services.hub.settings.set_endpoint(stand_in.url)
    model = write_gguf(tmp_path / "m.gguf", tensor_bytes=1 << 16)
    ref = app_services.models.add_local(str(model)).ref
    window = open_window(qtbot, app_services)
    window.open_get_models()
    page = window.settings_dialog.get_models_page
    with qtbot.waitSignal(page.models_shown, timeout=10_000):
        page.show_repo(VISION)
    page.files.selectRow(0)
    assert page.text_only.text() == "仅文本"
    assert page.projector_label.text().startswith("能看图：它的视觉投影器 mmproj-F16.gguf（")
    window.open_settings()
    models = window.settings_dialog.models_page
    with qtbot.waitSignal(models.vision_box.shown, timeout=10_000):
        _select(qtbot, models, ref)
    assert models.vision_box.summary.text().startswith("没有视觉投影器")
    assert models.vision_box.title() == "图片"
    window.settings_dialog.close()


def test_a_recommended_model_says_its_machine_and_how_mira_runs_it_in_both_languages(speak: Speak) -> None:
    from mira_desktop.services.hub.catalogue import load_catalogue
    from mira_desktop.ui.settings.get_models_page import GetModelsPage
    from tests.unit.services.test_recommended_models import SHIPPED

    entry = load_catalogue(SHIPPED.read_text("utf-8"))[0]
    text = GetModelsPage._recommended_text(entry)
    assert text.splitlines()[-1] == (
        "For 8 GB of memory · thinking: on or off per request · tool calls: qwen3.5 format · "
        "sees pictures (its projector comes with it)"
    )
    speak("zh")
    text = GetModelsPage._recommended_text(entry)
    assert (
        text.splitlines()[-1]
        == "适合 8 GB 内存 · 思考：每次请求可开可关 · 工具调用：qwen3.5 格式 · 能看图（投影器随模型一起下载）"
    )
    assert "适合 8 GB 内存的电脑" in text  # the note in the window's language
