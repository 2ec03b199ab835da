"""`mira projects …`, `mira threads move`, `mira chat send --project` and `mira threads search --project`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mira_desktop.app import main
from tests.support.cli import Mira
from tests.support.fixtures import OpenServices


def _script(tmp_path: Path, *texts: str) -> str:
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"replies": [{"text": t} for t in texts]}))
    return f"scripted:{path}"


def _sent(result: object) -> dict[str, object]:
    return json.loads(result.out.strip().splitlines()[-1])  # type: ignore[attr-defined,no-any-return]


def test_a_project_made_and_set_by_the_command_gives_its_new_threads_its_defaults(
    mira: Mira, tmp_path: Path
) -> None:
    model = _script(tmp_path, "Hello from the project.")
    role = mira("--json", "roles", "list").json()[0]["id"]
    project = mira("--json", "projects", "create", "Thesis").json()
    assert project["folder"] is None
    changed = mira(
        "--json", "projects", "set", project["id"], "--role", role, "--model", model,
        "--instructions", "Cite your sources.", "--memory", "off",
    )  # fmt: skip
    assert changed.code == 0, changed.err
    sent = _sent(mira("--json", "chat", "send", "--project", project["id"], "hello"))
    thread = mira("--json", "threads", "show", sent["thread_id"]).json()["thread"]
    assert (thread["workspace_id"], thread["role_id"], thread["model_ref"], thread["memory_enabled"]) == (
        project["id"], role, model, False,
    )  # fmt: skip
    preview = mira("--json", "threads", "preview", sent["thread_id"], "next").json()
    assert any("Cite your sources." in m["content"] for m in preview["messages"] if m["role"] == "system")
    shown = mira("--json", "projects", "show", project["id"]).json()
    assert [t["id"] for t in shown["threads"]] == [sent["thread_id"]]
    listed = {p["id"]: p["threads"] for p in mira("--json", "projects", "list").json()}
    assert listed[project["id"]] == 1


def test_threads_move_and_a_scoped_search(mira: Mira, tmp_path: Path) -> None:
    model = _script(tmp_path, "one", "two")
    first = mira("--json", "projects", "create", "First").json()["id"]
    second = mira("--json", "projects", "create", "Second").json()["id"]
    a = _sent(mira("--json", "chat", "send", "--model", model, "--project", first, "apple pie"))["thread_id"]
    b = _sent(mira("--json", "chat", "send", "--model", model, "--project", second, "apple tart"))[
        "thread_id"
    ]
    assert [t["id"] for t in mira("--json", "threads", "list", "--project", second).json()] == [b]
    scoped = mira("--json", "threads", "search", "apple", "--project", first).json()
    assert {h["thread_id"] for h in scoped} == {a}
    moved = mira("threads", "move", b, "--project", first)
    assert moved.code == 0
    assert "Moved thread" in moved.out
    assert {
        h["thread_id"] for h in mira("--json", "threads", "search", "apple", "--project", first).json()
    } == {a, b}


def test_deleting_a_project_needs_a_choice_and_both_choices_are_restorable(
    mira: Mira, tmp_path: Path
) -> None:
    model = _script(tmp_path, "ok", "ok")
    project = mira("--json", "projects", "create", "Old").json()["id"]
    thread = _sent(mira("--json", "chat", "send", "--model", model, "--project", project, "hi"))["thread_id"]
    with pytest.raises(SystemExit) as usage:  # --threads is required: argparse says so
        mira("projects", "delete", project)
    assert usage.value.code == 2
    assert mira("--json", "projects", "show", project).json()["id"] == project
    gone = mira("projects", "delete", project, "--threads", "trash")
    assert gone.code == 0
    assert "to the trash with it" in gone.out
    assert mira("threads", "show", thread).code == 3
    assert mira("trash", "restore", project).code == 0
    assert mira("--json", "threads", "show", thread).json()["thread"]["workspace_id"] == project


def test_bad_project_commands_say_why_and_change_nothing(mira: Mira, tmp_path: Path) -> None:
    project = mira("--json", "projects", "create", "Plain").json()["id"]
    assert (
        "mira projects set"
        in mira("chat", "send", "--model", _script(tmp_path, "x"), "--project", project, "--agent", "go").err
    )
    assert mira("--json", "threads", "list").json() == []
    missing = mira("projects", "set", project, "--folder", str(tmp_path / "nope"))
    assert missing.code != 0
    assert "does not exist" in missing.err
    assert mira("projects", "set", project).code != 0
    assert mira("threads", "move", "thr_nope", "--project", project).code == 3
    assert mira("--json", "projects", "show", project).json()["folder"] is None


@pytest.mark.parametrize(
    "command",
    [
        ("projects", "show", "ws_nope"),
        ("projects", "set", "ws_nope", "--name", "X"),
        ("projects", "delete", "ws_nope", "--threads", "base"),
        ("projects", "export", "ws_nope", "-o", "out.json"),
        ("threads", "list", "--project", "ws_nope"),
        ("threads", "search", "anything", "--project", "ws_nope"),
    ],
)
def test_an_unknown_project_id_is_said_as_a_project_with_the_command_that_lists_them(
    mira: Mira, command: tuple[str, ...]
) -> None:
    refused = mira(*command)
    assert (refused.code, refused.out) == (3, "")
    assert refused.err == "mira: error: No project with id ws_nope: see `mira projects list`.\n"


def test_a_project_exported_and_imported_elsewhere_keeps_its_threads_instructions_and_bindings_by_name(
    mira: Mira, tmp_path: Path, open_services: OpenServices
) -> None:
    model = _script(tmp_path, "It rains.", "Take a coat.")
    role = mira("--json", "roles", "list").json()[0]
    project = mira("--json", "projects", "create", "Weather").json()["id"]
    mira(
        "projects",
        "set",
        project,
        "--instructions",
        "Answer in one line.",
        "--role",
        role["id"],
        "--model",
        model,
    )
    thread = _sent(mira("--json", "chat", "send", "--project", project, "rain?"))["thread_id"]
    _sent(mira("--json", "chat", "send", "--thread", thread, "coat?"))
    original = mira("--json", "threads", "show", thread).json()["messages"]
    exported = tmp_path / "weather.json"
    assert mira("projects", "export", project, "-o", str(exported)).code == 0

    other = tmp_path / "other-data"  # another computer: the same starter roles, other ids
    result = main(["--data-dir", str(other), "--json", "projects", "import", str(exported)])
    assert result == 0
    with open_services(other) as services:
        [summary] = [s for s in services.projects.list() if s.workspace.name == "Weather"]
        assert summary.thread_count == 1
        assert summary.workspace.instructions == "Answer in one line."
        role_there = next(r for r in services.roles.list() if r.name == role["name"])
        assert summary.workspace.defaults.role_id == role_there.id
        [imported] = services.threads.in_project(summary.workspace.id)
        assert imported.role_id == role_there.id
        contents = [m.content for m in services.threads.show(imported.id).messages]
    assert contents == [m["content"] for m in original]
    assert {"rain?", "It rains.", "coat?"} <= set(contents)


def test_a_malformed_project_file_is_refused_and_nothing_is_written(mira: Mira, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "format": "mira.project",
                "version": 1,
                "project": {"name": "X"},
                "threads": [{"format": "nope"}],
            }
        )
    )
    before = mira("--json", "projects", "list").json()
    result = mira("projects", "import", str(bad))
    assert result.code == 2
    assert "bad.json" in result.err
    assert mira("--json", "projects", "list").json() == before
