"""Skills in real runs with the scripted model: an agent request carries each enabled skill's name and
description and none of its instructions until the model loads one with ``load_skill``; a message
that picks ``/name`` carries the instructions as request-only context (the request preview shows
them); a skill's script runs only through ``run_command``, after the person approves it."""

from __future__ import annotations

from pathlib import Path

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.tool_records import Permission
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from tests.integration.agent.runs import call, calls, event_data, final, send_agent, settle
from tests.support.fixtures import Script
from tests.support.scripted import recorded_requests

REPO = Path(__file__).resolve().parents[3]
MARK = "Count the vowels of every file name first"


def _add_skill(services: AppServices, tmp_path: Path) -> None:
    source = tmp_path / "vowels"
    (source / "scripts").mkdir(parents=True)
    (source / "SKILL.md").write_text(
        f"---\nname: vowels\ndescription: Counts vowels in file names.\n---\n{MARK}.\n", encoding="utf-8"
    )
    (source / "scripts" / "count.py").write_text("print('vowels:', sum(c in 'aeiou' for c in 'workspace'))\n")
    services.skills.add(source)
    services.skills.add(REPO / "tests" / "data" / "skills" / "template-skill")


def test_an_agent_run_sees_names_and_descriptions_and_loads_a_skill_when_the_model_asks(
    services: AppServices, workspace: str, script: Script, tmp_path: Path
) -> None:
    _add_skill(services, tmp_path)
    ref = script(
        calls(("load_skill", {"name": "vowels"})),
        final("Loaded and followed."),
        pick="by_turn",
        record_to="sent.jsonl",
    )
    handle = send_agent(services, ref, "Tell me about the file names.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    first, second = recorded_requests(tmp_path / "scripts" / "sent.jsonl")
    system = first["messages"][0]
    assert system["role"] == "system"
    assert "- vowels: Counts vowels in file names." in system["content"]
    assert "- template-skill: Replace with description of the skill" in system["content"]
    assert MARK not in system["content"]
    assert "# Insert instructions below" not in system["content"]
    assert "load_skill" in first["tools"]
    loaded = next(m for m in second["messages"] if m.get("tool_call_id") == "call_1-0")
    assert MARK in loaded["content"]
    assert "/mira-skills/vowels (read-only): scripts/count.py" in loaded["content"]
    (result,) = event_data(services, handle.run_id, "tool.result")
    assert result["tool"] == "load_skill"
    assert result["result"]["phrase"] == {"key": "skills.loaded", "values": {"name": "vowels"}}


def test_a_skills_script_runs_only_through_run_command_after_approval(
    services: AppServices, workspace: str, script: Script, tmp_path: Path
) -> None:
    _add_skill(services, tmp_path)
    ref = script(
        calls(("load_skill", {"name": "vowels"})),
        call("run_command", command="python3 /mira-skills/vowels/scripts/count.py"),
        final("Done."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Count the vowels.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL  # the command asks first
    pending = services.agent_runs.show(handle.run_id).pending
    assert pending is not None
    assert pending["arguments"] == {"command": "python3 /mira-skills/vowels/scripts/count.py"}
    assert settle(services.agent_runs.approve(handle.run_id)) is RunStatus.COMPLETED
    ran = event_data(services, handle.run_id, "tool.result")[-1]["result"]
    assert ran["data"]["exit_code"] == 0
    assert "vowels: 3" in ran["text"]
    assert ran["data"]["changed"] == []  # read-only: nothing of the skill or workspace changed


def test_a_message_that_picks_a_skill_sends_its_instructions_and_the_preview_shows_them(
    services: AppServices, script: Script, tmp_path: Path
) -> None:
    polish = tmp_path / "polish"
    polish.mkdir()
    (polish / "SKILL.md").write_text(
        "---\nname: polish\ndescription: 润色中文。Polish Chinese text.\n---\n# 中文润色\n保留原意、事实和数字。\n",
        encoding="utf-8",
    )
    services.skills.add(polish)
    ref = script(final("好的。"), record_to="chat.jsonl")
    draft = "/polish 请润色：我们进行了一个讨论。"
    preview = services.chat.preview(None, draft, ref)
    skills = next(s for s in preview.sections if s.name == "skills")
    assert "中文润色" in skills.text
    assert 'The person picked the skill "polish"' in skills.text
    handle = services.chat.send(None, draft, SendOptions(model_ref=ref))
    assert settle(handle) is RunStatus.COMPLETED
    (sent,) = recorded_requests(tmp_path / "scripts" / "chat.jsonl")
    assert sent["messages"][0]["role"] == "system"
    assert "保留原意、事实和数字" in sent["messages"][0]["content"]
    assert sent["messages"][-1] == {"role": "user", "content": draft}


def test_a_plain_chat_request_says_nothing_about_skills(
    services: AppServices, script: Script, tmp_path: Path
) -> None:
    ref = script(final("Hi."), record_to="plain.jsonl")
    assert settle(services.chat.send(None, "Hello", SendOptions(model_ref=ref))) is RunStatus.COMPLETED
    (sent,) = recorded_requests(tmp_path / "scripts" / "plain.jsonl")
    assert all("skill" not in m["content"].lower() for m in sent["messages"])


def test_a_disabled_skill_is_neither_offered_nor_loadable(
    services: AppServices, workspace: str, script: Script, tmp_path: Path
) -> None:
    _add_skill(services, tmp_path)
    for skill in services.skills.list():
        services.skills.set_on(skill.name, False)
    ref = script(final("No skills."), record_to="off.jsonl")
    assert settle(send_agent(services, ref, "Hello", workspace)) is RunStatus.COMPLETED
    (sent,) = recorded_requests(tmp_path / "scripts" / "off.jsonl")
    assert "load_skill" not in sent["tools"]
    assert "Skills you can load" not in sent["messages"][0]["content"]


def test_a_command_cannot_change_a_skills_folder_nor_see_where_mira_keeps_it(
    services: AppServices, workspace: str, script: Script, tmp_path: Path
) -> None:
    _add_skill(services, tmp_path)
    services.tool_permissions.set("run_command", Permission.ALLOW, workspace)
    ref = script(
        call("run_command", command="echo x > /mira-skills/vowels/new.txt"),
        call("run_command", command=f"ls {services.folder.skills_dir}"),
        final("Tried."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Try it.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    written, listed = [r["result"] for r in event_data(services, handle.run_id, "tool.result")]
    assert "Read-only file system" in written["text"]
    assert written["data"]["exit_code"] != 0
    assert listed["data"]["exit_code"] != 0  # the data folder's skills/ is hidden: only the mount shows it
    assert "vowels" not in listed["text"]
    skill = services.skills.get("vowels")
    assert skill.files == ("scripts/count.py",)
    assert MARK in skill.instructions
