"""User-visible text of the Knowledge page in English and Chinese (the language follows ui.strings)."""

from __future__ import annotations

from mira_desktop.ui.strings import language

_STRINGS: dict[str, tuple[str, str]] = {
    "title": ("Knowledge", "知识库"),
    "new_name": ("New knowledge base name", "新知识库名称"),
    "create": ("Create", "创建"),
    "delete": ("Delete…", "删除…"),
    "add_files": ("Add files…", "添加文件…"),
    "add_folder": ("Add folder…", "添加文件夹…"),
    "follow": ("Follow a folder…", "跟随文件夹…"),
    "unfollow": ("Stop following", "停止跟随"),
    "cancel": ("Cancel indexing", "取消索引"),
    "remove_doc": ("Remove document…", "移除文档…"),
    "drop_hint": (
        "Drop files or folders here to add them. PDF, Word, PowerPoint, Excel, Markdown, text, CSV, JSON, "
        "YAML and code are read.",
        "将文件或文件夹拖到这里即可添加。支持 PDF、Word、PowerPoint、Excel、Markdown、文本、CSV、JSON、YAML 和代码。",
    ),
    "no_kb": ("Create or choose a knowledge base first.", "请先创建或选择一个知识库。"),
    "summary": (
        "{documents} documents · {chunks} chunks{watching}",
        "{documents} 个文档 · {chunks} 个片段{watching}",
    ),
    "watching": (" · following {path}", " · 跟随 {path}"),
    "tab_docs": ("Documents", "文档"),
    "tab_jobs": ("Jobs", "任务"),
    "tab_search": ("Search", "检索测试"),
    "tab_eval": ("Evaluation", "评测"),
    "col_name": ("Name", "名称"),
    "col_version": ("Version", "版本"),
    "col_status": ("Status", "状态"),
    "col_chunks": ("Chunks", "片段"),
    "col_error": ("Error", "错误"),
    "col_document": ("Document", "文档"),
    "col_state": ("State", "状态"),
    "col_progress": ("Progress", "进度"),
    "col_message": ("Message", "信息"),
    "idle": ("All documents are indexed.", "所有文档均已索引。"),
    "indexing": ("Indexing: {done} of {total} jobs finished", "正在索引：{total} 个任务中已完成 {done} 个"),
    "queued": ("Queued {count} document(s).", "已加入 {count} 个文档。"),
    "unchanged": (" {count} unchanged.", " {count} 个未变化。"),
    "search_placeholder": ("Test a question against this knowledge base…", "用一个问题测试此知识库的检索…"),
    "search": ("Search", "检索"),
    "no_hits": ("No passages found.", "没有找到相关段落。"),
    "run_eval": ("Run evaluation…", "运行评测…"),
    "pick_queries": ("BEIR queries (queries.jsonl)", "BEIR 查询（queries.jsonl）"),
    "pick_qrels": ("BEIR judgements (qrels .tsv)", "BEIR 相关性判断（qrels .tsv）"),
    "evaluating": ("Evaluating…", "正在评测…"),
    "confirm_delete_title": ("Delete knowledge base", "删除知识库"),
    "confirm_delete": (
        "Delete “{name}”?\n\nThis removes its {documents} document(s), their index and the copies Mira "
        "stored of them.\n\nIt does not touch your original files, and it keeps every conversation: "
        "{threads} thread(s) with {messages} message(s) stay, they only stop using this knowledge base.",
        "删除“{name}”？\n\n这会移除其中的 {documents} 个文档、它们的索引以及 Mira 保存的副本。\n\n"
        "不会改动你的原始文件，也会保留所有对话：{threads} 个对话共 {messages} 条消息都会保留，只是不再使用此知识库。",
    ),
    "confirm_remove_title": ("Remove document", "移除文档"),
    "confirm_remove": (
        "Remove “{name}” from this knowledge base? Its index and stored copy are deleted; the original "
        "file is not touched.",
        "从此知识库移除“{name}”？其索引和保存的副本将被删除；原始文件不受影响。",
    ),
}


def t(key: str, **values: object) -> str:
    english, chinese = _STRINGS[key]
    text = chinese if language() == "zh" else english
    return text.format(**values) if values else text
