"""The request preview: the real compilers over a thread's active branch."""

from __future__ import annotations

import pytest

from mira_desktop.core.conversation.threads import MessageRole, MessageStatus
from mira_desktop.core.errors import NotFoundError
from mira_desktop.core.roles.compiler import compile_role
from mira_desktop.core.token_estimate import estimate_tokens
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository

ROLE = {
    "name": "Guide",
    "prompt": {"description": "{{char}} guides {{user}}.", "constraints": "No guesses."},
    "lorebook": [{"keys": ["Kyoto"], "content": "Kyoto: temples.", "name": "kyoto"}],
    "llm_profile": {"temperature": 0.3, "top_p": 0.9, "max_tokens": 200, "presence_penalty": 0.5},
}


def branched_thread(services: AppServices, role_id: str) -> tuple[str, list[str]]:
    """A thread whose first answer was regenerated; the active branch is the second answer."""
    threads = ThreadRepository(services.database)
    messages = MessageRepository(services.database)
    thread = threads.create(title="trip", role_id=role_id)
    question = messages.add(thread.id, MessageRole.USER, "Plan a day in Kyoto")
    messages.add(thread.id, MessageRole.ASSISTANT, "Old answer", parent_id=question.id)
    second = messages.add(thread.id, MessageRole.ASSISTANT, "New answer", parent_id=question.id)
    follow = messages.add(thread.id, MessageRole.USER, "And dinner?", parent_id=second.id)
    messages.add(thread.id, MessageRole.ASSISTANT, "", parent_id=follow.id, status=MessageStatus.STREAMING)
    return thread.id, ["Plan a day in Kyoto", "New answer", "And dinner?"]


def test_preview_shows_the_exact_messages_of_the_active_branch(services: AppServices) -> None:
    role = services.roles.create(ROLE)
    thread_id, visible = branched_thread(services, role.id)
    preview = services.roles.preview(role.id, thread_id)
    expected_system = compile_role(
        role, user_name="User", recent_messages=visible, count_tokens=estimate_tokens
    ).system_text
    assert [(m.role, m.content) for m in preview.request.messages] == [
        ("system", expected_system),
        ("user", "Plan a day in Kyoto"),
        ("assistant", "New answer"),
        ("user", "And dinner?"),
    ]
    assert "## Lore\nKyoto: temples." in expected_system
    # No model loaded: the estimate counts "Kyoto", ":", "temples" (7 letters: two) and ".".
    assert preview.to_json()["lore"] == [{"index": 0, "name": "kyoto", "trigger": "Kyoto", "tokens": 5}]


def test_preview_parameters_are_the_roles_profile(services: AppServices) -> None:
    role = services.roles.create(ROLE)
    parameters = services.roles.preview(role.id).to_json()["parameters"]
    assert parameters == {
        "temperature": 0.3,
        "top_p": 0.9,
        "max_tokens": 200,
        "presence_penalty": 0.5,
        "stop": [],
    }


def test_section_token_counts_add_up_to_the_prompt(services: AppServices) -> None:
    role = services.roles.create(ROLE)
    thread_id, _ = branched_thread(services, role.id)
    with services.database.transaction():
        services.database.execute(
            "UPDATE threads SET context_summary = 'They talked about temples.' WHERE id = ?", (thread_id,)
        )
    preview = services.roles.preview(role.id, thread_id, message="What about Nara?")
    data = preview.to_json()
    assert [s["name"] for s in data["sections"]] == ["role", "summary", "history"]
    assert sum(s["tokens"] for s in data["sections"]) == data["prompt_tokens"]
    role_parts = [p["name"] for p in data["sections"][0]["parts"]]
    assert role_parts == ["header", "Description", "Lore", "Constraints"]
    assert data["messages"][-1] == {"role": "user", "content": "What about Nara?"}
    # An unloaded model's tokens are estimated, against the window it would load with (its file's 8,192 here).
    planned = services.models.registry.get("local:smollm2").profile().context_window
    assert (data["tokenizer"], data["window"]) == ("estimate", planned)
    assert not services.models.registry.loaded("local:smollm2")  # nothing was loaded to say so
    assert data["model"] == "local:smollm2"


def test_preview_without_a_thread_is_the_role_alone(services: AppServices) -> None:
    role = services.roles.create(ROLE)
    data = services.roles.preview(role.id).to_json()
    assert [m["role"] for m in data["messages"]] == ["system"]
    assert data["system"].startswith("You are Guide.\n\n## Description\nGuide guides User.")


def test_a_draft_preview_is_empty_unless_asked_as_active(services: AppServices) -> None:
    role = services.roles.create({**ROLE, "status": "draft"})
    assert services.roles.preview(role.id).to_json()["messages"] == []
    as_active = services.roles.preview(role.id, as_active=True)
    assert not as_active.applied
    assert as_active.to_json()["system"].startswith("You are Guide.")


def test_preview_of_an_unsaved_edit_uses_the_same_compiler(services: AppServices) -> None:
    role = services.roles.create(ROLE)
    edited = {**services.roles.to_json(role), "prompt": {**ROLE["prompt"], "style": "Use haiku."}}
    data = services.roles.preview_document(edited, role_id=role.id).to_json()
    assert "## Style\nUse haiku." in data["system"]
    assert services.roles.get(role.id).version == 1  # nothing saved


def test_preview_of_an_unknown_thread_is_not_found(services: AppServices) -> None:
    role = services.roles.create(ROLE)
    with pytest.raises(NotFoundError, match="No thread with id thr_missing"):
        services.roles.preview(role.id, "thr_missing")
