"""`mira skills list|add|show|remove|enable|disable|capabilities` on a real data folder: a public
SKILL.md folder added and shown; every bad folder refused with one line saying the fix and nothing
changed; a chat message picking `/name` sends the skill's instructions."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.cli import Mira
from tests.support.fixtures import Script
from tests.support.scripted import recorded_requests

REPO = Path(__file__).resolve().parents[3]
TEMPLATE = REPO / "tests" / "data" / "skills" / "template-skill"


def _folder(root: Path, text: str, name: str = "demo") -> Path:
    path = root / name
    path.mkdir(parents=True)
    (path / "SKILL.md").write_text(text, encoding="utf-8")
    return path


def test_a_skill_folder_is_added_listed_shown_turned_off_and_removed(mira: Mira, data_dir: Path) -> None:
    added = mira("skills", "add", str(TEMPLATE))
    assert added.code == 0, added.err
    assert added.out.strip() == (
        "Added the skill template-skill: Replace with description of the skill and when Claude should use it."
    )
    assert (data_dir / "skills" / "template-skill" / "SKILL.md").read_bytes() == (
        TEMPLATE / "SKILL.md"
    ).read_bytes()
    listed = mira("--json", "skills", "list").json()
    mine = next(s for s in listed if s["name"] == "template-skill")
    assert mine == {
        "kind": "skill",
        "name": "template-skill",
        "description": "Replace with description of the skill and when Claude should use it.",
        "needs": [],
        "ready": True,
        "why_not": None,
        "on": True,
        "shipped": False,
    }
    shown = mira("skills", "show", "template-skill")
    assert "# Insert instructions below" in shown.out
    assert mira("skills", "disable", "template-skill").out.strip() == "The skill template-skill is off."
    off = next(s for s in mira("--json", "skills", "list").json() if s["name"] == "template-skill")
    assert (off["on"], off["ready"]) == (False, False)
    assert "mira skills enable template-skill" in off["why_not"]
    removed = mira("--json", "skills", "remove", "template-skill")  # to the trash: nothing to ask
    assert removed.code == 0, removed.err
    trash_id = removed.json()["trash_id"]
    assert not (data_dir / "skills" / "template-skill").exists()
    assert all(s["name"] != "template-skill" for s in mira("--json", "skills", "list").json())
    [entry] = mira("--json", "trash", "list").json()
    assert (entry["id"], entry["kind"], entry["label"]) == (trash_id, "skill", "template-skill")
    assert (data_dir / "skills" / ".trash" / entry["object_id"] / "SKILL.md").read_bytes() == (
        TEMPLATE / "SKILL.md"
    ).read_bytes()
    restored = mira("trash", "restore", trash_id)
    assert restored.out.strip() == f"Restored the skill 'template-skill' ({entry['object_id']})."
    back = next(s for s in mira("--json", "skills", "list").json() if s["name"] == "template-skill")
    assert back["on"] is False  # it was off when it went
    said = mira("skills", "remove", "template-skill")
    assert said.out.strip().startswith(
        "Moved the skill template-skill to the trash: `mira trash restore trs_"
    )
    assert mira("trash", "empty", "--yes").code == 0
    assert not any((data_dir / "skills" / ".trash").iterdir())


def test_a_skill_is_not_restored_over_one_added_again_under_its_name(mira: Mira, data_dir: Path) -> None:
    assert mira("skills", "add", str(TEMPLATE)).code == 0
    trash_id = mira("--json", "skills", "remove", "template-skill").json()["trash_id"]
    assert mira("skills", "add", str(TEMPLATE)).code == 0
    refused = mira("trash", "restore", trash_id)
    assert refused.code != 0
    assert refused.err.strip() == (
        "mira: error: A skill named 'template-skill' is there again: remove or rename that one first, "
        "then restore this one. Nothing was restored."
    )
    assert [e["id"] for e in mira("--json", "trash", "list").json()] == [trash_id]


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda root: _folder(root, "# no front matter\n"), "has no front matter: start it with a line ---"),
        (lambda root: _folder(root, "---\ndescription: d\n---\n"), "has no name: add a line name: my-skill"),
        (lambda root: _folder(root, "---\nname: demo\n---\n"), "has no description: add a line description:"),
        (lambda root: root / "missing", "is not a folder: give the folder that holds the skill's SKILL.md."),
    ],
)
def test_a_bad_skill_folder_is_refused_in_one_line_and_nothing_is_added(
    mira: Mira, data_dir: Path, tmp_path: Path, make: object, said: str
) -> None:
    folder = make(tmp_path / "in")  # type: ignore[operator]
    result = mira("skills", "add", str(folder))
    assert result.code != 0
    assert result.err.startswith("mira: error: ")
    assert said in result.err
    assert result.err.count("\n") == 1
    assert not (data_dir / "skills").exists() or list((data_dir / "skills").iterdir()) == []


def test_a_script_linked_from_outside_and_a_clashing_name_are_refused(
    mira: Mira, data_dir: Path, tmp_path: Path
) -> None:
    escape = _folder(tmp_path / "in", "---\nname: escape\ndescription: d\n---\n", name="escape")
    (escape / "scripts").mkdir()
    os.symlink("/etc/passwd", escape / "scripts" / "run.sh")
    result = mira("skills", "add", str(escape))
    assert result.err.strip() == (
        "mira: error: scripts/run.sh links to /etc/passwd, outside the skill's folder: copy the file into the "
        "folder instead of linking to it."
    )
    assert mira("skills", "add", str(TEMPLATE)).code == 0
    again = mira("skills", "add", str(TEMPLATE))
    assert again.code != 0
    assert "A skill named 'template-skill' is already there" in again.err
    assert sorted(p.name for p in (data_dir / "skills").iterdir()) == ["template-skill"]


def test_capabilities_say_what_each_tool_needs_and_whether_it_is_ready(mira: Mira) -> None:
    found = {c["name"]: c for c in mira("--json", "skills", "capabilities").json()}
    assert found["write_file"]["needs"] == ["workspace", "approval"]
    assert found["read_file"]["needs"] == ["workspace"]
    assert found["kb_search"]["needs"] == ["knowledge_base"]
    assert found["run_command"]["needs"] == ["workspace", "approval", "sandbox"]
    assert found["run_command"]["ready"] is True  # bubblewrap works on this machine
    assert mira("mcp", "add", "files", "--url", "http://127.0.0.1:9/mcp").code == 0
    server = next(c for c in mira("--json", "skills", "capabilities").json() if c["name"] == "files")
    assert (server["kind"], server["needs"]) == ("server", ["network", "approval"])
    assert mira("mcp", "disable", "files").code == 0
    off = next(c for c in mira("--json", "skills", "capabilities").json() if c["name"] == "files")
    assert off["ready"] is False
    assert "turn it on in Settings → Tools or with `mira mcp enable files`" in off["why_not"]


def test_chat_send_with_a_slash_name_sends_the_skills_instructions(
    mira: Mira, script: Script, tmp_path: Path
) -> None:
    assert mira("skills", "add", str(TEMPLATE)).code == 0
    ref = script({"text": "Done."}, record_to="sent.jsonl")
    sent = mira("chat", "send", "--model", ref, "/template-skill fill this in")
    assert sent.code == 0, sent.err
    (request,) = recorded_requests(tmp_path / "scripts" / "sent.jsonl")
    assert "# Insert instructions below" in request["messages"][0]["content"]
