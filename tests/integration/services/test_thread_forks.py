"""Forks: a new thread from a message — the history up to it, or it and what follows — that keeps
its source's bindings, links back to it, and loses nothing when the source is deleted."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.errors import ConflictError, NotFoundError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import RunHandle, SendOptions
from mira_desktop.services.threads.fork import ForkMode
from mira_desktop.store.media import MediaKind, MediaRepository, MediaStatus
from tests.support.fixtures import Script


def _turn(services: AppServices, thread_id: str | None, text: str, model: str | None = None) -> RunHandle:
    handle = services.chat.send(thread_id, text, SendOptions(model_ref=model))
    assert handle.wait(30) is RunStatus.COMPLETED
    return handle


def _texts(services: AppServices, thread_id: str) -> list[str]:
    return [m.content for m in services.branches.active_branch(thread_id)]


@pytest.fixture
def conversation(services: AppServices, script: Script) -> list[RunHandle]:
    """Three turns in one thread: "one"/"Answer 1", "two"/"Answer 2", "three"/"Answer 3"."""
    model = script({"text": "Answer 1"}, {"text": "Answer 2"}, {"text": "Answer 3"}, {"text": "Answer 4"})
    first = _turn(services, None, "one", model)
    return [first, _turn(services, first.thread_id, "two"), _turn(services, first.thread_id, "three")]


def test_from_here_copies_the_history_up_to_and_including_the_message(
    services: AppServices, conversation: list[RunHandle]
) -> None:
    fork = services.forks.fork(conversation[1].assistant_message_id, ForkMode.FROM_HERE)
    assert _texts(services, fork.thread.id) == ["one", "Answer 1", "two", "Answer 2"]
    assert fork.on_visible_branch
    assert _texts(services, conversation[0].thread_id)[-1] == "Answer 3"  # the source is unchanged


def test_onward_copies_the_message_and_what_follows_on_the_visible_branch(
    services: AppServices, conversation: list[RunHandle]
) -> None:
    fork = services.forks.fork(conversation[1].user_message_id, ForkMode.ONWARD)
    assert _texts(services, fork.thread.id) == ["two", "Answer 2", "three", "Answer 3"]
    [root] = [m for m in services.threads.show(fork.thread.id).messages if m.parent_id is None]
    assert root.content == "two"


def test_a_fork_keeps_role_knowledge_base_model_and_workspace_and_links_back(
    services: AppServices, script: Script, tmp_path: Path
) -> None:
    role = services.roles.list()[0]
    base = services.knowledge_bases.create("notes")
    folder = tmp_path / "project"
    folder.mkdir()
    workspace = services.workspaces.add("project", str(folder))
    model = script({"text": "Bound."})
    options = SendOptions(
        model_ref=model, role_id=role.id, knowledge_base_id=base.id, workspace_id=workspace.id
    )
    handle = services.chat.send(None, "hello", options)
    handle.wait(30)
    source = services.threads.get(handle.thread_id)
    fork = services.forks.fork(handle.assistant_message_id)
    kept = ("model_ref", "role_id", "knowledge_base_id", "workspace_id")
    assert {k: getattr(fork.thread, k) for k in kept} == {k: getattr(source, k) for k in kept}
    assert fork.thread.title == f"{source.title} (fork)"  # told apart from the source in the sidebar
    origin = services.forks.origin(fork.thread.id)
    assert origin is not None
    assert (origin.thread_id, origin.message_id, origin.mode, origin.exists) == (
        source.id,
        handle.assistant_message_id,
        ForkMode.FROM_HERE,
        True,
    )
    assert services.forks.origin(source.id) is None  # the source is no fork


def test_each_copied_answer_still_names_the_model_that_wrote_it(
    services: AppServices, conversation: list[RunHandle]
) -> None:
    source_model = services.threads.get(conversation[0].thread_id).model_ref
    fork = services.forks.fork(conversation[2].assistant_message_id)
    answers = [m for m in services.threads.show(fork.thread.id).messages if m.role.value == "assistant"]
    assert [m.metadata["model"] for m in answers] == [source_model] * 3
    assert all(m.run_id is None for m in answers)  # the runs stay the source's


def test_a_message_on_a_hidden_branch_forks_the_branch_it_is_on(
    services: AppServices, conversation: list[RunHandle]
) -> None:
    hidden = conversation[1]
    edited = services.chat.edit(hidden.user_message_id, "two, asked again")
    assert edited.wait(30) is RunStatus.COMPLETED  # the visible branch now goes through the edit
    fork = services.forks.fork(hidden.user_message_id, ForkMode.ONWARD)
    assert not fork.on_visible_branch
    assert fork.branch_leaf_id == conversation[2].assistant_message_id
    assert _texts(services, fork.thread.id) == ["two", "Answer 2", "three", "Answer 3"]
    from_here = services.forks.fork(hidden.assistant_message_id, ForkMode.FROM_HERE)
    assert _texts(services, from_here.thread.id) == ["one", "Answer 1", "two", "Answer 2"]


def test_an_unknown_message_is_refused_and_nothing_is_written(
    services: AppServices, conversation: list[RunHandle]
) -> None:
    before = [t.id for t in services.threads.list()]
    with pytest.raises(NotFoundError, match="No message with id msg_nope"):
        services.forks.fork("msg_nope")
    assert [t.id for t in services.threads.list()] == before


def test_a_message_of_a_thread_in_the_trash_is_refused(
    services: AppServices, conversation: list[RunHandle]
) -> None:
    services.threads.delete(conversation[0].thread_id)
    with pytest.raises(NotFoundError, match="mira trash restore"):
        services.forks.fork(conversation[0].user_message_id)
    assert services.threads.list() == []


def test_an_answer_still_being_written_is_refused(services: AppServices, script: Script) -> None:
    model = script({"text": "slowly and at length " * 50, "token_delay_ms": 50})
    handle = services.chat.send(None, "go", SendOptions(model_ref=model))
    try:
        with pytest.raises(ConflictError, match="still being written"):
            services.forks.fork(handle.assistant_message_id)
        assert [t.id for t in services.threads.list()] == [handle.thread_id]
    finally:
        handle.stop()
        handle.wait(30)


def test_files_and_speech_of_copied_messages_outlive_the_deleted_source(
    services: AppServices, script: Script, tmp_path: Path
) -> None:
    services.attachments.retriever.embedder = lambda: None
    note = tmp_path / "note.txt"
    note.write_text("The launch code is 4471.")
    view = services.attachments.add_to_draft(None, note)
    handle = services.chat.send(
        None, "Read it.", SendOptions(model_ref=script({"text": "Read."}), attachment=view.draft_key)
    )
    assert handle.wait(30) is RunStatus.COMPLETED
    media = MediaRepository(services.database)  # a finished speech of the answer, as the media jobs leave it
    spoken = media.create(handle.assistant_message_id, MediaKind.AUDIO, "{id}.wav", "audio/wav")
    assert spoken.path is not None
    (services.folder.root / "media").mkdir(exist_ok=True)
    (services.folder.root / "media" / spoken.path).write_bytes(b"RIFF fake wav")
    media.set_status(spoken.id, MediaStatus.READY)

    fork = services.forks.fork(handle.assistant_message_id)
    services.threads.delete(handle.thread_id)
    services.trash.empty()  # the source is deleted for good
    assert services.attachments.collect(0).removed == []
    assert Path(view.path).read_text() == "The launch code is 4471."
    user_copy, answer_copy = fork.message_ids
    assert [v.name for v in services.attachments.for_message(user_copy)] == ["note.txt"]
    [copied] = services.media.for_message(answer_copy)
    assert copied.status == "ready"
    assert copied.path is not None
    assert Path(copied.path).read_bytes() == b"RIFF fake wav"
    origin = services.forks.origin(fork.thread.id)
    assert origin is not None
    assert not origin.exists


def test_the_link_back_survives_a_json_export_and_import(
    services: AppServices, conversation: list[RunHandle], tmp_path: Path
) -> None:
    fork = services.forks.fork(conversation[1].assistant_message_id)
    target = services.transfer.export(fork.thread, "json", tmp_path / "fork.json")
    services.threads.delete(fork.thread.id)
    services.trash.empty()
    imported = services.transfer.import_file(target)
    origin = services.forks.origin(imported.id)
    assert origin is not None
    assert (origin.thread_id, origin.message_id, origin.exists) == (
        conversation[0].thread_id,
        conversation[1].assistant_message_id,
        True,
    )


def test_revealing_a_hidden_source_message_shows_its_branch(
    services: AppServices, conversation: list[RunHandle]
) -> None:
    fork = services.forks.fork(conversation[1].assistant_message_id)
    edited = services.chat.edit(conversation[1].user_message_id, "two, asked again")
    assert edited.wait(30) is RunStatus.COMPLETED  # the source message is now on a hidden branch
    origin = services.forks.origin(fork.thread.id)
    assert origin is not None
    assert services.forks.reveal(origin) == conversation[0].thread_id
    shown = [m.id for m in services.branches.active_branch(conversation[0].thread_id)]
    assert conversation[1].assistant_message_id in shown


def test_the_next_turn_in_a_fork_is_sent_the_copied_history(
    services: AppServices, conversation: list[RunHandle]
) -> None:
    fork = services.forks.fork(conversation[1].assistant_message_id)
    request = services.chat.preview(fork.thread.id, "and then?")
    sent = [(m.role, m.content) for m in request.messages if m.role != "system"]
    assert sent == [
        ("user", "one"),
        ("assistant", "Answer 1"),
        ("user", "two"),
        ("assistant", "Answer 2"),
        ("user", "and then?"),
    ]
    handle = services.chat.send(fork.thread.id, "and then?", SendOptions())
    assert handle.wait(30) is RunStatus.COMPLETED
    assert _texts(services, fork.thread.id)[-1] == "Answer 4"  # the source's model answered


def test_a_fork_of_a_long_title_stays_within_a_title_and_is_said_in_the_callers_words(
    services: AppServices, conversation: list[RunHandle]
) -> None:
    source_id = conversation[0].thread_id
    services.threads.rename(source_id, "长" * 200)
    fork = services.forks.fork(conversation[0].assistant_message_id)
    assert len(fork.thread.title) == 200
    assert fork.thread.title.endswith("… (fork)")
    chinese = services.forks.fork(
        conversation[0].assistant_message_id, say=lambda phrase: f"{phrase.values['title']}（分支）"
    )
    assert chinese.thread.title.endswith("…（分支）")
    assert len(chinese.thread.title) == 200
    origin = services.forks.origin(fork.thread.id)
    assert origin is not None
    assert origin.title == "长" * 200  # the link names the source as it is called
