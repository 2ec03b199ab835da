"""Look and text: the role form's width, icons and progress text that follow the theme, hints that
stay on top, Chinese everywhere in the Chinese window (Qt's file dialog too), file dialogs that
start at home and then where the last one was left, the Ctrl+K commands and the F1 sheet read from
the shortcuts, one "another answer" action, speech with no sound device and on a new chat."""

from __future__ import annotations

import re
import wave
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QFileInfo
from PySide6.QtGui import QAbstractFileIconProvider, QColor
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.look.theme import DARK, LIGHT, apply_theme, style_sheet
from mira_desktop.ui.shell.main_window import MainWindow
from tests.gui.conftest import Speak
from tests.gui.support import open_window


@pytest.fixture
def dark(qapp: QApplication) -> Iterator[None]:
    apply_theme("dark")
    yield
    apply_theme("light")


def _last(window: MainWindow):  # type: ignore[no-untyped-def]
    order = window.chat_view._order
    return window.chat_view.widgets[order[-1]] if order else None


# -- the role editor ---------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_role_form_gives_its_fields_the_panes_width(
    qtbot: QtBot, app_services: AppServices, runner, changes, size: tuple[int, int]
) -> None:
    from mira_desktop.ui.roles.workbench import RoleWorkbench

    workbench = RoleWorkbench(app_services, runner, changes)
    qtbot.addWidget(workbench)
    workbench.resize(*size)
    workbench.show()
    qtbot.waitExposed(workbench)
    form = workbench.form
    qtbot.waitUntil(lambda: bool(form.name_edit.text()))
    fields = (form.name_edit, form.summary_edit, form.prompt_edits["description"], form.prompt_edits["persona"])
    qtbot.waitUntil(lambda: all(f.width() >= form.width() - 40 for f in fields))  # the layout has settled
    pane = form.width()
    for field in (form.name_edit, form.summary_edit, form.prompt_edits["description"], form.prompt_edits["persona"]):
        assert field.width() >= pane - 40, (size, field.width(), pane)
    assert pane >= 400, (size, pane)
    workbench.close()


# -- the dark theme: one icon set, readable progress text ------------------------------------------
def _ink(button) -> QColor:  # type: ignore[no-untyped-def]
    """The colour of the most opaque pixel of the button's icon."""
    image = button.icon().pixmap(20, 20).toImage()
    best, color = -1, QColor()
    for x in range(image.width()):
        for y in range(image.height()):
            pixel = image.pixelColor(x, y)
            if pixel.alpha() > best:
                best, color = pixel.alpha(), pixel
    return color


def test_the_paperclip_is_drawn_in_the_themes_text_colour(qtbot: QtBot, app_services: AppServices) -> None:
    apply_theme("light")
    window = open_window(qtbot, app_services, ready=True)
    clip = window.composer.attach_button
    assert _ink(clip).lightness() < 80  # dark ink on the light theme
    apply_theme("dark")
    try:
        qtbot.waitUntil(lambda: _ink(clip).lightness() > 180, timeout=2000)  # light ink on the dark one
        assert abs(_ink(clip).lightness() - QColor(DARK["text"]).lightness()) < 25
    finally:
        apply_theme("light")
    window.close()


def _wav(path: Path) -> Path:
    with wave.open(str(path), "wb") as audio:
        audio.setnchannels(1)
        audio.setsampwidth(2)
        audio.setframerate(8000)
        audio.writeframes(b"\0\0" * 8000)
    return path


def test_the_players_play_and_pause_are_drawn_icons_not_glyphs(
    qtbot: QtBot, tmp_path: Path, dark: None
) -> None:
    from PySide6.QtMultimedia import QMediaPlayer

    from mira_desktop.ui.chat.media_player import AudioPlayer

    player = AudioPlayer(str(_wav(tmp_path / "a.wav")))
    qtbot.addWidget(player)
    button = player.play_button
    assert button.property("miraIcon") == "play"
    assert not button.icon().isNull()
    player._state_changed(QMediaPlayer.PlaybackState.PlayingState)
    assert button.property("miraIcon") == "pause"
    assert "⏸" not in button.text()
    assert "▶" not in button.text()
    assert _ink(button).lightness() > 180  # the dark theme's light ink, not an empty box


