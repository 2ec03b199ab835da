"""Backups: a consistent snapshot while the app works, verified byte for byte, restored only whole."""

from __future__ import annotations

import json
import sqlite3
import threading
import zipfile
from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.backup.service import PRE_MIGRATION_KEEP, pre_migration_backup
from mira_desktop.services.chat.run_records import SendOptions
from mira_desktop.store import migrations
from mira_desktop.store.database import Database
from tests.support.cli import Mira
from tests.support.fixtures import OpenServices, Script
from tests.support.scripted import RELEASE, release
from tests.support.waiting import wait_for

DOCS = 80
LONG_TEXT = " ".join(f"word{i}" for i in range(80))
NOT_BACKED_UP = ("logs", "backups", "mira.db", "mira.db-wal", "mira.db-shm", "index.lock")


def _user_files(root: Path) -> dict[str, bytes]:
    """Every file a backup must carry, by path, with its bytes."""
    found = {}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if not path.is_file() or relative.parts[0] in NOT_BACKED_UP or "index.lock" in relative.parts:
            continue
        if ".scratch" in relative.parts:
            continue
        found[relative.as_posix()] = path.read_bytes()
    return found


def _published(services: AppServices, kb_id: str) -> int:
    return sum(d.version is not None for d in services.knowledge_bases.documents(kb_id))


def _dump(database: Path) -> list[str]:
    conn = sqlite3.connect(database)
    try:
        return [line for line in conn.iterdump() if "workspaces" not in line]  # root paths move
    finally:
        conn.close()


def _fill(services: AppServices, tmp_path: Path, script: Script) -> str:
    kb = services.knowledge_bases.create("Backed up")
    note = tmp_path / "glaciers.txt"
    note.write_text("Glaciers are slow rivers of ice that carve valleys.", encoding="utf-8")
    services.knowledge.queue.add(kb.id, [str(note)])
    services.knowledge.queue.run(kb.id)
    handle = services.chat.send(None, "你好，记住这个", SendOptions(model_ref=script({"text": "好的。"})))
    assert handle.wait(30) is RunStatus.COMPLETED
    services.memory.add("I prefer metric units.")
    return kb.id


def test_a_restored_backup_matches_the_source_byte_for_byte_and_opens(
    services: AppServices, open_services: OpenServices, tmp_path: Path, script: Script
) -> None:
    kb_id = _fill(services, tmp_path, script)
    archive = services.backup.create(tmp_path / "out" / "backup.zip")
    assert archive.path.is_file()
    assert not list(archive.path.parent.glob("*.partial"))
    assert services.backup.verify(archive.path).kind == "full"
    restored = tmp_path / "restored"
    report = services.backup.restore(archive.path, restored)
    assert report.files == archive.files
    source = _user_files(services.folder.root)
    assert _user_files(restored) == source  # sources, index generation, workspace files: every byte
    assert any(name.startswith(f"knowledge/{kb_id}/index/g") for name in source)
    assert _dump(restored / "mira.db") == _dump(services.folder.database_path)
    with open_services(restored) as again:
        assert again.workspaces.default().root_path == str(restored / "workspaces" / "mira-base")
        [thread] = again.threads.list()
        assert [m.content for m in again.threads.show(thread.id).messages] == ["你好，记住这个", "好的。"]
        hits = again.knowledge.search.search(kb_id, "rivers of ice", 3, "bm25")
        assert [h.document for h in hits] == ["glaciers.txt"]
        assert [f.text for f in again.memory.list()] == ["I prefer metric units."]


def test_a_backup_taken_while_a_reply_streams_and_an_index_job_runs_restores_cleanly(
    services: AppServices, open_services: OpenServices, tmp_path: Path, script: Script
) -> None:
    kb = services.knowledge_bases.create("Busy")
    folder = tmp_path / "many"
    folder.mkdir()
    for number in range(DOCS):
        (folder / f"note{number}.txt").write_text(
            f"Note {number} is about glaciers, rivers and valleys. " * 40, encoding="utf-8"
        )
    services.knowledge.queue.add(kb.id, [str(p) for p in sorted(folder.iterdir())])
    services.knowledge.indexer.start()
    ref = script({"text": LONG_TEXT, "hold_after": 2, "release_when": RELEASE})  # writing during the backup
    streaming = threading.Event()  # heard from before the send: the held reply's first pieces may come at once
    services.chat.bus.subscribe(lambda event: streaming.set())
    handle = services.chat.send(None, "Count slowly", SendOptions(model_ref=ref))
    assert streaming.wait(30)
    wait_for(lambda: services.knowledge.indexer.busy(kb.id), what="the index job under way")
    report = services.backup.create(tmp_path / "busy.zip")
    release(ref)
    assert handle.wait(60) is RunStatus.COMPLETED  # the reply was not disturbed
    manifest = services.backup.verify(report.path)
    assert manifest.kind == "full"
    restored = tmp_path / "restored"
    services.backup.restore(report.path, restored)
    services.knowledge.indexer.stop()
    with open_services(restored) as again:
        [thread] = again.threads.list()
        answer = again.threads.show(thread.id).messages[-1]
        assert LONG_TEXT.startswith(answer.content)  # at most the text being streamed is missing
        assert _published(again, kb.id) < DOCS  # the backup caught the job part-way
        again.knowledge.queue.run(kb.id)  # what the job had not finished resumes in the restored folder
        documents = again.knowledge_bases.documents(kb.id)
        assert [(d.status, d.version) for d in documents] == [("published", 1)] * DOCS
        hits = again.knowledge.search.search(kb.id, "note 79 glaciers", 5, "bm25")
        assert "note79.txt" in {h.document for h in hits}


