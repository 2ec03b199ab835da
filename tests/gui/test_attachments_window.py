"""Attachments and media in the main window, as a person uses them, on real services and scripted
models: a file dropped or pasted on the composer shows its chip and goes with the message; a refused
file says why in one line; each thread keeps its own draft file; speech appears under an answer by
itself; the picture switch says why it is off; a passage of an attached PDF opens at its page."""

from __future__ import annotations

import html
import re
from pathlib import Path

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from mira_desktop.ui.chat.attachment_chip import AttachmentChip
from mira_desktop.ui.chat.message_widget import MessageWidget
from mira_desktop.ui.shell.main_window import MainWindow
from tests.gui.support import drop_files, open_window
from tests.gui.test_translations import flagged
from tests.integration.attachments.support import CAPSULE, make_pdf, make_png, manual_pages
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent

QUESTION = "What is the emergency launch code for the escape capsule?"
ANSWER = "The escape capsule code is 7741."


def _welcome_window(qtbot: QtBot, services: AppServices, model: str) -> MainWindow:
    window = open_window(qtbot, services, ready=True)
    window.header.draft.model_ref = model  # the welcome page's first send runs on the scripted model
    return window


def _chip(window: MainWindow) -> AttachmentChip | None:
    chip = window.composer.chip
    return chip if isinstance(chip, AttachmentChip) else None


def _planned_chip(qtbot: QtBot, window: MainWindow, name: str) -> AttachmentChip:
    """The composer's chip of ``name``, once its plan is shown."""
    actions = window.attachment_actions
    qtbot.waitUntil(
        lambda: actions.view is not None and actions.view.name == name and actions.plan is not None,
        timeout=15_000,
    )
    chip = _chip(window)
    assert chip is not None
    return chip


def _send(qtbot: QtBot, window: MainWindow, text: str, answer: str) -> MessageWidget:
    """Type ``text``, press Send, and wait for the answer (the widget of the answer)."""
    window.composer.editor.setPlainText(text)
    window.composer.send_button.click()

    def answered() -> MessageWidget | None:
        state = window.controller.state
        if state.busy:
            return None
        return next(
            (
                w
                for w in window.chat_view.widgets.values()
                if w.message.role == "assistant" and answer in w.body.text()
            ),
            None,
        )

    qtbot.waitUntil(lambda: answered() is not None, timeout=30_000)
    widget = answered()
    assert widget is not None
    return widget


def _threads(services: AppServices, model: str, count: int) -> list[str]:
    """``count`` threads on ``model``, each with one answered message, all background work done."""
    ids = []
    for n in range(count):
        handle = services.chat.send(None, f"Hello {n}", SendOptions(model_ref=model))
        assert handle.wait(30).value == "completed"
        ids.append(handle.thread_id)
    return ids


def _meter_count(window: MainWindow) -> int:
    """The tokens the context meter shows for the next request ("Context: 1,234 / 8,192 tokens")."""
    text = window.composer.meter.text()
    return int(text.split(":")[1].split("/")[0].replace(",", "").strip()) if "/" in text else 0


def _idle(qtbot: QtBot, services: AppServices) -> None:
    qtbot.waitUntil(
        lambda: not any(t.name.startswith("run-") for t in services.tasks.active()), timeout=30_000
    )


