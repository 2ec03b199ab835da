"""User-visible text of the role workbench in English and Chinese (language as in ``strings``)."""

from __future__ import annotations

from mira_desktop.ui.strings import language

_STRINGS: dict[str, tuple[str, str]] = {
    "title": ("Roles", "角色"),
    "search": ("Search roles…", "搜索角色…"),
    "status.all": ("All", "全部"),
    "status.active": ("Active", "启用"),
    "status.draft": ("Draft", "草稿"),
    "status.archived": ("Archived", "已归档"),
    "new": ("New", "新建"),
    "duplicate": ("Duplicate", "复制"),
    "delete": ("Delete", "删除"),
    "import": ("Import…", "导入…"),
    "export": ("Export…", "导出…"),
    "export.v2_json": ("Character Card V2 (JSON)", "角色卡 V2（JSON）"),
    "export.v3_json": ("Character Card V3 (JSON)", "角色卡 V3（JSON）"),
    "export.v2_png": ("Character Card V2 (PNG)", "角色卡 V2（PNG）"),
    "export.v3_png": ("Character Card V3 (PNG)", "角色卡 V3（PNG）"),
    "import.filter": ("Character cards (*.png *.json)", "角色卡 (*.png *.json)"),
    "save": ("Save", "保存"),
    "revert": ("Revert", "还原"),
    "start_chat": ("Start a chat with this role", "用此角色开始对话"),
    "start_chat.inactive": ("Set the role active to chat with it.", "将角色设为启用后才能用它对话。"),
    "drop_hint": (
        "Drop character cards (PNG or JSON) here to import them.",
        "将角色卡（PNG 或 JSON）拖到这里即可导入。",
    ),
    "empty": ("No role matches.", "没有匹配的角色。"),
    "new_name": ("New role", "新角色"),
    "saved": ("Saved {name}, version {version}.", "已保存 {name}，版本 {version}。"),
    "imported": ("Imported {name} ({spec}).", "已导入 {name}（{spec}）。"),
    "sanitized": ("Removed unsafe content: {fields}", "已移除不安全内容：{fields}"),
    "exported": ("Wrote {path}.", "已写入 {path}。"),
    "deleted": (
        "Deleted {name}; {threads} thread(s) keep their messages.",
        "已删除 {name}；{threads} 个对话保留全部消息。",
    ),
    "delete_confirm": (
        "Delete the role {name}? Threads that use it keep every message and lose only the role.",
        "删除角色 {name}？使用它的对话会保留全部消息，只是不再绑定此角色。",
    ),
    "unsaved": ("Unsaved changes", "有未保存的修改"),
    "discard_confirm": ("Discard the unsaved changes to this role?", "放弃对此角色未保存的修改？"),
    "fix_fields": ("Fix the fields marked in red to see the preview.", "请先修正标红的字段，再查看预览。"),
    "field.name": ("Name", "名称"),
    "field.summary": ("Summary", "简介"),
    "field.status": ("Status", "状态"),
    "field.tags": ("Tags (comma-separated)", "标签（用逗号分隔）"),
    "field.avatar": ("Avatar", "头像"),
    "field.description": ("Description", "描述"),
    "field.worldview": ("World", "世界观"),
    "field.persona": ("Persona", "性格"),
    "field.scenario": ("Scenario", "场景"),
    "field.example_dialogues": ("Example dialogues", "对话示例"),
    "field.style": ("Style", "风格"),
    "field.constraints": ("Constraints", "约束"),
    "field.first_message": ("First message", "开场白"),
    "field.alternate_greetings": (
        "Alternate greetings (separate with a line of ---)",
        "备选开场白（用一行 --- 分隔）",
    ),
    "field.lorebook": ("Lorebook", "世界书"),
    "field.llm_profile": ("Sampling (empty = the model's default)", "采样参数（留空 = 使用模型默认值）"),
    "avatar.choose": ("Choose…", "选择…"),
    "avatar.remove": ("Remove", "移除"),
    "avatar.none": ("No avatar", "无头像"),
    "avatar.filter": (
        "Images (*.png *.jpg *.jpeg *.webp *.gif *.bmp)",
        "图片 (*.png *.jpg *.jpeg *.webp *.gif *.bmp)",
    ),
    "profile.default": ("model default", "模型默认"),
    "lore.add": ("Add entry", "添加条目"),
    "lore.remove": ("Remove entry", "删除条目"),
    "lore.name": ("Name", "名称"),
    "lore.keys": ("Keys (one per line)", "关键词（每行一个）"),
    "lore.content": (
        "Content (inserted when a key appears in the recent messages)",
        "内容（最近消息出现关键词时插入）",
    ),
    "lore.enabled": ("Enabled", "启用"),
    "lore.constant": ("Always insert", "始终插入"),
    "lore.case_sensitive": ("Case-sensitive", "区分大小写"),
    "lore.untitled": ("(entry {n})", "（条目 {n}）"),
    "preview.title": ("Request preview", "请求预览"),
    "preview.thread": ("Thread", "对话"),
    "preview.no_thread": ("(no thread)", "（无对话）"),
    "preview.message": ("Try a message…", "试一条消息…"),
    "preview.not_sent": (
        "This role is {status}: shown as it will be sent once active; today the request carries no role.",
        "此角色为{status}状态：这里显示的是启用后会发送的内容；目前请求中不包含此角色。",
    ),
    "preview.parameters": ("Parameters", "参数"),
    "preview.tokens": ("Tokens", "词元"),
    "preview.total": ("total {used} of {window} ({tokenizer})", "共 {used} / {window}（{tokenizer}）"),
}


def rtr(key: str, **values: object) -> str:
    english, chinese = _STRINGS[key]
    text = chinese if language() == "zh" else english
    return text.format(**values) if values else text
