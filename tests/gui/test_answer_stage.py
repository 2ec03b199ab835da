"""A knowledge answer says what it is doing in the window: under the conversation, the stage it is in
and the seconds since the question, counted live, gone when the answer ends."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from tests.gui.support import open_window
from tests.support.fixtures import Script

pytestmark = pytest.mark.usefixtures("heavy_libraries_loaded")  # it indexes a note


def test_the_window_shows_a_knowledge_answers_stage_and_its_seconds_until_it_ends(
    qtbot: QtBot, app_services: AppServices, script: Script, tmp_path: Path
) -> None:
    base = app_services.knowledge_bases.create("Station")
    note = tmp_path / "station.md"
    note.write_text("# Crew\n\nThe commander of the station is Aiko Tanaka.\n", encoding="utf-8")
    added = app_services.knowledge.queue.add(base.id, [str(note)])
    app_services.knowledge.queue.run_until_done(base.id, added.jobs)
    slow = {"text": " ".join(["The commander is Aiko Tanaka [1]."] * 4), "token_delay_ms": 150}  # ~3 s
    app_services.models.set_default(script(slow))
    window = open_window(qtbot, app_services, ready=True)
    header = window.header
    qtbot.waitUntil(lambda: header.kb_picker.findData(base.id) >= 0, timeout=10_000)
    header.kb_picker.setCurrentIndex(header.kb_picker.findData(base.id))
    header.kb_picker.activated.emit(header.kb_picker.currentIndex())
    stage = window.answer_stage
    assert not stage.isVisible()
    window.composer.send_requested.emit("Who is the commander?")
    qtbot.waitUntil(
        lambda: stage.isVisible() and stage.text().startswith("Writing the answer"), timeout=20_000
    )
    first = _seconds(stage.text())  # since the question: retrieval may have taken a while already
    qtbot.waitUntil(lambda: _seconds(stage.text()) > first, timeout=5_000)  # the seconds count on, live
    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=20_000)
    qtbot.waitUntil(lambda: not stage.isVisible())
    window.close()


def _seconds(text: str) -> int:
    """The seconds a stage line counts ("Writing the answer… 3 s")."""
    found = re.search(r"(\d+) s$", text)
    assert found is not None, text
    return int(found.group(1))
