"""The window waits its turn for a model a program is using through Mira's server, and says so."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from tests.gui.support import open_window

SAID = {
    "en": "Waiting for the model: a program using Mira's server is being answered (1 ahead).",
    "zh": "正在等待模型：一个使用 Mira 服务器的程序正在获得回答（前面还有 1 个）。",
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_window_says_it_waits_for_a_program_and_answers_after_it(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, request: pytest.FixtureRequest, lang: str
) -> None:
    if lang == "zh":
        request.getfixturevalue("chinese")
    script = tmp_path / "turns.json"  # the program's answer holds after one word until "go" exists
    replies = [{"text": "program words", "hold_after": 1, "release_when": "go"}, {"text": "window answer"}]
    script.write_text(json.dumps({"replies": replies}))
    ref = f"scripted:{script}"
    app_services.models.set_default(ref)
    running = app_services.local_server.start("127.0.0.1", 0)
    window = open_window(qtbot, app_services, ready=True)
    body = {"model": ref, "stream": True, "messages": [{"role": "user", "content": "from a program"}]}

    with (
        httpx.Client(timeout=60) as http,
        http.stream("POST", f"{running.url}/chat/completions", json=body) as reply,
    ):
        lines = reply.iter_lines()
        next(lines)  # the program's answer holds the model
        window.composer.editor.setFocus()
        qtbot.keyClicks(window.composer.editor, "from the window")
        qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: window.statusBar().currentMessage() == SAID[lang], timeout=20_000)
        assert window.controller.state.busy
        (tmp_path / "go").touch()
        rest = list(lines)

    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=20_000)
    assert rest[-2] == "data: [DONE]"
    assert window.statusBar().currentMessage() == ""  # its turn came: no longer said
    saved = app_services.threads.show(window.current_thread_id or "").messages[-1]
    assert saved.content == "window answer"
    app_services.local_server.stop()
    window.close()
