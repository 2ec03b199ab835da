"""A Chinese first start is Chinese throughout: the starter roles are seeded in the first start's
language (MIRA_LANG, else the system's), and the request a Chinese role compiles has Chinese headings.

The role files are read from this checkout by path (``resources/`` is package data, mapped to the
installed checkout)."""

from __future__ import annotations

from pathlib import Path

from mira_desktop.core.languages import mostly_cjk
from mira_desktop.core.roles.compiler import compile_role
from mira_desktop.core.roles.validation import validate_document
from mira_desktop.services.app.bootstrap import (
    STARTER_ROLES_SEEDED,
    first_start_language,
    seed_starter_roles,
    starter_role_specs,
)
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.roles import RoleRepository
from mira_desktop.store.settings import SettingsRepository

ROLES = Path(__file__).resolve().parents[3] / "resources" / "roles"


def test_the_first_start_language_is_mira_lang_else_the_systems() -> None:
    assert first_start_language({"LANG": "zh_CN.UTF-8"}) == "zh"
    assert first_start_language({"LC_ALL": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"}) == "zh"
    assert first_start_language({"LANG": "C.UTF-8"}) == "en"
    assert first_start_language({"MIRA_LANG": "en", "LANG": "zh_CN.UTF-8"}) == "en"
    assert first_start_language({"MIRA_LANG": "zh", "LANG": "C.UTF-8"}) == "zh"
    assert first_start_language({}) == "en"


def test_every_starter_role_has_chinese_and_passes_the_role_schema_in_both_languages() -> None:
    chinese = starter_role_specs("zh", ROLES)
    english = starter_role_specs("en", ROLES)
    assert len(chinese) == len(english) == 3
    for spec in chinese:
        assert mostly_cjk(spec["name"]), spec["name"]
        assert mostly_cjk(spec["summary"]), spec["summary"]
        assert all(mostly_cjk(text) for text in spec["prompt"].values()), spec["prompt"]
        validate_document(spec)
    assert {s["name"] for s in english} == {"Mira", "Code Reviewer", "中文写作助手"}
    for spec in english:
        validate_document(spec)
        assert "translations" not in spec


def test_a_chinese_first_start_seeds_chinese_roles_whose_requests_have_chinese_headings(
    services: AppServices,
) -> None:
    settings = SettingsRepository(services.database)
    repository = RoleRepository(services.database)
    before = {r.id for r in repository.list()}
    settings.set(STARTER_ROLES_SEEDED, False)  # as on a new data folder
    seed_starter_roles(repository, settings, "zh", ROLES)
    seeded = [r for r in repository.list() if r.id not in before]
    assert sorted(r.name for r in seeded) == sorted(["通用助手", "代码审查员", "中文写作助手"])
    reviewer = next(r for r in seeded if r.name == "代码审查员")
    compiled = compile_role(reviewer, user_name=None, recent_messages=[])
    titles = [title for title, _text in compiled.sections]
    assert titles == ["描述", "人设", "风格", "约束"]
    assert "## Description" not in compiled.system_text
    assert compiled.system_text.startswith("你是代码审查员。")
