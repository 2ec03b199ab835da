"""Reference counting and garbage collection: a file goes a grace period after nothing refers to it
any more — its message, branch or thread deleted for good, removed from the composer, its draft
discarded — on start and on demand; a file something refers to is never removed, not even by a
collection running while a send is in flight."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.attachments.views import GRACE_SETTING, AttachmentView
from mira_desktop.services.chat.service import SendOptions
from mira_desktop.store.settings import SettingsRepository
from tests.integration.attachments.support import stored_files
from tests.support.fixtures import OpenServices, Script
from tests.support.waiting import wait_for


def _note(tmp_path: Path, name: str, text: str | None = None) -> Path:
    path = tmp_path / name
    path.write_text(text or f"The note called {name}.")
    return path


def _send(services: AppServices, model: str, view: AttachmentView, thread_id: str | None = None):  # type: ignore[no-untyped-def]
    options = SendOptions(model_ref=model if thread_id is None else None, attachment=view.draft_key)
    handle = services.chat.send(thread_id, f"Read {view.name}.", options)
    assert handle.wait(30).value == "completed"
    return handle


def _stored(services: AppServices) -> set[str]:
    return {u.attachment.id for u in services.attachments.list()}


def _blobs(services: AppServices) -> list[Path]:
    return [p for p in stored_files(services) if ".scratch" not in p.parts]


def test_a_file_removed_from_the_composer_is_collected_after_the_grace_period(
    bm25_only: AppServices, tmp_path: Path
) -> None:
    services = bm25_only
    view = services.attachments.add_to_draft(None, _note(tmp_path, "draft.txt"))
    assert services.attachments.collect(0).removed == []  # the draft holds it
    services.attachments.remove_from_draft(None)
    assert services.attachments.collect(3600).removed == []  # still within its grace period
    assert [u.attachment.id for u in services.attachments.list(unreferenced=True)] == [view.id]
    report = services.attachments.collect(0)
    assert report.removed == [view.id]
    assert report.bytes_freed > 0
    assert _stored(services) == set()
    assert _blobs(services) == []


def test_a_dry_run_says_what_would_go_and_removes_nothing(bm25_only: AppServices, tmp_path: Path) -> None:
    services = bm25_only
    view = services.attachments.add_to_draft(None, _note(tmp_path, "draft.txt"))
    services.attachments.remove_from_draft(None)
    report = services.attachments.collect(0, dry_run=True)
    assert (report.removed, report.names, report.dry_run) == ([view.id], ["draft.txt"], True)
    assert _stored(services) == {view.id}
    assert Path(view.path).exists()


def test_a_sent_file_stays_until_its_message_is_deleted(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    model = script({"text": "Read."})
    view = services.attachments.add_to_draft(None, _note(tmp_path, "sent.txt"))
    handle = _send(services, model, view)
    assert services.attachments.collect(0).removed == []
    services.branches.delete_message(handle.user_message_id)
    assert services.attachments.collect(0).removed == [view.id]
    assert not Path(view.path).exists()


def test_deleting_a_branch_releases_every_file_in_it_and_no_other(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    model = script({"text": "One."}, {"text": "Two."}, {"text": "Three."})
    first = services.attachments.add_to_draft(None, _note(tmp_path, "root.txt"))
    root = _send(services, model, first)
    second = services.attachments.add_to_draft(root.thread_id, _note(tmp_path, "child.txt"))
    child = _send(services, model, second, root.thread_id)
    sibling = services.chat.edit(child.user_message_id, "The same question, asked another way.")
    assert sibling.wait(30).value == "completed"
    services.branches.delete_message(child.user_message_id)  # one branch with child.txt
    assert services.attachments.collect(0).removed == []  # the edited question kept child.txt
    services.branches.delete_message(sibling.user_message_id)  # the other
    assert services.attachments.collect(0).removed == [second.id]
    assert Path(first.path).exists()


def test_a_file_in_two_messages_stays_while_one_still_carries_it(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    model = script({"text": "One."}, {"text": "Two."})
    note = _note(tmp_path, "shared.txt")
    first = services.attachments.add_to_draft(None, note)
    one = _send(services, model, first)
    again = services.attachments.add_to_draft(one.thread_id, note)
    assert again.id == first.id  # the same bytes, stored once
    _send(services, model, again, one.thread_id)
    services.branches.delete_message(one.assistant_message_id)  # the answer and the second message below it
    assert services.attachments.collect(0).removed == []
    services.branches.delete_message(one.user_message_id)
    assert services.attachments.collect(0).removed == [first.id]


def test_a_thread_in_the_trash_keeps_its_files_and_a_purged_one_releases_them(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    model = script({"text": "Read."})
    view = services.attachments.add_to_draft(None, _note(tmp_path, "kept.txt"))
    handle = _send(services, model, view)
    services.threads.delete(handle.thread_id)  # to the trash: restorable, so its files stay
    assert services.attachments.collect(0).removed == []
    services.threads.destroy(handle.thread_id)  # what a purge does
    assert services.attachments.collect(0).removed == [view.id]


def test_an_unsent_draft_of_a_deleted_thread_is_released(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    sent = services.attachments.add_to_draft(None, _note(tmp_path, "sent.txt"))
    handle = _send(services, script({"text": "Hi."}), sent)
    unsent = services.attachments.add_to_draft(handle.thread_id, _note(tmp_path, "unsent.txt"))
    assert services.attachments.draft(handle.thread_id) == unsent
    services.threads.destroy(handle.thread_id)
    assert set(services.attachments.collect(0).removed) == {sent.id, unsent.id}
    assert _blobs(services) == []


def test_files_without_a_row_are_swept_after_the_grace_period(bm25_only: AppServices, tmp_path: Path) -> None:
    services = bm25_only
    kept = services.attachments.add_to_draft(None, _note(tmp_path, "kept.txt"))
    stray = services.folder.attachments_dir / "ab" / ("ab" + "0" * 62)
    stray.parent.mkdir(parents=True, exist_ok=True)
    stray.write_bytes(b"left by a crash between the write and the row")
    assert services.attachments.collect(3600).orphan_files == 0  # too recent
    old = time.time() - 7200
    os.utime(stray, (old, old))
    report = services.attachments.collect(3600)
    assert report.orphan_files == 1
    assert not stray.exists()
    assert Path(kept.path).exists()


def test_collection_runs_on_start(open_services: OpenServices, tmp_path: Path) -> None:
    with open_services() as services:
        view = services.attachments.add_to_draft(None, _note(tmp_path, "discarded.txt"))
        services.attachments.remove_from_draft(None)
        SettingsRepository(services.database).set(GRACE_SETTING, 0)
    with open_services() as services:
        wait_for(lambda: _stored(services) == set(), 20, what="the collection that runs on start")
        assert not Path(view.path).exists()


def test_a_collection_running_beside_sends_never_removes_a_referenced_file(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    rounds = 12
    model = script(*({"text": f"Answer {i}."} for i in range(rounds)))
    stop = threading.Event()
    collected: list[str] = []
    errors: list[BaseException] = []

    def collect_all_the_time() -> None:
        while not stop.is_set():
            try:
                collected.extend(services.attachments.collect(0).removed)
            except BaseException as exc:
                errors.append(exc)
                return

    collector = threading.Thread(target=collect_all_the_time, name="test-collector")
    collector.start()
    sent: list[tuple[str, AttachmentView]] = []
    discarded: list[str] = []
    thread_id: str | None = None
    try:
        for i in range(rounds):
            discard = services.attachments.add_to_draft(
                thread_id, _note(tmp_path, f"discard-{i}.txt"), draft_key=f"cli-x{i}"
            )
            services.attachments.remove_from_draft(None, draft_key=f"cli-x{i}")
            discarded.append(discard.id)
            view = services.attachments.add_to_draft(thread_id, _note(tmp_path, f"kept-{i}.txt"))
            handle = _send(services, model, view, thread_id)
            thread_id = handle.thread_id
            sent.append((handle.user_message_id, view))
            for message_id, earlier in sent:  # every sent file is still there, whole
                assert [a.id for a in services.attachments.for_message(message_id)] == [earlier.id]
                assert Path(earlier.path).read_text().startswith("The note called kept-")
    finally:
        stop.set()
        collector.join(10)
    collected.extend(services.attachments.collect(0).removed)  # the last discarded one
    assert errors == []
    assert set(collected) == set(discarded)  # what nothing referred to went; nothing else did
    assert _stored(services) == {view.id for _, view in sent}