def _contrast(a: str, b: str) -> float:
    def luminance(hex_color: str) -> float:
        channels = [int(hex_color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("palette", [LIGHT, DARK], ids=["light", "dark"])
def test_progress_text_is_readable_on_the_bar_and_beside_it(palette: dict[str, str]) -> None:
    sheet = style_sheet(palette is DARK)
    bar = re.search(r"QProgressBar \{([^}]*)\}", sheet)
    chunk = re.search(r"QProgressBar::chunk \{([^}]*)\}", sheet)
    assert bar
    assert chunk
    text = re.search(r"color: (#[0-9a-f]{6})", bar.group(1))
    background = re.search(r"background: (#[0-9a-f]{6})", bar.group(1))
    filled = re.search(r"background: (#[0-9a-f]{6})", chunk.group(1))
    assert text
    assert background
    assert filled
    assert _contrast(text.group(1), filled.group(1)) >= 4.5  # "100%" on the full bar
    assert _contrast(text.group(1), background.group(1)) >= 4.5  # "0%" on the empty one


# -- descriptions that stay at the top -------------------------------------------------------------
def _pinned(label: QLabel) -> bool:
    return label.y() < 40 and label.height() <= label.heightForWidth(label.width()) + 8


def test_the_memory_tabs_and_the_trashs_hint_stay_on_top_of_an_empty_list(
    qtbot: QtBot, app_services: AppServices, runner, changes
) -> None:
    from mira_desktop.ui.settings.memory_page import MemoryPage
    from mira_desktop.ui.shell.trash_dialog import TrashDialog

    memory = MemoryPage(app_services, runner, changes)
    qtbot.addWidget(memory)
    memory.resize(700, 600)
    memory.show()
    qtbot.waitUntil(memory.empty.isVisible)
    hint = next(label for label in memory.findChildren(QLabel) if label.text().startswith(memory_hint()))
    assert _pinned(hint), (hint.geometry(), hint.heightForWidth(hint.width()))
    trash = TrashDialog(app_services, runner, changes)
    qtbot.addWidget(trash)
    trash.resize(720, 600)
    trash.show()
    qtbot.waitUntil(trash.empty_label.isVisible)
    qtbot.waitUntil(lambda: bool(trash.hint.text()))
    assert _pinned(trash.hint), (trash.hint.geometry(), trash.hint.heightForWidth(trash.hint.width()))
    assert trash.empty_label.height() > 200  # the empty note takes the list's room
    trash.close()


def memory_hint() -> str:
    from mira_desktop.ui.language.i18n import tr

    return tr("memory.hint")[:20]


# -- Chinese everywhere in the Chinese window ------------------------------------------------------
def test_the_role_previews_token_line_is_chinese(
    qtbot: QtBot, app_services: AppServices, runner, changes, chinese: None
) -> None:
    from mira_desktop.ui.roles.workbench import RoleWorkbench

    workbench = RoleWorkbench(app_services, runner, changes)
    qtbot.addWidget(workbench)
    # The list, the first role and its preview are read in the background.
    qtbot.waitUntil(lambda: workbench.preview.tokens_label.text() != "")
    row = next(
        i for i in range(workbench.role_list.count()) if workbench.role_list.item(i).text() == "Code Reviewer"
    )
    if workbench.role_list.currentRow() != row:  # else its preview is the one shown
        with qtbot.waitSignal(workbench.preview_updated):
            workbench.role_list.setCurrentRow(row)
    line = workbench.preview.tokens_label.text()
    assert line
    assert "开头" in line
    assert "描述" in line
    assert not re.search(r"\b(header|Description|Persona|Style|Constraints)\b", line), line
    assert line.startswith("词元："), line  # Chinese punctuation, not "Tokens: … ("
    assert "（开头" in line, line
    workbench.close()


def test_the_request_previews_message_markers_are_chinese(
    qtbot: QtBot, app_services: AppServices, runner, changes, chinese: None
) -> None:
    """Seen in the Chinese trial: the preview's "── system ──" lines were English."""
    from mira_desktop.ui.roles.workbench import RoleWorkbench

    workbench = RoleWorkbench(app_services, runner, changes)
    qtbot.addWidget(workbench)
    qtbot.waitUntil(lambda: workbench.preview.tokens_label.text() != "")
    with qtbot.waitSignal(workbench.preview_updated):
        workbench.preview.message_edit.setText("你好")
    text = workbench.preview.text.toPlainText()
    assert text.startswith("── 系统 ──\n"), text
    assert "\n\n── 用户 ──\n你好\n\n── 参数 ──\n" in text, text
    assert not re.search(r"── (system|user|assistant|tool|Parameters) ──", text), text
    workbench.close()


def test_citation_and_search_places_are_in_the_windows_language(speak: Speak) -> None:
    from mira_desktop.ui.language.location_text import location_text

    lines = {"line_start": 1, "line_end": 3}
    assert location_text(lines) == "lines 1–3"
    assert location_text({"page": 4}) == "p. 4"
    speak("zh")
    assert location_text(lines) == "第 1–3 行"
    assert location_text({"page": 4}) == "第 4 页"
    assert location_text({"slide": 2, "notes": True}) == "第 2 张幻灯片（备注）"
    assert location_text({}, "whole document") == "whole document"
    assert location_text({"heading": ["Intro"]}) == "§ Intro"


def test_a_cited_sources_place_under_an_answer_is_chinese(qtbot: QtBot, chinese: None) -> None:
    from mira_desktop.core.conversation.branches import SiblingInfo
    from mira_desktop.core.conversation.threads import Message, MessageRole, MessageStatus
    from mira_desktop.ui.chat.message_widget import MessageWidget
    from mira_desktop.ui.chat.view_message import view_message

    source = {"n": 1, "document": "notes.md", "location": {"line_start": 1, "line_end": 3}, "location_label": "lines 1–3"}
    message = Message(
        id="msg_1", thread_id="thr_1", parent_id=None, role=MessageRole.ASSISTANT, content="答案 [1]",
        status=MessageStatus.COMPLETE, run_id=None, created_at="", updated_at="", metadata={"sources": [source]},
    )  # fmt: skip
    widget = MessageWidget(view_message(message, SiblingInfo(1, 1, None, None)))
    qtbot.addWidget(widget)
    assert "第 1–3 行" in widget.sources.text()
    assert "lines" not in widget.sources.text()


def test_qts_file_dialog_speaks_chinese(qtbot: QtBot, tmp_path: Path, chinese: None) -> None:
    dialog = QFileDialog(None, "x", str(tmp_path))
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
    qtbot.addWidget(dialog)
    look_in = dialog.findChild(QLabel, "lookInLabel")
    file_type = dialog.findChild(QLabel, "fileTypeLabel")
    assert look_in is not None
    assert file_type is not None
    assert (look_in.text(), file_type.text()) == ("查找范围(&L)：", "文件类型(&T)：")
    kinds = QAbstractFileIconProvider()
    (tmp_path / "a.txt").write_text("x")
    assert kinds.type(QFileInfo(str(tmp_path))) == "文件夹"  # the Type column; Qt's catalogue lacks it
    assert "File" not in kinds.type(QFileInfo(str(tmp_path / "a.txt")))
    assert QCoreApplication.translate("QFileDialog", "Files of type:") == "文件类型："


# -- file dialogs: home first, then the last folder --------------------------------------------------
def test_file_dialogs_start_at_home_then_in_the_last_folder_used(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    chosen = tmp_path / "papers" / "a.pdf"
    chosen.parent.mkdir()
    chosen.write_bytes(b"%PDF")

    def fake_open(_parent, _caption, directory, _filters):  # type: ignore[no-untyped-def]
        asked.append(directory)
        return str(chosen), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", fake_open)
    file_dialogs.use(None, None)
    file_dialogs._state["folder"] = None
    window = open_window(qtbot, app_services, ready=True)
    qtbot.waitUntil(lambda: file_dialogs._state["save"] is not None)
    file_dialogs.open_file(window, "Attach")
    file_dialogs.open_file(window, "Attach")
    assert asked == [str(Path.home()), str(chosen.parent)]
    qtbot.waitUntil(lambda: app_services.preferences.last_folder() == str(chosen.parent), timeout=5000)
    window.close()
    # The next start opens where this one was left.
    file_dialogs._state["folder"] = None
    again = open_window(qtbot, app_services, ready=True)
    qtbot.waitUntil(lambda: file_dialogs.start_folder() == str(chosen.parent), timeout=5000)
    again.close()


# -- Ctrl+K and F1 -------------------------------------------------------------------------------------
def test_the_palette_offers_the_windows_commands(qtbot: QtBot, app_services: AppServices) -> None:
    from mira_desktop.ui.language.i18n import tr

    window = open_window(qtbot, app_services, ready=True)
    labels = [label for label, _run in window.palette_commands()]
    for key in (
        "shortcuts.new_chat", "look.shortcut.trash", "look.shortcut.backup", "shortcuts.settings",
        "shortcuts.quit", "look.command.agent", "shortcuts.attach", "look.command.speak",
        "shortcuts.roles", "shortcuts.knowledge", "shortcuts.search",
    ):  # fmt: skip
        assert any(label.startswith(tr(key)) for label in labels), key
    assert any("Ctrl+Shift+Backspace" in label for label in labels)
    commands = dict(window.palette_commands())
    agent = next(label for label in commands if label.startswith(tr("look.command.agent")))
    commands[agent]()
    assert window.header.agent_button.isChecked()
    window.open_switcher()
    window.switcher.query.setText("tr")  # the trash, not every command whose keys say "Ctrl"
    shown = [window.switcher.list.item(r).text() for r in range(window.switcher.list.count())]
    assert shown == [label for label in labels if "tr" in label.split("    ")[0].casefold()]
    assert any(label.startswith(tr("look.shortcut.trash")) for label in shown)
    window.switcher.close()
    window.close()


def test_the_shortcut_sheet_lists_every_shortcut_of_the_window(qtbot: QtBot, app_services: AppServices) -> None:
    from mira_desktop.ui.desktop.shortcuts import sheet_html, unnamed_shortcuts, window_shortcuts

    window = open_window(qtbot, app_services, ready=True)
    assert unnamed_shortcuts(window) == []  # a shortcut added without a name fails here
    sheet = sheet_html(window)
    for keys in ("Ctrl+Shift+Backspace", "Ctrl+K", "Ctrl+N", "Ctrl+F", "Ctrl+Shift+A", "Ctrl+Shift+R",
                 "Ctrl+Shift+K", "Ctrl+,", "F1", "Ctrl+Q", "Esc", "Enter / Shift+Enter"):  # fmt: skip
        assert keys in sheet, keys
    assert len(window_shortcuts(window)) >= 12
    window.show_shortcuts()
    assert "Ctrl+Shift+Backspace" in window.shortcuts_sheet.text()
    window.shortcuts_sheet.close()
    window.close()


# -- one action for another answer ---------------------------------------------------------------------
def test_a_failed_answer_offers_try_again_and_a_good_one_new_answer(
    qtbot: QtBot, app_services: AppServices, script
) -> None:
    from mira_desktop.ui.language.i18n import tr

    app_services.models.set_default(script({"error": {"kind": "auth", "message": "No."}}, {"text": "Yes."}))
    window = open_window(qtbot, app_services, ready=True)
    window.composer.editor.setPlainText("Hello?")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: _last(window) is not None and _last(window).message.status == "error", timeout=20_000)
    failed = _last(window)
    shown = [b.text() for b in (failed.retry_button, failed.regenerate_button) if b.isVisibleTo(failed)]
    assert shown == [tr("message.retry")]
    failed.retry_button.click()
    qtbot.waitUntil(lambda: _last(window).message.content == "Yes.", timeout=20_000)
    qtbot.waitUntil(lambda: not window.controller.state.busy)
    good = _last(window)
    shown = [b.text() for b in (good.retry_button, good.regenerate_button) if b.isVisibleTo(good)]
    assert shown == [tr("message.regenerate")] == ["New answer"]
    window.close()


def test_a_new_answer_with_the_same_words_says_so(qtbot: QtBot, app_services: AppServices, script) -> None:
    app_services.models.set_default(script({"text": "Always this."}, {"text": "Always this."}))
    window = open_window(qtbot, app_services, ready=True)
    window.composer.editor.setPlainText("Tell me")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: _last(window) is not None and _last(window).message.status == "complete", timeout=20_000)
    qtbot.waitUntil(lambda: not window.controller.state.busy)
    first = _last(window)
    assert not first.status.isVisibleTo(first)
    first_id = first.message.id
    first.regenerate_button.click()
    qtbot.waitUntil(
        lambda: _last(window).message.sibling_count == 2 and _last(window).message.status == "complete",
        timeout=20_000,
    )
    again = _last(window)
    assert "same_as" in again.message.flags
    assert again.status.isVisibleTo(again)
    assert "Word for word" in again.status.text()
    stored = app_services.threads.show(window.current_thread_id or "").messages
    assert [m.metadata.get("same_as") for m in stored if m.id == again.message.id] == [first_id]
    window.close()


# -- speech ------------------------------------------------------------------------------------------
def test_play_without_a_sound_device_says_so(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mira_desktop.ui.chat import media_player

    monkeypatch.setattr(media_player, "audio_outputs", list)
    player = media_player.AudioPlayer(str(_wav(tmp_path / "a.wav")))
    qtbot.addWidget(player)
    opened: list[object] = []
    from mira_desktop.ui.desktop import external_open

    monkeypatch.setattr(external_open.QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    player.toggle()
    assert player.player is None  # no silent player was made
    qtbot.waitUntil(lambda: "No sound output device" in player.position_label.text())
    assert player.play_button.text() == "Open"
    player.play_button.click()
    assert len(opened) == 1  # the speech opens in the system's player instead


def test_speak_answers_can_be_chosen_before_the_first_send(
    qtbot: QtBot, app_services: AppServices, script
) -> None:
    app_services.models.set_default(script({"text": "Spoken."}))
    window = open_window(qtbot, app_services, ready=True)
    menu = window.thread_actions.menu
    window.thread_actions.fill(menu, None)
    from mira_desktop.ui.language.i18n import tr

    speak = next(a for a in menu.actions() if a.text() == tr("thread.speak"))
    assert speak.isEnabled()
    assert not speak.isChecked()
    speak.trigger()
    assert window.header.draft.tts
    window.composer.editor.setPlainText("Hi")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.current_thread_id is not None and not window.controller.state.busy, timeout=20_000)
    assert app_services.threads.get(window.current_thread_id or "").tts_enabled
    window.close()
