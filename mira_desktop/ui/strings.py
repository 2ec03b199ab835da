"""User-visible text of the window in English and Chinese.

The language follows ``MIRA_LANG`` (``en`` or ``zh``), else the system locale.
"""

from __future__ import annotations

import locale
import os

_STRINGS: dict[str, tuple[str, str]] = {
    "app.title": ("Mira", "Mira"),
    "sidebar.workspace": ("Workspace", "工作区"),
    "sidebar.new_chat": ("New chat", "新对话"),
    "sidebar.search": ("Search threads…", "搜索对话…"),
    "sidebar.active": ("Active", "进行中"),
    "sidebar.archived": ("Archived", "已归档"),
    "sidebar.empty": ("No conversations yet.\nStart one on the right.", "还没有对话。\n在右侧开始一个吧。"),
    "sidebar.no_match": ("No thread matches.", "没有匹配的对话。"),
    "thread.untitled": ("Untitled", "未命名"),
    "thread.default_model": ("default model", "默认模型"),
    "empty.title": ("What can I help with?", "有什么可以帮你？"),
    "empty.body": (
        "Chat with a local model, ask your documents, or let an agent work in a folder you choose.\n"
        "Everything runs on this computer.",
        "与本地模型聊天、向你的文档提问，或让智能体在你选定的文件夹中工作。\n一切都在这台电脑上运行。",
    ),
    "composer.loading": ("Loading the model…", "正在加载模型…"),
    "composer.unavailable": ("The model is not available: see the status bar.", "模型不可用：请查看状态栏。"),
    "composer.placeholder": (
        "Message Mira — Enter to send, Shift+Enter for a new line",
        "给 Mira 发消息 — Enter 发送，Shift+Enter 换行",
    ),
    "composer.send": ("Send", "发送"),
    "status.data": ("Data: {path}", "数据：{path}"),
    "status.model_loading": ("Model: {name} — loading…", "模型：{name} — 加载中…"),
    "status.model_ready": ("Model: {name} — ready", "模型：{name} — 就绪"),
    "status.model_failed": ("Model: {name} — unavailable", "模型：{name} — 不可用"),
    "message.stopped": ("stopped", "已停止"),
    "message.error": ("error", "出错"),
    "error.title": ("Mira cannot start", "Mira 无法启动"),
}


def language() -> str:
    chosen = os.environ.get("MIRA_LANG", "")
    if chosen in {"en", "zh"}:
        return chosen
    loc = locale.getlocale()[0] or os.environ.get("LANG", "")
    return "zh" if loc.lower().startswith("zh") else "en"


def tr(key: str, **values: str) -> str:
    english, chinese = _STRINGS[key]
    text = chinese if language() == "zh" else english
    return text.format(**values) if values else text
