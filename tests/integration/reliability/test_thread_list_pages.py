"""Found by the load run (reliability/load.py, "thread list"): with 10,000 threads the list read and
built every thread (about 100 ms here, 270 ms at p95 with the machine busy) although a screen shows
a few dozen. The thread list now reads a page at a time, most recently updated first."""

from __future__ import annotations

from mira_desktop.core.conversation.threads import ThreadStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.threads import ThreadRepository


def test_thread_list_pages_follow_the_whole_list_in_recency_order(services: AppServices) -> None:
    threads = ThreadRepository(services.database)
    made = [threads.create(title=f"Thread {n}").id for n in range(7)]
    with services.database.transaction():  # the most recently updated now
        services.database.execute("UPDATE threads SET updated_at = '2999-01-01' WHERE id = ?", (made[2],))
    archived = made[5]
    services.threads.archive(archived)

    whole = services.threads.list()
    pages = [services.threads.list(limit=3, offset=start) for start in (0, 3, 6)]

    assert whole[0].id == made[2]
    assert [len(page) for page in pages] == [3, 3, 0]
    assert [t.id for page in pages for t in page] == [t.id for t in whole]
    assert archived not in {t.id for t in whole}
    assert [t.id for t in services.threads.list(ThreadStatus.ARCHIVED, limit=3)] == [archived]
    assert len(services.threads.list(None, limit=10)) == 7
