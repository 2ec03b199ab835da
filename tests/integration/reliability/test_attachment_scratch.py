"""Found by the crash trials (reliability/crash_trials.py, "attachment add"): a `mira chat send
--attach` killed while it searched the file left its throwaway index in the attachments' scratch
folder for good. The collection now sweeps what a killed reader left, after the grace period."""

from __future__ import annotations

import os
import time

from mira_desktop.services.app.bundle import AppServices


def test_what_a_killed_reader_left_in_the_scratch_folder_is_collected_after_the_grace_period(
    services: AppServices,
) -> None:
    scratch = services.folder.attachments_dir / ".scratch"
    left = scratch / "file-index-killed" / "bm25"  # as the trial found it after the kill
    left.mkdir(parents=True)
    (left / "meta.json").write_text("{}", encoding="utf-8")
    working = scratch / "reading-now"  # a reader at work in another process
    working.mkdir()
    (working / "copy.pdf").write_bytes(b"%PDF-1.7")
    two_hours_ago = time.time() - 7200
    for path in (left / "meta.json", left, left.parent):
        os.utime(path, (two_hours_ago, two_hours_ago))

    services.attachments.collect()  # the default grace period: an hour

    assert not (scratch / "file-index-killed").exists()
    assert (working / "copy.pdf").read_bytes() == b"%PDF-1.7"
