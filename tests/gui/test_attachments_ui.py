"""The attachment chip and the media under an answer, on real services: attach a PDF, send it, see the
chip and the answer; with speech on, the audio player appears and loads the answer's WAV."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QToolButton
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from mira_desktop.services.media.service import MediaView
from mira_desktop.ui.chat.attachment_chip import AttachmentChip
from mira_desktop.ui.chat.media_player import MediaStrip
from tests.gui.support import open_window
from tests.integration.attachments.support import CAPSULE, make_pdf

ANSWER = "The escape capsule code is 7741."


def _script(tmp_path: Path, *texts: str) -> str:
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"replies": [{"text": t} for t in texts]}))
    return f"scripted:{path}"


def test_a_pdf_in_the_composer_shows_a_chip_that_removes_it(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    pdf = make_pdf(tmp_path / "manual.pdf", [CAPSULE, "The greenhouse needs water."])
    view = app_services.attachments.add_to_draft(None, pdf)
    chip = AttachmentChip.from_view(view)
    qtbot.addWidget(chip)
    chip.remove_requested.connect(lambda: app_services.attachments.remove_from_draft(None))
    chip.set_plan(
        app_services.attachments.plan(None, "What is the code?", model_ref=_script(tmp_path, ANSWER))
    )
    chip.show()
    assert chip.name_label.text() == "manual.pdf"
    assert chip.detail_label.text().startswith(f"{pdf.stat().st_size / 1024:.0f} KB · 2 pages · ")
    assert chip.detail_label.text().endswith("tokens")
    assert chip.mode_label.text() == "sent whole"
    with qtbot.waitSignal(chip.remove_requested):
        chip.remove_button.click()
    assert app_services.attachments.draft(None) is None


def test_attach_a_pdf_send_and_see_the_chip_and_the_answer(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    window = open_window(qtbot, app_services, ready=True)
    pdf = make_pdf(tmp_path / "manual.pdf", [CAPSULE])
    view = app_services.attachments.add_to_draft(None, pdf)
    options = SendOptions(model_ref=_script(tmp_path, ANSWER), attachment=view.draft_key)
    handle = app_services.chat.send(None, "What is the code?", options)
    assert handle.wait(30).value == "completed"
    window.open_thread(handle.thread_id)
    qtbot.waitUntil(lambda: handle.assistant_message_id in window.chat_view.widgets, timeout=10_000)
    answer = window.chat_view.widgets[handle.assistant_message_id]
    qtbot.waitUntil(lambda: "7741" in answer.body.text())
    question = next(
        m for m in app_services.threads.show(handle.thread_id).messages if m.id == handle.user_message_id
    )
    chip = AttachmentChip.from_part(question.parts[0])
    qtbot.addWidget(chip)
    chip.show()
    assert (chip.name_label.text(), chip.kind, chip.remove_button.isVisible()) == (
        "manual.pdf",
        "file",
        False,
    )
    assert chip.mode_label.text() == "sent whole"
    window.close()


def test_with_speech_on_the_audio_player_appears_and_loads_the_answer(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    first = app_services.chat.send(None, "Hi", SendOptions(model_ref=_script(tmp_path, "Hello.", ANSWER)))
    assert first.wait(30).value == "completed"
    qtbot.waitUntil(lambda: not any(t.name.startswith("run-") for t in app_services.tasks.active()))
    app_services.media.set_flags(first.thread_id, tts=True)
    handle = app_services.chat.send(first.thread_id, "What is the code?")
    assert handle.wait(30).value == "completed"
    strip = MediaStrip(handle.assistant_message_id)
    qtbot.addWidget(strip)

    def ready() -> bool:
        strip.set_media(app_services.media.for_message(handle.assistant_message_id))
        return bool(strip.players)

    qtbot.waitUntil(ready, timeout=60_000)
    assert strip.isVisibleTo(strip.parentWidget() or strip)
    player = strip.players[0]
    assert player.player is None  # the multimedia backend starts on the first Play, not before
    assert player.position_label.text().startswith("0:00 / 0:0")  # the length, from the WAV header
    assert player.ensure_player()
    from PySide6.QtMultimedia import QMediaPlayer

    qtbot.waitUntil(
        lambda: player.player.mediaStatus() == QMediaPlayer.MediaStatus.LoadedMedia, timeout=10_000
    )
    assert player.player.duration() > 1000
    assert Path(player.path).suffix == ".wav"


def test_a_failed_speech_shows_its_reason_and_offers_to_speak_again(qtbot: QtBot) -> None:
    failed = MediaView("med_x", "msg_x", "audio", "failed", None, None, "espeak-ng is not installed.", {})
    strip = MediaStrip("msg_x")
    qtbot.addWidget(strip)
    strip.set_media([failed])
    assert strip.players == []
    assert strip.notes[0].text() == "Speech failed: espeak-ng is not installed."
    with qtbot.waitSignal(strip.speak_requested) as asked:
        strip.findChildren(QToolButton)[0].click()
    assert asked.args == ["msg_x"]
