"""Settings → Local server: the window serves its own models while turned on, and shows a new token once."""

from __future__ import annotations

import json
import socket
import threading
from pathlib import Path

import httpx
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.local_server.service import TOKEN_ACCOUNT
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.settings.local_server_page import LocalServerPage
from tests.support.memory_keyring import MemoryKeyring


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_turning_the_server_on_serves_the_windows_models_and_off_stops_it(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner
) -> None:
    page = LocalServerPage(app_services, runner)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.loaded)
    assert page.status.text() == "Not serving."
    page.port.setValue(_free_port())

    page.enabled.setChecked(True)
    qtbot.waitUntil(lambda: page.status.text().startswith("Serving on http://127.0.0.1:"), timeout=20_000)

    url = page.status.text().removeprefix("Serving on ")
    listed = httpx.get(f"{url}/models", timeout=60).json()
    assert "local:smollm2" in [m["id"] for m in listed["data"]]
    assert app_services.local_server.settings().enabled
    page.enabled.setChecked(False)
    qtbot.waitUntil(lambda: page.status.text() == "Not serving.", timeout=20_000)
    assert app_services.local_server.running() is None
    assert not app_services.local_server.settings().enabled


def test_a_new_token_is_shown_once_in_chinese_and_kept_in_the_keyring(
    qtbot: QtBot,
    app_services: AppServices,
    runner: OperationRunner,
    keyring_backend: MemoryKeyring,
    chinese: None,
) -> None:
    page = LocalServerPage(app_services, runner)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.loaded)
    assert page.token_state.text() == "还没有令牌。"
    assert page.new_token.text() == "生成新令牌"

    page.new_token.click()
    qtbot.waitUntil(page.token_field.isVisible)

    assert page.token_field.text() == keyring_backend.passwords[("mira-desktop", TOKEN_ACCOUNT)]
    assert "只显示这一次" in page.token_state.text()
    again = LocalServerPage(app_services, runner)  # the page opened later: the token is not shown again
    qtbot.addWidget(again)
    qtbot.waitUntil(lambda: again.loaded)
    assert not again.token_field.text()
    assert again.token_state.text() == "令牌已保存在密钥环中（不会再次显示）。"


def test_stop_ends_the_chosen_request_only_and_the_page_lists_each_request(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, tmp_path: Path
) -> None:
    script = tmp_path / "held.json"  # the first answer holds after one word until stopped
    script.write_text(
        json.dumps({"replies": [{"text": "first words", "hold_after": 1}, {"text": "second answer"}]})
    )
    ref = f"scripted:{script}"
    app_services.models.set_default(ref)
    page = LocalServerPage(app_services, runner)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.loaded)
    running = app_services.local_server.start("127.0.0.1", 0)
    body = {"model": ref, "stream": True, "messages": [{"role": "user", "content": "talk"}]}
    second: list[httpx.Response] = []
    asking = threading.Thread(
        target=lambda: second.append(
            httpx.post(f"{running.url}/chat/completions", json={**body, "stream": False}, timeout=60)
        )
    )

    with (
        httpx.Client(timeout=60) as http,
        http.stream("POST", f"{running.url}/chat/completions", json=body) as reply,
    ):
        lines = reply.iter_lines()
        next(lines)  # the answer is being written
        asking.start()
        qtbot.waitUntil(
            lambda: page.answering.count() == 2 and "waiting, 1 ahead" in page.answering.item(1).text()
        )
        assert page.answering.item(0).text().endswith(f"127.0.0.1 — {ref}: being answered")
        assert not page.stop.isEnabled()  # nothing chosen yet
        page.answering.setCurrentRow(0)
        page.stop.click()
        rest = list(lines)  # the held answer ends: stopped
    asking.join(60)

    assert [line for line in rest if line][-1] == "data: [DONE]"
    assert second[0].json()["choices"][0]["message"]["content"] == "second answer"  # the other went on
    qtbot.waitUntil(lambda: page.requests.count() == 2 and page.answering.count() == 0)
    lines_shown = sorted(page.requests.item(i).text() for i in range(2))
    assert lines_shown[0].startswith("127.0.0.1 · " + ref + " · 200 · ")
    assert sorted(t.rsplit(" · ", 1)[1] for t in lines_shown) == ["answered", "stopped"]
