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
    "menu.mira": ("&Mira", "&Mira"),
    "menu.settings": ("Settings…", "设置…"),
    "menu.quit": ("Quit", "退出"),
    "settings.title": ("Settings", "设置"),
    "settings.models": ("Models", "模型"),
    "models.heading": ("Chat models (★ = default for new threads)", "对话模型（★ = 新对话的默认模型）"),
    "models.set_default": ("Set as default", "设为默认"),
    "models.test": ("Test", "测试"),
    "models.remove": ("Remove", "移除"),
    "models.add_gguf": ("Add a GGUF file…", "添加 GGUF 文件…"),
    "models.loaded": ("· loaded", "· 已加载"),
    "models.threads": ("Threads for local models", "本地模型线程数"),
    "models.threads_auto": ("Automatic ({n})", "自动（{n}）"),
    "models.remote_heading": (
        "Add an OpenAI-compatible server (llama.cpp, Ollama, LM Studio, vLLM, OpenAI)",
        "添加 OpenAI 兼容服务器（llama.cpp、Ollama、LM Studio、vLLM、OpenAI）",
    ),
    "models.name": ("Name", "名称"),
    "models.base_url": ("Base URL", "基础 URL"),
    "models.model": ("Model", "模型"),
    "models.api_key": ("API key", "API 密钥"),
    "models.key_placeholder": ("optional; kept in the system keyring", "可选；保存在系统钥匙串中"),
    "models.key_stored": ("Key stored in the system keyring.", "密钥已保存在系统钥匙串中。"),
    "models.add_remote": ("Add server", "添加服务器"),
    "models.added": ("Added {name}.", "已添加 {name}。"),
    "models.testing": ("Testing {ref}…", "正在测试 {ref}…"),
    "models.test_result": (
        "“{text}” — first token {first} ms, total {total} s",
        "“{text}” — 首个词元 {first} 毫秒，共 {total} 秒",
    ),
    "header.default_model": ("Default ({name})", "默认（{name}）"),
    "header.model_tip": ("The model this thread uses", "此对话使用的模型"),
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
