"""What the command shows: tables aligned by display width, a new chat that speaks its answers, a
regenerated answer that says it is word for word the same as an earlier one."""

from __future__ import annotations

import json

from wcwidth import wcswidth

from tests.integration.cli.conftest import Mira
from tests.support.fixtures import Script


def test_roles_table_aligns_the_column_after_a_chinese_name(mira: Mira) -> None:
    header, *rows = mira("roles", "list").out.splitlines()
    status_column = wcswidth(header[: header.index("STATUS")])
    chinese = next(line for line in rows if "中文写作助手" in line)
    english = next(line for line in rows if "Code Reviewer" in line)
    for line in (chinese, english):
        assert wcswidth(line[: line.index("active")]) == status_column, line


def test_chat_send_speak_makes_a_thread_that_speaks_its_answers(mira: Mira, script: Script) -> None:
    sent = mira("--json", "chat", "send", "--speak", "--model", script({"text": "Hi."}), "Hello")
    assert sent.code == 0, sent.err
    thread_id = json.loads(sent.out.splitlines()[0])["thread_id"]
    shown = mira("--json", "threads", "show", thread_id).json()
    assert shown["thread"]["tts_enabled"] is True


def test_regenerate_says_when_the_new_answer_is_the_same_text(mira: Mira, script: Script) -> None:
    model = script({"text": "Always this."}, {"text": "Always this."})
    sent = mira("--json", "chat", "send", "--model", model, "Tell me")
    end = json.loads(sent.out.splitlines()[-1])
    again = mira("chat", "regenerate", end["message_id"])
    assert again.code == 0, again.err
    assert "Always this." in again.out
    assert f"the same text as the earlier answer {end['message_id']}" in again.err
