"""Sentences services say reach the Chinese window in Chinese: each case was found English in the
Chinese trial (an f-string or an exception's own text where a phrase belonged)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from mira_desktop.core.conversation.runs import RunKind
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.runs import RunRepository
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.ui.runtime.operations import OperationRunner
from tests.support.fixtures import Script

BUSY = "有正在生成的回答，或有智能体运行在等待批准：请先停止或取消它。"


def _answering(app_services: AppServices, **bound: str) -> str:
    """A thread (bound as given) with an answer being written; its id."""
    thread = ThreadRepository(app_services.database).create(title="旅行计划", **bound)
    RunRepository(app_services.database).create(
        thread_id=thread.id, kind=RunKind.CHAT, route_reason="chat", user_message_id=None,
        model_ref="scripted:x", model_snapshot={}, role_id=None, role_version=None, role_snapshot={},
    )  # fmt: skip
    return thread.id


def test_deleting_a_thread_that_is_answering_is_refused_in_chinese(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, chinese: None
) -> None:
    from mira_desktop.ui.chat.thread_actions import ThreadActions

    parent = QWidget()
    qtbot.addWidget(parent)
    notices: list[str] = []
    actions = ThreadActions(
        parent, services=app_services, runner=runner, current=lambda: None,
        deleted=lambda _id: None, notice=notices.append,
    )  # fmt: skip
    actions.delete(_answering(app_services))
    qtbot.waitUntil(lambda: bool(notices))
    assert notices == ["这个对话" + BUSY]


def test_trashing_a_workspace_whose_thread_is_answering_is_refused_in_chinese(
    app_services: AppServices, chinese: None, tmp_path: Path
) -> None:
    from mira_desktop.core.errors import ConflictError
    from mira_desktop.ui.language.i18n import explain

    (tmp_path / "project").mkdir()
    workspace = app_services.workspaces.add("项目", str(tmp_path / "project"))
    _answering(app_services, workspace_id=workspace.id)
    with pytest.raises(ConflictError) as refused:
        app_services.trash.put("workspace", workspace.id)
    assert str(refused.value).startswith("A thread of the workspace '项目' has an answer being written")
    assert explain(refused.value) == "工作区 '项目' 的一个对话" + BUSY


def test_a_folder_mira_keeps_its_data_in_is_refused_as_a_workspace_in_chinese(
    app_services: AppServices, chinese: None, tmp_path: Path
) -> None:
    """The service turned the refusal into its own error and lost its phrase on the way."""
    from mira_desktop.core.errors import InvalidInputError
    from mira_desktop.ui.language.i18n import explain

    with pytest.raises(InvalidInputError) as refused:
        app_services.workspaces.add("数据", str(tmp_path))  # it holds the data folder (mira-data)
    assert explain(refused.value).startswith(f"{tmp_path} 不能作为工作区：它")


def test_a_folder_that_is_a_trashed_workspace_says_where_it_is_in_chinese(
    app_services: AppServices, chinese: None, tmp_path: Path
) -> None:
    from mira_desktop.core.errors import ConflictError
    from mira_desktop.ui.language.i18n import explain

    (tmp_path / "project").mkdir()
    workspace = app_services.workspaces.add("项目", str(tmp_path / "project"))
    app_services.trash.put("workspace", workspace.id)
    with pytest.raises(ConflictError) as refused:
        app_services.workspaces.add("又一个", str(tmp_path / "project"))
    root = str((tmp_path / "project").resolve())
    restore = f"在回收站中：用 `mira trash restore {workspace.id}` 恢复它"
    assert explain(refused.value) == f"文件夹 {root} 已经是工作区 '项目'（{restore}）。"


def test_a_source_the_answer_does_not_have_is_said_in_chinese_in_the_status_line(
    qtbot: QtBot, app_services: AppServices, chinese: None
) -> None:
    from mira_desktop.core.conversation.threads import MessageRole
    from mira_desktop.store.messages import MessageRepository
    from tests.gui.support import open_window

    thread = ThreadRepository(app_services.database).create(title="手册")
    messages = MessageRepository(app_services.database)
    question = messages.add(thread.id, MessageRole.USER, "站长是谁？")
    source = {"n": 1, "document": "crew.md", "location": {"line_start": 1, "line_end": 3}}
    answer = messages.add(
        thread.id, MessageRole.ASSISTANT, "Aiko [1]", parent_id=question.id, metadata={"sources": [source]}
    )
    window = open_window(qtbot, app_services, ready=True)
    window.open_source(answer.id, 9)
    qtbot.waitUntil(lambda: "来源" in window.statusBar().currentMessage())
    assert window.statusBar().currentMessage() == "这条回答没有来源 [9]：它有 1 个来源（1 到 1）。"
    window.close()


@pytest.mark.usefixtures("chinese")
def test_a_card_import_says_what_it_removed_and_what_it_refused_in_chinese(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: object, tmp_path: Path
) -> None:
    """The refusal was "name: <the error's English>" and the sanitizer's notes were English f-strings."""
    import json

    from mira_desktop.ui.roles.workbench import RoleWorkbench

    card = {"spec": "chara_card_v2", "spec_version": "2.0",
            "data": {"name": "Kit", "first_mes": "<script>alert(1)</script>Hi"}}  # fmt: skip
    (tmp_path / "kit.json").write_text(json.dumps(card), encoding="utf-8")
    (tmp_path / "broken.json").write_text(
        json.dumps({"spec": "chara_card_v2", "data": "x"}), encoding="utf-8"
    )
    bench = RoleWorkbench(app_services, runner, changes)
    qtbot.addWidget(bench)
    with qtbot.waitSignal(bench.imported, timeout=20_000):
        bench.import_files([tmp_path / "kit.json", tmp_path / "broken.json"])
    lines = bench.message_label.text().splitlines()
    assert lines[0] == "已导入 Kit（V2）。"
    assert lines[1] == "已移除不安全内容：data.first_mes：已移除脚本、事件处理器或控制字符"
    assert lines[2].startswith("broken.json：")
    assert "needs a" not in lines[2]
    assert "角色卡" in lines[2]
    bench.close()