def test_a_file_dropped_on_the_composer_shows_its_chip_goes_with_the_message_and_shows_on_it(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, script: Script
) -> None:
    model = script({"text": ANSWER})
    window = _welcome_window(qtbot, app_services, model)
    window.update_usage()
    qtbot.waitUntil(lambda: "/" in window.composer.meter.text())
    without_file = _meter_count(window)
    notes = tmp_path / "notes.md"
    notes.write_text(f"# Capsule\n\n{CAPSULE}\n")
    drop_files(window.composer, [notes])
    chip = _planned_chip(qtbot, window, "notes.md")
    plan = window.attachment_actions.plan
    assert plan is not None
    # The context meter counts the file before it is sent, and names it on hover.
    assert _meter_count(window) == without_file + plan.tokens
    assert f"Attachment: {plan.tokens:,}" in window.composer.meter.toolTip()
    assert chip.name_label.text() == "notes.md"
    assert chip.detail_label.text() == f"{notes.stat().st_size} B · {plan.tokens} tokens"
    assert plan.tokens > 0
    assert chip.mode_label.text() == "sent whole"
    assert chip.remove_button.isVisible()

    _send(qtbot, window, QUESTION, "7741")
    assert CAPSULE in requests_sent(app_services, model)[0].messages[-1].content
    assert window.attachment_actions.view is None  # the file went with the message: no draft file
    assert "Attachment" not in window.composer.meter.toolTip()
    thread_id = window.current_thread_id
    assert thread_id is not None
    assert app_services.attachments.draft(thread_id) is None
    window.new_chat()
    window.open_thread(thread_id)  # the message as stored, read again
    qtbot.waitUntil(lambda: len(window.chat_view.widgets) == 2)
    question = next(w for w in window.chat_view.widgets.values() if w.message.role == "user")
    qtbot.waitUntil(lambda: len(question.parts.chips) == 1)
    sent = question.parts.chips[0]
    qtbot.waitUntil(sent.isVisible)
    assert (sent.name_label.text(), sent.mode_label.text(), sent.remove_button.isVisible()) == (
        "notes.md",
        "sent whole",
        False,
    )
    assert re.fullmatch(r"\d+ B · \d+ tokens", sent.detail_label.text())
    window.close()


def test_after_sending_the_chip_says_the_file_is_carried_and_the_follow_up_takes_it(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, script: Script
) -> None:
    model = script({"text": "Noted."}, {"text": ANSWER})
    window = _welcome_window(qtbot, app_services, model)
    notes = tmp_path / "notes.md"
    notes.write_text(f"# Capsule\n\n{CAPSULE}\n")
    drop_files(window.composer, [notes])
    _planned_chip(qtbot, window, "notes.md")
    _send(qtbot, window, "Keep this file for later.", "Noted.")
    actions = window.attachment_actions
    qtbot.waitUntil(lambda: actions.carried is not None, timeout=15_000)
    chip = _chip(window)
    assert chip is not None
    assert chip.name_label.text() == "notes.md"
    assert chip.mode_label.text() == "from an earlier message — sent whole"
    assert "stays in the conversation" in chip.mode_label.toolTip()
    assert not chip.remove_button.isVisible()  # it belongs to the earlier message
    _send(qtbot, window, QUESTION, "7741")
    follow_up = requests_sent(app_services, model)[1].messages[-1].content
    assert follow_up.startswith(QUESTION)
    assert CAPSULE in follow_up
    qtbot.waitUntil(lambda: actions.carried is not None, timeout=15_000)  # and for the next one too
    window.close()


def test_a_pasted_image_becomes_the_draft_file_and_warns_a_model_that_cannot_see_images(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, script: Script
) -> None:
    window = _welcome_window(qtbot, app_services, script({"text": ANSWER}))
    image = QImage(str(make_png(tmp_path / "red.png", (40, 30))))
    QApplication.clipboard().setImage(image)
    window.composer.editor.setFocus()
    window.composer.editor.paste()
    actions = window.attachment_actions
    qtbot.waitUntil(lambda: actions.view is not None and actions.plan is not None, timeout=15_000)
    chip = _chip(window)
    assert chip is not None
    assert actions.view is not None
    assert re.fullmatch(r"pasted-\d{8}-\d{6}\.png", actions.view.name)
    assert (chip.kind, chip.icon.text()) == ("image", "PNG")
    assert chip.mode_label.text() == "not sent: the model cannot see images"
    assert chip.mode_label.toolTip().startswith(f"{actions.view.name} does not go with the message")
    assert "cannot see images" in chip.note  # the service's sentence, naming the model
    assert window.composer.editor.toPlainText() == ""  # attached, not pasted into the text
    window.close()


def test_a_renamed_program_is_refused_with_the_reason_in_one_line_and_no_chip(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, script: Script
) -> None:
    window = _welcome_window(qtbot, app_services, script({"text": ANSWER}))
    fake = tmp_path / "notes.txt"
    fake.write_bytes(b"\x7fELF\x02\x01\x01" + bytes(200))
    drop_files(window.composer, [fake])
    notice = window.composer.notice
    qtbot.waitUntil(lambda: notice.isVisible() and notice.text().startswith("notes.txt"), timeout=15_000)
    assert "\n" not in notice.text()
    assert "Traceback" not in notice.text()
    assert window.composer.chip is None
    assert app_services.attachments.draft(None) is None
    assert window.composer.send_button.isEnabled()  # reading is over: Send works again
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
    window.close()


