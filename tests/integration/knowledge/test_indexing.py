"""Indexing with the real readers, embedding model, LanceDB and Tantivy: versions, jobs, deletion."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from mira_desktop.core.changes import Topic
from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.index.locking import IndexBusyError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.knowledge.indexing.background import BackgroundIndexer
from mira_desktop.services.knowledge.indexing.progress import IndexProgress
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from tests.conftest import SHARED_DATA

DOCS = SHARED_DATA / "docs"


def _index(services: AppServices, kb_id: str, paths: list[str]) -> None:
    result = services.knowledge.queue.add(kb_id, paths)
    services.knowledge.queue.run(kb_id)
    assert result.jobs


@pytest.mark.slow
def test_documents_are_indexed_with_locations_and_bad_files_fail_with_their_reason(
    services: AppServices, tmp_path: Path
) -> None:
    kb = services.knowledge_bases.create("Mixed")
    folder = tmp_path / "inbox"
    folder.mkdir()
    for name in (
        "pdf/normal/pdfjs__tracemonkey.pdf",
        "pptx/unstructured__fake-power-point-table.pptx",
        "xlsx/calamine__table-multiple.xlsx",
        "docx/wordext__bigfile-01.docx",
        "pdf/encrypted/pdfminer__rc4-40.pdf",
        "pdf/scanned/pypdf__imagemagick-CCITTFaxDecode.pdf",
    ):
        (folder / Path(name).name).write_bytes((DOCS / name).read_bytes())
    (folder / "notes.md").write_text("# Travel\n\n## Packing\n\nBring the blue umbrella and a torch.\n")
    _index(services, kb.id, [str(folder)])

    documents = {d.name: d for d in services.knowledge_bases.documents(kb.id)}
    assert documents["pdfminer__rc4-40.pdf"].status == "failed"
    assert "encrypted" in (documents["pdfminer__rc4-40.pdf"].error or "")
    assert "a scan in which OCR found no text" in (documents["pypdf__imagemagick-CCITTFaxDecode.pdf"].error or "")
    published = [d for d in documents.values() if d.status == "published"]
    assert len(published) == 5
    assert all(d.chunks > 0 and d.version == 1 for d in published)

    search = services.knowledge.search
    pdf = search.search(kb.id, "trace trees nested loops tracing JIT", 3)[0]
    assert pdf.document == "pdfjs__tracemonkey.pdf"
    assert pdf.location_label.startswith("p")
    assert "page" in pdf.location
    slide = search.search(kb.id, "Tangerine Pink Aqua", 1, "bm25")[0]
    assert (slide.document, slide.location_label) == ("unstructured__fake-power-point-table.pptx", "slide 1")
    sheet = search.search(kb.id, "Banana quantity", 1, "bm25")[0]
    assert sheet.location["sheet"] == "Sheet1"
    assert sheet.location_label.startswith("Sheet1, row")
    note = search.search(kb.id, "what should I pack for rain?", 1)[0]
    assert note.document == "notes.md"
    assert note.location_label == "lines 1–5, § Travel › Packing" or note.location["heading"][-1] == "Packing"
    assert {"vector", "bm25", "fused"} <= set(note.scores)


def test_a_query_during_a_rebuild_sees_only_the_published_version(
    services: AppServices, tmp_path: Path
) -> None:
    kb = services.knowledge_bases.create("Versions")
    doc = tmp_path / "codes.txt"
    doc.write_text("The launch code for the orbital mission is ALPHA-7.\n")
    _index(services, kb.id, [str(doc)])
    doc.write_text("The launch code for the orbital mission is BRAVO-9.\n")
    queued = services.knowledge.queue.add(kb.id, [str(doc)])
    assert len(queued.jobs) == 1

    seen_while_building: list[str] = []

    def query_now(progress: IndexProgress) -> None:
        if progress.state in ("embedding", "staged") or "saved" in progress.message:
            hits = services.knowledge.search.search(kb.id, "launch code orbital mission", 3)
            seen_while_building.extend(h.text for h in hits)

    services.knowledge.queue.run(kb.id, on_progress=query_now)
    assert seen_while_building
    assert all("ALPHA-7" in text for text in seen_while_building)
    after = services.knowledge.search.search(kb.id, "launch code orbital mission", 3)
    assert [h.text for h in after] == ["The launch code for the orbital mission is BRAVO-9."]
    assert after[0].version == 2
    documents = services.knowledge_bases.documents(kb.id)
    assert (documents[0].version, documents[0].status) == (2, "published")
    # The superseded version's rows are gone from both indexes.
    generation = services.knowledge.bases._indexes.get(kb.id).live()
    assert generation is not None
    assert generation.vectors.count() == generation.lexical.count() == 1


def test_re_adding_an_unchanged_file_creates_no_version(services: AppServices, tmp_path: Path) -> None:
    kb = services.knowledge_bases.create("Same")
    doc = tmp_path / "same.md"
    doc.write_text("# Same\n\nNothing changes here.\n")
    _index(services, kb.id, [str(doc)])
    again = services.knowledge.queue.add(kb.id, [str(doc)])
    assert again.jobs == []
    assert again.unchanged == ["same.md"]


def test_a_missing_path_is_refused_and_changes_nothing(services: AppServices, tmp_path: Path) -> None:
    kb = services.knowledge_bases.create("Careful")
    real = tmp_path / "real.txt"
    real.write_text("real text")
    with pytest.raises(InvalidInputError, match="does not exist"):
        services.knowledge.queue.add(kb.id, [str(real), str(tmp_path / "missing.txt")])
    assert services.knowledge_bases.documents(kb.id) == []


def test_a_removed_document_leaves_search_at_once_and_its_purge_removes_the_stored_copy(
    services: AppServices, tmp_path: Path
) -> None:
    kb = services.knowledge_bases.create("Remove")
    keep, drop = tmp_path / "keep.txt", tmp_path / "drop.txt"
    keep.write_text("Volcanoes erupt molten rock called lava.")
    drop.write_text("Glaciers are slow rivers of ice.")
    _index(services, kb.id, [str(keep), str(drop)])
    sources = services.folder.knowledge_dir / kb.id / "sources"
    assert len(list(sources.rglob("*.txt"))) == 2
    services.knowledge_bases.remove_document(kb.id, "drop.txt")
    assert [d.name for d in services.knowledge_bases.documents(kb.id)] == ["keep.txt"]
    assert services.knowledge.search.search(kb.id, "glaciers ice rivers", 5, "bm25") == []
    assert [h.document for h in services.knowledge.search.search(kb.id, "lava volcano", 5)] == ["keep.txt"]
    assert len(list(sources.rglob("*.txt"))) == 2  # in the trash, restorable
    services.trash.empty()
    assert [p.name for p in sources.rglob("*.txt")] == ["keep.txt"]


def test_a_deleted_knowledge_base_waits_in_the_trash_comes_back_whole_and_is_purged_for_good(
    services: AppServices, tmp_path: Path
) -> None:
    kb = services.knowledge_bases.create("Doomed")
    doc = tmp_path / "facts.txt"
    doc.write_text("Octopuses have three hearts.")
    _index(services, kb.id, [str(doc)])
    threads, messages = ThreadRepository(services.database), MessageRepository(services.database)
    thread = threads.create(title="About octopuses", knowledge_base_id=kb.id)
    question = messages.add(thread.id, MessageRole.USER, "How many hearts?")
    answer = messages.add(thread.id, MessageRole.ASSISTANT, "Three [1].", parent_id=question.id)
    preview = services.knowledge_bases.deletion_preview(kb.id)
    assert (preview.documents_removed, preview.threads_unbound, preview.messages_kept) == (1, 1, 2)

    services.knowledge_bases.delete(kb.id)

    assert services.knowledge_bases.list() == []  # out of every list and search at once
    with pytest.raises(NotFoundError):
        services.knowledge.search.search(kb.id, "hearts", 3)
    detail = services.threads.show(thread.id)
    assert detail.thread.knowledge_base_id is None
    assert [m.id for m in detail.messages] == [question.id, answer.id]
    assert services.knowledge_bases.remove_orphan_folders() == 0  # its folder is kept in the trash
    assert [e.kind for e in services.trash.list()] == ["knowledge_base"]

    services.trash.restore(kb.id)  # back whole: no re-indexing
    assert services.threads.get(thread.id).knowledge_base_id == kb.id
    assert "three hearts" in services.knowledge.search.search(kb.id, "hearts", 3)[0].text

    services.knowledge_bases.delete(kb.id)
    services.trash.purge(kb.id)
    assert not (services.folder.knowledge_dir / kb.id).exists()
    assert services.database.one("SELECT count(*) AS n FROM knowledge_bases") == {"n": 0}
    assert services.database.one("SELECT count(*) AS n FROM documents") == {"n": 0}
    assert services.database.one("SELECT count(*) AS n FROM index_jobs") == {"n": 0}
    assert [m.id for m in services.threads.show(thread.id).messages] == [question.id, answer.id]


def test_a_second_writer_fails_with_a_clear_message_and_loses_no_document(
    services: AppServices, tmp_path: Path
) -> None:
    kb = services.knowledge_bases.create("Busy")
    doc = tmp_path / "queued.txt"
    doc.write_text("Queued while someone else writes.")
    services.knowledge.queue.add(kb.id, [str(doc)])
    lock = services.knowledge.bases._indexes.get(kb.id).lock()
    lock.acquire()
    try:
        with pytest.raises(IndexBusyError, match="is being indexed by"):
            services.knowledge.queue.run(kb.id, lock_timeout=0.2)
    finally:
        lock.release()
    assert [j.state for j in services.knowledge_bases.jobs(kb.id)] == ["queued"]
    services.knowledge.queue.run(kb.id)
    assert [j.state for j in services.knowledge_bases.jobs(kb.id)] == ["published"]


def test_an_index_built_for_another_model_is_rebuilt_beside_it(services: AppServices, tmp_path: Path) -> None:
    from mira_desktop.core.fileio import write_atomically

    kb = services.knowledge_bases.create("Rebuild")
    doc = tmp_path / "planets.txt"
    doc.write_text("Jupiter is the largest planet of the solar system.")
    _index(services, kb.id, [str(doc)])
    index = services.knowledge.bases._indexes.get(kb.id)
    manifest = index.manifest()
    assert manifest is not None
    stale = manifest.to_json().replace(manifest.spec.embedding_model, "old-model")
    write_atomically(index.manifest_path, stale)
    assert not index.is_current()
    # Queries still use the old generation (lexically: its vectors are from another model).
    assert services.knowledge.search.search(kb.id, "largest planet", 1)[0].document == "planets.txt"

    report = services.knowledge.queue.run(kb.id)

    assert report.rebuilt
    assert index.is_current()
    rebuilt = index.manifest()
    assert rebuilt is not None
    assert rebuilt.generation == manifest.generation + 1
    assert not (index.root / f"g{manifest.generation:04d}").exists()
    hit = services.knowledge.search.search(kb.id, "largest planet", 1)[0]
    assert hit.document == "planets.txt"
    assert "vector" in hit.scores


def test_following_a_folder_indexes_new_changed_and_removed_files(
    services: AppServices, tmp_path: Path
) -> None:
    from mira_desktop.services.knowledge.indexing.folder_sync import sync_folder

    kb = services.knowledge_bases.create("Watched")
    folder = tmp_path / "watched"
    folder.mkdir()
    (folder / "a.md").write_text("# A\n\nApples are red.\n")
    (folder / "b.md").write_text("# B\n\nBananas are yellow.\n")
    (folder / ".hidden.md").write_text("secret")
    services.knowledge_bases.watch(kb.id, str(folder))
    first = sync_folder(kb.id, str(folder), services.knowledge_bases, services.knowledge.queue)
    assert len(first.queued) == 2
    services.knowledge.queue.run(kb.id)
    (folder / "a.md").write_text("# A\n\nApples are green now.\n")
    (folder / "b.md").unlink()
    (folder / "c.md").write_text("# C\n\nCherries are dark red.\n")
    second = sync_folder(kb.id, str(folder), services.knowledge_bases, services.knowledge.queue)
    assert (len(second.queued), second.removed, second.unchanged) == (2, ["b.md"], 0)
    services.knowledge.queue.run(kb.id)
    documents = services.knowledge_bases.documents(kb.id)
    assert sorted((d.name, d.version, d.status) for d in documents) == [
        ("a.md", 2, "published"),
        ("c.md", 1, "published"),
    ]
    third = sync_folder(kb.id, str(folder), services.knowledge_bases, services.knowledge.queue)
    assert (third.queued, third.removed, third.unchanged) == ([], [], 2)
    assert services.knowledge.search.search(kb.id, "green apples", 1)[0].text.endswith(
        "Apples are green now."
    )
    assert [h.document for h in services.knowledge.search.search(kb.id, "cherries", 1, "bm25")] == ["c.md"]
    assert services.knowledge.search.search(kb.id, "bananas yellow", 5, "bm25") == []


def test_an_unchanged_file_that_failed_is_not_read_again_on_the_next_rescan(
    services: AppServices, tmp_path: Path
) -> None:
    from mira_desktop.services.knowledge.indexing.folder_sync import sync_folder

    kb = services.knowledge_bases.create("Locked")
    folder = tmp_path / "watched"
    folder.mkdir()
    (folder / "secret.pdf").write_bytes((DOCS / "pdf/encrypted/pdfminer__rc4-40.pdf").read_bytes())
    services.knowledge_bases.watch(kb.id, str(folder))
    assert (
        len(sync_folder(kb.id, str(folder), services.knowledge_bases, services.knowledge.queue).queued) == 1
    )
    services.knowledge.queue.run(kb.id)
    assert [(j.version, j.state) for j in services.knowledge_bases.jobs(kb.id)] == [(1, "failed")]
    again = sync_folder(kb.id, str(folder), services.knowledge_bases, services.knowledge.queue)
    services.knowledge.queue.run(kb.id)
    assert (again.queued, again.unchanged) == ([], 1)
    assert [(j.version, j.state) for j in services.knowledge_bases.jobs(kb.id)] == [(1, "failed")]


def test_the_apps_background_indexer_follows_a_folder_it_watches(
    services: AppServices, tmp_path: Path
) -> None:
    """The desktop app's indexer rescans followed folders on its own (here every 50 ms, not 10 s)."""
    kb = services.knowledge_bases.create("Followed")
    folder, staging = tmp_path / "followed", tmp_path / "staging"
    folder.mkdir()
    staging.mkdir()

    def put(name: str, text: str) -> None:  # written beside, then renamed in: never seen half-written
        (staging / name).write_text(text)
        os.replace(staging / name, folder / name)

    def documents() -> list[tuple[str, int, str]]:
        return sorted((d.name, d.version, d.status) for d in services.knowledge_bases.documents(kb.id))

    put("a.md", "# A\n\nApples are red.\n")
    put("b.md", "# B\n\nBananas are yellow.\n")
    services.knowledge_bases.watch(kb.id, str(folder))
    indexer = BackgroundIndexer(
        services.knowledge.queue,
        services.knowledge_bases,
        notifications=services.notifications,
        tasks=services.tasks,
        changes=services.changes,
        poll_s=0.05,
        watch_every_s=0.05,
    )
    indexer.start()
    try:
        assert _wait_for_index(
            services, lambda: documents() == [("a.md", 1, "published"), ("b.md", 1, "published")]
        )
        put("a.md", "# A\n\nApples are green now, and crisp.\n")
        put("c.md", "# C\n\nCherries are dark red.\n")
        (folder / "b.md").unlink()
        indexer.wake()
        assert _wait_for_index(
            services, lambda: documents() == [("a.md", 2, "published"), ("c.md", 1, "published")]
        )
    finally:
        indexer.stop()
    assert services.knowledge.search.search(kb.id, "green apples", 1)[0].text.endswith(
        "green now, and crisp."
    )
    assert services.knowledge.search.search(kb.id, "bananas yellow", 5, "bm25") == []


