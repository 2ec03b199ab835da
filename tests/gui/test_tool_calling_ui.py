"""The window says how each model calls tools: Settings → Models for the selected model (its own
family's format, Mira's JSON grammar, or a server's native calls, and whether its template has a
thinking switch), and the agent's trace on each model step — in English and in Chinese."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.chat.agent_panel import AgentPanel
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.settings.models_page import ModelsPage
from tests.gui.support import agent_draft_in, open_window
from tests.support.memory_keyring import MemoryKeyring
from tests.support.tools_gguf import HERMES_TEMPLATE, smollm2_gemma4, smollm2_with_template

# Hermes calls and a switch Qwen 3's way: the template reads ``enable_thinking``.
THINKING_HERMES = "{%- set thinking = enable_thinking | default(true) %}" + HERMES_TEMPLATE.read_text(
    encoding="utf-8"
)
HERMES_STEP = [
    ("agent.model_started", {"step": 1, "mode": "native", "format": "hermes", "tool_choice": "required"}),
    (
        "agent.model_call",
        {"step": 1, "mode": "native", "format": "hermes", "prompt_tokens": 1639, "completion_tokens": 32},
    ),
]


@pytest.fixture(scope="module")
def thinking_hermes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """SmolLM2 whose template writes ``<tool_call>`` and has a thinking switch (made once: 100 MB)."""
    return smollm2_with_template(THINKING_HERMES, tmp_path_factory.mktemp("gguf") / "smollm2-thinking.gguf")


@pytest.fixture
def models_page(
    qtbot: QtBot,
    app_services: AppServices,
    runner: OperationRunner,
    thinking_hermes: Path,
    keyring_backend: MemoryKeyring,
) -> ModelsPage:
    """Settings → Models with the embedded SmolLM2, its Hermes copy and a server's model."""
    app_services.models.add_local(str(thinking_hermes))
    app_services.models.add_remote("lab", "http://127.0.0.1:9/v1", model="tiny")
    page = ModelsPage(app_services, runner)
    qtbot.addWidget(page)
    page.show()
    return page


@pytest.fixture
def gemma4_page(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, tmp_path: Path
) -> tuple[ModelsPage, str]:
    """Settings → Models with SmolLM2 carrying Gemma 4's real template, and its reference."""
    gguf = smollm2_gemma4(tmp_path / "smollm2-gemma4.gguf")
    app_services.models.add_local(str(gguf))
    page = ModelsPage(app_services, runner)
    qtbot.addWidget(page)
    page.show()
    return page, f"local:{gguf}"


def pick(qtbot: QtBot, page: ModelsPage, ref: str) -> None:
    """Select ``ref`` in the list and wait until the prompt-format box has read it."""
    def refs() -> list[str]:
        return [page.model_list.item(i).data(256) for i in range(page.model_list.count())]

    qtbot.waitUntil(lambda: ref in refs(), timeout=10_000)  # the list is read in the background
    with qtbot.waitSignal(page.template_box.shown, timeout=10_000):
        page.model_list.setCurrentRow(refs().index(ref))


def shown(page: ModelsPage) -> tuple[str, str]:
    box = page.template_box
    return (
        box.tool_calls.text() if box.tool_calls.isVisible() else "",
        box.thinking.text() if box.thinking.isVisible() else "",
    )


def test_the_models_page_says_how_the_selected_model_calls_tools_and_whether_it_has_a_thinking_switch(
    qtbot: QtBot, models_page: ModelsPage, thinking_hermes: Path
) -> None:
    pick(qtbot, models_page, f"local:{thinking_hermes}")
    assert shown(models_page) == (
        "Tool calls: in its own format (Hermes / Qwen <tool_call>)",
        "Thinking switch: yes, its template can turn thinking on or off",
    )
    pick(qtbot, models_page, "local:smollm2")
    assert shown(models_page) == (
        "Tool calls: Mira's JSON grammar (its template renders no tools)",
        "Thinking switch: no, its template has none",
    )
    pick(qtbot, models_page, "remote:lab/tiny")
    assert models_page.template_box.summary.text() == "The server applies its own chat template."
    assert shown(models_page) == ("Tool calls: the server's native calls", "")  # its template is the server's


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ("Tool calls: Gemma 4's own format", "Thinking switch: yes, its template can turn thinking on or off")),
        ("zh", ("工具调用：Gemma 4 自己的格式", "思考开关：有，它的模板可以打开或关闭思考")),
    ],
)
def test_the_models_page_says_a_gemma_4_template_calls_tools_in_gemma_4s_format(
    qtbot: QtBot, speak: Callable[[str], str], gemma4_page: tuple[ModelsPage, str], language: str, expected: tuple[str, str]
) -> None:
    page, ref = gemma4_page
    speak(language)
    pick(qtbot, page, ref)
    assert shown(page) == expected


