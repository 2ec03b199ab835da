"""BM25 analysis (English stems, Chinese words), the index manifest, and the per-index writer lock."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from mira_desktop.core.fileio import write_atomically
from mira_desktop.index.analysis import terms
from mira_desktop.index.locking import IndexBusyError, IndexLock
from mira_desktop.index.manifest import IndexSpec, new_manifest, read_manifest


def test_english_words_are_stemmed_and_stop_words_dropped() -> None:
    assert terms("The runners were running to the stations") == ["runner", "were", "run", "station"]


def test_chinese_text_is_segmented_into_words() -> None:
    found = terms("知识库支持中文检索")
    assert "知识库" in found or "知识" in found
    assert "检索" in found
    assert "知识库支持中文检索" not in found


def test_a_written_manifest_reads_back_leaves_no_temporary_file_and_a_damaged_one_reads_as_none(
    tmp_path: Path,
) -> None:
    path = tmp_path / "manifest.json"
    spec = IndexSpec("model-a", 384)
    write_atomically(path, new_manifest(3, spec).to_json())
    manifest = read_manifest(path)
    assert manifest is not None
    assert manifest.generation == 3
    assert manifest.spec == spec
    assert manifest.spec != IndexSpec("model-b", 384)
    assert [p.name for p in tmp_path.iterdir()] == ["manifest.json"]
    path.write_text("{ damaged")
    assert read_manifest(path) is None


def test_a_second_writer_waits_then_fails_with_a_message_naming_the_owner(tmp_path: Path) -> None:
    first = IndexLock(tmp_path / "index.lock", "Notes")
    first.acquire()
    try:
        told: list[str] = []
        with pytest.raises(IndexBusyError, match=f"Notes is being indexed by .*{os.getpid()}|another task"):
            IndexLock(tmp_path / "index.lock", "Notes").acquire(timeout=0.3, on_wait=told.append)
        assert len(told) == 1
        assert "waiting" in told[0]
    finally:
        first.release()
    second = IndexLock(tmp_path / "index.lock", "Notes")
    assert second.try_acquire()
    second.release()


def test_a_lock_left_by_a_killed_process_is_recovered(tmp_path: Path) -> None:
    lock_path = tmp_path / "index.lock"
    code = textwrap.dedent(
        f"""
        import os, signal, sys
        from pathlib import Path
        from mira_desktop.index.locking import IndexLock
        lock = IndexLock(Path({str(lock_path)!r}))
        assert lock.try_acquire()
        print(os.getpid(), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    dead_pid = int(result.stdout.strip())
    assert result.returncode != 0
    lock = IndexLock(lock_path)
    assert lock.owner() == dead_pid
    lock.acquire(timeout=0)
    try:
        assert lock.recovered_from == dead_pid
        assert lock.owner() == os.getpid()
    finally:
        lock.release()


def test_a_lock_released_cleanly_by_a_process_that_ended_is_not_reported_as_recovered(tmp_path: Path) -> None:
    lock_path = tmp_path / "index.lock"
    code = textwrap.dedent(
        f"""
        from pathlib import Path
        from mira_desktop.index.locking import IndexLock
        lock = IndexLock(Path({str(lock_path)!r}))
        lock.acquire(timeout=0)
        lock.release()
        """
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    lock = IndexLock(lock_path)
    assert lock.owner() is None
    lock.acquire(timeout=0)
    try:
        assert lock.recovered_from is None
        assert lock.owner() == os.getpid()
    finally:
        lock.release()


def test_a_waiting_writer_is_told_once_and_gets_the_lock_when_the_owner_releases_it(tmp_path: Path) -> None:
    first = IndexLock(tmp_path / "index.lock", "Notes")
    first.acquire()
    told: list[str] = []
    waiting = threading.Event()
    second = IndexLock(tmp_path / "index.lock", "Notes")

    def wait_for_it() -> None:
        second.acquire(timeout=30, on_wait=lambda message: (told.append(message), waiting.set()), poll=0.01)

    waiter = threading.Thread(target=wait_for_it)
    waiter.start()
    assert waiting.wait(30)
    assert not second.held
    first.release()
    waiter.join(30)
    assert second.held
    assert len(told) == 1
    assert "Notes is being indexed by another task of this process; waiting" in told[0]
    second.release()


def test_a_lock_taken_on_one_thread_is_released_on_another(tmp_path: Path) -> None:
    lock = IndexLock(tmp_path / "index.lock")
    taker = threading.Thread(target=lock.acquire, kwargs={"timeout": 0})
    taker.start()
    taker.join(30)
    assert lock.held
    assert not IndexLock(tmp_path / "index.lock").try_acquire()
    lock.release()
    other = IndexLock(tmp_path / "index.lock")
    assert other.try_acquire()
    other.release()


def test_a_held_lock_is_not_taken_twice_and_one_release_frees_it(tmp_path: Path) -> None:
    lock = IndexLock(tmp_path / "index.lock")
    assert lock.try_acquire()
    assert not lock.try_acquire()
    lock.release()
    other = IndexLock(tmp_path / "index.lock")
    assert other.try_acquire()
    other.release()
