"""Projects (the workspaces): defaults a new thread takes, instructions in the request, moving threads,
deleting a project with its threads moved to Mira BASE or trashed with it, and the refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.errors import ConflictError, InvalidInputError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.run_records import SendOptions
from tests.support.scripted import RELEASE, release, requests_sent


def _send(services: AppServices, text: str, **options: object) -> str:
    handle = services.chat.send(None, text, SendOptions(**options))  # type: ignore[arg-type]
    assert handle.done.wait(30)
    return handle.thread_id


def test_a_new_thread_in_a_project_takes_its_defaults_and_sends_its_instructions(
    services: AppServices, script: object
) -> None:
    model = script({"text": "Noted."})  # type: ignore[operator]
    role = services.roles.list()[0]
    project = services.projects.create("Thesis")
    services.projects.set(
        project.id, instructions="Answer in British English.", role_id=role.id, model_ref=model, memory="off"
    )
    thread_id = _send(services, "Hello", workspace_id=project.id)

    thread = services.threads.get(thread_id)
    assert (thread.workspace_id, thread.role_id, thread.model_ref) == (project.id, role.id, model)
    assert thread.memory_enabled is False
    [request] = requests_sent(services, model)
    system = request.messages[0]
    assert system.role == "system"
    assert "Project instructions:\nAnswer in British English." in system.content
    preview = services.chat.preview(thread_id, "next")
    assert [s.name for s in preview.sections][:2] == ["role", "project"]


def test_a_thread_keeps_its_own_choices_after_the_project_defaults_change(
    services: AppServices, script: object
) -> None:
    model = script({"text": "One."}, {"text": "Two."})  # type: ignore[operator]
    project = services.projects.create("Garden")
    services.projects.set(project.id, model_ref=model)
    thread_id = _send(services, "first", workspace_id=project.id)
    services.threads.set_model(thread_id, None)
    services.projects.set(project.id, role_id=services.roles.list()[0].id)
    thread = services.threads.get(thread_id)
    assert (thread.model_ref, thread.role_id) == (None, None)


def test_moving_a_thread_changes_the_instructions_its_next_request_sends(
    services: AppServices, script: object
) -> None:
    model = script({"text": "a"})  # type: ignore[operator]
    first = services.projects.create("First")
    second = services.projects.create("Second")
    services.projects.set(first.id, instructions="Say FIRST.")
    services.projects.set(second.id, instructions="Say SECOND.")
    thread_id = _send(services, "hi", workspace_id=first.id, model_ref=model)
    services.projects.move_thread(thread_id, second.id)
    system = services.chat.preview(thread_id, "again").messages[0].content
    assert "Say SECOND." in system
    assert "Say FIRST." not in system
    counts = {s.workspace.id: s.thread_count for s in services.projects.list()}
    assert (counts[first.id], counts[second.id]) == (0, 1)


def test_projects_list_counts_threads_and_puts_the_last_used_first(
    services: AppServices, script: object
) -> None:
    model = script({"text": "a"}, {"text": "b"})  # type: ignore[operator]
    older = services.projects.create("Older")
    newer = services.projects.create("Newer")
    _send(services, "one", workspace_id=newer.id, model_ref=model)
    _send(services, "two", workspace_id=older.id, model_ref=model)
    summaries = services.projects.list()
    assert summaries[0].workspace.id == older.id
    base = services.projects.default()
    assert {s.workspace.id: s.thread_count for s in summaries} == {older.id: 1, newer.id: 1, base.id: 0}


def test_threads_bound_to_no_project_count_as_mira_base(services: AppServices, script: object) -> None:
    _send(services, "loose", model_ref=script({"text": "a"}))  # type: ignore[operator]
    base = services.projects.default()
    assert {s.workspace.id: s.thread_count for s in services.projects.list()}[base.id] == 1


def test_an_agent_run_in_a_project_without_a_folder_is_refused_with_how_to_set_one(
    services: AppServices, script: object
) -> None:
    project = services.projects.create("Notes only")
    before = len(services.threads.list(None))
    with pytest.raises(InvalidInputError, match=f"mira projects set {project.id} --folder PATH"):
        services.chat.send(None, "tidy", SendOptions(workspace_id=project.id, agent=True, model_ref=script()))  # type: ignore[operator]
    assert len(services.threads.list(None)) == before


def test_a_project_gets_a_folder_later_and_loses_it_again(services: AppServices, project: Path) -> None:
    made = services.projects.create("Later")
    assert not made.has_folder
    assert services.projects.set(made.id, folder=str(project)).root_path == str(project.resolve())
    assert services.projects.set(made.id, folder="").has_folder is False


def test_deleting_a_project_moves_its_threads_to_mira_base_and_restoring_brings_them_back(
    services: AppServices, script: object
) -> None:
    project = services.projects.create("Trip")
    thread_id = _send(services, "plan", workspace_id=project.id, model_ref=script({"text": "ok"}))  # type: ignore[operator]
    services.projects.delete(project.id, threads="base")
    base = services.projects.default()
    assert services.projects.of_thread(services.threads.get(thread_id).workspace_id).id == base.id  # type: ignore[union-attr]
    services.trash.restore(project.id)
    assert services.threads.get(thread_id).workspace_id == project.id


def test_deleting_a_project_with_its_threads_trashes_both_and_restoring_brings_both_back(
    services: AppServices, script: object
) -> None:
    project = services.projects.create("Old job")
    thread_id = _send(services, "notes", workspace_id=project.id, model_ref=script({"text": "ok"}))  # type: ignore[operator]
    services.projects.delete(project.id, threads="trash")
    assert not services.threads.exists(thread_id)
    assert {e.kind for e in services.trash.list()} == {"thread", "workspace"}
    services.trash.restore(project.id)
    assert services.threads.get(thread_id).workspace_id == project.id
    assert services.trash.list() == []


def test_a_project_whose_thread_is_answering_is_not_deleted(services: AppServices, script: object) -> None:
    model = script({"text": "a b c d e f", "hold_after": 2, "release_when": RELEASE})  # type: ignore[operator]
    project = services.projects.create("Busy")
    handle = services.chat.send(None, "go", SendOptions(workspace_id=project.id, model_ref=model))
    with pytest.raises(ConflictError, match="is answering or waits for approval"):
        services.projects.delete(project.id, threads="trash")
    release(model)
    assert handle.done.wait(30)
    assert services.projects.get(project.id).name == "Busy"
    assert services.threads.get(handle.thread_id).workspace_id == project.id
    assert services.trash.list() == []


def test_a_thread_whose_agent_run_waits_for_approval_is_not_moved(
    services: AppServices, script: object, workspace: str
) -> None:
    write = {"tool_calls": [{"name": "write_file", "arguments": {"path": "new.txt", "content": "x"}}]}
    model = script(write)  # type: ignore[operator]
    handle = services.chat.send(
        None, "write", SendOptions(workspace_id=workspace, agent=True, model_ref=model)
    )
    assert handle.done.wait(30)
    assert services.chat.run(handle.run_id).status.value == "waiting_approval"  # type: ignore[union-attr]
    other = services.projects.create("Elsewhere")
    with pytest.raises(ConflictError, match="waiting for approval"):
        services.projects.move_thread(handle.thread_id, other.id)
    assert services.threads.get(handle.thread_id).workspace_id == workspace


def test_bad_project_settings_change_nothing(services: AppServices) -> None:
    project = services.projects.create("Strict")
    with pytest.raises(InvalidInputError, match="at most 20,000 characters"):
        services.projects.set(project.id, instructions="x" * 20_001, agent=True)
    with pytest.raises(InvalidInputError, match=r"base .* or trash"):
        services.projects.delete(project.id, threads="nowhere")  # type: ignore[arg-type]
    assert services.projects.get(project.id).defaults.agent is False
    with pytest.raises(ConflictError, match="cannot be deleted"):
        services.projects.delete(services.projects.default().id, threads="base")


def test_a_project_kept_to_its_own_memory_sends_its_facts_and_not_the_general_ones(
    services: AppServices, script: object
) -> None:
    model = script({"text": "ok"})  # type: ignore[operator]
    project = services.projects.create("Garden club")
    services.memory.add("I live in Lisbon.")  # a general fact
    services.memory.add("The club meets on Tuesdays.", project.id)
    thread_id = _send(services, "hi", workspace_id=project.id, model_ref=model)
    shared = services.chat.preview(thread_id, "when?").messages[0].content
    assert "Lisbon" in shared and "Tuesdays" in shared  # noqa: PT018 (both, as before: shared)
    services.projects.set(project.id, memory="project")
    kept = services.chat.preview(thread_id, "when?").messages[0].content
    assert "Tuesdays" in kept
    assert "Lisbon" not in kept
    with pytest.raises(InvalidInputError, match="not 'everything'"):
        services.projects.set(project.id, memory="everything")
    assert services.projects.get(project.id).defaults.memory_scope == "project"
