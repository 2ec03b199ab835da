"""Web research in the window: Settings → Tools sets the search provider (SearXNG, or the Brave API
with its key into the keyring), the budgets, and turns it off — with the checks of `mira web`, a bad
address refused in one line with nothing changed; an agent's answer shows its web sources as links
that open the page. In English and in Chinese."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from mira_desktop.core.conversation.branches import SiblingInfo
from mira_desktop.core.conversation.threads import Message, MessageRole, MessageStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.chat.controller import view_message
from mira_desktop.ui.chat.message_widget import MessageWidget
from mira_desktop.ui.runtime.changes import ChangeSignal
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.settings.tools_page import ToolsPage
from mira_desktop.ui.settings.web_box import WebBox
from tests.gui.support import agent_draft_in, open_window
from tests.support.memory_keyring import MemoryKeyring
from tests.support.web_stand_in import start_stand_in, stop_stand_in

KEY = "BSA-window-5e1f"


@pytest.fixture
def box(qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal) -> WebBox:
    page = ToolsPage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.web.message.text() != "")
    return page.web


def _save(qtbot: QtBot, box: WebBox) -> None:
    with qtbot.waitSignal(box.saved, timeout=10_000):
        box.save_button.click()


def test_a_searxng_provider_and_budgets_set_in_settings_reach_the_service(
    qtbot: QtBot, box: WebBox, app_services: AppServices
) -> None:
    assert box.message.text() == "Off: agent runs get no web tools."
    assert not box.url.isEnabled()
    box.kind.setCurrentIndex(box.kind.findData("searxng"))
    assert box.url.isEnabled()
    assert not box.key.isEnabled()
    box.url.setText("https://searx.example.org/")
    box.searches.setValue(3)
    box.fetches.setValue(12)
    _save(qtbot, box)
    assert box.message.text() == "Ready: agent runs can search the web."
    status = app_services.web.status()
    assert (status.kind, status.url, status.searches, status.fetches) == (
        "searxng",
        "https://searx.example.org/",
        3,
        12,
    )
    box.kind.setCurrentIndex(box.kind.findData(""))
    _save(qtbot, box)
    assert app_services.web.status().on is False


def test_a_bad_address_is_refused_in_one_line_and_nothing_changes(
    qtbot: QtBot, box: WebBox, app_services: AppServices
) -> None:
    box.kind.setCurrentIndex(box.kind.findData("searxng"))
    box.url.setText("file:///etc/passwd")
    _save(qtbot, box)
    assert box.message.text().startswith("file:///etc/passwd is not a SearXNG address")
    assert app_services.web.status().on is False


def test_the_brave_key_goes_to_the_keyring_and_is_not_shown_again(
    qtbot: QtBot, box: WebBox, app_services: AppServices, keyring_backend: MemoryKeyring
) -> None:
    box.kind.setCurrentIndex(box.kind.findData("brave"))
    box.key.setText(KEY)
    _save(qtbot, box)
    assert keyring_backend.get_password("mira-desktop", "web:brave") == KEY
    assert box.key.text() == ""
    assert box.key.placeholderText() == "Stored in the keyring (leave empty to keep it)"
    assert app_services.web.status().ready


def test_the_web_box_speaks_chinese(qtbot: QtBot, chinese: None, box: WebBox) -> None:
    assert box.title() == "网络研究"
    assert box.message.text() == "已关闭：智能体运行没有网络工具。"
    box.kind.setCurrentIndex(box.kind.findData("brave"))
    _save(qtbot, box)
    assert box.message.text().startswith("搜索 API brave 需要密钥")


def _answer(web_sources: list[dict[str, object]]) -> Message:
    return Message(
        id="msg_1", thread_id="thr_1", parent_id=None, role=MessageRole.ASSISTANT, content="142 m [S1].",
        status=MessageStatus.COMPLETE, run_id=None, created_at="", updated_at="",
        metadata={"workspace_id": "w", "web_sources": web_sources},
    )  # fmt: skip


@pytest.mark.parametrize("language", ["en", "zh"])
def test_an_answers_web_sources_are_links_to_their_pages(qtbot: QtBot, speak: object, language: str) -> None:
    speak(language)  # type: ignore[operator]
    sources = [
        {"id": "S1", "title": "Mira <Falls>", "url": "https://example.org/falls?a=1&b=2"},
        {"id": "S2", "title": "Local", "url": "file:///etc/passwd"},  # shown, never a link
    ]
    widget = MessageWidget(view_message(_answer(sources), SiblingInfo(1, 1, None, None)))
    qtbot.addWidget(widget)
    text = widget.web_sources.text()
    assert not widget.web_sources.isHidden()
    assert text.startswith("Web sources:" if language == "en" else "网络来源：")
    assert 'href="https://example.org/falls?a=1&amp;b=2"' in text
    assert "[S1] Mira &lt;Falls&gt;</a>" in text
    assert "file:///etc/passwd" not in text.split("[S2]")[0]
    assert 'href="file:' not in text
    assert widget.web_sources.openExternalLinks()


def test_an_answer_without_web_sources_shows_no_line(qtbot: QtBot) -> None:
    widget = MessageWidget(view_message(_answer([]), SiblingInfo(1, 1, None, None)))
    qtbot.addWidget(widget)
    assert widget.web_sources.isHidden()


def test_an_agent_run_in_the_window_researches_and_shows_its_cited_page_as_a_link(
    qtbot: QtBot, app_services: AppServices, workspace: str, tmp_path: Path
) -> None:
    stand_in, thread = start_stand_in()
    try:
        app_services.web.use_searxng(stand_in.base)
        script = tmp_path / "agent.json"
        replies = [
            {"tool_calls": [{"name": "web_search", "arguments": {"query": "Mira Falls"}}]},
            {"tool_calls": [{"name": "web_fetch", "arguments": {"source_id": "S1", "query": "height"}}]},
            {"text": "It drops 142 metres [S1]."},
        ]
        script.write_text(json.dumps({"pick": "by_turn", "replies": replies}))
        app_services.models.set_default(f"scripted:{script}")
        window = open_window(qtbot, app_services, ready=True)
        agent_draft_in(qtbot, window, workspace)
        window.composer.send_requested.emit("How tall is Mira Falls?")

        def sources() -> str:
            order = window.chat_view._order
            widget = window.chat_view.widgets[order[-1]] if order else None
            return (
                widget.web_sources.text() if widget is not None and not widget.web_sources.isHidden() else ""
            )

        qtbot.waitUntil(lambda: bool(sources()), timeout=60_000)
        assert f'href="{stand_in.url("pages/en.html")}"' in sources()
        assert "[S1] Mira Falls facts</a>" in sources()
        qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=30_000)
        window.close()  # before the services close: its timers end with it
    finally:
        stop_stand_in(stand_in, thread)


def test_a_change_of_another_tool_does_not_wipe_what_is_being_typed(
    qtbot: QtBot, box: WebBox, app_services: AppServices
) -> None:
    box.kind.setCurrentIndex(box.kind.findData("searxng"))
    box.kind.activated.emit(box.kind.currentIndex())
    qtbot.keyClicks(box.url, "https://searx.example.org/")
    with qtbot.waitSignal(box.loaded, timeout=10_000):
        app_services.web.set_budget(4, None)  # as `mira web budget` beside the window: the page re-reads
    assert box.url.text() == "https://searx.example.org/"
    assert box.kind.currentData() == "searxng"
    _save(qtbot, box)
    assert app_services.web.status().url == "https://searx.example.org/"
    assert app_services.web.status().searches == box.searches.value()