def _rewrite(archive: Path, target: Path, change: dict[str, bytes | None]) -> Path:
    with zipfile.ZipFile(archive) as source, zipfile.ZipFile(target, "w") as sink:
        for info in source.infolist():
            data = change.get(info.filename, source.read(info.filename))
            if data is not None:
                sink.writestr(info.filename, data)
        for name, data in change.items():
            if name not in source.namelist() and data is not None:
                sink.writestr(name, data)
    return target


def test_a_tampered_truncated_newer_or_unsafe_archive_is_refused_and_nothing_is_restored(
    services: AppServices, tmp_path: Path, script: Script
) -> None:
    _fill(services, tmp_path, script)
    good = services.backup.create(tmp_path / "good.zip").path
    with zipfile.ZipFile(good) as archive:
        manifest = json.loads(archive.read("manifest.json"))
        member = next(n for n in archive.namelist() if n.startswith("knowledge/") and n.endswith(".txt"))
    newer = dict(manifest, schema_version=migrations.latest_version() + 1)
    unsafe = dict(manifest, files={**manifest["files"], "../escape.txt": {"size": 1, "sha256": "0"}})
    truncated = tmp_path / "truncated.zip"
    truncated.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    cases = {
        "does not match its checksum": _rewrite(good, tmp_path / "tampered.zip", {member: b"changed"}),
        "not a complete Mira backup": truncated,
        "made by a newer Mira": _rewrite(
            good, tmp_path / "newer.zip", {"manifest.json": json.dumps(newer).encode()}
        ),
        "unsafe file name": _rewrite(
            good,
            tmp_path / "unsafe.zip",
            {"manifest.json": json.dumps(unsafe).encode(), "../escape.txt": b"x"},
        ),
        "does not match its manifest": _rewrite(good, tmp_path / "extra.zip", {"extra.txt": b"x"}),
    }
    for reason, archive in cases.items():
        with pytest.raises(InvalidInputError, match=reason):
            services.backup.verify(archive)
        target = tmp_path / f"into-{archive.stem}"
        with pytest.raises(InvalidInputError, match=reason):
            services.backup.restore(archive, target)
        assert not target.exists()
    assert not (tmp_path / "escape.txt").exists()
    assert sorted(p.name for p in tmp_path.iterdir() if ".restoring-" in p.name) == []


def test_restore_refuses_a_folder_that_is_not_empty(services: AppServices, tmp_path: Path) -> None:
    good = services.backup.create(tmp_path / "good.zip").path
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "mine.txt").write_text("keep")
    with pytest.raises(InvalidInputError, match="not an empty folder"):
        services.backup.restore(good, busy)
    assert [p.name for p in busy.iterdir()] == ["mine.txt"]
    with pytest.raises(InvalidInputError, match="already exists"):
        services.backup.create(good)


def test_a_database_is_backed_up_before_each_schema_migration_and_the_last_few_kept(
    open_services: OpenServices, data_dir: Path
) -> None:
    data_dir.mkdir()
    older = migrations.latest_version() - 1
    conn = sqlite3.connect(data_dir / "mira.db", isolation_level=None)
    migrations.migrate(Database(conn, data_dir / "mira.db"), target=older)
    conn.close()
    with open_services() as services:
        [saved] = (data_dir / "backups").glob("pre-migration-*.zip")
        manifest = services.backup.verify(saved)
        assert (manifest.kind, manifest.schema_version) == ("pre-migration", older)
        for _ in range(PRE_MIGRATION_KEEP + 2):
            pre_migration_backup(services.folder, services.folder.database_path, older, older + 1)
        assert len(list((data_dir / "backups").glob("pre-migration-*.zip"))) == PRE_MIGRATION_KEEP


def test_mira_backup_create_verify_and_restore(mira: Mira, tmp_path: Path) -> None:
    archive = tmp_path / "cli.zip"
    created = mira("--json", "backup", "create", "-o", str(archive))
    assert created.code == 0, created.err
    assert created.json()["path"] == str(archive)
    checked = mira("backup", "verify", str(archive))
    assert (checked.code, "is intact" in checked.out) == (0, True)
    restored = mira("backup", "restore", str(archive), str(tmp_path / "again"))
    assert restored.code == 0
    assert "--data-dir" in restored.out
    broken = tmp_path / "broken.zip"
    broken.write_bytes(archive.read_bytes()[:100])
    refused = mira("backup", "verify", str(broken))
    assert refused.code == 2
    assert refused.err.count("\n") == 1
    assert "Traceback" not in refused.err
    again = mira("backup", "restore", str(archive), str(tmp_path / "again"))
    assert again.code == 2
    assert "empty folder" in again.err
