"""The lines around an attached file's text follow the language of the question: a Chinese
question does not wrap its file in English."""

from __future__ import annotations

from pathlib import Path

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent


def _sent(services: AppServices, script: Script, tmp_path: Path, question: str) -> str:
    model = script({"text": "好的。"})
    notes = tmp_path / "notes.md"
    notes.write_text("# 胶囊\n\n密码是 7741。\n")
    view = services.attachments.add_to_draft(None, notes)
    options = SendOptions(model_ref=model, attachment=view.draft_key)
    assert services.chat.send(None, question, options).wait(30).value == "completed"
    return requests_sent(services, model)[0].messages[-1].content


def test_a_chinese_question_wraps_its_file_in_chinese(bm25_only: AppServices, tmp_path: Path, script: Script) -> None:
    sent = _sent(bm25_only, script, tmp_path, "密码是多少？")
    assert "[附件「notes.md」（markdown）]" in sent
    assert "[附件「notes.md」结束]" in sent
    assert "Attached file" not in sent
    assert "End of" not in sent
    assert "密码是 7741。" in sent


def test_an_english_question_keeps_the_english_wrapper(bm25_only: AppServices, tmp_path: Path, script: Script) -> None:
    sent = _sent(bm25_only, script, tmp_path, "What is the code?")
    assert '[Attached file "notes.md" (markdown)]' in sent
    assert '[End of "notes.md"]' in sent
