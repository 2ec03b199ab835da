"""A skill folder is read as the Agent Skills format has it — a public example unchanged, Mira's own
skills in English and Chinese — and every bad folder is refused with one sentence saying the fix,
before anything is copied."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from mira_desktop.core.errors import ConflictError
from mira_desktop.services.skills import folder
from mira_desktop.services.skills.folder import SkillError, read_skill
from mira_desktop.services.skills.library import SkillLibrary
from mira_desktop.store.database import open_database
from tests.support.skills import skill_library

REPO = Path(__file__).resolve().parents[4]
PUBLIC_EXAMPLE = REPO / "tests" / "data" / "skills" / "template-skill"  # anthropics/skills, Apache-2.0
SHIPPED = REPO / "resources" / "skills"


def _skill(root: Path, text: str, name: str = "demo") -> Path:
    path = root / name
    path.mkdir(parents=True)
    (path / "SKILL.md").write_text(text, encoding="utf-8")
    return path


GOOD = "---\nname: demo\ndescription: Does the demo.\n---\n# Demo\nSay DEMO-MARK.\n"


@pytest.fixture
def library(tmp_path: Path) -> Iterator[SkillLibrary]:
    database = open_database(tmp_path / "mira.db")
    yield skill_library(database, shipped_dir=SHIPPED, user_dir=tmp_path / "data" / "skills")
    database.close()


def test_the_public_template_skill_is_read_unchanged_with_its_yaml_comment() -> None:
    skill = read_skill(PUBLIC_EXAMPLE)
    assert skill.name == "template-skill"  # the comment after the name is YAML's, not the name's
    assert skill.description == "Replace with description of the skill and when Claude should use it."
    assert skill.instructions == "# Insert instructions below"
    assert skill.files == ()


def test_mira_ships_a_knowledge_report_a_folder_summary_and_a_chinese_pass_described_in_both_languages() -> (
    None
):
    skills = {path.name: read_skill(path, shipped=True) for path in SHIPPED.iterdir()}
    assert set(skills) == {"kb-report", "folder-summary", "chinese-writing"}
    for name, skill in skills.items():
        assert skill.name == name
        assert any("\u4e00" <= ch <= "\u9fff" for ch in skill.description), name  # Chinese
        assert any(ch.isascii() and ch.isalpha() for ch in skill.description), name  # English
        assert skill.fields["license"] == "MIT"
    assert skills["folder-summary"].scripts == ("scripts/count_files.py",)
    assert "/mira-skills/folder-summary/scripts/count_files.py" in skills["folder-summary"].instructions


@pytest.mark.parametrize(
    ("text", "key", "fix"),
    [
        ("# Demo\nNo front matter at all.\n", "skills.no_front_matter", "start it with a line ---"),
        (
            "---\nname: demo\ndescription: never closed\n",
            "skills.no_front_matter",
            "start it with a line ---",
        ),
        ("---\ndescription: Does it.\n---\nbody\n", "skills.no_name", "add a line name: my-skill"),
        ("---\nname: demo\n---\nbody\n", "skills.no_description", "add a line description:"),
        (
            "---\nname: Demo Skill\ndescription: d\n---\n",
            "skills.bad_name",
            "lower-case letters, digits and hyphens",
        ),
        ("---\nname: demo\ndescription: a: b: c\n---\n", "skills.bad_yaml", "quote a description"),
        ("---\n- a list\n---\n", "skills.no_front_matter", "then name: and description: lines"),
        (f"---\nname: demo\ndescription: {'x' * 1025}\n---\n", "skills.long_description", "shorten it"),
    ],
)
def test_a_skill_md_without_proper_front_matter_is_refused_saying_the_fix(
    library: SkillLibrary, tmp_path: Path, text: str, key: str, fix: str
) -> None:
    source = _skill(tmp_path / "in", text)
    with pytest.raises(SkillError) as raised:
        library.add(source)
    assert raised.value.phrase is not None
    assert raised.value.phrase.key == key
    assert fix in str(raised.value)
    assert "\n" not in str(raised.value)
    assert not library.user_dir.exists() or list(library.user_dir.iterdir()) == []


def test_a_script_that_links_outside_its_folder_is_refused_and_nothing_is_copied(
    library: SkillLibrary, tmp_path: Path
) -> None:
    secret = tmp_path / "secret.sh"
    secret.write_text("echo secret\n", encoding="utf-8")
    source = _skill(tmp_path / "in", GOOD)
    (source / "scripts").mkdir()
    os.symlink(secret, source / "scripts" / "run.sh")
    with pytest.raises(
        SkillError, match=r"scripts/run.sh links to .*secret.sh, outside the skill's folder: copy the file"
    ):
        library.add(source)
    assert library.list() == read_all(SHIPPED)
    assert not library.user_dir.exists() or list(library.user_dir.iterdir()) == []


def test_a_linked_folder_that_escapes_is_refused_too(library: SkillLibrary, tmp_path: Path) -> None:
    source = _skill(tmp_path / "in", GOOD)
    os.symlink(tmp_path, source / "everything")
    with pytest.raises(SkillError, match="everything links to"):
        library.add(source)


def test_a_link_inside_the_folder_is_fine_and_copied_as_a_file(library: SkillLibrary, tmp_path: Path) -> None:
    source = _skill(tmp_path / "in", GOOD)
    (source / "reference.md").write_text("ref\n", encoding="utf-8")
    os.symlink(source / "reference.md", source / "alias.md")
    added = library.add(source)
    assert added.files == ("alias.md", "reference.md")
    assert not (library.user_dir / "demo" / "alias.md").is_symlink()


def test_a_huge_file_or_skill_md_is_refused(
    library: SkillLibrary, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = _skill(tmp_path / "in", GOOD)
    with (source / "data.bin").open("wb") as handle:
        handle.truncate(folder.FILE_BYTES + 1)  # sparse: no disk spent
    with pytest.raises(SkillError, match=r"data\.bin is larger than 8 MB: a skill holds instructions"):
        library.add(source)
    big = _skill(tmp_path / "big", GOOD + "x" * folder.SKILL_FILE_BYTES)
    with pytest.raises(SkillError, match=r"SKILL\.md is larger than 256 KB: keep the instructions short"):
        library.add(big)
    assert not library.user_dir.exists() or list(library.user_dir.iterdir()) == []


def test_a_name_that_clashes_is_refused_and_the_first_skill_is_kept(
    library: SkillLibrary, tmp_path: Path
) -> None:
    library.add(_skill(tmp_path / "one", GOOD))
    other = _skill(tmp_path / "two", GOOD.replace("Say DEMO-MARK.", "Something else."))
    with pytest.raises(ConflictError, match="A skill named 'demo' is already there: remove it first"):
        library.add(other)
    assert "DEMO-MARK" in library.get("demo").instructions
    shipped = _skill(tmp_path / "three", GOOD.replace("name: demo", "name: kb-report"), name="kb-report")
    with pytest.raises(ConflictError, match="'kb-report' is already there"):
        library.add(shipped)


def test_added_skills_are_listed_removed_and_turned_off_while_shipped_ones_can_only_be_turned_off(
    library: SkillLibrary, tmp_path: Path
) -> None:
    library.add(PUBLIC_EXAMPLE)
    assert [s.name for s in library.list()] == [
        "chinese-writing",
        "folder-summary",
        "kb-report",
        "template-skill",
    ]
    library.set_on("kb-report", False)
    assert [s.name for s in library.enabled()] == ["chinese-writing", "folder-summary", "template-skill"]
    with pytest.raises(ConflictError, match="comes with Mira and cannot be removed: turn it off instead"):
        library.remove("kb-report")
    library.remove("template-skill")
    assert not (library.user_dir / "template-skill").exists()
    assert [s.name for s in library.list()] == ["chinese-writing", "folder-summary", "kb-report"]


def test_a_broken_folder_dropped_into_skills_is_listed_as_a_problem_not_as_a_skill(
    library: SkillLibrary,
) -> None:
    _skill(library.user_dir, "no front matter\n", name="broken")
    assert "broken" not in [s.name for s in library.list()]
    ((name, problem),) = library.problems()
    assert name == "broken"
    assert "has no front matter" in str(problem)


def read_all(root: Path) -> list[object]:
    return sorted((read_skill(p, shipped=True) for p in root.iterdir()), key=lambda s: s.name)


def test_what_a_killed_add_left_is_swept_once_it_is_an_hour_old(
    library: SkillLibrary, tmp_path: Path
) -> None:
    library.add(PUBLIC_EXAMPLE)
    staging = library.user_dir / ".adding-abc123"
    (staging / "half").mkdir(parents=True)
    made = staging.stat().st_mtime
    assert library.sweep_leftovers(now=made + 60) == []  # another process may still be copying
    assert library.sweep_leftovers(now=made + 3600) == [staging]
    assert not staging.exists()
    assert [p.name for p in library.user_dir.iterdir()] == ["template-skill"]
