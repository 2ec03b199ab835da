"""A Chinese window is Chinese throughout: the chat-template sample of Settings → Models shows its
conversation in Chinese, in the model's own layout (the starter roles: tests/integration/roles/
test_chinese_first_start.py)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from mira_desktop.models.embedded import EMBEDDED_CHAT_MODEL_REF
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.settings.template_box import TemplateBox


def test_the_chat_template_sample_is_in_chinese_in_a_chinese_window(
    qtbot: QtBot, speak, app_services: AppServices, runner: OperationRunner
) -> None:
    speak("zh")
    box = TemplateBox(app_services, runner)  # Settings → Models shows it for the selected model
    qtbot.addWidget(box)
    box.show()
    with qtbot.waitSignal(box.shown, timeout=10_000):
        box.show_model(EMBEDDED_CHAT_MODEL_REF)
    sample = box.sample.toPlainText()
    assert "<|im_start|>system\n你是 Mira，一个乐于助人的助手。<|im_end|>" in sample
    assert "<|im_start|>user\n你好！<|im_end|>" in sample
    assert "<|im_start|>assistant\n你好！有什么可以帮你的？<|im_end|>" in sample
    assert "<|im_start|>user\n2 + 2 等于几？<|im_end|>" in sample
    assert "Hello" not in sample
    assert sample.count("<|im_start|>user") == 2  # the model's own layout, untouched
    assert "自带的聊天模板" in box.summary.text() or "chatml" in box.summary.text()