def test_each_thread_shows_its_own_draft_file_and_remove_takes_it_out(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, script: Script
) -> None:
    first, second = _threads(app_services, script({"text": "One."}, {"text": "Two."}), 2)
    _idle(qtbot, app_services)
    window = open_window(qtbot, app_services, ready=True)
    actions = window.attachment_actions
    for thread_id, name in ((first, "first.txt"), (second, "second.txt")):
        window.open_thread(thread_id)
        qtbot.waitUntil(lambda t=thread_id: actions.thread_id == t and window.composer.chip is None)
        (tmp_path / name).write_text(f"Notes of {name}.")
        drop_files(window.composer, [tmp_path / name])
        _planned_chip(qtbot, window, name)
    window.open_thread(first)
    assert _planned_chip(qtbot, window, "first.txt").name_label.text() == "first.txt"
    window.new_chat()
    qtbot.waitUntil(lambda: actions.thread_id is None and window.composer.chip is None)
    window.open_thread(second)
    chip = _planned_chip(qtbot, window, "second.txt")
    chip.remove_button.click()
    qtbot.waitUntil(lambda: window.composer.chip is None and app_services.attachments.draft(second) is None)
    assert app_services.attachments.draft(first) is not None
    window.close()


def test_with_speech_on_the_player_appears_under_the_answer_without_a_click(
    qtbot: QtBot, app_services: AppServices, script: Script
) -> None:
    (thread_id,) = _threads(app_services, script({"text": "Hello."}, {"text": ANSWER}), 1)
    _idle(qtbot, app_services)
    app_services.media.set_flags(thread_id, tts=True)
    window = open_window(qtbot, app_services, ready=True)
    window.open_thread(thread_id)
    qtbot.waitUntil(lambda: len(window.chat_view.widgets) == 2)
    answer = _send(qtbot, window, QUESTION, "7741")
    strip = answer.media_strip
    assert strip is not None
    qtbot.waitUntil(lambda: bool(strip.players), timeout=60_000)
    assert strip.isVisible()
    assert Path(strip.players[0].path).suffix == ".wav"
    earlier = next(w for w in window.chat_view.widgets.values() if "Hello." in w.body.text())
    assert earlier.media_strip is not None
    assert earlier.media_strip.isHidden()  # spoken only after the flag was set
    window.close()


def test_the_picture_switch_is_off_with_the_reason_while_no_image_model_is_set(
    qtbot: QtBot, app_services: AppServices, script: Script
) -> None:
    (thread_id,) = _threads(app_services, script({"text": "Hello."}), 1)
    _idle(qtbot, app_services)
    window = open_window(qtbot, app_services, ready=True)
    menu = QMenu(window)
    with qtbot.waitSignal(window.thread_actions.state_shown):
        window.thread_actions.fill(menu, thread_id)
    actions = {a.text(): a for a in menu.actions()}
    picture, speak = actions["Picture with each answer"], actions["Speak answers"]
    reason = str(app_services.media.image_availability(thread_id).reason)
    assert reason
    assert not picture.isEnabled()
    assert picture.toolTip() == f"<p>{html.escape('No pictures here: ' + reason)}</p>"
    assert menu.toolTipsVisible()
    assert speak.isEnabled()
    assert not speak.isChecked()
    speak.trigger()
    qtbot.waitUntil(lambda: app_services.threads.get(thread_id).tts_enabled)
    window.close()


