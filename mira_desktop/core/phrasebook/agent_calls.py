"""Phrases of agent calls: what a tool call returns, why a call waits for approval, and what a run,
a snapshot or a tool refuses (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    # a tool call's result, as the trace shows it (the model reads a longer text)
    "agent.done.the_root": "the workspace root",
    "agent.done.empty": "{path} is empty.",
    "agent.done.listed": "{count} entries in {path}",
    "agent.done.listed_more": "{count} entries in {path} (stopped there: list a sub-folder to see more)",
    "agent.done.read": "{path}, lines {start}–{end} of {total}",
    "agent.done.searched": "{count} matching lines in {files} files searched for {query!r}",
    "agent.done.kb_nothing": "The knowledge base has nothing for {query!r}.",
    "agent.done.kb_found": "{count} passages for {query!r}",
    "agent.done.changed": "Done: {summary}.",
    # the guardrail's reasons (the trace, the approval card; the model reads the English)
    "agent.rule.yours": "your rule",
    "agent.rule.role": "the role's rule",
    "agent.rule.allow": "{who} to always allow {tool} in {where}",
    "agent.rule.deny": "{who} to never allow {tool} in {where}",
    "agent.rule.ask": "{who} to always ask before {tool} in {where}",
    "agent.rule.in_run": "this run",
    "agent.rule.in_workspace": "this workspace",
    "agent.rule.in_global": "every workspace",
    "agent.why.denied_by": "Denied by {rule}.",
    "agent.why.allowed_by": "Allowed by {rule}.",
    "agent.why.asked_by": "Asked because of {rule}.",
    "agent.why.unknown_tool": "{tool} is not a known tool, so it needs your approval.",
    "agent.why.read": "{tool} only reads, so it is allowed.",
    "agent.why.trusted_read": "{tool} only reads (you trust its server's read-only tools), so it is allowed.",
    "agent.why.external": (
        "{tool} is a tool of the MCP server {server}: what it does outside the workspace cannot be undone, so "
        "it needs your approval."
    ),
    "agent.why.command": (
        "{tool} runs a command in the sandbox; what it changes in the workspace cannot be undone, so it needs "
        "your approval."
    ),
    "agent.why.write": "{tool} creates or changes files in the workspace, so it needs your approval.",
    "agent.why.destructive": "{tool} removes or moves files in the workspace, so it needs your approval.",
    "agent.why.changes": "{tool} changes files ({risk}), so it needs your approval.",
    "agent.risk.write": "write",
    "agent.risk.destructive": "destructive",
    "agent.workspace_gone": (
        "The workspace folder {path} is gone (deleted or moved) — the run stopped before the next tool; "
        "restore the folder or bind the thread to another workspace, then continue."
    ),
    "agent.stale_proposal": (
        "{paths} changed since the change was proposed, so the approval no longer matches the file; the "
        "change was not made and must be proposed again with a fresh diff."
    ),
    "agent.undo_conflict_one": (
        "Undo refused, nothing was restored: {paths} changed after the run wrote it. Undo those edits "
        "yourself first, or keep the files as they are."
    ),
    "agent.undo_conflict": (
        "Undo refused, nothing was restored: {paths} changed after the run wrote them. Undo those edits "
        "yourself first, or keep the files as they are."
    ),
    "agent.checkpoint_version": "The run's checkpoint has version {version}, but this Mira reads version {known}: the run cannot be resumed; start it again.",
    "agent.decision_nothing_waits": "No call of this run waits for approval (the decision named {call_id}); nothing was done.",
    "agent.decision_other_call": "The decision names call {call_id}, but the run waits for {pending}; nothing was done.",
    "agent.run.already_undone": "The run {run_id} was already undone.",
    "agent.run.cannot_continue": "The run {run_id} is {status}: only a stopped or interrupted run goes on.",
    "agent.run.more_steps": "--more-steps must be at least 1.",
    "agent.run.no_call": "The run {run_id} has no call {call_id}: see `mira runs events {run_id}`.",
    "agent.run.no_checkpoint": "The run {run_id} has no checkpoint to go on from.",
    "agent.run.not_agent": "The run {run_id} is a {kind} run, not an agent run.",
    "agent.run.not_far": "The run {run_id} never got far enough to be continued: send the task again.",
    "agent.run.not_found": "No run with id {run_id}.",
    "agent.run.not_waiting": "The run {run_id} is not waiting for an approval ({status}).",
    "agent.run.nothing_to_cancel": "The run {run_id} is {status}: there is nothing to cancel.",
    "agent.run.nothing_to_undo": "The run {run_id} changed no file: there is nothing to undo.",
    "agent.run.other_call": "The run waits for call {pending}, not {call_id}: nothing was done. See `mira runs show {run_id}`.",
    "agent.run.stop_before_undo": "Stop the run before undoing it.",
    "agent.run.undone_no_continue": "The run {run_id} was undone, so it cannot go on: send the task again.",
    "agent.run.waits": "The run {run_id} waits for approval: approve or deny the pending call instead.",
    "agent.snapshot.bad_name": "{digest!r} is not a snapshot name.",
    "agent.snapshot.damaged": "The snapshot {digest}… in {folder} is damaged.",
    "agent.snapshot.missing": "The snapshot {digest}… is missing from {folder}, so that file cannot be restored.",
    "agent.snapshot.missing_for": "The snapshot of {path} is missing from {folder}; nothing was restored.",
    "agent.tool.absolute": "{path!r} is an absolute path; paths are relative to the workspace root (e.g. 'notes/todo.md').",
    "agent.tool.bad_arguments": "Invalid arguments for {name}: {errors}",
    "agent.tool.bad_regex": "The regular expression is invalid: {error}.",
    "agent.tool.binary": "{path} is a binary file; only text files can be read or edited.",
    "agent.tool.changed_while_opened": "{path} changed while it was being opened; try again.",
    "agent.tool.dotdot": "{path!r} uses '..'; name paths inside the workspace root without '..'.",
    "agent.tool.end_before_start": "end_line must not be before start_line.",
    "agent.tool.exists": "{path} already exists.",
    "agent.tool.exists_pick": "{path} already exists; pick another name or delete it first.",
    "agent.tool.folder_not_empty": "{path} is not empty, so it was kept.",
    "agent.tool.hard_links": "{path} has {links} hard links: its content is shared with another name, possibly outside the workspace, so it is neither read nor changed.",
    "agent.tool.is_file": "{path} is a file; use read_file to read it.",
    "agent.tool.is_folder": "{path} is a folder; the file tools change files only.",
    "agent.tool.name_too_long": "The name {name!r}… is longer than {name_max} bytes.",
    "agent.tool.no_file_create": "{path} does not exist; create it with write_file.",
    "agent.tool.no_kb": "No knowledge base is bound to this thread.",
    "agent.tool.no_parent": "The folder {parent} does not exist; create it with make_dir first.",
    "agent.tool.no_such_path": "{path} does not exist.",
    "agent.tool.not_a_change": "{tool} does not change files.",
    "agent.tool.not_a_folder": "{folder} is not a folder of the workspace.",
    "agent.tool.not_read": "{name} is not a read tool.",
    "agent.tool.not_utf8": "{path} is not UTF-8 text (invalid byte 0x{byte} on line {line}); only UTF-8 text files can be read or edited.",
    "agent.tool.nul": "The path contains a NUL character; send a plain relative path.",
    "agent.tool.os_refused": "The file system refused: {reason}.",
    "agent.tool.outside": "{path} leads outside the workspace.",
    "agent.tool.over_limit": "{path} is over the {limit}-byte limit.",
    "agent.tool.over_limit_size": "{path} is {size} bytes, over the {limit}-byte limit.",
    "agent.tool.past_end": "{path} has only {total} lines; start_line {start} is past its end.",
    "agent.tool.path_too_long": "The path is longer than {path_max} bytes.",
    "agent.tool.replaced_while_opened": "{path} was replaced while it was being opened; try again.",
    "agent.tool.root_itself_file": "The path names the workspace root itself; name a file inside it.",
    "agent.tool.root_itself_path": "The path names the workspace root itself; name a path inside it.",
    "agent.tool.same_path": "source and destination are the same path.",
    "agent.tool.same_text": "old_text and new_text are the same, so there is nothing to change.",
    "agent.tool.snapshot_failed": "The snapshot for undo could not be saved ({reason}), so the change was not made.",
    "agent.tool.text_many_times": "old_text occurs {count} times in {path} (lines {lines}); include more of the surrounding text so that it occurs exactly once.",
    "agent.tool.tilde": "{path!r} starts with '~', which is not the home folder here; paths are relative to the workspace root.",
    "agent.tool.too_large_search": "{reason} Use search_files to find the lines you need.",
    "agent.tool.unknown_tool": "There is no tool {name!r}; the tools are: {offered}.",
    "agent.tool.unreadable_call": "Your call of {tool!r} could not be read: {error}",
    "agent.waits_for_approval_of": "The run waits for approval of {call_id}: approve or deny it instead.",
    # what a workspace path is, when a tool cannot use it
    "agent.file.not_folder": "{path} is not a folder.",
    "agent.file.denied": "Permission denied for {path}.",
    "agent.file.name_too_long": "The name {name!r} is too long for the file system.",
    "agent.file.unopenable": "{path} cannot be opened: {reason}.",
    "agent.file.is_folder": "{path} is a folder, not a file.",
    "agent.file.symlink": "{path} is a symlink; the workspace never follows symlinks (they could lead outside it).",
    "agent.file.special": "{path} is a {kind}; only regular files can be read or changed.",
    "agent.file.kind.device": "device file",
    "agent.file.kind.fifo": "FIFO (named pipe)",
    "agent.file.kind.socket": "socket",
    "agent.file.kind.special": "special file",
}
