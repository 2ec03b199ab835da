"""BM25 analysis (English stems, Chinese words), the index manifest, and the per-index writer lock."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
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
