"""Garbage collection of attachments: a file goes when nothing has referred to it for a grace period.

Rows are deleted and their files unlinked inside one write transaction, and a row is deleted only if
still nothing refers to it at that moment. Adding a file and sending it take the same write lock (a
draft's hold moves to the message in the send's transaction; an add checks its file is on disk
inside the transaction that writes its row), so a collection running beside them can never remove
a file that a draft or a message holds. Files no row names (a crash between writing the file and
its row) go after the same grace period, and so does what a reader left in the scratch folder when
its process was killed.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from mira_desktop.services.attachments.blobs import BlobStore
from mira_desktop.services.attachments.views import CLI_DRAFT_PREFIX, CollectionReport
from mira_desktop.store.attachments import AttachmentRepository
from mira_desktop.store.database import Database

STALE_CLI_DRAFT = timedelta(days=1)  # a `mira chat send --attach` holds its file for seconds, not days
IN_FLIGHT_S = 600.0  # longer than any add or read takes (the readers time out well before)


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


class AttachmentCollector:
    def __init__(self, database: Database, repository: AttachmentRepository, blobs: BlobStore) -> None:
        self._db = database
        self._repo = repository
        self._blobs = blobs

    def collect(self, grace_seconds: float, *, dry_run: bool = False) -> CollectionReport:
        now = datetime.now(UTC)
        cutoff = _iso(now - timedelta(seconds=max(grace_seconds, 0.0)))
        removed: list[str] = []
        names: list[str] = []
        freed = 0
        stale = 0
        with self._db.transaction():
            if not dry_run:
                # Released now, so their files wait out the grace period like any other.
                stale = self._repo.release_stale_drafts(CLI_DRAFT_PREFIX, _iso(now - STALE_CLI_DRAFT))
            for attachment in self._repo.collectable(cutoff):
                if dry_run:
                    removed.append(attachment.id)
                    names.append(attachment.name)
                    freed += attachment.size_bytes
                elif self._repo.delete_unreferenced(attachment.id):
                    removed.append(attachment.id)
                    names.append(attachment.name)
                    freed += self._blobs.remove(attachment.path)
            # Files without a row and scratch entries may belong to an add still at work (bytes
            # written, row not yet committed; a file being read): never removed before IN_FLIGHT_S.
            untouched = max(grace_seconds, IN_FLIGHT_S)
            orphans = self._blobs.orphans(self._repo.known_paths(), untouched)
            scratch = self._blobs.stale_scratch(untouched)  # left by a process killed mid-read
            if not dry_run:
                for relative in orphans:
                    freed += self._blobs.remove(relative)
                for entry in scratch:
                    self._blobs.remove_scratch(entry)
        kept = len(self._repo.list()) - (len(removed) if dry_run else 0)
        return CollectionReport(removed, names, freed, len(orphans) + len(scratch), stale, kept, dry_run)