def test_a_tool_refused_a_symlink_and_the_trace_says_why_in_chinese(
    qtbot: QtBot, chinese: None, tmp_path: Path
) -> None:
    """The workspace's refusals (symlink, folder, permission, special file) were English f-strings."""
    from mira_desktop.agent.files.root import WorkspaceRoot
    from mira_desktop.agent.snapshots import SnapshotStore
    from mira_desktop.agent.tools.registry import ToolRegistry
    from mira_desktop.agent.tools.workspace_tools import WorkspaceTools
    from mira_desktop.core.cancel import CancelToken
    from mira_desktop.ui.chat.agent_panel import AgentPanel

    (tmp_path / "project").mkdir()
    (tmp_path / "secret.txt").write_text("top secret\n")
    (tmp_path / "project" / "secret").symlink_to(tmp_path / "secret.txt")
    with WorkspaceRoot(tmp_path / "project") as root:
        tools = WorkspaceTools(root, ToolRegistry(None), SnapshotStore(tmp_path / "snapshots"))
        result = tools.run_read("read_file", {"path": "secret"}, CancelToken())
    assert result.text.startswith("secret is a symlink")  # what the model reads stays English
    panel = AgentPanel("run-1")
    qtbot.addWidget(panel)
    call = {"id": "c1", "tool": "read_file", "arguments": {"path": "secret"}}
    panel.show_events([("tool.call", call), ("tool.result", {"id": "c1", "result": result.to_dict()})])
    line = panel.trace.topLevelItem(0).child(0).text(0)
    assert line == "✗ secret 是符号链接；工作区从不跟随符号链接（它们可能通向工作区之外）。"


def test_a_second_file_for_one_message_is_refused_in_chinese(
    qtbot: QtBot, app_services: AppServices, chinese: None, tmp_path: Path
) -> None:
    from tests.gui.support import drop_files, open_window

    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("first")
    second.write_text("second")
    window = open_window(qtbot, app_services, ready=True)
    drop_files(window.composer, [first])
    qtbot.waitUntil(lambda: app_services.attachments.draft(None) is not None, timeout=15_000)
    drop_files(window.composer, [second])
    qtbot.waitUntil(lambda: "每条消息" in window.composer.notice.text(), timeout=15_000)
    assert (
        window.composer.notice.text()
        == "这条消息已经有一个文件（a.txt）：每条消息只能附加一个文件——请先移除它。"
    )
    window.close()


def test_a_summary_that_could_not_be_refreshed_is_said_in_chinese_in_the_status_line(
    qtbot: QtBot, app_services: AppServices, chinese: None, tmp_path: Path
) -> None:
    """The warning was an f-string around the error's English."""
    from tests.gui.support import open_window

    model = tmp_path / "small.json"  # the answer, then an empty summary
    model.write_text('{"replies": [{"text": "好"}, {"text": ""}], "profile": {"context_window": 2048}}')
    window = open_window(qtbot, app_services, ready=True)
    window.header.draft.model_ref = f"scripted:{model}"
    window.composer.editor.setPlainText("很长的问题 " * 1400)  # past the share of the window that refreshes
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: "对话摘要" in window.statusBar().currentMessage(), timeout=20_000)
    shown = window.statusBar().currentMessage()
    assert shown.startswith("无法更新对话摘要（"), shown
    assert shown.endswith("）；仍会发送完整的历史记录。"), shown
    assert "Could not" not in shown
    window.close()


