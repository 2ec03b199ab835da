"""Role use cases on a real data folder: versions, clearing, refusals, status, deletion, starters."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.core.roles.records import RoleStatus
from mira_desktop.core.roles.validation import InvalidRoleError, validate_document
from mira_desktop.services.app.bootstrap import starter_role_specs
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.roles import RoleRepository
from mira_desktop.store.threads import ThreadRepository
from tests.support.fixtures import OpenServices
from tests.support.roles import role_rows

ROLE = {
    "name": "Travel Guide",
    "summary": "Plans trips.",
    "tags": ["travel"],
    "prompt": {"description": "{{char}} plans trips for {{user}}.", "style": "Lists."},
    "lorebook": [{"keys": ["Kyoto"], "content": "Kyoto has many temples."}],
    "llm_profile": {"temperature": 0.8, "max_tokens": 256},
}


def test_create_stores_a_validated_role_at_version_one(services: AppServices) -> None:
    role = services.roles.create(ROLE)
    assert role.version == 1
    assert role.status is RoleStatus.ACTIVE
    assert services.roles.to_json(role)["prompt"]["description"] == "{{char}} plans trips for {{user}}."
    assert services.roles.to_json(role)["llm_profile"] == {
        "temperature": 0.8,
        "top_p": None,
        "top_k": None,
        "max_tokens": 256,
        "frequency_penalty": None,
        "presence_penalty": None,
    }


def test_every_save_increments_the_version(services: AppServices) -> None:
    role = services.roles.create(ROLE)
    role = services.roles.update(role.id, {"summary": "Plans trips well."})
    assert role.version == 2
    role = services.roles.set_status(role.id, RoleStatus.DRAFT)
    assert role.version == 3
    assert services.roles.get(role.id).version == 3


def test_an_explicit_null_clears_a_saved_parameter(services: AppServices) -> None:
    role = services.roles.create(ROLE)
    role = services.roles.update(role.id, {"llm_profile": {"temperature": None}})
    assert role.llm_profile == {"max_tokens": 256}
    role = services.roles.update(role.id, {"prompt": {"style": None}, "summary": None})
    assert role.prompt == {"description": "{{char}} plans trips for {{user}}."}
    assert role.summary == ""


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"llm_profile": {"temperature": 2.5}}, "llm_profile.temperature must be a number from 0 to 2"),
        ({"llm_profile": {"top_k": "forty"}}, "llm_profile.top_k must be a whole number of at least 0"),
        ({"name": None}, "name must be text"),
        ({"prompt": {"scenario": "x" * (64 * 1024 + 1)}}, "prompt.scenario is 64.0 KB; the limit is 64 KB"),
        ({"status": "deleted"}, "status must be one of active, draft, archived"),
        ({"tools": ["write_file"]}, "tools is not a known field"),
        ([], "role must be a JSON object"),
    ],
)
def test_bad_updates_are_refused_and_nothing_is_saved(
    services: AppServices, patch: object, message: str
) -> None:
    role = services.roles.create(ROLE)
    before = role_rows(services)
    with pytest.raises(InvalidRoleError, match=message):
        services.roles.update(role.id, patch)
    assert role_rows(services) == before


def test_bad_creates_are_refused_and_nothing_is_saved(services: AppServices) -> None:
    before = role_rows(services)
    for bad in ({"summary": "no name"}, {**ROLE, "llm_profile": {"presence_penalty": -3}}, "text"):
        with pytest.raises(InvalidInputError):
            services.roles.create(bad)
    assert role_rows(services) == before


def test_an_update_written_for_an_older_version_is_refused(services: AppServices) -> None:
    role = services.roles.create(ROLE)
    shown = services.roles.to_json(role)
    services.roles.update(role.id, {"summary": "changed elsewhere"})
    shown["summary"] = "my edit"
    with pytest.raises(InvalidRoleError, match="version is 1, but the role is now at version 2"):
        services.roles.update(role.id, shown)
    assert services.roles.get(role.id).summary == "changed elsewhere"


def test_the_store_writes_only_over_the_version_it_was_given(services: AppServices) -> None:
    role = services.roles.create(ROLE)
    repo = RoleRepository(services.database)
    assert repo.update(role.id, {"summary": "first"}, expected_version=1) is not None
    assert repo.update(role.id, {"summary": "second"}, expected_version=1) is None
    assert services.roles.get(role.id).summary == "first"


def test_show_json_feeds_back_into_update_unchanged(services: AppServices) -> None:
    role = services.roles.create(ROLE)
    updated = services.roles.update(role.id, services.roles.to_json(role))
    assert services.roles.to_json(updated) | {"version": 1, "updated_at": None} == services.roles.to_json(
        role
    ) | {
        "version": 1,
        "updated_at": None,
    }


def test_a_thread_bound_to_a_draft_role_shows_it_but_the_request_carries_no_role(
    services: AppServices,
) -> None:
    role = services.roles.create({**ROLE, "status": "draft"})
    thread = ThreadRepository(services.database).create(title="t", role_id=role.id)
    bound = services.roles.get(thread.role_id or "")
    assert bound.badge == "draft"
    preview = services.roles.preview(role.id, thread.id)
    assert not preview.applied
    assert all(m.role != "system" for m in preview.request.messages)
    assert preview.request.sampling.temperature is None
    services.roles.set_status(role.id, RoleStatus.ACTIVE)
    active = services.roles.preview(role.id, thread.id)
    assert active.applied
    assert active.request.messages[0].content.startswith("You are Travel Guide.")
    assert active.request.sampling.temperature == 0.8
    assert services.roles.get(role.id).badge is None


def test_deleting_a_role_unbinds_its_threads_and_keeps_their_messages(services: AppServices) -> None:
    role = services.roles.create(ROLE)
    threads = ThreadRepository(services.database)
    messages = MessageRepository(services.database)
    thread = threads.create(title="trip", role_id=role.id)
    question = messages.add(thread.id, MessageRole.USER, "Kyoto?")
    answer = messages.add(thread.id, MessageRole.ASSISTANT, "Temples.", parent_id=question.id)
    assert services.roles.threads_using(role.id) == 1
    services.roles.delete(role.id)
    kept = threads.get(thread.id)
    assert kept is not None
    assert kept.role_id is None
    assert [m.id for m in messages.list_for_thread(thread.id)] == [question.id, answer.id]
    with pytest.raises(NotFoundError):
        services.roles.get(role.id)


def test_duplicate_copies_everything_under_a_new_name(services: AppServices) -> None:
    role = services.roles.create(ROLE)
    copy = services.roles.duplicate(role.id)
    assert copy.id != role.id
    assert copy.name == "Travel Guide (copy)"
    assert (copy.prompt, copy.lorebook, copy.llm_profile, copy.version) == (
        role.prompt,
        role.lorebook,
        role.llm_profile,
        1,
    )


def test_search_and_status_filter(services: AppServices) -> None:
    services.roles.create(ROLE)
    services.roles.create({**ROLE, "name": "Archivist", "status": "archived", "tags": ["history"]})
    assert [r.name for r in services.roles.list(query="TRAVEL")] == ["Travel Guide"]
    assert [r.name for r in services.roles.list(query="history")] == ["Archivist"]
    assert [r.name for r in services.roles.list(RoleStatus.ARCHIVED)] == ["Archivist"]


def test_avatar_from_an_image_file_is_stored_as_png_and_can_be_removed(
    services: AppServices, tmp_path: Path
) -> None:
    from PIL import Image

    jpeg = tmp_path / "face.jpg"
    Image.new("RGB", (8, 8), (200, 10, 10)).save(jpeg)
    role = services.roles.set_avatar(services.roles.create(ROLE).id, jpeg)
    assert role.avatar is not None
    assert role.avatar.startswith("avatars/")
    assert (services.folder.root / role.avatar).read_bytes().startswith(b"\x89PNG")
    assert services.roles.set_avatar(role.id, None).avatar is None
    (tmp_path / "junk.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    with pytest.raises(InvalidInputError, match="not a usable PNG"):
        services.roles.set_avatar(role.id, tmp_path / "junk.png")


def test_user_display_name_is_a_setting_used_for_user_macros(services: AppServices) -> None:
    assert services.roles.user_name() == "User"
    role = services.roles.create(ROLE)
    services.roles.set_user_name("  Lin  ")
    assert services.roles.user_name() == "Lin"
    assert "plans trips for Lin." in services.roles.preview(role.id).request.messages[0].content
    with pytest.raises(InvalidInputError, match=r"user\.display_name"):
        services.roles.set_user_name("   ")


def test_every_new_data_folder_gets_the_starter_roles(tmp_path: Path, open_services: OpenServices) -> None:
    for name in ("first", "second"):
        with open_services(tmp_path / name) as services:
            roles = services.roles.list()
            assert {r.name for r in roles} == {spec["name"] for spec in starter_role_specs()}
            assert any(any("\u4e00" <= ch <= "\u9fff" for ch in r.name) for r in roles)
            assert all(r.applies for r in roles)


def test_starter_role_files_pass_the_role_schema() -> None:
    for spec in starter_role_specs():
        document = validate_document(spec)
        assert document.prompt.description
        assert json.loads(json.dumps(spec))["name"] == document.name
