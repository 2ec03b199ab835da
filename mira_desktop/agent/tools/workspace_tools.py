"""The offered tools, run inside one workspace: reads at once, changes as propose → execute."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from mira_desktop.agent.errors import StaleProposal, ToolError
from mira_desktop.agent.files.root import WorkspaceRoot
from mira_desktop.agent.snapshots import SnapshotStore
from mira_desktop.agent.tools.catalog import KB_SEARCH, ToolDef
from mira_desktop.agent.tools.knowledge import kb_search
from mira_desktop.agent.tools.planning import plan_change
from mira_desktop.agent.tools.proposals import Proposal
from mira_desktop.agent.tools.reading import list_files, read_file, search_files
from mira_desktop.agent.tools.registry import ToolRegistry
from mira_desktop.agent.tools.results import ToolResult, argument_path
from mira_desktop.agent.tools.validation import validation_errors
from mira_desktop.core import phrases
from mira_desktop.core.cancel import CancelToken

_READERS = {"list_files": list_files, "read_file": read_file, "search_files": search_files}


class WorkspaceTools:
    """Validates and runs the registry's tools beneath ``root``, snapshotting before every change."""

    def __init__(self, root: WorkspaceRoot, registry: ToolRegistry, snapshots: SnapshotStore) -> None:
        self.root = root
        self.registry = registry
        self.snapshots = snapshots

    def check_alive(self) -> None:
        """Raise ``WorkspaceGone`` when the workspace folder was deleted or moved away."""
        self.root.check_alive()

    def validate(self, name: str, arguments: object) -> ToolDef:
        """The offered tool for a call whose arguments fit its schema; else a ``malformed`` ToolError."""
        tool = self.registry.get(name)
        if tool is None:
            offered = ", ".join(self.registry.names)
            raise ToolError.said("agent.tool.unknown_tool", "malformed", name=name, offered=offered)
        errors = validation_errors(arguments, tool.parameters)
        if errors:
            raise ToolError.said("agent.tool.bad_arguments", "malformed", name=name, errors=" ".join(errors))
        return tool

    def run_read(self, name: str, arguments: dict[str, Any], cancel: CancelToken) -> ToolResult:
        """Run a read tool; its refusals (``ToolError``) become failed results the model reads."""
        try:
            if name == KB_SEARCH:
                if self.registry.kb_search is None:
                    raise ToolError.said("agent.tool.no_kb", "refused")
                return kb_search(self.registry.kb_search, arguments, cancel)
            if name not in _READERS:
                raise ToolError.said("agent.tool.not_read", "invalid_arguments", name=name)
            with _refused_by_the_system():
                return _READERS[name](self.root, arguments, cancel)
        except ToolError as exc:
            return ToolResult.from_error(exc, argument_path(arguments))

    def run_external(self, name: str, arguments: dict[str, Any], cancel: CancelToken) -> ToolResult:
        """Send a call to the program behind an external tool; its failures are results the model reads.

        Raises:
            Cancelled: the user stopped the run while the call was pending.
        """
        tool = self.registry.external(name)
        if tool is None:
            return ToolResult.failure(
                f"{name} is no longer offered (its server was turned off or removed).", "refused"
            )
        try:
            return tool.call(arguments, cancel)
        except ToolError as exc:
            return ToolResult.from_error(exc)

    def propose(self, call_id: str, name: str, arguments: dict[str, Any]) -> Proposal:
        """Plan a change without touching the disk; raises ``ToolError`` when it cannot be made."""
        with _refused_by_the_system():
            plan = plan_change(self.root, name, arguments)
        return Proposal(
            call_id,
            name,
            dict(arguments),
            plan.summary.english,
            plan.diff,
            plan.changes,
            summary_phrase=plan.summary.to_dict(),
        )

    def execute(self, proposal: Proposal) -> ToolResult:
        """Make the proposed change: check every ``before``, snapshot the previous content, apply.

        Raises:
            StaleProposal: a file is no longer as proposed; nothing was changed.
            ToolError: the file system refused the change; nothing was changed.
        """
        stale = [c.path for c in proposal.changes if self._state(c.path) != c.before]
        if stale:
            raise StaleProposal(stale)
        with _refused_by_the_system():
            plan = plan_change(self.root, proposal.tool, proposal.arguments)
        if plan.changes != proposal.changes:
            raise StaleProposal([c.path for c in proposal.changes])
        try:
            for data in plan.previous.values():
                self.snapshots.save(data)
        except OSError as exc:
            raise ToolError.said("agent.tool.snapshot_failed", "refused", reason=exc.strerror) from exc
        with _refused_by_the_system():
            plan.apply()
        return self.applied_result(proposal, plan.lines)

    def already_applied(self, proposal: Proposal) -> bool:
        """Whether the disk already holds every ``after`` state (a kill came after the change)."""
        return all(self._state(c.path) == c.after for c in proposal.changes)

    def applied_result(self, proposal: Proposal, lines: tuple[int, int] | None = None) -> ToolResult:
        """The result of a made change, also for one found already made on resume."""
        return ToolResult(
            True,
            f"Done: {proposal.summary}.",
            path=proposal.paths[0] if proposal.paths else None,
            lines=lines,
            diff=proposal.diff,
            data={"changes": [c.to_dict() for c in proposal.changes], "summary": proposal.summary},
        ).shown_as(
            "agent.done.changed", summary=phrases.from_dict(proposal.summary_phrase) or proposal.summary
        )

    def _state(self, path: str) -> str | None:
        try:
            return self.root.state(path)
        except ToolError:
            return "unreadable"


@contextlib.contextmanager
def _refused_by_the_system() -> Iterator[None]:
    """An unexpected ``OSError`` (disk full, read-only file system…) becomes a result the model reads."""
    try:
        yield
    except OSError as exc:
        raise ToolError.said("agent.tool.os_refused", "refused", reason=exc.strerror or exc) from exc
