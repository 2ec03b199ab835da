"""The window's text through Qt's translation system: the catalog, the .ts/.qm files, plural forms,
dates and numbers in the locale, the language setting, and no English left in the Chinese window."""

from __future__ import annotations

import logging
import re
import string
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QTableWidget,
    QTabWidget,
    QTextEdit,
    QTreeWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.core.phrasebook import AREAS
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.ui.language import i18n
from mira_desktop.ui.language.i18n import chosen_language, language, saved_language, tr
from mira_desktop.ui.language.locale_format import format_date, format_number, format_timestamp
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.settings.appearance_page import AppearancePage
from mira_desktop.ui.strings import catalog
from tests.gui.conftest import Speak
from tests.gui.support import open_window

CATALOG = catalog()

TS_FILES = {"zh": i18n.TRANSLATIONS_DIR / "mira_zh_CN.ts", "en": i18n.TRANSLATIONS_DIR / "mira_en.ts"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
COUNT = re.compile(r"%L?n")


def messages(lang: str) -> dict[str, ET.Element]:
    root = ET.parse(TS_FILES[lang]).getroot()
    return {m.findtext("comment") or "": m for m in root.iter("message")}


def forms(message: ET.Element) -> list[str]:
    translation = message.find("translation")
    assert translation is not None
    if message.get("numerus") == "yes":
        return [form.text or "" for form in translation.findall("numerusform")]
    return [translation.text or ""]


def finished(message: ET.Element) -> bool:
    translation = message.find("translation")
    return translation is not None and translation.get("type") is None


def marks(text: str) -> set[str]:
    found = set(PLACEHOLDER.findall(text))
    return found | {"%n"} if COUNT.search(text) else found


# -- the catalog and the .ts files ------------------------------------------------------------------
def test_catalog_entries_name_their_context_key_and_count() -> None:
    areas = {key: area for area, table in AREAS.items() for key in table}
    for key, entry in CATALOG.items():
        if key.startswith("phrase."):  # a service's sentence: its area of core/phrasebook
            assert entry.context == f"phrase.{areas[key.removeprefix('phrase.')]}", key
        else:
            assert entry.context == key.split(".", 1)[0], key
        assert entry.disambiguation == key, key
        assert entry.plural == bool(COUNT.search(entry.source)), f"{key}: numerus iff %Ln"
        for _name, fragment in entry.counts:
            assert CATALOG[fragment].plural, f"{key}: {fragment} must be a numerus fragment"


def test_every_key_has_a_finished_chinese_translation_with_the_same_placeholders() -> None:
    chinese = messages("zh")
    for key, entry in CATALOG.items():
        assert key in chinese, f"{key} is not in mira_zh_CN.ts: run tools/i18n_sync.py"
        message = chinese[key]
        assert message.findtext("source") == entry.source, f"{key}: run tools/i18n_sync.py"
        assert finished(message), f"{key}: the Chinese is unfinished"
        assert (message.get("numerus") == "yes") == entry.plural, key
        for text in forms(message):
            assert text.strip(), f"{key}: empty Chinese"
            assert marks(text) == marks(entry.source), f"{key}: {text!r} has other placeholders"
    assert set(chinese) == set(CATALOG), "mira_zh_CN.ts holds keys the catalog lost: run tools/i18n_sync.py"


def test_every_plural_message_has_finished_english_singular_and_plural_forms() -> None:
    english = messages("en")
    plural = {key for key, entry in CATALOG.items() if entry.plural}
    assert set(english) == plural, "mira_en.ts holds the plural messages only: run tools/i18n_sync.py"
    for key in plural:
        message = english[key]
        assert finished(message), f"{key}: English forms unfinished"
        one, many = forms(message)
        assert "(s)" not in one + many, key
        assert marks(one) == marks(many) == marks(CATALOG[key].source), key


def test_the_compiled_qm_files_are_current() -> None:
    for ts in TS_FILES.values():
        qm = ts.with_suffix(".qm")
        assert qm.is_file(), f"{qm.name} is missing: run `make translations`"
        assert qm.stat().st_mtime >= ts.stat().st_mtime, (
            f"{qm.name} is older than {ts.name}: run `make translations`"
        )


# -- at run time ------------------------------------------------------------------------------------
def test_tr_speaks_chinese_after_use_language_zh_and_english_after_en(speak: Speak) -> None:
    assert speak("zh") == "zh"
    assert language() == "zh"
    assert tr("sidebar.new_chat") == "新对话"
    assert tr("composer.placeholder", name="Mira") == "给 Mira 发消息 — Enter 发送，Shift+Enter 换行"
    assert tr("settings.theme_dark") == "深色"
    # "Search" in two places, each with its own Chinese.
    assert tr("kb.tab_search") == "检索测试"
    assert tr("kb.search") == "检索"
    assert QLocale().name() == "zh_CN"
    assert speak("en") == "en"
    assert language() == "en"
    assert tr("sidebar.new_chat") == "New chat"
    assert (
        tr("composer.placeholder", name="Mira") == "Message Mira — Enter to send, Shift+Enter for a new line"
    )
    assert QLocale().language() == QLocale.Language.English


def test_plural_forms_follow_the_count_in_english_and_chinese(speak: Speak) -> None:
    speak("en")
    assert tr("models.found", count=1) == "1 model not added yet:"
    assert tr("models.found", count=2) == "2 models not added yet:"
    assert tr("roles.deleted", name="Ada", threads=1).startswith("Moved Ada to the trash; 1 thread keeps its")
    assert tr("chat.show_earlier_n", n="1") == "Show 1 earlier message"  # the view passes a str
    summary = tr("kb.summary", name="Notes", documents=1, chunks=12345, watching="")
    assert summary == "Notes: 1 document · 12,345 chunks"
    asked = tr("kb.confirm_delete", name="Old", documents=2, threads=1, messages=3, days=30)
    assert "Its 2 documents, their index" in asked
    assert "within 30 days" in asked
    assert "1 thread with 3 messages stay" in asked
    speak("zh")
    assert tr("models.found", count=1) == "1 个尚未添加的模型："
    assert tr("models.found", count=2) == "2 个尚未添加的模型："
    assert (
        tr("kb.summary", name="笔记", documents=1, chunks=12345, watching="")
        == "笔记：1 个文档 · 12,345 个片段"
    )
    assert "1 个对话共 3 条消息都会保留" in tr(
        "kb.confirm_delete", name="旧", documents=2, threads=1, messages=3, days=30
    )


def test_without_translations_the_english_source_text_shows(qapp: QApplication) -> None:
    i18n.remove_translations(qapp)
    assert language() == "en"
    assert tr("models.found", count=2) == "2 model(s) not added yet:"
    assert tr("sidebar.trash", count=3) == "Trash (3)"


def test_a_missing_qm_file_falls_back_to_english_with_one_warning(
    speak: Speak, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(i18n, "TRANSLATIONS_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_warned", [])
    with caplog.at_level(logging.WARNING, logger="mira_desktop.ui.language.i18n"):
        assert speak("zh") == "en"
        assert speak("zh") == "en"
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "mira_zh_CN.qm" in warnings[0].getMessage()
    assert tr("sidebar.new_chat") == "New chat"


def test_qt_standard_dialog_buttons_follow_the_language(qtbot: QtBot, speak: Speak) -> None:
    speak("zh")
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    qtbot.addWidget(box)
    assert box.button(QDialogButtonBox.StandardButton.Cancel).text() == "取消"
    speak("en")
    english = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    qtbot.addWidget(english)
    assert english.button(QDialogButtonBox.StandardButton.Cancel).text() == "Cancel"


def test_the_language_comes_from_mira_lang_then_the_setting_then_the_system(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("MIRA_LANG", raising=False)
    assert chosen_language("zh") == "zh"
    assert chosen_language("en") == "en"
    system = "zh" if QLocale.system().language() == QLocale.Language.Chinese else "en"
    assert chosen_language("system") == system
    monkeypatch.setenv("MIRA_LANG", "zh")
    assert chosen_language("en") == "zh"
    monkeypatch.setenv("MIRA_LANG", "en")
    assert chosen_language("zh") == "en"


def test_the_saved_language_is_read_before_the_services_open(
    app_services: AppServices, tmp_path: Path
) -> None:
    root = app_services.folder.root
    assert saved_language(root) == "system"
    app_services.preferences.set_language("zh")
    assert saved_language(root) == "zh"
    assert saved_language(tmp_path / "nothing here") == "system"


def test_dates_and_numbers_follow_the_locale(speak: Speak) -> None:
    stamp = "2025-03-04T12:00:00.000Z"  # midday UTC: the same calendar day in nearly every time zone
    speak("en")
    assert format_timestamp(stamp).startswith("3/4/25")
    assert format_date("2025-03-04") == "3/4/25"
    assert format_number(1234567) == "1,234,567"
    assert tr("kb.list_item", name="Notes", documents=12345) == "Notes (12,345)"
    speak("zh")
    assert format_timestamp(stamp).startswith("2025/3/4")
    assert format_date(stamp) == "2025/3/4"
    assert format_timestamp("not a time") == "not a time"


def test_the_language_setting_saves_and_asks_for_a_restart(
    qtbot: QtBot,
    speak: Speak,
    app_services: AppServices,
    runner: OperationRunner,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("MIRA_LANG", raising=False)
    speak("en")
    page = AppearancePage(app_services, runner)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.loaded)
    box = page.language_box
    assert [box.itemText(i) for i in range(box.count())] == ["Follow the system", "English", "中文"]
    assert page.restart_hint.isHidden()
    box.setCurrentIndex(box.findData("zh"))
    qtbot.waitUntil(lambda: app_services.preferences.language() == "zh")
    assert page.restart_hint.isVisible()
    assert page.restart_hint.text() == "Restart Mira to switch the language."
    box.setCurrentIndex(box.findData("en"))
    qtbot.waitUntil(lambda: app_services.preferences.language() == "en")
    assert page.restart_hint.isHidden()


# -- no English left in the Chinese window -----------------------------------------------------------
# Words that stay as they are in Chinese text: names of products, formats and keys.
ALLOWED = {
    word.casefold()
    for word in (
        "Mira", "BASE", "GGUF", "LM", "Studio", "Ollama", "GPT4All", "Jan", "OpenAI", "vLLM", "llama.cpp",
        "API", "URL", "JSON", "PNG", "PDF", "Word", "PowerPoint", "Excel", "Markdown", "CSV", "YAML", "BEIR",
        "English", "SmolLM2", "MiniLM", "BM25", "Ctrl", "Shift", "Alt", "Enter", "Esc", "Backspace", "Tab",
        "llama3.2",  # an example model id (a placeholder)
    )
}  # fmt: skip
# Text in other engineers' files, reported to them with the catalog keys to use; remove each one
# here as its call site switches to tr().
KNOWN_UNTRANSLATED: set[str] = set()
KNOWN_PATTERNS: tuple[re.Pattern[str], ...] = ()
SHORTCUT = re.compile(r"\b(?:Ctrl|Shift|Alt|Meta)\+\S+|\bF\d+\b")
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
WORD = re.compile(r"[A-Za-z][A-Za-z0-9.\-]*[A-Za-z0-9]|[A-Za-z]")
TAG = re.compile(r"<[^>]+>|&\w+;")


def english_words(text: str, allowed: set[str]) -> list[str]:
    """The Latin words of a text with no Chinese in it, less names, numbers and shortcuts."""
    if CJK.search(text) or text.strip() in KNOWN_UNTRANSLATED:
        return []
    text = SHORTCUT.sub(" ", TAG.sub(" ", text))
    text = re.sub(r"\w+@\w+|https?://\S+|\S+\.(?:gguf|json|md|txt|pdf|png|zip)\b|\w+:\S+|/\S+", " ", text)
    for phrase in sorted(allowed, key=len, reverse=True):
        text = text.replace(phrase, " ")
    for pattern in KNOWN_PATTERNS:
        text = pattern.sub(" ", text)
    return [w for w in WORD.findall(text) if w.casefold() not in ALLOWED and len(w) > 1]


def widget_texts(widget: QWidget) -> Iterator[tuple[str, str]]:
    """(kind, text) for the strings one widget shows itself."""
    yield "tooltip", widget.toolTip()
    if isinstance(widget, QLabel | QAbstractButton | QMessageBox):
        yield "text", widget.text()
    if isinstance(widget, QGroupBox):
        yield "title", widget.title()
    if isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit):
        yield "placeholder", widget.placeholderText()
    if isinstance(widget, QComboBox):
        yield from (("item", widget.itemText(i)) for i in range(widget.count()))
    if isinstance(widget, QTabWidget):
        yield from (("tab", widget.tabText(i)) for i in range(widget.count()))
    if isinstance(widget, QListWidget):
        yield from (("item", widget.item(i).text()) for i in range(widget.count()))
    if isinstance(widget, QTableWidget):
        headers = [widget.horizontalHeaderItem(c) for c in range(widget.columnCount())]
        yield from (("column", h.text()) for h in headers if h is not None)
    if isinstance(widget, QTreeWidget) and not widget.isHeaderHidden():
        header = widget.headerItem()
        yield from (("column", header.text(i)) for i in range(header.columnCount()))


def shown_texts(window: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) for every string a person can see in ``window`` as it is now."""
    yield f"{type(window).__name__} title", window.windowTitle()
    for widget in [window, *window.findChildren(QWidget)]:
        if widget.isVisible():
            name = f"{type(widget).__name__} {widget.objectName()}".strip()
            yield from ((f"{name} {kind}", text) for kind, text in widget_texts(widget))
    for action in window.findChildren(QAction):
        if action.isVisible() and not action.isSeparator():
            yield f"action {action.objectName()}".strip(), action.text()
    for menu in window.findChildren(QMenu):
        yield "menu", menu.title()


def flagged(window: QWidget, allowed: set[str]) -> list[str]:
    return [f"{where}: {text!r}" for where, text in shown_texts(window) if english_words(text, allowed)]


def english_left(windows: list[QWidget], allowed: set[str]) -> list[str]:
    found = []
    for window in windows:
        for tab_widget in [w for w in window.findChildren(QTabWidget) if w.isVisible()]:
            for index in range(tab_widget.count()):  # every tab, as it looks when chosen
                tab_widget.setCurrentIndex(index)
                found += flagged(window, allowed)
            tab_widget.setCurrentIndex(0)
        found += flagged(window, allowed)
    return sorted(set(found))


def test_the_chinese_window_shows_no_untranslated_english(
    qtbot: QtBot, speak: Speak, app_services: AppServices
) -> None:
    speak("zh")
    thread = ThreadRepository(app_services.database).create(title="旅行计划")
    chat = MessageRepository(app_services.database)
    question = chat.add(thread.id, MessageRole.USER, "我们住哪里？")
    chat.add(thread.id, MessageRole.ASSISTANT, "住在祇园附近。", parent_id=question.id)
    app_services.knowledge_bases.create("资料")
    window = open_window(qtbot, app_services)
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 1)
    window.sidebar.thread_list.itemClicked.emit(window.sidebar.thread_list.item(0))
    qtbot.waitUntil(lambda: len(window.chat_view.widgets) == 2)
    window.open_settings()
    dialog = window.settings_dialog
    qtbot.waitUntil(lambda: dialog.appearance_page.loaded)
    window.open_knowledge()
    qtbot.waitUntil(lambda: window.knowledge_page.kb_list.count() == 1)
    window.open_roles()
    qtbot.waitUntil(lambda: window.role_workbench.role_list.count() > 0)
    window.open_trash()
    window.show_shortcuts()
    window.open_switcher()
    # User data: the starter roles and the models the data folder lists keep their own names.
    allowed = {role.name for role in app_services.roles.list()}
    allowed |= {name for entry in app_services.models.entries() for name in (entry.name, entry.ref)}
    allowed |= {str(app_services.folder.root)}
    windows: list[QWidget] = [
        window,
        dialog,
        window.knowledge_page,
        window.role_workbench,
        window.trash_dialog,
        window.shortcuts_sheet,
        window.switcher,
    ]
    left = english_left(windows, allowed)
    for shown in windows[1:]:
        shown.close()
    window.close()
    assert not left, "English in the Chinese window:\n" + "\n".join(left)


def test_the_walk_flags_english_and_passes_chinese_names_and_shortcuts() -> None:
    assert english_words("Add", set()) == ["Add"]
    assert english_words("添加 GGUF 文件…", set()) == []
    assert english_words("Mira", set()) == []
    assert english_words("Ctrl+Shift+K", set()) == []
    assert english_words("Code Reviewer", {"Code Reviewer"}) == []
    assert english_words("<b>Delete</b>", set()) == ["Delete"]
    assert english_words("nDCG@10", set()) == []  # metrics go by their names


def test_every_phrase_a_service_says_is_said_with_its_chinese_translation(speak: Speak) -> None:
    """The window finds each phrase's translation where tools/i18n_sync.py writes it (its area's context)."""
    from mira_desktop.core.phrases import ENGLISH, Phrase

    chinese = messages("zh")
    speak("zh")
    for key, english in ENGLISH.items():
        values = {name: "x" for _text, name, _spec, _conv in string.Formatter().parse(english) if name}
        translated = (chinese[f"phrase.{key}"].findtext("translation") or "").format(**values)
        assert i18n.say(Phrase(key, values)) == translated, key


def test_an_error_with_a_phrase_is_said_in_chinese_and_one_without_as_written(speak: Speak) -> None:
    from mira_desktop.core.errors import ConflictError, InvalidInputError

    speak("zh")
    assert i18n.explain(ConflictError.said("chat.busy")) == "正在生成回复：请先停止它，或等它写完。"
    tokens = i18n.explain(InvalidInputError.said("chat.too_long", window=4096, needed=5120))
    assert tokens == "这条消息超出了模型的上下文窗口（4,096 个词元，约需 5,120 个）：请缩短它，或选择窗口更大的模型。"
    saved = {"kind": "bad_request", "message": "English", "phrase": {"key": "attach.folder", "values": {"name": "a"}}}
    assert i18n.explain_saved(saved) == "a 是文件夹：请附加单个文件。"
    assert i18n.explain_saved({"message": "Server said no."}) == "Server said no."  # kept before phrases
    assert i18n.explain(InvalidInputError("A sentence without a phrase.")) == "A sentence without a phrase."


def test_a_database_from_a_newer_mira_is_refused_in_the_windows_language(speak: Speak) -> None:
    """Seen in the Chinese trial: the start-up refusal of such a database was in English."""
    from mira_desktop.core.errors import DatabaseTooNewError

    error = DatabaseTooNewError("/data/mira.db", 999, 10)
    assert str(error).startswith("The database /data/mira.db has schema version 999")  # the command's line
    speak("zh")
    assert i18n.explain(error) == "数据库 /data/mira.db 的结构版本是 999，而这个 Mira 只认识到版本 10：请先更新 Mira 再打开它（文件没有被改动）。"


def test_a_model_or_server_failure_is_led_by_what_happened_in_chinese(speak: Speak) -> None:
    from mira_desktop.models.errors import ErrorKind, ModelError

    english = "The server at http://127.0.0.1:9/v1 did not answer: start it or check the address."
    unreachable = ModelError(ErrorKind.UNREACHABLE, english)
    speak("en")
    assert i18n.explain(unreachable) == english  # the sentence already says it
    speak("zh")
    assert i18n.explain(unreachable) == f"无法连接到模型服务器。 {english}"
    saved = {"kind": "timeout", "message": "No token for 120 s.", "detail": ""}
    assert i18n.explain_saved(saved) == "模型回答超时。 No token for 120 s."
    refused = {"kind": "bad_request", "message": "Only your own messages can be edited."}
    assert i18n.explain_saved(refused) == "Only your own messages can be edited."  # not a model's failure


def test_the_approval_card_says_why_in_chinese(qtbot: QtBot, speak: Speak) -> None:
    from mira_desktop.ui.chat.agent_panel import ApprovalCard

    speak("zh")
    card = ApprovalCard()
    qtbot.addWidget(card)
    english = "delete_file removes or moves files in the workspace, so it needs your approval."
    card.show_pending({"call_id": "c1", "tool": "delete_file", "risk": "destructive", "reason": english})
    assert card.reason.text() == "delete_file 会删除或移动工作区中的文件，因此需要你的批准。"
    card.show_pending({"call_id": "c2", "tool": "mystery", "risk": None, "reason": "As the service said."})
    assert card.reason.text() == "As the service said."
    edit = {"key": "agent.edit_file", "values": {"path": "notes.md", "line": 2, "added": 1, "removed": 1}}
    proposal = {"summary": "Edit notes.md at line 2: +1 −1 lines", "summary_phrase": edit, "diff": ""}
    card.show_pending({"call_id": "c3", "tool": "edit_file", "risk": "write", "proposal": proposal})
    assert card.title.text() == "智能体想要执行 edit_file：编辑 notes.md 第 2 行：+1 −1 行"


def test_a_phrase_inside_a_phrase_is_said_in_chinese_too(speak: Speak) -> None:
    from mira_desktop.core.phrases import said

    speak("zh")
    inner = said("mcp.failed", name="broken", reason="it exited")
    outer = said("tools.server_left_out", error=inner)
    assert i18n.say(outer) == f"{i18n.say(inner)} 本次运行不提供它的工具。"
    assert "could not be started" not in i18n.say(outer)
