"""Window text: the sentences services say (``core/phrasebook/agent_calls.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.agent.done.the_root": translate("phrase", "the workspace root", "phrase.agent.done.the_root"),
    "phrase.agent.done.empty": translate("phrase", "{path} is empty.", "phrase.agent.done.empty"),
    "phrase.agent.done.listed": translate("phrase", "{count} entries in {path}", "phrase.agent.done.listed"),
    "phrase.agent.done.listed_more": translate(
        "phrase",
        "{count} entries in {path} (stopped there: list a sub-folder to see more)",
        "phrase.agent.done.listed_more",
    ),
    "phrase.agent.done.read": translate(
        "phrase", "{path}, lines {start}–{end} of {total}", "phrase.agent.done.read"
    ),
    "phrase.agent.done.searched": translate(
        "phrase",
        "{count} matching lines in {files} files searched for {query!r}",
        "phrase.agent.done.searched",
    ),
    "phrase.agent.done.kb_nothing": translate(
        "phrase", "The knowledge base has nothing for {query!r}.", "phrase.agent.done.kb_nothing"
    ),
    "phrase.agent.done.kb_found": translate(
        "phrase", "{count} passages for {query!r}", "phrase.agent.done.kb_found"
    ),
    "phrase.agent.done.changed": translate("phrase", "Done: {summary}.", "phrase.agent.done.changed"),
    "phrase.agent.rule.yours": translate("phrase", "your rule", "phrase.agent.rule.yours"),
    "phrase.agent.rule.role": translate("phrase", "the role's rule", "phrase.agent.rule.role"),
    "phrase.agent.rule.allow": translate(
        "phrase", "{who} to always allow {tool} in {where}", "phrase.agent.rule.allow"
    ),
    "phrase.agent.rule.deny": translate(
        "phrase", "{who} to never allow {tool} in {where}", "phrase.agent.rule.deny"
    ),
    "phrase.agent.rule.ask": translate(
        "phrase", "{who} to always ask before {tool} in {where}", "phrase.agent.rule.ask"
    ),
    "phrase.agent.rule.in_run": translate("phrase", "this run", "phrase.agent.rule.in_run"),
    "phrase.agent.rule.in_workspace": translate("phrase", "this workspace", "phrase.agent.rule.in_workspace"),
    "phrase.agent.rule.in_global": translate("phrase", "every workspace", "phrase.agent.rule.in_global"),
    "phrase.agent.why.denied_by": translate("phrase", "Denied by {rule}.", "phrase.agent.why.denied_by"),
    "phrase.agent.why.allowed_by": translate("phrase", "Allowed by {rule}.", "phrase.agent.why.allowed_by"),
    "phrase.agent.why.asked_by": translate("phrase", "Asked because of {rule}.", "phrase.agent.why.asked_by"),
    "phrase.agent.why.unknown_tool": translate(
        "phrase", "{tool} is not a known tool, so it needs your approval.", "phrase.agent.why.unknown_tool"
    ),
    "phrase.agent.why.read": translate(
        "phrase", "{tool} only reads, so it is allowed.", "phrase.agent.why.read"
    ),
    "phrase.agent.why.trusted_read": translate(
        "phrase",
        "{tool} only reads (you trust its server's read-only tools), so it is allowed.",
        "phrase.agent.why.trusted_read",
    ),
    "phrase.agent.why.external": translate(
        "phrase",
        "{tool} is a tool of the MCP server {server}: what it does outside the workspace cannot be undone, so it needs your approval.",
        "phrase.agent.why.external",
    ),
    "phrase.agent.why.command": translate(
        "phrase",
        "{tool} runs a command in the sandbox; what it changes in the workspace cannot be undone, so it needs your approval.",
        "phrase.agent.why.command",
    ),
    "phrase.agent.why.write": translate(
        "phrase",
        "{tool} creates or changes files in the workspace, so it needs your approval.",
        "phrase.agent.why.write",
    ),
    "phrase.agent.why.destructive": translate(
        "phrase",
        "{tool} removes or moves files in the workspace, so it needs your approval.",
        "phrase.agent.why.destructive",
    ),
    "phrase.agent.why.changes": translate(
        "phrase", "{tool} changes files ({risk}), so it needs your approval.", "phrase.agent.why.changes"
    ),
    "phrase.agent.risk.write": translate("phrase", "write", "phrase.agent.risk.write"),
    "phrase.agent.risk.destructive": translate("phrase", "destructive", "phrase.agent.risk.destructive"),
    "phrase.agent.workspace_gone": translate(
        "phrase",
        "The workspace folder {path} is gone (deleted or moved) — the run stopped before the next tool; restore the folder or bind the thread to another workspace, then continue.",
        "phrase.agent.workspace_gone",
    ),
    "phrase.agent.stale_proposal": translate(
        "phrase",
        "{paths} changed since the change was proposed, so the approval no longer matches the file; the change was not made and must be proposed again with a fresh diff.",
        "phrase.agent.stale_proposal",
    ),
    "phrase.agent.undo_conflict_one": translate(
        "phrase",
        "Undo refused, nothing was restored: {paths} changed after the run wrote it. Undo those edits yourself first, or keep the files as they are.",
        "phrase.agent.undo_conflict_one",
    ),
    "phrase.agent.undo_conflict": translate(
        "phrase",
        "Undo refused, nothing was restored: {paths} changed after the run wrote them. Undo those edits yourself first, or keep the files as they are.",
        "phrase.agent.undo_conflict",
    ),
    "phrase.agent.checkpoint_version": translate(
        "phrase",
        "The run's checkpoint has version {version}, but this Mira reads version {known}: the run cannot be resumed; start it again.",
        "phrase.agent.checkpoint_version",
    ),
    "phrase.agent.decision_nothing_waits": translate(
        "phrase",
        "No call of this run waits for approval (the decision named {call_id}); nothing was done.",
        "phrase.agent.decision_nothing_waits",
    ),
    "phrase.agent.decision_other_call": translate(
        "phrase",
        "The decision names call {call_id}, but the run waits for {pending}; nothing was done.",
        "phrase.agent.decision_other_call",
    ),
    "phrase.agent.run.already_undone": translate(
        "phrase", "The run {run_id} was already undone.", "phrase.agent.run.already_undone"
    ),
    "phrase.agent.run.cannot_continue": translate(
        "phrase",
        "The run {run_id} is {status}: only a stopped or interrupted run goes on.",
        "phrase.agent.run.cannot_continue",
    ),
    "phrase.agent.run.more_steps": translate(
        "phrase", "--more-steps must be at least 1.", "phrase.agent.run.more_steps"
    ),
    "phrase.agent.run.no_call": translate(
        "phrase",
        "The run {run_id} has no call {call_id}: see `mira runs events {run_id}`.",
        "phrase.agent.run.no_call",
    ),
    "phrase.agent.run.no_checkpoint": translate(
        "phrase", "The run {run_id} has no checkpoint to go on from.", "phrase.agent.run.no_checkpoint"
    ),
    "phrase.agent.run.not_agent": translate(
        "phrase", "The run {run_id} is a {kind} run, not an agent run.", "phrase.agent.run.not_agent"
    ),
    "phrase.agent.run.not_far": translate(
        "phrase",
        "The run {run_id} never got far enough to be continued: send the task again.",
        "phrase.agent.run.not_far",
    ),
    "phrase.agent.run.not_found": translate(
        "phrase", "No run with id {run_id}.", "phrase.agent.run.not_found"
    ),
    "phrase.agent.run.not_waiting": translate(
        "phrase",
        "The run {run_id} is not waiting for an approval ({status}).",
        "phrase.agent.run.not_waiting",
    ),
    "phrase.agent.run.nothing_to_cancel": translate(
        "phrase",
        "The run {run_id} is {status}: there is nothing to cancel.",
        "phrase.agent.run.nothing_to_cancel",
    ),
    "phrase.agent.run.nothing_to_undo": translate(
        "phrase",
        "The run {run_id} changed no file: there is nothing to undo.",
        "phrase.agent.run.nothing_to_undo",
    ),
    "phrase.agent.run.other_call": translate(
        "phrase",
        "The run waits for call {pending}, not {call_id}: nothing was done. See `mira runs show {run_id}`.",
        "phrase.agent.run.other_call",
    ),
    "phrase.agent.run.stop_before_undo": translate(
        "phrase", "Stop the run before undoing it.", "phrase.agent.run.stop_before_undo"
    ),
    "phrase.agent.run.undone_no_continue": translate(
        "phrase",
        "The run {run_id} was undone, so it cannot go on: send the task again.",
        "phrase.agent.run.undone_no_continue",
    ),
    "phrase.agent.run.waits": translate(
        "phrase",
        "The run {run_id} waits for approval: approve or deny the pending call instead.",
        "phrase.agent.run.waits",
    ),
    "phrase.agent.snapshot.bad_name": translate(
        "phrase", "{digest!r} is not a snapshot name.", "phrase.agent.snapshot.bad_name"
    ),
    "phrase.agent.snapshot.damaged": translate(
        "phrase", "The snapshot {digest}… in {folder} is damaged.", "phrase.agent.snapshot.damaged"
    ),
    "phrase.agent.snapshot.missing": translate(
        "phrase",
        "The snapshot {digest}… is missing from {folder}, so that file cannot be restored.",
        "phrase.agent.snapshot.missing",
    ),
    "phrase.agent.snapshot.missing_for": translate(
        "phrase",
        "The snapshot of {path} is missing from {folder}; nothing was restored.",
        "phrase.agent.snapshot.missing_for",
    ),
    "phrase.agent.tool.absolute": translate(
        "phrase",
        "{path!r} is an absolute path; paths are relative to the workspace root (e.g. 'notes/todo.md').",
        "phrase.agent.tool.absolute",
    ),
    "phrase.agent.tool.bad_arguments": translate(
        "phrase", "Invalid arguments for {name}: {errors}", "phrase.agent.tool.bad_arguments"
    ),
    "phrase.agent.tool.bad_regex": translate(
        "phrase", "The regular expression is invalid: {error}.", "phrase.agent.tool.bad_regex"
    ),
    "phrase.agent.tool.binary": translate(
        "phrase",
        "{path} is a binary file; only text files can be read or edited.",
        "phrase.agent.tool.binary",
    ),
    "phrase.agent.tool.changed_while_opened": translate(
        "phrase",
        "{path} changed while it was being opened; try again.",
        "phrase.agent.tool.changed_while_opened",
    ),
    "phrase.agent.tool.dotdot": translate(
        "phrase",
        "{path!r} uses '..'; name paths inside the workspace root without '..'.",
        "phrase.agent.tool.dotdot",
    ),
    "phrase.agent.tool.end_before_start": translate(
        "phrase", "end_line must not be before start_line.", "phrase.agent.tool.end_before_start"
    ),
    "phrase.agent.tool.exists": translate("phrase", "{path} already exists.", "phrase.agent.tool.exists"),
    "phrase.agent.tool.exists_pick": translate(
        "phrase",
        "{path} already exists; pick another name or delete it first.",
        "phrase.agent.tool.exists_pick",
    ),
    "phrase.agent.tool.folder_not_empty": translate(
        "phrase", "{path} is not empty, so it was kept.", "phrase.agent.tool.folder_not_empty"
    ),
    "phrase.agent.tool.hard_links": translate(
        "phrase",
        "{path} has {links} hard links: its content is shared with another name, possibly outside the workspace, so it is neither read nor changed.",
        "phrase.agent.tool.hard_links",
    ),
    "phrase.agent.tool.is_file": translate(
        "phrase", "{path} is a file; use read_file to read it.", "phrase.agent.tool.is_file"
    ),
    "phrase.agent.tool.is_folder": translate(
        "phrase", "{path} is a folder; the file tools change files only.", "phrase.agent.tool.is_folder"
    ),
    "phrase.agent.tool.name_too_long": translate(
        "phrase", "The name {name!r}… is longer than {name_max} bytes.", "phrase.agent.tool.name_too_long"
    ),
    "phrase.agent.tool.no_file_create": translate(
        "phrase", "{path} does not exist; create it with write_file.", "phrase.agent.tool.no_file_create"
    ),
    "phrase.agent.tool.no_kb": translate(
        "phrase", "No knowledge base is bound to this thread.", "phrase.agent.tool.no_kb"
    ),
    "phrase.agent.tool.no_parent": translate(
        "phrase",
        "The folder {parent} does not exist; create it with make_dir first.",
        "phrase.agent.tool.no_parent",
    ),
    "phrase.agent.tool.no_such_path": translate(
        "phrase", "{path} does not exist.", "phrase.agent.tool.no_such_path"
    ),
    "phrase.agent.tool.not_a_change": translate(
        "phrase", "{tool} does not change files.", "phrase.agent.tool.not_a_change"
    ),
    "phrase.agent.tool.not_a_folder": translate(
        "phrase", "{folder} is not a folder of the workspace.", "phrase.agent.tool.not_a_folder"
    ),
    "phrase.agent.tool.not_read": translate(
        "phrase", "{name} is not a read tool.", "phrase.agent.tool.not_read"
    ),
    "phrase.agent.tool.not_utf8": translate(
        "phrase",
        "{path} is not UTF-8 text (invalid byte 0x{byte} on line {line}); only UTF-8 text files can be read or edited.",
        "phrase.agent.tool.not_utf8",
    ),
    "phrase.agent.tool.nul": translate(
        "phrase", "The path contains a NUL character; send a plain relative path.", "phrase.agent.tool.nul"
    ),
    "phrase.agent.tool.os_refused": translate(
        "phrase", "The file system refused: {reason}.", "phrase.agent.tool.os_refused"
    ),
    "phrase.agent.tool.outside": translate(
        "phrase", "{path} leads outside the workspace.", "phrase.agent.tool.outside"
    ),
    "phrase.agent.tool.over_limit": translate(
        "phrase", "{path} is over the {limit}-byte limit.", "phrase.agent.tool.over_limit"
    ),
    "phrase.agent.tool.over_limit_size": translate(
        "phrase", "{path} is {size} bytes, over the {limit}-byte limit.", "phrase.agent.tool.over_limit_size"
    ),
    "phrase.agent.tool.past_end": translate(
        "phrase",
        "{path} has only {total} lines; start_line {start} is past its end.",
        "phrase.agent.tool.past_end",
    ),
    "phrase.agent.tool.path_too_long": translate(
        "phrase", "The path is longer than {path_max} bytes.", "phrase.agent.tool.path_too_long"
    ),
    "phrase.agent.tool.replaced_while_opened": translate(
        "phrase",
        "{path} was replaced while it was being opened; try again.",
        "phrase.agent.tool.replaced_while_opened",
    ),
    "phrase.agent.tool.root_itself_file": translate(
        "phrase",
        "The path names the workspace root itself; name a file inside it.",
        "phrase.agent.tool.root_itself_file",
    ),
    "phrase.agent.tool.root_itself_path": translate(
        "phrase",
        "The path names the workspace root itself; name a path inside it.",
        "phrase.agent.tool.root_itself_path",
    ),
    "phrase.agent.tool.same_path": translate(
        "phrase", "source and destination are the same path.", "phrase.agent.tool.same_path"
    ),
    "phrase.agent.tool.same_text": translate(
        "phrase",
        "old_text and new_text are the same, so there is nothing to change.",
        "phrase.agent.tool.same_text",
    ),
    "phrase.agent.tool.snapshot_failed": translate(
        "phrase",
        "The snapshot for undo could not be saved ({reason}), so the change was not made.",
        "phrase.agent.tool.snapshot_failed",
    ),
    "phrase.agent.tool.text_many_times": translate(
        "phrase",
        "old_text occurs {count} times in {path} (lines {lines}); include more of the surrounding text so that it occurs exactly once.",
        "phrase.agent.tool.text_many_times",
    ),
    "phrase.agent.tool.tilde": translate(
        "phrase",
        "{path!r} starts with '~', which is not the home folder here; paths are relative to the workspace root.",
        "phrase.agent.tool.tilde",
    ),
    "phrase.agent.tool.too_large_search": translate(
        "phrase",
        "{reason} Use search_files to find the lines you need.",
        "phrase.agent.tool.too_large_search",
    ),
    "phrase.agent.tool.unknown_tool": translate(
        "phrase", "There is no tool {name!r}; the tools are: {offered}.", "phrase.agent.tool.unknown_tool"
    ),
    "phrase.agent.tool.unreadable_call": translate(
        "phrase", "Your call of {tool!r} could not be read: {error}", "phrase.agent.tool.unreadable_call"
    ),
    "phrase.agent.waits_for_approval_of": translate(
        "phrase",
        "The run waits for approval of {call_id}: approve or deny it instead.",
        "phrase.agent.waits_for_approval_of",
    ),
}
