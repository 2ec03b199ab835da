"""``run_command``: a shell command in the workspace's sandbox, as a run's tool.

The result says the exit code (or why Mira stopped it: its time or output limit), the output —
cut for the model, whole for the trace — and every file of the workspace it changed, which undo
cannot put back. Where no sandbox can be made there is no such tool (see ``bwrap.availability``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from mira_desktop.agent.tools.catalog import RUN_COMMAND, ToolDef
from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.services.sandbox import cgroups
from mira_desktop.services.sandbox.bwrap import Availability, Limits, sandbox_argv
from mira_desktop.services.sandbox.changes import TooManyFiles, changed, tree
from mira_desktop.services.sandbox.runner import CommandRun, run_command

HEAD_CHARS = 6_000  # of a long output the model reads its start and its end (where tests sum up)
TAIL_CHARS = 14_000


class RunCommand:
    """The tool for one run in one workspace."""

    def __init__(
        self,
        sandbox: Availability,
        workspace: Path,
        hidden: Sequence[Path],
        limits: Callable[[], Limits],
        shown: Sequence[tuple[Path, str]] = (),
    ) -> None:
        assert sandbox.available, "offered only where a sandbox works"
        self._sandbox = sandbox
        self._workspace = workspace
        self._hidden = list(hidden)
        self._limits = limits
        self._shown = list(shown)  # read-only folders the command also sees (the skills')

    @property
    def definition(self) -> ToolDef:
        return RUN_COMMAND

    def call(self, arguments: dict[str, Any], cancel: CancelToken) -> ToolResult:
        command = str(arguments["command"])
        limits = self._limits()
        if "timeout_seconds" in arguments:
            limits = replace(limits, seconds=min(limits.seconds, float(arguments["timeout_seconds"])))
        try:
            before: dict[str, Any] | None = tree(self._workspace)
        except TooManyFiles:
            before = None
        done = self._run(command, limits, cancel)
        if done.stopped == "cancelled":
            raise Cancelled(cancel.reason)
        files, note = [], ""
        if before is not None:
            try:
                files = changed(before, tree(self._workspace))
            except TooManyFiles:
                note = "The workspace has too many files to list what the command changed."
        else:
            note = "The workspace has too many files to list what the command changed."
        return _result(command, done, limits, files, note)

    def _run(self, command: str, limits: Limits, cancel: CancelToken) -> CommandRun:
        bwrap, prlimit = str(self._sandbox.bwrap), str(self._sandbox.prlimit)
        argv = sandbox_argv(
            bwrap, prlimit, self._workspace, self._hidden, command, limits=limits, shown=self._shown
        )
        if not cgroups.needed():
            return run_command(argv, seconds=limits.seconds, output_bytes=limits.output_bytes, cancel=cancel)
        base = cgroups.parent()
        assert base is not None, "availability checked it"
        folder = cgroups.create(base, limits.processes)
        try:
            return run_command(
                cgroups.enter_argv(folder, argv), seconds=limits.seconds, output_bytes=limits.output_bytes, cancel=cancel
            )
        finally:
            cgroups.remove(folder)


def _result(command: str, done: CommandRun, limits: Limits, files: list[str], note: str) -> ToolResult:
    output = done.output.decode("utf-8", "replace")
    if done.stopped == "time":
        head = f"Stopped after {limits.seconds:g} seconds: the command reached its time limit."
        kind = "timeout"
    elif done.stopped == "output":
        head = (
            f"Stopped: the command printed more than {limits.output_bytes:,} bytes, its output limit "
            "(what it printed first is below)."
        )
        kind = "output_limit"
    else:
        head = f"Exit code {done.exit_code}."
        kind = "" if done.exit_code == 0 else "exit_code"
    lines = [head]
    if files:
        shown = ", ".join(files[:30]) + (f" and {len(files) - 30} more" if len(files) > 30 else "")
        lines.append(f"It changed these files of the workspace (undo cannot put them back): {shown}.")
    if note:
        lines.append(note)
    model_output = output
    if len(output) > HEAD_CHARS + TAIL_CHARS:
        model_output = (
            output[:HEAD_CHARS]
            + f"\n… ({len(output) - HEAD_CHARS - TAIL_CHARS:,} characters not shown) …\n"
            + output[-TAIL_CHARS:]
        )
    lines.append("Output:\n" + model_output if output else "It printed nothing.")
    data: dict[str, Any] = {
        "command": command,
        "exit_code": done.exit_code,
        "stopped": done.stopped,
        "seconds": round(done.seconds, 3),
        "changed": files,
        "output_bytes": done.output_bytes,
    }
    if model_output != output:
        data["full_output"] = output
    return ToolResult(kind == "", "\n".join(lines), kind, data=data)
