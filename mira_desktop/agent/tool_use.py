"""Whether an agent run that ended with an answer did any of the work it was asked for.

A small model in agent mode can answer "Hello, World!" to "create hello.txt" without calling a
single tool: the run completes and nothing happened. When a run read nothing, changed nothing and
searched nothing, for a task that names files or changes, the answer must say so — otherwise the
only clue is an empty list of steps.
"""

from __future__ import annotations

import re

from mira_desktop.agent.evidence import Evidence

NO_TOOLS_NOTE = "No file was read or changed — this model did not use the tools."
_FILE_NAME = re.compile(r"[\w\-]+\.[A-Za-z][A-Za-z0-9]{0,5}\b")  # hello.txt, notes.md, main.py
_VERBS = re.compile(
    r"\b(files?|folders?|director(?:y|ies)|paths?|create|make|write|save|edit|change|modify|update|"
    r"fix|delete|remove|rename|move|copy|list|read|open|show|find|search|grep|append|replace)\b",
    re.IGNORECASE,
)
_CHINESE = ("文件", "目录", "文件夹", "创建", "新建", "写", "保存", "修改", "编辑", "删除", "重命名",
            "移动", "复制", "列出", "读取", "打开", "查找", "搜索", "替换")  # fmt: skip


def asks_for_files(task: str) -> bool:
    """Whether ``task`` names a file or asks for something done to files (English or Chinese)."""
    return bool(_FILE_NAME.search(task) or _VERBS.search(task) or any(w in task for w in _CHINESE))


def used_no_tool(evidence: Evidence, tool_calls: int, task: str) -> bool:
    """The run answered a file task without calling a tool or touching anything."""
    touched = evidence.files_read or evidence.files_changed or evidence.kb_sources
    return tool_calls == 0 and not touched and asks_for_files(task)