def test_a_cited_passage_of_an_attached_pdf_opens_at_its_page(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, script: Script
) -> None:
    app_services.attachments.retriever.embedder = lambda: None  # BM25 alone: no embedding model to load
    model = script({"text": "The code is 7741 [1]."}, profile={"context_window": 2048})
    window = _welcome_window(qtbot, app_services, model)
    manual = make_pdf(tmp_path / "manual.pdf", manual_pages(12, secret_page=7))
    drop_files(window.composer, [manual])
    chip = _planned_chip(qtbot, window, "manual.pdf")
    assert chip.mode_label.text() == "too long: the passages that match go, cited"
    answer = _send(qtbot, window, QUESTION, "7741")
    answer_id = answer.message.id
    qtbot.waitUntil(lambda: bool(window.chat_view.widgets[answer_id].message.sources), timeout=15_000)
    source = window.chat_view.widgets[answer_id].message.sources[0]
    assert (source.document, bool(source.attachment_id), source.page) == ("manual.pdf", True, 7)
    window.open_source(answer_id, source.n)
    qtbot.waitUntil(lambda: getattr(window, "source_dialog", None) is not None, timeout=15_000)
    dialog = window.source_dialog
    assert dialog.windowTitle() == f"manual.pdf — {source.location_label}"
    pixmap = dialog.page.pixmap()
    assert not pixmap.isNull()
    assert pixmap.width() > 100
    dialog.close()
    window.close()


def test_the_chips_and_media_switches_speak_chinese(
    qtbot: QtBot, chinese: None, app_services: AppServices, tmp_path: Path, script: Script
) -> None:
    model = script({"text": "密码是 7741。"})
    notes = tmp_path / "notes.md"
    notes.write_text(f"# 舱\n\n{CAPSULE}\n")
    view = app_services.attachments.add_to_draft(None, notes)
    handle = app_services.chat.send(
        None, "密码是多少？", SendOptions(model_ref=model, attachment=view.draft_key)
    )
    assert handle.wait(30).value == "completed"
    _idle(qtbot, app_services)
    app_services.attachments.add_to_draft(handle.thread_id, make_png(tmp_path / "photo.png"))
    window = open_window(qtbot, app_services, ready=True)
    window.open_thread(handle.thread_id)
    qtbot.waitUntil(lambda: len(window.chat_view.widgets) == 2)
    _planned_chip(qtbot, window, "photo.png")
    question = window.chat_view.widgets[handle.user_message_id]
    qtbot.waitUntil(lambda: len(question.parts.chips) == 1)
    assert question.parts.chips[0].mode_label.text() == "全文发送"
    menu = QMenu(window)
    with qtbot.waitSignal(window.thread_actions.state_shown):
        window.thread_actions.fill(menu, handle.thread_id)
    texts = [a.text() for a in menu.actions()]
    assert "朗读回答" in texts
    assert "每个回答配一张图片" in texts
    allowed = {entry.name for entry in app_services.models.entries()} | {str(app_services.folder.root)}
    allowed |= {"Scripted"}  # the header names the thread's own test model "Scripted (FILE)" (core/model_names)
    allowed |= {role.name for role in app_services.roles.list()}
    allowed |= {"MD"}  # a file's type on its chip goes by its name, as PNG and PDF do
    left = flagged(window, allowed) + [f"menu: {a.toolTip()!r}" for a in menu.actions() if not re.search(
        r"[\u4e00-\u9fff]", a.toolTip() or "中")]  # fmt: skip
    window.close()
    assert not left, "English in the Chinese window:\n" + "\n".join(left)


def test_a_refused_file_and_a_message_too_long_for_the_model_are_said_in_chinese(
    qtbot: QtBot, chinese: None, app_services: AppServices, tmp_path: Path
) -> None:
    small = tmp_path / "small.json"
    small.write_text('{"replies": [{"text": "好"}], "profile": {"context_window": 2048}}')
    window = _welcome_window(qtbot, app_services, f"scripted:{small}")
    empty = tmp_path / "空.txt"
    empty.write_bytes(b"")
    drop_files(window.composer, [empty])
    qtbot.waitUntil(lambda: "是空文件" in window.composer.notice.text(), timeout=10_000)
    assert window.composer.notice.text() == "空.txt 是空文件（0 字节）：没有可附加的内容。"
    assert _chip(window) is None

    window.composer.editor.setPlainText("很长的问题 " * 3000)
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: "上下文窗口" in window.statusBar().currentMessage(), timeout=10_000)
    assert "2,048" in window.statusBar().currentMessage()
    assert app_services.threads.list() == []  # refused before anything was written
    window.close()
