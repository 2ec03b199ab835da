"""Found by the crash trials (reliability/crash_trials.py, "backup create"): `mira backup create`
killed while it wrote its archive left ``backups/NAME.zip.partial`` for good. The writer now holds a
lock on the partial file, and a start removes the partial archives no living process holds."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.backup.archive import ArchiveWriter
from tests.integration.reliability.writers import ended, writing
from tests.support.fixtures import OpenServices

WRITER = """
import sys, time
from pathlib import Path
from mira_desktop.services.backup.archive import ArchiveWriter
writer = ArchiveWriter(Path(sys.argv[1]))
writer.add_bytes("mira.db", b"x" * 100_000)
print("writing", flush=True)
time.sleep(600)
"""


def test_a_start_removes_the_partial_archive_of_a_killed_backup_and_keeps_one_being_written(
    open_services: OpenServices, data_dir: Path
) -> None:
    with open_services():
        pass
    backups = data_dir / "backups"
    killed, alive = writing(WRITER, backups / "killed.zip"), writing(WRITER, backups / "alive.zip")
    try:
        os.kill(killed.pid, signal.SIGKILL)
        ended(killed)
        assert (backups / "killed.zip.partial").is_file()

        with open_services():
            left = sorted(p.name for p in backups.iterdir())
        with pytest.raises(InvalidInputError, match="Another backup is being written"):
            ArchiveWriter(backups / "alive.zip")  # nor is it cut short by a second writer
        assert (backups / "alive.zip.partial").stat().st_size > 0
    finally:
        alive.kill()
        ended(alive)
    assert left == ["alive.zip.partial"]
