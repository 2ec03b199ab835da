"""Liveness by pid and start time, and writes that leave the old content or the new."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mira_desktop.core.fileio import write_atomically
from mira_desktop.core.processes import (
    SAME_START_S,
    ProcessIdentity,
    current_process,
    process_alive,
    process_start_time,
)


def test_this_process_is_alive_and_a_reused_pid_with_another_start_time_is_not() -> None:
    me = current_process()
    assert me.start  # psutil tells start times on every platform
    assert process_alive(me.pid, me.start)
    assert not process_alive(me.pid, f"{float(me.start) - 3600:.2f}")  # the same pid an hour earlier
    assert not process_alive(me.pid, "not a time")


def test_a_start_time_moved_by_a_small_clock_step_is_still_the_same_process() -> None:
    me = current_process()
    assert process_alive(me.pid, f"{float(me.start) + SAME_START_S / 2:.2f}")
    assert not process_alive(me.pid, f"{float(me.start) + SAME_START_S * 2:.2f}")


def test_a_child_is_alive_with_its_start_time_until_it_ends() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        start = process_start_time(child.pid)
        assert start
        assert process_alive(child.pid, start)
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait(timeout=30)
    assert not process_alive(child.pid, start)
    assert process_start_time(child.pid) == ""


def test_an_ended_process_is_not_alive() -> None:
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    assert not process_alive(int(child.stdout))


def test_nonsense_is_never_alive() -> None:
    for pid in (None, "12", 0, -5, True):
        assert not process_alive(pid)


def test_identity_round_trips_through_text() -> None:
    me = current_process()
    assert ProcessIdentity.parse(me.to_text()) == me
    assert ProcessIdentity.parse("garbage") is None


def test_a_failed_write_leaves_the_old_content_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "settings.json"
    write_atomically(target, '{"old": true}')

    def broken_replace(*_args: object, **_kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        write_atomically(target, b'{"new": true}')
    assert target.read_text() == '{"old": true}'
    assert os.listdir(tmp_path) == ["settings.json"]


def test_write_makes_folders_unless_told_not_to(tmp_path: Path) -> None:
    write_atomically(tmp_path / "a" / "b.txt", "x")
    assert (tmp_path / "a" / "b.txt").read_text() == "x"
    with pytest.raises(FileNotFoundError):
        write_atomically(tmp_path / "missing" / "c.txt", "x", make_parents=False)