def test_the_models_page_says_it_in_chinese(
    qtbot: QtBot, speak: Callable[[str], str], models_page: ModelsPage, thinking_hermes: Path
) -> None:
    speak("zh")
    pick(qtbot, models_page, f"local:{thinking_hermes}")
    assert shown(models_page) == (
        "工具调用：它自己的格式（Hermes / Qwen 的 <tool_call>）",
        "思考开关：有，它的模板可以打开或关闭思考",
    )
    pick(qtbot, models_page, "local:smollm2")
    assert shown(models_page) == (
        "工具调用：Mira 的 JSON 语法（它的模板不渲染工具）",
        "思考开关：无，它的模板没有这个开关",
    )
    pick(qtbot, models_page, "remote:lab/tiny")
    assert shown(models_page) == ("工具调用：服务器的原生工具调用", "")


def test_the_trace_says_how_the_model_called_tools_on_each_step_and_that_a_call_was_required(
    qtbot: QtBot,
) -> None:
    panel = AgentPanel("run-1")
    qtbot.addWidget(panel)
    panel.show_events(HERMES_STEP)
    step = panel.trace.topLevelItem(0)
    assert panel.trace.topLevelItemCount() == 1  # the waiting line gave way to the answered step
    assert step.text(0) == (
        "Model call 1: 1639 → 32 tokens · tool calls: in its own format (Hermes / Qwen <tool_call>)"
    )
    assert step.toolTip(0) == (
        "Tool calls: in its own format (Hermes / Qwen <tool_call>)\n"
        "A call was required: the call's grammar started at the reply's first token."
    )
    free = [
        ("agent.model_started", {"step": 2, "mode": "json", "format": "json", "tool_choice": "auto"}),
        (
            "agent.model_call",
            {"step": 2, "mode": "json", "format": "json", "prompt_tokens": 9, "completion_tokens": 3},
        ),
    ]
    for kind, data in free:
        panel.add_event(kind, data)
    second = panel.trace.topLevelItem(1)
    assert (
        second.text(0)
        == "Model call 2: 9 → 3 tokens · tool calls: Mira's JSON grammar (its template renders no tools)"
    )
    assert (
        second.toolTip(0) == "Tool calls: Mira's JSON grammar (its template renders no tools)"
    )  # nothing required


def test_a_run_journaled_before_the_format_was_shows_its_steps_as_before(qtbot: QtBot) -> None:
    panel = AgentPanel("run-old")
    qtbot.addWidget(panel)
    panel.show_events(
        [("agent.model_call", {"step": 1, "mode": "native", "prompt_tokens": 5, "completion_tokens": 2})]
    )
    assert panel.trace.topLevelItem(0).text(0) == "Model call 1: 5 → 2 tokens"


def test_the_trace_says_it_in_chinese(qtbot: QtBot, speak: Callable[[str], str]) -> None:
    speak("zh")
    panel = AgentPanel("run-1")
    qtbot.addWidget(panel)
    panel.show_events(HERMES_STEP)
    step = panel.trace.topLevelItem(0)
    assert (
        step.text(0)
        == "第 1 次模型调用：1639 → 32 词元 · 工具调用：它自己的格式（Hermes / Qwen 的 <tool_call>）"
    )
    assert step.toolTip(0).endswith("这一步必须调用工具：调用的语法从回答的第一个词元开始。")


def test_an_agent_run_in_the_window_shows_a_servers_native_calls_on_its_model_steps(
    qtbot: QtBot, app_services: AppServices, project: Path, workspace: str, script: Callable[..., str]
) -> None:
    (project / "notes.md").write_text("TODO: buy milk\n")
    app_services.models.set_default(
        script(
            {"tool_calls": [{"name": "read_file", "arguments": {"path": "notes.md"}}]},
            {"text": "It says: buy milk."},
            pick="by_turn",
        )
    )
    window = open_window(qtbot, app_services, ready=True)
    agent_draft_in(qtbot, window, workspace)
    window.composer.send_requested.emit("Read notes.md")

    def steps() -> list[str]:
        widget = (
            window.chat_view.widgets.get(window.chat_view._order[-1]) if window.chat_view._order else None
        )
        panel = widget.agent_panel if widget is not None else None
        if panel is None or widget.message.content != "It says: buy milk.":
            return []
        return [panel.trace.topLevelItem(i).text(0) for i in range(panel.trace.topLevelItemCount())]

    qtbot.waitUntil(lambda: len([s for s in steps() if s.startswith("Model call")]) == 2, timeout=20_000)
    model_steps = [s for s in steps() if s.startswith("Model call")]
    assert all(s.endswith("· tool calls: the server's native calls") for s in model_steps), model_steps
    assert any(s.startswith("read_file") for s in steps())
    window.close()
