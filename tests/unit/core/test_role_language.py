"""A role's prompt scaffolding is written in the role's own language."""

from __future__ import annotations

from mira_desktop.core.roles.compiler import compile_role
from tests.unit.core.role_factory import make_role


def test_a_chinese_role_gets_chinese_headings() -> None:
    role = make_role(
        "写作助手", prompt={"description": "{{char}}是一位经验丰富的中文编辑。", "style": "简洁、准确。"}
    )
    text = compile_role(role, user_name="小明").system_text
    assert text == "你是写作助手。\n\n## 描述\n写作助手是一位经验丰富的中文编辑。\n\n## 风格\n简洁、准确。"


def test_an_english_role_keeps_english_headings() -> None:
    role = make_role("Chef", prompt={"description": "{{char}} cooks for {{user}}."})
    assert (
        compile_role(role, user_name="Mei").system_text
        == "You are Chef.\n\n## Description\nChef cooks for Mei."
    )
