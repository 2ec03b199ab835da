"""A thread clicked in the first look, read before any service exists.

The window's first frame lists the newest threads (:mod:`~mira_desktop.services.app.first_look`);
a click on one shows it at once, not when the services are built. So its visible branch is read
here, read-only, through the same repositories and in the same way as
:meth:`~mira_desktop.services.threads.service.ThreadService.visible_branch` reads it: the active
path (or the newest one), its last ``limit`` messages with their text, and where each stands among
its siblings. Once the services are attached the window reads the thread again through them.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.core.conversation.branches import MessageTree, SiblingInfo
from mira_desktop.services.app.first_look import open_first_look_database
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository

if TYPE_CHECKING:
    from mira_desktop.core.conversation.threads import Message, Thread


@dataclass(frozen=True)
class FirstThread:
    """A thread's newest visible messages, oldest first, as the first look read them."""

    thread: Thread
    messages: tuple[Message, ...]
    siblings: dict[str, SiblingInfo]
    hidden_earlier: int  # older messages of the branch, not read


def read_first_thread(data_dir: Path, thread_id: str, limit: int) -> FirstThread | None:
    """The last ``limit`` messages of ``thread_id``'s visible branch, or None where the data folder
    cannot be read yet (see :func:`open_first_look_database`) or holds no such thread."""
    database = open_first_look_database(data_dir)
    if database is None:
        return None
    try:
        thread = ThreadRepository(database).get(thread_id)
        if thread is None:
            return None
        messages = MessageRepository(database)
        if thread.active_leaf_id is not None:
            path_ids = messages.path_ids(thread.active_leaf_id)
        else:
            path_ids = [m.id for m in MessageTree(messages.list_skeleton(thread_id)).latest_path()]
        shown_ids = path_ids[-limit:] if limit > 0 else path_ids
        shown = messages.get_many(shown_ids)
        family = MessageTree(messages.list_children_skeleton(thread_id, list({m.parent_id for m in shown})))
        siblings = {m.id: family.siblings(m.id) for m in shown}
        return FirstThread(thread, tuple(shown), siblings, len(path_ids) - len(shown_ids))
    except (sqlite3.Error, ValueError):
        return None
    finally:
        database.close()
