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


def test_a_chinese_role_calls_an_unnamed_user_in_chinese() -> None:
    role = make_role("写作助手", prompt={"description": "{{char}}帮助{{user}}修改文章。"})
    compiled = compile_role(role, user_name=None)
    assert "写作助手帮助用户修改文章。" in compiled.system_text
    assert "User" not in compiled.system_text


def test_an_english_role_calls_an_unnamed_user_user_and_a_chosen_name_wins() -> None:
    role = make_role("Chef", prompt={"description": "{{char}} cooks for {{user}}."})
    assert "Chef cooks for User." in compile_role(role, user_name=None).system_text
    chinese = make_role("写作助手", prompt={"description": "{{char}}帮助{{user}}修改文章。"})
    assert "写作助手帮助Mei修改文章。" in compile_role(chinese, user_name="Mei").system_text
