"""A model in parts is named by its split name in the window, as the picker and Settings name it: an
answer's "Model: …" label and the status line's "In memory: …" say ``STEM.gguf``, not the first
part's file name (the real SmolLM2, split into two real shards)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.run_records import SendOptions
from tests.gui.support import open_window

pytestmark = pytest.mark.slow

NAME = "smollm2-135m-instruct-q4_1.gguf"


def test_an_answers_label_and_the_status_line_name_a_model_in_parts_by_its_split_name(
    qtbot: QtBot, app_services: AppServices, smollm2_in_parts: list[Path]
) -> None:
    ref = app_services.models.add_local(str(smollm2_in_parts[0])).ref
    handle = app_services.chat.send(None, "Say hi", SendOptions(model_ref=ref))
    assert handle.wait(120).value == "completed"
    assert app_services.models.loaded_models() == [ref]  # still in memory after answering
    window = open_window(qtbot, app_services, ready=True)
    window.open_thread(handle.thread_id)
    view = window.chat_view
    qtbot.waitUntil(lambda: any(w.message.role == "assistant" for w in view.widgets.values()), timeout=10_000)
    answer = next(w for w in view.widgets.values() if w.message.role == "assistant")
    assert answer.model_label.text() == f"Model: {NAME}"
    assert answer.model_label.toolTip() == ref  # the whole reference on hover
    qtbot.waitUntil(lambda: window.memory_label.text() == f"In memory: {NAME}", timeout=10_000)
    picker = window.header.model_picker
    qtbot.waitUntil(lambda: picker.findData(ref) >= 0, timeout=10_000)
    assert picker.itemText(picker.findData(ref)) == NAME  # the same name as the picker's
    window.close()
