"""What a new user meets first, in English as in Chinese: the welcome page's word on the tiny
embedded model, the model picker's way to more models, and agent mode warning before a run on a model
that will not use the tools."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from mira_desktop.models.embedded import EMBEDDED_CHAT_MODEL_REF
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.chat.header import GET_MODELS
from tests.gui.support import open_window
from tests.support.fixtures import Script


def test_the_english_welcome_page_says_the_embedded_model_is_for_trying_and_leads_to_models(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = open_window(qtbot, app_services)
    note = window.chat_view.model_note
    qtbot.waitUntil(note.isVisible, timeout=10_000)
    assert "SmolLM2" in note.text()
    assert "meant for trying Mira" in note.text()
    assert "Choose a better model…" in note.text()
    note.linkActivated.emit("models")
    qtbot.waitUntil(lambda: getattr(window, "settings_dialog", None) is not None)
    dialog = window.settings_dialog
    assert dialog.tabs.currentWidget() is dialog.get_models_page
    dialog.close()
    window.close()


def test_the_model_pickers_last_entry_opens_get_models_and_keeps_the_chosen_model(
    qtbot: QtBot, app_services: AppServices, script: Script
) -> None:
    chosen = script({"text": "Hi"})
    window = open_window(qtbot, app_services, ready=True)
    picker = window.header.model_picker
    qtbot.waitUntil(lambda: picker.findData(GET_MODELS) >= 0, timeout=10_000)
    assert picker.findData(GET_MODELS) == picker.count() - 1
    assert picker.itemText(picker.count() - 1) == "Get more models…"
    picker.addItem("scripted", chosen)
    picker.activated.emit(picker.findData(chosen))
    assert window.header.draft.model_ref == chosen
    picker.setCurrentIndex(picker.findData(GET_MODELS))
    picker.activated.emit(picker.findData(GET_MODELS))
    qtbot.waitUntil(lambda: getattr(window, "settings_dialog", None) is not None)
    assert window.settings_dialog.tabs.currentWidget() is window.settings_dialog.get_models_page
    assert window.header.draft.model_ref == chosen  # the draft keeps its model
    qtbot.waitUntil(lambda: picker.currentData() == chosen)  # and the picker shows it again
    window.settings_dialog.close()
    window.close()


def test_agent_mode_on_the_embedded_model_warns_before_the_first_run(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    assert app_services.models.default_ref() == EMBEDDED_CHAT_MODEL_REF
    window = open_window(qtbot, app_services, ready=True)
    header = window.header
    qtbot.waitUntil(lambda: header.model_picker.count() > 0)
    assert not header.tool_hint.isVisible()
    header.agent_button.click()
    qtbot.waitUntil(header.tool_hint.isVisible, timeout=10_000)
    assert "too small to use the tools" in header.tool_hint.text()
    assert "Choose a model that can…" in header.tool_hint.text()
    assert window.current_thread_id is None  # nothing was run: said before the first send
    window.close()


def _thread(services: AppServices, text: str, title: str) -> str:
    from mira_desktop.services.chat.run_records import SendOptions

    handle = services.chat.send(None, text, SendOptions())
    assert handle.wait(30).value == "completed"
    services.threads.rename(handle.thread_id, title)
    return handle.thread_id


def test_ctrl_k_finds_every_thread_not_only_those_the_sidebar_search_shows(
    qtbot: QtBot, app_services: AppServices, script: Script
) -> None:
    app_services.models.set_default(script({"text": "Fine."}, {"text": "Fine."}, {"text": "Fine."}))
    _thread(app_services, "a", "Garden plans")
    hidden = _thread(app_services, "b", "Tax return 2025")
    archived = _thread(app_services, "c", "Old taxonomy notes")
    app_services.threads.archive(archived)
    window = open_window(qtbot, app_services, ready=True)
    window.sidebar.search_box.setText("garden")
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 1, timeout=10_000)
    window.open_switcher()
    switcher = window.switcher
    switcher.query.setText("tax")
    shown = lambda: [switcher.list.item(r).text() for r in range(switcher.list.count())]  # noqa: E731
    qtbot.waitUntil(lambda: len(shown()) == 2, timeout=10_000)
    assert sorted(shown()) == ["Thread: Old taxonomy notes", "Thread: Tax return 2025"]  # archived too
    switcher.list.setCurrentRow(shown().index("Thread: Tax return 2025"))
    qtbot.keyClick(switcher.query, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.current_thread_id == hidden, timeout=10_000)
    window.close()


def test_a_new_agent_chat_starts_in_the_workspace_last_used(
    qtbot: QtBot, app_services: AppServices, script: Script, workspace: str
) -> None:
    from mira_desktop.services.chat.run_records import SendOptions

    project = app_services.workspaces.get(workspace)
    app_services.models.set_default(script({"text": "Done."}, {"text": "Done again."}))
    handle = app_services.chat.send(None, "look around", SendOptions(agent=True, workspace_id=project.id))
    assert handle.wait(30).value == "completed"
    window = open_window(qtbot, app_services, ready=True)
    header = window.header
    qtbot.waitUntil(lambda: header.workspace_picker.findData(project.id) >= 0, timeout=10_000)
    header.agent_button.click()
    qtbot.waitUntil(header.workspace_picker.isVisible)
    assert header.workspace_picker.currentData() == project.id  # not Mira BASE
    assert header.draft.workspace_id == project.id
    window.composer.send_requested.emit("and now?")
    qtbot.waitUntil(
        lambda: window.current_thread_id not in (None, handle.thread_id) and not window.controller.state.busy,
        timeout=20_000,
    )
    assert app_services.threads.get(window.current_thread_id).workspace_id == project.id
    window.close()


def test_the_waiting_banner_stays_inside_the_transcripts_margins_and_shows_all_its_lines(
    qtbot: QtBot, app_services: AppServices, project: Path, workspace: str
) -> None:
    from mira_desktop.services.chat.run_records import SendOptions
    from tests.gui.test_agent_ui import agent_task

    agent_task(app_services, project)
    workspace_id = workspace
    handles = []
    for i in range(3):
        options = SendOptions(agent=True, workspace_id=workspace_id)
        handle = app_services.chat.send(None, "Mark the TODO as done", options)
        assert handle.wait(20).value == "waiting_approval"
        app_services.threads.rename(handle.thread_id, f"Marking the todo items in the project notes file {i}")
        handles.append(handle)
    window = open_window(qtbot, app_services, ready=True)
    window.resize(900, 520)
    banner = window.waiting_banner
    qtbot.waitUntil(lambda: banner.isVisible() and banner.count == 3, timeout=10_000)
    banner.label.linkActivated.emit(handles[0].thread_id)
    qtbot.waitUntil(lambda: window.current_thread_id == handles[0].thread_id)
    scroll = window.chat_view.scroll_area
    qtbot.waitUntil(scroll.verticalScrollBar().isVisible, timeout=10_000)
    label, viewport = banner.label, scroll.viewport()
    left = label.mapTo(window, label.rect().topLeft()).x()
    right = label.mapTo(window, label.rect().topRight()).x()
    inside_left = viewport.mapTo(window, viewport.rect().topLeft()).x()
    inside_right = viewport.mapTo(window, viewport.rect().topRight()).x()
    assert inside_left < left < right < inside_right  # not over the scroll bar, not past the chat pane
    assert label.height() >= label.heightForWidth(label.width())  # no line cut off
    assert banner.geometry().bottom() < window.chat_view.geometry().top()  # above the transcript
    window.close()


def test_an_agent_run_that_called_no_tool_never_says_steps_0(
    qtbot: QtBot, app_services: AppServices, workspace: str, script: Script
) -> None:
    from tests.gui.test_agent_tool_use import _agent_window

    window = _agent_window(qtbot, app_services, workspace, script({"text": "Hello, World! 123"}))
    window.composer.send_requested.emit("create hello.txt with Hello, World!")
    qtbot.waitUntil(
        lambda: window.current_thread_id is not None and not window.controller.state.busy, timeout=20_000
    )
    reply = window.chat_view.widgets[window.chat_view._order[-1]]
    qtbot.waitUntil(
        lambda: reply.agent_panel is not None and reply.agent_panel.toggle.isVisible(), timeout=10_000
    )
    panel = reply.agent_panel
    assert panel.trace.topLevelItemCount() >= 1
    assert panel.toggle.text() == "Steps (1)"
    window.close()


def test_models_are_named_by_repository_and_file_with_the_path_on_hover(
    qtbot: QtBot, app_services: AppServices, script: Script
) -> None:
    from mira_desktop.services.chat.run_records import SendOptions
    from tests.support.gguf_files import write_gguf

    folder = app_services.folder.models_dir / "acme" / "tiny-chat-GGUF"
    folder.mkdir(parents=True)
    gguf = write_gguf(folder / "tiny-chat-q4_1.gguf", tensor_bytes=1 << 16)
    app_services.models.add_local(str(gguf))
    app_services.models.set_default(f"local:{gguf}")
    scripted = script({"text": "Hi"})
    handle = app_services.chat.send(None, "hello", SendOptions(model_ref=scripted))
    assert handle.wait(30).value == "completed"
    window = open_window(qtbot, app_services, ready=True)
    picker = window.header.model_picker
    qtbot.waitUntil(lambda: picker.count() > 2, timeout=10_000)
    assert picker.itemText(0) == "Default (acme/tiny-chat-GGUF · tiny-chat-q4_1.gguf)"
    assert picker.itemData(0, Qt.ItemDataRole.ToolTipRole) == f"local:{gguf}"
    texts = [picker.itemText(i) for i in range(picker.count())]
    assert not any(str(app_services.folder.root) in text for text in texts)
    listed = window.sidebar.thread_list
    qtbot.waitUntil(lambda: listed.count() == 1)
    assert (
        listed.item(0).text().split("\n")[1] == f"Scripted ({Path(scripted.removeprefix('scripted:')).name})"
    )
    assert scripted in listed.item(0).toolTip()
    window.close()


def test_a_header_picker_cut_to_fit_ends_with_an_ellipsis_and_shows_the_whole_choice_on_hover(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = open_window(qtbot, app_services, ready=True)
    picker = window.header.kb_picker
    qtbot.waitUntil(lambda: picker.count() > 0)
    assert picker.currentText() == "No knowledge base"
    picker.setFixedWidth(110)
    qtbot.waitUntil(lambda: picker.width() == 110)
    picker.show_whole_on_hover()
    shown = picker.shown_text()
    assert shown.endswith("…")
    assert "No knowledge base".startswith(shown.removesuffix("…"))
    assert picker.toolTip().endswith("\nNo knowledge base")
    picker.grab()  # paints with the cut text
    window.close()


def test_the_new_workspace_name_prompt_is_wide_enough_for_its_whole_title(
    qtbot: QtBot, app_services: AppServices
) -> None:
    from mira_desktop.ui.settings.workspaces_page import name_dialog

    window = open_window(qtbot, app_services)
    dialog = name_dialog(window, "New workspace from a folder", "project")
    qtbot.addWidget(dialog)
    title = dialog.fontMetrics().horizontalAdvance(dialog.windowTitle())
    assert dialog.textValue() == "project"
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.width() >= title + 150
    dialog.reject()
    window.close()


def test_sources_on_the_same_page_of_a_file_are_one_link_and_links_do_not_hide_underscores(
    qtbot: QtBot,
) -> None:
    from mira_desktop.core.conversation.chat_view import SourceRef, ViewMessage
    from mira_desktop.ui.chat.message_widget import MessageWidget

    sources = (
        SourceRef(1, "pdfjs__tracemonkey.pdf", "p. 4", page=4),
        SourceRef(2, "notes_v2.md", "lines 3–9"),
        SourceRef(3, "pdfjs__tracemonkey.pdf", "p. 4", page=4),
        SourceRef(4, "pdfjs__tracemonkey.pdf", "p. 5", page=5),
    )
    message = ViewMessage("m1", None, "assistant", "Tracing JITs [1][3].", "complete", sources=sources)
    widget = MessageWidget(message)
    qtbot.addWidget(widget)
    label = widget.sources
    text = label.text()
    anchors = text.count("<a ")
    assert anchors == 3  # [1, 3] p. 4 · [2] notes · [4] p. 5
    assert '<a style="text-decoration: none" href="1">[1, 3] pdfjs__tracemonkey.pdf, p. 4</a>' in text
    assert "[4] pdfjs__tracemonkey.pdf, p. 5" in text
    assert text.count("text-decoration: none") == anchors
    opened: list[tuple[str, int]] = []
    widget.source_requested.connect(lambda message_id, n: opened.append((message_id, n)))
    label.linkActivated.emit("1")
    assert opened == [("m1", 1)]


def test_the_welcome_page_does_not_say_everything_runs_here_when_a_remote_model_answers(
    qtbot: QtBot, app_services: AppServices
) -> None:
    app_services.models.add_remote("lab", "http://127.0.0.1:9", model="tiny")
    window = open_window(qtbot, app_services, ready=True)
    body = window.chat_view.body
    picker = window.header.model_picker
    qtbot.waitUntil(lambda: picker.findData("remote:lab/tiny") >= 0, timeout=10_000)
    assert "Everything runs on this computer." in body.text()
    picker.setCurrentIndex(picker.findData("remote:lab/tiny"))
    picker.activated.emit(picker.currentIndex())
    qtbot.waitUntil(lambda: "Everything runs on this computer." not in body.text(), timeout=10_000)
    assert "tiny (lab), a model outside this computer" in body.text()
    picker.setCurrentIndex(0)
    picker.activated.emit(0)  # back to the built-in default
    qtbot.waitUntil(lambda: "Everything runs on this computer." in body.text(), timeout=10_000)
    window.close()
