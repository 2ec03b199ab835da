"""What a request says about skills: names and descriptions until one is picked or loaded; a picked
skill's instructions (``/name`` in the person's message) as request-only context; ``load_skill``'s
result; the sandbox showing the skills' folders read-only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mira_desktop.core.cancel import CancelToken
from mira_desktop.services.sandbox.bwrap import Limits, sandbox_argv
from mira_desktop.services.skills.context import SkillContext, picked
from mira_desktop.services.skills.library import SkillLibrary
from mira_desktop.services.skills.tool import LoadSkill
from mira_desktop.store.database import open_database
from tests.support.skills import skill_library

DEMO = "---\nname: demo\ndescription: Does the demo.\n---\nSay DEMO-MARK.\n"


@pytest.fixture
def library(tmp_path: Path) -> Iterator[SkillLibrary]:
    user = tmp_path / "skills"
    (user / "demo" / "scripts").mkdir(parents=True)
    (user / "demo" / "SKILL.md").write_text(DEMO, encoding="utf-8")
    (user / "demo" / "scripts" / "hello.py").write_text("print('hello')\n", encoding="utf-8")
    (user / "plain").mkdir()
    (user / "plain" / "SKILL.md").write_text(
        "---\nname: plain\ndescription: 朴素的技能。\n---\nPLAIN-MARK\n", encoding="utf-8"
    )
    database = open_database(tmp_path / "mira.db")
    yield skill_library(database, shipped_dir=None, user_dir=user)
    database.close()


def _count(text: str) -> int:
    return len(text) // 4 + 1


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("/demo do it", ["demo"]),
        ("please use /plain then /demo", ["plain", "demo"]),
        ("用 /plain 润色", ["plain"]),
        ("/demo, then /plain.", ["demo", "plain"]),
        ("see /demo/readme.md", []),
        ("see a/demo or /demos or /unknown", []),
        ("https://example.com/demo", []),
    ],
)
def test_a_skill_is_picked_by_a_slash_word_naming_it(text: str, found: list[str]) -> None:
    assert picked([text], ["demo", "plain"]) == found


def test_an_agent_request_lists_names_and_descriptions_only_until_a_skill_is_picked(
    library: SkillLibrary,
) -> None:
    context = SkillContext(library)
    listed = context.section(["Summarise the folder"], agent=True, window=8192, count_tokens=_count)
    assert "- demo: Does the demo." in listed
    assert "- plain: 朴素的技能。" in listed
    assert "load_skill" in listed
    assert "DEMO-MARK" not in listed
    assert "PLAIN-MARK" not in listed
    chosen = context.section(["/demo now"], agent=True, window=8192, count_tokens=_count)
    assert "Say DEMO-MARK." in chosen
    assert "- demo:" not in chosen  # loaded, so not offered again
    assert "/mira-skills/demo (read-only): scripts/hello.py" in chosen
    assert "Run its scripts only with run_command" in chosen


def test_a_chat_request_carries_only_what_was_picked_and_nothing_when_skills_are_off(
    library: SkillLibrary,
) -> None:
    context = SkillContext(library)
    assert context.section(["hello"], agent=False, window=8192, count_tokens=_count) == ""
    chosen = context.section(["/plain 这段话"], agent=False, window=8192, count_tokens=_count)
    assert "PLAIN-MARK" in chosen
    assert "run_command" not in chosen
    library.set_on("plain", False)
    library.set_on("demo", False)
    assert context.section(["/plain 这段话"], agent=True, window=8192, count_tokens=_count) == ""


def test_instructions_longer_than_a_quarter_of_the_window_are_cut_with_a_note(library: SkillLibrary) -> None:
    (library.user_dir / "plain" / "SKILL.md").write_text(
        "---\nname: plain\ndescription: d\n---\n" + "word " * 4000, encoding="utf-8"
    )
    chosen = SkillContext(library).section(["/plain"], agent=False, window=2048, count_tokens=_count)
    assert _count(chosen) < 2048 // 4 + 64
    assert chosen.endswith("(the rest of the instructions does not fit the model's window)")


def test_load_skill_returns_the_instructions_and_where_its_scripts_are(library: SkillLibrary) -> None:
    tool = LoadSkill(library.enabled(), sandbox=True)
    assert tool.definition.parameters["properties"]["name"]["enum"] == ["demo", "plain"]
    result = tool.call({"name": "demo"}, CancelToken())
    assert result.ok
    assert "Say DEMO-MARK." in result.text
    assert "python3 /mira-skills/demo/scripts/hello.py" in result.text
    assert result.data["folder"] == "/mira-skills/demo"
    without = LoadSkill(library.enabled(), sandbox=False).call({"name": "demo"}, CancelToken())
    assert "its scripts cannot run here" in without.text


def test_the_sandbox_shows_each_skill_folder_read_only_at_its_mount(tmp_path: Path) -> None:
    argv = sandbox_argv(
        "bwrap",
        "prlimit",
        tmp_path,
        [],
        "true",
        limits=Limits(),
        shown=[(tmp_path / "demo", "/mira-skills/demo")],
    )
    at = argv.index("/mira-skills/demo")
    assert argv[at - 2 : at] == ["--ro-bind", str((tmp_path / "demo").resolve())]
    assert at < argv.index("--remount-ro")  # mounted before the root goes read-only