def test_a_server_command_with_an_open_quote_is_refused_in_chinese(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, chinese: None
) -> None:
    """The reason was shlex's own English ("No closing quotation")."""
    from mira_desktop.ui.settings.mcp_server_dialog import AddServerDialog

    dialog = AddServerDialog(app_services, runner)
    qtbot.addWidget(dialog)
    dialog.name.setText("files")
    dialog.command.setText('npx "server-filesystem')
    dialog.add_button.click()
    assert dialog.error.text() == "无法读取该命令：有一个引号没有闭合。"
    dialog.command.setText("npx server\\")
    dialog.add_button.click()
    assert dialog.error.text() == "无法读取该命令：它以一个单独的反斜杠结尾。"


def test_speech_no_engine_could_make_says_why_in_chinese_under_the_answer(
    qtbot: QtBot, app_services: AppServices, chinese: None, script: Script
) -> None:
    """The media note showed the engines' English (f-strings), and a failed medium kept no phrase."""
    from mira_desktop.services.chat.service import SendOptions
    from mira_desktop.services.media.speech import EspeakEngine, PiperEngine, SpeechEngines
    from mira_desktop.ui.chat.media_player import MediaStrip

    app_services.media.speech = SpeechEngines(PiperEngine("no_such_voice_package"), EspeakEngine("no-espeak"))
    ref = script({"text": "Hi."}, {"text": "The tomatoes are almost ripe."})
    first = app_services.chat.send(None, "Hello", SendOptions(model_ref=ref))
    assert first.wait(30).value == "completed"
    app_services.media.set_flags(first.thread_id, tts=True)
    handle = app_services.chat.send(first.thread_id, "Tell me about the greenhouse.")
    assert handle.wait(30).value == "completed"
    answer = handle.assistant_message_id
    qtbot.waitUntil(
        lambda: [m.status for m in app_services.media.for_message(answer)] == ["failed"], timeout=30_000
    )
    strip = MediaStrip(answer)
    qtbot.addWidget(strip)
    strip.set_media(app_services.media.for_message(answer))
    note = strip.notes[0].text()
    assert note.startswith("朗读失败：Piper "), note
    assert note.endswith("未安装 no-espeak：请安装 espeak-ng 软件包（例如 `apt install espeak-ng`）。"), note
    assert "install the" not in note
    assert "is missing" not in note


def test_a_model_without_a_chat_template_is_explained_in_chinese_in_settings(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, chinese: None, tmp_path: Path
) -> None:
    """The reason for the named format was the check's English f-string."""
    from mira_desktop.ui.settings.template_box import TemplateBox
    from tests.support.gguf_files import write_gguf

    path = write_gguf(tmp_path / "tiny.gguf", template=None)
    box = TemplateBox(app_services, runner)
    qtbot.addWidget(box)
    box.show_model(f"local:{path}")
    qtbot.waitUntil(lambda: not box.summary.text().startswith("正在读取"), timeout=10_000)
    assert box.summary.text() == "使用命名格式 llama-2，因为模型自带的模板出错：模型文件没有聊天模板。"


def test_an_embedder_that_cannot_run_here_says_why_in_chinese_on_its_item(
    qtbot: QtBot, app_services: AppServices, chinese: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a processor without AVX2 the multilingual embedder's tip was the catalog's English."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QComboBox

    from mira_desktop.index import embedder_catalog
    from mira_desktop.index.e5 import e5_unavailable_reason
    from mira_desktop.ui.knowledge.embedder_row import fill

    no_avx2 = e5_unavailable_reason(machine="x86_64", flags={"sse2", "avx"}, installed=True)
    monkeypatch.setattr(embedder_catalog, "e5_unavailable_reason", lambda: no_avx2)
    combo = QComboBox()
    qtbot.addWidget(combo)
    fill(combo, app_services.knowledge.embedders.choices(), "minilm")
    tip = combo.itemData(combo.findData("e5-small"), Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("这台电脑的处理器不支持 AVX2"), tip


def test_a_damaged_copy_of_the_database_is_named_in_chinese(chinese: None, tmp_path: Path) -> None:
    """The backup's own check named the copy in English inside the Chinese sentence."""
    from mira_desktop.core import phrases
    from mira_desktop.core.errors import InvalidInputError
    from mira_desktop.services.backup.service import check_database
    from mira_desktop.ui.language.i18n import explain

    damaged = tmp_path / "copy.db"
    damaged.write_bytes(b"SQLite format 3\x00" + bytes(200))
    with pytest.raises(InvalidInputError) as refused:
        check_database(damaged, phrases.said("backup.the_copy"))
    assert str(refused.value).startswith("The database in the copy of the database is damaged (")
    assert explain(refused.value).startswith("数据库副本 中的数据库已损坏（"), explain(refused.value)
