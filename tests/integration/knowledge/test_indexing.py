"""Indexing with the real readers, embedding model, LanceDB and Tantivy: versions, jobs, deletion."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.clock import now_iso
from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.index.locking import IndexBusyError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.knowledge.indexing.builder import IndexProgress
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from tests.conftest import SHARED_DATA

DOCS = SHARED_DATA / "docs"


def _index(app: AppServices, kb_id: str, paths: list[str]) -> None:
    result = app.knowledge.queue.add(kb_id, paths)
    app.knowledge.queue.run(kb_id)
    assert result.jobs


@pytest.mark.slow
def test_documents_are_indexed_with_locations_and_bad_files_fail_with_their_reason(
    app: AppServices, tmp_path: Path
) -> None:
    kb = app.knowledge_bases.create("Mixed")
    folder = tmp_path / "inbox"
    folder.mkdir()
    for name in (
        "pdf/normal/pdfjs__tracemonkey.pdf",
        "pptx/unstructured__fake-power-point-table.pptx",
        "xlsx/calamine__table-multiple.xlsx",
        "docx/wordext__bigfile-01.docx",
        "pdf/encrypted/pdfminer__rc4-40.pdf",
        "pdf/scanned/pdfjs__issue5475.pdf",
    ):
        (folder / Path(name).name).write_bytes((DOCS / name).read_bytes())
    (folder / "notes.md").write_text("# Travel\n\n## Packing\n\nBring the blue umbrella and a torch.\n")
    _index(app, kb.id, [str(folder)])

    documents = {d.name: d for d in app.knowledge_bases.documents(kb.id)}
    assert documents["pdfminer__rc4-40.pdf"].status == "failed"
    assert "encrypted" in (documents["pdfminer__rc4-40.pdf"].error or "")
    assert "scan without a text layer" in (documents["pdfjs__issue5475.pdf"].error or "")
    published = [d for d in documents.values() if d.status == "published"]
    assert len(published) == 5
    assert all(d.chunks > 0 and d.version == 1 for d in published)

    search = app.knowledge.search
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


def test_a_query_during_a_rebuild_sees_only_the_published_version(app: AppServices, tmp_path: Path) -> None:
    kb = app.knowledge_bases.create("Versions")
    doc = tmp_path / "codes.txt"
    doc.write_text("The launch code for the orbital mission is ALPHA-7.\n")
    _index(app, kb.id, [str(doc)])
    doc.write_text("The launch code for the orbital mission is BRAVO-9.\n")
    queued = app.knowledge.queue.add(kb.id, [str(doc)])
    assert len(queued.jobs) == 1

    seen_while_building: list[str] = []

    def query_now(progress: IndexProgress) -> None:
        if progress.state in ("embedding", "staged") or "saved" in progress.message:
            hits = app.knowledge.search.search(kb.id, "launch code orbital mission", 3)
            seen_while_building.extend(h.text for h in hits)

    app.knowledge.queue.run(kb.id, on_progress=query_now)
    assert seen_while_building
    assert all("ALPHA-7" in text for text in seen_while_building)
    after = app.knowledge.search.search(kb.id, "launch code orbital mission", 3)
    assert [h.text for h in after] == ["The launch code for the orbital mission is BRAVO-9."]
    assert after[0].version == 2
    documents = app.knowledge_bases.documents(kb.id)
    assert (documents[0].version, documents[0].status) == (2, "published")
    # The superseded version's rows are gone from both indexes.
    generation = app.knowledge.bases._indexes.get(kb.id).live()
    assert generation is not None
    assert generation.vectors.count() == generation.lexical.count() == 1


def test_re_adding_an_unchanged_file_creates_no_version(app: AppServices, tmp_path: Path) -> None:
    kb = app.knowledge_bases.create("Same")
    doc = tmp_path / "same.md"
    doc.write_text("# Same\n\nNothing changes here.\n")
    _index(app, kb.id, [str(doc)])
    again = app.knowledge.queue.add(kb.id, [str(doc)])
    assert again.jobs == []
    assert again.unchanged == ["same.md"]


def test_a_missing_path_is_refused_and_changes_nothing(app: AppServices, tmp_path: Path) -> None:
    kb = app.knowledge_bases.create("Careful")
    real = tmp_path / "real.txt"
    real.write_text("real text")
    with pytest.raises(InvalidInputError, match="does not exist"):
        app.knowledge.queue.add(kb.id, [str(real), str(tmp_path / "missing.txt")])
    assert app.knowledge_bases.documents(kb.id) == []


def test_removing_a_document_removes_its_index_data_and_stored_copy(app: AppServices, tmp_path: Path) -> None:
    kb = app.knowledge_bases.create("Remove")
    keep, drop = tmp_path / "keep.txt", tmp_path / "drop.txt"
    keep.write_text("Volcanoes erupt molten rock called lava.")
    drop.write_text("Glaciers are slow rivers of ice.")
    _index(app, kb.id, [str(keep), str(drop)])
    sources = app.folder.knowledge_dir / kb.id / "sources"
    assert len(list(sources.rglob("*.txt"))) == 2
    app.knowledge_bases.remove_document(kb.id, "drop.txt")
    assert [d.name for d in app.knowledge_bases.documents(kb.id)] == ["keep.txt"]
    assert app.knowledge.search.search(kb.id, "glaciers ice rivers", 5, "bm25") == []
    assert [h.document for h in app.knowledge.search.search(kb.id, "lava volcano", 5)] == ["keep.txt"]
    assert [p.name for p in sources.rglob("*.txt")] == ["keep.txt"]


def test_deleting_a_knowledge_base_removes_its_data_and_keeps_its_threads(
    app: AppServices, tmp_path: Path
) -> None:
    kb = app.knowledge_bases.create("Doomed")
    doc = tmp_path / "facts.txt"
    doc.write_text("Octopuses have three hearts.")
    _index(app, kb.id, [str(doc)])
    threads, messages = ThreadRepository(app.database), MessageRepository(app.database)
    thread = threads.create(title="About octopuses", knowledge_base_id=kb.id)
    question = messages.add(thread.id, MessageRole.USER, "How many hearts?")
    answer = messages.add(thread.id, MessageRole.ASSISTANT, "Three [1].", parent_id=question.id)
    preview = app.knowledge_bases.deletion_preview(kb.id)
    assert (preview.documents_removed, preview.threads_unbound, preview.messages_kept) == (1, 1, 2)

    app.knowledge_bases.delete(kb.id)

    assert not (app.folder.knowledge_dir / kb.id).exists()
    detail = app.threads.show(thread.id)
    assert detail.thread.knowledge_base_id is None
    assert [m.id for m in detail.messages] == [question.id, answer.id]
    assert app.database.one("SELECT count(*) AS n FROM documents") == {"n": 0}
    assert app.database.one("SELECT count(*) AS n FROM index_jobs") == {"n": 0}


def test_a_second_writer_fails_with_a_clear_message_and_loses_no_document(
    app: AppServices, tmp_path: Path
) -> None:
    kb = app.knowledge_bases.create("Busy")
    doc = tmp_path / "queued.txt"
    doc.write_text("Queued while someone else writes.")
    app.knowledge.queue.add(kb.id, [str(doc)])
    lock = app.knowledge.bases._indexes.get(kb.id).lock()
    lock.acquire()
    try:
        with pytest.raises(IndexBusyError, match="is being indexed by"):
            app.knowledge.queue.run(kb.id, lock_timeout=0.2)
    finally:
        lock.release()
    assert [j.state for j in app.knowledge_bases.jobs(kb.id)] == ["queued"]
    app.knowledge.queue.run(kb.id)
    assert [j.state for j in app.knowledge_bases.jobs(kb.id)] == ["published"]


def test_an_index_built_for_another_model_is_rebuilt_beside_it(app: AppServices, tmp_path: Path) -> None:
    from mira_desktop.core.fileio import write_atomically

    kb = app.knowledge_bases.create("Rebuild")
    doc = tmp_path / "planets.txt"
    doc.write_text("Jupiter is the largest planet of the solar system.")
    _index(app, kb.id, [str(doc)])
    index = app.knowledge.bases._indexes.get(kb.id)
    manifest = index.manifest()
    assert manifest is not None
    stale = manifest.to_json().replace(manifest.spec.embedding_model, "old-model")
    write_atomically(index.manifest_path, stale)
    assert not index.is_current()
    # Queries still use the old generation (lexically: its vectors are from another model).
    assert app.knowledge.search.search(kb.id, "largest planet", 1)[0].document == "planets.txt"

    report = app.knowledge.queue.run(kb.id)

    assert report.rebuilt
    assert index.is_current()
    rebuilt = index.manifest()
    assert rebuilt is not None
    assert rebuilt.generation == manifest.generation + 1
    assert not (index.root / f"g{manifest.generation:04d}").exists()
    hit = app.knowledge.search.search(kb.id, "largest planet", 1)[0]
    assert hit.document == "planets.txt"
    assert "vector" in hit.scores


def test_following_a_folder_indexes_new_changed_and_removed_files(app: AppServices, tmp_path: Path) -> None:
    from mira_desktop.services.knowledge.indexing.folder_sync import sync_folder

    kb = app.knowledge_bases.create("Watched")
    folder = tmp_path / "watched"
    folder.mkdir()
    (folder / "a.md").write_text("# A\n\nApples are red.\n")
    (folder / "b.md").write_text("# B\n\nBananas are yellow.\n")
    (folder / ".hidden.md").write_text("secret")
    app.knowledge_bases.watch(kb.id, str(folder))
    first = sync_folder(kb.id, str(folder), app.knowledge_bases, app.knowledge.queue)
    assert len(first.queued) == 2
    app.knowledge.queue.run(kb.id)
    (folder / "a.md").write_text("# A\n\nApples are green now.\n")
    (folder / "b.md").unlink()
    second = sync_folder(kb.id, str(folder), app.knowledge_bases, app.knowledge.queue)
    assert (len(second.queued), second.removed) == (1, ["b.md"])
    app.knowledge.queue.run(kb.id)
    documents = app.knowledge_bases.documents(kb.id)
    assert [(d.name, d.version) for d in documents] == [("a.md", 2)]
    third = sync_folder(kb.id, str(folder), app.knowledge_bases, app.knowledge.queue)
    assert (third.queued, third.unchanged) == ([], 1)
    assert app.knowledge.search.search(kb.id, "green apples", 1)[0].text.endswith("Apples are green now.")


def test_search_checks_the_cancel_token_and_rejects_bad_input(app: AppServices, tmp_path: Path) -> None:
    from mira_desktop.core.cancel import Cancelled, CancelToken

    kb = app.knowledge_bases.create("Cancel")
    assert app.knowledge.search.search(kb.id, "anything", 3) == []
    assert app.knowledge.search.searchable_documents(kb.id) == 0
    doc = tmp_path / "t.txt"
    doc.write_text("Tea is brewed from leaves.")
    _index(app, kb.id, [str(doc)])
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        app.knowledge.search.search(kb.id, "tea", 3, "hybrid", token)
    with pytest.raises(InvalidInputError, match="empty"):
        app.knowledge.search.search(kb.id, "   ", 3)
    with pytest.raises(InvalidInputError, match="Unknown search mode"):
        app.knowledge.search.search(kb.id, "tea", 3, "fuzzy")
    assert now_iso()