def _wait_for_index(services: AppServices, done: Callable[[], bool], timeout: float = 60.0) -> bool:
    """Wait until ``done()`` holds, checking it again on every change the indexer publishes."""
    changed = threading.Event()
    stop_listening = services.changes.subscribe(
        lambda change: changed.set() if change.topic == Topic.INDEX else None
    )
    deadline = time.monotonic() + timeout
    try:
        while True:
            changed.clear()
            if done():
                return True
            if not changed.wait(max(0.0, deadline - time.monotonic())):
                return done()
    finally:
        stop_listening()


def test_search_checks_the_cancel_token_and_rejects_bad_input(services: AppServices, tmp_path: Path) -> None:
    from mira_desktop.core.cancel import Cancelled, CancelToken

    kb = services.knowledge_bases.create("Cancel")
    assert services.knowledge.search.search(kb.id, "anything", 3) == []
    assert services.knowledge.search.searchable_documents(kb.id) == 0
    doc = tmp_path / "t.txt"
    doc.write_text("Tea is brewed from leaves.")
    _index(services, kb.id, [str(doc)])
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        services.knowledge.search.search(kb.id, "tea", 3, "hybrid", token)
    with pytest.raises(InvalidInputError, match="empty"):
        services.knowledge.search.search(kb.id, "   ", 3)
    with pytest.raises(InvalidInputError, match="Unknown search mode"):
        services.knowledge.search.search(kb.id, "tea", 3, "fuzzy")
    assert [h.document for h in services.knowledge.search.search(kb.id, "tea", 3)] == ["t.txt"]
