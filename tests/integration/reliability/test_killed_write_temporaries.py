"""Found by the crash trials (reliability/crash_trials.py, "agent run"): a run killed while it wrote
a snapshot left ``agent/snapshots/…/.NAME.XXXX.partial`` (the temporary file of an atomic write) for
good. The temporary file now names its writer's process, and a start removes those under Mira's own
folders whose writer is no longer running."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from tests.integration.reliability.writers import ended, writing
from tests.support.fixtures import OpenServices

# Writes atomically, but stops before the rename (as a kill there would find it), and waits.
WRITER = """
import os, sys, time
from pathlib import Path
from mira_desktop.core import fileio
os.replace = lambda *_: (print("writing", flush=True), time.sleep(600))
fileio.write_atomically(Path(sys.argv[1]), b"snapshot bytes")
"""


def test_a_start_removes_the_temporary_file_of_a_killed_write_and_keeps_a_live_one(
    open_services: OpenServices, data_dir: Path
) -> None:
    with open_services():
        pass
    snapshots = data_dir / "agent" / "snapshots" / "ab"
    killed, alive = (
        writing(WRITER, snapshots / "abc123"),
        writing(WRITER, data_dir / "knowledge" / "manifest.json"),
    )
    users_file = data_dir / "workspaces" / f".notes.{killed.pid}.abcdefgh.partial"
    users_file.parent.mkdir(parents=True, exist_ok=True)
    users_file.write_text("a user's file that only looks like a temporary one\n")
    try:
        os.kill(killed.pid, signal.SIGKILL)
        ended(killed)
        assert [p.name.startswith(f".abc123.{killed.pid}.") for p in snapshots.iterdir()] == [True]

        with open_services():
            pass  # closing waits for the start's background work
        left = sorted(p.name for p in (data_dir / "knowledge").glob(".*.partial"))
    finally:
        alive.kill()
        ended(alive)
    assert not list(snapshots.iterdir())
    assert [name.startswith(f".manifest.json.{alive.pid}.") for name in left] == [True]
    assert users_file.is_file()
