"""A removed skill goes to the trash: its folder moves into ``skills/.trash/ID``, the trash lists it as a
skill, a restore puts the folder back (refused while a skill of that name is there again) and a purge
deletes it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import ConflictError, NotFoundError
from mira_desktop.services.skills.library import SkillLibrary
from mira_desktop.store.database import open_database
from tests.support.skills import skill_library

TEXT = "---\nname: demo\ndescription: Does the demo.\n---\nSay {mark}.\n"


def _skill(root: Path, mark: str) -> Path:
    path = root / mark / "demo"
    (path / "scripts").mkdir(parents=True)
    (path / "SKILL.md").write_text(TEXT.format(mark=mark), encoding="utf-8")
    (path / "scripts" / "run.py").write_text(f"print({mark!r})\n", encoding="utf-8")
    return path


@pytest.fixture
def changes() -> ChangeFeed:
    return ChangeFeed()


@pytest.fixture
def library(tmp_path: Path, changes: ChangeFeed) -> Iterator[SkillLibrary]:
    database = open_database(tmp_path / "mira.db")
    yield skill_library(database, shipped_dir=None, user_dir=tmp_path / "skills", changes=changes)
    database.close()


def test_a_removed_skill_is_listed_in_the_trash_and_restored_with_its_files_and_off_state(
    library: SkillLibrary, tmp_path: Path, changes: ChangeFeed
) -> None:
    library.add(_skill(tmp_path / "src", "FIRST"))
    library.set_on("demo", False)
    seen: list[Topic] = []
    changes.subscribe(lambda change: seen.append(change.topic))
    entry = library.remove("demo")
    assert [s.name for s in library.list()] == []
    assert not (library.user_dir / "demo").exists()
    kept = library.user_dir / ".trash" / entry.object_id
    assert (kept / "scripts" / "run.py").read_text(encoding="utf-8") == "print('FIRST')\n"
    assert library.problems() == []  # the trash folder is not a broken skill
    listed = library.trash.list()
    assert [(e.kind, e.label, e.detail) for e in listed] == [("skill", "demo", {"name": "demo", "off": True})]
    assert {Topic.TOOLS, Topic.TRASH} <= set(seen)
    library.trash.restore(entry.id)
    assert library.get("demo").instructions == "Say FIRST."
    assert (library.user_dir / "demo" / "scripts" / "run.py").is_file()
    assert not library.is_on("demo")  # it comes back as it went
    assert not kept.exists()
    assert library.trash.list() == []


def test_a_restore_is_refused_while_a_skill_of_that_name_is_there_again_and_nothing_moves(
    library: SkillLibrary, tmp_path: Path
) -> None:
    library.add(_skill(tmp_path / "src", "FIRST"))
    entry = library.remove("demo")
    library.add(_skill(tmp_path / "src", "SECOND"))
    with pytest.raises(ConflictError) as refused:
        library.trash.restore(entry.id)
    assert str(refused.value) == (
        "A skill named 'demo' is there again: remove or rename that one first, then restore this one. "
        "Nothing was restored."
    )
    assert library.get("demo").instructions == "Say SECOND."
    assert (library.user_dir / ".trash" / entry.object_id / "SKILL.md").is_file()
    assert [e.id for e in library.trash.list()] == [entry.id]


def test_the_same_name_removed_twice_keeps_two_entries_and_a_purge_deletes_only_its_folder(
    library: SkillLibrary, tmp_path: Path
) -> None:
    library.add(_skill(tmp_path / "src", "FIRST"))
    first = library.remove("demo")
    library.add(_skill(tmp_path / "src", "SECOND"))
    second = library.remove("demo")
    assert first.object_id != second.object_id
    library.trash.purge(first.id)
    assert not (library.user_dir / ".trash" / first.object_id).exists()
    assert [e.id for e in library.trash.list()] == [second.id]
    library.trash.restore(second.object_id)  # by the entry's object id too
    assert library.get("demo").instructions == "Say SECOND."
    assert library.trash.empty() == 0


def test_a_skill_whose_folder_left_the_trash_says_so_and_emptying_the_trash_drops_its_entry(
    library: SkillLibrary, tmp_path: Path
) -> None:
    library.add(_skill(tmp_path / "src", "FIRST"))
    entry = library.remove("demo")
    kept = library.user_dir / ".trash" / entry.object_id
    for path in sorted(kept.rglob("*"), reverse=True):
        path.rmdir() if path.is_dir() else path.unlink()
    kept.rmdir()
    with pytest.raises(NotFoundError, match="The folder of the skill demo is no longer in the trash"):
        library.trash.restore(entry.id)
    assert library.trash.empty() == 1
    assert library.trash.list() == []
