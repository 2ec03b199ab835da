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
    "composer.stop": ("Stop", "停止"),
    "composer.stop_tip": (
        "Stop writing (Esc); the text so far is kept",
        "停止生成（Esc）；已生成的文字会保留",
    ),
    "composer.usage": ("Context: {used} / {window} tokens", "上下文：{used} / {window} 词元"),
    "chat.show_earlier": ("Show earlier messages", "显示更早的消息"),
    "chat.show_earlier_n": ("Show {n} earlier messages", "显示更早的 {n} 条消息"),
    "message.you": ("You", "你"),
    "message.mira": ("Mira", "Mira"),
    "message.copy": ("Copy", "复制"),
    "message.edit": ("Edit", "编辑"),
    "message.regenerate": ("Regenerate", "重新生成"),
    "message.retry": ("Retry", "重试"),
    "message.delete": ("Delete", "删除"),
    "message.delete_tip": ("Delete this message and the replies below it", "删除此消息及其后的回复"),
    "message.delete_confirm": (
        "Delete this message and every reply below it? Other branches are kept.",
        "删除此消息及其后的所有回复？其他分支会保留。",
    ),
    "message.sources": ("Sources:", "来源："),
    "message.save_and_send": ("Save and send", "保存并发送"),
    "message.cancel": ("Cancel", "取消"),
    "message.previous_branch": ("Previous version", "上一个版本"),
    "message.next_branch": ("Next version", "下一个版本"),
    "message.stopped_note": ("Stopped — the text so far is kept.", "已停止 — 已生成的文字已保留。"),
    "message.error_note": ("Failed: {error}", "失败：{error}"),
    "message.writing": ("Writing…", "正在生成…"),
    "thread.menu": ("Thread actions", "对话操作"),
    "thread.rename": ("Rename…", "重命名…"),
    "thread.title": ("Title", "标题"),
    "thread.summary": ("Context summary…", "上下文摘要…"),
    "thread.archive": ("Archive", "归档"),
    "thread.unarchive": ("Unarchive", "取消归档"),
    "thread.export": ("Export thread", "导出对话"),
    "thread.export_md": ("Export as Markdown…", "导出为 Markdown…"),
    "thread.export_json": ("Export as JSON (all branches)…", "导出为 JSON（含所有分支）…"),
    "thread.import_json": ("Import a JSON thread…", "导入 JSON 对话…"),
    "thread.delete": ("Delete thread…", "删除对话…"),
    "thread.delete_confirm": (
        "Delete this thread with all its messages and branches? This cannot be undone.",
        "删除此对话及其所有消息和分支？此操作无法撤销。",
    ),
    "summary.title": ("Context summary", "上下文摘要"),
    "summary.explain": (
        "Sent to the model before the conversation, never shown as a message. Long threads refresh it "
        "automatically.",
        "在对话之前发送给模型，不会显示为消息。长对话会自动刷新摘要。",
    ),
    "summary.generate": ("Generate", "生成"),
    "summary.clear": ("Clear", "清除"),
    "summary.saved": ("Saved.", "已保存。"),
    "summary.cleared": ("Cleared.", "已清除。"),
    "summary.generating": ("Summarizing with the thread's model…", "正在用此对话的模型生成摘要…"),
    "summary.generated": ("Generated; edit it if you like, then Save.", "已生成；可编辑后保存。"),
    "header.role_tip": ("The role (persona) of this thread", "此对话的角色"),
    "header.kb_tip": ("Answer from this knowledge base, with sources", "基于此知识库回答并引用来源"),
    "header.no_role": ("No role", "无角色"),
    "header.no_kb": ("No knowledge base", "不使用知识库"),
    "header.role_draft": ("draft: not used", "草稿：不会使用"),
    "header.role_archived": ("archived: not used", "已归档：不会使用"),
    "menu.roles": ("Roles…", "角色…"),
    "menu.knowledge": ("Knowledge…", "知识库…"),
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
