"""What the sidebar lists, read in the background: the threads of the tab shown (a page of the newest,
each open project's newest, or what the search found, kept to one project when it is scoped), the
projects to group them under (none while there is only Mira BASE), the threads waiting for approval
and the default model's reference."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mira_desktop.core.conversation.threads import Thread, ThreadStatus
from mira_desktop.ui.shell.project_groups import GROUP_PAGE

if TYPE_CHECKING:
    from mira_desktop.core.workspaces import ProjectSummary
    from mira_desktop.services.app.bundle import AppServices


@dataclass(frozen=True)
class ListingAsked:
    status: ThreadStatus
    query: str  # '' when not searching
    shown: int  # the newest threads of a flat list
    scope: str | None = None  # the project a search is kept to
    collapsed: frozenset[str] = frozenset()  # projects whose threads are not read
    group_shown: Mapping[str, int] = field(default_factory=dict)  # projects showing more than GROUP_PAGE


@dataclass(frozen=True)
class Listing:
    threads: list[Thread]
    searching: bool
    waiting: set[str]
    more: bool  # a flat list has older threads to show
    default_model: str
    projects: list[ProjectSummary]  # none: one project, a flat list


def read_listing(services: AppServices, asked: ListingAsked) -> Listing:
    threads_service = services.threads
    groups = services.projects.list(archived=asked.status is ThreadStatus.ARCHIVED)
    if len(groups) < 2:  # one project: a flat list
        groups = []
    more = False
    if asked.query:
        found = threads_service.search(asked.query, limit=500, project_id=asked.scope)
        matching = {hit.thread_id for hit in found}
        threads = [t for t in threads_service.list(asked.status) if t.id in matching]
    elif groups:  # each open project's newest threads
        opened = [g.workspace.id for g in groups if g.workspace.id not in asked.collapsed]
        threads = threads_service.by_project(
            asked.status, {p: asked.group_shown.get(p, GROUP_PAGE) for p in opened}
        )
    else:  # the newest page only: 10,000 threads take ~100 ms to read, a page of 200 ~5 ms
        threads = threads_service.list(asked.status, limit=asked.shown + 1)
        more, threads = len(threads) > asked.shown, threads[: asked.shown]
    waiting = set(threads_service.awaiting_approval())
    return Listing(threads, bool(asked.query), waiting, more, services.models.default_ref(), groups)
