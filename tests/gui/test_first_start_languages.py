"""A Chinese user's first start: a new knowledge base gets the multilingual embedder, every base
shows its embedder and can switch it, and the welcome page says the embedded model is for trying
Mira, with the way to a better one (tests/gui/test_newcomer_window.py: in English too)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.knowledge.page import KnowledgePage
from mira_desktop.ui.runtime.changes import ChangeSignal
from mira_desktop.ui.runtime.operations import OperationRunner
from tests.gui.support import open_window


def _page(
    qtbot: QtBot, services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> KnowledgePage:
    page = KnowledgePage(services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.new_embedder.count() >= 2, timeout=10_000)
    return page


def test_a_chinese_window_creates_bases_with_the_multilingual_embedder(
    qtbot: QtBot, speak, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> None:
    speak("zh")
    page = _page(qtbot, app_services, runner, changes)
    assert page.new_embedder.currentData() == "e5-small"
    assert "中文" in page.new_embedder.currentText()
    page.new_name.setText("资料")
    page.create_button.click()
    qtbot.waitUntil(lambda: page.current_kb_id() is not None and page.embedder_row.isVisible())
    kb_id = page.current_kb_id()
    assert app_services.knowledge.embedders.name_for(kb_id) == "e5-small"
    qtbot.waitUntil(lambda: page.embedder_row.picker.currentData() == "e5-small")
    page.close()


def test_an_english_window_keeps_minilm_unless_another_is_picked(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> None:
    page = _page(qtbot, app_services, runner, changes)
    assert page.new_embedder.currentData() == "minilm"
    page.new_embedder.setCurrentIndex(page.new_embedder.findData("e5-small"))
    page.new_embedder.activated.emit(page.new_embedder.currentIndex())
    page.new_name.setText("Mixed")
    page.create_button.click()
    qtbot.waitUntil(lambda: page.current_kb_id() is not None)
    assert app_services.knowledge.embedders.name_for(page.current_kb_id()) == "e5-small"
    qtbot.waitUntil(lambda: page.new_embedder.currentData() == "minilm")  # the next base: the default
    page.close()


def test_switching_a_bases_embedder_asks_then_rebuilds_with_it(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal, monkeypatch
) -> None:
    kb = app_services.knowledge_bases.create("Notes")
    page = _page(qtbot, app_services, runner, changes)
    qtbot.waitUntil(lambda: page.embedder_row.picker.currentData() == "minilm")
    asked: list[str] = []
    monkeypatch.setattr(page, "confirm", lambda _title, text: asked.append(text) or False)
    picker = page.embedder_row.picker
    picker.setCurrentIndex(picker.findData("e5-small"))
    picker.activated.emit(picker.currentIndex())
    assert "Notes" in asked[0]
    assert app_services.knowledge.embedders.name_for(kb.id) == "minilm"  # declined: nothing changed
    qtbot.waitUntil(lambda: picker.currentData() == "minilm")
    monkeypatch.setattr(page, "confirm", lambda _title, _text: True)
    picker.setCurrentIndex(picker.findData("e5-small"))
    picker.activated.emit(picker.currentIndex())
    qtbot.waitUntil(lambda: app_services.knowledge.embedders.name_for(kb.id) == "e5-small")
    qtbot.waitUntil(lambda: picker.currentData() == "e5-small")  # followed from the change feed
    page.close()


def test_the_chinese_welcome_page_says_the_embedded_model_is_for_trying_and_leads_to_models(
    qtbot: QtBot, speak, app_services: AppServices
) -> None:
    speak("zh")
    window = open_window(qtbot, app_services)
    note = window.chat_view.model_note
    qtbot.waitUntil(note.isVisible, timeout=10_000)
    assert "试用" in note.text()
    note.linkActivated.emit("models")
    qtbot.waitUntil(lambda: getattr(window, "settings_dialog", None) is not None)
    dialog = window.settings_dialog
    assert dialog.tabs.currentWidget() is dialog.get_models_page
    dialog.close()
    window.close()


def test_the_note_is_not_shown_for_another_model(
    qtbot: QtBot, speak, app_services: AppServices, script
) -> None:
    speak("zh")
    chosen = script({"text": "好的。"})
    app_services.models.set_default(chosen)
    window = open_window(qtbot, app_services)
    # The header has read the default model; the note is decided in the same step.
    qtbot.waitUntil(lambda: window.header.default_model_ref == chosen)
    assert not window.chat_view.model_note.isVisible()  # a chosen model is not the embedded one
    window.close()
